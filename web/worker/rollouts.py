"""The worker's side of rollouts: the plans of the rollouts it has parts of,
and the parts themselves (:class:`web.ai.protocol.RolloutRequest`).

A worker answers one message at a time, so the page cuts a rollout into parts
of a few trials and hands each to whichever worker is free
(:mod:`web.ai.rollouts`); between parts the worker is free for other
requests (a hint, the AI's move).  The plan of a rollout (its candidates,
ranked once) is kept for its next part until the page says it is done with
it (:class:`web.ai.protocol.RolloutCancel`).

>>> from web.ai.protocol import RolloutCancel, RolloutRequest
>>> part = lambda lo, hi: RolloutRequest("j", "4HPwATDgc/ABMA", (3, 1), None, 4, lo, hi, truncate=1)
>>> [answer_rollout(part(lo, hi)).tally.ranges for lo, hi in ((2, 4), (0, 2))], "j" in _PLANS
([((2, 4),), ((0, 2),)], True)
>>> done = cancel_rollout(RolloutCancel("j"))
>>> done.cancelled, done.tally.trials, "j" in _PLANS
(True, 0, False)
"""

from __future__ import annotations

from engine.position import Position
from web.ai.protocol import RolloutCancel, RolloutProgress, RolloutRequest

MAX_PLANS = 16
"""Plans a worker keeps; a page that forgot to say it was done cannot fill the
worker's memory (the oldest goes first)."""

_PLANS: dict[str, object] = {}
"""Rollouts by job name (``engine.ai.rollout.Rollout``, imported lazily), each
with nothing played: their parts are played from them."""


class UnknownRolloutError(ValueError):
    """A cancel for a job this worker has no plan of."""


def answer_rollout(request: RolloutRequest) -> RolloutProgress:
    """Play the request's part of its rollout (planning the rollout on first sight)."""
    from engine.ai.rollout import Rollout, RolloutSettings, RolloutSpec

    settings = RolloutSettings(
        trials=request.trials,
        seed=request.seed,
        truncate=request.truncate,
        player=request.player,
        luck=request.luck,
        stratify=request.stratify,
        cubeful=request.cubeful,
        candidates=request.candidates,
        also=request.also,
    )
    spec = RolloutSpec(Position.from_id(request.position), request.dice, request.cube, settings)
    plan = _PLANS.pop(request.job, None)
    if not isinstance(plan, Rollout) or plan.spec != spec:  # a job name used again: a new one
        plan = Rollout(spec, 0, 0)
    while len(_PLANS) >= MAX_PLANS:
        _PLANS.pop(next(iter(_PLANS)))
    _PLANS[request.job] = plan  # the latest used last
    part = plan.part(request.first, request.stop)
    return RolloutProgress(request.job, part.step(request.stop - request.first))


def cancel_rollout(request: RolloutCancel) -> RolloutProgress:
    """Forget a job's plan; answered with its tally of no trials."""
    from engine.ai.rollout import Rollout

    plan = _PLANS.pop(request.job, None)
    if not isinstance(plan, Rollout):
        raise UnknownRolloutError(f"no rollout {request.job!r} is planned here")
    return RolloutProgress(request.job, plan.tally, cancelled=True)
