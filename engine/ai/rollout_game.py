"""One rollout trial: a game played out from a position by the AI, against itself.

:func:`play_trial` plays trial number ``index`` of a rollout from a start
(position, cube, whose turn) and says what it was worth to the *root* side
(the side the rollout is for), in the rollout's units: money points per the
cube's value at the start, or match-winning chance.  Everything a trial
draws comes from its index and the rollout's seed, so any slice of trials
can be played anywhere (another worker, another day) with the same result.

Dice.  With ``stratify`` the first two rolls are not drawn but spread: trial
``i`` gets the ``i mod 36``-th first roll and the ``(i div 36) mod 36``-th
second roll of two seeded permutations of the 36 rolls, so every 36 trials
see each first roll once and every 1296 each pair of first rolls once (GNU
Backgammon's quasi-random dice).  Later rolls come from a generator seeded by
the seed and the index, the same for every candidate of the rollout (common
random numbers: candidates are compared on the same dice).

Luck.  With ``luck`` the value is corrected by the luck of every roll, as GNU
Backgammon's variance reduction does: before each roll the 0-ply value of the
mover's best play is worked out for all 21 rolls; the roll's luck is its
value less their average, and the trial's value less the sum of its luck is
an unbiased estimate with a much smaller spread (each luck term averages zero
over the dice whatever the evaluator's errors).  It costs a look at every roll
on every turn, cached by position (the first turns repeat across trials).

Cube.  With ``cubeful`` each side, before rolling, doubles when the cube
model (:func:`engine.ai.cube.cube_decision_from_probs` on the 0-ply
probabilities) says so and the other side takes or passes by the same model;
otherwise the cube stays where it started.  A truncated trial (``truncate``
plies) ends with the evaluator's estimate of the position: cubeful (Janowski,
as the cube model prices it) or cubeless.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from engine.ai.cube import cube_decision_from_probs, cube_efficiency, match_cubeful, money_cubeful
from engine.ai.encoding import ROLLS
from engine.ai.evaluator import Probs, evaluate_sides, flip
from engine.ai.met import equity_after
from engine.ai.player import choose_play, rank_plays
from engine.cube import MAX_CUBE, CubeState
from engine.movegen import legal_plays
from engine.names import ROLLOUT_PLAYERS
from engine.position import Position
from engine.scoring import win_type

FAST = "fast"
"""The rollout's default player: King Tubby's 0-ply screen without its look-ahead,
no noise (the same play every time in the same position and roll)."""

PLAYERS = ROLLOUT_PLAYERS
assert PLAYERS[0] == FAST

STRATIFIED_PLIES = 2
LUCK_CACHE = 20000
"""Positions whose 21-roll table is kept; the cache is emptied when full (results
never depend on it, only the time does)."""

Rolls = dict[tuple[int, int], tuple[Position, float]]
"""Each roll's best play: its result and value to the root."""

Values = tuple[float, float, float, float, float, float]
"""What the mover's single win, gammon, backgammon, single loss, gammon loss and
backgammon loss are worth to the root side, in the rollout's units."""


@dataclass(frozen=True, slots=True)
class Start:
    """Where a trial starts: ``position`` seen by the side on roll, which is the
    root side (``mover`` 0) or its opponent (1); the cube's ``value`` and
    ``owner`` (None, 0 root, 1 opponent); ``skip_cube`` when the side on roll
    has already decided not to double this turn."""

    position: Position
    mover: int
    value: int
    owner: int | None
    skip_cube: bool = False


@dataclass(frozen=True, slots=True)
class TrialOptions:
    """How trials are played (see the module's docstring)."""

    seed: int = 1
    truncate: int = 0
    player: str = FAST
    luck: bool = False
    stratify: bool = True
    cubeful: bool = True


