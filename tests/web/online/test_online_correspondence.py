"""Correspondence play: two devices play through links only, no transport at all.

Each side keeps its own :class:`~web.online.correspondence.Correspondence`
(saved and restored as a page would) and a :class:`Mirror` of the match built
only from its own intents and the events its links give it.  The links go
through :class:`Post`, which can lose one, deliver one twice or late, or hand
one to a third party; a cheater writes links of its own.
"""

from __future__ import annotations

import base64
import dataclasses
import json
import zlib
from collections.abc import Callable
from dataclasses import dataclass, field

import pytest
from test_online_channel import TIMING, Channel, Mirror, Policy, greedy, play_until, tokens

from engine.decisions import PlayMoves
from engine.game import Phase
from engine.match import Match
from engine.record import Dropped, Took
from engine.rules import Rules
from web.online import wire
from web.online.acts import Act, AskRoll, Commit, Random, Reveal
from web.online.codec import b64, unb64
from web.online.correspondence import (
    MAX_LINK,
    Correspondence,
    Letter,
    LinkError,
    LinkTooLongError,
    NotOnThisDeviceError,
    OlderLinkError,
    OpenedTwiceError,
    OwnLinkError,
    is_letter,
    refusal,
)
from web.online.errors import (
    BadRevealError,
    DisputedClaimError,
    ForgedMessageError,
    ForkedHistoryError,
    OnlineError,
    OutOfOrderError,
    OutOfTurnError,
    ReplayedMessageError,
    StrangerError,
)
from web.online.events import ClaimDisputed, Event, GameFull, Refused, Rolled
from web.online.invite import Invite
from web.online.log import Block
from web.online.peer import Peer
from web.words import post as words

PAGE = "https://example.org/backgammon/"


@dataclass
class Post:
    """Ann (seat 0) and Bob (seat 1), each on a device of their own, and the
    links between them; every link is read back from its full text."""

    rules: Rules
    seed: int = 3
    sides: list[Correspondence] = field(init=False)
    mirrors: list[Mirror] = field(init=False)
    now: float = 0.0
    links: list[list[str]] = field(init=False)  # every link each side made, in order
    opened: list[int] = field(init=False)  # links each side opened
    sent: int = 0  # links that went from one side to the other

    def __post_init__(self) -> None:
        ann = Correspondence.start("Ann", self.rules, now=0.0, token=tokens(self.seed))
        self.sides = [ann]
        self.links = [[ann.outbox], []]
        self.opened = [0, 0]
        self.mirrors = [Mirror(self.rules, 0), Mirror(self.rules, 1)]
        bob, events = Correspondence.accept(
            Letter.read(self.link(0)), "Bob", now=self.tick(), token=tokens(self.seed + 100)
        )
        self.sides.append(bob)
        self.opened[1] += 1
        self._seen(1, events)

    @classmethod
    def adopt(cls, rules: Rules, sides: list[Correspondence], mirrors: list[Mirror]) -> Post:
        """Links between two sides that were playing otherwise (live)."""
        post = cls.__new__(cls)
        post.rules, post.seed, post.now, post.sent = rules, 11, 0.0, 0
        post.sides, post.mirrors, post.opened = sides, mirrors, [0, 0]
        post.links = [[s.outbox] if s.outbox else [] for s in sides]
        return post

    def tick(self) -> float:
        self.now += 3600.0  # an hour between links: nothing here minds
        return self.now

    def link(self, seat: int) -> str:
        """The link ``seat``'s page shows now (its last letter, as a full URL)."""
        fragment = self.sides[seat].outbox
        assert is_letter(fragment) and len(fragment) <= MAX_LINK
        return f"{PAGE}#{fragment}"

    def open(self, seat: int, link: str) -> tuple[Event, ...]:
        """``seat`` opens ``link`` (a refusal raises, leaving the side as it was)."""
        side, events = self.sides[seat].open(Letter.read(link), self.tick())
        self.sides[seat] = side
        self.opened[seat] += 1
        self._seen(seat, events)
        return events

    def _made(self, seat: int) -> None:
        if not self.links[seat] or self.links[seat][-1] != self.sides[seat].outbox:
            self.links[seat].append(self.sides[seat].outbox)

    def _seen(self, seat: int, events: tuple[Event, ...]) -> None:
        for event in events:
            self.mirrors[seat].see(event)
        self._made(seat)

    def act(self, seat: int, intent: str, *args: object) -> None:
        """A local intent of ``seat``'s player, then the page makes its link."""
        side = self.sides[seat]
        out = getattr(side.peer, intent)(*args, now=self.tick())
        m = self.mirrors[seat]
        for event in out.events:
            m.see(event)
        if intent == "play":
            (moves,) = args
            m.match = m.match.play_moves(moves)  # type: ignore[arg-type]
        elif intent in ("double", "take", "drop", "next_game"):
            m.match = getattr(m.match, intent)()
        self.sides[seat] = side.posted(self.now)
        self._made(seat)

    def reload(self, seat: int) -> None:
        """``seat``'s page reloads: its game is rebuilt from its saved JSON."""
        saved = json.loads(json.dumps(self.sides[seat].to_json()))
        self.sides[seat] = Correspondence.from_json(
            saved, now=self.now, token=tokens(self.seed * 7 + seat + len(self.links[seat]))
        )

    def check(self) -> None:
        """Each page's match agrees with its own game's, and the two games agree
        up to what the shorter log holds."""
        for seat, side in enumerate(self.sides):
            peer = side.peer
            dice = peer.my_dice
            mirror = self.mirrors[seat].match
            rolled = dice is not None and mirror.phase is not Phase.ROLL
            expected = peer.match.roll(dice) if rolled and dice is not None else peer.match
            assert mirror.record == expected.record, f"seat {seat}'s page disagrees"
        a, b = (s.peer.log for s in self.sides)
        n = min(len(a), len(b))
        assert a.hash_at(n) == b.hash_at(n)


