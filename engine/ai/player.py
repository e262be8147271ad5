"""Choosing plays: the three levels and the ranked list behind hints.

* **Beach Bum** (``"easy"``): 0-ply, with Gaussian noise on each play's
  equity so that it makes human-like slips, mostly between close plays.
* **Selector** (``"medium"``): 0-ply, with a little noise (about GNU
  Backgammon's "Intermediate"): it finds the plays a decent club player
  finds, and now and then misjudges a close one.
* **King Tubby** (``"hard"``): 0-ply screen of every play, then a 1-ply
  look-ahead (the opponent's best reply to each of the 21 rolls, averaged)
  for the few best candidates.  Its cube decisions look one roll ahead too
  (:data:`CUBE_PLIES`, :func:`ply1_before_roll`); the other levels' are 0-ply.

Analysis (hints and reviews, when the player asks for it) can look one ply
deeper: ``rank_plays(..., plies=2)`` narrows the plays with move filters as
GNU Backgammon does (:data:`PLY2_FILTERS`: 0-ply to shortlist, 1-ply to
narrow, 2-ply for the last few), and :func:`ply2_before_roll` does the same
for cube decisions.  Play stays at 1-ply.

Given the match score (a :class:`engine.ai.CubeState`), every level ranks
plays by what they are worth at that score (:mod:`engine.ai.score`): at
double match point it plays to win, not for gammons.  Without one, or in a
money game, it ranks by cubeless money equity.
"""

from __future__ import annotations

import math
import random
import zlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from engine.ai import race_rolls
from engine.ai.bearoff import is_bearoff
from engine.ai.encoding import ROLLS as DICE_ROLLS
from engine.ai.evaluator import Probs, equity, evaluate_sides, flip
from engine.ai.score import MONEY, outcome_weights, score_equity
from engine.cube import CubeState
from engine.movegen import Play, legal_plays
from engine.names import AI_LEVELS
from engine.position import Position

LEVELS = AI_LEVELS
"""Level keys and the names a player sees."""

EASY_NOISE = 0.18
"""Standard deviation of Beach Bum's noise, in equity (points per game)."""

MEDIUM_NOISE = 0.03
"""Standard deviation of Selector's noise.

Without noise 0-ply is already close to GNU Backgammon's "Expert" level,
too strong for a middle level and too close to King Tubby to tell apart."""

HARD_CANDIDATES = 5
"""King Tubby looks one ply ahead on at most this many plays..."""

HARD_WINDOW = 0.16
"""...and only on those within this much 0-ply equity of the best."""

HARD_BUDGET = 2000
"""Evaluations King Tubby may spend on look-ahead beyond the first two candidates.

Counting evaluations (not time) keeps play deterministic while bounding
the slow cases (replies to doubles, positions with many plays)."""

CUBE_PLIES: dict[str, int] = {"easy": 0, "medium": 0, "hard": 1}
"""How deep each level looks for its cube decisions (``plies`` of
:func:`engine.ai.cube_decision`), and for the hints, which are King Tubby's.

At 1-ply the winning chances are those after the side on roll's best play of
each roll (:func:`ply1_before_roll`): judged by GNU Backgammon 2-ply on match
cube decisions, that cuts King Tubby's errors from 7.39 to 4.31 millipoints a
decision (``bench.ai_cube_errors``, 1,023 positions at 4 scores; gnubg 0-ply:
0.83).  One 1-ply evaluation costs about what one candidate play of its
checker play does, and its doubles pay it only when 0-ply finds the decision
close (:func:`engine.ai.should_double`'s screen, a quarter of those positions,
for the same errors)."""

ROLLS: tuple[tuple[int, int, float], ...] = tuple((a, b, w / 36.0) for a, b, w in DICE_ROLLS)

ANALYSIS_PLIES = (1, 2)
"""The depths King Tubby can rank plays at (``plies`` of :func:`rank_plays`)."""


