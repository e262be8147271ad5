"""Reviewing a finished game: each checker play of the reviewed side, judged by King Tubby.

The plays come from the engine's replay of the record (the match before and
after each event); each is sent to the AI worker as a ``hint`` request with
the board the player left (``played``), one at a time, so that the worker
stays free for the next game's moves.  The answers fill in a :class:`Review`,
which writes itself as HTML.  No rules here: the replay and the judging are
the engine's.

>>> from engine.match import Match
>>> m = Match.new(0).roll((3, 1)).play("24/20").roll((6, 4)).play("24/18 13/9")
>>> items = review_items(m.record, 0, frozenset({0}))
>>> [(i.dice, i.notation) for i in items]
[((3, 1), '24/20')]
>>> r = Review(0, items).judged(0, 0.164, "8/5 6/5")
>>> r.done, r.counts()
(True, (0, 0, 1))
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from html import escape

from engine.match import replay_events
from engine.record import MatchRecord, Played
from web.ai_client import Request, hint_request
from web.hint import BLUNDER, DOUBTFUL, MISTAKE, signed


@dataclass(frozen=True, slots=True)
class ReviewItem:
    """One checker play to judge: who, the roll, what was played, and the request."""

    player: int
    dice: tuple[int, int]
    notation: str
    request: Request


@dataclass(frozen=True, slots=True)
class Verdict:
    loss: float
    best: str


def review_items(record: MatchRecord, game: int, players: frozenset[int]) -> tuple[ReviewItem, ...]:
    """The checker plays of ``players`` in game ``game`` of ``record``, in order."""
    items = []
    for r in replay_events(record):
        event = r.event
        if r.game != game or not isinstance(event, Played) or event.player not in players:
            continue
        request = hint_request(r.before)
        moves = r.before.game.moves
        if request is None or request.get("kind") != "hint" or moves is None:
            continue
        turn = moves.fresh().follow(event.moves)
        if turn is None:  # cannot happen for a record that replays
            continue
        request["played"] = turn.position.id
        items.append(ReviewItem(event.player, event.dice, event.notation, request))
    return tuple(items)


@dataclass(frozen=True, slots=True)
class Review:
    """A game's review, filled in as the AI's verdicts arrive."""

    game: int
    items: tuple[ReviewItem, ...]
    verdicts: tuple[Verdict | None, ...] = ()

    def __post_init__(self) -> None:
        if not self.verdicts:
            object.__setattr__(self, "verdicts", (None,) * len(self.items))

    @property
    def next_index(self) -> int | None:
        """The first play still to be judged, or None when all are."""
        for i, v in enumerate(self.verdicts):
            if v is None:
                return i
        return None

    @property
    def done(self) -> bool:
        return self.next_index is None

    def judged(self, index: int, loss: float, best: str) -> Review:
        verdicts = list(self.verdicts)
        verdicts[index] = Verdict(max(0.0, loss), best)
        return replace(self, verdicts=tuple(verdicts))

    def judged_from(self, index: int, answer: Mapping[str, object]) -> Review:
        """Take a ``hint`` answer for play ``index``; raises ``ValueError`` if unusable."""
        played = answer.get("played")
        plays = answer.get("plays")
        if not isinstance(played, Mapping) or not isinstance(plays, list) or not plays:
            raise ValueError("the AI did not judge the play")
        loss = played.get("loss")
        best = plays[0].get("play") if isinstance(plays[0], Mapping) else None
        if isinstance(loss, bool) or not isinstance(loss, int | float) or not isinstance(best, str):
            raise ValueError("the AI's verdict is malformed")
        return self.judged(index, float(loss), best)

    def counts(self) -> tuple[int, int, int]:
        """Doubtful plays, mistakes and blunders so far."""
        losses = [v.loss for v in self.verdicts if v is not None]
        return (
            sum(DOUBTFUL <= x < MISTAKE for x in losses),
            sum(MISTAKE <= x < BLUNDER for x in losses),
            sum(x >= BLUNDER for x in losses),
        )

    def error_rate(self) -> float:
        """Mean equity given up per play judged, in millipoints."""
        losses = [v.loss for v in self.verdicts if v is not None]
        return 1000.0 * sum(losses) / len(losses) if losses else 0.0


def _grade(loss: float) -> str:
    if loss >= BLUNDER:
        return "blunder"
    if loss >= MISTAKE:
        return "mistake"
    return "doubtful"


def review_html(review: Review, names: tuple[str, str], title: str) -> str:
    """The review as dialog content: progress, a summary per player, the flagged plays."""
    total = len(review.items)
    judged = sum(v is not None for v in review.verdicts)
    if not total:
        summary = "<p>There are no checker plays to review in this game.</p>"
    elif review.done:
        doubtful, mistakes, blunders = review.counts()
        summary = (
            f'<p class="review-summary">{total} play{"s" if total != 1 else ""}: '
            f"{blunders} blunder{'s' if blunders != 1 else ''}, "
            f"{mistakes} mistake{'s' if mistakes != 1 else ''}, {doubtful} doubtful; "
            f"{review.error_rate():.1f} millipoints given up per play on average.</p>"
        )
    else:
        summary = (
            f'<p class="review-summary" aria-busy="true">King Tubby is checking the plays… '
            f"{judged} of {total}.</p>"
        )
    rows = []
    for item, verdict in zip(review.items, review.verdicts, strict=True):
        if verdict is None or verdict.loss < DOUBTFUL:
            continue
        d1, d2 = item.dice
        grade = _grade(verdict.loss)
        article = "" if grade == "doubtful" else "a "
        rows.append(
            f'<li class="review-{grade}">'
            f'<span class="review-roll">{escape(names[item.player])}, {d1}{d2}:</span> '
            f"{escape(item.notation or 'no move')} "
            f'<span class="review-loss">— {article}{grade} ({signed(-verdict.loss)})</span>; '
            f"best {escape(verdict.best)}</li>"
        )
    listing = f'<ol class="review-list">{"".join(rows)}</ol>' if rows else ""
    if review.done and total and not rows:
        listing = "<p>No doubtful play: well played.</p>"
    return f'<h2 id="dlg-title">{escape(title)}</h2>{summary}{listing}'