def decide(post: Post, seat: int, policy: Policy) -> None:
    """The one decision ``seat``'s player makes now, by its own page's view."""
    peer = post.sides[seat].peer
    m = peer.match
    if m.is_game_over:
        post.act(seat, "next_game")
    elif m.phase is Phase.ROLL and peer.my_dice is None:
        if m.can_double() and policy.double(m, seat):
            post.act(seat, "double")
        else:
            post.act(seat, "roll")
    elif m.phase is Phase.ROLL:
        dice = peer.my_dice
        assert dice is not None
        if post.mirrors[seat].match.phase is Phase.ROLL:
            post.act(seat, "roll")  # the page shows the dice
        else:
            post.act(seat, "play", greedy(m.roll(dice)).moves)
    elif m.phase is Phase.MOVE:
        post.act(seat, "play", greedy(m).moves)
    elif m.phase is Phase.CUBE:
        post.act(seat, "take" if policy.take(m, seat) else "drop")
    else:  # pragma: no cover - no resignations in these games
        raise AssertionError(f"stuck at {m.phase}")


def match_over(post: Post, seat: int) -> bool:
    return post.sides[seat].peer.match.is_over


def play(
    post: Post,
    policy: Policy,
    *,
    until: Callable[[Post, int], bool] = match_over,
    mess: Callable[[Post, int, str], str | None] | None = None,
    reload_every: int = 0,
    limit: int = 3000,
    seat: int = 1,
) -> int:
    """Ann's first letter is with Bob: from here on the side holding the game
    plays while it is its turn, then its link goes to the other, until
    ``until(post, seat)`` (``seat`` holds the game): then the other gets what
    it lacks, and that seat is returned.  ``mess`` may lose a link (return
    ``None``: it is sent again).  ``seat`` holds the game first (Bob, who
    opened Ann's invitation)."""
    for step in range(limit):
        post.check()
        while not until(post, seat) and post.sides[seat].my_turn:
            decide(post, seat, policy)
        if until(post, seat):
            if len(post.sides[1 - seat].peer.log) < len(post.sides[seat].peer.log):
                post.open(1 - seat, post.link(seat))
                post.sent += 1
            post.check()
            return seat
        if reload_every and step % reload_every == 0:
            post.reload(seat)
        link = post.link(seat)
        if mess is not None and mess(post, seat, link) is None:
            link = post.link(seat)  # lost: the same link, sent again
        post.open(1 - seat, link)
        post.sent += 1
        seat = 1 - seat
    raise AssertionError("the match does not end")


def game_over(post: Post, seat: int) -> bool:
    return post.sides[seat].peer.match.is_game_over


def rolls(match: Match) -> int:
    """The rolls of the game so far, the opening's included."""
    return sum(type(e).__name__ in ("Roll", "OpeningRoll") for e in match.events)


def doubles(first_taken: bool = True) -> Policy:
    """Double now and then; the answers alternate, taken first."""
    answers: list[bool] = []

    def take(m: Match, seat: int) -> bool:
        answers.append(len(answers) % 2 == 0 if first_taken else len(answers) % 2 == 1)
        return answers[-1]

    return Policy(double=lambda m, seat: len(m.events) % 5 == 2, take=take)


