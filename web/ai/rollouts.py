"""The page's side of rollouts: one rollout cut into parts, each handed to
whichever AI worker is free, and their tallies merged as they come.

The analysis board starts a rollout like this (``ports``: one
:class:`web.ai.protocol.AiPort` per web worker, ``worker_count`` of them for
``navigator.hardwareConcurrency``)::

    parts = rollout_parts("r1", position_id, (3, 1), cube, trials=1296,
                          workers=len(ports), truncate=0, seed=1)
    spread = SpreadRollout(ports, parts, show)   # show(view) after every part
    spread.start()
    ...
    spread.cancel()                              # the Cancel button

``show`` gets a :class:`RolloutView`: the merged tally (candidates with
``mean``, ``se``, ``rates`` and ``trials``; ``ranked()`` best first;
:func:`engine.rollout_stats.cube_verdict` for a cube rollout), the trials done
and due, and whether the rollout finished, was cancelled or failed.

A trial's figures depend on its number only, so any worker may play any part
and the parts merge exactly (:func:`engine.rollout_stats.merge_all`): four
workers give the same figures as one.  Each worker has one part in hand at a
time and gets the next when it answers, so a slow worker (one still starting,
or on a busy core) holds back only its own part; once no part is left to hand
out, a free worker plays a copy of a part still out, and whichever answer
comes first counts.  A worker that fails is left out; the rollout fails only
when every worker has.  Nothing here blocks: every answer comes back through
the port's callback.

>>> from web.worker.direct import DirectAi
>>> parts = rollout_parts("r", "4HPwATDgc/ABMA", (3, 1), None, 4, 2, truncate=1)
>>> [(p.first, p.stop) for p in parts]
[(0, 1), (1, 2), (2, 3), (3, 4)]
>>> views = []
>>> SpreadRollout([DirectAi(), DirectAi()], parts, views.append).start()
>>> [v.done for v in views], views[-1].finished, views[-1].tally.trials
([1, 2, 3, 4], True, 4)
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from engine.cube import CubeState
from engine.rollout_stats import RolloutTally, merge_all
from web.ai.protocol import (
    AiPort,
    ErrorReply,
    Reply,
    RolloutCancel,
    RolloutProgress,
    RolloutRequest,
)

MAX_WORKERS = 8
MAX_PART = 36
"""Trials in a part at most: progress every few seconds in a browser."""
PARTS_PER_WORKER = 4
"""Parts a worker gets on average (at most :data:`MAX_PART` trials each): enough
that a slower worker's share shrinks, few enough that messages cost little."""


WORKER_MEMORY_GB = 0.5
"""Device memory to allow for each rollout worker beyond the first: a worker
holds its own Pyodide and AI (about 100 MB), and a phone's browser shares the
rest with every other tab and app."""


def worker_count(hardware_concurrency: int | None, device_memory: float | None = None) -> int:
    """How many rollout workers to start for ``navigator.hardwareConcurrency``
    and ``navigator.deviceMemory`` (GB, where the browser says): one a core
    (the page itself waits on them), no more than the memory allows at
    :data:`WORKER_MEMORY_GB` each, at least 1, at most :data:`MAX_WORKERS`.

    >>> worker_count(None), worker_count(4), worker_count(64)
    (1, 4, 8)
    >>> worker_count(8, device_memory=1), worker_count(8, device_memory=2), worker_count(8, 8)
    (2, 4, 8)
    """
    cores = hardware_concurrency or 1
    if device_memory is not None and device_memory > 0:
        cores = min(cores, int(device_memory / WORKER_MEMORY_GB))
    return max(1, min(MAX_WORKERS, cores))


