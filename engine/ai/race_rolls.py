"""Races a few rolls from the bear-off: each side's roll distribution, worked out.

Once contact is over the two sides no longer meet: how many rolls a side needs
to bear off depends on its own checkers and its own dice.  The one-sided
bear-off database (:mod:`engine.ai.bearoff`) holds that distribution for every
side with all checkers home.  For a side with a few pips still outside, this
module works it out one roll at a time: for each of the 21 rolls it makes the
play that leaves the fewest rolls expected, until every checker is home and the
database answers.  Only plays that spend no die inside the home board while a
checker is still outside are compared (any outside checker could use it): that
keeps the work small, and costs little (on 3,000 rolls of random such sides,
one in nine had a better play among the others, by 0.13 rolls at most).

Two distributions then give the chances exactly as in a bear-off
(:func:`engine.ai.bearoff.race_probs`), with the approximation the one-sided
database already makes there: each side plays for its own fewest rolls, not
for the other side's count.

This is where the networks were weakest in races (a straggler or two against a
bear-off, a few rolls from the end: most of their race error on the
benchmark's positions), and it costs no shipped bytes.  The work grows quickly
with what is outside, so only sides with at most :data:`CAP` pips and
:data:`CHECKERS_CAP` checkers there are worked out (:func:`covers`); the rest
go to the networks.

Every distribution worked out is kept (each table up to a limit), so a game's
later turns find most of theirs known.  Searches ask for few of them: they
screen plays with the networks and work out only what they look at closely
(:func:`engine.ai.player.rank_plays`).

>>> from engine.ai.bearoff import BearoffDB, database
>>> database() is not None  # the package ships the database's file
True
>>> lone_seven = (14,) + (0,) * 6 + (1,) + (0,) * 18  # one checker left, on the 7-point
>>> dist = off_all(lone_seven)
>>> round(dist[1] * 36)  # rolls that bear it off at once: 6-1 .. 6-6, 5-2 .. 4-3, 2-2
23
>>> round(sum(dist), 12)
1.0
"""

from __future__ import annotations

import operator
from array import array
from collections.abc import Callable, Sequence

from engine.ai.bearoff import BearoffDB, database
from engine.movegen import legal_plays
from engine.position import Position

Probs = tuple[float, float, float, float, float]

CAP = 16
"""The most pips outside its home board a side may have to be worked out here."""

CHECKERS_CAP = 3
"""The most checkers outside its home board a side may have to be worked out here.

The work grows with both (and the networks are good where they are large).
On 3,000 races of each of ``bench.ai_accuracy``'s sets (``--classes race``),
win-probability error against GNU Backgammon 2-ply, and the time to work out
one position with nothing known yet (CPython, the slowest of them, another
benchmark running beside):

=====================  ===========  ============  ========
outside, at most       strong play  random moves  slowest
=====================  ===========  ============  ========
(networks only)        0.0034       0.0027
12 pips                0.0014       0.0009        6.6 s
12 pips, 3 checkers    0.0015       0.0009        0.35 s
16 pips, 3 checkers    0.0012       0.0007        0.66 s
20 pips, 2 checkers    0.0015       0.0009        0.13 s
=====================  ===========  ============  ========

A side with a checker in the other's home board is left to the networks too:
there a backgammon is still possible, which the distributions do not count.
"""

_ROLLS = tuple(((a, b), (1.0 if a == b else 2.0) / 36.0) for a in range(1, 7) for b in range(a, 7))
_NOBODY = (15,) + (0,) * 25  # an opponent with every checker off is never in the way
_OUTSIDE = range(1, 20)  # pips from points 7 .. 25 (the bar) to the 6-point
_LIMIT = 20_000  # distributions each table may hold before it is emptied (about 10 MB)


class _Dist:
    """A distribution of the number of rolls, and its mean.

    Held in an array of doubles: a session's tables hold tens of thousands.
    """

    __slots__ = ("probs", "mean")

    def __init__(self, probs: Sequence[float]) -> None:
        self.probs = array("d", probs)
        self.mean = sum(n * q for n, q in enumerate(self.probs))

    def tail(self) -> list[float]:
        """``tail[n]`` = P(rolls >= n), for n = 0 .. len(probs)."""
        tail = [0.0] * (len(self.probs) + 1)
        for n in range(len(self.probs) - 1, -1, -1):
            tail[n] = tail[n + 1] + self.probs[n]
        return tail


