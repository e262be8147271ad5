"""Two whole controllers playing each other online: each page's friend is a
:class:`~web.online.remote.RemoteOpponent`, the texts pass through an
in-memory transport pair, and the dice are the fair rolls both agreed."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import replace

from web_fakes import FakeTimer, FakeView

from engine.game import Phase
from engine.rules import Rules
from web.control.controller import Controller
from web.model.actions import Act
from web.model.state import Dialog
from web.model.storage import MemoryStorage, Store
from web.model.tutor import should_judge
from web.online import wire
from web.online.invite import Invite
from web.online.peer import Peer
from web.online.remote import OnlineTable
from web.online.transport import PeerEvent
from web.worker.direct import DirectAi


class MemoryTransport:
    """One end of an in-memory channel; texts wait in ``inbox`` until pumped."""

    def __init__(self) -> None:
        self.inbox: list[str] = []
        self.other: MemoryTransport | None = None
        self.deliver: Callable[[str], None] = lambda text: None
        self.peer: Callable[[PeerEvent], None] = lambda event: None
        self.up = True

    def send(self, text: str, to: str | None = None) -> None:
        if self.up and self.other is not None:
            self.other.inbox.append(text)

    def bind(self) -> None:
        self.bound = True

    def on_stranger(self, callback: Callable[[str], None]) -> None:
        self.stranger = callback

    def on_message(self, callback: Callable[[str], None]) -> None:
        self.deliver = callback

    def on_peer(self, callback: Callable[[PeerEvent], None]) -> None:
        self.peer = callback

    def close(self) -> None:
        self.up = False

    def pump(self) -> bool:
        moved = bool(self.inbox)
        while self.inbox:
            self.deliver(self.inbox.pop(0))
        return moved


def pair() -> tuple[MemoryTransport, MemoryTransport]:
    a, b = MemoryTransport(), MemoryTransport()
    a.other, b.other = b, a
    return a, b


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        self.now += 0.5
        return self.now


def tokens(seed: int) -> Callable[[int], bytes]:
    rng = random.Random(seed)
    return lambda n: rng.randbytes(n)


class Side:
    """One browser: a controller wired to fakes and its online table."""

    def __init__(
        self, peer: Peer, transport: MemoryTransport, storage: MemoryStorage | None = None
    ) -> None:
        self.storage = storage if storage is not None else MemoryStorage()
        self.saved: list[dict[str, object]] = []
        self.clock = Clock()
        self.table = OnlineTable(peer, transport, self.clock, self.saved.append)
        self.view = FakeView()
        self.timer = FakeTimer()
        self.transport = transport
        self.c = Controller(
            self.view,
            Store(self.storage, clock=lambda: 1000.0),
            DirectAi(),
            self.timer,
            self.table.dice,
            animation="off",
            seat_factory=self.table.seats,
        )
        self.table.attach(self.c.online)

    def start(self, rules: Rules) -> None:
        self.c.boot()
        fields = {"opponent": "human", "length": str(rules.match_length), "crawford": "on"}
        self.c.act(Act.START, "", fields | ({"cube": "on"} if rules.cube else {}))
        self.go_online()

    def go_online(self) -> None:
        peer = self.table.peer
        self.c.online.go_online(self.table, peer.friend, peer.friend_name or "Your friend")
        self.table.resume(self.c.state.match)
        self.c.online.online_resumed()
        self.timer.run()

    @property
    def seat(self) -> int:
        return self.table.peer.seat

    def act(self, action: Act, value: str = "", **fields: str) -> None:
        self.c.act(action, value, fields)
        self.timer.run()

    def step(self) -> bool:
        """Let this page's player do what is theirs to do now; True if anything."""
        s = self.c.state
        m = s.match
        if s.busy:
            return False
        if s.dialog is Dialog.CUBE:
            self.act(Act.TAKE)
        elif s.dialog is Dialog.RESIGN_ANSWER:
            self.act(Act.ACCEPT)
        elif m.is_over:
            return False
        elif m.is_game_over:
            self.act(Act.NEXT_GAME)
        elif s.dialog is not None:
            self.act(Act.CLOSE)
        elif m.phase is Phase.OPENING or (m.phase is Phase.ROLL and m.turn == self.seat):
            self.act(Act.ROLL)
        elif s.human_to_move:
            while self.c.state.movable:
                src = max(self.c.state.movable)
                self.c.tap(src)
                self.c.tap(min(self.c.state.destinations(src)))
            self.act(Act.CONFIRM)
        else:
            return False
        return True


