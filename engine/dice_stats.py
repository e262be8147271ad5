"""Checking the dice: each side's rolls, read off a record, against fair dice.

A tally is nine counts, :data:`ROLLS`, :data:`DOUBLES`, :data:`BY_HAND` and
then how often each face came up, 1 to 6; tallies of two sides are one list of
eighteen, as stored.  Only the rolls of a turn count: the opening roll is one
die each, never a double.  Dice typed in from real dice (``by_hand`` in the
record) are counted apart and nowhere else: they say nothing about ours.

Two tests, each the chance that fair dice look at least this odd: Pearson's
chi-square over the six faces (:func:`faces_tail`) and the exact binomial tail of
the doubles, on the side the count fell (:func:`doubles_tail`).

>>> from engine.match import Match
>>> m = Match.new(5).roll((3, 1)).play("8/5 6/5").roll((6, 6)).play("24/18(2) 13/7(2)")
>>> tally(m.record.games, 1)  # player 1's 66 first, then player 0's no rolls
[1, 1, 0, 0, 0, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0]
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence

from engine.record import GameRecord, Roll

ROLLS, DOUBLES, BY_HAND = 0, 1, 2
JUDGED_FROM = 15
"""Rolls a side must have made before its dice are judged: thirty dice, five
expected of each face, the usual floor for the chi-square test to be trusted."""


def tally(games: Iterable[GameRecord], first: int = 0) -> list[int]:
    """Both sides' tallies over ``games``, player ``first``'s first.

    >>> from engine.record import Roll
    >>> g = GameRecord(0, (0, 0), False, (Roll(0, (4, 4)), Roll(1, (6, 1), by_hand=True)))
    >>> tally([g])
    [1, 1, 0, 0, 0, 0, 2, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0]
    """
    counts = [0] * 18
    for game in games:
        for e in game.events:
            if isinstance(e, Roll):
                side = 9 * (e.player != first)
                if e.by_hand:
                    counts[side + BY_HAND] += 1
                    continue
                a, b = e.dice
                counts[side + ROLLS] += 1
                counts[side + DOUBLES] += a == b
                counts[side + 2 + a] += 1
                counts[side + 2 + b] += 1
    return counts


def stored(raw: object) -> list[int]:
    """Two sides' tallies as storage holds them; none (zeros) for anything else
    than eighteen counts: a save from before the dice were kept, or one spoilt,
    costs the dice kept so far and nothing else.

    >>> stored([2, 1, 0, 1, 0, 0, 0, 0, 3] * 2)[:3], stored(None)[:3], stored([1, -2] * 9)[:3]
    ([2, 1, 0], [0, 0, 0], [0, 0, 0])
    """
    if isinstance(raw, list) and len(raw) == 18 and all(type(n) is int and n >= 0 for n in raw):
        return raw
    return [0] * 18


def add(raw: object, game: GameRecord, first: int) -> list[int]:
    """The tallies stored as ``raw`` (see :func:`stored`) with ``game``'s dice
    added, player ``first``'s first.

    >>> from engine.match import Match
    >>> add(None, Match.new(0).roll((3, 1)).play("8/5 6/5").roll((5, 5)).game.record, 1)[:3]
    [1, 1, 0]
    """
    return [a + b for a, b in zip(stored(raw), tally([game], first), strict=True)]


def faces_tail(faces: Sequence[float]) -> float:
    """The chance that fair dice spread their faces at least as unevenly as
    ``faces`` (six counts): Pearson's chi-square ``x``, then its survival function
    with five degrees of freedom, whose series stops for an odd number:
    ``erfc(√(x/2)) + √(2x/π)·e^(−x/2)·(1 + x/3)``.

    >>> faces_tail([5] * 6), round(faces_tail([9, 4, 6, 3, 5, 3]), 4), faces_tail([0] * 6)
    (1.0, 0.392, 1.0)
    """
    e = sum(faces) / 6
    x = sum((n - e) ** 2 for n in faces) / e if e else 0.0
    return math.erfc(math.sqrt(x / 2)) + math.sqrt(2 * x / math.pi) * math.exp(-x / 2) * (1 + x / 3)


def doubles_tail(rolls: int, doubles: int) -> float:
    """The chance that fair dice give ``doubles`` or more in ``rolls`` rolls when
    that is at least the average (a sixth), else ``doubles`` or fewer: binomial
    terms summed through logarithms, so that thousands of rolls neither overflow
    nor underflow.

    >>> round(doubles_tail(6, 3), 4), round(doubles_tail(12, 0), 4), doubles_tail(0, 0)
    (0.0623, 0.1122, 1.0)
    """
    more = 6 * doubles >= rolls
    terms = (
        math.lgamma(rolls + 1) - math.lgamma(k + 1) - math.lgamma(rolls - k + 1)
        - k * math.log(6) + (rolls - k) * math.log(5 / 6)
        for k in (range(doubles, rolls + 1) if more else range(doubles + 1))
    )  # fmt: skip
    return min(math.fsum(map(math.exp, terms)), 1.0)
