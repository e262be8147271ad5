"""A game's review as HTML and as board frames: the flagged decisions of a
:class:`~web.coach.review.Review`, and the board before, as played and at its best.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine import Position
from engine.names import CubeChoice, DecisionKind
from engine.notation import format_dice
from engine.turn import TurnState
from web.ai.protocol import HintRequest
from web.board.escape import escape
from web.board.svg import CubeView
from web.coach.hint import BLUNDER, MISTAKE
from web.coach.review import Review, ReviewItem, Verdict
from web.model.actions import Act
from web.model.state import ReviewView
from web.words import coach as say
from web.words.coach import CUBE_WORDS as CUBE_WORDS


def _parts(item: ReviewItem, verdict: Verdict, names: tuple[str, str]) -> tuple[str, str, str, str]:
    """Who decided (with the roll), what was done, how bad, and the best choice."""
    if item.kind == DecisionKind.CUBE:
        who = say.decider(names[item.player], "")
        done = CUBE_WORDS.get(item.notation, item.notation)
    else:
        assert item.dice is not None
        who = say.decider(names[item.player], format_dice(item.dice))
        done = item.notation or say.NO_MOVE_DONE
    return who, done, say.judgement(_grade(verdict.loss), verdict.loss), verdict.best


def _grade(loss: float) -> str:
    if loss >= BLUNDER:
        return "blunder"
    if loss >= MISTAKE:
        return "mistake"
    return "doubtful"


def _counted(review: Review, kind: DecisionKind) -> int:
    # Every play is listed (a forced one too, though the PR leaves it out); a roll
    # that left the cube alone only when doubling was close.
    return sum(
        item.kind == kind and (v is None or v.counted or kind == DecisionKind.PLAY)
        for item, v in zip(review.items, review.verdicts, strict=True)
    )


def _summary(review: Review, kind: DecisionKind, what: str) -> str:
    n = _counted(review, kind)
    doubtful, mistakes, blunders = review.counts(kind)
    return say.counts(n, what, blunders, mistakes, doubtful)


def _cube_summary(review: Review) -> str:
    # Rolls that left the cube alone count only when doubling was close, so a game
    # with the cube in play may still have nothing to report.
    if not _counted(review, DecisionKind.CUBE):
        return say.NO_CLOSE_DECISIONS
    return _summary(review, DecisionKind.CUBE, say.CUBE_DECISIONS)


def _rating(review: Review, player: int, names: tuple[str, str]) -> str:
    """A player's line of the summary: the PR beside the counts of errors."""
    s = review.summary(player)
    return (
        f'<li class="review-player" data-testid="review-player-{player}">'
        f"<b>{escape(names[player])}:</b> "
        + say.rating(s.pr, s.decisions, s.blunders, s.mistakes, s.doubtful)
        + "</li>"
    )


PR_NOTE = f'<p class="review-note muted">{say.PR_NOTE}</p>'
"""What the performance rating is, under the summary."""


def review_html(review: Review, names: tuple[str, str], title: str) -> str:
    """The review as dialog content: progress, a summary (each player's PR and
    error counts, then checker play and cube), the flagged decisions."""
    total = len(review.items)
    judged = sum(v is not None for v in review.verdicts)
    if not total:
        summary = f"<p>{say.NOTHING_TO_REVIEW}</p>"
    elif review.done:
        lines = [_rating(review, p, names) for p in review.players]
        lines += [
            f"<li><b>{say.CHECKER_PLAY}</b> {_summary(review, DecisionKind.PLAY, say.PLAYS)} · "
            f"{say.error_rate(review.error_rate())}</li>"
        ]
        if any(item.kind == DecisionKind.CUBE for item in review.items):
            lines.append(f"<li><b>{say.CUBE}</b> {_cube_summary(review)}</li>")
        summary = f'<ul class="review-summary">{"".join(lines)}</ul>{PR_NOTE}'
    else:
        summary = f'<p class="review-summary" aria-busy="true">{say.checking(judged, total)}</p>'
    rows = []
    for i in review.flagged():
        item, verdict = review.items[i], review.verdicts[i]
        assert verdict is not None
        who, done, judgement, best = _parts(item, verdict, names)
        rows.append(
            f'<li class="review-{_grade(verdict.loss)}">'
            f'<span class="review-roll">{escape(who)}:</span> {escape(done)} '
            f'<span class="review-loss">— {escape(judgement)}</span>; {escape(say.best(best))} '
            f'<button type="button" class="review-show" data-action="{Act.REVIEW_SHOW}" '
            f'data-value="{i}" aria-label="{say.show_decision(i + 1)}">{say.SHOW}</button></li>'
        )
    listing = f'<ol class="review-list">{"".join(rows)}</ol>' if rows else ""
    if review.done and total and not rows:
        listing = f"<p>{say.WELL_PLAYED}</p>"
    return f'<h2 id="dlg-title">{escape(title)}</h2>{summary}{listing}'