# -- a whole match ---------------------------------------------------------------------------


def test_correspondence_a_match_to_3_with_doubles_taken_and_dropped_through_links_only() -> None:
    post = Post(Rules(3))
    play(post, doubles(), reload_every=7)
    a, b = (s.peer for s in post.sides)
    assert a.match.is_over and b.match.is_over
    assert a.log.head == b.log.head and a.match.record == b.match.record
    score = a.match.score
    assert max(score) >= 3, score
    events = [e for game in a.match.record.games for e in game.events]
    assert any(isinstance(e, Took) for e in events) and any(isinstance(e, Dropped) for e in events)
    assert a.match.record.games[-1] is not None
    # Both pages saw the whole match through the links' events alone.
    assert post.mirrors[0].match.record == post.mirrors[1].match.record == a.match.record
    assert (a.friend_name, b.friend_name) == ("Bob", "Ann")


def test_correspondence_without_cube_access_a_turn_is_one_link() -> None:
    post = Post(Rules(0, cube=False))
    play(post, Policy(), until=game_over)
    # The opening takes the invitation (opened before ``play``), the answer,
    # and the reveal, with the inviter's first play if the roll is the
    # inviter's; after it every turn is one link.
    turns = rolls(post.sides[0].peer.match)
    assert turns + 1 <= post.sent <= turns + 2, (post.sent, turns)


def test_correspondence_with_cube_access_the_roller_asks_first() -> None:
    post = Post(Rules(5))
    play(post, Policy(), until=lambda p, seat: len(p.sides[seat].peer.match.events) >= 12)
    # A roller who may double sends a link asking for the roll: the other's
    # value comes back in a second, and the play goes in a third.
    match = post.sides[0].peer.match
    asked = [b for b in post.sides[0].peer.log.blocks if AskRoll() in b.acts]
    assert asked and post.sent >= 3 * (rolls(match) - 1)


def test_correspondence_a_roll_asked_before_a_reload_is_shown_when_its_dice_come() -> None:
    post = Post(Rules(5))
    seat = 1
    for _ in range(200):  # play on until a roller who may double asks for its roll
        peer = post.sides[seat].peer
        m = peer.match
        if m.phase is Phase.ROLL and m.turn == seat and peer.my_dice is None and m.can_double():
            break
        while post.sides[seat].my_turn:
            decide(post, seat, Policy())
        post.open(1 - seat, post.link(seat))
        seat = 1 - seat
    else:  # pragma: no cover
        raise AssertionError("no roll asked for")
    post.act(seat, "roll")  # the link asks the friend for its part of the dice
    post.reload(seat)  # the page is closed in the middle of the turn
    assert post.sides[seat].peer.wants_dice
    post.open(1 - seat, post.link(seat))
    events = post.open(seat, post.link(1 - seat))
    dice = post.sides[seat].peer.my_dice
    assert dice is not None and Rolled(seat, dice) in events  # no second press of Roll
    assert post.mirrors[seat].match.phase is Phase.MOVE
    post.check()
    # Once played, the roll asked is spent: the next reload does not ask again.
    post.act(seat, "play", greedy(post.mirrors[seat].match).moves)
    post.reload(seat)
    assert not post.sides[seat].peer.wants_dice


def test_correspondence_a_live_game_goes_on_by_links_and_live_again() -> None:
    rules = Rules(3)
    ch = Channel(rules, seed=4)
    ch.connect()
    play_until(ch, Policy(), lambda m: len(m.events) >= 8)
    ch.drop()  # the line is gone: the same game goes on by links
    sides = [Correspondence.from_live(p, ch.now) for p in ch.peers]
    post = Post.adopt(rules, sides, ch.mirrors)
    (holder,) = ch.peers[0].table.to_act()
    turns, blocks = len(ch.match.events), len(ch.peers[0].log)
    play(post, Policy(), seat=holder,
         until=lambda p, seat: len(p.sides[seat].peer.match.events) >= turns + 8)  # fmt: skip
    assert post.sent >= 4
    live = [side.peer for side in post.sides]
    assert len(live[0].log) > blocks + 4 and not ch.refusals(0) and not ch.refusals(1)
    # Both online again: the hellos bring whatever the last link had not, and
    # the match ends live, one game and one log.
    ch.peers, ch.mirrors = live, post.mirrors
    ch.connect()
    ch.check_agreement()
    play_until(ch, Policy(), lambda m: m.is_over)
    assert ch.match.is_over and ch.peers[0].log.head == ch.peers[1].log.head


