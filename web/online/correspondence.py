"""Correspondence play: the same online game, with links for its only channel.

Live play sends each sealed, signed message (:mod:`~web.online.wire`) over a
connection; here the messages go in a link's ``#`` fragment instead, which no
server ever sees, sent by any messenger.  Everything else is live play's own:
the :class:`~web.online.peer.Peer` with its seat identity, hash-chained log,
commit–reveal dice and referee; a link is only a :class:`Letter` of messages.

A letter carries the blocks of the log the friend is not known to have (from
the index of the friend's last block, or of its hello), so a letter lost on
the way is covered by the next, and :attr:`Correspondence.outbox` is the one to
send again.  The first letter of each side also carries its hello (the seat's
key and name are bound by it), and the inviter's first one the invite.

Opening a letter is all or nothing (:meth:`Correspondence.open`): it is
applied to a copy of the game, and any refusal (a letter opened twice, an
older one, one not for this device, a stranger's, a forged signature, a bad
reveal, a fork, moves out of turn) raises the typed
:class:`~web.online.errors.OnlineError` with its plain sentence
(:attr:`~web.online.errors.OnlineError.plain`), leaving this game as it was.

Without access to the cube a turn is one letter: the other side's random
value for the roller's dice rides on the letter that hands over the turn.
With it, the roller must decide on the cube before anyone can know its dice:
it asks to roll (or doubles) in one letter, the other's value comes back in a
second, and the play goes in the third.

>>> from engine.rules import Rules
>>> import random
>>> ann = Correspondence.start("Ann", Rules(0, cube=False), now=0.0,
...                            token=random.Random(1).randbytes)
>>> first = Letter.read(ann.outbox)
>>> bob, news = Correspondence.accept(first, "Bob", now=1.0, token=random.Random(2).randbytes)
>>> ann, news = ann.open(Letter.read(bob.outbox), now=2.0)
>>> bob, news = bob.open(Letter.read(ann.outbox), now=3.0)
>>> ann.peer.match.record == bob.peer.match.record, bob.peer.friend_name
(True, 'Ann')
>>> bob.open(Letter.read(ann.outbox), now=4.0)
Traceback (most recent call last):
...
web.online.correspondence.OpenedTwiceError: everything in it is on this device already
"""

from __future__ import annotations

import copy
import dataclasses
import json
import secrets
import time
import zlib
from dataclasses import dataclass

from engine.rules import Rules
from web.online import wire
from web.online.codec import b64, canonical, nesting, unb64
from web.online.errors import (
    DisputedClaimError,
    ForgedMessageError,
    InviteError,
    OnlineError,
    OutOfOrderError,
    ReplayedMessageError,
    SavedStateError,
    StrangerError,
)
from web.online.events import Event, Refused
from web.online.invite import ROOM_BYTES, Invite
from web.online.peer import Peer, Token, Wall
from web.words import online_detail as detail
from web.words import post as say
from web.words.online import refusal as refused_words

FRAGMENT_KEY = "post"
VERSION = 1
FORMAT = "backgammon-post"
MAX_LINK = 8000  # characters of a fragment: several times the longest turn's letter
MAX_INFLATED = 64 * 1024  # bytes a letter may inflate to (as one live message)
MAX_TEXTS = 4  # messages in one letter: a hello and blocks
MAX_DEPTH = wire.MAX_DEPTH + 2  # a letter nests the messages one level down


# The refusals of a link, beside live play's (here, not in web.online.errors:
# that module loads with the page, this one only when online play does).


class LinkError(OnlineError):
    """A link of a game by messages that cannot be opened at all (too long, damaged)."""

    headline = say.NOT_A_LINK


class LinkTooLongError(LinkError):
    """A link longer than any game by messages writes (refused before it is read)."""

    headline = say.TOO_LONG


class NotOnThisDeviceError(LinkError):
    """A link for a game that is not saved on this device (or not in this seat)."""

    headline = say.NOT_HERE


class OpenedTwiceError(ReplayedMessageError):
    """A link opened a second time: everything in it is known already."""

    headline = say.OPENED_TWICE


class OlderLinkError(ReplayedMessageError):
    """A link older than one already opened (it came late, out of order)."""

    headline = say.OLDER


class OwnLinkError(ReplayedMessageError):
    """The link this side sent, opened on its own device."""

    headline = say.OWN


