"""Reviewing a finished game: each decision of the reviewed side, judged by King Tubby.

The decisions come from the engine (:func:`engine.review.decisions`, read off
its replay of the record): checker plays, and cube choices (doubling or not
when the cube was there to turn, taking or dropping).  Each is sent to the AI
worker, one at a time so that the worker stays free for the next game's
moves: a :class:`web.ai.protocol.HintRequest` with the board the player left
(``played``), or a :class:`web.ai.protocol.CubeHintRequest` with the choice made
(``chosen``).  The answers fill in a :class:`Review`,
(:mod:`web.view.review` writes it as HTML).  No rules here: the replay and the judging are
the engine's.

>>> from engine.match import Match
>>> m = Match.new(0).roll((3, 1)).play("24/20").roll((6, 4)).play("24/18 13/9")
>>> items = review_items(m.record, 0, frozenset({0}))
>>> [(i.kind.value, i.dice, i.notation) for i in items]
[('play', (3, 1), '24/20')]
>>> r = Review(0, items).judged(0, 0.164, "8/5 6/5")
>>> r.done, r.counts(), r.summary(0).pr
(True, (0, 0, 1), 82.0)
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from engine.names import CubeChoice, DecisionKind
from engine.record import MatchRecord
from engine.review import PlayerSummary, decisions, tally
from web.ai.protocol import (
    CubeHintReply,
    CubeHintRequest,
    ErrorReply,
    HintRequest,
    NotJudgedError,
    Reply,
    UnexpectedReplyError,
    WorkerError,
)
from web.coach.hint import BLUNDER, DOUBTFUL, MISTAKE, parse_play_hint


@dataclass(frozen=True, slots=True)
class ReviewItem:
    """One decision to judge: who, the roll (plays), what was done, and the request.

    ``kind`` is a play (``notation`` is the play) or the cube (``notation``
    is the :class:`~engine.names.CubeChoice`)."""

    player: int
    dice: tuple[int, int] | None
    notation: str
    request: HintRequest | CubeHintRequest
    kind: DecisionKind = DecisionKind.PLAY
    event: int = -1  # the index in its game's record of the event that made the decision


@dataclass(frozen=True, slots=True)
class Verdict:
    """The judge's view of one decision: the equity given up and the best choice."""

    loss: float
    best: str
    best_moves: tuple[tuple[int, int], ...] = ()  # of the best play; () for cube choices
    # A play, a double, a take or a drop always counts as a decision; a roll that
    # left the cube where it was counts only when doubling was close (as gnubg counts).
    counted: bool = True


def review_items(
    record: MatchRecord, game: int, players: frozenset[int], plies: int = 1
) -> tuple[ReviewItem, ...]:
    """The decisions of ``players`` in game ``game`` of ``record``, in order (which
    events are decisions is the engine's: :func:`engine.review.decisions`), each
    to be judged at ``plies`` (the player's analysis depth, 1 or 2)."""
    items = []
    for d in decisions(record, players, game):
        if d.kind == DecisionKind.CUBE:
            taker = CubeChoice(d.chosen).answer
            request: HintRequest | CubeHintRequest = CubeHintRequest(
                d.position.id, d.cube, taker, d.chosen, plies
            )
        else:
            assert d.dice is not None and d.played is not None
            request = HintRequest(d.position.id, d.dice, d.cube, d.played.id, plies)
        items.append(ReviewItem(d.player, d.dice, d.chosen, request, d.kind, d.event))
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

    def judged(
        self,
        index: int,
        loss: float,
        best: str,
        best_moves: tuple[tuple[int, int], ...] = (),
        counted: bool = True,
    ) -> Review:
        verdicts = list(self.verdicts)
        verdicts[index] = Verdict(max(0.0, loss), best, best_moves, counted)
        return replace(self, verdicts=tuple(verdicts))

    def flagged(self) -> tuple[int, ...]:
        """The decisions judged doubtful or worse so far, by index: the review's list."""
        return tuple(i for i, v in enumerate(self.verdicts) if v is not None and v.loss >= DOUBTFUL)

    def judged_from(self, index: int, answer: Reply) -> Review:
        """Take the AI's reply for decision ``index`` (a :class:`CubeHintReply` for a
        cube decision, else a :class:`HintReply`); raises ``ValueError`` for any
        other reply (the message of an :class:`ErrorReply`) or one without a verdict."""
        if self.items[index].kind == DecisionKind.CUBE:
            if isinstance(answer, ErrorReply):
                raise WorkerError(answer.error)
            if not isinstance(answer, CubeHintReply):
                raise UnexpectedReplyError(type(answer).__name__, "a cube hint")
            judged = answer.judged
            if judged is None:
                raise NotJudgedError(True)
            quiet = self.items[index].notation == CubeChoice.NO_DOUBLE and not judged.close
            return self.judged(index, judged.loss, judged.best, counted=not quiet)
        hint = parse_play_hint(answer, match=False)
        if hint.played_loss is None:
            raise NotJudgedError(False)
        best = hint.plays[0]
        # The hint lists up to five plays: a single one is the only legal play,
        # forced, which is no decision for the rating (as engine.ai.review.judge).
        forced = len(hint.plays) == 1
        return self.judged(index, hint.played_loss, best.play, best.moves, counted=not forced)

    def _losses(self, kind: DecisionKind) -> list[float]:
        return [
            v.loss
            for item, v in zip(self.items, self.verdicts, strict=True)
            if v is not None and item.kind == kind
        ]

    def counts(self, kind: DecisionKind = DecisionKind.PLAY) -> tuple[int, int, int]:
        """Doubtful decisions, mistakes and blunders so far, of one ``kind``."""
        losses = self._losses(kind)
        return (
            sum(DOUBTFUL <= x < MISTAKE for x in losses),
            sum(MISTAKE <= x < BLUNDER for x in losses),
            sum(x >= BLUNDER for x in losses),
        )

    @property
    def players(self) -> tuple[int, ...]:
        """The players whose decisions are reviewed, in seat order."""
        return tuple(sorted({item.player for item in self.items}))

    def summary(self, player: int) -> PlayerSummary:
        """``player``'s counts and performance rating over the decisions judged so
        far (:func:`engine.review.tally`: forced plays and quiet rolls aside)."""
        return tally(
            player,
            (
                (item.kind, v.loss, v.counted)
                for item, v in zip(self.items, self.verdicts, strict=True)
                if v is not None and item.player == player
            ),
        )

    def error_rate(self, kind: DecisionKind = DecisionKind.PLAY) -> float:
        """Mean equity given up per decision judged, in millipoints."""
        losses = self._losses(kind)
        return 1000.0 * sum(losses) / len(losses) if losses else 0.0