class Table:
    """A rollout's fixed context (the root's score and the cube's starting value)
    and its caches; one per rollout and worker."""

    def __init__(self, root: CubeState, options: TrialOptions) -> None:
        self.root = root
        self.options = options
        self.unit = root.value
        self._values: dict[tuple[int, int, int | None], Values] = {}
        self._rolls: dict[tuple[object, ...], tuple[Rolls, float]] = {}
        self.perms = tuple(_permutation(options.seed, k) for k in range(STRATIFIED_PLIES))

    def values(self, mover: int, value: int, owner: int | None) -> Values:
        key = (mover, value, owner)
        vals = self._values.get(key)
        if vals is None:
            vals = self._make_values(mover, value, owner)
            self._values[key] = vals
        return vals

    def _make_values(self, mover: int, value: int, owner: int | None) -> Values:
        r = self.root
        if r.is_match:
            a, b, c = r.my_away, r.opp_away, r.crawford
            win = tuple(equity_after(a, b, c, k * value, 0) for k in (1, 2, 3))
            lose = tuple(equity_after(a, b, c, 0, k * value) for k in (1, 2, 3))
        else:
            # The Jacoby rule waits for the cube to be turned, which a cubeless
            # rollout never does: there gammons count, as in gnubg's cubeless
            # equities (else play stops caring about them and gammons run wild).
            gammons = not (self.options.cubeful and r.jacoby and owner is None)
            pts = tuple(value * (k if gammons else 1) / self.unit for k in (1, 2, 3))
            win = pts
            lose = tuple(-p for p in pts)
        if mover == 1:
            win, lose = lose, win
        return win[0], win[1], win[2], lose[0], lose[1], lose[2]

    def cube_state(self, mover: int, value: int, owner: int | None) -> CubeState:
        """The cube and score seen by ``mover``."""
        r = self.root if mover == 0 else self.root.swap()
        mine = None if owner is None else (0 if owner == mover else 1)
        return CubeState(value, mine, r.jacoby, r.match_length, r.my_away, r.opp_away, r.crawford)

    def rolls(self, position: Position, vals: Values, sign: float) -> tuple[Rolls, float]:
        """For each roll the mover's best 0-ply play (its result and value), and the
        average value over the 36 rolls."""
        key = (position.me, position.opp, vals)
        hit = self._rolls.get(key)
        if hit is not None:
            return hit
        best: Rolls = {}
        mean = 0.0
        for a, b, w in ROLLS:
            best[(a, b)] = result = best_play(position, (a, b), vals, sign)
            mean += w * result[1] / 36.0
        if len(self._rolls) >= LUCK_CACHE:
            self._rolls.clear()
        self._rolls[key] = (best, mean)
        return best, mean


def _permutation(seed: int, ply: int) -> tuple[int, ...]:
    order = list(range(36))
    random.Random(f"rollout-dice/{seed}/{ply}").shuffle(order)
    return tuple(order)


def value_of(p: Sequence[float], v: Values) -> float:
    """The root's value of the mover's outcome probabilities ``p``."""
    w, wg, wbg, lg, lbg = p[0], p[1], p[2], p[3], p[4]
    lose = 1.0 - w
    return (
        (w - wg) * v[0]
        + (wg - wbg) * v[1]
        + wbg * v[2]
        + (lose - lg) * v[3]
        + (lg - lbg) * v[4]
        + lbg * v[5]
    )


def best_play(
    position: Position, dice: tuple[int, int], vals: Values, sign: float
) -> tuple[Position, float]:
    """The mover's best play by 0-ply value: its result (the opponent on roll) and
    its value to the root.  The first of equal plays wins, so it is deterministic.
    The networks judge races here too (a trial plays thousands of turns; see
    :func:`engine.ai.evaluator.evaluate_sides`)."""
    best: Position | None = None
    best_score = -1e9
    best_value = 0.0
    for play in legal_plays(position, dice):
        r = play.result
        v = value_of(flip(evaluate_sides(r.me, r.opp, worked_out=False)), vals)
        if sign * v > best_score:
            best_score, best_value, best = sign * v, v, r
    if best is None:  # no legal play: the position passes to the opponent as it is
        s = position.swap()
        return s, value_of(flip(evaluate_sides(s.me, s.opp, worked_out=False)), vals)
    return best, best_value