@dataclass(frozen=True, slots=True)
class Letter:
    """The messages of one link: for ``room``, with the ``invite`` on the first;
    ``live``: its sender waits in the game's room to play live (#48: a page
    that opens it offers to join there)."""

    room: bytes
    texts: tuple[str, ...]
    invite: Invite | None = None
    live: bool = False

    @property
    def fragment(self) -> str:
        """What goes after the ``#``: the letter as canonical JSON, deflated, in
        URL-safe base64.  Raises :class:`LinkTooLongError` past :data:`MAX_LINK`."""
        payload: dict[str, object] = {
            "v": VERSION,
            "room": b64(self.room),
            "m": [json.loads(t) for t in self.texts],
        }
        if self.invite is not None:
            payload["join"] = self.invite.text
        if self.live:
            payload["live"] = 1
        text = f"{FRAGMENT_KEY}={b64(zlib.compress(canonical(payload), 9))}"
        if len(text) > MAX_LINK:
            raise LinkTooLongError(detail.link_size(len(text), MAX_LINK))
        return text

    def link(self, page: str) -> str:
        """The link to send: ``page`` (any fragment dropped) with this letter."""
        return f"{page.split('#', 1)[0]}#{self.fragment}"

    @classmethod
    def read(cls, link: str) -> Letter:
        """The letter in a link or its fragment; raises a :class:`LinkError`
        (its size is checked first, then what it inflates to, then its shape).

        >>> Letter.read("https://x.org/#join=2.a")
        Traceback (most recent call last):
        ...
        web.online.correspondence.LinkError: it holds no letter
        >>> Letter.read("#post=" + "A" * MAX_LINK)
        Traceback (most recent call last):
        ...
        web.online.correspondence.LinkTooLongError: 8005 characters, at most 8000
        """
        fragment = link.split("#", 1)[1] if "#" in link else link
        if len(fragment) > MAX_LINK:
            raise LinkTooLongError(detail.link_size(len(fragment), MAX_LINK))
        key, sep, text = fragment.partition("=")
        if key != FRAGMENT_KEY or not sep:
            raise LinkError(detail.NO_LETTER)
        try:
            packed = unb64(text)
            inflater = zlib.decompressobj()
            raw = inflater.decompress(packed, MAX_INFLATED)
        except zlib.error as exc:
            raise LinkError(detail.does_not_unpack()) from exc
        except ValueError as exc:  # the text's, in our words (web.online.codec)
            raise LinkError(detail.does_not_unpack(str(exc))) from exc
        if inflater.unconsumed_tail or not inflater.eof:
            raise LinkTooLongError(detail.unpacks_past(MAX_INFLATED))
        return cls._parse(raw)

    @classmethod
    def _parse(cls, raw: bytes) -> Letter:
        try:
            text = raw.decode("ascii")
            if nesting(text) > MAX_DEPTH:
                raise LinkError(detail.letter_nests(MAX_DEPTH))
            data = json.loads(text)
        except LinkError as exc:  # our own words: said as before
            raise LinkError(detail.not_a_letter(str(exc))) from exc
        except (UnicodeDecodeError, ValueError, RecursionError) as exc:
            raise LinkError(detail.not_a_letter()) from exc
        if not isinstance(data, dict) or not {"v", "room", "m"} <= set(data) <= {
            "v", "room", "m", "join", "live",
        }:  # fmt: skip
            raise LinkError(detail.LETTER_SHAPE)
        live = data.get("live", 0)
        if type(live) is not int or live not in (0, 1):
            raise LinkError(detail.LETTER_LIVE)
        if data["v"] != VERSION or type(data["v"]) is not int:
            raise LinkError(detail.letter_version(data["v"], VERSION))
        try:
            room = unb64(data["room"], ROOM_BYTES)
        except ValueError as exc:
            raise LinkError(detail.letter_room(str(exc))) from exc
        messages = data["m"]
        if not isinstance(messages, list) or not 0 < len(messages) <= MAX_TEXTS:
            raise LinkError(detail.letter_size(MAX_TEXTS))
        if not all(isinstance(m, dict) for m in messages):
            raise LinkError(detail.LETTER_MESSAGES)
        invite = None
        if "join" in data:
            try:
                invite = Invite.parse(data["join"])
            except InviteError as exc:
                raise LinkError(detail.letter_invite(str(exc))) from exc
            if invite.room != room or invite.host_key is None:
                raise LinkError(detail.INVITE_OTHER_ROOM)
        texts = tuple(json.dumps(m, separators=(",", ":")) for m in messages)
        return cls(room, texts, invite, live=live == 1)


