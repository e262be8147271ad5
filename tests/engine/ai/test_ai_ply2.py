"""King Tubby's 2-ply analysis: move filters, agreement with 1-ply where the
choice is plain, determinism, the play made carried deep, and the cube at 2-ply."""

from __future__ import annotations

import pytest

from engine import Position, legal_plays
from engine.ai import CubeState, cube_decision, rank_plays
from engine.ai.evaluator import equity
from engine.ai.player import PLY2_FILTERS, MoveFilter, RankedPlay, ply1, ply2
from engine.ai.review import judge, review
from engine.match import Match
from engine.review import Grade, decisions

# White to play 6-4 with a Black blot on White's bar point (White's 7): hitting
# it with 13/7 and going on is plain; the start's 4-2 makes the 4-point.
HIT = Position.from_points(
    [-2, 0, 0, 0, 0, 5, -1, 3, 0, 0, 0, -5, 5, 0, 0, 0, -3, 0, -4, 0, 0, 0, 0, 2]
)


@pytest.fixture(scope="module")
def four_two() -> list[RankedPlay]:
    return rank_plays(Position.start(), (4, 2), "hard", plies=2)


def test_a_move_filter_keeps_the_accepted_then_those_near_the_best() -> None:
    f = MoveFilter(1, 2, 0.1)
    assert f.keep([0.5]) == 1
    assert f.keep([0.5, 0.1, 0.05]) == 1  # the second is 0.4 behind
    assert f.keep([0.5, 0.45, 0.42, 0.41]) == 3  # one accepted and two extra at most
    assert MoveFilter(3, 0, 0.0).keep([0.5, -1.0, -2.0, -3.0]) == 3
    assert (MoveFilter(0, 8, 0.16), MoveFilter(0, 2, 0.04)) == PLY2_FILTERS


def test_two_ply_agrees_with_one_ply_where_the_choice_is_plain(
    four_two: list[RankedPlay],
) -> None:
    assert str(four_two[0].play) == "8/4 6/4"
    assert four_two[0].ply == 2 and four_two[0].loss == 0.0
    assert str(rank_plays(Position.start(), (4, 2), "hard")[0].play) == "8/4 6/4"
    one = rank_plays(HIT, (6, 4), "hard")
    two = rank_plays(HIT, (6, 4), "hard", plies=2)
    assert "13/7*" in str(one[0].play) and "13/7*" in str(two[0].play)  # both hit
    assert two[0].ply == 2


def test_the_filters_are_respected(four_two: list[RankedPlay]) -> None:
    start = Position.start()
    plays = legal_plays(start, (4, 2))
    assert sorted(str(r.play) for r in four_two) == sorted(str(p) for p in plays)
    plies = [r.ply for r in four_two]
    assert plies == sorted(plies, reverse=True)  # the deepest first
    for ply in (0, 1, 2):
        figures = [r.equity for r in four_two if r.ply == ply]
        assert figures == sorted(figures, reverse=True)
    # 0-ply: up to 8 within 0.16 of the best go on to 1-ply
    zero = sorted(rank_plays(start, (4, 2), "medium"), key=lambda r: -r.equity)
    deeper = {str(r.play) for r in four_two if r.ply >= 1}
    assert 1 <= len(deeper) <= 8
    assert all(zero[0].equity - r.equity <= 0.16 for r in zero if str(r.play) in deeper)
    left = [r for r in zero if str(r.play) not in deeper]
    assert len(deeper) == 8 or all(zero[0].equity - r.equity > 0.16 for r in left)
    # 1-ply: up to 2 within 0.04 of the best of those go on to 2-ply
    at_one = {str(r.play): equity(ply1(r.play.result)) for r in four_two if r.ply >= 1}
    best_one = max(at_one.values())
    two = [str(r.play) for r in four_two if r.ply == 2]
    assert 1 <= len(two) <= 2
    assert all(best_one - at_one[p] <= 0.04 for p in two)
    assert all(r.loss >= 0.0 for r in four_two)


def test_two_ply_figures_are_the_look_ahead_and_deterministic(
    four_two: list[RankedPlay],
) -> None:
    best = four_two[0]
    assert best.probs == ply2(best.play.result)
    assert rank_plays(Position.start(), (4, 2), "hard", plies=2) == four_two
    w, wg, wbg, lg, lbg = best.probs
    assert 0.0 <= wbg <= wg <= w <= 1.0 and 0.0 <= lbg <= lg <= 1.0 - w


def test_the_play_made_is_judged_as_deep_as_the_best() -> None:
    start = Position.start()
    bad = next(p for p in legal_plays(start, (4, 2)) if str(p) == "24/18")
    ranked = rank_plays(start, (4, 2), "hard", plies=2, also=bad.result)
    mine = next(r for r in ranked if r.play == bad)
    assert mine.ply == 2 and mine.loss > 0.0
    with pytest.raises(ValueError, match="plies"):
        rank_plays(start, (4, 2), "hard", plies=3)


def test_cube_decisions_at_two_ply() -> None:
    start = cube_decision(Position.start(), CubeState(), plies=2)
    assert start.action == "no double"
    one = cube_decision(Position.start(), CubeState(), plies=1)
    assert start.probs != one.probs
    assert abs(start.probs[0] - one.probs[0]) < 0.03


def test_a_review_at_two_ply_finds_the_blunder() -> None:
    m = Match.new(0).roll((3, 1)).play("24/20").roll((6, 4)).play("24/14")
    done = review(m.record, players=(0,), plies=2)
    first = done.judgements[0]
    assert first.best == "8/5 6/5" and first.grade is Grade.BLUNDER
    assert first == judge(next(iter(decisions(m.record, (0,)))), plies=2)
    assert done.players[0].plays == 1


def test_at_one_ply_the_play_made_outside_the_screen_is_looked_at_too() -> None:
    # King Tubby's 1-ply screen looks ahead on the few best plays only; a review
    # (``also``: the play made) judges the play made at 1-ply too, as GNU
    # Backgammon does, not its 0-ply figure against the best's 1-ply one.
    start = Position.start()
    plain = rank_plays(start, (4, 2), "hard")
    worst = plain[-1]
    assert worst.ply == 0 and plain[0].ply == 1
    ranked = rank_plays(start, (4, 2), "hard", also=worst.play.result)
    mine = next(r for r in ranked if r.play == worst.play)
    assert mine.ply == 1
    assert mine.probs == ply1(worst.play.result)
    assert mine.loss == pytest.approx(ranked[0].equity - equity(mine.probs))
    assert [r.play for r in ranked if r.ply == 1] == sorted(
        [r.play for r in plain if r.ply == 1] + [worst.play],
        key=lambda p: -next(r.equity for r in ranked if r.play == p),
    )
    assert len(ranked) == len(plain) and ranked[0].play == plain[0].play
