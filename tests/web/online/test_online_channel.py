"""Two peers through an in-memory channel: the harness the online-play tests share.

:class:`Channel` wires two :class:`~web.online.peer.Peer` objects together
with a clock, a connection that can drop (whatever is in flight is lost) and
come back, and a :class:`Mirror` per side: the match as a page would keep it,
built only from its own intents and the events its peer gives it, which must
always agree with the peer's own match.  :func:`play_until` makes the
decisions a :class:`Policy` asks for, for whichever side must act.
"""

from __future__ import annotations

import json
import random
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field

from engine.ai import choose_play
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
from engine.movegen import Play
from engine.rules import Rules
from web.model.presence import Timing
from web.online.events import Decided, Event, Output, Refused, Rolled
from web.online.invite import Invite
from web.online.peer import Peer

TIMING = Timing(heartbeat=5, quiet=15, claim_after=60)


def tokens(seed: int) -> Callable[[int], bytes]:
    rng = random.Random(seed)
    return rng.randbytes


class Mirror:
    """The match one page keeps: its own intents, and its peer's events."""

    def __init__(self, rules: Rules, seat: int) -> None:
        self.match = Match.from_rules(rules)
        self.seat = seat
        self.pending: tuple[int, int] | None = None  # the friend's dice, before its RollDice

    def see(self, event: Event) -> None:
        m = self.match
        if isinstance(event, Rolled):
            if event.seat is None or event.seat == self.seat:
                self.match = m.roll(event.dice)
            else:
                self.pending = event.dice
        elif isinstance(event, Decided):
            d = event.decision
            if isinstance(d, RollDice):
                assert self.pending is not None
                self.match, self.pending = m.roll(self.pending), None
            elif isinstance(d, PlayMoves):
                self.match = m.play_moves(d.moves)
            elif isinstance(d, OfferResignation):
                self.match = m.resign(d.value)
            else:
                self.match = {
                    OfferDouble: Match.double,
                    TakeDouble: Match.take,
                    DropDouble: Match.drop,
                    BeaverDouble: Match.beaver,
                    AcceptResignation: Match.accept_resignation,
                    RejectResignation: Match.reject_resignation,
                    StartNextGame: Match.next_game,
                }[type(d)](m)


@dataclass
class Policy:
    """How the players decide; the default plays on: no cube, no resignations."""

    double: Callable[[Match, int], bool] = lambda m, seat: False
    take: Callable[[Match, int], bool] = lambda m, seat: True
    beaver: Callable[[Match, int], bool] = lambda m, seat: False
    resign: Callable[[Match, int], int] = lambda m, seat: 0
    accept: Callable[[Match, int], bool] = lambda m, seat: True


def greedy(match: Match) -> Play:
    """A quick, sensible play (the AI's middle level), so that games end."""
    assert match.dice is not None
    return choose_play(match.position, match.dice, level="medium", rng=random.Random(0))