@dataclass(frozen=True, slots=True)
class MoveFilter:
    """Which plays go on to the next ply, as GNU Backgammon's move filters:
    the best ``accept`` always, then up to ``extra`` more while they are within
    ``within`` equity of the best."""

    accept: int
    extra: int
    within: float

    def keep(self, equities: Sequence[float]) -> int:
        """How many of the plays, ``equities`` best first, go on.

        >>> MoveFilter(0, 8, 0.16).keep([0.3, 0.2, 0.1, 0.0])
        2
        >>> MoveFilter(2, 0, 0.0).keep([0.3, -0.5, -0.6])  # accepted whatever they lose
        2
        >>> MoveFilter(0, 8, 0.16).keep([])
        0
        """
        n = min(self.accept, len(equities))
        limit = min(len(equities), n + self.extra)
        while n < limit and equities[0] - equities[n] <= self.within:
            n += 1
        return n


PLY2_FILTERS = (MoveFilter(0, 8, 0.16), MoveFilter(0, 2, 0.04))
"""The filters of a 2-ply ranking: from 0-ply, up to 8 plays within 0.16
(GNU Backgammon's default for its 2-ply analysis) go on to 1-ply; from
1-ply, up to 2 within 0.04 go on to 2-ply.

GNU Backgammon takes its 8 straight to 2-ply, which its C code affords; here
a 2-ply figure costs about 20 times a 1-ply one (some 6,000 evaluations),
so the 1-ply step narrows them first, as GNU Backgammon's own 3-ply filters
do (2 within 0.04).  The plays that stop at 1-ply are ranked below with
their 1-ply figures, as GNU Backgammon ranks those its filters drop.
"""


Valuer = Callable[[Sequence[float]], float]
"""Equity of outcome probabilities for the side they belong to."""


def _valuer(cube: CubeState | None) -> Valuer:
    weights = outcome_weights(cube)
    if weights == MONEY:
        return equity  # the same arithmetic as ever: money play stays bit for bit what it was

    def value(p: Sequence[float]) -> float:
        return score_equity(p, weights)

    return value


@dataclass(frozen=True, slots=True)
class RankedPlay:
    """A legal play with the probabilities and equity it leaves the mover.

    In a match ``equity`` is normalised match equity (:mod:`engine.ai.score`).
    ``worked_out`` marks a race valued roll by roll (:mod:`engine.ai.race_rolls`),
    with ``ply`` 0: no look-ahead, yet sharper than any (a hint says so, rather
    than "0-ply" like the networks' quick figures below it).
    """

    play: Play
    probs: Probs
    equity: float
    ply: int
    loss: float = 0.0
    worked_out: bool = False


class _Cache:
    """The networks' evaluations within one decision, keyed by (me, opp).

    Races are left to the networks here, not worked out (see
    :func:`evaluate_sides`): a decision screens every play, and a look-ahead
    thousands of replies, each a different side to work out.  King Tubby
    works out the few candidates it looks at closely (:func:`rank_plays`).
    """

    __slots__ = ("table",)

    def __init__(self) -> None:
        self.table: dict[tuple[tuple[int, ...], tuple[int, ...]], Probs] = {}

    def eval(self, me: tuple[int, ...], opp: tuple[int, ...]) -> Probs:
        key = (me, opp)
        p = self.table.get(key)
        if p is None:
            p = evaluate_sides(me, opp, worked_out=False)
            self.table[key] = p
        return p


def _no_play(position: Position) -> Play:
    return Play((), position.swap(), ())


def _after(play: Play, cache: _Cache) -> Probs:
    """The mover's probabilities after ``play`` (0-ply)."""
    r = play.result
    return flip(cache.eval(r.me, r.opp))


def ply1(result: Position, cache: _Cache | None = None, value: Valuer = equity) -> Probs:
    """The mover's probabilities after a play, one ply deeper.

    ``result`` has the opponent on roll: for each of their 21 rolls they pick
    the reply that is best for them at 0-ply (the worst for the mover by
    ``value``), and the mover's probabilities after those replies are averaged.
    The replies are judged by the networks (see :class:`_Cache`).
    """
    c = cache or _Cache()
    acc = [0.0] * 5
    for a, b, w in ROLLS:
        best = _reply(result, (a, b), c, value)[1]
        for k in range(5):
            acc[k] += w * best[k]
    return acc[0], acc[1], acc[2], acc[3], acc[4]


