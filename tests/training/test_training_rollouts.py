"""Rollouts of positions by a net (training/rollouts.py), crashed ones (training/crashed.py)."""

from __future__ import annotations

import random
from pathlib import Path

import numpy as np
import pytest
from repo_paths import ROOT

from engine import Position
from training.crashed import crashed, crashed_bearing_off, crashed_side
from training.distil import load_net, positions, relabel, save_positions
from training.lookahead import values as lookahead_values
from training.rollouts import DICE, first_roll, values

SHIPPED = ROOT / "engine" / "ai" / "data" / "contact.bin"


def _side(points: dict[int, int]) -> tuple[int, ...]:
    s = [0] * 26
    for p, n in points.items():
        s[p] = n
    s[0] = 15 - sum(points.values())
    return tuple(s)


def test_36_trials_see_every_first_roll_once() -> None:
    for i in (0, 1, 5):
        assert sorted(first_roll(i, t) for t in range(36)) == sorted(DICE)


def test_rollouts_stopped_after_one_play_are_the_1ply_values() -> None:
    w = load_net(SHIPPED)
    boards, _ = positions(w, random.Random(3), 6, games_at_once=2)
    starts = [(tuple(map(int, b[0])), tuple(map(int, b[1]))) for b in boards]
    got = values(starts, w, 36, seed=1, truncate=1)
    assert got == pytest.approx(lookahead_values(starts, w, 1), abs=1e-9)


def test_a_game_won_whatever_the_dice_is_worth_exactly_that() -> None:
    w = load_net(SHIPPED)
    # one checker on the ace point against a side with a checker off: a single win
    me = _side({1: 1})
    opp = _side({6: 14})
    got = values([(me, opp)], w, 36, seed=2)
    assert got[0] == pytest.approx([1.0, 0.0, 0.0, 0.0, 0.0])


def test_rollouts_play_to_the_end_reproducibly_from_the_seed() -> None:
    w = load_net(SHIPPED)
    start = (Position.start().me, Position.start().opp)
    a = values([start, start], w, 36, seed=7)
    assert np.array_equal(a, values([start, start], w, 36, seed=7))
    assert not np.array_equal(a[0], a[1])  # the two positions' trials are games of their own
    assert ((a[:, 0] > 0.3) & (a[:, 0] < 0.7)).all()
    assert (a[:, 1] >= a[:, 2]).all() and (a[:, 0] >= a[:, 1]).all()


def test_a_side_with_six_checkers_off_its_two_deepest_points_has_crashed() -> None:
    assert not crashed_side(Position.start().me)
    assert crashed_side(_side({1: 5, 2: 4, 24: 2, 8: 4}))
    assert not crashed_side(_side({1: 5, 2: 3, 24: 2, 8: 5}))
    assert crashed_side(_side({5: 2, 25: 1}))  # borne off mostly, one on the bar
    broken = _side({1: 6, 2: 3, 24: 2, 20: 1, 8: 3})
    assert crashed(broken, Position.start().opp)
    assert crashed(Position.start().me, broken)
    # no contact: a race, whatever the boards
    assert not crashed(_side({1: 5, 2: 5, 6: 3}), _side({1: 2, 3: 2}))
    assert not crashed(Position.start().me, Position.start().opp)


def test_relabel_by_rollouts_keeps_crashed_positions_with_a_checker_off(tmp_path: Path) -> None:
    w = load_net(SHIPPED)
    start = Position.start()
    broken = _side({1: 6, 2: 3, 24: 2, 20: 1, 8: 3})  # nothing off
    bearing_off = _side({1: 6, 2: 3, 24: 2, 8: 2})
    boards = np.array(
        [
            (start.me, start.opp),
            (bearing_off, start.opp),
            (start.me, bearing_off),
            (broken, start.opp),
            (_side({1: 5, 2: 5, 6: 3}), _side({1: 2, 3: 2})),  # a race
        ],
        dtype=np.int8,
    )
    assert [crashed(b[0], b[1]) for b in boards] == [False, True, True, True, False]
    kept = [crashed_bearing_off(b[0], b[1]) for b in boards]
    assert kept == [False, True, True, False, False]
    source, out = tmp_path / "odd.npz", tmp_path / "rolled.npz"
    save_positions(source, boards, np.zeros((5, 5), dtype=np.float32), random_play=True)
    relabel(w, source, 0, 1, 2, out, trials=36, crashed_only=True)
    with np.load(out) as d:
        assert np.array_equal(d["boards"], boards[1:3])
        assert d["y"].shape == (2, 5) and int(d["trials"]) == 36 and bool(d["random_play"])
        assert ((d["y"] >= 0) & (d["y"] <= 1)).all()
        # holding the broken board (with two back) loses most games, whichever side is on roll
        assert d["y"][0, 0] < 0.5 < d["y"][1, 0]
    assert [p.name for p in tmp_path.iterdir() if "part" in p.name] == []


def test_a_position_valued_again_later_keeps_only_the_later_value(tmp_path: Path) -> None:
    from training.distil import _load_set

    w = load_net(SHIPPED)
    boards, vals = positions(w, random.Random(12), 30, games_at_once=3)
    first, second = tmp_path / "a.npz", tmp_path / "b.npz"
    twice = np.concatenate([boards, boards[:2]])  # repeats within a file stay
    save_positions(first, twice, np.concatenate([vals, vals[:2]]), random_play=False)
    sharper = np.full((5, 5), 0.25, dtype=np.float32)
    save_positions(second, boards[10:15], sharper, random_play=True, plies=0, trials=36)
    x, y, targets, random_play = _load_set([first, second], 16)
    # 32 - 5 of the first file, then the second's 5
    assert len(x) == 32 and targets == {"1ply", "rollouts36"} and random_play == 5
    assert (y[-5:] == 0.25).all() and not (y[:-5] == 0.25).all(axis=1).any()
    assert all((x == row).all(axis=1).sum() == 1 for row in x[-5:])