def live_again(post: Post) -> Channel:
    """Both pages press Play live now (#48): each one's peer, as its page
    saved it, meets the other's live in the game's own room."""
    ch = Channel(post.rules)
    ch.now = post.now
    ch.peers = [rebuilt(side, ch.now, 60 + seat) for seat, side in enumerate(post.sides)]
    ch.mirrors = post.mirrors
    return ch


def rebuilt(side: Correspondence, now: float, seed: int) -> Peer:
    """``side``'s peer as its page saved it, for live play."""
    saved = json.loads(json.dumps(side.peer.to_json()))
    return Peer.from_json(saved, now=now, token=tokens(seed), timing=TIMING)


def test_correspondence_links_then_live_then_links_again_one_game_one_log() -> None:
    rules = Rules(3)
    post = Post(rules, seed=6)
    play(post, Policy(), until=lambda p, seat: len(p.sides[seat].peer.match.events) >= 8)
    before = list(post.sides)
    keys = [side.peer.key for side in before]
    ch = live_again(post)
    ch.connect()  # the hellos bring whatever the last link had not
    ch.check_agreement()
    turns, blocks = len(ch.match.events), len(ch.peers[0].log)
    play_until(ch, Policy(), lambda m: len(m.events) >= turns + 6)
    assert len(ch.peers[0].log) > blocks and not ch.refusals(0) and not ch.refusals(1)
    # The line drops: back to links, the same game, its seats and keys intact.
    ch.drop()
    sides = [Correspondence.from_live(p, ch.now, before[seat]) for seat, p in enumerate(ch.peers)]
    assert [side.peer.key for side in sides] == keys
    assert all(side.room == before[0].room for side in sides)
    again = Post.adopt(rules, sides, ch.mirrors)
    again.now = ch.now
    (holder,) = ch.peers[0].table.to_act()
    turns = len(ch.match.events)
    play(again, Policy(), seat=holder,
         until=lambda p, seat: len(p.sides[seat].peer.match.events) >= turns + 6)  # fmt: skip
    assert again.sent >= 2
    # One log: both sides hold the same one, and it begins with the links' log.
    a, b = (side.peer.log for side in again.sides)
    assert len(a) == len(b) and a.head == b.head
    first = before[0].peer.log
    assert len(a) > len(first) + 4 and a.hash_at(len(first)) == first.head
    assert again.sides[0].peer.match.record == again.sides[1].peer.match.record


def test_correspondence_live_with_nobody_there_goes_back_to_the_same_link() -> None:
    post = opening()
    ann = post.sides[0]  # her link (the opening's reveal) is not opened yet
    live = rebuilt(ann, post.tick(), 61)
    out = live.connected(post.now)  # in the room: her hello goes to nobody
    assert out.messages and len(live.log) == len(ann.peer.log)
    back = Correspondence.from_live(live, post.tick(), ann)
    assert back.outbox == ann.outbox and back.friend_has == ann.friend_has
    # The link sent before is the one to send: Bob opens it, and the game goes on.
    post.sides[0] = back
    post.open(1, post.link(0))
    post.check()
    play(post, Policy(), until=lambda p, seat: len(p.sides[seat].peer.match.events) >= 6)


def test_correspondence_a_live_link_is_the_same_letter_marked() -> None:
    post = opening()
    ann = post.sides[0]
    marked = Letter.read(f"{PAGE}#{ann.live_link}")
    plain = Letter.read(post.link(0))
    assert marked.live and not plain.live
    assert (marked.room, marked.texts, marked.invite) == (plain.room, plain.texts, plain.invite)
    post.open(1, f"{PAGE}#{ann.live_link}")  # by links, as good as the plain one
    post.check()
    # The mark is 1 or absent: anything else is no letter of ours.
    payload = json.loads(zlib.decompress(unb64(marked.fragment.partition("=")[2])))
    payload["live"] = 2
    with pytest.raises(LinkError):
        Letter.read("post=" + b64(zlib.compress(json.dumps(payload).encode())))