def _reply(
    result: Position, dice: tuple[int, int], c: _Cache, value: Valuer
) -> tuple[Position, Probs]:
    """The opponent's reply to ``dice`` (on roll in ``result``) that is worst for
    the mover at 0-ply, as the position it leaves (the mover on roll) and the
    mover's probabilities there; no reply: the roll passes."""
    worst: Position | None = None
    worst_probs: Probs | None = None
    worst_eq = math.inf
    for reply in legal_plays(result, dice):
        r = reply.result  # the original mover is on roll again
        p = c.eval(r.me, r.opp)
        e = value(p)
        if e < worst_eq:
            worst_eq, worst, worst_probs = e, r, p
    if worst is None or worst_probs is None:
        s = result.swap()
        return s, c.eval(s.me, s.opp)
    return worst, worst_probs


def ply1_before_roll(position: Position, cube: CubeState | None = None) -> Probs:
    """The side on roll's probabilities before it rolls, one ply deeper.

    For each of its 21 rolls the side on roll makes its best play at 0-ply,
    as it values plays at ``cube``'s score (:mod:`engine.ai.score`), and the
    position that play leaves, the opponent on roll, is evaluated at 0-ply;
    the probabilities, seen by the side on roll, are averaged with each
    roll's chance (1/36, or 2/36 for a non-double).  This is :func:`ply1`
    with the sides exchanged: there the opponent of ``position``'s side on
    roll is the "mover", so its own valuer (``cube`` swapped) picks the
    replies that are worst for it, that is the best for the side on roll.

    The opening position's 1-ply figure is the mean of its 21 best plays':

    >>> from engine.ai.evaluator import evaluate
    >>> start = Position.start()
    >>> mean = [0.0] * 5
    >>> for a, b, w in ROLLS:
    ...     best = rank_plays(start, (a, b), "medium")[0].probs  # 0-ply, best first
    ...     mean = [m + w * q for m, q in zip(mean, best)]
    >>> p1 = ply1_before_roll(start)
    >>> max(abs(x - y) for x, y in zip(p1, mean)) < 1e-12
    True
    >>> abs(p1[0] - evaluate(start)[0]) < 0.03  # near the 0-ply figure, not the same
    True
    """
    me, opp = position.me, position.opp
    if race_rolls.covers(me, opp) and not is_bearoff(me, opp):
        # Worked out, it is as good as it gets; a look-ahead would judge the
        # replies by the networks.  (A bear-off's replies are exact anyway.)
        return evaluate_sides(me, opp)
    value = _valuer(cube.swap() if cube is not None else None)
    return flip(ply1(position, None, value))


def _ply1_on_roll(position: Position, cache: _Cache, value: Valuer) -> Probs:
    """The probabilities of ``position``'s side on roll, valued by ``value``,
    after its best 0-ply play of each of its 21 rolls (judged at 0-ply)."""
    acc = [0.0] * 5
    for a, b, w in ROLLS:
        best: Probs | None = None
        best_eq = -math.inf
        for play in legal_plays(position, (a, b)):
            r = play.result
            p = flip(cache.eval(r.me, r.opp))
            e = value(p)
            if e > best_eq:
                best_eq = e
                best = p
        if best is None:
            s = position.swap()
            best = flip(cache.eval(s.me, s.opp))
        for k in range(5):
            acc[k] += w * best[k]
    return acc[0], acc[1], acc[2], acc[3], acc[4]


def ply2(result: Position, cache: _Cache | None = None, value: Valuer = equity) -> Probs:
    """The mover's probabilities after a play, two plies deeper.

    As :func:`ply1`, the opponent (on roll in ``result``) makes the reply to
    each of its 21 rolls that is worst for the mover at 0-ply; the position
    each reply leaves is then judged one ply deeper, the mover's best 0-ply
    play of each of its rolls averaged, as GNU Backgammon's 2-ply does.

    >>> start = Position.start()
    >>> after = next(p for p in legal_plays(start, (3, 1)) if str(p) == "8/5 6/5").result
    >>> w1, w2 = ply1(after)[0], ply2(after)[0]
    >>> 0.45 < w2 < 0.65 and abs(w2 - w1) < 0.05
    True
    """
    c = cache or _Cache()
    acc = [0.0] * 5
    for a, b, w in ROLLS:
        p = _ply1_on_roll(_reply(result, (a, b), c, value)[0], c, value)
        for k in range(5):
            acc[k] += w * p[k]
    return acc[0], acc[1], acc[2], acc[3], acc[4]


