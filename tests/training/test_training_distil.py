"""Positions with their 1-ply values for the distillation pass (training/distil.py)."""

from __future__ import annotations

import random
from pathlib import Path

import numpy as np
import pytest
from repo_paths import ROOT

from engine import Position
from engine.ai.evaluator import flip
from engine.ai.player import ply1
from training.distil import load_net, positions

SHIPPED = ROOT / "engine" / "ai" / "data" / "contact.bin"


def _assert_engines_1ply(boards: np.ndarray, values: np.ndarray, count: int) -> None:
    """The first ``count`` contact positions with nothing off carry the engine's 1-ply value."""
    checked = 0
    for b, v in zip(boards, values, strict=True):
        pos = Position(b[0].tolist(), b[1].tolist())
        # the engine's evaluator adjusts gammons once a checker is off; the trainer's net does not
        if pos.is_race() or pos.me[0] or pos.opp[0]:
            continue
        assert v == pytest.approx(flip(ply1(pos)), abs=1e-4)
        checked += 1
        if checked == count:
            break
    assert checked == count


def test_positions_carry_the_engines_1ply_value_from_the_side_on_roll() -> None:
    boards, values = positions(load_net(SHIPPED), random.Random(4), 120, games_at_once=8)
    assert boards.shape == (120, 2, 26) and values.shape == (120, 5)
    assert (boards.astype(int).sum(axis=2) == 15).all()
    _assert_engines_1ply(boards, values, 5)


def test_positions_are_reproducible_from_the_seed() -> None:
    w = load_net(SHIPPED)
    a = positions(w, random.Random(9), 50, games_at_once=4)
    b = positions(w, random.Random(9), 50, games_at_once=4)
    assert (a[0] == b[0]).all() and np.array_equal(a[1], b[1])
    assert len({bytes(x) for x in a[0]}) > 40  # games move on: few repeats


def test_random_play_positions_carry_the_1ply_value_of_odd_positions() -> None:
    w = load_net(SHIPPED)
    boards, values = positions(w, random.Random(4), 200, games_at_once=8, random_play=True)
    assert boards.shape == (200, 2, 26) and (boards.astype(int).sum(axis=2) == 15).all()
    selfplay, _ = positions(w, random.Random(4), 200, games_at_once=8)
    assert not np.array_equal(boards, selfplay)
    _assert_engines_1ply(boards, values, 3)
    again, _ = positions(w, random.Random(4), 200, games_at_once=8, random_play=True)
    assert np.array_equal(boards, again)


def test_a_widened_fit_starts_from_what_the_narrower_net_computes(tmp_path: Path) -> None:
    pytest.importorskip("torch")
    from training.distil import fit
    from training.encode_np import encode_batch
    from training.ply1 import features_of, forward

    w = load_net(SHIPPED)
    boards, values = positions(w, random.Random(5), 64, games_at_once=8)
    data = tmp_path / "p.npz"
    np.savez_compressed(data, boards=boards, y=values)
    out = tmp_path / "wide.bin"
    # a vanishing learning rate: what is left is the widening alone
    n_in, h = w[0].shape
    fit(SHIPPED, out, [data], data, epochs=1, lr=1e-12, seed=1, hidden=h + 8)
    wide = load_net(out)
    assert wide[0].shape == (n_in, h + 8) and wide[2].shape == (h + 8, 5)
    x = encode_batch(boards.astype(np.int32), features_of(w))
    assert np.abs(forward(wide, x) - forward(w, x)).max() < 1e-5
    assert np.abs(wide[0][:, h:]).max() > 0  # new units can learn: their inputs are live
    with pytest.raises(ValueError, match="narrow"):
        fit(SHIPPED, out, [data], data, epochs=1, lr=1e-12, seed=1, hidden=h - 1)


def test_a_fits_lineage_counts_the_random_move_games_positions_apart(tmp_path: Path) -> None:
    pytest.importorskip("torch")
    import json

    from training.distil import fit, save_positions

    w = load_net(SHIPPED)
    own, own_values = positions(w, random.Random(6), 24, games_at_once=4)
    odd, odd_values = positions(w, random.Random(7), 40, games_at_once=4, random_play=True)
    files = [tmp_path / "own.npz", tmp_path / "odd.npz", tmp_path / "old.npz"]
    save_positions(files[0], own, own_values, random_play=False)
    save_positions(files[1], odd, odd_values, random_play=True)
    old, old_values = positions(w, random.Random(9), 24, games_at_once=4)
    np.savez_compressed(files[2], boards=old, y=old_values)  # a file from before the flag
    out = tmp_path / "fit.bin"
    fit(SHIPPED, out, files, files[0], epochs=1, lr=1e-12, seed=1)
    entry = json.loads(out.with_suffix(".json").read_text())["lineage"][-1]
    assert entry["distilled_1ply"]["positions"] == 24 + 40 + 24
    assert entry["distilled_1ply"]["random_play_positions"] == 40


def test_relabel_keeps_the_kind_of_games_and_leaves_no_parts(tmp_path: Path) -> None:
    from training.distil import relabel, save_positions

    w = load_net(SHIPPED)
    boards, values = positions(w, random.Random(8), 12, games_at_once=4, random_play=True)
    source, out = tmp_path / "odd.npz", tmp_path / "two.npz"
    save_positions(source, boards, values, random_play=True)
    relabel(w, source, 1, 4, 3, out)
    with np.load(out) as d:
        assert np.array_equal(d["boards"], boards[1::4])
        assert d["y"].shape == (3, 5) and int(d["plies"]) == 2 and bool(d["random_play"])
    assert [p.name for p in tmp_path.iterdir() if "part" in p.name] == []


@pytest.mark.parametrize("random_play", [False, True])
def test_crashed_positions_are_distinct_crashed_bearing_offs_from_the_seed(
    random_play: bool,
) -> None:
    from training.crashed import crashed_bearing_off
    from training.distil import crashed_positions

    w = load_net(SHIPPED)
    found = crashed_positions(w, random.Random(5), 30, random_play, games_at_once=50)
    assert found.shape == (30, 2, 26) and found.dtype == np.int8
    assert all(crashed_bearing_off(b[0].tolist(), b[1].tolist()) for b in found)
    assert len({b.tobytes() for b in found}) == 30
    for b in found:  # legal positions: fifteen checkers a side, none on the other's points
        assert b[0].sum() == b[1].sum() == 15
        assert not any(b[0][p] and b[1][25 - p] for p in range(1, 25))
    again = crashed_positions(w, random.Random(5), 30, random_play, games_at_once=50)
    assert np.array_equal(found, again)


def test_crashed_positions_are_valued_by_relabel_and_refused_by_a_fit_before(
    tmp_path: Path,
) -> None:
    from training.distil import _load_set, crashed_positions, relabel, save_boards

    w = load_net(SHIPPED)
    found = crashed_positions(w, random.Random(6), 4, random_play=True, games_at_once=50)
    source, out = tmp_path / "crashed.npz", tmp_path / "rolled.npz"
    save_boards(source, found, random_play=True)
    with pytest.raises(KeyError, match="y is not a file"):
        _load_set([source], 0)
    relabel(w, source, 0, 1, 4, out, trials=2)
    with np.load(out) as d:
        assert np.array_equal(d["boards"], found)
        assert int(d["trials"]) == 2 and bool(d["random_play"])
        assert d["y"].shape == (4, 5) and ((d["y"] >= 0) & (d["y"] <= 1)).all()
