"""Weight averaging (training/average.py): the mean net loads in the engine and evaluates as one."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from repo_paths import ROOT

from engine import Position
from engine.ai.network import Network
from training.average import average
from training.export import pack_weights, read_weights, unpack_weights

SHIPPED = ROOT / "engine" / "ai" / "data" / "contact.bin"


def _shifted(src: Path, dst: Path, delta: float) -> None:
    """A copy of ``src`` with ``delta`` added to every float (same shape and metadata)."""
    shape, meta, floats = unpack_weights(src.read_bytes())
    dst.write_bytes(pack_weights(shape, meta, (floats + np.float32(delta)).astype("<f4").tobytes()))


def test_mean_of_shifted_copies_is_the_original(tmp_path: Path) -> None:
    _shifted(SHIPPED, tmp_path / "a.bin", 0.25)
    _shifted(SHIPPED, tmp_path / "b.bin", -0.25)
    meta = average([tmp_path / "a.bin", tmp_path / "b.bin"], tmp_path / "mean.bin")
    for got, want in zip(read_weights(tmp_path / "mean.bin"), read_weights(SHIPPED), strict=True):
        np.testing.assert_allclose(got, want, atol=1e-6)
    assert meta["averaged_games"] == [meta["games"], meta["games"]]
    net = Network((tmp_path / "mean.bin").read_bytes())
    assert net.meta["averaged_games"] == meta["averaged_games"]
    reference = Network(SHIPPED.read_bytes())
    pos = Position.start()
    assert net.evaluate(pos.me, pos.opp) == pytest.approx(
        reference.evaluate(pos.me, pos.opp), abs=1e-5
    )


def test_shapes_must_match(tmp_path: Path) -> None:
    # A float32 copy: its reader takes the data as it comes (the shipped format
    # checks the data's length against the header before any shape is compared).
    _shifted(SHIPPED, tmp_path / "copy.bin", 0.0)
    blob = bytearray((tmp_path / "copy.bin").read_bytes())
    blob[12:16] = (64).to_bytes(4, "little")  # claims another hidden size
    (tmp_path / "other.bin").write_bytes(bytes(blob))
    with pytest.raises(ValueError, match="different shapes"):
        average([SHIPPED, tmp_path / "other.bin"], tmp_path / "mean.bin")