def _at_least(tail: list[float], n: int) -> float:
    return tail[n] if n < len(tail) else 0.0


_DONE = _Dist((1.0,))
_all: dict[tuple[int, ...], _Dist] = {}
_first: dict[tuple[int, ...], _Dist] = {}
# The plays of each (side, roll), for one call of race_probs: its two
# distributions of a side (all off, first off) need the same ones.  Too many
# to keep longer.
_plays: dict[tuple[tuple[int, ...], tuple[int, int]], list[tuple[int, ...]]] = {}
_moves: dict[tuple[tuple[int, ...], tuple[int, int]], list[tuple[int, ...]]] = {}


def outside_pips(side: Sequence[int]) -> int:
    """Pips a side still has to move before all its checkers are home.

    >>> outside_pips(Position.start().me)  # two on the 24-point, five on the 13, three on the 8
    77
    """
    return sum(map(operator.mul, side[7:26], _OUTSIDE))


def _home(side: tuple[int, ...]) -> bool:
    return not any(side[7:26])


def _candidates(side: tuple[int, ...], dice: tuple[int, int]) -> list[tuple[int, ...]]:
    """The sides a roll can leave, without the plays that waste pips.

    While a checker is outside, a die spent inside the home board is wasted
    (any outside checker could use it to come nearer home): only plays that
    move outside checkers until none is left are compared.
    """
    key = (side, dice)
    found = _plays.get(key)
    if found is None:
        if _pips(dice) < outside_pips(side):
            # Some checker stays outside whatever is played, so every die goes
            # to an outside checker and the home board only receives.  What the
            # outside checkers can do is the same for every home board, so it
            # is worked out once.
            found = [_joined(side, moved) for moved in _outside_moves(side[7:], dice)]
        else:
            found = _homeward(side, dice)
        _plays[key] = found
    return found


def _pips(dice: tuple[int, int]) -> int:
    a, b = dice
    return 4 * a if a == b else a + b


def _homeward(side: tuple[int, ...], dice: tuple[int, int]) -> list[tuple[int, ...]]:
    """The sides left by the plays that move no checker inside while one is outside."""
    plays = legal_plays(Position._trusted(side, _NOBODY), dice)
    if not plays:
        return [side]
    out = []
    checkers_out = sum(side[7:])
    for play in plays:
        outside = checkers_out
        for start, end in play.moves:
            if start <= 6 and outside:
                break  # a die spent inside while a checker is still outside
            if start > 6 >= end:
                outside -= 1
        else:
            out.append(play.result.opp)
    return out or [p.result.opp for p in plays]


def _outside_moves(outside: tuple[int, ...], dice: tuple[int, int]) -> list[tuple[int, ...]]:
    """:func:`_homeward` for the outside checkers alone (points 7 to 25)."""
    key = (outside, dice)
    found = _moves.get(key)
    if found is None:
        alone = (15 - sum(outside), 0, 0, 0, 0, 0, 0, *outside)
        found = _homeward(alone, dice)
        if len(_moves) >= _LIMIT:
            _moves.clear()
        _moves[key] = found
    return found


def _joined(side: tuple[int, ...], moved: tuple[int, ...]) -> tuple[int, ...]:
    """``side``'s home board and borne-off checkers, its outside checkers as ``moved`` left them."""
    return (side[0], *map(operator.add, side[1:7], moved[1:7]), *moved[7:])


def _worked_out(
    side: tuple[int, ...],
    table: dict[tuple[int, ...], _Dist],
    rest: Callable[[tuple[int, ...]], _Dist],
) -> _Dist:
    """One roll more than the best each of the 21 rolls leaves (``rest`` of the sides left)."""
    found = table.get(side)
    if found is not None:
        return found
    acc: list[float] = [0.0]
    for dice, weight in _ROLLS:
        best = min((rest(r) for r in _candidates(side, dice)), key=lambda d: d.mean)
        if len(best.probs) + 1 > len(acc):
            acc.extend([0.0] * (len(best.probs) + 1 - len(acc)))
        for n, q in enumerate(best.probs):
            acc[n + 1] += weight * q
    found = _Dist(acc)
    if len(table) >= _LIMIT:
        table.clear()
    table[side] = found
    return found


