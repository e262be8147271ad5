"""web.coach.match_analysis: a whole match's decisions spread over the workers."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from engine.match import Match
from web.ai.protocol import AnalyseRequest, ErrorReply, Reply, Request
from web.coach.match_analysis import (
    CANCELLED,
    FAILED,
    FINISHED,
    SpreadAnalysis,
    WholeMatch,
)
from web.worker.direct import DirectAi


def _match() -> Match:
    m = Match.new(3).roll((3, 1)).play("24/20").roll((6, 4)).play("24/14")
    return m.roll((2, 1)).play("13/11 6/5").roll((5, 5)).play("bar/20 13/8(2) 6/1")


class LaterAi:
    """A worker that answers only when the test says so, in the order asked."""

    def __init__(self) -> None:
        self.waiting: list[tuple[Request, Callable[[Reply], None]]] = []
        self.direct = DirectAi()

    def ask(self, request: Request, reply: Callable[[Reply], None]) -> None:
        self.waiting.append((request, reply))

    def answer_one(self) -> None:
        request, reply = self.waiting.pop(0)
        self.direct.ask(request, reply)


def test_each_worker_holds_one_question_at_a_time_and_all_are_answered() -> None:
    w = WholeMatch.of(_match().record)
    results: dict[int, Reply] = {}
    workers = [LaterAi(), LaterAi()]
    spread = SpreadAnalysis(workers, w.requests(), lambda i, r: results.__setitem__(i, r))
    spread.start()
    while any(x.waiting for x in workers):
        assert all(len(x.waiting) <= 1 for x in workers)
        for x in workers:
            if x.waiting:
                x.answer_one()
    assert sorted(results) == list(range(w.total))
    for i, reply in results.items():
        w = w.answered(i, reply)
    assert w.finished and w.status == FINISHED and w.done == w.total
    assert w.stats().match[0].overall.decisions > 0


def test_cancel_stops_handing_out_and_drops_late_answers() -> None:
    w = WholeMatch.of(_match().record)
    results: list[int] = []
    workers = [LaterAi(), LaterAi()]
    spread = SpreadAnalysis(workers, w.requests(), lambda i, r: results.append(i))
    spread.start()
    workers[0].answer_one()  # answered, and the next question goes out
    assert results == [0] and len(workers[0].waiting) == 1
    spread.cancel()
    for x in workers:
        while x.waiting:
            x.answer_one()
    assert results == [0]  # what was on its way when cancelled is dropped


def test_an_error_fails_the_analysis_and_stops_the_work() -> None:
    w = WholeMatch.of(_match().record)
    seen: list[int] = []

    class Broken:
        def ask(self, request: Request, reply: Callable[[Reply], None]) -> None:
            reply(ErrorReply("the network is not loaded"))

    def on_answer(i: int, reply: Reply) -> None:
        seen.append(i)

    spread = SpreadAnalysis([Broken()], w.requests(), on_answer)
    spread.start()
    assert seen == [0] and spread.cancelled
    failed = w.answered(0, ErrorReply("the network is not loaded"))
    assert failed.status == FAILED and failed.error == "the network is not loaded"


def test_a_saved_analysis_is_restored_as_it_was() -> None:
    record = _match().record
    w = WholeMatch.of(record)
    spread = SpreadAnalysis([DirectAi()], w.requests(), lambda i, r: None)
    answers: list[tuple[int, Reply]] = []
    spread.on_answer = lambda i, r: answers.append((i, r))
    spread.start()
    for i, reply in answers:
        w = w.answered(i, reply)
    back = WholeMatch.restored(record, list(w.saved()))
    assert back.judgements() == w.judgements() and back.status == FINISHED
    part = WholeMatch.restored(record, list(w.saved())[:2])
    assert part.done == 2 and part.status == CANCELLED


@pytest.mark.parametrize(
    ("saved", "message"),
    [
        ([[0, 999, 0.1, "", True, None, None, 1]], "no decision at event 999 of game 1"),
        ([[0, 1, 0.1, "", "yes", None, None, 1]], "best choice is text"),
        ([[0, 1]], "a list of eight figures"),
        ([[0, 1, 0.1, "", True, None, [0.5], 1]], "chances are five numbers"),
    ],
)
def test_figures_that_are_not_this_matchs_are_refused(saved: list[object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        WholeMatch.restored(_match().record, saved)


def test_the_questions_carry_the_depth_asked() -> None:
    requests = WholeMatch.of(_match().record).requests(plies=2)
    assert requests and all(isinstance(r, AnalyseRequest) and r.plies == 2 for r in requests)
