"""One side of an online game: local intents and incoming texts in, texts to
send and typed events out.

A :class:`Peer` holds this side's copy of the move log and the
:class:`~web.online.table.Table` it stands for, its secret for its standing
commitment, its identity (its own per-game key, kept with the rest by
:meth:`Peer.to_json`), and the friend's presence.  It has no timers and no
transport: the page passes ``now`` and the texts it received, and sends the
texts it is given.  Everything the friend sends goes through the same table,
so through the engine; whatever is refused leaves the game as it was and
comes back as a :class:`~web.online.events.Refused` event, never an
exception.  A local intent that is not allowed now raises the
:mod:`~web.online.errors` refusal instead (the page offers only legal ones).

The page must save :meth:`Peer.to_json` after every call whose output holds
messages, *before* sending them: then nothing the friend has seen is ever
missing here after a reload.

Two peers passing texts by hand, from the invite to the first play:

>>> from engine.rules import Rules
>>> from web.online.invite import Invite
>>> ann = Peer.invite_friend("Ann", Rules(3), now=0.0)
>>> bob = Peer.join(Invite.from_link("https://x.org/#" + ann.invite.fragment), "Bob", now=0.0)
>>> seen = []
>>> def deliver(out, to):
...     got = Output()
...     for text in out.messages:
...         got += to.receive(text, now=1.0)
...     seen.extend(got.events)
...     return got
>>> to_bob, to_ann = ann.connected(0.0), bob.connected(0.0)
>>> while to_bob.messages or to_ann.messages:  # hellos, then the opening roll
...     to_bob, to_ann = deliver(to_ann, ann), deliver(to_bob, bob)
>>> ann.friend_name, bob.friend_name, ann.match.record == bob.match.record
('Bob', 'Ann', True)
>>> opening = [e for e in seen if isinstance(e, Rolled)][-1]  # both saw it
>>> first = ann.match.events[-1]
>>> opening.seat, opening.dice == (first.die0, first.die1), ann.match.phase
(None, True, <Phase.MOVE: 'move'>)
>>> mover = ann if ann.match.turn == 0 else bob
>>> out = mover.play(mover.match.legal_plays[0].moves, now=2.0)
>>> other = bob if mover is ann else ann
>>> [e.decision for e in deliver(out, other).events if isinstance(e, Decided)]
[PlayMoves(moves=...)]
>>> ann.match.record == bob.match.record
True
"""

from __future__ import annotations

import dataclasses
import secrets
import time
from collections.abc import Callable, Sequence

from engine.decisions import (
    AcceptResignation,
    BeaverDouble,
    DropDouble,
    OfferDouble,
    OfferResignation,
    PlayMoves,
    RejectResignation,
    RollDice,
    StartNextGame,
    TakeDouble,
)
from engine.game import Phase
from engine.match import Match
from engine.rules import Rules
from web.model.presence import Link, Presence, Timing
from web.online import wire
from web.online.acts import Act, AskRoll, Commit, Random, Reveal
from web.online.codec import b64, unb64
from web.online.errors import (
    ClosedError,
    DisputedClaimError,
    FloodError,
    ForgedMessageError,
    ForkedHistoryError,
    MalformedMessageError,
    OnlineError,
    OutOfOrderError,
    OutOfTurnError,
    ReplayedMessageError,
    SavedStateError,
    StrangerError,
)
from web.online.events import (
    ClaimDisputed,
    Claimed,
    ClockChanged,
    Decided,
    Event,
    FriendJoined,
    GameFull,
    LinkChanged,
    Output,
    Refused,
    Rolled,
    Said,
)
from web.online.fairdice import commitment, new_secret
from web.online.invite import DEFAULT_CLOCK, Invite, clean_name
from web.online.log import Block, MoveLog
from web.online.table import Table, last_roll
from web.online.turnclock import Budget, TurnClock, grace
from web.words import online_detail as detail
from web.words import online_news as news
from web.words.chat import phrase

FORMAT = "backgammon-online"
SCHEMA = 2  # 1: before seats signed their messages (such a save cannot go on)
Token = Callable[[int], bytes]
Wall = Callable[[], float]
MAX_SEQ_JUMP = 10_000  # messages the friend may have sent that never arrived
# By messages only a move clock in days runs (web.model.options.POST_CLOCKS):
# the minutes of a live game going on by links do not, nor does the friend's
# silence, which by links says nothing (#48).
POST_CLOCK_MIN = 24 * 3600
RESEND_GAP = 2.0  # seconds between two resends of missing history to one friend