def test_correspondence_a_stranger_with_the_first_link_cannot_join_the_room_live() -> None:
    post = opening()
    invitation = Letter.read(f"{PAGE}#{post.links[0][0]}")
    assert invitation.invite is not None
    # Eve found Ann's first link, with the game's secret: she can enter the room.
    eve = Peer.join(invitation.invite, "Eve", now=post.now, token=tokens(66), timing=TIMING)
    ch = live_again(post)
    ann = ch.peers[0]
    before = (ann.log, ann.table, ann.friend_key, ann.friend_name)
    for text in eve.connected(post.now).messages:
        out = ann.receive(text, post.now)
        assert [type(e.error) for e in out.events if isinstance(e, Refused)] == [StrangerError]
        assert not out.messages
    assert (ann.log, ann.table, ann.friend_key, ann.friend_name) == before
    # Ann's page tells her the game is full (its word checked against the invite's key).
    told = eve.receive(ann.full(post.now), post.now)
    assert [e for e in told.events if isinstance(e, GameFull)]
    # Bob comes live: the game goes on, Eve's words changed nothing.
    ch.connect()
    ch.check_agreement()


def test_correspondence_a_link_s_messages_replayed_over_the_live_channel_are_refused() -> None:
    post = opening()
    play(post, Policy(), seat=0,
         until=lambda p, seat: len(p.sides[seat].peer.match.events) >= 6)  # fmt: skip
    ch = live_again(post)
    ch.connect()
    ch.check_agreement()
    for seat in (0, 1):
        peer = ch.peers[seat]
        before = (peer.log, peer.table, peer.seen)
        # Every link this side opened, and every one it sent, replayed live.
        opened = [f"{PAGE}#{f}" for f in post.links[1 - seat] if f]
        own = [f"{PAGE}#{f}" for f in post.links[seat] if f]
        replays = 0
        for link in opened + own:
            for text in Letter.read(link).texts:
                out = ch.peers[seat].receive(text, ch.now)
                refused_here = [e.error for e in out.events if isinstance(e, Refused)]
                if isinstance(peer.seal.open(text).envelope.body, wire.Hello):
                    continue  # (an old hello is answered with ours: nothing taken from it)
                assert refused_here and all(
                    isinstance(e, (ReplayedMessageError, StrangerError)) for e in refused_here
                ), refused_here
                replays += 1
        assert replays >= 2
        assert (peer.log, peer.table, peer.seen) == before
    ch.check_agreement()


# -- links lost, opened twice, late, by others ------------------------------------------------


def opening(seed: int = 3) -> Post:
    post = Post(Rules(3), seed=seed)
    post.open(0, post.link(1))  # Bob's answer: Ann reveals the opening roll
    return post


def state(side: Correspondence) -> tuple[object, ...]:
    p = side.peer
    return (p.log, p.table, p.secret, p.seen, p.friend_key, side.friend_has, side.outbox)


def refused(post: Post, seat: int, link: str, kind: type[OnlineError]) -> OnlineError:
    """``seat`` opens ``link``: refused as ``kind`` in a plain sentence, nothing changed."""
    before = state(post.sides[seat])
    with pytest.raises(OnlineError) as caught:
        post.open(seat, link)
    assert type(caught.value) is kind, caught.value
    assert state(post.sides[seat]) == before
    text = refusal(caught.value)
    assert text[0].isupper() and text.endswith(words.UNCHANGED) and "(" not in text[:20]
    return caught.value


def test_correspondence_a_lost_link_is_sent_again_and_the_game_goes_on() -> None:
    post = Post(Rules(0, cube=False))
    lost = []

    def lose_every_third(p: Post, seat: int, link: str) -> str | None:
        lost.append(link)
        return None if len(lost) % 3 == 0 else link

    play(post, Policy(), until=game_over, mess=lose_every_third)
    assert len(lost) >= 6
    a, b = (s.peer for s in post.sides)
    assert a.log.head == b.log.head and a.match.is_game_over


def test_correspondence_a_link_sent_again_is_the_same_link() -> None:
    post = opening()
    side = post.sides[0]
    assert side.posted(post.tick()) is side  # nothing new: the same letter, to send again
    post.reload(0)
    assert post.sides[0].outbox == side.outbox


def test_correspondence_a_link_opened_twice_is_refused_and_nothing_changes() -> None:
    post = opening()
    link = post.link(0)
    post.open(1, link)
    refused(post, 1, link, OpenedTwiceError)
    post.reload(1)
    refused(post, 1, link, OpenedTwiceError)  # the save remembers it


def test_correspondence_an_older_link_after_a_newer_one_is_refused() -> None:
    for seed in range(3, 40):
        post = opening(seed)
        if post.sides[0].my_turn:  # Ann won the opening: she reveals it and plays
            break
    older = post.link(0)
    decide(post, 0, Policy())
    newer = post.link(0)
    assert newer != older
    post.open(1, newer)  # it carries the reveal too: nothing is missing
    refused(post, 1, older, OlderLinkError)
    assert post.sides[1].my_turn or post.sides[1].peer.match.phase is not Phase.OPENING