def ply2_before_roll(position: Position, cube: CubeState | None = None) -> Probs:
    """The side on roll's probabilities before it rolls, two plies deeper.

    For each of its 21 rolls the side on roll makes its best play at 0-ply
    (valued at ``cube``'s score), and the position that play leaves is
    judged at 1-ply (:func:`ply1`); the figures are averaged with each roll's
    chance.  Races that :mod:`engine.ai.race_rolls` works out are worked out,
    as in :func:`ply1_before_roll`.

    >>> p2 = ply2_before_roll(Position.start())
    >>> abs(p2[0] - ply1_before_roll(Position.start())[0]) < 0.03
    True
    """
    me, opp = position.me, position.opp
    if race_rolls.covers(me, opp) and not is_bearoff(me, opp):
        return evaluate_sides(me, opp)
    value = _valuer(cube)
    cache = _Cache()
    acc = [0.0] * 5
    for a, b, w in ROLLS:
        best = _no_play(position)
        best_eq = -math.inf
        for play in legal_plays(position, (a, b)):
            e = value(_after(play, cache))
            if e > best_eq:
                best_eq = e
                best = play
        p = ply1(best.result, cache, value)
        for k in range(5):
            acc[k] += w * p[k]
    return acc[0], acc[1], acc[2], acc[3], acc[4]


def rank_plays(
    position: Position,
    dice: tuple[int, int],
    level: str = "hard",
    cube: CubeState | None = None,
    plies: int = 1,
    also: Position | None = None,
) -> list[RankedPlay]:
    """Every legal play, best first, with its equity and its loss against the best.

    With ``level="hard"`` the top candidates are re-evaluated one ply deeper
    (``ply=1``), or worked out where they leave a race
    :mod:`engine.ai.race_rolls` covers (``worked_out``), and ranked above the
    others, as King Tubby would play them; other levels rank by the plain
    0-ply evaluation of the networks.  An unplayable roll
    gives a single empty play.  ``cube`` gives the match score, seen by the
    side on roll (see :mod:`engine.ai.score`); without it plays are ranked
    for money.

    ``plies=2`` (King Tubby only: analysis, never play) narrows the plays
    with :data:`PLY2_FILTERS` and ranks the last few at 2-ply (``ply=2``),
    above those that stopped at 1-ply, above those that stopped at 0-ply.
    ``also``, the board a play leaves (its :attr:`Play.result`), is carried
    to the deepest ply whatever the filters or King Tubby's 1-ply screen say,
    as GNU Backgammon's analysis does with the play made: its loss then
    compares like with like.

    >>> ranked = rank_plays(Position.start(), (3, 1), plies=2)
    >>> str(ranked[0].play), ranked[0].ply
    ('8/5 6/5', 2)
    """
    _check_level(level)
    if plies not in ANALYSIS_PLIES:
        raise ValueError(f"plies must be one of {ANALYSIS_PLIES}, got {plies!r}")
    value = _valuer(cube)
    plays = legal_plays(position, dice)
    if not plays:
        p = flip(evaluate_sides(position.opp, position.me))
        return [RankedPlay(_no_play(position), p, value(p), 0)]
    cache = _Cache()
    ranked = [RankedPlay(pl, pr, value(pr), 0) for pl in plays for pr in (_after(pl, cache),)]
    ranked.sort(key=lambda r: -r.equity)
    if level == "hard" and len(ranked) > 1 and plies == 2:
        ranked = _ranked_ply2(ranked, cache, value, also)
    elif level == "hard" and len(ranked) > 1:
        top = ranked[0].equity
        deep: list[RankedPlay] = []
        start = len(cache.table)
        for r in ranked[:HARD_CANDIDATES]:
            if top - r.equity > HARD_WINDOW:
                break
            result = r.play.result
            if race_rolls.covers(result.me, result.opp):
                # A race worked out is as good as a look-ahead could make it.
                p = flip(evaluate_sides(result.me, result.opp))
                deep.append(RankedPlay(r.play, p, value(p), 0, worked_out=True))
                continue
            if len(deep) >= 2:
                spent = len(cache.table) - start
                if spent + spent / len(deep) > HARD_BUDGET:
                    break
            p = ply1(result, cache, value)
            deep.append(RankedPlay(r.play, p, value(p), 1))
        if deep and also is not None and all(r.play.result != also for r in deep):
            # The play made, left out by the screen, is judged at the same depth
            # as the best: a 0-ply figure against a 1-ply one is no loss
            played = next((r for r in ranked if r.play.result == also), None)
            if played is not None:
                deep.append(_deeper(played, cache, value, 1))
        # A lone 1-ply figure (the others more than HARD_WINDOW behind) is kept, as
        # GNU Backgammon's move filters keep theirs: the best stays first, the list
        # says where it turns shallower, and a hint at 1-ply is not all 0-ply.
        deep.sort(key=lambda r: -r.equity)
        looked = {id(r.play) for r in deep}
        ranked = deep + [r for r in ranked if id(r.play) not in looked]
    best = ranked[0].equity
    return [
        RankedPlay(r.play, r.probs, r.equity, r.ply, max(0.0, best - r.equity), r.worked_out)
        for r in ranked
    ]


