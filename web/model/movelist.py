"""The analysis board's line read as a match's table of contents (issue #47).

Each entry of the line (:attr:`~web.model.analysis.Analysis.trail`) is a decision
before an event of the record: it is found by its :data:`~web.model.analysis.Key`, the game's index
and the number of that game's events before it.  The line runs in order, so an
event of the record, a game's start or the next game are found by bisection.
Grades are the equity each decision gave up (:data:`~web.model.analysis.Grades`), by the same key:
a game's review fills them in (:func:`with_review`), and so may an analysis of
the whole match.  Loaded with the analysis board, not at the page's start.

>>> from engine.match import Match
>>> m = Match.new(0).roll((3, 1))
>>> line = keys((Match.new(0), m, m.play("8/5 6/5")))
>>> line
[(0, 0), (0, 1), (0, 2)]
>>> step_of(line, 0, 1), step_of(line, 0, 9), game_start(line, 1)
(1, 2, 2)
>>> grades = {(0, 1): (0, 0.2)}
>>> error_step(line, grades, 0, forward=True), error_step(line, grades, 1, forward=True)
(1, None)
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Sequence
from typing import TYPE_CHECKING

from engine.match import Match
from web.coach.hint import BLUNDER, DOUBTFUL, MISTAKE
from web.model.actions import Act
from web.model.analysis import Analysis, Grades, Key
from web.model.intents import ErrorStep, Index, Intent

if TYPE_CHECKING:
    from web.coach.review import Review


def key(match: Match) -> Key:
    """Where ``match`` stands in its record: before the event its decision makes."""
    return (match.game_number - 1, len(match.events))


def keys(trail: Sequence[Match]) -> list[Key]:
    """The line's entries by their :data:`Key` (in order: what the others search)."""
    return [key(m) for m in trail]


def step_of(line: Sequence[Key], game: int, event: int) -> int:
    """The entry of the line that decides event ``event`` of game ``game`` (the
    last one at or before it: a forced move has none of its own)."""
    return max(bisect_right(line, (game, event)) - 1, 0)


def game_start(line: Sequence[Key], game: int) -> int:
    """The first entry of game ``game`` (past the last game: the line's end)."""
    return min(bisect_left(line, (max(game, 0), 0)), len(line) - 1)


def game_step(line: Sequence[Key], at: int, forward: bool) -> int:
    """PgDn: the next game's start; PgUp: this game's, or the previous one's there."""
    game = line[at][0]
    if forward:
        return game_start(line, game + 1)
    start = game_start(line, game)
    return start if start < at else game_start(line, game - 1)


def grade(loss: float) -> str:
    """A loss's grade: ``"blunder"``, ``"mistake"``, ``"doubtful"`` or ``""`` (good)."""
    if loss >= BLUNDER:
        return "blunder"
    if loss >= MISTAKE:
        return "mistake"
    return "doubtful" if loss >= DOUBTFUL else ""


def with_review(grades: Grades, review: Review | None) -> Grades:
    """``grades`` with the verdicts of ``review`` (a game's) added."""
    if review is None:
        return grades
    out = dict(grades)
    for item, verdict in zip(review.items, review.verdicts, strict=True):
        if verdict is not None and item.event >= 0:
            out[(review.game, item.event)] = (item.player, verdict.loss)
    return out


def error_step(
    line: Sequence[Key], grades: Grades, at: int, *, forward: bool, who: int | None = None
) -> int | None:
    """The entry of the next (or previous) decision graded doubtful or worse, of
    player ``who`` (None: either), from entry ``at``; None when there is none."""
    steps = sorted(
        {
            step_of(line, game, event)
            for (game, event), (player, loss) in grades.items()
            if loss >= DOUBTFUL and who in (None, player)
        }
    )
    if forward:
        return next((s for s in steps if s > at), None)
    return next((s for s in reversed(steps) if s < at), None)


def walk(intent: Intent, a: Analysis, review: Review | None) -> int | None:
    """The entry of the line ``intent`` goes to from ``a.at``: a move of the list
    (:data:`Act.ANALYSIS_GO`, its entry), the first or last, a game's start
    (:data:`Act.ANALYSIS_GAME`, its index), the previous or next game's start, or
    a player's previous or next error (:class:`~web.model.intents.ErrorStep`);
    None when there is no error that way."""
    line = keys(a.trail)
    last = len(line) - 1
    act = intent.act
    if isinstance(intent, Index):
        if act is Act.ANALYSIS_GO:
            return min(intent.index, last)
        return game_start(line, intent.index) if intent.index >= 0 else a.at
    if act in (Act.ANALYSIS_GAME_PREV, Act.ANALYSIS_GAME_NEXT):
        return game_step(line, a.at, act is Act.ANALYSIS_GAME_NEXT)
    if isinstance(intent, ErrorStep):
        grades = with_review(a.grades, review)
        return error_step(line, grades, a.at, forward=intent.forward, who=intent.who)
    return last if act is Act.ANALYSIS_LAST else 0