def test_correspondence_links_opened_on_the_wrong_device_or_by_a_third_party() -> None:
    post = opening()
    to_bob, to_ann = post.link(0), post.link(1)
    refused(post, 0, to_bob, OwnLinkError)  # Ann opens her own link
    refused(post, 1, to_ann, OwnLinkError)
    # Carol, who has neither game: a link that is not an invitation is not for her.
    carol = Correspondence.start("Carol", Rules(3), now=0.0, token=tokens(77))
    with pytest.raises(NotOnThisDeviceError) as caught:
        carol.open(Letter.read(to_bob), 1.0)
    assert caught.value.plain.startswith(words.NOT_HERE)
    # Carol found Ann's invitation and answers it: Ann hears Bob only.
    invitation = post.links[0][0]
    carol_side, _ = Correspondence.accept(Letter.read(invitation), "Carol", now=1.0,
                                          token=tokens(78))  # fmt: skip
    refused(post, 0, f"{PAGE}#{carol_side.outbox}", StrangerError)
    with pytest.raises(NotOnThisDeviceError):
        Correspondence.accept(Letter.read(to_bob), "Carol", now=1.0)
    post.open(1, to_bob)  # Bob goes on as if nothing happened
    post.check()


# -- a cheater writing links of its own --------------------------------------------------------

HONEST, CHEAT = 0, 1


def cheat_link(post: Post, blocks: list[Block], *, seat: int = CHEAT, seq: int | None = None,
               ) -> str:  # fmt: skip
    """A well-sealed, well-signed link from ``seat``'s own key carrying ``blocks``."""
    p = post.sides[seat].peer
    if seq is None:
        p.seq += 1
        seq = p.seq
    text = p.seal.seal(wire.Envelope(seat, p.key, seq, wire.Blocks(tuple(blocks))), p.signer)
    return Letter(p.invite.room, (text,)).link(PAGE)


def at_cheaters_turn() -> Post:
    """The cheater (Bob) holds Ann's link: its roll is known, no cube."""
    post = Post(Rules(0, cube=False), seed=5)

    def cheaters_roll(p: Post, seat: int) -> bool:
        m = p.sides[seat].peer.match
        return seat == CHEAT == m.turn and len(m.events) >= 5 and m.phase is Phase.ROLL

    play(post, Policy(), until=cheaters_roll)
    assert post.sides[CHEAT].my_turn and post.sides[CHEAT].peer.my_dice is not None
    return post


def cheater_block(post: Post, *acts: Act) -> Block:
    return post.sides[CHEAT].peer.log.next_block(CHEAT, acts)


def test_correspondence_a_cheater_s_forged_links_are_refused() -> None:
    post = at_cheaters_turn()
    peer = post.sides[CHEAT].peer
    dice = peer.my_dice
    assert dice is not None and peer.secret is not None
    moves = greedy(peer.match.roll(dice)).moves
    fair = cheater_block(post, Reveal(peer.secret), PlayMoves(moves), Commit(bytes(32)))
    # A wrong reveal: other dice than the fair ones.
    bad = cheater_block(post, Reveal(bytes(32)), PlayMoves(moves))
    refused(post, HONEST, cheat_link(post, [bad]), BadRevealError)
    # A forged signature: the letter's signature altered.
    letter = Letter.read(cheat_link(post, [fair]))
    message = json.loads(letter.texts[0])
    message["sig"] = message["sig"][:-2] + ("AA" if message["sig"][-2:] != "AA" else "BA")
    forged = dataclasses.replace(letter, texts=(json.dumps(message),)).link(PAGE)
    refused(post, HONEST, forged, ForgedMessageError)
    # Another key in the cheater's seat (a stranger with the game's secret).
    honest = post.sides[HONEST].peer
    stranger = wire.Signer(bytes(range(32)))
    text = honest.seal.seal(wire.Envelope(CHEAT, stranger.public, 999, wire.Blocks((fair,))),
                            stranger)  # fmt: skip
    refused(post, HONEST, Letter(honest.invite.room, (text,)).link(PAGE), StrangerError)
    # Moves in the honest side's name.
    mine = dataclasses.replace(fair, by=HONEST)
    refused(post, HONEST, cheat_link(post, [mine]), ForkedHistoryError)