def connect(a: Side, b: Side) -> None:
    a.transport.up = b.transport.up = True
    a.transport.peer(PeerEvent("b", True))
    b.transport.peer(PeerEvent("a", True))
    pump(a, b)


def pump(a: Side, b: Side) -> None:
    while True:
        a.timer.run()
        b.timer.run()
        if not (a.transport.pump() | b.transport.pump()):
            return


def new_game(rules: Rules | None = None) -> tuple[Side, Side]:
    rules = rules or Rules(3)
    # No move clock: a friend may be claimed against once gone the stated time
    # (tests/test_online_clock.py plays with one).
    invite = Invite.new("Ann", rules, clock=0, token=tokens(1))
    ta, tb = pair()
    host = Peer.host(invite, now=0.0, token=tokens(2))
    ann = Side(host, ta)
    bob = Side(Peer.join(Invite.parse(host.invite.text), "Bob", now=0.0, token=tokens(3)), tb)
    ann.start(rules)
    bob.start(rules)
    connect(ann, bob)
    return ann, bob


def play(a: Side, b: Side, limit: int = 3000, until: Callable[[], bool] = lambda: False) -> None:
    for _ in range(limit):
        if until():
            return
        moved = a.step() | b.step()
        pump(a, b)
        if not moved and a.c.state.match.is_over and b.c.state.match.is_over:
            return
    raise AssertionError("the game did not end")


def test_two_pages_play_a_match_to_the_end() -> None:
    ann, bob = new_game()
    assert ann.c.state.names == ("You", "Bob") and bob.c.state.names == ("Ann", "You")
    assert bob.c.state.viewer == 1
    play(ann, bob)
    a, b = ann.c.state.match, bob.c.state.match
    assert a.is_over and a.record == b.record == ann.table.peer.match.record
    assert a.score == b.score and max(a.score) >= 3
    assert len(a.games) >= 2  # the next games were started through the peers too


def test_a_double_is_answered_by_the_friend() -> None:
    ann, bob = new_game()
    play(ann, bob, until=lambda: ann.c.state.match.phase is Phase.ROLL
         and ann.c.state.match.turn == 0 and ann.c.state.match.can_double())  # fmt: skip
    ann.act(Act.DOUBLE)
    pump(ann, bob)
    assert bob.c.state.dialog is Dialog.CUBE
    bob.act(Act.TAKE)
    pump(ann, bob)
    assert ann.c.state.match.cube.value == 2 == bob.c.state.match.cube.value
    assert ann.c.state.match.record == bob.c.state.match.record


def test_a_cheating_message_is_refused_plainly_and_the_game_goes_on() -> None:
    ann, bob = new_game()
    play(ann, bob, until=lambda: len(ann.c.state.match.events) >= 3)
    before = bob.c.state.match
    # A message replayed by someone on the way.
    eve = wire.Signer(bytes(32))
    bob.transport.deliver(
        bob.table.peer.seal.seal(wire.Envelope(0, eve.public, 1, wire.Ping()), eve)
    )
    bob.timer.run()
    assert bob.c.state.message.startswith("Someone other than your friend tried to play")
    assert bob.c.state.notice == bob.c.state.message  # in view on a phone too
    assert bob.c.state.match is before
    play(ann, bob)
    assert ann.c.state.match.record == bob.c.state.match.record


