"""Checker plays valued with the cube (:mod:`engine.ai.cubeful_plays`), as GNU
Backgammon's analysis values them."""

from __future__ import annotations

import pytest

from engine.ai import CubeState, rank_plays
from engine.ai.cubeful_plays import deepest, rank_plays_cubeful
from engine.match import Match
from engine.position import Position
from engine.review import decisions

ROLLS = [(4, 2), (6, 5), (2, 1), (5, 5)]


def cubeless(position: Position, dice: tuple[int, int], cube: CubeState) -> dict[str, float]:
    return {str(r.play): r.equity for r in rank_plays(position, dice, "hard", cube)}


@pytest.mark.parametrize("dice", ROLLS)
def test_in_the_crawford_game_no_cube_turns_so_each_play_is_worth_its_cubeless_equity(
    dice: tuple[int, int],
) -> None:
    cube = CubeState(1, None, False, 7, 1, 4, crawford=True)
    before = cubeless(Position.start(), dice, cube)
    for r in rank_plays_cubeful(Position.start(), dice, cube):
        assert r.equity == pytest.approx(before[str(r.play)], abs=1e-9)


@pytest.mark.parametrize("dice", ROLLS)
@pytest.mark.parametrize("length", [0, 7])
def test_owning_the_cube_is_worth_something_and_so_is_the_opponent_owning_it(
    dice: tuple[int, int], length: int
) -> None:
    away = 5 if length else 0
    for owner, sign in ((0, 1), (1, -1)):
        cube = CubeState(2, owner, False, length, away, away)
        before = cubeless(Position.start(), dice, cube)
        for r in rank_plays_cubeful(Position.start(), dice, cube):
            assert sign * (r.equity - before[str(r.play)]) > 0, (owner, str(r.play))


def test_the_deepest_plays_are_ranked_by_cubeful_equity_the_rest_keep_their_places() -> None:
    cube = CubeState(1, None, False, 5, 3, 1)  # after the Crawford game: the cube matters most
    plain = rank_plays(Position.start(), (6, 2), "hard", cube)
    ranked = rank_plays_cubeful(Position.start(), (6, 2), cube)
    n = deepest(plain)
    assert 1 < n < len(plain)
    assert deepest(ranked) == n
    assert ranked[0].loss == 0.0
    assert [r.equity for r in ranked[:n]] == sorted((r.equity for r in ranked[:n]), reverse=True)
    assert {str(r.play) for r in ranked[:n]} == {str(r.play) for r in plain[:n]}
    assert [str(r.play) for r in ranked[n:]] == [str(r.play) for r in plain[n:]]
    best = ranked[0].equity
    assert all(r.loss == pytest.approx(max(0.0, best - r.equity)) for r in ranked)


def test_without_a_cube_the_ranking_is_the_cubeless_one() -> None:
    assert rank_plays_cubeful(Position.start(), (3, 1), None) == rank_plays(
        Position.start(), (3, 1)
    )


def test_the_review_judges_a_play_by_what_it_gives_up_with_the_cube() -> None:
    from engine.ai.review import judge

    m = Match.new(5).roll((6, 2)).play("24/18 13/11")
    (d,) = (d for d in decisions(m.record) if d.dice is not None)
    assert d.played is not None
    ranked = rank_plays_cubeful(d.position, (6, 2), d.cube, also=d.played.swap())
    mine = next(r for r in ranked if str(r.play) == "24/18 13/11")
    verdict = judge(d)
    assert verdict.loss == pytest.approx(mine.loss) and verdict.best == str(ranked[0].play)


def test_worked_out_races_stay_above_the_networks_quick_figures() -> None:
    # A race near the end (e2e/test_bearoff_cache.py's): King Tubby works out
    # its best candidates roll by roll (ply 0, worked out); the rest are the
    # networks' 0-ply figures, and must stay below whatever the cube makes of them.
    m = Match.from_xgid("XGID=-CCBBBA--A-A-------m------:0:0:1:52:0:0:0:0:10")
    assert m.turn is not None
    position, cube, dice = m.board, m.cube_state(m.turn), (5, 2)
    plain = rank_plays(position, dice, "hard", cube)
    n = deepest(plain)
    assert 1 < n < len(plain) and all(r.worked_out for r in plain[:n])
    ranked = rank_plays_cubeful(position, dice, cube)
    assert [r.worked_out for r in ranked] == [r.worked_out for r in plain]
    assert str(ranked[0].play) == "11/6 9/7"
