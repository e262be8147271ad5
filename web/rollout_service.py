"""The worker's side of rollouts: the jobs a worker is running, advanced a chunk
per :class:`web.protocol.RolloutRequest`.

A worker answers one message at a time, so a rollout runs in chunks: each
request plays ``chunk`` more trials of the job's slice and answers with the
slice's tally so far (:class:`web.protocol.RolloutProgress`); the page asks
again until the slice is finished, or sends :class:`web.protocol.RolloutCancel`
(answered after the chunk in hand, with what was done).  Between chunks the
worker is free for other requests (a hint, the AI's move).

>>> from web.protocol import RolloutCancel, RolloutRequest
>>> req = RolloutRequest("j", "4HPwATDgc/ABMA", (3, 1), None, 4, 0, 2, chunk=1, truncate=1)
>>> [answer_rollout(req).tally.trials for _ in range(2)], "j" in _JOBS
([1, 2], False)
>>> answer_rollout(req).tally.trials  # the same job name again: a new rollout
1
>>> cancel_rollout(RolloutCancel("j")).cancelled, "j" in _JOBS
(True, False)
"""

from __future__ import annotations

from engine.position import Position
from web.protocol import RolloutCancel, RolloutProgress, RolloutRequest

MAX_JOBS = 16
"""Jobs a worker keeps; a page that forgot to cancel cannot fill the worker's memory."""

_JOBS: dict[str, object] = {}
"""Running rollouts by job name (``engine.ai.rollout.Rollout``; imported lazily)."""


class UnknownRolloutError(ValueError):
    """A cancel for a job this worker is not running."""


def answer_rollout(request: RolloutRequest) -> RolloutProgress:
    """Play the next chunk of the request's job (starting it on first sight)."""
    from engine.ai.rollout import Rollout, RolloutSettings, RolloutSpec

    job = _JOBS.get(request.job)
    if not isinstance(job, Rollout):
        settings = RolloutSettings(
            trials=request.trials,
            seed=request.seed,
            truncate=request.truncate,
            player=request.player,
            luck=request.luck,
            stratify=request.stratify,
            cubeful=request.cubeful,
            candidates=request.candidates,
        )
        spec = RolloutSpec(Position.from_id(request.position), request.dice, request.cube, settings)
        job = Rollout(spec, request.first, request.stop)
        if len(_JOBS) >= MAX_JOBS:
            _JOBS.pop(next(iter(_JOBS)))
        _JOBS[request.job] = job
    tally = job.step(request.chunk)
    if job.finished:
        del _JOBS[request.job]
    return RolloutProgress(request.job, tally, job.finished)


def cancel_rollout(request: RolloutCancel) -> RolloutProgress:
    """Stop a job and answer with what it had done."""
    from engine.ai.rollout import Rollout

    job = _JOBS.pop(request.job, None)
    if not isinstance(job, Rollout):
        raise UnknownRolloutError(f"no rollout {request.job!r} is running here")
    return RolloutProgress(request.job, job.tally, False, cancelled=True)
