"""What the score sheet writes: each side's moves, cube actions and
resignations, and the notes across both columns (opening ties, the result).

>>> wins("You"), wins("Selector")
('You win', 'Selector wins')
"""

from __future__ import annotations

from web.words.status import YOU

PLAYERS = ("Player 1", "Player 2")
"""The players, when the sheet is not told their names."""


def wins(name: str) -> str:
    """``"You win"`` but ``"Selector wins"``."""
    return f"{name} win" if name == YOU else f"{name} wins"


def opening_tie(die0: int, die1: int) -> str:
    """An opening roll of a tie."""
    return f"Opening roll {die0}-{die1}: roll again"


def played(dice: str, notation: str, *, legal: bool = True) -> str:
    """A play (``legal``: a match file may record one that is not, shown as written).

    >>> played("6-4", "24/18 13/9", legal=False)
    '6-4: 24/18 13/9 (not legal)'
    """
    return f"{dice}: {notation}{'' if legal else ' (not legal)'}"


def cannot_move(dice: str) -> str:
    """A roll that could not be played (``dice`` "": not known)."""
    return f"{dice}: cannot move" if dice else "cannot move"


def doubles(verb: str, cube: int) -> str:
    """A double (``verb``: the theme's, "Doubles")."""
    return f"{verb} to {cube}"


def beavers(cube: int) -> str:
    return f"Beavers to {cube}"


NO_MOVES = "No moves yet."
TAKES = "Takes"
DROPS = "Drops"
ACCEPTS = "Accepts"
REJECTS = "Rejects"
LEFT = "Left the game"


def resigns(win: str) -> str:
    """A resignation offered (or conceded): ``win`` the theme's word."""
    return f"Resigns a {win}"


def result(winner: str, win: str, points: int, *, abandoned: bool) -> str:
    """The game's result, as the note after its last row.

    >>> result("Ann", "gammon", 2, abandoned=False)
    'Ann wins: gammon, 2 points'
    """
    unit = "point" if points == 1 else "points"
    text = f"{wins(winner)}: {win}, {points} {unit}"
    return text + " (game abandoned, which ends the match)" if abandoned else text
