"""Races a few rolls from the bear-off, worked out from each side's roll distribution."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

from engine import Position
from engine.ai import race_rolls
from engine.ai.bearoff import load_bearoff
from engine.ai.bearoff import race_probs as bearoff_probs
from engine.ai.evaluator import evaluate, evaluate_sides
from engine.ai.player import rank_plays


def _side(off: int, **points: int) -> tuple[int, ...]:
    """A side: ``off`` borne off, then ``p7=2`` for two checkers on the 7-point."""
    side = [0] * 26
    side[0] = off
    for name, n in points.items():
        side[int(name[1:])] = n
    assert sum(side) == 15
    return tuple(side)


def test_a_lone_checker_on_the_seven_point_by_hand() -> None:
    # At once: every non-double of 7 pips or more (18 of 36) and 2-2 to 6-6.
    # Otherwise it is home after one roll, and off after the next, except
    # after 2-1 (it is then on the 4-point) followed by 2-1 again.
    dist = race_rolls.off_all(_side(14, p7=1))
    expected = (0.0, 23 / 36, 13 / 36 - (2 / 36) ** 2, (2 / 36) ** 2)
    assert dist == pytest.approx(expected, abs=1e-6)  # the database rounds to 16 bits


def test_all_home_is_the_databases_own() -> None:
    db = load_bearoff()
    for side in (_side(0, p1=5, p2=5, p6=5), _side(12, p3=1, p6=2), _side(14, p1=1)):
        assert race_rolls.off_all(side) == pytest.approx(db.off_all(side[1:7]), abs=1e-12)
    me, opp = _side(3, p1=4, p2=4, p5=4), _side(0, p2=5, p4=5, p6=5)
    assert race_rolls.race_probs(me, opp) == pytest.approx(bearoff_probs(me, opp), abs=1e-12)


def test_the_distribution_is_one_roll_more_than_the_best_play_of_each_roll() -> None:
    side = _side(0, p1=3, p2=3, p3=3, p4=2, p5=2, p9=1, p11=1)
    dist = race_rolls.off_all(side)
    assert sum(dist) == pytest.approx(1.0, abs=1e-12)
    mixed = [0.0] * (len(dist) + 1)
    for dice, weight in race_rolls._ROLLS:
        fewest = min(
            (race_rolls.off_all(r) for r in race_rolls._candidates(side, dice)),
            key=lambda d: sum(n * q for n, q in enumerate(d)),
        )
        for n, q in enumerate(fewest):
            mixed[n + 1] += weight * q
    assert dist == pytest.approx(mixed[: len(dist)], abs=1e-12)


def test_a_checker_is_not_piled_on_the_seven_point() -> None:
    # 4-2 with checkers on the 11- and 9-points: 11/5 leaves one outside, 11/7
    # 9/7 leaves fewer pips outside but two checkers to bring in; 11/5 needs
    # fewer rolls, and is among the plays compared.
    side = _side(0, p1=3, p2=3, p3=3, p4=2, p5=2, p9=1, p11=1)
    eleven_five = _side(0, p1=3, p2=3, p3=3, p4=2, p5=3, p9=1)
    sevens = _side(0, p1=3, p2=3, p3=3, p4=2, p5=2, p7=2)
    candidates = race_rolls._candidates(side, (2, 4))
    assert eleven_five in candidates and sevens in candidates

    def mean(s: tuple[int, ...]) -> float:
        return sum(n * q for n, q in enumerate(race_rolls.off_all(s)))

    assert mean(eleven_five) < mean(sevens)


def test_the_outside_checkers_plays_are_worked_out_once_for_every_home_board() -> None:
    # The shortcut (some checker stays outside, so the home board only
    # receives) gives what the move generator gives, side after side.
    rng = random.Random(3)
    points = [1, 2, 3, 4, 5, 6] * 2 + list(range(7, 19))
    for _ in range(150):
        side = [0] * 26
        on_board = rng.randint(1, 15)
        side[0] = 15 - on_board
        for _ in range(on_board):
            side[rng.choice(points)] += 1
        key = tuple(side)
        for dice, _ in race_rolls._ROLLS:
            race_rolls.clear()
            assert sorted(race_rolls._candidates(key, dice)) == sorted(
                race_rolls._homeward(key, dice)
            )


def test_gammons_are_counted_from_the_first_checker_off() -> None:
    # I bear off my last checker now: a gammon, they have none off.
    won = race_rolls.race_probs(_side(14, p1=1), _side(0, p6=13, p8=2))
    assert won == pytest.approx((1, 1, 0, 0, 0), abs=1e-12)
    # 16 pips outside: not even 6-6 takes a checker off this turn; they
    # finish on their first roll.
    lost = race_rolls.race_probs(_side(0, p6=13, p14=2), _side(14, p1=1))
    assert lost == pytest.approx((0, 0, 0, 1, 0), abs=1e-12)


@pytest.mark.parametrize(
    ("me", "opp", "covered"),
    [
        (Position.start().me, Position.start().opp, False),  # contact
        (_side(0, p6=12, p8=3), _side(0, p6=15), True),
        (_side(0, p6=11, p8=4), _side(0, p6=15), False),  # four checkers outside
        (_side(0, p6=13, p15=2), _side(0, p6=15), False),  # 18 pips outside
        (_side(0, p6=14, p19=1), _side(0, p6=15), False),  # in their home board
    ],
)
def test_what_is_worked_out(me: Sequence[int], opp: Sequence[int], covered: bool) -> None:
    assert race_rolls.covers(me, opp) is covered
    assert (race_rolls.race_probs(me, opp) is not None) is covered


def test_the_evaluator_works_out_races_unless_told_not_to() -> None:
    me, opp = _side(0, p1=3, p2=3, p3=3, p4=2, p5=2, p9=1, p11=1), _side(0, p4=5, p5=5, p6=5)
    worked = race_rolls.race_probs(me, opp)
    assert worked is not None
    assert evaluate(Position(me, opp)) == worked
    nets = evaluate_sides(me, opp, worked_out=False)
    assert nets != worked
    assert abs(nets[0] - worked[0]) < 0.05  # the networks are close, not exact


def test_king_tubby_ranks_worked_out_races_by_their_worked_out_value() -> None:
    position = Position(_side(0, p1=3, p2=3, p3=2, p4=2, p5=2, p6=1, p9=1, p11=1), _side(2, p6=13))
    ranked = rank_plays(position, (5, 2), "hard")
    top = ranked[0]
    result = top.play.result
    assert race_rolls.covers(result.me, result.opp)
    assert top.ply == 0 and top.worked_out  # no look-ahead: the value is worked out
    w, wg, wbg, lg, lbg = evaluate_sides(result.me, result.opp)
    assert top.probs == pytest.approx((1 - w, lg, lbg, wg, wbg), abs=1e-12)
    # Selector keeps to the networks: the same play, the networks' figure
    same = next(r for r in rank_plays(position, (5, 2), "medium") if r.play == top.play)
    w, wg, wbg, lg, lbg = evaluate_sides(result.me, result.opp, worked_out=False)
    assert same.probs == pytest.approx((1 - w, lg, lbg, wg, wbg), abs=1e-12)
    assert same.probs != pytest.approx(top.probs, abs=1e-6)
    assert not same.worked_out
