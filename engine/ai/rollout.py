"""Rollouts: Monte-Carlo estimates of the candidate plays of a roll, or of a cube decision.

A rollout plays each candidate out many times with the AI on both sides and
averages what the games were worth (:mod:`engine.ai.rollout_game` plays one;
:mod:`engine.rollout_stats` keeps the sums).  Two kinds:

* **plays** (a position and dice): the best candidates of King Tubby's
  ranking (:attr:`RolloutSettings.candidates`, within
  :attr:`RolloutSettings.window` of the best), and the play
  :attr:`RolloutSettings.also` names wherever it ranks (the play a match
  made, to check), each rolled out from its result with the opponent on roll;
* **cube** (a position, no dice): "no double" (the side on roll rolls with
  the cube where it is) and "double, take" (the opponent owns it at twice
  the value) rolled out on the same dice; "double, pass" is exact.

Values are for the side on roll: money points per the cube's value at the
start (as :func:`engine.ai.cube_decision` reports them) or, in a match,
match-winning chances from the match equity table.  A rollout is cubeful by
default: both sides double, take and pass by the cube model during the games.

Settings: ``trials``, ``seed`` (the same seed gives the same figures),
``truncate`` (0 plays to the end; N stops after N plies with the evaluator's
estimate), ``player`` (``"fast"``, King Tubby's 0-ply, by default; or a level),
and the variance reduction, both on by default: ``stratify`` (the first two
rolls spread evenly over the trials) and ``luck`` (each roll's luck, by the
evaluator, taken out of the result, as GNU Backgammon does).

It runs in chunks, so a web worker can report progress and stop between
them, and in slices of trial numbers, so several workers can share one
rollout and their tallies merge exactly (:func:`engine.rollout_stats.merge`)::

    spec = RolloutSpec(position, (3, 1), settings=RolloutSettings(trials=144))
    r = Rollout(spec, first=0, stop=72)      # this worker's half
    while not r.finished:
        tally = r.step(12)                   # report tally; stop early to cancel
    merge(tally, other_workers_tally)        # == rollout(spec)

>>> spec = RolloutSpec(Position.start(), (3, 1), settings=RolloutSettings(trials=4, truncate=2))
>>> t = rollout(spec)
>>> t.trials, t.ranked()[0].label, rollout(spec) == t
(4, '8/5 6/5', True)
"""

from __future__ import annotations

import copy
import json
from collections.abc import Iterator
from dataclasses import dataclass, field

from engine.ai.player import rank_plays
from engine.ai.rollout_game import FAST, PLAYERS, Start, Table, TrialOptions, play_trial
from engine.cube import CubeState
from engine.errors import EngineError
from engine.position import Position
from engine.rollout_stats import CUBE, DOUBLE_TAKE, NO_DOUBLE, PLAYS, RolloutTally, Tally

DEFAULT_TRIALS = 1296
"""36 x 36: every pair of first two rolls once."""


class RolloutSettingsError(EngineError):
    """Rollout settings that cannot be run (no trials, an unknown player...)."""


@dataclass(frozen=True, slots=True)
class RolloutSettings:
    """How to roll out (see the module's docstring)."""

    trials: int = DEFAULT_TRIALS
    seed: int = 1
    truncate: int = 0
    player: str = FAST
    luck: bool = False
    stratify: bool = True
    cubeful: bool = True
    candidates: int = 5
    window: float = 0.25
    also: str = ""  # a play rolled out too, by the Position ID of its result

    def __post_init__(self) -> None:
        if self.trials < 1:
            raise RolloutSettingsError(f"a rollout needs at least one trial, not {self.trials}")
        if self.truncate < 0:
            raise RolloutSettingsError(f"truncate is a number of plies >= 0, not {self.truncate}")
        if self.player not in PLAYERS:
            raise RolloutSettingsError(f"player is one of {PLAYERS}, not {self.player!r}")
        if self.candidates < 1:
            raise RolloutSettingsError("a rollout needs at least one candidate")

    def options(self) -> TrialOptions:
        return TrialOptions(
            self.seed, self.truncate, self.player, self.luck, self.stratify, self.cubeful
        )


