"""What the board says to screen readers: its label, each place's and the dice's.

>>> place_label("Point 6", (("your", 5), ("opponent's", 0)), "movable")
'Point 6, 5 your checkers, can move'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import MappingProxyType

# The board's own names for things, unless a theme renames them.
BAR = "bar"
OFF = "off"
MINE = "your"
THEIRS = "opponent's"
NO_CUBE = "No cube this game: the Crawford game"


def board_label(mine: int, theirs: int) -> str:
    """The board's label when the view gives none: the pip counts.

    >>> board_label(167, 167)
    'Backgammon board. Pip count: you 167, opponent 167.'
    """
    return f"Backgammon board. Pip count: you {mine}, opponent {theirs}."


def point_name(place: int) -> str:
    return f"Point {place}"


def checkers(count: int, whose: str) -> str:
    """``count`` checkers of ``whose`` (the board's word for a side)."""
    return f"{count} {whose} checker{'s' if count != 1 else ''}"


PLACE_STATES: Mapping[str, str] = MappingProxyType(
    {"selected": "selected", "target": "move here", "movable": "can move"}
)
"""What a player may do at a place, by its state on the board."""


def place_label(name: str, counts: Sequence[tuple[str, int]], state: str = "") -> str:
    """A place's label: its ``name``, the checkers on it (whose, how many; none
    left out) and what may be done there (a key of :data:`PLACE_STATES`)."""
    parts = [name, *(checkers(n, whose) for whose, n in counts if n)]
    if state:
        parts.append(PLACE_STATES[state])
    return ", ".join(parts)


def swap_dice(values: Sequence[int]) -> str:
    """The dice, as a button that swaps which die is played first.

    >>> swap_dice((6, 1))
    'Dice 6 and 1: swap which die is used first'
    """
    shown = " and ".join(str(v) for v in values)
    return f"Dice {shown}: swap which die is used first"
