"""Dice: where random rolls come from, and checking dice that were set by hand.

Any object with a ``randint(a, b)`` method is a source of dice, so both
:class:`random.Random` (seeded, reproducible) and :class:`random.SystemRandom`
(cryptographic, the default) work as they are.  :class:`ScriptedDice` replays
faces given in advance, for physical dice typed in one at a time, or tests.

>>> import random
>>> roll_dice(random.Random(7))
(3, 2)
>>> roll_dice(ScriptedDice([6, 6]))
(6, 6)
>>> check_roll((0, 3))
Traceback (most recent call last):
...
engine.errors.InvalidDiceError: dice must be 1..6, got (0, 3)
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Protocol, runtime_checkable

from engine.errors import InvalidDiceError

FACES = 6


@runtime_checkable
class RandomSource(Protocol):
    """What the engine needs from a random number generator."""

    def randint(self, a: int, b: int) -> int:
        """A uniformly random integer ``n`` with ``a <= n <= b`` (both ends included)."""
        ...


def system_random() -> RandomSource:
    """The default source: the operating system's cryptographic generator."""
    return random.SystemRandom()


def seeded_random(seed: int | str | bytes) -> random.Random:
    """A reproducible source, for tests, replays and shared puzzles.

    >>> seeded_random(1).randint(1, 6) == seeded_random(1).randint(1, 6)
    True
    """
    return random.Random(seed)


class ScriptedDice:
    """A source that returns given faces in order; for dice set by hand and tests.

    >>> dice = ScriptedDice([3, 1, 5])
    >>> dice.randint(1, 6), dice.randint(1, 6), dice.remaining
    (3, 1, 1)
    """

    __slots__ = ("_faces", "_next")

    def __init__(self, faces: Iterable[int]) -> None:
        self._faces = tuple(faces)
        for face in self._faces:
            check_die(face)
        self._next = 0

    @property
    def remaining(self) -> int:
        """How many faces are left."""
        return len(self._faces) - self._next

    def randint(self, a: int, b: int) -> int:
        if self._next >= len(self._faces):
            raise InvalidDiceError("no scripted dice left")
        face = self._faces[self._next]
        if not a <= face <= b:
            raise InvalidDiceError(f"scripted face {face} is outside {a}..{b}")
        self._next += 1
        return face

    def __repr__(self) -> str:
        return f"ScriptedDice({list(self._faces[self._next :])!r})"


def check_die(face: object) -> int:
    """Validate one die face (an ``int`` 1..6, not a ``bool``)."""
    if not isinstance(face, int) or isinstance(face, bool) or not 1 <= face <= FACES:
        raise InvalidDiceError(f"a die shows 1..6, got {face!r}")
    return face


def check_roll(dice: object) -> tuple[int, int]:
    """Validate a pair of dice and return it as a tuple, in the order given.

    >>> check_roll([5, 2])
    (5, 2)
    """
    # Any iterable will do: a UI may hand over a JavaScript array (Pyodide).
    if isinstance(dice, (str, bytes)) or not isinstance(dice, Iterable):
        raise InvalidDiceError(f"dice must be a pair of numbers, got {dice!r}")
    items: tuple[object, ...] = tuple(dice)
    if len(items) != 2:
        raise InvalidDiceError(f"dice must be a pair, got {dice!r}")
    d1, d2 = items
    for d in (d1, d2):
        if not isinstance(d, int) or isinstance(d, bool) or not 1 <= d <= FACES:
            raise InvalidDiceError(f"dice must be 1..6, got {items!r}")
    assert isinstance(d1, int) and isinstance(d2, int)
    return (d1, d2)


def roll_die(rng: RandomSource | None = None) -> int:
    """One die from ``rng`` (the system's cryptographic source by default)."""
    source = rng if rng is not None else system_random()
    return check_die(source.randint(1, FACES))


def roll_dice(rng: RandomSource | None = None) -> tuple[int, int]:
    """Two dice from ``rng``, in the order they were drawn."""
    source = rng if rng is not None else system_random()
    return (roll_die(source), roll_die(source))
