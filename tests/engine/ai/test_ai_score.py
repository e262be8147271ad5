"""Checker play at the match score (engine/ai/score.py and the levels given a CubeState)."""

from __future__ import annotations

import random

import pytest
from random_positions import positions_with_choice

from engine import legal_plays
from engine.ai import CubeState, choose_play, equity, rank_plays
from engine.ai.met import equity_after
from engine.ai.score import MONEY, outcome_weights, score_equity

SCORES = [
    CubeState(match_length=7, my_away=a, opp_away=b, value=v, crawford=c)
    for a, b, v, c in [
        (7, 7, 1, False),
        (5, 2, 1, False),
        (2, 5, 2, False),
        (3, 3, 4, False),
        (1, 4, 1, False),
        (4, 1, 1, False),
        (1, 3, 1, True),
    ]
]


def _probs(rng: random.Random) -> tuple[float, float, float, float, float]:
    w = rng.random()
    wg = rng.uniform(0, w)
    lg = rng.uniform(0, 1 - w)
    return w, wg, rng.uniform(0, wg), lg, rng.uniform(0, lg)


@pytest.mark.parametrize("cube", SCORES)
def test_score_equity_is_normalised_match_winning_chance(cube: CubeState) -> None:
    a, b, c, v = cube.my_away, cube.opp_away, cube.crawford, cube.value
    won = [equity_after(a, b, c, k * v, 0) for k in (1, 2, 3)]
    lost = [equity_after(a, b, c, 0, k * v) for k in (1, 2, 3)]
    rng = random.Random(3)
    for _ in range(50):
        p = _probs(rng)
        w, wg, wbg, lg, lbg = p
        mwc = (
            (w - wg) * won[0]
            + (wg - wbg) * won[1]
            + wbg * won[2]
            + (1 - w - lg) * lost[0]
            + (lg - lbg) * lost[1]
            + lbg * lost[2]
        )
        normalised = (2 * mwc - won[0] - lost[0]) / (won[0] - lost[0])
        assert score_equity(p, outcome_weights(cube)) == pytest.approx(normalised, abs=1e-12)


def test_money_is_plain_equity() -> None:
    assert outcome_weights(None) == outcome_weights(CubeState(jacoby=False)) == MONEY
    # once the cube has been turned the Jacoby rule is over: gammons count again
    assert outcome_weights(CubeState(value=2, owner=1)) == MONEY
    rng = random.Random(4)
    for _ in range(20):
        p = _probs(rng)
        assert score_equity(p, MONEY) == pytest.approx(equity(p), abs=1e-12)


def test_gammons_at_the_score() -> None:
    # double match point: only winning counts
    assert outcome_weights(CubeState(match_length=1, my_away=1, opp_away=1)) == (0, 0, 0, 0)
    # the Crawford game, 1-away against 4-away: my gammons are worth nothing; theirs
    # take them from 4-away to 2-away, about as much again as a single game
    crawford = CubeState(match_length=5, my_away=1, opp_away=4, crawford=True)
    assert outcome_weights(crawford) == pytest.approx((0.0, 0.0, 1.025, 0.074), abs=1e-3)
    # against 3-away their gammon gains little (post-Crawford 2-away is nearly 1-away),
    # their backgammon wins the match
    crawford = CubeState(match_length=5, my_away=1, opp_away=3, crawford=True)
    assert outcome_weights(crawford) == pytest.approx((0.0, 0.0, 0.049, 2.049), abs=1e-3)
    # 4-away against 2-away with the cube on 2: a single loss ends the match
    # (and my gammon wins the match, so a backgammon adds nothing)
    assert outcome_weights(CubeState(match_length=5, my_away=4, opp_away=2, value=2)) == (
        2.0,
        0.0,
        0.0,
        0.0,
    )


def test_at_double_match_point_plays_are_ranked_by_winning_chances() -> None:
    dmp = CubeState(match_length=3, my_away=1, opp_away=1)
    differs = 0
    for pos, dice in positions_with_choice(40, seed=8, min_plays=4):
        ranked = rank_plays(pos, dice, "medium", dmp)  # 0-ply, no noise in the ranking
        wins = [r.probs[0] for r in ranked]
        assert wins == sorted(wins, reverse=True)
        assert [r.equity for r in ranked] == pytest.approx([2 * w - 1 for w in wins])
        money = rank_plays(pos, dice, "medium")[0]
        if money.play != ranked[0].play:
            differs += 1
            assert money.probs[0] <= ranked[0].probs[0]
            assert money.equity >= equity(ranked[0].probs)
    # random games are full of blots and gammons: the score must change some plays
    assert differs > 0


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_every_level_takes_the_score(level: str) -> None:
    dmp = CubeState(match_length=1, my_away=1, opp_away=1)
    for pos, dice in positions_with_choice(3, seed=9, min_plays=4):
        play = choose_play(pos, dice, level, cube=dmp)
        assert play in legal_plays(pos, dice)
    pos, dice = positions_with_choice(1, seed=9, min_plays=4)[0]
    hard = rank_plays(pos, dice, "hard", dmp)
    assert hard[0].play == choose_play(pos, dice, "hard", cube=dmp)


def test_under_the_jacoby_rule_gammons_are_not_played_for() -> None:
    # as in GNU Backgammon (gammon price 0 while the cube is centred): a play is
    # ranked by its chance of winning alone
    jacoby = CubeState(jacoby=True)
    assert outcome_weights(jacoby) == (0.0, 0.0, 0.0, 0.0)
    money = CubeState(jacoby=False)
    changed = 0
    for position, dice in positions_with_choice(60, seed=5):
        ranked = rank_plays(position, dice, "medium", jacoby)
        assert [r.equity for r in ranked] == [2.0 * r.probs[0] - 1.0 for r in ranked]
        assert ranked[0].probs[0] == max(r.probs[0] for r in ranked)
        changed += ranked[0].play != rank_plays(position, dice, "medium", money)[0].play
    # e.g. a 22 where money play hits for the gammon and Jacoby play stays safe
    assert changed
