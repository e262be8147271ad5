"""King Tubby's review of a match: every decision judged, each player rated.

:func:`judge` gives the verdict on one :class:`~engine.review.Decision` with the
same calls, on the same positions and cube states, as the page's review
through the AI worker (:mod:`web.coach.review`, :mod:`web.worker.ai`): a play with
:func:`engine.ai.cubeful_plays.rank_plays_cubeful` (what it gives up, in cubeful
equity as GNU Backgammon counts it, against King Tubby's best play), a cube
choice with :func:`engine.ai.cube_decision` and :func:`engine.ai.choice_loss`.
:func:`review` judges a whole record; the counts and the performance rating
are :mod:`engine.review`'s (see there for the definition of the PR).

>>> from engine.match import Match
>>> m = Match.new(0).roll((3, 1)).play("24/20").roll((6, 4)).play("24/14")
>>> first, cube, _ = (judge(d) for d in decisions(m.record))
>>> first.best, first.grade, first.counted
('8/5 6/5', <Grade.BLUNDER: 'blunder'>, True)
>>> cube.loss, cube.counted  # far from doubling: no decision for the rating
(0.0, False)
"""

from __future__ import annotations

from collections.abc import Iterable

from engine.ai.cube import choice_loss, cube_decision, is_close
from engine.ai.cubeful_plays import rank_plays_cubeful
from engine.ai.player import CUBE_PLIES
from engine.names import CubeChoice, DecisionKind
from engine.record import MatchRecord
from engine.review import (
    BLUNDER,
    DOUBTFUL,
    MISTAKE,
    PR_SCALE,
    Decision,
    Grade,
    Judgement,
    MatchReview,
    PlayerSummary,
    decisions,
    summarise,
)

__all__ = [
    "BLUNDER",
    "DOUBTFUL",
    "MISTAKE",
    "PR_SCALE",
    "Decision",
    "Grade",
    "Judgement",
    "MatchReview",
    "PlayerSummary",
    "decisions",
    "judge",
    "review",
    "summarise",
]


def judge(decision: Decision, plies: int = 1) -> Judgement:
    """King Tubby's verdict on one decision (see the module docs), at 1-ply as
    it plays, or at 2-ply (``plies=2``).  The play made is judged as deep as
    the best play, whatever the move filters or the 1-ply screen say, so that
    its loss compares like with like (GNU Backgammon's way).
    """
    if decision.kind == DecisionKind.CUBE:
        depth = CUBE_PLIES["hard"] if plies == 1 else plies
        d = cube_decision(decision.position, decision.cube, depth)
        loss, best = choice_loss(d, decision.cube, decision.chosen)
        quiet = decision.chosen == CubeChoice.NO_DOUBLE and not is_close(d, decision.cube)
        return Judgement(decision, max(0.0, loss), best, counted=not quiet, chances=d.probs)
    assert decision.dice is not None and decision.played is not None
    also = decision.played.swap()
    ranked = rank_plays_cubeful(decision.position, decision.dice, decision.cube, plies, also)
    top = ranked[0]
    mine = next((r for r in ranked if r.play.result.swap() == decision.played), None)
    if mine is None:  # cannot happen for a record that replays
        raise ValueError(f"{decision.chosen!r} is not a play of {decision.dice}")
    forced = len(ranked) == 1
    return Judgement(decision, max(0.0, mine.loss), str(top.play), top.play.moves, not forced)


def review(record: MatchRecord, players: Iterable[int] = (0, 1), plies: int = 1) -> MatchReview:
    """Judge every decision of ``players`` in ``record`` at ``plies`` (1 or 2)."""
    judgements = tuple(judge(d, plies) for d in decisions(record, players))
    return MatchReview(judgements, (summarise(judgements, 0), summarise(judgements, 1)))
