"""Checker plays valued with the cube, as GNU Backgammon's analysis values them.

:func:`engine.ai.rank_plays` ranks plays by the cubeless equity they leave,
which is how King Tubby plays.  A play's worth, though, depends on what the
cube then does: leaving a position the opponent doubles and we must pass is
worth less than its cubeless figure says, and one near a double of ours is
worth more.  GNU Backgammon ranks and judges plays by cubeful equity; judging
ours cubelessly was the larger part of the gap between our players' PRs and
its own (``bench/pr_cubeful.py``: on 7-point matches the mean |PR difference|
to its 2-ply analysis fell from 1.17 to 0.90).

:func:`rank_plays_cubeful` takes the plays :func:`rank_plays` judged deepest
(the first group, all at the same depth or worked out) and values each by the
opponent's cubeful equity on roll after it — no double, or the better of
double/take and double/pass for the opponent when it may double
(:func:`engine.ai.cube.cube_decision_from_probs` on the play's probabilities,
so no evaluation is added) — then ranks that group by it; the shallower plays,
valued the same way, keep their places below.  Values are normalised as the cubeless
equities are (:mod:`engine.ai.score`): a single game at the cube is worth 1,
so losses compare with those of cube decisions.

>>> from engine.ai.cube import CubeState
>>> from engine.position import Position
>>> ranked = rank_plays_cubeful(Position.start(), (3, 1), CubeState())
>>> str(ranked[0].play), ranked[0].loss
('8/5 6/5', 0.0)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from engine.ai.cube import CubeState, cube_decision_from_probs, cube_efficiency
from engine.ai.evaluator import flip
from engine.ai.met import equity_after
from engine.ai.player import RankedPlay, rank_plays
from engine.names import AiLevel
from engine.position import Position


def cubeful_value(r: RankedPlay, cube: CubeState) -> float:
    """The mover's cubeful equity after play ``r``, normalised as the cubeless
    equity is: the opponent, on roll, makes its best cube decision."""
    st = cube.swap()  # the opponent's view
    d = cube_decision_from_probs(flip(r.probs), st, cube_efficiency(r.play.result))
    theirs = max(d.no_double, min(d.double_take, d.double_pass)) if d.may_double else d.no_double
    if not cube.is_match:
        return -theirs
    a, b, c, v = cube.my_away, cube.opp_away, cube.crawford, cube.value
    win, lose = equity_after(a, b, c, v, 0), equity_after(a, b, c, 0, v)
    return (1.0 - theirs - (win + lose) / 2.0) / ((win - lose) / 2.0)


def deepest(ranked: Sequence[RankedPlay]) -> int:
    """How many of ``ranked`` (as :func:`rank_plays` orders them) were judged
    at its deepest level, worked-out races included: the first group.  A
    worked-out race has ``ply`` 0 but ranks above the networks' 0-ply figures;
    when nothing was looked at more closely, every play is in the group."""
    depth = max(r.ply for r in ranked)
    if depth == 0 and not any(r.worked_out for r in ranked):
        return len(ranked)
    n = 0
    while n < len(ranked) and (ranked[n].worked_out or ranked[n].ply == depth > 0):
        n += 1
    return n


def rank_plays_cubeful(
    position: Position,
    dice: tuple[int, int],
    cube: CubeState | None,
    plies: int = 1,
    also: Position | None = None,
) -> list[RankedPlay]:
    """King Tubby's plays of ``dice``, the deepest ranked by cubeful equity
    (see the module docs), each with its loss against the best; ``plies`` and
    ``also`` as :func:`rank_plays`.  Without a cube (``None``) the cubeless
    ranking is the answer."""
    ranked = rank_plays(position, dice, AiLevel.HARD, cube, plies, also)
    if cube is None or len(ranked) == 1:
        return ranked
    n = deepest(ranked)
    valued = [replace(r, equity=cubeful_value(r, cube)) for r in ranked]
    top = sorted(valued[:n], key=lambda r: -r.equity)
    best = top[0].equity
    return [replace(r, loss=max(0.0, best - r.equity)) for r in top + valued[n:]]
