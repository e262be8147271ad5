"""The statistics of a rollout: exact sums over trials, merged across workers.

A rollout plays many games (trials) from each candidate and averages what
they were worth.  This module holds those sums and reads them: the mean, its
standard error, the outcome rates, and, for a cube decision, the verdict.
It knows nothing about playing (that is :mod:`engine.ai.rollout`), so the
page can merge and show what its workers send without loading the AI.

The sums are integers: every trial's value is stored in fixed point
(:data:`SCALE`, about 2e-10 a unit), so that adding up the trials of two
slices gives *exactly* the sums of the whole run, whatever order workers
finish in.  Floating-point sums would differ in the last bits between
``a + b`` and the one-by-one total, and a merged rollout would then not be
the same rollout.

>>> t = Tally("8/5 6/5").add(1.0, 1.0, (1.0, 0.0, 0.0, 0.0, 0.0))
>>> t = t.add(-2.0, -2.0, (0.0, 0.0, 0.0, 1.0, 0.0))
>>> t.trials, t.mean, round(t.se, 3), t.rates
(2, -0.5, 1.5, (0.5, 0.0, 0.0, 0.5, 0.0))
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

from engine.errors import EngineError
from engine.names import CubeAction

SCALE = 1 << 32
"""Fixed-point scale of the sums: a trial's value ``x`` is stored as ``round(x * SCALE)``."""

PLAYS = "plays"
CUBE = "cube"
NO_DOUBLE = CubeAction.NO_DOUBLE.value  # a cube rollout's candidates, by name
DOUBLE_TAKE = CubeAction.DOUBLE_TAKE.value

Sums5 = tuple[int, int, int, int, int]
Probs = tuple[float, float, float, float, float]


class RolloutMergeError(EngineError):
    """Two rollout tallies that are not slices of one rollout, or that overlap."""


def _fixed(x: float) -> int:
    return round(x * SCALE)


def _mean(total: int, n: int) -> float:
    return total / (n * SCALE) if n else 0.0


def _se(total: int, squares: int, n: int) -> float:
    """Standard error of the mean, from exact sums (0 below two trials)."""
    if n < 2:
        return 0.0
    # n * Σx² - (Σx)² is exact in integers: no cancellation however large the sums.
    spread = n * squares - total * total
    variance = spread / (SCALE * SCALE * n * (n - 1))
    return math.sqrt(max(variance, 0.0) / n)


@dataclass(frozen=True, slots=True)
class Tally:
    """One candidate's sums: its trials, the value of each (variance-reduced, and
    ``raw`` as played) and its outcomes (win, win gammon, win backgammon, lose
    gammon, lose backgammon, each counting the stronger ones too)."""

    label: str
    trials: int = 0
    total: int = 0
    squares: int = 0
    raw_total: int = 0
    raw_squares: int = 0
    outcomes: Sums5 = (0, 0, 0, 0, 0)

    def add(self, value: float, raw: float, probs: Probs) -> Tally:
        """The tally with one more trial."""
        q, r = _fixed(value), _fixed(raw)
        o = self.outcomes
        return Tally(
            self.label,
            self.trials + 1,
            self.total + q,
            self.squares + q * q,
            self.raw_total + r,
            self.raw_squares + r * r,
            (
                o[0] + _fixed(probs[0]),
                o[1] + _fixed(probs[1]),
                o[2] + _fixed(probs[2]),
                o[3] + _fixed(probs[3]),
                o[4] + _fixed(probs[4]),
            ),
        )

    def merged(self, other: Tally) -> Tally:
        """The sums of both (of disjoint trials: :func:`merge` checks that)."""
        if other.label != self.label:
            raise RolloutMergeError(f"candidates differ: {self.label!r} and {other.label!r}")
        a, b = self.outcomes, other.outcomes
        return Tally(
            self.label,
            self.trials + other.trials,
            self.total + other.total,
            self.squares + other.squares,
            self.raw_total + other.raw_total,
            self.raw_squares + other.raw_squares,
            (a[0] + b[0], a[1] + b[1], a[2] + b[2], a[3] + b[3], a[4] + b[4]),
        )

    @property
    def mean(self) -> float:
        """The mean value (variance-reduced when the rollout was)."""
        return _mean(self.total, self.trials)

    @property
    def se(self) -> float:
        """The standard error of :attr:`mean`."""
        return _se(self.total, self.squares, self.trials)

    @property
    def raw_mean(self) -> float:
        """The mean of the values as played, without variance reduction."""
        return _mean(self.raw_total, self.trials)

    @property
    def raw_se(self) -> float:
        return _se(self.raw_total, self.raw_squares, self.trials)

    @property
    def rates(self) -> Probs:
        """Mean outcome probabilities over the trials (not variance-reduced)."""
        o, n = self.outcomes, self.trials
        return (_mean(o[0], n), _mean(o[1], n), _mean(o[2], n), _mean(o[3], n), _mean(o[4], n))