def test_a_reload_resumes_from_the_saves() -> None:
    ann, bob = new_game()
    play(ann, bob, until=lambda: len(bob.c.state.match.events) >= 6 and not bob.c.state.busy)
    # Bob's page reloads: a new controller from the autosave, a peer from its save.
    bob.transport.close()
    ann.transport.peer(PeerEvent("b", False))
    ta, tb = pair()
    ann.table.transport = ta
    ta.on_message(ann.table.receive)
    ta.on_peer(ann.table._on_peer)
    ann.transport = ta
    peer = Peer.from_json(bob.saved[-1], now=10.0, token=tokens(4))
    bob2 = Side(peer, tb, storage=bob.storage)
    bob2.c.boot()
    bob2.go_online()
    assert bob2.c.state.match.game_number == bob.c.state.match.game_number
    connect(ann, bob2)
    play(ann, bob2)
    assert ann.c.state.match.record == bob2.c.state.match.record
    assert ann.c.state.match.is_over


def test_canned_phrases_reach_the_friend() -> None:
    ann, bob = new_game()
    ann.act(Act.CHAT_OPEN)
    assert ann.view.last.dialog is not None and ann.view.last.dialog.kind == "chat"
    ann.act(Act.CHAT, "1")
    pump(ann, bob)
    assert ann.c.state.dialog is None
    assert bob.c.state.message == "Ann: “Good luck!”"
    assert ann.c.state.message == "You: “Good luck!”"


def test_a_resignation_is_answered_by_the_friend() -> None:
    ann, bob = new_game()
    play(ann, bob, until=lambda: ann.c.state.match.phase is Phase.ROLL
         and ann.c.state.match.turn == 0 and not ann.c.state.busy)  # fmt: skip
    ann.act(Act.RESIGN_OPEN)
    ann.act(Act.RESIGN, "1")
    pump(ann, bob)
    assert bob.c.state.dialog is Dialog.RESIGN_ANSWER
    bob.act(Act.ACCEPT)
    pump(ann, bob)
    a, b = ann.c.state.match, bob.c.state.match
    assert a.is_game_over and a.record == b.record == bob.table.peer.match.record
    assert a.result is not None and a.result.winner == 1


def test_a_resignation_after_the_fair_roll_is_made_keeps_both_records_alike() -> None:
    """Without cube access the friend's part of the roll comes ahead, so the dice
    are cast before the player rolls; resigning then reveals them first, and
    this page's record must show the roll too, as the friend's does."""
    ann, bob = new_game(Rules(3, cube=False))
    play(ann, bob, until=lambda: ann.c.state.match.phase is Phase.ROLL
         and ann.c.state.match.turn == 0 and not ann.c.state.busy)  # fmt: skip
    cast = ann.table.cast()
    assert cast is not None and ann.c.state.match.dice is None
    ann.act(Act.RESIGN_OPEN)
    ann.act(Act.RESIGN, "1")
    pump(ann, bob)
    assert bob.c.state.dialog is Dialog.RESIGN_ANSWER
    assert ann.c.state.match.record == bob.c.state.match.record
    assert ann.c.state.match.match_id == bob.c.state.match.match_id
    bob.act(Act.ACCEPT)
    pump(ann, bob)
    a, b = ann.c.state.match, bob.c.state.match
    assert a.is_game_over and a.record == b.record == ann.table.peer.match.record
    assert ann.table.cast() is None


def test_manual_dice_stay_off_online() -> None:
    """The setting to enter real dice is for games at a board: online the dice
    are the fair roll both sides make."""
    ann, bob = new_game()
    for side in (ann, bob):
        side.act(Act.SETTING, "true", name="manual_dice")
        assert side.c.state.settings.manual_dice
    play(ann, bob, until=lambda: len(ann.c.state.match.events) >= 4)
    assert ann.c.state.dialog is not Dialog.DICE and bob.c.state.dialog is not Dialog.DICE
    assert ann.c.state.match.record == bob.c.state.match.record


