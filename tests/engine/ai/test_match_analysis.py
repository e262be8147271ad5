"""Whole-match analysis: each roll's luck, and the figures per player and per game."""

from __future__ import annotations

from engine.ai.cube import CubeState
from engine.ai.match_analysis import analyse, roll_luck
from engine.ai.player import ROLLS
from engine.match import Match
from engine.position import Position
from engine.review import LuckRating, match_stats, summarise


def _weighted_mean_luck(position: Position, cube: CubeState | None) -> float:
    return sum(w * roll_luck(position, cube, (a, b))[0] for a, b, w in ROLLS)


def test_luck_averages_zero_over_the_21_rolls() -> None:
    position = Position.from_id("4HPwATDgc/ABMA")
    assert abs(_weighted_mean_luck(position, None)) < 1e-9


def test_luck_averages_zero_at_a_match_score() -> None:
    cube = CubeState(match_length=7, my_away=2, opp_away=5)
    position = Position.start().swap()
    assert abs(_weighted_mean_luck(position, cube)) < 1e-9


def test_a_double_six_in_a_race_behind_is_lucky() -> None:
    # An even race, each side's 15 checkers on its 8 to 12 points: 6-6 gains 24 pips.
    race = Position.from_points([0] * 7 + [3] * 5 + [-3] * 5 + [0] * 7)
    luck, chances = roll_luck(race, None, (6, 6))
    assert luck > 0.1
    assert 0.0 < chances[0] < 1.0


def test_analyse_judges_every_decision_with_luck_for_plays() -> None:
    m = Match.new(3).roll((3, 1)).play("24/20").roll((6, 4)).play("24/14")
    judged = analyse(m.record)
    kinds = [(j.decision.kind, j.luck is None) for j in judged]
    assert kinds == [("play", False), ("cube", True), ("play", False)]
    assert all(j.chances is not None and j.unit > 0 for j in judged)
    # the opening 3-1 is a lucky roll; black then misplays it
    assert judged[0].luck is not None and judged[0].luck > 0
    assert judged[0].loss > 0.16


def test_stats_agree_with_the_review_and_luck_is_zero_sum() -> None:
    m = Match.new(3).roll((3, 1)).play("24/20").roll((6, 4)).play("24/14").roll((5, 2))
    judged = analyse(m.record)
    stats = match_stats(m.record, judged)
    black, white = stats.match
    assert black.overall == summarise(judged, 0)
    assert white.overall == summarise(judged, 1)
    assert black.overall.pr == summarise(judged, 0).pr > 0
    assert black.rolls == 1 and white.rolls == 1
    assert abs(black.luck_result + white.luck_result) < 1e-12
    assert black.units == "points"  # not over: no match-winning chances
    assert len(stats.games) == 1 and stats.games[0][0].overall == black.overall
    assert black.luck_rating in tuple(LuckRating)
