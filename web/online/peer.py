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
>>> invite = Invite.new("Ann", Rules(3))
>>> ann = Peer.host(invite, now=0.0)
>>> bob = Peer.join(Invite.from_link("https://x.org/#" + invite.fragment), "Bob", now=0.0)
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
>>> [e.decision for e in deliver(out, other).events]
[PlayMoves(moves=...)]
>>> ann.match.record == bob.match.record
True
"""

from __future__ import annotations

import dataclasses
import secrets
from collections.abc import Callable, Mapping, Sequence
from types import MappingProxyType

from engine.game import Phase
from engine.match import Match
from web.online import wire
from web.online.acts import (
    Accept,
    Act,
    AskRoll,
    Beaver,
    Commit,
    Double,
    Drop,
    NextGame,
    Play,
    Random,
    Reject,
    Resign,
    Reveal,
    Take,
)
from web.online.chat import phrase
from web.online.codec import b64, unb64
from web.online.errors import (
    ClosedError,
    ForkedHistoryError,
    OnlineError,
    OutOfOrderError,
    OutOfTurnError,
    ReplayedMessageError,
    SavedStateError,
    StrangerError,
)
from web.online.events import (
    BeaverDouble,
    Claimed,
    Decided,
    Event,
    FriendJoined,
    LinkChanged,
    Output,
    Refused,
    Rolled,
    Said,
    StartNextGame,
)
from web.online.fairdice import commitment, new_secret
from web.online.invite import Invite, clean_name
from web.online.log import Block, MoveLog
from web.online.presence import Link, Presence, Timing
from web.online.table import Table, last_roll
from web.opponent import (
    AcceptResignation,
    Decision,
    DropDouble,
    OfferDouble,
    OfferResignation,
    PlayMoves,
    RejectResignation,
    RollDice,
    TakeDouble,
)

FORMAT = "backgammon-online"
SCHEMA = 1
Token = Callable[[int], bytes]


class Peer:
    """This side of an online game (see the module docs)."""

    def __init__(
        self,
        invite: Invite,
        seat: int,
        *,
        key: bytes,
        name: str,
        now: float,
        token: Token = secrets.token_bytes,
        timing: Timing | None = None,
    ) -> None:
        self.invite = invite
        self.seat = seat
        self.key = key
        self.name = name
        self.token = token
        self.seal = wire.Seal(invite.room, invite.secret)
        self.log = MoveLog.new(invite.room, invite.rules)
        self.table = Table.new(invite.room, invite.rules)
        self.secret: bytes | None = None  # for this side's standing commitment
        self.friend_key: bytes | None = None
        self.friend_name: str | None = invite.name if seat == 1 else None
        self.seq = 0  # the last sequence number sent
        self.seen = 0  # the highest sequence number received from the friend
        self.claimed: Claimed | None = None
        self.presence = Presence(timing or Timing(), start=now)
        self.wants_dice = False  # the player asked for this side's roll
        self.greeted = False  # the friend has said hello since this page started
        self._link = self.link(now)

    @classmethod
    def host(cls, invite: Invite, *, now: float, token: Token = secrets.token_bytes,
             timing: Timing | None = None) -> Peer:  # fmt: skip
        """The inviter's side: seat 0, named in the invite."""
        return cls(invite, 0, key=token(wire.KEY_BYTES), name=invite.name, now=now,
                   token=token, timing=timing)  # fmt: skip

    @classmethod
    def join(cls, invite: Invite, name: str, *, now: float, token: Token = secrets.token_bytes,
             timing: Timing | None = None) -> Peer:  # fmt: skip
        """The friend's side, who accepted the invite: seat 1."""
        return cls(invite, 1, key=token(wire.KEY_BYTES), name=clean_name(name) or "Friend",
                   now=now, token=token, timing=timing)  # fmt: skip

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

    def link(self, now: float) -> Link:
        """The friend's presence now."""
        return self.presence.link(now, met=self.friend_key is not None)

    def can_claim(self, now: float) -> bool:
        """Whether the player may claim the game: the friend has been gone longer
        than the stated time and a game is in progress."""
        return (
            self.claimed is None
            and self.link(now) is Link.CLAIMABLE
            and not self.match.is_game_over
        )

    # -- the connection ----------------------------------------------------------------

    def connected(self, now: float) -> Output:
        """The transport is up: say hello (what history this side has), and make
        whatever is due without a decision (the opening commitment...)."""
        self.presence = self.presence.opened(now)
        out = Output((self._send(self._hello(reply=False), now),))
        return out + self._auto(now) + self._link_change(now)

    def disconnected(self, now: float) -> Output:
        self.presence = self.presence.closed(now)
        return self._link_change(now)

    def tick(self, now: float) -> Output:
        """Call from a timer: the heartbeat when due, and the friend's presence."""
        out = Output()
        if self.presence.ping_due(now) and self.claimed is None:
            out = Output((self._send(wire.Ping(), now),))
        return out + self._link_change(now)

    # -- local intents -------------------------------------------------------------------

    def roll(self, now: float) -> Output:
        """The player rolls: its dice come as a :class:`Rolled` event, now if the
        friend's value is already in (then an unplayable roll is revealed at
        once), else when it arrives (asking for it if this side could double)."""
        self._check_open()
        t = self.table
        if t.match.phase is not Phase.ROLL or t.roller != self.seat:
            raise OutOfTurnError("it is not your roll")
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
        acts.append(Play(tuple((src, dst) for src, dst in moves)))
        return self._write(acts, now)

    def double(self, now: float) -> Output:
        return self._write([Double()], now)

    def take(self, now: float) -> Output:
        return self._write([Take()], now)

    def drop(self, now: float) -> Output:
        return self._write([Drop()], now)

    def beaver(self, now: float) -> Output:
        return self._write([Beaver()], now)

    def resign(self, value: int, now: float) -> Output:
        """Offer to resign.  Dice already cast for this side are revealed first:
        the resignation follows the roll (a :class:`Rolled` event, unless the
        page has had them from :meth:`roll`)."""
        self._check_open()
        dice, shown = self.my_dice, self.wants_dice
        if dice is None:
            return self._write([Resign(value)], now)
        assert self.secret is not None
        out = self._write([Reveal(self.secret), Resign(value)], now)
        return out if shown else Output(out.messages, (Rolled(self.seat, dice), *out.events))

    def accept(self, now: float) -> Output:
        return self._write([Accept()], now)

    def reject(self, now: float) -> Output:
        return self._write([Reject()], now)

    def next_game(self, now: float) -> Output:
        """Start the next game (the friend may have started it already: then nothing)."""
        self._check_open()
        if self.match.is_over or not self.match.is_game_over:
            raise OutOfTurnError("the next game can start only once this one is over")
        start = self.log.next_block(None, (NextGame(),))
        self.table = self.table.apply_block(None, start.acts, start.index)
        self.log = self.log.append(start)
        blocks: list[Block] = [start]
        events: list[Event] = []
        if self.seat in self.table.to_act() and self._due(self.table) is not None:
            block, events = self._compose([])  # the opening commitment rides along
            blocks.append(block)
        return self._flush(blocks, events, now)

    def chat(self, index: int, now: float) -> Output:
        """Send canned phrase number ``index``."""
        text = phrase(index)
        if text is None:
            raise ValueError(f"no phrase {index}")
        return Output((self._send(wire.Chat(index), now),), (Said(self.seat, text),))

    def claim(self, now: float) -> Output:
        """Claim the game in progress after the friend was gone the stated time;
        it counts as the friend abandoning it.  The friend is told if it returns."""
        if not self.can_claim(now):
            raise OutOfTurnError("the game can be claimed only after your friend is gone a while")
        claimed = self._abandoned_by(self.friend)
        return Output((self._send(wire.Claim(), now),), (claimed,))

    def _abandoned_by(self, player: int) -> Claimed:
        """The game was claimed: ``player`` abandoned it.  The match ends so here
        (the log, which both sides agreed, stays as it was: a reload replays it
        and abandons the game again, see :meth:`from_json`)."""
        match = self.match.abandon(player)
        result = match.result
        assert result is not None
        self.table = dataclasses.replace(self.table, match=match)
        self.claimed = Claimed(1 - player, result.win_type, result.points)
        return self.claimed

    # -- incoming ----------------------------------------------------------------------

    def receive(self, text: object, now: float) -> Output:
        """A text from the friend: what it changes, and what to answer."""
        try:
            envelope = self.seal.open(text)
            self._check_sender(envelope)
        except OnlineError as exc:
            return Output(events=(Refused(exc),))
        body = envelope.body
        if envelope.seq <= self.seen:
            if isinstance(body, wire.Hello):
                # Maybe the friend's count went back (a reload): tell it ours.
                return Output((self._send(self._hello(reply=False), now),))
            error = ReplayedMessageError(f"message {envelope.seq} came again")
            return Output(events=(Refused(error),))
        self.seen = envelope.seq
        self.friend_key = envelope.key
        self.presence = self.presence.heard_at(now)
        if self.claimed is not None:
            return self._after_claim(body, now) + self._link_change(now)
        out = self._handle(body, now)
        return out + self._auto(now) + self._link_change(now)

    def _after_claim(self, body: wire.Body, now: float) -> Output:
        """A claimed game stays over: the friend is told again when it comes
        back; its moves are refused; its hellos, pings and claims need nothing."""
        assert self.claimed is not None
        if isinstance(body, (wire.Hello, wire.Blocks)) and self.claimed.seat == self.seat:
            return Output((self._send(wire.Claim(), now),))
        if isinstance(body, (wire.Hello, wire.Ping, wire.Claim)):
            return Output()
        who = "you" if self.claimed.seat == self.seat else "your friend"
        return Output(events=(Refused(ClosedError(f"{who} claimed the game")),))

    def _check_sender(self, envelope: wire.Envelope) -> None:
        if envelope.seat == self.seat:
            if envelope.key == self.key:
                raise ReplayedMessageError("our own message came back")
            raise StrangerError("someone else is writing in your seat")
        if self.friend_key is not None and envelope.key != self.friend_key:
            raise StrangerError("the message is not from the friend who joined")

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
            if self.match.is_game_over:
                return Output()
            return Output(events=(self._abandoned_by(self.seat),))
        return Output()  # a ping: heard is enough

    def _on_hello(self, hello: wire.Hello, now: float) -> Output:
        events: list[Event] = []
        name = clean_name(hello.name)
        if self.seat == 0 and name:
            self.friend_name = name  # the inviter learns the friend's name here
        if not self.greeted:
            self.greeted = True
            events.append(FriendJoined(self.friend_name or "Your friend"))
        if hello.seen > self.seq:
            self.seq = hello.seen  # our count went back (a reload): go on above it
        messages: list[str] = []
        if not hello.reply:
            messages.append(self._send(self._hello(reply=True), now))
        try:
            missing = self.log.missing_for(hello.have, hello.head)
        except ForkedHistoryError as exc:
            return Output(tuple(messages), (*events, Refused(exc)))
        for start in range(0, len(missing), wire.MAX_BATCH):
            batch = missing[start : start + wire.MAX_BATCH]
            messages.append(self._send(wire.Blocks(batch), now))
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
                    raise ForkedHistoryError(f"move {block.index + 1} is in your name")
                before = table
                table = table.apply_block(block.by, block.acts, block.index)
                log = log.append(block)
                events.extend(self._news(block, before, table))
        except OutOfOrderError as exc:
            # Some went missing: ask again (the hello says what we have).
            return Output((self._send(self._hello(reply=False), now),), (Refused(exc),))
        except OnlineError as exc:
            return Output(events=(Refused(exc),))
        self.log, self.table = log, table
        out = Output(events=tuple(events))
        if not had_dice and self.my_dice is not None and self.wants_dice:
            out += self._dice_ready(now)
        return out

    def _news(self, block: Block, before: Table, after: Table) -> list[Event]:
        """What the page must hear of the friend's block."""
        events: list[Event] = []
        seat = self.friend
        for act in block.acts:
            if isinstance(act, NextGame):
                return [Decided(seat, StartNextGame())]
            if isinstance(act, Reveal):
                events.extend(_rolled(after))
                if before.match.phase is not Phase.OPENING:
                    events.append(Decided(seat, RollDice()))
            elif isinstance(act, Play):
                events.append(Decided(seat, PlayMoves(act.moves)))
            elif isinstance(act, Resign):
                events.append(Decided(seat, OfferResignation(act.value)))
            elif not isinstance(act, (Commit, Random, AskRoll)):
                events.append(Decided(seat, _DECISIONS[type(act)]))
        return events

    # -- writing ------------------------------------------------------------------------

    def _write(self, acts: list[Act], now: float) -> Output:
        """A block of this side's ``acts``, with what is due after them (its next
        commitment, the friend's random value), written to the log and sent.
        Raises the table's refusal, leaving everything as it was."""
        block, events = self._compose(acts)
        return self._flush([block], events, now)

    def _compose(self, acts: list[Act]) -> tuple[Block, list[Event]]:
        self._check_open()
        table = self.table
        if self.seat not in table.to_act():
            raise OutOfTurnError("it is your friend's turn")
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
        self.table, self.log, self.secret = table, self.log.append(block), secret
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

    def _send(self, body: wire.Body, now: float) -> str:
        self.seq += 1
        self.presence = self.presence.sent_at(now)
        return self.seal.seal(wire.Envelope(self.seat, self.key, self.seq, body))

    def _hello(self, *, reply: bool) -> wire.Hello:
        return wire.Hello(len(self.log), self.log.head, self.seen, self.name, reply)

    def _check_open(self) -> None:
        if self.claimed is not None:
            raise ClosedError("the game was claimed")

    def _link_change(self, now: float) -> Output:
        link = self.link(now)
        if link is self._link:
            return Output()
        self._link = link
        return Output(events=(LinkChanged(link),))

    # -- saving ------------------------------------------------------------------------------

    def to_json(self) -> dict[str, object]:
        """Everything needed to go on after a reload (see :meth:`from_json`)."""
        return {
            "format": FORMAT,
            "schema": SCHEMA,
            "invite": self.invite.text,
            "seat": self.seat,
            "key": b64(self.key),
            "name": self.name,
            "friend": None
            if self.friend_key is None
            else {"key": b64(self.friend_key), "name": self.friend_name},
            "log": [b.to_json() for b in self.log.blocks],
            "secret": None if self.secret is None else b64(self.secret),
            "seq": self.seq,
            "seen": self.seen,
            "claimed": None if self.claimed is None else self.claimed.seat,
        }

    @classmethod
    def from_json(cls, data: object, *, now: float, token: Token = secrets.token_bytes,
                  timing: Timing | None = None) -> Peer:  # fmt: skip
        """A peer rebuilt from :meth:`to_json`, its whole log replayed through the
        table; raises :class:`SavedStateError` for anything that does not hold."""
        try:
            return _restore(data, now, token, timing)
        except SavedStateError:
            raise
        except (OnlineError, ValueError, KeyError, TypeError) as exc:
            raise SavedStateError(str(exc)) from exc


