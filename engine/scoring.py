"""How a game ends and what it is worth.

A single game is worth the cube value, a gammon (the loser has borne off no
checker) twice that, a backgammon (a gammon where the loser also still has a
checker on the bar or in the winner's home board) three times.  A dropped
double is worth the cube's value before the double.

>>> from engine.position import Position
>>> win_type(Position.from_points([0] * 23 + [-15]))  # all theirs on their ace point
<WinType.GAMMON: 2>
>>> stuck = Position.from_points([-15] + [0] * 23)  # all theirs in my home board
>>> win_type(stuck), win_type(stuck.swap())
(<WinType.BACKGAMMON: 3>, <WinType.BACKGAMMON: 3>)
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum, IntEnum

from engine.position import BAR, CHECKERS, OFF, Position


class WinType(IntEnum):
    """The kinds of win, valued as their multiplier of the cube."""

    SINGLE = 1
    GAMMON = 2
    BACKGAMMON = 3

    @property
    def label(self) -> str:
        """``'single game'``, ``'gammon'`` or ``'backgammon'``, as GNU Backgammon says."""
        return ("single game", "gammon", "backgammon")[self - 1]


class EndReason(Enum):
    """Why a game ended."""

    BORNE_OFF = "borne off"
    DROPPED = "dropped"
    RESIGNED = "resigned"


@dataclass(frozen=True, slots=True)
class GameResult:
    """The end of a game: who won, how, and the points scored.

    ``cube`` is the cube's value when the game ended (before the refused
    double, for a drop); ``points`` is what the winner scores.
    """

    winner: int
    win_type: WinType
    reason: EndReason
    cube: int
    points: int

    def __str__(self) -> str:
        unit = "point" if self.points == 1 else "points"
        how = {
            EndReason.BORNE_OFF: "",
            EndReason.DROPPED: " (double dropped)",
            EndReason.RESIGNED: " (resignation)",
        }[self.reason]
        return f"player {self.winner} wins a {self.win_type.label} and {self.points} {unit}{how}"


def win_type(final: Position) -> WinType:
    """The kind of win in a finished position (either side may have won).

    Raises ``ValueError`` if nobody has borne off all fifteen checkers.
    """
    if final.off == CHECKERS:
        loser = final.opp
    elif final.opp_off == CHECKERS:
        loser = final.me
    else:
        raise ValueError("the game is not over: nobody has borne off all checkers")
    if loser[OFF]:
        return WinType.SINGLE
    # The winner's home board is the loser's points 19..24.
    if loser[BAR] or any(loser[p] for p in range(19, 25)):
        return WinType.BACKGAMMON
    return WinType.GAMMON