def test_correspondence_a_cheater_s_replayed_and_reordered_links_are_refused() -> None:
    post = at_cheaters_turn()
    # A replay: the cheater's last link (already opened) with a fresh count.
    log = post.sides[HONEST].peer.log
    theirs = [b for b in log.blocks if b.by == CHEAT]
    old = cheat_link(post, [theirs[-1]])
    honest_before = state(post.sides[HONEST])
    post.open(HONEST, old)  # known blocks are skipped: nothing new, nothing changed
    assert post.sides[HONEST].peer.log == honest_before[0]
    # The same sealed text again: opened twice.
    refused(post, HONEST, old, OpenedTwiceError)
    # A reordered history: a block past the end, or one that does not chain on.
    gap = Block(len(log) + 1, log.head, CHEAT, (Commit(bytes(32)),))
    refused(post, HONEST, cheat_link(post, [gap]), OutOfOrderError)
    fork = Block(len(log) - 1, log.genesis, CHEAT, (Random(bytes(32)),))
    refused(post, HONEST, cheat_link(post, [fork]), ForkedHistoryError)


def test_correspondence_a_cheater_writing_out_of_turn_is_refused() -> None:
    post = at_cheaters_turn()
    # The honest side is owed nothing; a second block by the cheater on top of
    # a legal play is a move out of turn.
    peer = post.sides[CHEAT].peer
    dice = peer.my_dice
    assert dice is not None
    post.act(CHEAT, "roll")
    post.act(CHEAT, "play", greedy(peer.match.roll(dice)).moves)
    played = peer.log.blocks[-1]
    again = Block(played.index + 1, played.hash, CHEAT, (PlayMoves(((24, 23),)),))
    refused(post, HONEST, cheat_link(post, [played, again]), OutOfTurnError)
    post.open(HONEST, post.link(CHEAT))  # the honest link still opens
    post.check()


def test_correspondence_oversized_and_damaged_links_are_refused_unread() -> None:
    post = opening()
    with pytest.raises(LinkTooLongError):
        Letter.read(f"{PAGE}#post=" + "A" * MAX_LINK)
    # A small link that inflates to a great deal (a zip bomb) is refused too.
    bomb = base64.urlsafe_b64encode(zlib.compress(b"[" * 1_000_000, 9)).rstrip(b"=").decode()
    assert len(bomb) < MAX_LINK
    with pytest.raises(LinkTooLongError):
        Letter.read(f"#post={bomb}")
    # A letter too big to write is refused when it is made.
    noise = base64.b64encode(tokens(9)(9000)).decode()  # does not deflate
    big = Letter(post.sides[0].room, (json.dumps({"x": noise}),))
    with pytest.raises(LinkTooLongError):
        _ = big.fragment
    for damaged in ("#post=", "#post=@@", "#post=" + post.sides[0].outbox[5:-3], "#join=x"):
        with pytest.raises(LinkError):
            Letter.read(damaged)
    link = post.link(0)
    post.open(1, link)  # nothing above changed the game
    assert post.sides[1].peer.match.phase is not Phase.OPENING


# -- the move clock in days --------------------------------------------------------------------

DAY = 24 * 3600


def clocked(days: int) -> Post:
    """A game with a move clock of ``days`` days, Bob (who owes) has Ann's last link."""
    post = Post.__new__(Post)
    post.rules, post.seed, post.now, post.sent = Rules(0, cube=False), 21, 0.0, 0
    ann = Correspondence.start("Ann", post.rules, now=0.0, clock=days * DAY, token=tokens(21),
                               wall=lambda: post.now)  # fmt: skip
    post.sides, post.mirrors, post.opened = (
        [ann],
        [Mirror(post.rules, 0), Mirror(post.rules, 1)],
        [0, 0],
    )
    post.links = [[ann.outbox], []]
    bob, events = Correspondence.accept(Letter.read(post.link(0)), "Bob", now=post.tick(),
                                        token=tokens(22), wall=lambda: post.now)  # fmt: skip
    post.sides.append(bob)
    post._seen(1, events)
    play(post, Policy(), until=lambda p, seat: seat == 1 and len(p.sides[1].peer.match.events) >= 4)
    assert post.sides[1].my_turn and post.sides[1].peer.owing == 1
    return post


