"""The referee both sides run: who acts, the fair roll's order, the engine's rules."""

from __future__ import annotations

import pytest

from engine.decisions import (
    AcceptResignation,
    DropDouble,
    OfferDouble,
    OfferResignation,
    PlayMoves,
    StartNextGame,
    TakeDouble,
)
from engine.game import Phase
from engine.record import OpeningRoll, Roll
from engine.rules import Rules
from web.online.acts import Act, AskRoll, Commit, Random, Reveal
from web.online.errors import BadRevealError, IllegalMoveError, OutOfTurnError
from web.online.fairdice import RollContext, commitment
from web.online.table import Table, last_roll

ROOM = bytes(range(16))


class Log:
    """A table driven block by block, with each seat's secrets kept."""

    def __init__(self, rules: Rules) -> None:
        self.table = Table.new(ROOM, rules)
        self.turn = 0
        self.secrets: dict[int, bytes] = {}
        self.count = 0

    def fresh(self) -> bytes:
        self.count += 1
        return self.count.to_bytes(32, "big")

    def commit(self, seat: int) -> Commit:
        secret = self.fresh()
        self.secrets[seat] = secret
        # The context is the log index of the block that carries the commitment.
        ctx = RollContext(ROOM, self.table.match.game.number, self.turn, seat)
        return Commit(commitment(ctx, secret))

    def block(self, by: int | None, *acts: Act) -> Table:
        self.table = self.table.apply_block(by, acts, self.turn)
        self.turn += 1
        return self.table

    def reveal(self, seat: int) -> Reveal:
        return Reveal(self.secrets.pop(seat))

    def opening(self) -> tuple[int, int]:
        """Roll the opening until it is not a tie; each seat left with a pledge."""
        self.block(0, self.commit(0))
        self.block(1, Random(self.fresh()), self.commit(1))
        while True:
            self.block(0, self.reveal(0), self.commit(0))
            if self.table.match.phase is not Phase.OPENING:
                found = last_roll(self.table.match)
                assert found is not None
                return found[1]
            self.block(1, Random(self.fresh()))


def test_the_opening_gives_each_seat_a_die_and_leaves_both_pledged() -> None:
    log = Log(Rules(5))
    assert log.table.to_act() == {0}
    d0, d1 = log.opening()
    assert d0 != d1
    m = log.table.match
    assert m.events[-1] == OpeningRoll(d0, d1)
    assert m.turn == (0 if d0 > d1 else 1) and m.phase is Phase.MOVE
    assert all(p is not None for p in log.table.pledges)
    assert log.table.to_act() == {m.turn}


def play_first(log: Log, seat: int, *extra: Act) -> None:
    moves = log.table.match.legal_plays[0].moves
    log.block(seat, PlayMoves(moves), *extra)


def test_a_roller_with_the_cube_decides_before_the_other_gives_its_value() -> None:
    log = Log(Rules(5))
    log.opening()
    mover = log.table.match.turn
    assert mover is not None
    other = 1 - mover
    play_first(log, mover)
    t = log.table
    assert t.match.phase is Phase.ROLL and t.match.can_double()
    assert t.to_act() == {other} and not t.random_due
    with pytest.raises(OutOfTurnError, match="to act"):
        t.apply_block(mover, (Random(bytes(32)),), log.turn)
    log.block(other, AskRoll())
    assert log.table.to_act() == {mover}
    with pytest.raises(OutOfTurnError):  # asked: no double any more
        log.table.apply_block(mover, (OfferDouble(),), log.turn)
    log.block(mover, Random(log.fresh()))
    t = log.table
    with pytest.raises(OutOfTurnError, match="roll first"):
        t.apply_block(other, (OfferDouble(),), log.turn)
    with pytest.raises(OutOfTurnError, match="roll first"):
        t.apply_block(other, (OfferResignation(1),), log.turn)
    with pytest.raises(OutOfTurnError, match="before rolling"):
        t.apply_block(other, (PlayMoves(((24, 23),)),), log.turn)
    dice = t.dice_for(other, log.secrets[other])
    log.block(other, log.reveal(other))
    assert any(isinstance(e, Roll) for e in log.table.match.events)
    found = last_roll(log.table.match)
    assert found == (other, dice)


def test_without_cube_access_the_value_rides_on_the_turn_handed_over() -> None:
    log = Log(Rules(5, cube=False))
    log.opening()
    mover = log.table.match.turn
    assert mover is not None
    other = 1 - mover
    # The mover's play hands the turn over: the value for the other's roll comes with it.
    play_first(log, mover, Random(log.fresh()))
    assert log.table.to_act() == {other}
    assert log.table.dice_for(other, log.secrets[other]) is not None
    assert log.table.dice_for(mover, b"x" * 32) is None