def part_size(trials: int, workers: int) -> int:
    """Trials in each part of a rollout of ``trials`` over ``workers``.

    >>> part_size(1296, 4), part_size(144, 4), part_size(36, 2), part_size(3, 8)
    (36, 9, 5, 1)
    """
    share = -(-trials // (PARTS_PER_WORKER * max(1, workers)))
    return max(1, min(MAX_PART, share))


def rollout_parts(
    job: str,
    position: str,
    dice: tuple[int, int] | None,
    cube: CubeState | None,
    trials: int,
    workers: int,
    **settings: object,
) -> tuple[RolloutRequest, ...]:
    """``trials`` cut into parts of consecutive trial numbers (:func:`part_size`),
    each a request of job ``job``.  ``settings`` are
    :class:`web.ai.protocol.RolloutRequest`'s (seed, truncate...)."""
    size = part_size(trials, workers)
    return tuple(
        RolloutRequest(
            job,
            position,
            dice,
            cube,
            trials,
            first,
            min(trials, first + size),
            **settings,  # type: ignore[arg-type]
        )
        for first in range(0, trials, size)
    )


@dataclass(frozen=True, slots=True)
class RolloutView:
    """What a rollout has come to so far (``tally`` None until a first part)."""

    tally: RolloutTally | None
    done: int
    total: int
    finished: bool = False
    cancelled: bool = False
    error: str | None = None


class SpreadRollout:
    """One rollout over several ports: each plays one part at a time."""

    def __init__(
        self,
        ports: Sequence[AiPort],
        parts: Sequence[RolloutRequest],
        show: Callable[[RolloutView], None],
    ) -> None:
        if not ports:
            raise ValueError("a rollout needs a worker")
        self._ports = list(ports)
        self._parts = list(parts)
        self._show = show
        self._todo: deque[int] = deque(range(len(parts)))
        self._out: dict[int, list[int]] = {}  # part -> the ports playing it, oldest part first
        self._done: dict[int, RolloutTally] = {}
        self._busy: set[int] = set()
        self._asked: set[int] = set()
        self._failed: set[int] = set()
        self._cancelled = False
        self._error: str | None = None  # set when every port has failed
        self.total = parts[0].trials if parts else 0

    def start(self) -> None:
        for i in range(len(self._ports)):
            self._feed(i)

    def cancel(self) -> None:
        """Hand out no more parts; the figures so far stay."""
        if self._cancelled or self.finished:
            return
        self._cancelled = True
        self._forget()
        self._show(self.view())

    @property
    def finished(self) -> bool:
        return len(self._done) == len(self._parts)

    def view(self) -> RolloutView:
        tallies = list(self._done.values())
        tally = merge_all(tallies) if tallies else None
        done = tally.trials if tally else 0
        return RolloutView(tally, done, self.total, self.finished, self._cancelled, self._error)

    def _feed(self, i: int) -> None:
        """Give port ``i`` a part, if it is free and there is one to give."""
        if self._cancelled or self.finished or i in self._busy or i in self._failed:
            return
        if self._todo:
            k = self._todo.popleft()
        else:  # every part is out: help with the oldest one only a single port plays
            spare = [k for k, on in self._out.items() if len(on) == 1 and i not in on]
            if not spare:
                return
            k = spare[0]
        self._out.setdefault(k, []).append(i)
        self._busy.add(i)
        self._asked.add(i)
        self._ports[i].ask(self._parts[k], lambda reply: self._on_reply(i, k, reply))

    def _on_reply(self, i: int, k: int, reply: Reply) -> None:
        self._busy.discard(i)
        playing = self._out.get(k, [])
        if i in playing:
            playing.remove(i)
        if self._cancelled or self.finished:
            return
        if isinstance(reply, RolloutProgress) and reply.job == self._parts[k].job:
            if k not in self._done:
                self._done[k] = reply.tally
                self._out.pop(k, None)
                if self.finished:
                    self._forget()
                self._show(self.view())
            self._feed(i)
            return
        # This port cannot roll out (it failed to start, or the AI failed).
        self._failed.add(i)
        if k not in self._done and not playing:
            self._out.pop(k, None)
            self._todo.appendleft(k)
        if len(self._failed) == len(self._ports):
            self._error = reply.error if isinstance(reply, ErrorReply) else "no answer"
            self._cancelled = True
            self._show(self.view())
            return
        for j in range(len(self._ports)):
            self._feed(j)

    def _forget(self) -> None:
        """Tell every worker that had a part to drop the rollout's plan."""
        if not self._parts:
            return
        job = self._parts[0].job
        for i in sorted(self._asked - self._failed):
            self._ports[i].ask(RolloutCancel(job), lambda reply: None)
