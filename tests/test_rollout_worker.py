"""Rollouts through the AI worker (web/rollout_service.py) and spread over several
workers by the page (web/rollout_client.py): the merged figures are the engine's own."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from engine.ai.rollout import RolloutSettings, RolloutSpec, rollout
from engine.position import Position
from engine.rollout_stats import cube_verdict
from web.ai_client import DirectAi, SpreadRollout, rollout_requests, worker_count
from web.ai_service import handle
from web.protocol import (
    ErrorReply,
    Reply,
    Request,
    RolloutCancel,
    RolloutProgress,
    RolloutRequest,
    decode_reply,
    encode,
)
from web.rollout_client import RolloutView

START = "4HPwATDgc/ABMA"
SETTINGS = dict(truncate=2, seed=5, candidates=3)


class QueuedAi:
    """A worker that answers when the test says so, as a real worker answers later."""

    def __init__(self) -> None:
        self.inbox: list[tuple[Request, Callable[[Reply], None]]] = []

    def ask(self, request: Request, reply: Callable[[Reply], None]) -> None:
        self.inbox.append((request, reply))

    def answer_one(self) -> None:
        request, reply = self.inbox.pop(0)
        reply(decode_reply(handle(encode(request))))


def test_the_worker_runs_a_slice_chunk_by_chunk() -> None:
    req = RolloutRequest("w1", START, (3, 1), None, 6, 0, 6, chunk=4, **SETTINGS)  # type: ignore[arg-type]
    first = decode_reply(handle(encode(req)))
    assert isinstance(first, RolloutProgress) and not first.finished
    assert first.tally.trials == 4
    second = decode_reply(handle(encode(req)))
    assert isinstance(second, RolloutProgress) and second.finished
    spec = RolloutSpec(Position.start(), (3, 1), None, RolloutSettings(trials=6, **SETTINGS))  # type: ignore[arg-type]
    assert second.tally == rollout(spec)


def test_a_cancel_answers_with_what_was_done_and_an_unknown_job_is_an_error() -> None:
    req = RolloutRequest("w2", START, None, None, 6, 0, 6, chunk=2, **SETTINGS)  # type: ignore[arg-type]
    handle(encode(req))
    stopped = decode_reply(handle(encode(RolloutCancel("w2"))))
    assert isinstance(stopped, RolloutProgress) and stopped.cancelled
    assert stopped.tally.trials == 2 and stopped.tally.kind == "cube"
    again = decode_reply(handle(encode(RolloutCancel("w2"))))
    assert isinstance(again, ErrorReply) and "no rollout 'w2'" in again.error


def test_two_workers_give_exactly_the_figures_of_one_rollout() -> None:
    ports = [QueuedAi(), QueuedAi()]
    reqs = rollout_requests("r", START, (3, 1), None, 8, len(ports), chunk=2, **SETTINGS)
    views: list[RolloutView] = []
    spread = SpreadRollout(ports, reqs, views.append)
    spread.start()
    while any(p.inbox for p in ports):
        for p in ports:  # the workers take turns, as two threads would interleave
            if p.inbox:
                p.answer_one()
    assert [v.done for v in views] == [2, 4, 6, 8]
    assert views[-1].finished and spread.finished
    spec = RolloutSpec(Position.start(), (3, 1), None, RolloutSettings(trials=8, **SETTINGS))  # type: ignore[arg-type]
    assert views[-1].tally == rollout(spec)


def test_cancel_stops_every_worker_and_keeps_the_figures() -> None:
    ports = [QueuedAi(), QueuedAi()]
    reqs = rollout_requests("c", START, None, None, 8, 2, chunk=1, **SETTINGS)
    views: list[RolloutView] = []
    spread = SpreadRollout(ports, reqs, views.append)
    spread.start()
    ports[0].answer_one()
    ports[1].answer_one()
    spread.cancel()
    while any(p.inbox for p in ports):
        for p in ports:
            if p.inbox:
                p.answer_one()
    last = views[-1]
    assert last.cancelled and not last.finished
    assert last.tally is not None and last.done == 4  # each worker's chunk in hand counted
    assert cube_verdict(last.tally).action in ("no double", "double, take")


def test_an_error_stops_the_rollout() -> None:
    bad = RolloutRequest("e", "not an id", (3, 1), None, 4, 0, 4)
    views: list[RolloutView] = []
    SpreadRollout([DirectAi()], [bad], views.append).start()
    assert views[-1].error and views[-1].cancelled and views[-1].tally is None


def test_slices_and_worker_counts() -> None:
    reqs = rollout_requests("s", START, (3, 1), None, 10, 3)
    assert [(r.first, r.stop) for r in reqs] == [(0, 3), (3, 6), (6, 10)]
    assert len(rollout_requests("s", START, (3, 1), None, 2, 8)) == 2
    assert worker_count(2) == 2 and worker_count(0) == 1
    with pytest.raises(ValueError):
        SpreadRollout([DirectAi()], reqs, print)
