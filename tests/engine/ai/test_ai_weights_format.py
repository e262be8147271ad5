"""The weights file formats: fixed point in byte planes (shipped) and float32 (training)."""

from __future__ import annotations

import json
import random
import struct

import numpy as np
import pytest
from repo_paths import ROOT

from engine.ai.encoding import n_inputs
from engine.ai.network import SHIFT, Network, load_network
from tests.random_positions import self_play_positions
from training.export import (
    BITS,
    FIXED,
    FLOAT32,
    decode_fixed,
    encode_fixed,
    pack_fixed,
    pack_weights,
    read_weights,
    unpack_weights,
)

SHIPPED = ROOT / "engine" / "ai" / "data" / "contact.bin"
HIDDEN = 7


def _values(count: int, seed: int = 1) -> np.ndarray:
    """Weights like a trained net's: mostly small, a few far beyond 3 bytes at 2**-20."""
    rng = np.random.default_rng(seed)
    values = rng.normal(0.0, 0.4, count)
    values[:: count // 5] = [29.0, -17.5, 8.0, -3e-7, 1e-7][: len(values[:: count // 5])]
    return values


def _shape(n_features: int = 16) -> tuple[int, int, int]:
    return n_inputs(n_features), HIDDEN, 5


def _count(shape: tuple[int, int, int]) -> int:
    n_in, h, n_out = shape
    return n_in * h + h + n_out * h + n_out


def _weights(net: Network) -> list[float]:
    """A network's weights in file order, as it loaded them."""
    rows = [w for row in net._rows for w in row]
    return rows + net.bias + [w for row in net.out_rows for w in row] + net.out_bias


def test_fixed_point_round_trip_is_exact_on_the_grid() -> None:
    values = _values(5000)
    data = encode_fixed(values)
    want = np.round(values * 2.0**BITS) / 2.0**BITS
    assert data[0] == BITS and data[1] == 4  # 29.0 needs 26 bits with the sign
    assert decode_fixed(data, len(values)).tolist() == want.tolist()
    assert np.abs(want - values).max() <= 2.0 ** -(BITS + 1)
    # As few bytes as the largest value needs:
    assert encode_fixed(np.array([7.99, -8.0, 1e-7]))[1] == 3
    assert encode_fixed(np.array([0.25, -0.5, 1e-7]), bits=2)[1] == 1
    with pytest.raises(ValueError):
        decode_fixed(data[:-1], len(values))


def test_engine_and_training_read_a_fixed_point_file_alike() -> None:
    shape = _shape()
    values = _values(_count(shape))
    blob = pack_fixed(shape, {"test": True}, values)
    got_shape, meta, decoded = unpack_weights(blob)
    assert (got_shape, meta) == (shape, {"test": True})
    net = Network(blob)
    assert net.meta == {"test": True}
    assert _weights(net) == decoded.tolist()  # exactly: both decoders give the grid values
    with pytest.raises(ValueError, match="bytes of weights"):
        Network(blob[:-1])


def test_float32_files_still_load() -> None:
    shape = _shape(12)
    rng = random.Random(5)
    floats = [rng.gauss(0.0, 0.3) for _ in range(_count(shape))]
    packed = struct.pack(f"<{len(floats)}f", *floats)
    blob = pack_weights(shape, {"old": 1}, packed)
    assert struct.unpack_from("<I", blob, 4)[0] == FLOAT32
    net = Network(blob)
    assert net.meta == {"old": 1}
    assert _weights(net) == list(struct.unpack(f"<{len(floats)}f", packed))
    assert unpack_weights(blob)[2].tolist() == _weights(net)
    with pytest.raises(ValueError, match="bytes of weights"):
        Network(blob + b"\0")


def test_both_formats_of_the_same_grid_values_evaluate_identically() -> None:
    shape = _shape()
    # On the 2**-20 grid and below 8 in size, so that float32 holds them exactly too.
    values = np.round(np.random.default_rng(2).normal(0.0, 0.4, _count(shape)) * 2**SHIFT)
    values = np.clip(values, -(2**22), 2**22) / 2**SHIFT
    old = Network(pack_weights(shape, {}, values.astype("<f4").tobytes()))
    new = Network(pack_fixed(shape, {}, values))
    for pos in self_play_positions(random.Random(4), 200):
        assert new.evaluate(pos.me, pos.opp) == old.evaluate(pos.me, pos.opp)


def test_shipped_net_plays_as_its_float32_copy() -> None:
    blob = SHIPPED.read_bytes()
    assert struct.unpack_from("<I", blob, 4)[0] == FIXED
    shape, meta, values = unpack_weights(blob)
    assert meta == json.loads(SHIPPED.with_suffix(".json").read_text())
    as_float32 = Network(pack_weights(shape, meta, values.astype("<f4").tobytes()))
    shipped = load_network()
    worst = 0.0
    for pos in self_play_positions(random.Random(6), 400):
        a = shipped.evaluate(pos.me, pos.opp)
        b = as_float32.evaluate(pos.me, pos.opp)
        worst = max(worst, *(abs(x - y) for x, y in zip(a, b, strict=True)))
    assert worst <= 1e-5  # fixed point moves an output by about 1e-6, float32 about as much
    w1, b1, w2, b2 = read_weights(SHIPPED)
    assert w1.shape == (shape[0], shape[1]) and w2.shape == (shape[1], 5)
    assert b1.dtype == np.float64 and len(b2) == 5
