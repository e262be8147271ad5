"""The race network's training games (training/train_race.py): where they start,
how they end, and what they are trained towards."""

from __future__ import annotations

import random

import numpy as np
from repo_paths import ROOT

from engine.ai.bearoff import is_bearoff, race_probs
from engine.ai.evaluator import flip
from training.export import read_weights
from training.ply1 import forward
from training.train_race import RaceGame, is_race, no_contact, race_starts, race_step

SHIPPED = ROOT / "engine" / "ai" / "data" / "contact.bin"


def test_race_starts_are_races_from_played_games() -> None:
    starts = race_starts(40, read_weights(SHIPPED), 0.5, random.Random(3))
    assert len(starts) == 40
    for me, opp in starts:
        assert sum(me) == sum(opp) == 15
        assert is_race(me, opp)
    assert len(set(starts)) > 30  # not one race over and over


def test_no_contact_is_the_engines_race() -> None:
    from engine import Position

    rng = random.Random(5)
    for me, opp in race_starts(20, read_weights(SHIPPED), 1.0, rng):
        assert Position(me, opp).is_race()
    start = Position.start()
    assert not no_contact(start.me, start.opp)


def test_a_race_ends_at_a_bear_off_with_the_databases_exact_value() -> None:
    """Each race is played until both sides are home; the last target is the
    exact value of the bear-off the last play left (seen from the side that made
    it), and every other target mixes it with the values seen on the way."""
    rng = random.Random(11)
    weights = read_weights(SHIPPED)
    starts = race_starts(8, weights, 0.3, rng)
    games = [RaceGame(s) for s in starts]
    ended: list[tuple[np.ndarray, np.ndarray, RaceGame]] = []
    for _ in range(30):
        for gi, boards, targets in race_step(games, lambda x: forward(weights, x), rng, 0.7):
            ended.append((boards, targets, games[gi]))
            games[gi] = RaceGame(starts[gi])  # as the trainer does: a fresh race
    assert len(ended) >= len(games)
    for boards, targets, game in ended:
        me, opp = game.me, game.opp
        assert len(boards) == len(targets) == len(game.values)
        for b in boards:
            assert is_race(tuple(b[0]), tuple(b[1]))
        if me[0] < 15 and opp[0] < 15:
            assert is_bearoff(me, opp)
            exact = np.array(race_probs(me, opp))
        else:  # the side that just played has borne its last checker off
            assert opp[0] == 15
            exact = np.array(game.values[-1])
        assert np.allclose(game.values[-1], exact)
        assert np.allclose(targets[-1], flip(exact), atol=1e-6)
        assert ((targets >= 0) & (targets <= 1)).all()


def test_one_ply_values_weigh_the_rolls_and_take_exact_bear_offs() -> None:
    """Over the 21 rolls, weighted, the value the best play leaves: the database's
    where it makes a bear-off, the net's (here a stub's) where it does not."""
    from engine import Position, legal_plays
    from engine.ai.encoding import ROLLS
    from training.train_race import one_ply

    stub = np.full(5, 0.5)
    me = (0, 2, 3, 3, 2, 2, 2, 1) + (0,) * 18  # one checker on the 7 point
    opp = (3, 2, 2, 2, 2, 2, 2) + (0,) * 19
    assert is_race(me, opp)
    expected = np.zeros(5)
    exact = 0
    for d1, d2, weight in ROLLS:
        values = []
        for play in legal_plays(Position(me, opp), (d1, d2)):
            after = play.result  # seen by the opponent, now on roll
            if is_bearoff(after.me, after.opp):
                values.append(flip(race_probs(after.me, after.opp)))
                exact += 1
            else:  # 1-1 or 2-1 played inside, the checker left on the 7 point
                values.append(flip(stub))
        best = max(values, key=lambda v: 2 * v[0] - 1 + v[1] - v[3] + v[2] - v[4])
        expected += weight / 36 * np.array(best)
    assert exact > 20
    got = one_ply([(me, opp)], lambda x: np.tile(stub, (len(x), 1)))
    assert np.allclose(got[0], expected)


def test_a_races_last_positions_can_take_one_ply_targets() -> None:
    """With ``tail``, the last positions of a race are trained towards their 1-ply
    values, and the lambda-returns before them start from these."""
    from training.train_race import one_ply

    weights = read_weights(SHIPPED)
    value_of = lambda x: forward(weights, x)  # noqa: E731
    starts = race_starts(6, weights, 0.0, random.Random(2))
    games = [RaceGame(s) for s in starts]
    rng = random.Random(4)
    checked = 0
    for _ in range(40):
        for gi, boards, targets in race_step(games, value_of, rng, 0.7, tail=2):
            game = games[gi]
            tail = [(tuple(b[0]), tuple(b[1])) for b in boards[-2:]]
            assert np.allclose(targets[-len(tail) :], one_ply(tail, value_of), atol=1e-6)
            if len(targets) > 2:
                mixed = 0.3 * game.values[-3] + 0.7 * targets[-2]
                assert np.allclose(targets[-3], flip(mixed), atol=1e-6)
            checked += 1
            games[gi] = RaceGame(starts[gi])
    assert checked >= 6