def _dice(table: Table, index: int, ply: int, rng: random.Random) -> tuple[int, int]:
    if table.options.stratify and ply < STRATIFIED_PLIES:
        j = table.perms[ply][(index // 36**ply) % 36]
    else:
        j = rng.randrange(36)
    a, b = j // 6 + 1, j % 6 + 1
    return (a, b) if a >= b else (b, a)  # one order for a roll: the same plays, the same ties


@dataclass(frozen=True, slots=True)
class TrialResult:
    """What a trial was worth to the root (``value`` luck-corrected, ``raw`` as
    played) and its outcome probabilities seen by the root."""

    value: float
    raw: float
    probs: Probs


def play_trial(table: Table, start: Start, index: int) -> TrialResult:
    """Play trial ``index`` from ``start``."""
    opts = table.options
    rng = random.Random(f"rollout/{opts.seed}/{index}")
    noise = random.Random(f"rollout-noise/{opts.seed}/{index}")
    pos, mover, value, owner = start.position, start.mover, start.value, start.owner
    luck = 0.0
    ply = 0
    while True:
        vals = table.values(mover, value, owner)
        if opts.truncate and ply >= opts.truncate:
            return _estimate(table, pos, mover, value, owner, luck)
        may = owner is None or owner == mover
        if opts.cubeful and may and value < MAX_CUBE and not (ply == 0 and start.skip_cube):
            st = table.cube_state(mover, value, owner)
            probs = evaluate_sides(pos.me, pos.opp)
            d = cube_decision_from_probs(probs, st, cube_efficiency(pos))
            if d.should_double:
                if not d.should_take:
                    raw = vals[0]  # the mover wins the cube's value before the double
                    won: Probs = (1.0, 0.0, 0.0, 0.0, 0.0)
                    return TrialResult(raw - luck, raw, won if mover == 0 else flip(won))
                value, owner = 2 * value, 1 - mover
                vals = table.values(mover, value, owner)
        sign = 1.0 if mover == 0 else -1.0
        dice = _dice(table, index, ply, rng)
        if opts.luck:
            best, mean = table.rolls(pos, vals, sign)
            after, v = best[dice]
            luck += v - mean
        elif opts.player == FAST:
            after = best_play(pos, dice, vals, sign)[0]
        if opts.player != FAST:
            after = _policy_play(table, pos, dice, mover, value, owner, noise)
        ply += 1
        if after.opp[0] == 15:  # the mover has borne off its last checker
            kind = win_type(after.swap())
            raw = vals[kind - 1]
            g, bg = float(kind >= 2), float(kind >= 3)
            mine = (1.0, g, bg, 0.0, 0.0)
            return TrialResult(raw - luck, raw, mine if mover == 0 else flip(mine))
        pos, mover = after, 1 - mover


def _policy_play(
    table: Table,
    pos: Position,
    dice: tuple[int, int],
    mover: int,
    value: int,
    owner: int | None,
    noise: random.Random,
) -> Position:
    st = table.cube_state(mover, value, owner)
    level = table.options.player
    if level == "hard":
        return rank_plays(pos, dice, "hard", st)[0].play.result
    return choose_play(pos, dice, level, noise, st).result


def _estimate(
    table: Table, pos: Position, mover: int, value: int, owner: int | None, luck: float
) -> TrialResult:
    """The evaluator's value of an unfinished trial, for the root."""
    probs = evaluate_sides(pos.me, pos.opp)
    vals = table.values(mover, value, owner)
    if not table.options.cubeful:
        raw = value_of(probs, vals)
    else:
        st = table.cube_state(mover, value, owner)
        access = "centre" if st.owner is None else ("mine" if st.owner == 0 else "theirs")
        x = cube_efficiency(pos)
        if st.is_match:
            mwc = match_cubeful(probs, st, value, access, x)
            raw = mwc if mover == 0 else 1.0 - mwc
        else:
            eq = money_cubeful(probs, access, st.jacoby, x) * value / table.unit
            raw = eq if mover == 0 else -eq
    return TrialResult(raw - luck, raw, probs if mover == 0 else flip(probs))