@dataclass(frozen=True, slots=True)
class ReviewFrame:
    """One reviewed decision as the board shows it, seen by the player who made it.

    ``marks`` are the points the shown play touched; ``view`` is what is shown
    (always the board before it for a cube decision)."""

    player: int
    position: Position
    dice: tuple[int, int] | None
    cube: CubeView | None
    marks: frozenset[int]
    caption: str
    view: ReviewView


def review_frame(
    review: Review, index: int, view: ReviewView, names: tuple[str, str]
) -> ReviewFrame:
    """The board for decision ``index`` of ``review``, showing ``view`` of it.

    >>> from engine.match import Match
    >>> from web.coach.review import review_items
    >>> m = Match.new(0).roll((3, 1)).play("24/20").roll((6, 4)).play("24/18 13/9")
    >>> r = Review(0, review_items(m.record, 0, frozenset({0})))
    >>> r = r.judged(0, 0.121, "8/5 6/5", ((8, 5), (6, 5)))
    >>> f = review_frame(r, 0, ReviewView.BEST, ("You", "Bot"))
    >>> sorted(f.marks), f.position.points[4], f.caption
    ([5, 6, 8], 2, 'You, 31: 24/20 — a mistake (−0.121). Best: 8/5 6/5')
    >>> sorted(review_frame(r, 0, ReviewView.PLAYED, ("You", "Bot")).marks)  # not the 21 on the way
    [20, 24]
    """
    item, verdict = review.items[index], review.verdicts[index]
    request = item.request
    before = Position.from_id(request.position)
    if item.kind == DecisionKind.CUBE and CubeChoice(item.notation).answer:
        before = before.swap()  # the request is the doubler's; the taker sees it from its side
    caption = say.decider(names[item.player], format_dice(item.dice)) if item.dice else ""
    if verdict is not None:
        who, done, judgement, best = _parts(item, verdict, names)
        caption = say.review_caption(who, done, judgement, best)
    if item.kind == DecisionKind.CUBE:
        view = ReviewView.BEFORE
    position = before
    if view is ReviewView.PLAYED:
        played = request.played if isinstance(request, HintRequest) else None
        position = before if played is None else Position.from_id(played)
    elif view is ReviewView.BEST and verdict is not None and item.dice is not None:
        position = _after(before, item.dice, verdict.best_moves)
    old, new = before.points, position.points
    marks = frozenset(p for p in range(1, 25) if old[p - 1] != new[p - 1])
    return ReviewFrame(item.player, position, item.dice, _cube(item), marks, caption, view)


def _after(before: Position, dice: tuple[int, int], moves: tuple[tuple[int, int], ...]) -> Position:
    """The board after the legal play made of ``moves``, still seen by the mover."""
    turn = TurnState.begin(before, dice).follow(moves)
    return before if turn is None else turn.position  # not a play of this roll: the roll


def _cube(item: ReviewItem) -> CubeView | None:
    """The cube at the decision, seen by the player who made it."""
    cube = item.request.cube
    if cube is None:
        return None
    value, owner = cube.value, cube.owner
    taker = item.kind == DecisionKind.CUBE and CubeChoice(item.notation).answer
    mine = 1 if taker else 0  # the request's side is the doubler's
    rel = None if owner is None else ("me" if owner == mine else "opp")
    if taker:
        return CubeView(value * 2, rel, "opp")
    return CubeView(value, rel)
