"""Analysing a whole match on the page: every decision sent to the AI workers,
the answers gathered into the match's statistics (issue #47).

The decisions are the engine's (:func:`engine.review.decisions`); each goes to
a worker as an :class:`~web.ai.protocol.AnalyseRequest`, and its
:class:`~web.ai.protocol.AnalyseReply` becomes a
:class:`~engine.review.Judgement` with the roll's luck, from which
:func:`engine.review.match_stats` makes each player's figures.
:class:`SpreadAnalysis` hands the decisions out one at a time to whichever
worker is free (each is answered in about a second), so the page never waits,
both workers share the work, and Cancel stops it at once: nothing more is
handed out and the answers still on their way are dropped.  Loaded when a
player asks for an analysis, not at the page's start.

>>> from engine.match import Match
>>> from web.worker.direct import DirectAi
>>> m = Match.new(3).roll((3, 1)).play("24/20").roll((6, 4)).play("24/14")
>>> w = WholeMatch.of(m.record)
>>> w.total, w.done, w.finished
(3, 0, False)
>>> answers = []
>>> spread = SpreadAnalysis([DirectAi()], w.requests(), lambda i, r: answers.append((i, r)))
>>> spread.start()
>>> for i, reply in answers:
...     w = w.answered(i, reply)
>>> w.done, w.finished, w.stats().match[0].overall.blunders
(3, True, 1)
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from enum import StrEnum

from engine.record import MatchRecord
from engine.review import Decision, Judgement, MatchStats, decisions, match_stats
from web.ai.protocol import AiPort, AnalyseReply, AnalyseRequest, ErrorReply, Reply


class Status(StrEnum):
    """How a whole match's analysis stands."""

    RUNNING = "running"
    FINISHED = "finished"
    CANCELLED = "cancelled"
    FAILED = "failed"


RUNNING, FINISHED, CANCELLED, FAILED = Status


def request_of(d: Decision, plies: int = 1) -> AnalyseRequest:
    """The worker's question about one decision, judged at ``plies``."""
    played = None if d.played is None else d.played.id
    return AnalyseRequest(d.position.id, d.cube, d.chosen, d.dice, played, plies)


@dataclass(frozen=True, slots=True)
class WholeMatch:
    """The analysis of ``record``, filled in as the answers come: one verdict (or
    None, not yet) per decision, and how the work stands (``status``: running,
    finished, cancelled or failed, with ``error`` the worker's message)."""

    record: MatchRecord
    decisions: tuple[Decision, ...]
    judged: tuple[Judgement | None, ...]
    status: Status = RUNNING
    error: str = ""

    @classmethod
    def of(cls, record: MatchRecord) -> WholeMatch:
        ds = decisions(record)
        return cls(record, ds, (None,) * len(ds))

    @property
    def total(self) -> int:
        return len(self.decisions)

    @property
    def done(self) -> int:
        return sum(j is not None for j in self.judged)

    @property
    def finished(self) -> bool:
        return self.done == self.total

    @property
    def running(self) -> bool:
        return self.status == RUNNING

    def requests(self, plies: int = 1) -> list[AnalyseRequest]:
        """The workers' questions, one a decision, judged at ``plies`` (the
        player's analysis depth)."""
        return [request_of(d, plies) for d in self.decisions]

    def answered(self, index: int, reply: Reply) -> WholeMatch:
        """With the worker's answer about decision ``index`` (an error stops it all)."""
        if isinstance(reply, ErrorReply) or not isinstance(reply, AnalyseReply):
            error = reply.error if isinstance(reply, ErrorReply) else type(reply).__name__
            return replace(self, status=FAILED, error=error)
        j = Judgement(
            self.decisions[index],
            max(0.0, reply.loss),
            reply.best,
            counted=reply.counted,
            luck=reply.luck,
            chances=reply.chances,
            unit=reply.unit,
        )
        judged = list(self.judged)
        judged[index] = j
        out = replace(self, judged=tuple(judged))
        return replace(out, status=FINISHED) if out.finished else out

    def saved(self) -> tuple[list[object], ...]:
        """Each judged decision's figures as the page's save keeps them
        (:attr:`web.model.savefile.SavedGame.analysis`; :meth:`restored` reads them)."""
        return tuple(
            [j.decision.game, j.decision.event, j.loss, j.best, j.counted, j.luck,
             None if j.chances is None else list(j.chances), j.unit]
            for j in self.judgements()
        )  # fmt: skip

    @classmethod
    def restored(cls, record: MatchRecord, saved: Sequence[object]) -> WholeMatch:
        """The analysis of ``record`` as a save kept it (:meth:`saved`); raises
        ``ValueError`` on figures that are not a decision's of this record."""
        w = cls.of(record)
        where = {(d.game, d.event): i for i, d in enumerate(w.decisions)}
        judged = list(w.judged)
        for raw in saved:
            game, event, loss, best, counted, luck, chances, unit = _figures(raw)
            index = where.get((game, event))
            if index is None:
                raise ValueError(f"no decision at event {event} of game {game + 1}")
            judged[index] = Judgement(
                w.decisions[index], loss, best, counted=counted, luck=luck, chances=chances,
                unit=unit,
            )  # fmt: skip
        out = replace(w, judged=tuple(judged))
        return replace(out, status=FINISHED if out.finished else CANCELLED)

    def judgements(self) -> tuple[Judgement, ...]:
        """The decisions judged so far, in the match's order."""
        return tuple(j for j in self.judged if j is not None)

    def stats(self) -> MatchStats:
        """Each player's figures over the decisions judged so far."""
        return match_stats(self.record, self.judgements())


