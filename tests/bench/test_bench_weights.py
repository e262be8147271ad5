"""Which nets the AI benchmarks measure (bench/ai_common.py, ``use_weights``):
``CONTACT[,RACE]`` files beside the shipped nets."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest

from bench.ai_common import use_weights
from engine.ai import evaluator
from engine.ai.encoding import N_INPUTS
from engine.ai.evaluator import evaluate_sides
from engine.ai.network import Network, load_network
from training.export import pack_weights

RACE_ME = (0, 5, 5, 4, 0, 0, 0, 0, 0, 1) + (0,) * 16
RACE_OPP = (0,) * 14 + (15,) + (0,) * 11


@pytest.fixture(autouse=True)
def shipped_afterwards() -> Iterator[None]:
    yield
    use_weights(None)


def _net_file(tmp_path: Path, name: str, seed: int) -> Path:
    hidden = 4
    count = N_INPUTS * hidden + hidden + 5 * hidden + 5
    floats = np.random.default_rng(seed).normal(0.0, 0.3, count).astype("<f4")
    path = tmp_path / name
    path.write_bytes(pack_weights((N_INPUTS, hidden, 5), {"seed": seed}, floats.tobytes()))
    return path


def test_a_race_net_file_judges_the_races(tmp_path: Path) -> None:
    race = _net_file(tmp_path, "race.bin", 1)
    use_weights(f"shipped,{race}")
    assert evaluator.has_race_network()
    want = Network(race.read_bytes()).evaluate(RACE_ME, RACE_OPP)[0]
    assert evaluate_sides(RACE_ME, RACE_OPP)[0] == want


def test_a_contact_net_alone_and_none_for_races(tmp_path: Path) -> None:
    contact = _net_file(tmp_path, "contact.bin", 2)
    use_weights(f"{contact},none")
    assert not evaluator.has_race_network()
    want = Network(contact.read_bytes()).evaluate(RACE_ME, RACE_OPP)[0]
    assert evaluate_sides(RACE_ME, RACE_OPP)[0] == want
    use_weights(None)
    shipped = load_network("contact").evaluate(RACE_ME, RACE_OPP)[0]
    assert evaluate_sides(RACE_ME, RACE_OPP)[0] == shipped != want
