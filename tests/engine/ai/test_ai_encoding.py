"""The network's input encoding and the sparse inference built on it."""

from __future__ import annotations

import json
import random
import struct

import pytest

from engine import Position, legal_plays
from engine.ai.encoding import (
    BASIC_FEATURES,
    LAYOUTS,
    N_INPUTS,
    RACE_INPUT,
    encode,
    features,
    n_inputs,
    own_features,
)
from engine.ai.network import FIELD_BITS, OFFSET, SHIFT, Network, load_network, pack_row


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
    pips, rearmost, prime, direct, indirect, blocked = features(me, opp, BASIC_FEATURES)
    assert (pips, rearmost, prime) == (12 + 7, 7, 1)
    # the opponent's two checkers on my 24-point sit behind my blot on 7? no:
    # they move towards my lower points, from 24 to 7 is 17 pips away: no shot
    assert (direct, indirect) == (0, 0)
    assert blocked == 0
    # an enemy checker on my 10-point is 3 pips from the blot on 7... it moves
    # towards my higher points, so the blot on 7 is safe; a blot on 12 is not
    pos2 = Position.from_points([0] * 6 + [1] + [0] * 2 + [-1] + [0] * 1 + [1] + [0] * 12)
    d = features(pos2.me, pos2.opp)
    assert (d[3], d[4]) == (1, 0)


def _side(points: dict[int, int], bar: int = 0) -> list[int]:
    side = [0] * 26
    for p, n in points.items():
        side[p] = n
    side[25] = bar
    side[0] = 15 - sum(side)
    return side


def test_contact_features_by_hand() -> None:
    # my blot on 12, an enemy checker 2 pips behind it (their 15 = my 10):
    # every roll with a 2, and 1-1, hits; each hit costs 25 - 12 pips
    pos = Position.from_points([0] * 6 + [1] + [0] * 2 + [-1] + [0] * 1 + [1] + [0] * 12)
    assert features(pos.me, pos.opp)[6:9] == (12, 12 * 13, 36)
    # a blot on my 3 against a checker on the bar: 3s, 1-2 (two ways) and 1-1
    me = _side({3: 1, 20: 14})
    them = _side({10: 14}, bar=1)
    assert features(me, them)[6:8] == (14, 14 * 22)
    # with my 1 and 2 points made only the direct 3s are left
    me = _side({1: 2, 2: 2, 3: 1, 20: 10})
    assert features(me, them)[6:8] == (11, 11 * 22)


def test_escapes_of_the_back_checkers() -> None:
    start = Position.start()
    # from my 24 the opponent holds my 19, 17 and 12: the 5s, 7s and 12s land on
    # them (4 + 6 + 1 rolls) and 5-5 cannot start (its first step is on 19)
    assert features(start.me, start.opp)[8] == 36 - 4 - 6 - 1 - 1
    # a checker on the bar facing a closed board: every entry is blocked
    me = _side({6: 5, 8: 3, 13: 6}, bar=1)
    them = _side({1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 2})
    assert features(me, them)[8] == 0


def test_double_shots_contained_and_contact_pips_by_hand() -> None:
    # my blots on 12 and 13, an enemy checker on my 10-point coming towards them
    pos = Position.from_points([0] * 9 + [-1] + [0] + [1, 1] + [0] * 11)
    f = features(pos.me, pos.opp)
    # two blots hit at once by 21, 32 (two ways each) and 11
    assert f[9] == 2 + 2 + 1
    assert f[9] <= f[6]
    # the enemy checker on my 10-point is its rearmost: my checkers on 12 and 13
    # are 2 and 3 pips past it
    assert f[11] == 2 + 3
    # a 6-prime on my 14..19 (their 11..6) contains my checkers on 20..24 completely
    primed = Position.from_points([1] + [0] * 12 + [-2] * 6 + [0] * 4 + [1])
    assert features(primed.me, primed.opp)[10] == 0
    start = Position.start()
    assert features(start.me, start.opp)[10:12] == (22, 2 * 23 + 5 * 12 + 3 * 7 + 5 * 5)
    # no contact, no pips to break it
    race = Position.from_points([2] + [0] * 22 + [-2])
    assert features(race.me, race.opp)[11] == 0