@dataclass(frozen=True, slots=True)
class RolloutTally:
    """A rollout's sums so far: which trials are in (``ranges``, sorted, disjoint,
    half-open) and each candidate's :class:`Tally`.

    ``key`` names the rollout (position, dice, cube and settings but the trial
    count); only tallies with the same key merge.  ``kind`` is :data:`PLAYS` or
    :data:`CUBE`; ``units`` is ``"equity"`` (money, per the cube's value at the
    start) or ``"mwc"`` (match-winning chance); a cube rollout also carries the
    exact value of double-pass and whether the side on roll may double.
    """

    key: str
    kind: str
    units: str
    ranges: tuple[tuple[int, int], ...]
    candidates: tuple[Tally, ...]
    double_pass: float = 0.0
    may_double: bool = False

    @property
    def trials(self) -> int:
        return sum(stop - start for start, stop in self.ranges)

    def ranked(self) -> list[Tally]:
        """The candidates, best mean first (a stable sort: ties keep their order)."""
        return sorted(self.candidates, key=lambda t: -t.mean)

    def with_trial(self, index: int, tallies: tuple[Tally, ...]) -> RolloutTally:
        """The tally after trial ``index``, whose candidates' sums are now ``tallies``."""
        return replace(self, ranges=_normal((*self.ranges, (index, index + 1))), candidates=tallies)


def _normal(ranges: tuple[tuple[int, int], ...]) -> tuple[tuple[int, int], ...]:
    """Sorted, with touching ranges joined; raises on an overlap."""
    out: list[tuple[int, int]] = []
    for start, stop in sorted(r for r in ranges if r[1] > r[0]):
        if out and start < out[-1][1]:
            raise RolloutMergeError(f"trials {start}..{stop - 1} are counted twice")
        if out and start == out[-1][1]:
            out[-1] = (out[-1][0], stop)
        else:
            out.append((start, stop))
    return tuple(out)


def merge(a: RolloutTally, b: RolloutTally) -> RolloutTally:
    """Two slices of one rollout as one: exactly the tally of all their trials.

    >>> one = lambda x: (Tally("a").add(x, x, (1.0, 0.0, 0.0, 0.0, 0.0)),)
    >>> t = lambda r, x: RolloutTally("k", PLAYS, "equity", (r,), one(x))
    >>> m = merge(t((0, 1), 1.0), t((1, 2), 0.5))
    >>> m.ranges, m.candidates[0].trials, m.candidates[0].mean
    (((0, 2),), 2, 0.75)
    >>> merge(m, t((1, 2), 0.5))
    Traceback (most recent call last):
    ...
    engine.rollout_stats.RolloutMergeError: trials 1..1 are counted twice
    """
    if a.key != b.key or a.kind != b.kind or a.units != b.units:
        raise RolloutMergeError("tallies of different rollouts do not merge")
    if len(a.candidates) != len(b.candidates):
        raise RolloutMergeError("tallies with different candidates do not merge")
    ranges = _normal(a.ranges + b.ranges)
    cands = tuple(x.merged(y) for x, y in zip(a.candidates, b.candidates, strict=True))
    return replace(a, ranges=ranges, candidates=cands)


def merge_all(tallies: list[RolloutTally]) -> RolloutTally:
    """:func:`merge` over a non-empty list."""
    if not tallies:
        raise RolloutMergeError("nothing to merge")
    out = tallies[0]
    for t in tallies[1:]:
        out = merge(out, t)
    return out


@dataclass(frozen=True, slots=True)
class CubeVerdict:
    """A cube decision read off a cube rollout: the three equities (no double and
    double-take with their standard errors, double-pass exact) and the action."""

    no_double: float
    no_double_se: float
    double_take: float
    double_take_se: float
    double_pass: float
    action: CubeAction


def cube_verdict(tally: RolloutTally) -> CubeVerdict:
    """The cube action the rollout's means give, as :func:`engine.ai.cube_decision` words it.

    >>> win = (1.0, 0.0, 0.0, 0.0, 0.0)
    >>> nd, dt = Tally(NO_DOUBLE).add(0.9, 0.9, win), Tally(DOUBLE_TAKE).add(1.5, 1.5, win)
    >>> cube_verdict(RolloutTally("k", CUBE, "equity", ((0, 1),), (nd, dt), 1.0, True)).action
    <CubeAction.DOUBLE_PASS: 'double, pass'>
    """
    if tally.kind != CUBE:
        raise RolloutMergeError("a cube verdict needs a cube rollout")
    nd, dt = tally.candidates
    dp = tally.double_pass
    take = dt.mean <= dp
    if not tally.may_double:
        action = CubeAction.NO_ACCESS
    elif take:
        action = CubeAction.DOUBLE_TAKE if dt.mean > nd.mean else CubeAction.NO_DOUBLE
    else:
        # A tie (a win so sure that no double wins the cube's value anyway) is a
        # double: it costs nothing, and a rollout's sure wins tie exactly.
        action = CubeAction.DOUBLE_PASS if dp >= nd.mean else CubeAction.TOO_GOOD
    return CubeVerdict(nd.mean, nd.se, dt.mean, dt.se, dp, action)