@dataclass(frozen=True, slots=True)
class RolloutSpec:
    """What to roll out: ``position`` seen by the side on roll, ``dice`` (None for
    the cube decision before rolling), ``cube`` (None: money, cube centred) and
    the settings."""

    position: Position
    dice: tuple[int, int] | None = None
    cube: CubeState | None = None
    settings: RolloutSettings = field(default_factory=RolloutSettings)

    @property
    def key(self) -> str:
        """The rollout's name for merging: everything but the number of trials."""
        s = self.settings
        body = {
            "position": self.position.id,
            "dice": list(self.dice) if self.dice else None,
            "cube": self.root.to_json(),
            "seed": s.seed,
            "truncate": s.truncate,
            "player": s.player,
            "luck": s.luck,
            "stratify": s.stratify,
            "cubeful": s.cubeful,
            "candidates": s.candidates,
            "window": s.window,
            "also": s.also,
        }
        return json.dumps(body, sort_keys=True)

    @property
    def root(self) -> CubeState:
        return self.cube or CubeState()


def _plan(spec: RolloutSpec) -> tuple[RolloutTally, tuple[Start, ...]]:
    """The empty tally and where each candidate's trials start."""
    st = spec.root
    units = "mwc" if st.is_match else "equity"
    owner = st.owner  # CubeState's 0 is its own side, the root: the numbering trials use
    if spec.dice is None:
        from engine.ai.cube import cube_decision

        d = cube_decision(spec.position, st)
        starts: tuple[Start, ...] = (
            Start(spec.position, 0, st.value, owner, skip_cube=True),
            Start(spec.position, 0, 2 * st.value, 1, skip_cube=True),
        )
        tally = RolloutTally(
            spec.key,
            CUBE,
            units,
            (),
            (Tally(NO_DOUBLE), Tally(DOUBLE_TAKE)),
            d.double_pass,
            d.may_double,
        )
        return tally, starts
    ranked = rank_plays(spec.position, spec.dice, "hard", spec.cube)
    best = ranked[0].equity
    chosen = [r for r in ranked if best - r.equity <= spec.settings.window]
    chosen = chosen[: spec.settings.candidates]
    also = spec.settings.also
    if also and all(r.play.result.id != also for r in chosen):
        chosen += [r for r in ranked if r.play.result.id == also][:1]
    starts = tuple(Start(r.play.result, 1, st.value, owner) for r in chosen)
    labels = tuple(Tally(str(r.play) or "(no play)") for r in chosen)
    return RolloutTally(spec.key, PLAYS, units, (), labels), starts


class Rollout:
    """A rollout of trials ``first`` to ``stop - 1`` of ``spec``, run in steps.

    ``stop`` defaults to the settings' trial count.  Each :meth:`step` plays
    up to ``n`` more trials of every candidate and returns the tally so far.
    """

    def __init__(self, spec: RolloutSpec, first: int = 0, stop: int | None = None) -> None:
        end = spec.settings.trials if stop is None else stop
        if not 0 <= first <= end:
            raise RolloutSettingsError(f"trials {first}..{end} are not a range")
        self.spec = spec
        self.first, self.stop = first, end
        self._next = first
        self._table = Table(spec.root, spec.settings.options())
        self._tally, self._starts = _plan(spec)
        self._empty = self._tally

    def part(self, first: int, stop: int) -> Rollout:
        """Trials ``first`` to ``stop - 1`` of the same rollout, from none played:
        a new slice sharing this one's plan, so its candidates are not ranked again
        (a worker keeps one rollout's plan and plays whichever part it is given)."""
        if not 0 <= first <= stop:
            raise RolloutSettingsError(f"trials {first}..{stop} are not a range")
        other = copy.copy(self)
        other.first, other.stop, other._next = first, stop, first
        other._tally = self._empty
        return other

    @property
    def finished(self) -> bool:
        return self._next >= self.stop

    @property
    def done(self) -> int:
        """Trials played so far in this slice."""
        return self._next - self.first

    @property
    def tally(self) -> RolloutTally:
        return self._tally

    def step(self, n: int = 36) -> RolloutTally:
        """Play up to ``n`` more trials of every candidate; the tally so far."""
        for _ in range(max(0, min(n, self.stop - self._next))):
            i = self._next
            cands = tuple(
                t.add(r.value, r.raw, r.probs)
                for t, start in zip(self._tally.candidates, self._starts, strict=True)
                for r in (play_trial(self._table, start, i),)
            )
            self._tally = self._tally.with_trial(i, cands)
            self._next += 1
        return self._tally


def chunks(
    spec: RolloutSpec, chunk: int = 36, first: int = 0, stop: int | None = None
) -> Iterator[RolloutTally]:
    """The tally after every ``chunk`` trials of the slice, the last one complete."""
    r = Rollout(spec, first, stop)
    while not r.finished:
        yield r.step(chunk)


def rollout(spec: RolloutSpec) -> RolloutTally:
    """The whole rollout at once."""
    r = Rollout(spec)
    return r.step(spec.settings.trials)