def off_all(side: Sequence[int]) -> tuple[float, ...]:
    """P(the side needs exactly n rolls to bear off every checker), for n = 0, 1, ...

    The side must be racing (nothing of the opponent's ahead of it) and the
    bear-off database loaded.
    """
    try:
        return tuple(_off_all(tuple(side)).probs)
    finally:
        _plays.clear()


def _off_all(side: tuple[int, ...]) -> _Dist:
    if side[0] == 15:
        return _DONE
    return _looked_up_or_worked_out(side, _all, _off_all, BearoffDB.off_all)


def _first_off(side: tuple[int, ...]) -> _Dist:
    """Rolls until the first checker is off, playing for that (for gammons)."""
    if side[0] > 0:
        return _DONE
    return _looked_up_or_worked_out(side, _first, _first_off, BearoffDB.first_off)


def _looked_up_or_worked_out(
    side: tuple[int, ...],
    table: dict[tuple[int, ...], _Dist],
    rest: Callable[[tuple[int, ...]], _Dist],
    column: Callable[[BearoffDB, Sequence[int]], Sequence[float]],
) -> _Dist:
    """The database's ``column`` for a side all home, else :func:`_worked_out`."""
    if not _home(side):
        return _worked_out(side, table, rest)
    found = table.get(side)
    if found is None:
        db = database()
        assert db is not None, "the bear-off database is not loaded"
        found = table[side] = _Dist(column(db, side[1:7]))
    return found


def covers(me: Sequence[int], opp: Sequence[int]) -> bool:
    """Whether :func:`race_probs` values this position (sides on roll first).

    >>> from engine.position import Position
    >>> covers(Position.start().me, Position.start().opp)
    False
    """
    return (
        database() is not None
        and outside_pips(me) <= CAP
        and outside_pips(opp) <= CAP
        and sum(me[7:]) <= CHECKERS_CAP
        and sum(opp[7:]) <= CHECKERS_CAP
        and not any(me[19:])
        and not any(opp[19:])
        and not contact(me, opp)
    )


def contact(me: Sequence[int], opp: Sequence[int]) -> bool:
    """Whether some checker still has to pass one of the other side's."""
    my_back = max((i for i in range(1, 26) if me[i]), default=0)
    their_back = max((i for i in range(1, 26) if opp[i]), default=0)
    return my_back + their_back > 25


def race_probs(me: Sequence[int], opp: Sequence[int]) -> Probs | None:
    """Cubeless probabilities for the side on roll in a race, or None.

    None where :func:`covers` says no: the bear-off database is not loaded
    yet, the sides are still in contact, or a side has too much outside.
    No backgammon is possible within the cap: every checker is past
    the opponent's home board.

    >>> me = (0,) + (3, 3, 3, 2, 2, 1) + (1,) + (0,) * 18  # a straggler on the 7-point
    >>> opp = (0,) + (2, 2, 3, 3, 2, 3) + (0,) * 19
    >>> w, wg, wbg, lg, lbg = race_probs(me, opp)
    >>> 0.0 < w < 1.0 and wg == wbg == lbg == 0.0
    True
    """
    if not covers(me, opp):
        return None
    try:
        return _race_probs(me, opp)
    finally:
        _plays.clear()


def _race_probs(me: Sequence[int], opp: Sequence[int]) -> Probs:
    mine = _off_all(tuple(me)).probs
    their_dist = _off_all(tuple(opp))
    theirs = their_dist.probs
    # I win if I finish on my n-th roll, before their n-th.
    their_tail = their_dist.tail()
    win = sum(q * _at_least(their_tail, n) for n, q in enumerate(mine) if q)
    win_g = lose_g = 0.0
    if opp[0] == 0:
        their_first = _first_off(tuple(opp)).tail()
        win_g = sum(q * _at_least(their_first, n) for n, q in enumerate(mine) if q)
    if me[0] == 0:
        my_first = _first_off(tuple(me)).tail()
        # they finish on their m-th roll, after my m-th: a gammon if I have none off yet
        lose_g = sum(q * _at_least(my_first, m + 1) for m, q in enumerate(theirs) if q)
    # As in a bear-off (bearoff.race_probs): rounding must not take a probability past 1.
    return min(win, 1.0), min(win_g, 1.0), 0.0, min(lose_g, 1.0), 0.0


def clear() -> None:
    """Forget every distribution worked out (they are kept between calls)."""
    _all.clear()
    _first.clear()
    _plays.clear()
    _moves.clear()
