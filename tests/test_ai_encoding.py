"""The network's input encoding and the sparse inference built on it."""

from __future__ import annotations

import random

import pytest

from engine import Position, legal_plays
from engine.ai.encoding import N_INPUTS, RACE_INPUT, encode, side_features
from engine.ai.network import load_network


def _sample(n: int, seed: int = 3) -> list[Position]:
    rng = random.Random(seed)
    out: list[Position] = []
    while len(out) < n:
        pos = Position.start()
        while pos.winner() is None and len(out) < n:
            plays = legal_plays(pos, (rng.randint(1, 6), rng.randint(1, 6)))
            out.append(pos)
            pos = rng.choice(plays).result if plays else pos.swap()
    return out


def test_start_position_inputs() -> None:
    v = encode(Position.start().me, Position.start().opp)
    assert len(v) == N_INPUTS
    # my 6-point holds 5: units n>=3 and (5-3)/2
    assert v[4 * 5 : 4 * 5 + 4] == [0.0, 0.0, 1.0, 1.0]
    # my 24-point holds 2 (the opponent's side mirrors it at offset 98)
    assert v[4 * 23 : 4 * 23 + 4] == [0.0, 1.0, 0.0, 0.0]
    assert v[98 + 4 * 23 + 1] == 1.0
    assert v[RACE_INPUT] == 0.0


def test_side_features_by_hand() -> None:
    pos = Position.from_points([0] * 5 + [2] + [1] + [0] * 16 + [-2])
    me, opp = pos.me, pos.opp
    pips, rearmost, prime, direct, indirect, blocked = side_features(me, opp)
    assert (pips, rearmost, prime) == (12 + 7, 7, 1)
    # the opponent's two checkers on my 24-point sit behind my blot on 7? no:
    # they move towards my lower points, from 24 to 7 is 17 pips away: no shot
    assert (direct, indirect) == (0, 0)
    assert blocked == 0
    # an enemy checker on my 10-point is 3 pips from the blot on 7... it moves
    # towards my higher points, so the blot on 7 is safe; a blot on 12 is not
    pos2 = Position.from_points([0] * 6 + [1] + [0] * 2 + [-1] + [0] * 1 + [1] + [0] * 12)
    d = side_features(pos2.me, pos2.opp)
    assert (d[3], d[4]) == (1, 0)


def test_numpy_twin_agrees() -> None:
    np = pytest.importorskip("numpy")
    from training.encode_np import encode_batch

    sample = _sample(400)
    boards = np.array([[p.me, p.opp] for p in sample])
    dense = np.array([encode(p.me, p.opp) for p in sample], dtype=np.float32)
    assert np.abs(encode_batch(boards) - dense).max() < 1e-6


def test_sparse_inference_matches_dense() -> None:
    net = load_network()
    for pos in _sample(60, seed=5):
        sparse = net.evaluate(pos.me, pos.opp)
        dense = net.evaluate_dense(encode(pos.me, pos.opp))
        assert max(abs(a - b) for a, b in zip(sparse, dense, strict=True)) < 1e-9


def test_shipped_weights_carry_their_training_record() -> None:
    import json
    from importlib import resources

    meta = load_network().meta
    note = json.loads(resources.files("engine.ai").joinpath("data/contact.json").read_text())
    assert meta == note
    assert meta["seed"] == 1 and meta["games"] > 0 and meta["train_hours"] > 0