@dataclass(frozen=True, slots=True)
class Correspondence:
    """One game by messages on this device: the peer (live play's own), what
    the friend is known to have, and the last letter made (to send again)."""

    peer: Peer
    friend_has: int = 0  # blocks of the log the friend is known to hold
    outbox: str = ""  # the fragment of the last letter made ("" before any)
    covers: int = -1  # the log's length when it was made

    def __post_init__(self) -> None:
        # By links: claims only under a move clock in days (Peer.clock_runs),
        # on both pages alike, whichever way the game began.
        self.peer.by_post = True

    # -- a new game ------------------------------------------------------------------

    @classmethod
    def start(
        cls,
        name: str,
        rules: Rules,
        *,
        now: float,
        clock: int = 0,
        token: Token = secrets.token_bytes,
        wall: Wall = time.time,
    ) -> Correspondence:
        """The inviter's side: a new game whose first letter (the invite, this
        side's hello and its commitment to the opening roll) is :attr:`outbox`."""
        peer = Peer.invite_friend(name, rules, now=now, clock=clock, token=token, wall=wall)
        peer.connected(now)  # the opening commitment (the hello it says is made per letter)
        return cls(peer).posted(now)

    @classmethod
    def accept(
        cls,
        letter: Letter,
        name: str,
        *,
        now: float,
        token: Token = secrets.token_bytes,
        wall: Wall = time.time,
    ) -> tuple[Correspondence, tuple[Event, ...]]:
        """The friend's side, from the inviter's first letter: the game joined
        (:meth:`joining`) and the letter opened (:meth:`open`)."""
        return cls.joining(letter, name, now=now, token=token, wall=wall).open(letter, now)

    @classmethod
    def joining(
        cls,
        letter: Letter,
        name: str,
        *,
        now: float,
        token: Token = secrets.token_bytes,
        wall: Wall = time.time,
    ) -> Correspondence:
        """The friend's side of the game the inviter's first letter invites to,
        before the letter is opened: the match as it stands before the
        inviter's first moves (which the page then shows being played)."""
        if letter.invite is None:
            raise NotOnThisDeviceError(say.NO_INVITE)
        return cls(Peer.join(letter.invite, name, now=now, token=token, wall=wall))

    @classmethod
    def from_live(
        cls, peer: Peer, now: float, before: Correspondence | None = None
    ) -> Correspondence:
        """A live game whose connection is gone, going on by links: the friend
        has at least every block before its own last one (more is skipped as
        known when it comes again).  ``before``: the same game as it was by
        links before it went live (#48): what the friend was known to have
        then still holds, and if the friend was never heard live (nothing
        played, nothing said) its last link is the one to send, unchanged (the
        friend may have it already); else that link is stale (the friend, who
        heard newer messages live, would refuse it as older)."""
        theirs = [b.index for b in peer.log.blocks if b.by == peer.friend]
        have = theirs[-1] + 1 if theirs else 0
        if before is None or not before.leads_to(peer):
            return cls(peer, have).posted(now)
        have = max(have, before.friend_has)
        if peer.seen == before.peer.seen and len(peer.log) == len(before.peer.log):
            return cls(peer, have, before.outbox, before.covers).posted(now)
        return cls(peer, have).posted(now)

    def leads_to(self, peer: Peer) -> bool:
        """Whether ``peer`` plays this game on: the same room and seat, and a
        log that begins with this one's (a live game it went on as)."""
        mine = self.peer
        n = len(mine.log)
        return (
            peer.invite.room == self.room
            and peer.seat == mine.seat
            and n <= len(peer.log)
            and peer.log.hash_at(n) == mine.log.head
        )

    @property
    def live_link(self) -> str:
        """:attr:`outbox` marked as sent from a page that waits in the game's
        room to play live: the same letter, valid by links as ever."""
        if not self.outbox:
            return ""
        letter = Letter.read(self.outbox)
        return dataclasses.replace(letter, live=True).fragment

    # -- reading ------------------------------------------------------------------------

    @property
    def room(self) -> bytes:
        return self.peer.invite.room

    @property
    def my_turn(self) -> bool:
        """Whether this side must act before the friend can (between games,
        either side may start the next one: that counts as this side's)."""
        table = self.peer.table
        return self.peer.claimed is None and self.peer.seat in table.to_act()

    @property
    def unsent(self) -> bool:
        """Whether the friend lacks blocks that no letter made yet carries."""
        return len(self.peer.log) > max(self.covers, self.friend_has)

    @property
    def heard(self) -> bool:
        """Whether the friend has read this side's hello, which binds its seat:
        it has one of this side's blocks (the hello went with the first)."""
        seat = self.peer.seat
        return any(b.by == seat for b in self.peer.log.blocks[: self.friend_has])

    # -- the letters -------------------------------------------------------------------

    def posted(self, now: float) -> Correspondence:
        """This game with :attr:`outbox` holding every block the friend lacks:
        a new letter if the log grew since the last one, else the same."""
        peer = self.peer
        if not self.unsent and (self.outbox or self.heard):
            return self
        texts = self._dispute(now) + peer.catch_up(self.friend_has, now, hello=not self.heard)
        invite = peer.invite if peer.seat == 0 and not self.heard else None
        letter = Letter(self.room, texts, invite)
        return Correspondence(peer, self.friend_has, letter.fragment, len(peer.log))

    def _dispute(self, now: float) -> tuple[str, ...]:
        """The answer to the friend's claim that this side refused, in each
        letter until the friend is known to have read one (it holds blocks made
        since): the player moves before sending the letter that carried it, and
        the letter of that move replaces it."""
        peer = self.peer
        disputed = peer.disputed
        if disputed is None or peer.claimed is not None or self.friend_has > disputed[0]:
            return ()
        return (peer.dispute(now),)

    def claim(self, now: float) -> Correspondence:
        """Claim the game: the friend owes an action and let the move clock (in
        days, say) run out.  It counts here at once, as live; the letter that
        says so (with anything the friend lacks) is :attr:`outbox`, and the
        friend's page judges it on its own record when it is opened (a claim
        its record does not bear out is refused there, and play goes on)."""
        peer = self.peer
        if not peer.can_claim(now):
            peer.claim(now)  # raises the refusal that says why not
        # The blocks first: the claim's number must be the letter's last.
        texts = peer.catch_up(self.friend_has, now, hello=not self.heard)
        texts += peer.claim(now).messages
        letter = Letter(self.room, texts)
        return Correspondence(peer, self.friend_has, letter.fragment, len(peer.log))

    def open(
        self,
        letter: Letter,
        now: float,
        *,
        token: Token | None = None,
    ) -> tuple[Correspondence, tuple[Event, ...]]:
        """The game after the friend's ``letter``, and what the page must hear
        of it (the friend's decisions, the dice): all of it, or a typed refusal
        and this game unchanged.  Then :attr:`outbox` holds the answer, when one
        is due (this side's automatic part of the dice, say)."""
        if letter.room != self.room:
            raise NotOnThisDeviceError(say.NO_GAME)
        peer = self._copy(token)
        opened = [peer.seal.open(text) for text in letter.texts]
        for o in opened:
            self._check(peer, o)
        last = max(o.envelope.seq for o in opened)
        if last <= peer.seen:
            kind = OpenedTwiceError if last == peer.seen else OlderLinkError
            raise kind(say.NEWER_OPENED if kind is OlderLinkError else say.SEEN)
        friend_has = self.friend_has
        events: list[Event] = []
        answers: list[str] = []
        for text, o in zip(letter.texts, opened, strict=True):
            out = peer.receive(text, now)
            refused = [e for e in out.events if isinstance(e, Refused)]
            if refused and not isinstance(refused[0].error, DisputedClaimError):
                raise refused[0].error
            events.extend(out.events)
            if refused:  # play goes on; the friend must hear why (see _disputed)
                answers.extend(out.messages)
            body = o.envelope.body
            if isinstance(body, wire.Hello):
                friend_has = max(friend_has, min(body.have, len(peer.log)))
            elif isinstance(body, wire.Blocks):
                # The friend holds each block it sent, and every block before them.
                friend_has = max(friend_has, min(body.blocks[-1].index + 1, len(peer.log)))
        opened_game = Correspondence(peer, friend_has, self.outbox, self.covers)
        if answers:
            return opened_game._disputed(answers, now), tuple(events)
        return opened_game.posted(now), tuple(events)

    def _disputed(self, answers: list[str], now: float) -> Correspondence:
        """The friend's claim was refused here (this page's record does not bear
        it out: a :class:`~web.online.events.Refused` event says so, and play goes
        on): the answer that disputes it goes in the next letter, so that the
        claimant's page is told; then any blocks the friend lacks (numbered
        after it, as it was sealed first)."""
        peer = self.peer
        texts = tuple(answers) + peer.catch_up(self.friend_has, now, hello=False)
        letter = Letter(self.room, texts)
        return Correspondence(peer, self.friend_has, letter.fragment, len(peer.log))

    def _copy(self, token: Token | None) -> Peer:
        """A copy of the peer to open a letter on, kept only if all of it holds.
        A shallow copy is a true one: a peer changes only by having its fields
        replaced with new values (its log and table are immutable)."""
        peer = copy.copy(self.peer)
        if token is not None:
            peer.token = token
        peer.greeted = True  # the friend's hello in a letter is no news of joining
        return peer

    @staticmethod
    def _check(peer: Peer, opened: wire.Opened) -> None:
        """The sender of one message: the friend's seat and key, its signature."""
        envelope = opened.envelope
        if envelope.seat == peer.seat:
            if envelope.key == peer.key:
                raise OwnLinkError(say.YOURS)
            raise StrangerError(detail.IN_YOUR_SEAT)
        if peer.friend_key is not None and envelope.key != peer.friend_key:
            raise StrangerError(detail.NOT_THE_FRIEND)
        if not opened.verify():
            raise ForgedMessageError(detail.SIGNATURE_MISMATCH)

    # -- saving ------------------------------------------------------------------------------

    def to_json(self) -> dict[str, object]:
        """Everything needed to go on after a reload (see :meth:`from_json`)."""
        return {
            "format": FORMAT,
            "peer": self.peer.to_json(),
            "friend_has": self.friend_has,
            "outbox": self.outbox,
            "covers": self.covers,
        }

    @classmethod
    def from_json(
        cls,
        data: object,
        *,
        now: float,
        token: Token = secrets.token_bytes,
        wall: Wall = time.time,
    ) -> Correspondence:
        """A game rebuilt from :meth:`to_json`; raises :class:`SavedStateError`."""
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise SavedStateError(detail.NOT_SAVED_POST)
        peer = Peer.from_json(data.get("peer"), now=now, token=token, wall=wall)
        friend_has, covers, outbox = data.get("friend_has"), data.get("covers"), data.get("outbox")
        if type(friend_has) is not int or not 0 <= friend_has <= len(peer.log):
            raise SavedStateError(detail.SAVED_FRIEND_HAS)
        if type(covers) is not int or not -1 <= covers <= len(peer.log):
            raise SavedStateError(detail.SAVED_COVERS)
        if not isinstance(outbox, str) or len(outbox) > MAX_LINK:
            raise SavedStateError(detail.SAVED_OUTBOX)
        # Live, a page that was closed did not see the friend's time run; here the
        # page is closed between links, and the move clock runs on the wall clock.
        since = float(data["peer"]["since"])  # (Peer.from_json checked it)
        peer.clock = peer.clock.resumed(now, since, wall(), count_absence=True)
        return cls(peer, friend_has, outbox, covers)


def refusal(error: OnlineError) -> str:
    """What the player reads when a link is refused: the refusal in plain words
    (a link with moves missing says to open the earlier one: nothing is asked
    for, as live play would), and that nothing changed.

    >>> refusal(OutOfOrderError("move 9 came, but we have 7"))[:58]
    'This link skips moves your friend sent before it: open the'
    """
    if isinstance(error, OutOfOrderError):
        return say.unchanged(refused_words(say.MISSING, str(error)))
    return say.unchanged(error.plain)


def is_letter(link: str) -> bool:
    """Whether ``link`` is (or ends in) a letter's fragment, read or not.

    >>> is_letter("https://x.org/#post=eJ"), is_letter("https://x.org/#join=2.a")
    (True, False)
    """
    fragment = link.split("#", 1)[1] if "#" in link else link
    return fragment.startswith(FRAGMENT_KEY + "=")
