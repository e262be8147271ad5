"""The one-sided bear-off database: exact values for small positions."""

from __future__ import annotations

import itertools

import pytest

from engine import Position
from engine.ai.bearoff import N_POSITIONS, index, is_bearoff, load_bearoff, race_probs
from engine.ai.evaluator import evaluate


def _home(*counts: int) -> list[int]:
    return list(counts) + [0] * (6 - len(counts))


def test_index_is_a_bijection() -> None:
    seen = set()
    for c in itertools.product(range(16), repeat=6):
        if sum(c) <= 15:
            seen.add(index(c))
    assert seen == set(range(N_POSITIONS))


@pytest.mark.parametrize(
    ("counts", "one_roll"),
    [
        (_home(1), 1.0),
        (_home(0, 1), 1.0),
        (_home(2), 1.0),
        (_home(0, 0, 0, 0, 0, 1), 27 / 36),  # fails only 11, 21, 31, 41, 32
        (_home(0, 0, 0, 0, 1), 31 / 36),  # fails 11, 21, 31 (and 22 bears off)
        (_home(3), 6 / 36),  # three on the ace point need doubles
    ],
)
def test_one_roll_chances(counts: list[int], one_roll: float) -> None:
    dist = load_bearoff().off_all(counts)
    assert dist[1] == pytest.approx(one_roll, abs=1e-4)
    assert sum(dist) == pytest.approx(1.0, abs=1e-3)


def test_mean_rolls() -> None:
    db = load_bearoff()
    assert db.mean_rolls(_home(0, 0, 0, 0, 0, 1)) == pytest.approx(1.25, abs=1e-4)
    assert db.mean_rolls(_home()) == 0.0
    # two checkers on the 6-point: 4/36 doubles 33+ end it in one roll
    assert db.off_all(_home(0, 0, 0, 0, 0, 2))[1] == pytest.approx(4 / 36, abs=1e-4)


def test_race_probs_last_roll() -> None:
    me = [14] + _home(0, 0, 0, 0, 0, 1) + [0] * 19
    opp = [13] + _home(2) + [0] * 19
    assert is_bearoff(me, opp)
    w, wg, wbg, lg, lbg = race_probs(me, opp)
    assert w == pytest.approx(0.75, abs=1e-4)
    assert (wg, wbg, lg, lbg) == (0.0, 0.0, 0.0, 0.0)


def test_gammon_chances_in_bearoff() -> None:
    # I bear off my last checker at once; they have all 15 home and none off
    pos = Position([14, 1] + [0] * 24, [0, 0, 0, 0, 0, 0, 15] + [0] * 19)
    w, wg, _, _, _ = evaluate(pos)
    assert w == pytest.approx(1.0) and wg == pytest.approx(1.0)