def test_own_structure_features_by_hand() -> None:
    # my points: 1, 2, 4 and 6 made (k = 4), a blot on 5, an anchor on 20 and a
    # blot on 23; one checker on the bar
    pos = Position.from_points([2, 2, 0, 3, 1, 2] + [0] * 13 + [2, 0, 0, 1, 0], bar=1)
    enter, back, forward, moment = own_features(pos.me)
    assert enter == 4 * 4
    assert back == 20  # the blot on 23 and the bar checker are not anchors
    assert forward == 5  # the enemy's 5-point
    # 15 checkers, pips 2+4+12+5+12+40+23+25 = 123, mean point 8: 20, 23 and the bar are behind it
    assert moment == 2 * 12**2 + 15**2 + 17**2
    assert features(pos.me, pos.opp)[12:] == (enter, back, forward, moment)
    # nothing made in the enemy's home board, no checkers left behind
    bearoff = Position.from_points([3, 3, 3, 3, 3] + [0] * 18 + [-2])
    assert own_features(bearoff.me) == (25, 5, 0, 3 * 1 + 3 * 4)


@pytest.mark.parametrize("n_features", LAYOUTS)
def test_numpy_twin_agrees(n_features: int) -> None:
    np = pytest.importorskip("numpy")
    from training.encode_np import encode_batch

    sample = _sample(1500)
    boards = np.array([[p.me, p.opp] for p in sample])
    dense = np.array([encode(p.me, p.opp, n_features) for p in sample], dtype=np.float32)
    assert dense.shape[1] == n_inputs(n_features)
    assert np.abs(encode_batch(boards, n_features) - dense).max() < 1e-6


def _random_network(n_in: int, hidden: int = 7, seed: int = 1) -> Network:
    rng = random.Random(seed)
    meta = json.dumps({"test": True}).encode()
    count = n_in * hidden + hidden + 5 * hidden + 5
    floats = struct.pack(f"<{count}f", *(rng.gauss(0, 0.3) for _ in range(count)))
    return Network(b"BGNN" + struct.pack("<IIIII", 1, n_in, hidden, 5, len(meta)) + meta + floats)


def _packed_bound(net: Network, rows: int) -> float:
    """How far fixed point may move an output: each of ``rows`` packed rows rounds a
    pre-activation by at most 2**-(SHIFT+1); a hidden unit's sigmoid passes at most
    a quarter of that on, the output layer multiplies by at most the sum of an
    output row's absolute weights, and the output sigmoid passes a quarter again."""
    gain = max(sum(abs(w) for w in row) for row in net.out_rows)
    return 0.25 * gain * 0.25 * rows * 2.0 ** -(SHIFT + 1)


@pytest.mark.parametrize("n_features", LAYOUTS)
def test_sparse_inference_matches_dense(n_features: int) -> None:
    for net in (load_network(), _random_network(n_inputs(n_features))):
        for pos in _sample(60, seed=5):
            sparse = net.evaluate(pos.me, pos.opp)
            dense = net.evaluate_dense(encode(pos.me, pos.opp, net.n_features))
            _, rows = net.hidden_sums(pos.me, pos.opp)
            bound = _packed_bound(net, rows)
            assert max(abs(a - b) for a, b in zip(sparse, dense, strict=True)) <= bound
            assert bound < 1e-3  # a millipoint: fixed point stays below what a choice notices


def test_packed_rows_add_up_exactly() -> None:
    rng = random.Random(3)
    rows = [[rng.uniform(-40.0, 40.0) for _ in range(9)] for _ in range(70)]
    total = sum(pack_row(r) for r in rows)
    fields = [(total >> (FIELD_BITS * i)) % (1 << FIELD_BITS) for i in range(9)]
    exact = [sum(round(r[i] * 2**SHIFT) for r in rows) + 70 * OFFSET for i in range(9)]
    assert fields == exact  # no carry between fields, no rounding beyond each weight's
    with pytest.raises(ValueError):
        pack_row([2.0**30])


def test_other_input_counts_are_refused() -> None:
    with pytest.raises(ValueError, match="unsupported weights"):
        _random_network(n_inputs(7))


def test_shipped_weights_carry_their_training_record() -> None:
    import json
    from importlib import resources

    meta = load_network().meta
    note = json.loads(resources.files("engine.ai").joinpath("data/contact.json").read_text())
    assert meta == note
    assert meta["seed"] == 1 and meta["games"] > 0 and meta["train_hours"] > 0
