"""A net's values at 0, 1 and 2 plies (training/lookahead.py) against the engine's own."""

from __future__ import annotations

import random

import pytest
from repo_paths import ROOT

from engine import Position, legal_plays
from engine.ai.encoding import ROLLS
from engine.ai.evaluator import evaluate_sides
from engine.ai.player import ply1, rank_plays
from training.export import read_weights
from training.lookahead import values

SHIPPED = ROOT / "engine" / "ai" / "data" / "contact.bin"


def _contact_position(seed: int) -> Position:
    """A position of random play, far from a race: no checker can be borne off two plies on."""
    rng = random.Random(seed)
    pos = Position.start()
    for _ in range(rng.randint(4, 12)):
        plays = legal_plays(pos, (rng.randint(1, 6), rng.randint(1, 6)))
        pos = rng.choice(plays).result if plays else pos.swap()
    assert not pos.is_race() and min(pos.pips()) > 100
    return pos


def test_values_at_0_and_1_ply_are_the_engines() -> None:
    w = read_weights(SHIPPED)
    positions = [_contact_position(s) for s in (1, 2, 3)]
    at0, at1 = (values([(p.me, p.opp) for p in positions], w, n) for n in (0, 1))
    for p, v0, v1 in zip(positions, at0, at1, strict=True):
        assert v0 == pytest.approx(evaluate_sides(p.me, p.opp), abs=1e-4)
        # the opponent's reply to the side on roll's best play of each roll
        mean = [0.0] * 5
        for a, b, weight in ROLLS:
            best = rank_plays(p, (a, b), "medium")[0]
            mean = [m + weight / 36 * q for m, q in zip(mean, best.probs, strict=True)]
        assert v1 == pytest.approx(mean, abs=1e-4)


def test_value_at_2_plies_looks_a_ply_past_each_rolls_best_play() -> None:
    w = read_weights(SHIPPED)
    pos = _contact_position(7)
    (v2,) = values([(pos.me, pos.opp)], w, 2)
    mean = [0.0] * 5
    for a, b, weight in ROLLS:
        best = rank_plays(pos, (a, b), "medium")[0]  # chosen at 0-ply
        deeper = ply1(best.play.result)  # the mover's chances after the opponent's best reply
        mean = [m + weight / 36 * q for m, q in zip(mean, deeper, strict=True)]
    assert v2 == pytest.approx(mean, abs=1e-4)
    assert v2 != pytest.approx(values([(pos.me, pos.opp)], w, 1)[0], abs=1e-4)


def test_a_position_valued_alone_or_in_a_batch_has_the_same_value() -> None:
    w = read_weights(SHIPPED)
    boards = [(p.me, p.opp) for p in (_contact_position(s) for s in (4, 5))]
    together = values(boards, w, 1)
    assert together[1] == pytest.approx(values(boards[1:], w, 1)[0], abs=1e-12)


def test_only_up_to_2_plies() -> None:
    with pytest.raises(ValueError, match="0, 1 or 2"):
        values([(Position.start().me, Position.start().opp)], read_weights(SHIPPED), 3)