_DECISIONS: Mapping[type[Act], Decision | BeaverDouble] = MappingProxyType(
    {
        Double: OfferDouble(),
        Take: TakeDouble(),
        Drop: DropDouble(),
        Beaver: BeaverDouble(),
        Accept: AcceptResignation(),
        Reject: RejectResignation(),
    }
)


def _rolled(after: Table) -> list[Event]:
    """The roll a reveal made, for the page."""
    found = last_roll(after.match)
    if found is None:  # pragma: no cover - a reveal always rolls
        return []
    seat, dice = found
    return [Rolled(seat, dice)]


def _restore(data: object, now: float, token: Token, timing: Timing | None) -> Peer:
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise SavedStateError("not a saved online game")
    if data.get("schema") != SCHEMA:
        raise SavedStateError(f"unknown schema {data.get('schema')!r}")
    invite = Invite.parse(data["invite"])
    seat = data["seat"]
    if seat not in (0, 1) or isinstance(seat, bool):
        raise SavedStateError(f"seat 0 or 1, not {seat!r}")
    name = data["name"]
    if not isinstance(name, str):
        raise SavedStateError("a name")
    peer = Peer(invite, seat, key=unb64(data["key"], wire.KEY_BYTES), name=name, now=now,
                token=token, timing=timing)  # fmt: skip
    friend = data["friend"]
    if friend is not None:
        if not isinstance(friend, dict) or not isinstance(friend.get("name"), (str, type(None))):
            raise SavedStateError("the friend")
        peer.friend_key = unb64(friend["key"], wire.KEY_BYTES)
        peer.friend_name = friend["name"]
    blocks = data["log"]
    if not isinstance(blocks, list):
        raise SavedStateError("the log is a list")
    for raw in blocks:
        block = Block.from_json(raw)
        peer.table = peer.table.apply_block(block.by, block.acts, block.index)
        peer.log = peer.log.append(block)
    secret = data["secret"]
    pledge = peer.table.pledges[seat]
    if (secret is None) != (pledge is None):
        raise SavedStateError("the secret does not go with the commitment standing")
    if secret is not None:
        assert pledge is not None
        peer.secret = unb64(secret, 32)
        if commitment(peer.table.context(seat), peer.secret) != pledge.digest:
            raise SavedStateError("the secret does not match the commitment standing")
    for key in ("seq", "seen"):
        value = data[key]
        if not isinstance(value, int) or isinstance(value, bool) or value < 0:
            raise SavedStateError(f"{key} is a count")
        setattr(peer, key, value)
    claimed = data["claimed"]
    if claimed is not None:
        if claimed not in (0, 1) or isinstance(claimed, bool):
            raise SavedStateError("claimed by seat 0 or 1")
        peer._abandoned_by(1 - claimed)
    peer._link = peer.link(now)
    return peer
