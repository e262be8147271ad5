"""The doubling cube: its value and who owns it.

The cube starts centred at 1.  Only a player who owns it, or either player
while it is centred, may double; the taker then owns it at twice the value.
The cube stops at 64, as in GNU Backgammon.

>>> cube = Cube()
>>> cube.may_double(0), cube.may_double(1)
(True, True)
>>> cube = cube.taken_by(1)
>>> cube
Cube(value=2, owner=1)
>>> cube.may_double(0), cube.may_double(1)
(False, True)
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.errors import IllegalActionError

MAX_CUBE = 64


def is_cube_value(value: object) -> bool:
    """Whether ``value`` is a power of two from 1 to :data:`MAX_CUBE`.

    >>> [is_cube_value(v) for v in (1, 2, 3, 64, 128, True)]
    [True, True, False, True, False, False]
    """
    return (
        isinstance(value, int)
        and not isinstance(value, bool)
        and 1 <= value <= MAX_CUBE
        and value & (value - 1) == 0
    )


@dataclass(frozen=True, slots=True)
class Cube:
    """The cube's value (1, 2, 4 ... 64) and owner (``None`` while centred)."""

    value: int = 1
    owner: int | None = None

    def __post_init__(self) -> None:
        if not is_cube_value(self.value):
            raise ValueError(f"cube value must be a power of two up to {MAX_CUBE}: {self.value!r}")
        if self.owner not in (None, 0, 1):
            raise ValueError(f"cube owner must be None, 0 or 1: {self.owner!r}")

    @property
    def centred(self) -> bool:
        return self.owner is None

    @property
    def log2(self) -> int:
        """``log2(value)``, as Match IDs and XGIDs store it."""
        return self.value.bit_length() - 1

    def may_double(self, player: int) -> bool:
        """Whether the cube lets ``player`` double (ignoring whose turn it is)."""
        return (self.owner is None or self.owner == player) and self.value < MAX_CUBE

    def taken_by(self, player: int, factor: int = 2) -> Cube:
        """The cube after ``player`` takes a double (``factor`` 4 for a beaver)."""
        value = self.value * factor
        if value > MAX_CUBE:
            raise IllegalActionError(f"the cube cannot go above {MAX_CUBE}")
        return Cube(value, player)

    def automatic_double(self) -> Cube:
        """The cube after an automatic double (money play): doubled, still centred."""
        return Cube(self.value * 2, self.owner)