def test_auto_roll_and_manual_dice_do_not_apply_online() -> None:
    """Both settings on: offline the page would open the Dice dialog at once
    (or roll by itself), and the dice typed there would differ from the fair
    roll, which the friend refuses.  Online neither applies: each roll waits
    for its player and is the one both sides agree, and dice typed into a
    Dice dialog are ignored."""
    ann, bob = new_game()
    for side in (ann, bob):
        side.act(Act.SETTING, "true", name="auto_roll")
        side.act(Act.SETTING, "true", name="manual_dice")
        settings = side.c.state.settings
        assert settings.auto_roll and settings.manual_dice
    pump(ann, bob)
    for side in (ann, bob):
        assert side.c.state.dialog is not Dialog.DICE
        assert not side.c.state.match.events  # nobody rolled by themselves
    ann.c.act(Act.DICE_SET, "", {"d1": "6", "d2": "6"})  # as from a Dice dialog
    pump(ann, bob)
    assert not ann.c.state.match.events
    for _ in range(12):  # a few turns each
        play(ann, bob, until=lambda: ann.c.state.match.phase is Phase.ROLL)
        assert ann.c.state.dialog is not Dialog.DICE and bob.c.state.dialog is not Dialog.DICE
        events = len(ann.c.state.match.events)
        pump(ann, bob)
        assert len(ann.c.state.match.events) == events  # the roll waits for its player
        play(ann, bob, until=lambda n=events: len(ann.c.state.match.events) > n)
    # Compared where no dice are out (a roll is revealed to the friend with its play).
    play(ann, bob, until=lambda: ann.c.state.match.phase is Phase.ROLL)
    pump(ann, bob)
    assert ann.c.state.match.record == bob.c.state.match.record
    assert not ann.c.state.notice and not bob.c.state.notice  # no refusal


def test_a_new_game_closes_the_online_one() -> None:
    ann, bob = new_game()
    play(ann, bob, until=lambda: len(ann.c.state.match.events) >= 3)
    ann.c.act(Act.START, "", {"opponent": "human", "length": "1"})
    ann.act(Act.ABANDON)
    assert ann.c.online.link is None and ann.c.state.online.remote_seat is None
    assert not ann.transport.up  # the old connection is closed: nothing more goes out
    assert ann.table.host is None  # nor does anything that comes in reach the new game


def test_each_page_counts_its_own_player_s_results() -> None:
    ann, bob = new_game()
    play(ann, bob)
    winner = ann.c.state.match.winner
    for side in (ann, bob):
        row = side.c.state.records.to_json()["rows"]["human"]  # type: ignore[index]
        won = winner == side.seat
        assert (row["matches_won"], row["matches_lost"]) == ((1, 0) if won else (0, 1))


def test_no_hint_and_no_tutor_against_a_friend_online() -> None:
    """Advice during the match would be a bot at one player's elbow."""
    ann, bob = new_game()
    ann.c.session.state = replace(ann.c.state, settings=replace(ann.c.state.settings, tutor=True))
    play(ann, bob, until=lambda: ann.c.state.match.phase is Phase.MOVE
         and ann.c.state.match.turn == ann.seat and ann.c.state.human_to_move)  # fmt: skip
    hint = next(b for b in ann.view.last.controls if b.action is Act.HINT)
    assert not hint.visible and not hint.enabled
    ann.act(Act.HINT)
    assert not ann.c.state.advice.pending and not ann.c.state.advice.shown
    while ann.c.state.movable:  # a whole play, ready for Done: the tutor would judge it
        src = max(ann.c.state.movable)
        ann.c.tap(src)
        ann.c.tap(min(ann.c.state.destinations(src)))
    assert not should_judge(ann.c.state)
    ann.act(Act.CONFIRM)
    assert ann.c.state.match.turn != ann.seat or ann.c.state.match.is_game_over