Probs = tuple[float, float, float, float, float]


def _number(x: object) -> float:
    if isinstance(x, bool) or not isinstance(x, int | float):
        raise ValueError(f"an analysed decision's figure is a number, got {x!r}")
    return float(x)


def _figures(
    raw: object,
) -> tuple[int, int, float, str, bool, float | None, Probs | None, float]:
    """One saved decision's figures, checked (see :meth:`WholeMatch.saved`).

    >>> _figures([0, 1, 0.2, "8/5 6/5", True, None, [0.5, 0.1, 0, 0.1, 0], 1])
    (0, 1, 0.2, '8/5 6/5', True, None, (0.5, 0.1, 0.0, 0.1, 0.0), 1.0)
    >>> _figures([0, 1, "x", "", True, None, None, 1])
    Traceback (most recent call last):
    ...
    ValueError: an analysed decision's figure is a number, got 'x'
    """
    if not isinstance(raw, list) or len(raw) != 8:
        raise ValueError("an analysed decision is a list of eight figures")
    game, event, loss, best, counted, luck, chances, unit = raw
    if not all(isinstance(x, int) and not isinstance(x, bool) and x >= 0 for x in (game, event)):
        raise ValueError("an analysed decision's place is two numbers")
    if not isinstance(best, str) or not isinstance(counted, bool):
        raise ValueError("an analysed decision's best choice is text, counted true or false")
    probs: Probs | None = None
    if chances is not None:
        if not isinstance(chances, list) or len(chances) != 5:
            raise ValueError("an analysed decision's chances are five numbers")
        a, b, c, d, e = (_number(x) for x in chances)
        probs = (a, b, c, d, e)
    lucky = None if luck is None else _number(luck)
    return game, event, max(0.0, _number(loss)), best, counted, lucky, probs, _number(unit)


class SpreadAnalysis:
    """Hands ``requests`` out to ``ports``, one each at a time, and calls
    ``on_answer(index, reply)`` for each answer until :meth:`cancel`."""

    def __init__(
        self,
        ports: Sequence[AiPort],
        requests: Sequence[AnalyseRequest],
        on_answer: Callable[[int, Reply], None],
    ) -> None:
        self.ports = list(ports)
        self.requests = list(requests)
        self.on_answer = on_answer
        self._queue = deque(range(len(self.requests)))
        self.cancelled = False

    def start(self) -> None:
        for port in self.ports:
            self._feed(port)

    def cancel(self) -> None:
        """Stop at once: nothing more goes out, and late answers are dropped."""
        self.cancelled = True
        self._queue.clear()

    def _feed(self, port: AiPort) -> None:
        # A port that answers at once (tests, the direct AI) is fed in this loop,
        # not by recursion from its answer: a match has hundreds of decisions.
        while not self.cancelled and self._queue:
            index = self._queue.popleft()
            box = {"sync": True, "answered": False}

            def reply(answer: Reply, index: int = index, box: dict[str, bool] = box) -> None:
                if self.cancelled:
                    return
                self.on_answer(index, answer)
                if isinstance(answer, ErrorReply):
                    self.cancel()
                elif box["sync"]:
                    box["answered"] = True
                else:
                    self._feed(port)

            port.ask(self.requests[index], reply)
            box["sync"] = False
            if not box["answered"]:
                return