def _deeper(r: RankedPlay, cache: _Cache, value: Valuer, ply: int) -> RankedPlay:
    """``r`` judged at ``ply`` (1 or 2), or worked out where it leaves a race
    :mod:`engine.ai.race_rolls` covers (no look-ahead would improve on that)."""
    if r.worked_out:
        return r
    result = r.play.result
    if race_rolls.covers(result.me, result.opp):
        p = flip(evaluate_sides(result.me, result.opp))
        return RankedPlay(r.play, p, value(p), 0, worked_out=True)
    p = (ply1 if ply == 1 else ply2)(result, cache, value)
    return RankedPlay(r.play, p, value(p), ply)


def _ranked_ply2(
    ranked: list[RankedPlay], cache: _Cache, value: Valuer, also: Position | None
) -> list[RankedPlay]:
    """The plays ranked at 0-ply, best first, narrowed by :data:`PLY2_FILTERS`
    and the survivors of each step judged one ply deeper: the deepest first."""
    levels: list[list[RankedPlay]] = []
    current = ranked
    for ply, pick in enumerate(PLY2_FILTERS, start=1):
        n = pick.keep([r.equity for r in current])
        going = current[:n] + [r for r in current[n:] if r.play.result == also]
        levels.append([r for r in current if r not in going])  # they stop here
        current = sorted((_deeper(r, cache, value, ply) for r in going), key=lambda r: -r.equity)
    return current + [r for level in reversed(levels) for r in level]


def _check_level(level: str) -> None:
    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r}; expected one of {sorted(LEVELS)}")


def _seeded(position: Position, dice: tuple[int, int]) -> random.Random:
    key = f"{position.id}:{min(dice)}{max(dice)}".encode()
    return random.Random(zlib.crc32(key))


def choose_play(
    position: Position,
    dice: tuple[int, int],
    level: str = "hard",
    rng: random.Random | None = None,
    cube: CubeState | None = None,
) -> Play:
    """The play the AI of ``level`` ("easy", "medium" or "hard") makes.

    Deterministic: the noise of Beach Bum and Selector comes from ``rng``, or when none is
    given from a generator seeded by the position and the roll.  An
    unplayable roll returns an empty :class:`Play` whose result is the
    position handed to the opponent.  ``cube`` gives the match score (see
    :func:`rank_plays`).

    >>> str(choose_play(Position.start(), (3, 1), "medium"))
    '8/5 6/5'
    """
    _check_level(level)
    if level == "hard":
        return rank_plays(position, dice, "hard", cube)[0].play
    plays = legal_plays(position, dice)
    if not plays:
        return _no_play(position)
    if len(plays) == 1:
        return plays[0]
    cache = _Cache()
    noise = EASY_NOISE if level == "easy" else MEDIUM_NOISE
    if rng is None:
        rng = _seeded(position, dice)
    value = _valuer(cube)
    best = plays[0]
    best_eq = -9.0
    for pl in plays:
        e = value(_after(pl, cache))
        if noise:
            e += rng.gauss(0.0, noise)
        if e > best_eq:
            best_eq = e
            best = pl
    return best
