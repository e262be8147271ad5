"""Rollouts through the AI worker (web/worker/rollouts.py) and spread over several
workers by the page (web/ai/rollouts.py): the merged figures are the engine's own."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from engine import legal_plays
from engine.ai.rollout import RolloutSettings, RolloutSpec, rollout
from engine.position import Position
from engine.rollout_stats import cube_verdict, merge_all
from web.ai.protocol import (
    ErrorReply,
    Reply,
    Request,
    RolloutCancel,
    RolloutProgress,
    RolloutRequest,
    decode_reply,
    encode,
)
from web.ai.rollouts import PART_SECONDS, RolloutView, SpreadRollout, worker_count
from web.worker.ai import handle
from web.worker.direct import DirectAi

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


def test_the_worker_plays_any_part_of_a_plan_it_keeps() -> None:
    part = lambda lo, hi: RolloutRequest("w1", START, (3, 1), None, 6, lo, hi, **SETTINGS)  # type: ignore[arg-type]  # noqa: E731
    later = decode_reply(handle(encode(part(4, 6))))
    first = decode_reply(handle(encode(part(0, 4))))
    assert isinstance(later, RolloutProgress) and later.tally.ranges == ((4, 6),)
    assert isinstance(first, RolloutProgress) and first.tally.trials == 4
    spec = RolloutSpec(Position.start(), (3, 1), None, RolloutSettings(trials=6, **SETTINGS))  # type: ignore[arg-type]
    assert merge_all([later.tally, first.tally]) == rollout(spec)


def test_a_cancel_forgets_the_plan_and_an_unknown_job_is_an_error() -> None:
    req = RolloutRequest("w2", START, None, None, 6, 0, 2, **SETTINGS)  # type: ignore[arg-type]
    handle(encode(req))
    stopped = decode_reply(handle(encode(RolloutCancel("w2"))))
    assert isinstance(stopped, RolloutProgress) and stopped.cancelled
    assert stopped.tally.trials == 0 and stopped.tally.kind == "cube"
    again = decode_reply(handle(encode(RolloutCancel("w2"))))
    assert isinstance(again, ErrorReply) and "no rollout 'w2'" in again.error


def test_a_job_name_used_again_for_another_rollout_is_planned_afresh() -> None:
    one = RolloutRequest("w3", START, (3, 1), None, 2, 0, 2, **SETTINGS)  # type: ignore[arg-type]
    other = RolloutRequest("w3", START, (6, 5), None, 2, 0, 2, **SETTINGS)  # type: ignore[arg-type]
    a, b = (decode_reply(handle(encode(r))) for r in (one, other))
    assert isinstance(a, RolloutProgress) and isinstance(b, RolloutProgress)
    assert a.tally.key != b.tally.key
    # every candidate is a play of the roll asked for (which one leads after two
    # trials depends on the net)
    for reply, dice in ((a, (3, 1)), (b, (6, 5))):
        legal = {str(p) for p in legal_plays(Position.start(), dice)}
        labels = {t.label for t in reply.tally.ranked()}
        assert labels and labels <= legal


def whole(job: str, trials: int, dice: tuple[int, int] | None = (3, 1)) -> RolloutRequest:
    return RolloutRequest(job, START, dice, None, trials, 0, trials, **SETTINGS)  # type: ignore[arg-type]


def _run(ports: list[QueuedAi], order: Callable[[int], list[int]]) -> None:
    """Answer the ports' requests until none is left, ``order(step)`` saying which
    ports answer at each step (as threads of different speeds would)."""
    step = 0
    while any(ports[i].inbox for i in order(step)):
        for i in order(step):
            if ports[i].inbox:
                ports[i].answer_one()
        step += 1


def test_two_workers_give_exactly_the_figures_of_one_rollout() -> None:
    ports = [QueuedAi(), QueuedAi()]
    views: list[RolloutView] = []
    spread = SpreadRollout(ports, whole("r", 8), views.append, clock=lambda: 0.0)
    spread.start()
    _run(ports, lambda step: [0, 1])
    assert [v.done for v in views] == [1, 2, 4, 6, 8]  # one trial first, then twice the last
    assert views[-1].finished and spread.finished
    spec = RolloutSpec(Position.start(), (3, 1), None, RolloutSettings(trials=8, **SETTINGS))  # type: ignore[arg-type]
    assert views[-1].tally == rollout(spec)


def test_a_slow_worker_holds_back_only_its_own_part_and_a_copy_finishes_it() -> None:
    """A worker still starting keeps its first part; the fast one plays every
    other part, then a copy of that one, and the rollout finishes without it."""
    ports = [QueuedAi(), QueuedAi()]
    views: list[RolloutView] = []
    spread = SpreadRollout(ports, whole("slow", 6), views.append, clock=lambda: 0.0)
    spread.start()
    _run(ports, lambda step: [0])  # port 1 never answers
    assert spread.finished and views[-1].done == 6
    (held, _), *rest = ports[1].inbox
    assert isinstance(held, RolloutRequest) and (held.first, held.stop) == (1, 2)
    assert [type(r) for r, _ in rest] == [RolloutCancel]  # told to drop the plan
    ports[1].answer_one()  # its late answer changes nothing
    assert len(views) == len({v.done for v in views})
    spec = RolloutSpec(Position.start(), (3, 1), None, RolloutSettings(trials=6, **SETTINGS))  # type: ignore[arg-type]
    assert views[-1].tally == rollout(spec)


def test_a_failed_worker_is_left_out_and_its_part_played_by_another() -> None:
    class Broken:
        def ask(self, request: Request, reply: Callable[[Reply], None]) -> None:
            reply(ErrorReply("the worker did not start"))

    ports: list[Any] = [Broken(), QueuedAi()]
    views: list[RolloutView] = []
    SpreadRollout(ports, whole("b", 4, None), views.append).start()
    _run(ports[1:], lambda step: [0])
    assert views[-1].finished and views[-1].done == 4 and views[-1].error is None


def test_cancel_stops_handing_out_parts_and_keeps_the_figures() -> None:
    ports = [QueuedAi(), QueuedAi()]
    views: list[RolloutView] = []
    spread = SpreadRollout(ports, whole("c", 8, None), views.append)
    spread.start()
    ports[0].answer_one()
    ports[1].answer_one()
    spread.cancel()
    _run(ports, lambda step: [0, 1])
    last = views[-1]
    assert last.cancelled and not last.finished
    assert last.tally is not None and last.done == 2  # the parts then in hand are not waited for
    assert cube_verdict(last.tally).action in ("no double", "double, take")


def test_an_error_on_every_worker_stops_the_rollout() -> None:
    bad = RolloutRequest("e", "not an id", (3, 1), None, 4, 0, 4)
    views: list[RolloutView] = []
    SpreadRollout([DirectAi(), DirectAi()], bad, views.append).start()
    assert views[-1].error and views[-1].cancelled and views[-1].tally is None
    assert len(views) == 1


def test_worker_counts() -> None:
    assert worker_count(2) == 2 and worker_count(0) == 1
    with pytest.raises(ValueError):
        SpreadRollout([], whole("s", 4), print)


# -- cancel stops the work at once (#47) ------------------------------------------------------


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


class TimedWorkers:
    """Workers that each answer their messages in order, one at a time, a part
    taking ``per_trial`` seconds a trial on the clock (as a real worker: busy
    until its part is played, whatever is sent to it meanwhile)."""

    def __init__(self, clock: Clock, count: int, per_trial: float) -> None:
        self.clock, self.per_trial = clock, per_trial
        self.ports = [QueuedAi() for _ in range(count)]
        self.free_at = [0.0] * count
        self.sent: list[list[float]] = [[] for _ in range(count)]  # when each message came

    def port(self, i: int) -> Any:
        workers = self

        class Port:
            def ask(self, request: Request, reply: Callable[[Reply], None]) -> None:
                workers.ports[i].ask(request, reply)
                workers.sent[i].append(workers.clock.now)

        return Port()

    def cost(self, request: Request) -> float:
        if isinstance(request, RolloutRequest):
            return self.per_trial * (request.stop - request.first)
        return 0.0

    def run(self, until: Callable[[], bool] = lambda: False) -> None:
        """Answer the earliest message to end, and so on, until ``until()`` or none is left."""
        while not until() and any(p.inbox for p in self.ports):
            ends = [
                max(self.free_at[i], self.sent[i][0]) + self.cost(p.inbox[0][0])
                for i, p in enumerate(self.ports)
                if p.inbox
            ]
            i = [k for k, p in enumerate(self.ports) if p.inbox][ends.index(min(ends))]
            self.clock.now = self.free_at[i] = min(ends)
            self.sent[i].pop(0)
            self.ports[i].answer_one()


def short_rollout(workers: TimedWorkers, clock: Clock, job: str) -> float:
    """The seconds a 36-trial rollout takes on ``workers``."""
    views: list[RolloutView] = []
    ports = [workers.port(i) for i in range(len(workers.ports))]
    start = clock.now
    SpreadRollout(ports, whole(job, 36), views.append, clock).start()
    workers.run(lambda: bool(views) and views[-1].finished)
    assert views[-1].finished and views[-1].done == 36
    return clock.now - start


def test_a_rollout_after_a_cancelled_long_one_is_as_fast_as_the_first() -> None:
    """Parts grow only as far as :data:`PART_SECONDS`: a cancelled 1296-trial
    rollout to the end leaves each worker at most one short part to finish, and
    no part of it waiting; the first figures come after one trial."""
    clock = Clock()
    workers = TimedWorkers(clock, 2, per_trial=0.3)  # a game to the end, in a browser
    first = short_rollout(workers, clock, "first")
    ports = [workers.port(i) for i in range(2)]
    views: list[RolloutView] = []
    long = SpreadRollout(ports, whole("long", 1296), views.append, clock)
    start = clock.now
    long.start()
    workers.run(lambda: bool(views))
    assert views[0].done == 1 and clock.now - start <= 0.3 + 1e-9  # progress after one trial
    workers.run(lambda: views[-1].done >= 20)  # parts have grown to their size
    sizes = {
        r.stop - r.first for p in workers.ports for r, _ in p.inbox if isinstance(r, RolloutRequest)
    }
    assert max(sizes) * 0.3 <= PART_SECONDS * 2
    long.cancel()
    for p in workers.ports:  # one part in hand each, and the word to drop the plan
        assert [type(r) for r, _ in p.inbox] == [RolloutRequest, RolloutCancel]
    after = short_rollout(workers, clock, "after")
    assert after <= first + 2 * PART_SECONDS, (first, after)
    assert views[-1].cancelled and views[-1].done < 1296