@dataclass
class Channel:
    """Two peers, their inboxes, a clock and a connection that can drop."""

    rules: Rules
    seed: int = 1
    peers: list[Peer] = field(init=False)
    mirrors: list[Mirror] = field(init=False)
    inbox: list[deque[str]] = field(init=False)
    events: list[list[Event]] = field(init=False)
    sent: list[list[str]] = field(init=False)
    up: bool = field(init=False, default=False)
    now: float = field(init=False, default=0.0)

    def __post_init__(self) -> None:
        # No move clock: a friend may be claimed against once gone the stated time.
        invite = Invite.new("Ann", self.rules, clock=0, token=tokens(self.seed))
        host = Peer.host(invite, now=0.0, token=tokens(self.seed * 2), timing=TIMING)
        # The guest reads the invite as the host's page links it (with the host's key).
        guest = Invite.from_link(host.invite.link("https://example.org/backgammon/"))
        self.peers = [
            host,
            Peer.join(guest, "Bob", now=0.0, token=tokens(self.seed * 2 + 1), timing=TIMING),
        ]
        self.mirrors = [Mirror(self.rules, 0), Mirror(self.rules, 1)]
        self.inbox = [deque(), deque()]
        self.events = [[], []]
        self.sent = [[], []]

    # -- the wire --------------------------------------------------------------------

    def post(self, seat: int, out: Output) -> Output:
        """What ``seat``'s peer answered: its events to its page, its texts on the wire."""
        for event in out.events:
            self.events[seat].append(event)
            self.mirrors[seat].see(event)
        for text in out.messages:
            self.sent[seat].append(text)
            if self.up:
                self.inbox[1 - seat].append(text)
        return out

    def deliver(self, seat: int, text: str) -> Output:
        """``text`` given to ``seat``'s peer now (the answer goes on the wire)."""
        return self.post(seat, self.peers[seat].receive(text, self.now))

    def pump(self) -> None:
        """Deliver until both inboxes are empty."""
        while self.inbox[0] or self.inbox[1]:
            for seat in (0, 1):
                if self.inbox[seat]:
                    self.deliver(seat, self.inbox[seat].popleft())

    def connect(self) -> None:
        self.up = True
        for seat in (0, 1):
            self.post(seat, self.peers[seat].connected(self.now))
        self.pump()

    def drop(self) -> None:
        """The connection goes: what is in flight is lost."""
        self.up = False
        for seat in (0, 1):
            self.inbox[seat].clear()
            self.post(seat, self.peers[seat].disconnected(self.now))

    def reload(self, seat: int) -> None:
        """``seat``'s page reloads: its peer is rebuilt from its saved JSON."""
        saved = json.loads(json.dumps(self.peers[seat].to_json()))
        self.peers[seat] = Peer.from_json(
            saved, now=self.now, token=tokens(self.seed * 7 + seat), timing=TIMING
        )

    def act(self, seat: int, intent: str, *args: object) -> Output:
        """A local intent of ``seat``'s player, applied to its page's match too."""
        peer = self.peers[seat]
        out = self.post(seat, getattr(peer, intent)(*args, now=self.now))
        m = self.mirrors[seat]
        if intent == "play":
            (moves,) = args
            m.match = m.match.play_moves(moves)  # type: ignore[arg-type]
        elif intent == "resign":
            (value,) = args
            m.match = m.match.resign(value)  # type: ignore[arg-type]
        elif intent in ("double", "take", "drop", "beaver", "next_game"):
            m.match = getattr(m.match, intent)()
        elif intent == "accept":
            m.match = m.match.accept_resignation()
        elif intent == "reject":
            m.match = m.match.reject_resignation()
        self.pump()
        return out

    # -- checks ------------------------------------------------------------------------

    @property
    def match(self) -> Match:
        return self.peers[0].match

    def refusals(self, seat: int) -> list[Refused]:
        return [e for e in self.events[seat] if isinstance(e, Refused)]

    def check_agreement(self) -> None:
        """Both peers hold the same history, and each page's match agrees with its peer."""
        a, b = self.peers
        assert a.log.head == b.log.head and len(a.log) == len(b.log)
        assert a.match.record == b.match.record
        for seat, peer in enumerate(self.peers):
            mirror = self.mirrors[seat].match
            dice = peer.my_dice
            rolled = dice is not None and mirror.phase is not Phase.ROLL
            expected = peer.match.roll(dice) if rolled and dice is not None else peer.match
            assert mirror.record == expected.record, f"seat {seat}'s page disagrees"
        assert not self.refusals(0) and not self.refusals(1)


def step(ch: Channel, policy: Policy) -> bool:
    """Make the one decision the game waits for; ``False`` once the match is over."""
    m = ch.match
    if m.is_over:
        return False
    if m.is_game_over:
        ch.act(m.result.winner if m.result else 0, "next_game")
        return True
    (seat,) = ch.peers[0].table.to_act()
    peer = ch.peers[seat]
    assert seat in peer.table.to_act()
    phase = m.phase
    if phase is Phase.ROLL and peer.my_dice is None and not peer.table.asked:
        if m.can_resign() and (value := policy.resign(m, seat)):
            ch.act(seat, "resign", value)
        elif m.can_double() and policy.double(m, seat):
            ch.act(seat, "double")
        else:
            ch.act(seat, "roll")
    elif phase is Phase.ROLL:
        dice = peer.my_dice
        assert dice is not None
        if m.can_resign() and (value := policy.resign(m, seat)):
            ch.act(seat, "resign", value)  # the dice cast are revealed first
        elif ch.mirrors[seat].match.phase is Phase.ROLL:
            ch.act(seat, "roll")  # the page shows the dice
        else:
            ch.act(seat, "play", greedy(m.roll(dice)).moves)
    elif phase is Phase.MOVE:
        if m.can_resign() and (value := policy.resign(m, seat)):
            ch.act(seat, "resign", value)
        else:
            ch.act(seat, "play", greedy(m).moves)
    elif phase is Phase.CUBE:
        if m.game.can_beaver() and policy.beaver(m, seat):
            ch.act(seat, "beaver")
        else:
            ch.act(seat, "take" if policy.take(m, seat) else "drop")
    elif phase is Phase.RESIGNATION:
        ch.act(seat, "accept" if policy.accept(m, seat) else "reject")
    else:  # pragma: no cover - the opening roll needs no decision
        raise AssertionError(f"stuck at {phase}")
    return True


def play_until(
    ch: Channel, policy: Policy, done: Callable[[Match], bool], limit: int = 5000
) -> None:
    """Decide for both sides until ``done(match)``, checking agreement after each step."""
    for _ in range(limit):
        ch.check_agreement()
        if done(ch.match) or not step(ch, policy):
            ch.check_agreement()
            return
    raise AssertionError("the game does not end")


def test_the_harness_plays_an_opening_and_a_turn() -> None:
    ch = Channel(Rules(3))
    ch.connect()
    ch.check_agreement()
    assert ch.match.phase is Phase.MOVE
    opening = [e for e in ch.events[1] if isinstance(e, Rolled)]
    assert opening and all(e.seat is None for e in opening)
    play_until(ch, Policy(), lambda m: len(m.events) >= 3)