def test_correspondence_a_claim_past_the_move_clock_in_days_ends_the_game_on_both_sides() -> None:
    post = clocked(days=1)
    ann = post.sides[0]
    assert not ann.peer.can_claim(post.now)  # Bob has hours left
    post.now += 2 * DAY
    # Ann's page was closed all that time: the clock ran on the wall clock.
    saved = json.loads(json.dumps(ann.to_json()))
    ann = Correspondence.from_json(saved, now=post.now, token=tokens(23), wall=lambda: post.now)
    assert ann.peer.can_claim(post.now)
    post.sides[0] = ann.claim(post.now)
    assert post.sides[0].peer.claimed is not None and post.sides[0].peer.match.is_over
    post.open(1, post.link(0))
    claimed = post.sides[1].peer.claimed
    assert claimed is not None and claimed.seat == 0 and post.sides[1].peer.match.is_over


def test_correspondence_a_claim_the_other_s_record_does_not_bear_out_changes_nothing() -> None:
    post = clocked(days=3)
    post.now += 4 * DAY
    post.sides[0] = post.sides[0].claim(post.now)
    # Bob's page counted the days from when he opened Ann's last link, which came
    # late: by Bob's own record it is a day, not three.
    bob = post.sides[1]
    bob.peer.clock = dataclasses.replace(bob.peer.clock, since=post.now - DAY)  # opened late
    record = bob.peer.match.record
    events = post.open(1, post.link(0))
    (error,) = [e.error for e in events if isinstance(e, Refused)]
    assert isinstance(error, DisputedClaimError) and "play goes on" in refusal(error)
    assert post.sides[1].peer.claimed is None and post.sides[1].peer.match.record == record
    # Bob's next link tells Ann that her claim is disputed.
    told = post.open(0, post.link(1))
    assert [e for e in told if isinstance(e, ClaimDisputed)] == [ClaimDisputed("Bob")]


def test_correspondence_a_dispute_goes_with_the_move_made_before_its_link_was_sent() -> None:
    post = clocked(days=3)
    post.now += 4 * DAY
    post.sides[0] = post.sides[0].claim(post.now)
    bob = post.sides[1]
    bob.peer.clock = dataclasses.replace(bob.peer.clock, since=post.now - DAY)  # opened late
    events = post.open(1, post.link(0))
    assert [e for e in events if isinstance(e, Refused)]
    # Bob plays on before sending anything: the letter of his move replaces the
    # one that carried his answer, and still tells Ann her claim is disputed.
    while post.sides[1].my_turn:
        decide(post, 1, Policy())
    told = post.open(0, post.link(1))
    assert [e for e in told if isinstance(e, ClaimDisputed)] == [ClaimDisputed("Bob")]
    claimed = post.sides[0].peer.claimed
    assert claimed is not None and claimed.seat == 0  # the claim stands on Ann's page


def test_correspondence_without_a_move_clock_nobody_can_claim_however_long() -> None:
    """By links the friend's silence says nothing (a link a week is fine): a
    game with no move clock cannot be claimed, and a claim made anyway (by a
    page that counted silence as live play does) is refused by the other's."""
    post = clocked(days=0)
    post.now += 30 * DAY
    ann = post.sides[0]
    assert not ann.peer.can_claim(post.now) and ann.peer.clock_shown(post.now) == (None, None)
    with pytest.raises(OutOfTurnError):
        ann.claim(post.now)
    ann.peer.by_post = False  # (a page that judges silence as live play does)
    post.sides[0] = ann.claim(post.now)
    bob = post.sides[1]
    record = bob.peer.match.record
    events = post.open(1, post.link(0))
    (error,) = [e.error for e in events if isinstance(e, Refused)]
    assert isinstance(error, DisputedClaimError) and "move clock in days" in str(error)
    assert post.sides[1].peer.claimed is None and post.sides[1].peer.match.record == record


def test_correspondence_a_live_game_s_minutes_a_move_do_not_run_by_links() -> None:
    """A live game with two minutes a move, going on by links: no clock shown,
    no claim (a link takes longer than that); live again, its clock is back."""
    invite = Invite.new("Ann", Rules(3), clock=120, token=tokens(31))
    live = Peer.host(invite, now=0.0, token=tokens(32))
    assert live.clock_runs and live.clock.limit == 120
    game = Correspondence.from_live(live, 0.0)
    assert game.peer.by_post and not game.peer.clock_runs
    assert game.peer.clock_shown(10 * DAY) == (None, None)
    saved = Correspondence.from_json(json.loads(json.dumps(game.to_json())), now=0.0)
    assert not saved.peer.clock_runs
    again = Peer.from_json(saved.peer.to_json(), now=0.0)  # Play live now
    assert again.clock_runs and again.clock.limit == 120
