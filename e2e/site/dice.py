"""Dice set in advance, for tests: a queue of faces in front of the game's
random source.  The unit tests' rigs use it, and the test build's page
(:mod:`e2e.site.hooks`) to take dice from its URL; the published build does not
ship it.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable

from engine.dice import RandomSource, check_die


class QueuedDice:
    """Faces from the queue first, then from ``fallback``.

    >>> import random
    >>> dice = QueuedDice(random.Random(1), [6, 5])
    >>> dice.randint(1, 6), dice.randint(1, 6)
    (6, 5)
    >>> dice.push([3]); dice.randint(1, 6)
    3
    """

    __slots__ = ("_fallback", "_queue")

    def __init__(self, fallback: RandomSource, faces: Iterable[int] = ()) -> None:
        self._fallback = fallback
        self._queue: deque[int] = deque(check_die(f) for f in faces)

    def push(self, faces: Iterable[int]) -> None:
        self._queue.extend(check_die(f) for f in faces)

    @property
    def queued(self) -> int:
        return len(self._queue)

    def randint(self, a: int, b: int) -> int:
        if self._queue:
            return self._queue.popleft()
        return self._fallback.randint(a, b)


def parse_faces(text: str) -> list[int]:
    """``"6,5 3-1"`` -> ``[6, 5, 3, 1]``; anything that is not a die is skipped.

    >>> parse_faces("6,5 3-1 x 9 ٣")
    [6, 5, 3, 1]
    """
    faces = []
    for token in text.replace(",", " ").replace("-", " ").split():
        if token in ("1", "2", "3", "4", "5", "6"):
            faces.append(int(token))
    return faces