class Peer:
    """This side of an online game (see the module docs)."""

    def __init__(
        self,
        invite: Invite,
        seat: int,
        *,
        seed: bytes,
        name: str,
        now: float,
        token: Token = secrets.token_bytes,
        timing: Timing | None = None,
        wall: Wall = time.time,
    ) -> None:
        self.signer = wire.Signer(seed)
        if seat == 0 and invite.host_key is None:
            invite = dataclasses.replace(invite, host_key=self.signer.public)
        if seat == 0 and invite.host_key != self.signer.public:
            raise ValueError(detail.OTHER_INVITER_KEY)
        self.invite = invite
        self.seat = seat
        self.name = name
        self.token = token
        self.wall = wall
        self.seal = wire.Seal(invite.room, invite.secret)
        self.log = MoveLog.new(invite.room, invite.rules)
        self.table = Table.new(invite.room, invite.rules)
        self.secret: bytes | None = None  # for this side's standing commitment
        # The friend's seat is bound to one key: the inviter's comes in the invite,
        # the friend's with its first hello; ``met`` once the friend has spoken.
        self.friend_key: bytes | None = invite.host_key if seat == 1 else None
        self.friend_name: str | None = invite.name if seat == 1 else None
        self.met = False
        self.seq = 0  # the last sequence number sent
        self.seen = 0  # the highest sequence number received from the friend
        self.claimed: Claimed | None = None
        self.by_post = False  # played by messages (set by web.online.correspondence)
        self.disputed: tuple[int, str] | None = None  # a claim refused (as have, head)
        self.presence = Presence(timing or Timing(), start=now)
        self.clock = TurnClock(float(invite.clock), since=now, wall=wall())
        self.budget = Budget(now)
        self.wants_dice = False  # the player asked for this side's roll
        self.greeted = False  # the friend has said hello since this page started
        self.version = 0  # bumped by every change a save must keep
        self._resent = -RESEND_GAP  # when the window of resends of missing history began
        self._resent_count = 0  # ... the blocks resent in it
        self._resent_for: tuple[int, str] | None = None  # ... and the last request served
        self._resend_owed = False
        self._flood_told = -60.0
        # The longest the friend was unheard since the move owed began: the
        # evidence, with no move clock, that this page was out of touch.
        self._quiet = 0.0
        self._link = self.link(now)
        self._shown = self.clock_shown(now)

    @property
    def key(self) -> bytes:
        """This seat's public key: its identity in the game."""
        return self.signer.public

    @classmethod
    def invite_friend(
        cls,
        name: str,
        rules: Rules,
        *,
        now: float,
        clock: int = DEFAULT_CLOCK,
        token: Token = secrets.token_bytes,
        timing: Timing | None = None,
        wall: Wall = time.time,
    ) -> Peer:
        """The inviter's side of a new game: a fresh key, and the invite carrying it."""
        seed = token(wire.SEED_BYTES)
        invite = Invite.new(name, rules, host_key=wire.Signer(seed).public, clock=clock,
                            token=token)  # fmt: skip
        return cls(invite, 0, seed=seed, name=invite.name, now=now, token=token, timing=timing,
                   wall=wall)  # fmt: skip

    @classmethod
    def host(cls, invite: Invite, *, now: float, token: Token = secrets.token_bytes,
             timing: Timing | None = None, wall: Wall = time.time) -> Peer:  # fmt: skip
        """The inviter's side, seat 0, for an ``invite`` that names no key yet (its
        :attr:`invite` then carries this side's)."""
        return cls(invite, 0, seed=token(wire.SEED_BYTES), name=invite.name, now=now,
                   token=token, timing=timing, wall=wall)  # fmt: skip

    @classmethod
    def join(cls, invite: Invite, name: str, *, now: float, token: Token = secrets.token_bytes,
             timing: Timing | None = None, wall: Wall = time.time) -> Peer:  # fmt: skip
        """The friend's side, who accepted the invite: seat 1."""
        return cls(invite, 1, seed=token(wire.SEED_BYTES), name=clean_name(name) or "Friend",
                   now=now, token=token, timing=timing, wall=wall)  # fmt: skip

    # -- reading --------------------------------------------------------------------

    @property
    def friend(self) -> int:
        return 1 - self.seat

    @property
    def match(self) -> Match:
        """The match as both sides have agreed it so far (this side's roll not
        yet revealed is not in it: see :attr:`my_dice`).  Once the game is
        claimed, it ends there: the one who left abandoned the game
        (:meth:`~engine.match.Match.abandon`), and the match is over."""
        return self.table.match

    @property
    def my_dice(self) -> tuple[int, int] | None:
        """This side's dice once the friend's value is in and before they are revealed."""
        if self.secret is None:
            return None
        return self.table.dice_for(self.seat, self.secret)

    @property
    def owing(self) -> int | None:
        """The seat that owes the next action of the game in progress (a reveal,
        a play, an answer...), or ``None`` (between games, or over)."""
        if self.claimed is not None or self.match.is_game_over:
            return None
        to_act = self.table.to_act()
        return next(iter(to_act)) if len(to_act) == 1 else None

    @property
    def claim_after(self) -> float:
        """The seconds an owed action may wait before the other side may claim:
        the move clock, or without one the presence's stated time."""
        return self.clock.limit or self.presence.timing.claim_after

    def link(self, now: float) -> Link:
        """The friend's presence now; :attr:`Link.CLAIMABLE` exactly when
        :meth:`can_claim`."""
        if self.can_claim(now):
            return Link.CLAIMABLE
        link = self.presence.link(now, met=self.met)
        return Link.WAITING if link is Link.CLAIMABLE else link

    @property
    def clock_runs(self) -> bool:
        """Whether a claim may end the game: live, always; by messages
        (:attr:`by_post`), under a move clock in days only."""
        return not self.by_post or self.clock.limit >= POST_CLOCK_MIN

    def can_claim(self, now: float) -> bool:
        """Whether the player may claim the game: by this page's own record, the
        friend owes an action and has not made it within the move clock (pings
        do not count); with no clock, the friend has also been silent (gone)
        that long.  By messages, only past a clock in days (:attr:`clock_runs`)."""
        if not self.met or self.owing != self.friend or not self.clock_runs:
            return False
        waited = self.clock.owed_for(now)
        if self.clock.limit:
            return waited >= self.clock.limit
        return waited >= self.claim_after and self.presence.silence(now) >= self.claim_after

    def clock_shown(self, now: float) -> tuple[int | None, int | None]:
        """Who owes an action and the whole seconds left on the move clock (both
        ``None`` with no clock, or nobody owing)."""
        owing = self.owing
        if not self.clock.limit or owing is None or not self.clock_runs:
            return (None, None)
        return (owing, int(self.clock.left(now) + 0.999))

    # -- the connection ----------------------------------------------------------------

    def connected(self, now: float) -> Output:
        """The transport is up: say hello (what history this side has), and make
        whatever is due without a decision (the opening commitment...)."""
        self.presence = self.presence.opened(now)
        out = Output((self._send(self._hello(reply=False), now),))
        return out + self._auto(now) + self._changes(now)

    def disconnected(self, now: float) -> Output:
        self.presence = self.presence.closed(now)
        return self._changes(now)

    def tick(self, now: float) -> Output:
        """Call from a timer: the heartbeat when due, a resend held back, the
        friend's presence and the move clock."""
        out = Output()
        if self._resend_owed and now - self._resent >= RESEND_GAP and self.presence.open:
            self._resend_owed = False
            out = Output((self._send(self._hello(reply=False), now),))
        elif self.presence.ping_due(now) and self.claimed is None:
            out = Output((self._send(wire.Ping(), now),))
        return out + self._changes(now)

    def catch_up(self, have: int, now: float, *, hello: bool) -> tuple[str, ...]:
        """The messages that bring a friend who holds our first ``have`` blocks up
        to date, for a channel with no connection to answer back (a link):
        this side's hello first if asked, then the blocks in batches."""
        texts = [self._send(self._hello(reply=False), now)] if hello else []
        missing = self.log.blocks[have:]
        for start in range(0, len(missing), wire.MAX_BATCH):
            batch = missing[start : start + wire.MAX_BATCH]
            texts.append(self._send(wire.Blocks(tuple(batch)), now))
        return tuple(texts)

    def full(self, now: float) -> str:
        """The message that tells a third page this game has its two players."""
        return self._send(wire.Full(), now)

    # -- local intents -------------------------------------------------------------------

    def roll(self, now: float) -> Output:
        """The player rolls: its dice come as a :class:`Rolled` event, now if the
        friend's value is already in (then an unplayable roll is revealed at
        once), else when it arrives (asking for it if this side could double)."""
        self._check_open()
        t = self.table
        if t.match.phase is not Phase.ROLL or t.roller != self.seat:
            raise OutOfTurnError(detail.NOT_YOUR_ROLL)
        self.wants_dice = True
        if self.my_dice is not None:
            return self._dice_ready(now)
        if self.seat in t.to_act() and not t.asked:
            return self._write([AskRoll()], now)
        return Output()  # the friend's value is on its way

    def play(self, moves: Sequence[tuple[int, int]], now: float) -> Output:
        """The player's whole play, as single-die moves (with the reveal of the roll)."""
        self._check_open()
        acts: list[Act] = []
        if self.my_dice is not None:
            assert self.secret is not None
            acts.append(Reveal(self.secret))
        acts.append(PlayMoves(tuple((src, dst) for src, dst in moves)))
        return self._write(acts, now)

    def double(self, now: float) -> Output:
        return self._write([OfferDouble()], now)

    def take(self, now: float) -> Output:
        return self._write([TakeDouble()], now)

    def drop(self, now: float) -> Output:
        return self._write([DropDouble()], now)

    def beaver(self, now: float) -> Output:
        return self._write([BeaverDouble()], now)

    def resign(self, value: int, now: float) -> Output:
        """Offer to resign.  Dice already cast for this side are revealed first:
        the resignation follows the roll (a :class:`Rolled` event, unless the
        page has had them from :meth:`roll`)."""
        self._check_open()
        dice, shown = self.my_dice, self.wants_dice
        if dice is None:
            return self._write([OfferResignation(value)], now)
        assert self.secret is not None
        out = self._write([Reveal(self.secret), OfferResignation(value)], now)
        return out if shown else Output(out.messages, (Rolled(self.seat, dice), *out.events))

    def accept(self, now: float) -> Output:
        return self._write([AcceptResignation()], now)

    def reject(self, now: float) -> Output:
        return self._write([RejectResignation()], now)

    def next_game(self, now: float) -> Output:
        """Start the next game (the friend may have started it already: then nothing)."""
        self._check_open()
        if self.match.is_over or not self.match.is_game_over:
            raise OutOfTurnError(detail.NEXT_GAME_TOO_SOON)
        start = self.log.next_block(None, (StartNextGame(),))
        self.table = self.table.apply_block(None, start.acts, start.index)
        self._grown(self.log.append(start), now)
        blocks: list[Block] = [start]
        events: list[Event] = []
        if self.seat in self.table.to_act() and self._due(self.table) is not None:
            block, events = self._compose([], now)  # the opening commitment rides along
            blocks.append(block)
        return self._flush(blocks, events, now)

    def chat(self, index: int, now: float) -> Output:
        """Send canned phrase number ``index``."""
        text = phrase(index)
        if text is None:
            raise ValueError(detail.no_phrase(index))
        return Output((self._send(wire.Chat(index), now),), (Said(self.seat, text),))

    def claim(self, now: float) -> Output:
        """Claim the game: the friend owes an action and let the move clock run
        out (:meth:`can_claim`).  It counts as the friend abandoning it; the
        friend's page judges the claim on its own record when it hears of it."""
        if not self.can_claim(now):
            raise OutOfTurnError(detail.CLAIM_TOO_SOON)
        claim = wire.Claim(len(self.log), self.log.head)
        claimed = self._abandoned_by(self.friend)
        return Output((self._send(claim, now),), (claimed,)) + self._changes(now)

    def dispute(self, now: float) -> str:
        """This side's answer to the friend's claim it refused
        (:attr:`disputed`), made again: for a channel whose next message
        replaces the one that carried the first (a link by messages)."""
        return self._send(wire.Disputed(len(self.log), self.log.head), now)

    def _abandoned_by(self, player: int) -> Claimed:
        """The game was claimed: ``player`` abandoned it.  The match ends so here
        (the log, which both sides agreed, stays as it was: a reload replays it
        and abandons the game again, see :meth:`from_json`)."""
        match = self.match.abandon(player)
        result = match.result
        assert result is not None
        self.table = dataclasses.replace(self.table, match=match)
        self.claimed = Claimed(1 - player, result.win_type, result.points)
        self.version += 1
        return self.claimed

    # -- incoming ----------------------------------------------------------------------

    def receive(self, text: object, now: float) -> Output:
        """A text from the friend's transport: what it changes, and what to answer.
        Whatever is wrong with it comes back as a :class:`Refused` event: this
        never raises."""
        if not self.budget.spend(now):
            self.budget = self.budget.after(now)
            if now - self._flood_told < 60:
                return Output()
            self._flood_told = now
            return Output(events=(Refused(FloodError(detail.SOME_IGNORED)),))
        self.budget = self.budget.after(now)
        grown = len(self.log)
        try:
            out = self._receive(text, now)
            if len(self.log) > grown:
                # Moves of the game cost nothing: they come only as fast as the
                # rules let them (the budget is for what carries nothing new).
                self.budget = self.budget.refund()
            return out
        except OnlineError as exc:
            return Output(events=(Refused(exc),))
        except Exception as exc:  # a last guard: a refusal, whatever the text was
            error = MalformedMessageError(detail.unreadable(type(exc).__name__))
            return Output(events=(Refused(error),))

    def _receive(self, text: object, now: float) -> Output:
        opened = self.seal.open(text)
        envelope = opened.envelope
        body = envelope.body
        if isinstance(body, wire.Full):
            return self._on_full(opened, now)
        self._check_sender(envelope)
        if not opened.verify():
            raise ForgedMessageError(detail.SIGNATURE_MISMATCH)
        if envelope.seq <= self.seen:
            if isinstance(body, wire.Hello) and self.met:
                # The friend's count went back (a reload from an older save): tell
                # it ours, so that it goes on above what this page has seen.
                return Output((self._send(self._hello(reply=False), now),))
            raise ReplayedMessageError(detail.came_again(envelope.seq))
        if envelope.seq > self.seen + MAX_SEQ_JUMP:
            raise MalformedMessageError(detail.too_far_ahead(envelope.seq))
        if not self.met and not isinstance(body, wire.Hello):
            raise StrangerError(detail.NO_HELLO)
        self.seen = envelope.seq
        self.version += 1
        if not self.met:
            self._bind(envelope.key, body)
        self._quiet = max(self._quiet, self.presence.silence(now))
        self.presence = self.presence.heard_at(now)
        if self.claimed is not None:
            return self._after_claim(body, now) + self._changes(now)
        out = self._handle(body, now)
        return out + self._auto(now) + self._changes(now)

    def _bind(self, key: bytes, body: wire.Body) -> None:
        """The friend's first hello takes the seat: its key and name from now on."""
        assert isinstance(body, wire.Hello)
        self.friend_key, self.met = key, True
        if self.seat == 0:
            self.friend_name = clean_name(body.name) or news.FRIEND

    def _on_full(self, opened: wire.Opened, now: float) -> Output:
        """A game this page came to join has its two players already: only the
        inviter's word counts (signed by the key its invite names)."""
        envelope = opened.envelope
        if self.met or self.seat != 1 or envelope.seat != 0:
            raise StrangerError(detail.FULL_FROM_OUTSIDE)
        if self.friend_key is not None and envelope.key != self.friend_key:
            raise StrangerError(detail.FULL_NOT_FROM_INVITER)
        if not opened.verify():
            raise ForgedMessageError(detail.SIGNATURE_MISMATCH)
        return Output(events=(GameFull(self.invite.name),))

    def _after_claim(self, body: wire.Body, now: float) -> Output:
        """A claimed game stays over.  The friend who comes back is told of this
        side's claim (until it answers it); its moves are refused; a dispute of
        the claim is said to the player once."""
        assert self.claimed is not None
        mine = self.claimed.seat == self.seat
        if isinstance(body, wire.Disputed):
            if not mine or self.disputed is not None:
                return Output()
            self.disputed = (body.have, body.head)
            self.version += 1
            return Output(events=(ClaimDisputed(self.friend_name or news.FRIEND),))
        if isinstance(body, (wire.Hello, wire.Blocks)) and mine and self.disputed is None:
            return Output((self._send(wire.Claim(len(self.log), self.log.head), now),))
        if isinstance(body, (wire.Hello, wire.Ping, wire.Claim)) or self.disputed is not None:
            return Output()  # (the moves of a friend who disputed: said once, not each time)
        return Output(events=(Refused(ClosedError(detail.claimed_by(mine))),))

    def _check_sender(self, envelope: wire.Envelope) -> None:
        if envelope.seat == self.seat:
            if envelope.key == self.key:
                raise ReplayedMessageError(detail.OWN_CAME_BACK)
            raise StrangerError(detail.IN_YOUR_SEAT)
        if self.friend_key is not None and envelope.key != self.friend_key:
            raise StrangerError(detail.NOT_THE_FRIEND)

    def _handle(self, body: wire.Body, now: float) -> Output:
        if isinstance(body, wire.Hello):
            return self._on_hello(body, now)
        if isinstance(body, wire.Blocks):
            return self._on_blocks(body.blocks, now)
        if isinstance(body, wire.Chat):
            said = phrase(body.phrase)
            assert said is not None  # the wire checked the index
            return Output(events=(Said(self.friend, said),))
        if isinstance(body, wire.Claim):
            return self._on_claim(body, now)
        return Output()  # a ping, or a dispute of a claim this side never made

    def _on_claim(self, claim: wire.Claim, now: float) -> Output:
        """The friend claims the game: judged by this page's own record.  It ends
        the game only if this side owed the action at the very history the claim
        names, and stayed silent past the stated time by this page's clock;
        otherwise it is refused as disputed and play goes on, nothing counted."""
        owed = self.clock.owed_for(now)
        limit = self.claim_after
        reason = ""
        if (claim.have, claim.head) != (len(self.log), self.log.head):
            reason = detail.HISTORIES_DIFFER
        elif not self.clock_runs:
            reason = detail.NO_CLOCK_BY_POST
        elif self.owing != self.seat:
            reason = detail.OWED_NO_MOVE
        elif owed < limit - grace(limit):
            reason = detail.owed_for(owed, limit)
        elif not self.clock.limit and self._quiet < limit - grace(limit):
            reason = detail.IN_TOUCH
        if not reason:
            return Output(events=(self._abandoned_by(self.seat),))
        answer = self._send(wire.Disputed(len(self.log), self.log.head), now)
        if self.disputed == (claim.have, claim.head):
            return Output((answer,))  # said once already
        self.disputed = (claim.have, claim.head)
        self.version += 1
        name = self.friend_name or news.FRIEND
        return Output((answer,), (Refused(DisputedClaimError(f"{name}: {reason}")),))

    def _on_hello(self, hello: wire.Hello, now: float) -> Output:
        events: list[Event] = []
        if not self.greeted:
            self.greeted = True
            events.append(FriendJoined(self.friend_name or news.FRIEND))
        if self.seq < hello.seen <= self.seq + MAX_SEQ_JUMP:
            # This page's count went back (a reload from an older save): go on above
            # what the friend has seen, never further than a count could have run.
            self.seq = hello.seen
        messages: list[str] = []
        if not hello.reply:
            messages.append(self._send(self._hello(reply=True), now))
        try:
            missing = self.log.missing_for(hello.have, hello.head)
        except ForkedHistoryError as exc:
            return Output(tuple(messages), (*events, Refused(exc)))
        if missing:
            if now - self._resent >= RESEND_GAP:
                self._resent, self._resent_count, self._resent_for = now, 0, None
            request = (hello.have, hello.head)
            spent = self._resent_count + len(missing)
            if request == self._resent_for or spent > 2 * len(self.log):
                # A storm of hellos must not make this page send its whole history
                # each time: at most twice its length within the gap, never the same
                # twice; the next tick asks again once the gap has passed.
                self._resend_owed = True
                missing = ()
            else:
                self._resent_count, self._resent_for = spent, request
        for start in range(0, len(missing), wire.MAX_BATCH):
            batch = missing[start : start + wire.MAX_BATCH]
            messages.append(self._send(wire.Blocks(tuple(batch)), now))
        return Output(tuple(messages), tuple(events))

    def _on_blocks(self, blocks: Sequence[Block], now: float) -> Output:
        """The friend's blocks, all or none: each new one must chain on and pass
        the table (so the engine); known ones (resent) are skipped."""
        log, table = self.log, self.table
        events: list[Event] = []
        had_dice = self.my_dice is not None
        try:
            for block in blocks:
                if not log.place(block):
                    continue
                if block.by == self.seat:
                    raise ForkedHistoryError(detail.in_your_name(block.index + 1))
                before = table
                table = table.apply_block(block.by, block.acts, block.index)
                log = log.append(block)
                events.extend(self._news(block, before, table))
        except OutOfOrderError as exc:
            # Some went missing: ask again (the hello says what we have).
            return Output((self._send(self._hello(reply=False), now),), (Refused(exc),))
        except OnlineError as exc:
            return Output(events=(Refused(exc),))
        self.table = table
        if len(log) != len(self.log):
            self._grown(log, now)
        out = Output(events=tuple(events))
        if not had_dice and self.my_dice is not None and self.wants_dice:
            out += self._dice_ready(now)
        return out

    def _news(self, block: Block, before: Table, after: Table) -> list[Event]:
        """What the page must hear of the friend's block."""
        events: list[Event] = []
        seat = self.friend
        for act in block.acts:
            if isinstance(act, StartNextGame):
                return [Decided(seat, act)]
            if isinstance(act, Reveal):
                events.extend(_rolled(after))
                if before.match.phase is not Phase.OPENING:
                    events.append(Decided(seat, RollDice()))
            elif not isinstance(act, (Commit, Random, AskRoll)):
                events.append(Decided(seat, act))  # the game's own acts are its decisions
        return events

    # -- writing ------------------------------------------------------------------------

    def _write(self, acts: list[Act], now: float) -> Output:
        """A block of this side's ``acts``, with what is due after them (its next
        commitment, the friend's random value), written to the log and sent.
        Raises the table's refusal, leaving everything as it was."""
        block, events = self._compose(acts, now)
        return self._flush([block], events, now)

    def _compose(self, acts: list[Act], now: float) -> tuple[Block, list[Event]]:
        self._check_open()
        table = self.table
        if self.seat not in table.to_act():
            raise OutOfTurnError(detail.FRIENDS_TURN)
        turn, secret = len(self.log), self.secret
        written: list[Act] = []
        events: list[Event] = []
        pending = list(acts)
        while pending or self._due(table) is not None:
            if pending:
                act = pending.pop(0)
            else:
                act, secret = self._owed(table, turn, secret)
            before = table
            table = table.apply_act(self.seat, act, turn)
            written.append(act)
            if isinstance(act, Reveal) and before.match.phase is Phase.OPENING:
                events.extend(_rolled(table))
        block = self.log.next_block(self.seat, written)
        if table.pledges[self.seat] is None:
            # A reveal with nothing owed after it (the game's last play) spends the
            # secret; kept, it would stand for no commitment and a reload refuses it.
            secret = None
        self.table, self.secret = table, secret
        self._grown(self.log.append(block), now)
        if any(isinstance(a, Reveal) for a in written):
            self.wants_dice = False
        return block, events

    def _due(self, table: Table) -> str | None:
        """What this side owes now without a decision: ``"commit"`` to its next
        roll, the friend's ``"random"`` value, the opening's ``"reveal"``."""
        seat = self.seat
        if table.match.is_game_over:
            return None
        if table.pledges[seat] is None:
            return "commit"
        roller = table.roller
        if roller is not None and roller != seat and table.random_due:
            return "random"
        if table.match.phase is Phase.OPENING and roller == seat and table.random is not None:
            return "reveal"
        return None

    def _owed(self, table: Table, turn: int, secret: bytes | None) -> tuple[Act, bytes | None]:
        """The act :meth:`_due` names, made, with this side's secret after it."""
        due = self._due(table)
        if due == "commit":
            fresh = new_secret(self.token)
            return Commit(commitment(table.context(self.seat, turn), fresh)), fresh
        if due == "random":
            return Random(new_secret(self.token)), secret
        assert due == "reveal" and secret is not None
        return Reveal(secret), secret

    def _auto(self, now: float) -> Output:
        """Write what is due from this side without a decision, if anything."""
        out = Output()
        while (
            self.claimed is None
            and self.seat in self.table.to_act()
            and self._due(self.table) is not None
        ):
            out += self._write([], now)
        return out

    def _flush(self, blocks: list[Block], events: list[Event], now: float) -> Output:
        text = self._send(wire.Blocks(tuple(blocks)), now)
        return Output((text,), tuple(events))

    def _dice_ready(self, now: float) -> Output:
        """This side's dice, for the page; an unplayable roll is revealed at once."""
        dice = self.my_dice
        assert dice is not None and self.secret is not None
        out = Output(events=(Rolled(self.seat, dice),))
        if self.match.roll(dice).phase is not Phase.MOVE:
            out += self._write([Reveal(self.secret)], now)
        return out

    def _grown(self, log: MoveLog, now: float) -> None:
        """The log grew: the move clock starts again for whoever owes now."""
        self.log = log
        self.clock = self.clock.restarted(now, self.wall())
        self._quiet = 0.0
        self.version += 1

    def _send(self, body: wire.Body, now: float) -> str:
        self.seq += 1
        self.version += 1
        self.presence = self.presence.sent_at(now)
        return self.seal.seal(wire.Envelope(self.seat, self.key, self.seq, body), self.signer)

    def _hello(self, *, reply: bool) -> wire.Hello:
        return wire.Hello(len(self.log), self.log.head, self.seen, self.name, reply)

    def _check_open(self) -> None:
        if self.claimed is not None:
            raise ClosedError(detail.WAS_CLAIMED)

    def _changes(self, now: float) -> Output:
        """The friend's presence and the move clock, when the page must redraw them."""
        events: list[Event] = []
        link = self.link(now)
        if link is not self._link:
            self._link = link
            events.append(LinkChanged(link))
        shown = self.clock_shown(now)
        if shown != self._shown:
            self._shown = shown
            events.append(ClockChanged(*shown))
        return Output(events=tuple(events))

    # -- saving ------------------------------------------------------------------------------

    def to_json(self) -> dict[str, object]:
        """Everything needed to go on after a reload (see :meth:`from_json`)."""
        return {
            "format": FORMAT,
            "schema": SCHEMA,
            "invite": self.invite.text,
            "seat": self.seat,
            "seed": b64(self.signer.seed),
            "name": self.name,
            "friend": None
            if not self.met or self.friend_key is None
            else {"key": b64(self.friend_key), "name": self.friend_name},
            "log": [b.to_json() for b in self.log.blocks],
            "secret": None if self.secret is None else b64(self.secret),
            "seq": self.seq,
            "seen": self.seen,
            "claimed": None if self.claimed is None else self.claimed.seat,
            "disputed": None if self.disputed is None else list(self.disputed),
            "since": self.clock.wall,
            # The player asked for its roll before the friend's value came: the
            # dice are shown when it does, after a reload too (a correspondence
            # game is reloaded between every two links).
            "wants_dice": self.wants_dice,
        }

    @classmethod
    def from_json(cls, data: object, *, now: float, token: Token = secrets.token_bytes,
                  timing: Timing | None = None, wall: Wall = time.time) -> Peer:  # fmt: skip
        """A peer rebuilt from :meth:`to_json`, its whole log replayed through the
        table; raises :class:`SavedStateError` for anything that does not hold."""
        try:
            return _restore(data, now, token, timing, wall)
        except SavedStateError:
            raise
        except (OnlineError, ValueError) as exc:  # the refusal, in our words
            raise SavedStateError(str(exc)) from exc
        except (KeyError, TypeError) as exc:  # Python's English is not the player's
            raise SavedStateError(detail.NOT_SAVED_ONLINE) from exc


