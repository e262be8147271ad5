"""What the evaluator may not guess: outcomes the position has already ruled out."""

from __future__ import annotations

import random

from engine.ai.evaluator import evaluate_sides


def _side(spots: dict[int, int]) -> list[int]:
    side = [0] * 26
    for point, count in spots.items():
        side[point] = count
    assert sum(side) == 15
    return side


def _random_race(rng: random.Random) -> tuple[list[int], list[int]]:
    """A race (no contact): the side on roll near home, none of the other's in its home board."""
    me, opp = [0] * 26, [0] * 26
    for _ in range(15):
        me[rng.randint(1, rng.choice((3, 6, 9, 12)))] += 1
    high = min(18, 25 - max(i for i in range(26) if me[i]))
    low = rng.randint(7, high)
    for _ in range(15):
        opp[rng.randint(low, high)] += 1
    return me, opp


def test_no_backgammon_in_a_race_when_no_checker_is_left_in_the_home_board() -> None:
    # The network gave this race a 1.7 % backgammon: theirs are all on our 11 point.
    me = _side({1: 2, 2: 2, 3: 3, 4: 2, 5: 3, 7: 2, 11: 1})
    opp = _side({14: 15})
    w, wg, wbg, _, lbg = evaluate_sides(me, opp)
    assert w > 0.99 and wg > 0.9
    assert wbg == 0.0 and lbg == 0.0
    rng = random.Random(7)
    for _ in range(300):
        me, opp = _random_race(rng)
        assert evaluate_sides(me, opp)[2] == 0.0
        assert evaluate_sides(opp, me)[4] == 0.0


def test_a_backgammon_stays_possible_with_a_checker_in_the_winners_home() -> None:
    # A race, but one of theirs is still on our 6 point (their 19): it can be caught.
    me = _side({1: 5, 2: 5, 3: 5})
    opp = _side({19: 1, 12: 14})
    assert evaluate_sides(me, opp)[2] > 0.0
    # With contact the network's guess stands as it is.
    opp_contact = _side({24: 2, 12: 13})
    me_contact = _side({1: 3, 2: 3, 3: 3, 4: 3, 20: 3})
    assert evaluate_sides(me_contact, opp_contact)[2] >= 0.0
