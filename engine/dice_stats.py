"""Checking the dice: one side's rolls, read off a record, against what fair dice give.

A :class:`DiceTally` counts a side's rolls of two dice and its doubles, and how
often each face came up, the opening roll's one die a side included (the opening
is no roll of two dice: it can never be a double).  Dice typed in from real dice
(``by_hand`` in the record) are counted apart and nowhere else: they say
nothing about this program's dice.

Two tests, each the chance that fair dice look at least this odd:

- the faces: Pearson's chi-square over the six faces, five degrees of freedom,
  whose survival function has a closed form (:func:`chi_square_tail`);
- the doubles: the exact binomial tail, on the side the count fell
  (:func:`doubles_tail`).

>>> from engine.match import Match
>>> m = Match.new(5).roll((3, 1)).play("8/5 6/5").roll((6, 6))
>>> you, them = match_dice(m.record)
>>> you.faces, them.faces, them.rolls, them.doubles
((0, 0, 1, 0, 0, 0), (1, 0, 0, 0, 0, 2), 1, 1)
>>> round(chi_square_tail(11.07), 3)   # the textbook 5% point of 5 degrees of freedom
0.05
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from engine.errors import InvalidDiceError
from engine.record import GameRecord, MatchRecord, OpeningRoll, Roll

JUDGED_FROM = 30
"""Dice a side must have thrown before its faces are judged: five expected of
each face, the usual floor for the chi-square test to be trusted."""


@dataclass(frozen=True, slots=True)
class DiceTally:
    """One side's dice.  Tallies add up with ``+``; :attr:`counts` is the flat
    form kept in storage.

    >>> t = DiceTally(2, 1, 0, (1, 0, 0, 0, 0, 3)) + DiceTally(by_hand=1)
    >>> t.counts, DiceTally.from_counts(t.counts) == t, t.dice
    ((2, 1, 1, 1, 0, 0, 0, 0, 3), True, 4)
    """

    rolls: int = 0  # rolls of two dice, not typed in
    doubles: int = 0
    by_hand: int = 0  # rolls typed in from real dice, the opening's included
    faces: tuple[int, ...] = (0,) * 6  # how often each face 1..6 came up

    @property
    def dice(self) -> int:
        """How many dice were thrown."""
        return sum(self.faces)

    @property
    def counts(self) -> tuple[int, ...]:
        """The nine counts: rolls, doubles, by hand, then the six faces."""
        return (self.rolls, self.doubles, self.by_hand, *self.faces)

    @classmethod
    def from_counts(cls, counts: Sequence[int]) -> DiceTally:
        """The tally of :attr:`counts`; raises :class:`InvalidDiceError` for
        anything else than nine counts, or more doubles than rolls.

        >>> DiceTally.from_counts([1, 2, 0, 0, 0, 0, 0, 0, 0])
        Traceback (most recent call last):
        ...
        engine.errors.InvalidDiceError: not a tally of dice: [1, 2, 0, 0, 0, 0, 0, 0, 0]
        """
        ok = len(counts) == 9 and all(
            isinstance(n, int) and not isinstance(n, bool) and n >= 0 for n in counts
        )
        if not ok or counts[1] > counts[0]:
            raise InvalidDiceError(f"not a tally of dice: {counts!r}")
        return cls(counts[0], counts[1], counts[2], tuple(counts[3:]))

    def __add__(self, other: DiceTally) -> DiceTally:
        return DiceTally.from_counts(
            [a + b for a, b in zip(self.counts, other.counts, strict=True)]
        )

    def _thrown(self, *faces: int) -> DiceTally:
        """With ``faces`` (one die, or a roll of two) added."""
        counts = list(self.counts)
        for face in faces:
            counts[2 + face] += 1
        if len(faces) == 2:
            counts[0] += 1
            counts[1] += faces[0] == faces[1]
        return DiceTally.from_counts(counts)


def game_dice(game: GameRecord) -> tuple[DiceTally, DiceTally]:
    """The dice of player 0 and player 1 in one game.

    >>> from engine.record import OpeningRoll, Roll
    >>> from engine.scoring import GameResult
    >>> g = GameRecord(0, (0, 0), False, (OpeningRoll(2, 2), OpeningRoll(5, 1, by_hand=True),
    ...                                  Roll(0, (4, 4)), Roll(1, (6, 1), by_hand=True)))
    >>> [(t.rolls, t.doubles, t.by_hand, t.faces) for t in game_dice(g)]
    [(1, 1, 1, (0, 1, 0, 2, 0, 0)), (0, 0, 2, (0, 1, 0, 0, 0, 0))]
    """
    sides = [DiceTally(), DiceTally()]
    for e in game.events:
        if isinstance(e, OpeningRoll):
            for player, die in ((0, e.die0), (1, e.die1)):
                side = sides[player]
                sides[player] = side + DiceTally(by_hand=1) if e.by_hand else side._thrown(die)
        elif isinstance(e, Roll):
            side = sides[e.player]
            sides[e.player] = side + DiceTally(by_hand=1) if e.by_hand else side._thrown(*e.dice)
    return sides[0], sides[1]


def match_dice(record: MatchRecord) -> tuple[DiceTally, DiceTally]:
    """The dice of player 0 and player 1 over every game of a match."""
    total = DiceTally(), DiceTally()
    for game in record.games:
        one = game_dice(game)
        total = total[0] + one[0], total[1] + one[1]
    return total


def chi_square(faces: Sequence[int]) -> float:
    """Pearson's chi-square of six face counts against fair dice (0 for no dice).

    >>> chi_square([5, 5, 5, 5, 5, 5]), chi_square([6, 0, 0, 0, 0, 0])
    (0.0, 30.0)
    """
    expected = sum(faces) / 6
    return sum((n - expected) ** 2 for n in faces) / expected if expected else 0.0


def chi_square_tail(x: float) -> float:
    """The chance that chi-square with five degrees of freedom is ``x`` or more.

    For an odd number of degrees of freedom the series of the regularised gamma
    function stops: with five, ``erfc(√(x/2)) + √(2x/π)·e^(−x/2)·(1 + x/3)``.

    >>> chi_square_tail(0.0), round(chi_square_tail(4.35146), 4), chi_square_tail(30.0) < 2e-5
    (1.0, 0.5, True)
    """
    if x <= 0:
        return 1.0
    return math.erfc(math.sqrt(x / 2)) + math.sqrt(2 * x / math.pi) * math.exp(-x / 2) * (1 + x / 3)


def doubles_tail(rolls: int, doubles: int) -> float:
    """The chance that fair dice give ``doubles`` or more in ``rolls`` rolls when
    that is at least the average (a sixth), else ``doubles`` or fewer: exact sums of
    binomial terms (through logarithms, so that thousands of rolls neither
    overflow nor underflow).

    >>> round(doubles_tail(6, 3), 4), round(doubles_tail(12, 0), 4), doubles_tail(0, 0)
    (0.0623, 0.1122, 1.0)
    """
    if not 0 <= doubles <= rolls:
        raise InvalidDiceError(f"{doubles} doubles in {rolls} rolls")
    more = 6 * doubles >= rolls
    total = math.fsum(
        math.exp(
            math.lgamma(rolls + 1)
            - math.lgamma(k + 1)
            - math.lgamma(rolls - k + 1)
            - k * math.log(6)
            + (rolls - k) * math.log(5 / 6)
        )
        for k in (range(doubles, rolls + 1) if more else range(doubles + 1))
    )
    return min(total, 1.0)