def _rolled(after: Table) -> list[Event]:
    """The roll a reveal made, for the page."""
    found = last_roll(after.match)
    if found is None:  # pragma: no cover - a reveal always rolls
        return []
    seat, dice = found
    return [Rolled(seat, dice)]


def _restore(data: object, now: float, token: Token, timing: Timing | None, wall: Wall) -> Peer:
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise SavedStateError(detail.NOT_SAVED_ONLINE)
    if data.get("schema") != SCHEMA:
        raise SavedStateError(detail.EARLIER_VERSION)
    invite = Invite.parse(data["invite"])
    seat = data["seat"]
    if type(seat) is not int or seat not in (0, 1):
        raise SavedStateError(detail.saved_seat(seat))
    name = data["name"]
    if not isinstance(name, str):
        raise SavedStateError(detail.SAVED_NAME)
    peer = Peer(invite, seat, seed=unb64(data["seed"], wire.SEED_BYTES), name=name, now=now,
                token=token, timing=timing, wall=wall)  # fmt: skip
    friend = data["friend"]
    if friend is not None:
        if not isinstance(friend, dict) or not isinstance(friend.get("name"), (str, type(None))):
            raise SavedStateError(detail.SAVED_FRIEND)
        friend_key = unb64(friend["key"], wire.KEY_BYTES)
        if peer.friend_key is not None and friend_key != peer.friend_key:
            raise SavedStateError(detail.SAVED_FRIEND_KEY)
        peer.friend_key, peer.friend_name, peer.met = friend_key, friend["name"], True
    blocks = data["log"]
    if not isinstance(blocks, list):
        raise SavedStateError(detail.SAVED_LOG)
    for raw in blocks:
        block = Block.from_json(raw)
        peer.table = peer.table.apply_block(block.by, block.acts, block.index)
        peer.log = peer.log.append(block)
    secret = data["secret"]
    pledge = peer.table.pledges[seat]
    if (secret is None) != (pledge is None):
        raise SavedStateError(detail.SECRET_WITHOUT_PLEDGE)
    if secret is not None:
        assert pledge is not None
        peer.secret = unb64(secret, 32)
        if commitment(peer.table.context(seat), peer.secret) != pledge.digest:
            raise SavedStateError(detail.SECRET_NOT_PLEDGED)
    for key in ("seq", "seen"):
        value = data[key]
        if type(value) is not int or value < 0:
            raise SavedStateError(detail.saved_count(key))
        setattr(peer, key, value)
    disputed = data.get("disputed")
    if disputed is not None:
        if not (isinstance(disputed, list) and len(disputed) == 2 and type(disputed[0]) is int
                and isinstance(disputed[1], str)):  # fmt: skip
            raise SavedStateError(detail.SAVED_DISPUTE)
        peer.disputed = (disputed[0], disputed[1])
    wants_dice = data.get("wants_dice", False)  # (absent from saves before it was kept)
    if not isinstance(wants_dice, bool):
        raise SavedStateError(detail.SAVED_WANTS_DICE)
    t = peer.table
    peer.wants_dice = wants_dice and t.match.phase is Phase.ROLL and t.roller == seat
    since = data.get("since")
    if not isinstance(since, (int, float)) or isinstance(since, bool):
        raise SavedStateError(detail.SAVED_SINCE)
    # This side's own time owed goes on counting while its page was closed (it
    # was away); the friend's starts again, as this page was not watching.
    away = peer.owing == seat
    peer.clock = peer.clock.resumed(now, float(since), wall(), count_absence=away)
    peer._quiet = peer.clock.owed_for(now)  # a closed page heard nothing
    claimed = data["claimed"]
    if claimed is not None:
        if type(claimed) is not int or claimed not in (0, 1):
            raise SavedStateError(detail.SAVED_CLAIMED)
        peer._abandoned_by(1 - claimed)
    peer._link = peer.link(now)
    peer._shown = peer.clock_shown(now)
    peer.version = 0
    return peer
