"""The page's side of rollouts: one rollout spread over several AI workers,
their progress merged as it comes.

The analysis board starts a rollout like this (``ports``: one
:class:`web.ai_client.AiPort` per web worker, ``worker_count`` of them for
``navigator.hardwareConcurrency``)::

    requests = rollout_requests("r1", position_id, (3, 1), cube, trials=1296,
                                workers=len(ports), truncate=0, seed=1)
    spread = SpreadRollout(ports, requests, show)   # show(view) after every chunk
    spread.start()
    ...
    spread.cancel()                                 # the Cancel button

``show`` gets a :class:`RolloutView`: the merged tally (candidates with
``mean``, ``se``, ``rates`` and ``trials``; ``ranked()`` best first;
:func:`engine.rollout_stats.cube_verdict` for a cube rollout), the trials done
and due, and whether the rollout finished, was cancelled or failed.  Each
worker plays its own slice of the trial numbers, a chunk per request, and the
slices merge exactly (:func:`engine.rollout_stats.merge_all`): four workers
give the same figures as one.  Nothing here blocks: every answer comes back
through the port's callback.

>>> from web.ai_client import DirectAi
>>> reqs = rollout_requests("r", "4HPwATDgc/ABMA", (3, 1), None, 4, 2, chunk=1, truncate=1)
>>> [(r.first, r.stop) for r in reqs]
[(0, 2), (2, 4)]
>>> views = []
>>> SpreadRollout([DirectAi(), DirectAi()], reqs, views.append).start()
>>> [v.done for v in views], views[-1].finished, views[-1].tally.trials
([1, 2, 3, 4], True, 4)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from engine.cube import CubeState
from engine.rollout_stats import RolloutTally, merge_all
from web.protocol import ErrorReply, Reply, RolloutCancel, RolloutProgress, RolloutRequest

if TYPE_CHECKING:
    from web.ai_client import AiPort

MAX_WORKERS = 8


def worker_count(hardware_concurrency: int | None) -> int:
    """How many rollout workers to start for ``navigator.hardwareConcurrency``:
    one a core (the page itself waits on them), at least 1, at most :data:`MAX_WORKERS`.

    >>> worker_count(None), worker_count(4), worker_count(64)
    (1, 4, 8)
    """
    return max(1, min(MAX_WORKERS, hardware_concurrency or 1))


def rollout_requests(
    job: str,
    position: str,
    dice: tuple[int, int] | None,
    cube: CubeState | None,
    trials: int,
    workers: int,
    chunk: int = 36,
    **settings: object,
) -> tuple[RolloutRequest, ...]:
    """The first request of each worker: ``trials`` cut into ``workers`` slices of
    consecutive trial numbers (as even as they go), jobs named ``job/k``.
    ``settings`` are :class:`web.protocol.RolloutRequest`'s (seed, truncate...)."""
    n = max(1, min(workers, trials))
    cuts = [trials * k // n for k in range(n + 1)]
    return tuple(
        RolloutRequest(
            f"{job}/{k}",
            position,
            dice,
            cube,
            trials,
            cuts[k],
            cuts[k + 1],
            chunk,
            **settings,  # type: ignore[arg-type]
        )
        for k in range(n)
    )


@dataclass(frozen=True, slots=True)
class RolloutView:
    """What a rollout has come to so far (``tally`` None until a first chunk)."""

    tally: RolloutTally | None
    done: int
    total: int
    finished: bool = False
    cancelled: bool = False
    error: str | None = None


class SpreadRollout:
    """One rollout over several ports: each runs its slice chunk by chunk."""

    def __init__(
        self,
        ports: Sequence[AiPort],
        requests: Sequence[RolloutRequest],
        show: Callable[[RolloutView], None],
    ) -> None:
        if len(ports) < len(requests):
            raise ValueError(f"{len(requests)} slices need as many ports, got {len(ports)}")
        self._ports = list(ports)
        self._requests = list(requests)
        self._show = show
        self._slices: dict[str, RolloutTally] = {}
        self._finished: set[str] = set()
        self._cancelled = False
        self._error: str | None = None
        self.total = requests[0].trials if requests else 0

    def start(self) -> None:
        for port, request in zip(self._ports, self._requests, strict=False):
            self._ask(port, request)

    def cancel(self) -> None:
        """Stop every worker after its chunk in hand; the figures so far stay."""
        if self._cancelled or self.finished:
            return
        self._cancelled = True
        for port, request in zip(self._ports, self._requests, strict=False):
            if request.job not in self._finished:
                port.ask(RolloutCancel(request.job), self._on_cancelled)
        self._show(self.view())

    @property
    def finished(self) -> bool:
        return len(self._finished) == len(self._requests)

    def view(self) -> RolloutView:
        tallies = list(self._slices.values())
        tally = merge_all(tallies) if tallies else None
        done = tally.trials if tally else 0
        return RolloutView(tally, done, self.total, self.finished, self._cancelled, self._error)

    def _ask(self, port: AiPort, request: RolloutRequest) -> None:
        port.ask(request, lambda reply: self._on_reply(port, request, reply))

    def _on_reply(self, port: AiPort, request: RolloutRequest, reply: Reply) -> None:
        if isinstance(reply, ErrorReply):
            self._error = reply.error
            self._cancelled = True
            self._show(self.view())
            return
        if not isinstance(reply, RolloutProgress) or reply.job != request.job:
            return  # not this rollout's answer
        self._slices[request.job] = reply.tally
        if reply.finished:
            self._finished.add(request.job)
        self._show(self.view())
        if not reply.finished and not self._cancelled:
            self._ask(port, request)

    def _on_cancelled(self, reply: Reply) -> None:
        if isinstance(reply, RolloutProgress):
            self._slices[reply.job] = reply.tally
            self._show(self.view())
