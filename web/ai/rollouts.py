"""The page's side of rollouts: one rollout cut into parts, each handed to
whichever AI worker is free, and their tallies merged as they come.

The analysis board starts a rollout like this (``ports``: one
:class:`web.ai.protocol.AiPort` per web worker, ``worker_count`` of them for
``navigator.hardwareConcurrency``; the request is the whole rollout, trials 0
to ``trials``)::

    whole = RolloutRequest("r1", position_id, (3, 1), cube, 1296, 0, 1296, truncate=0)
    spread = SpreadRollout(ports, whole, show)   # show(view) after every part
    spread.start()
    ...
    spread.cancel()                              # the Cancel button

``show`` gets a :class:`RolloutView`: the merged tally (candidates with
``mean``, ``se``, ``rates`` and ``trials``; ``ranked()`` best first;
:func:`engine.rollout_stats.cube_verdict` for a cube rollout), the trials done
and due, and whether the rollout finished, was cancelled or failed.

A trial's figures depend on its number only, so any worker may play any part
and the parts merge exactly (:func:`engine.rollout_stats.merge`): four
workers give the same figures as one.  A worker plays a part without a break
(nothing reaches it meanwhile: a cancel, a hint, the next rollout wait), so
parts are short: a worker's first is one trial (the first figures come
soon), and each next one at most twice the last and what the last one's pace
plays in :data:`PART_SECONDS`.  Each worker has one part in hand at a time and
gets the next when it answers, so a slow worker (one still starting, or on a
busy core) holds back only its own part; once no trial is left to hand out, a
free worker plays a copy of a part still out, and whichever answer comes first
counts.  A worker that fails is left out; the rollout fails only when every
worker has.  Nothing here blocks: every answer comes back through the port's
callback.

>>> from web.worker.direct import DirectAi
>>> whole = RolloutRequest("r", "4HPwATDgc/ABMA", (3, 1), None, 6, 0, 6, truncate=1)
>>> views = []
>>> SpreadRollout([DirectAi(), DirectAi()], whole, views.append).start()
>>> views[0].done, views[-1].done, views[-1].finished, views[-1].tally.ranges
(1, 6, True, ((0, 6),))
"""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from engine.rollout_stats import RolloutTally, merge
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
"""Trials in a part at most."""
PART_SECONDS = 0.5
"""About how long a part plays, once a worker's pace is known: what a cancel,
a hint or the next rollout waits for at most (#47)."""


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


Part = tuple[int, int]
"""Trials ``first`` to ``stop - 1`` of a rollout."""


@dataclass(frozen=True, slots=True)
class RolloutView:
    """What a rollout has come to so far (``tally`` None until a first part)."""

    tally: RolloutTally | None
    done: int
    total: int
    finished: bool = False
    cancelled: bool = False
    error: str | None = None  # the worker's text when every port failed ("": no answer came)


class SpreadRollout:
    """One rollout over several ports: each plays one part at a time."""

    def __init__(
        self,
        ports: Sequence[AiPort],
        whole: RolloutRequest,
        show: Callable[[RolloutView], None],
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        if not ports:
            raise ValueError("a rollout needs a worker")
        self._ports = list(ports)
        self._whole = whole
        self._show = show
        self._clock = clock
        self._next = whole.first  # the first trial not handed out yet
        self._todo: deque[Part] = deque()  # parts a failed port gave back
        self._out: dict[Part, list[int]] = {}  # part -> the ports playing it, oldest part first
        self._done: set[Part] = set()
        self._tally: RolloutTally | None = None
        self._pace: dict[int, tuple[int, float]] = {}  # port -> its last part's trials, seconds
        self._busy: set[int] = set()
        self._asked: set[int] = set()
        self._failed: set[int] = set()
        self._cancelled = False
        self._error: str | None = None  # set when every port has failed
        self.total = whole.stop - whole.first

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
    def done(self) -> int:
        return self._tally.trials if self._tally else 0

    @property
    def finished(self) -> bool:
        return self.done == self.total

    def view(self) -> RolloutView:
        return RolloutView(
            self._tally, self.done, self.total, self.finished, self._cancelled, self._error
        )

    def _size(self, i: int) -> int:
        """Trials in port ``i``'s next part: 1 first, then by its last part's pace."""
        trials, seconds = self._pace.get(i, (0, 0.0))
        if not trials:
            return 1
        return max(1, min(MAX_PART, 2 * trials, int(PART_SECONDS * trials / max(seconds, 1e-3))))

    def _feed(self, i: int) -> None:
        """Give port ``i`` a part, if it is free and there is one to give."""
        if self._cancelled or self.finished or i in self._busy or i in self._failed:
            return
        if self._todo:
            part = self._todo.popleft()
        elif self._next < self._whole.stop:
            part = (self._next, min(self._whole.stop, self._next + self._size(i)))
            self._next = part[1]
        else:  # every trial is out: help with the oldest part only a single port plays
            spare = [p for p, on in self._out.items() if len(on) == 1 and i not in on]
            if not spare:
                return
            part = spare[0]
        self._out.setdefault(part, []).append(i)
        self._busy.add(i)
        self._asked.add(i)
        asked = self._clock()
        request = replace(self._whole, first=part[0], stop=part[1])
        self._ports[i].ask(request, lambda reply: self._on_reply(i, part, asked, reply))

    def _on_reply(self, i: int, part: Part, asked: float, reply: Reply) -> None:
        self._busy.discard(i)
        playing = self._out.get(part, [])
        if i in playing:
            playing.remove(i)
        if self._cancelled or self.finished:
            return
        if isinstance(reply, RolloutProgress) and reply.job == self._whole.job:
            self._pace[i] = (part[1] - part[0], self._clock() - asked)
            if part not in self._done:
                self._done.add(part)
                self._tally = (
                    reply.tally if self._tally is None else merge(self._tally, reply.tally)
                )
                self._out.pop(part, None)
                if self.finished:
                    self._forget()
                self._show(self.view())
            self._feed(i)
            return
        # This port cannot roll out (it failed to start, or the AI failed).
        self._failed.add(i)
        if part not in self._done and not playing:
            self._out.pop(part, None)
            self._todo.appendleft(part)
        if len(self._failed) == len(self._ports):
            self._error = reply.error if isinstance(reply, ErrorReply) else ""  # "": none came
            self._cancelled = True
            self._show(self.view())
            return
        for j in range(len(self._ports)):
            self._feed(j)

    def _forget(self) -> None:
        """Tell every worker that had a part to drop the rollout's plan."""
        for i in sorted(self._asked - self._failed):
            self._ports[i].ask(RolloutCancel(self._whole.job), lambda reply: None)