def test_a_random_value_nobody_asked_for_is_refused() -> None:
    log = Log(Rules(5))
    log.opening()
    mover = log.table.match.turn
    assert mover is not None
    with pytest.raises(OutOfTurnError, match="nobody asked for"):
        play_first(log, mover, Random(bytes(32)))  # the other could still double


def test_bad_reveal_and_illegal_play_are_refused() -> None:
    log = Log(Rules(0))
    log.block(0, log.commit(0))
    log.block(1, Random(log.fresh()), log.commit(1))
    with pytest.raises(BadRevealError):
        log.table.apply_block(0, (Reveal(bytes(32)),), log.turn)
    with pytest.raises(OutOfTurnError, match="not due"):
        log.table.apply_block(0, (log.reveal(0), Reveal(bytes(32))), log.turn)
    log = Log(Rules(0))
    log.opening()
    mover = log.table.match.turn
    assert mover is not None
    with pytest.raises(IllegalMoveError, match="not a legal play"):
        log.table.apply_block(mover, (PlayMoves(((24, 1),)),), log.turn)
    with pytest.raises(OutOfTurnError, match="while"):
        legal = PlayMoves(log.table.match.legal_plays[0].moves)
        log.table.apply_block(mover, (legal, OfferDouble()), log.turn)


def test_commitments_one_at_a_time_and_not_after_the_game() -> None:
    log = Log(Rules(1))
    with pytest.raises(OutOfTurnError, match="already"):
        log.table.apply_block(0, (log.commit(0), log.commit(0)), log.turn)
    log.opening()
    mover = log.table.match.turn
    assert mover is not None
    log.block(mover, OfferResignation(1))
    log.block(1 - mover, AcceptResignation())
    # A one-point match is over: nobody writes any more.
    assert log.table.match.is_over and log.table.to_act() == frozenset()
    with pytest.raises(OutOfTurnError, match="match is over"):
        log.table.apply_block(mover, (log.commit(mover),), log.turn)
    money = Log(Rules(0))
    money.opening()
    mover = money.table.match.turn
    assert mover is not None
    money.block(mover, OfferResignation(1))
    money.block(1 - mover, AcceptResignation())
    assert money.table.to_act() == {0, 1}
    with pytest.raises(OutOfTurnError, match="once the game is over"):
        money.table.apply_block(mover, (money.commit(mover),), money.turn)


def test_the_next_game_is_written_by_nobody_and_resets_the_roll() -> None:
    log = Log(Rules(0))
    log.opening()
    mover = log.table.match.turn
    assert mover is not None
    with pytest.raises(OutOfTurnError, match="only once"):
        log.table.apply_block(None, (StartNextGame(),), log.turn)
    log.block(mover, OfferResignation(1))
    log.block(1 - mover, AcceptResignation())
    with pytest.raises(OutOfTurnError, match="block of its own"):
        log.table.apply_block(0, (StartNextGame(),), log.turn)
    with pytest.raises(OutOfTurnError, match="written by nobody"):
        log.table.apply_block(None, (StartNextGame(), StartNextGame()), log.turn)
    log.block(None, StartNextGame())
    t = log.table
    assert t.match.game_number == 2 and t.pledges == (None, None) and t.to_act() == {0}


def test_cube_acts_go_through_the_engine() -> None:
    log = Log(Rules(5))
    log.opening()
    mover = log.table.match.turn
    assert mover is not None
    other = 1 - mover
    play_first(log, mover)
    log.block(other, OfferDouble())
    assert log.table.to_act() == {mover}
    with pytest.raises(OutOfTurnError):
        log.table.apply_block(other, (TakeDouble(),), log.turn)
    # After the take the doubler cannot redouble: the taker's block gives its value.
    log.block(mover, TakeDouble(), Random(log.fresh()))
    assert log.table.to_act() == {other} and log.table.random is not None
    fresh = Log(Rules(5))
    fresh.opening()
    m = fresh.table.match.turn
    assert m is not None
    play_first(fresh, m)
    fresh.block(1 - m, OfferDouble())
    fresh.block(m, DropDouble())
    assert fresh.table.match.score[1 - m] == 1 and fresh.table.to_act() == {0, 1}


def test_empty_and_oversized_blocks_are_refused() -> None:
    t = Table.new(ROOM, Rules())
    with pytest.raises(OutOfTurnError):
        t.apply_block(0, (), 0)
    with pytest.raises(OutOfTurnError):
        t.apply_block(0, (AskRoll(),) * 9, 0)
    with pytest.raises(OutOfTurnError, match="guest wrote while the host"):
        t.apply_block(1, (Commit(bytes(32)),), 0)
