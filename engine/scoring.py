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

Under the Jacoby rule (money play), gammons count only once the cube has
been turned: :func:`gammons_count` says whether they do, and
:func:`points_for` prices any win, whether borne off or resigned:

>>> points_for(WinType.GAMMON, 2), points_for(WinType.GAMMON, 1, gammons_count(True, True))
(4, 1)
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum, IntEnum
from types import MappingProxyType
from typing import TYPE_CHECKING

from engine.cube import MAX_CUBE, is_cube_value
from engine.position import BAR, CHECKERS, OFF, Position

if TYPE_CHECKING:
    from engine.cube import CubeState


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
    ABANDONED = "abandoned"  # the loser left: it counts as resigning (Match.abandon)

    @property
    def note(self) -> str:
        """How the game ended, as a result's words end (nothing for a bear-off).

        >>> EndReason.DROPPED.note, EndReason.BORNE_OFF.note
        (' (double dropped)', '')
        """
        return _NOTES[self]


_NOTES = MappingProxyType(
    {
        EndReason.BORNE_OFF: "",
        EndReason.DROPPED: " (double dropped)",
        EndReason.RESIGNED: " (resignation)",
        EndReason.ABANDONED: " (game abandoned)",
    }
)


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
        how = self.reason.note
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


def gammons_count(jacoby: bool, cube_centred: bool) -> bool:
    """Whether a gammon or backgammon scores more than a single game.

    ``jacoby`` is whether the Jacoby rule is in force (see
    :attr:`engine.rules.Rules.jacoby_active`: money play with the cube in
    use); under it, gammons count only once the cube has been turned.

    >>> gammons_count(jacoby=True, cube_centred=True)
    False
    >>> gammons_count(jacoby=True, cube_centred=False), gammons_count(False, True)
    (True, True)
    """
    return not (jacoby and cube_centred)


def points_for(win_type: int, cube_value: int, gammons_count: bool = True) -> int:
    """The points a win of ``win_type`` (1..3) scores at ``cube_value``.

    The one rule of the engine for what a game is worth, whether it was
    borne off or resigned: the cube value times the win type, or times 1
    when gammons do not count (see :func:`gammons_count`).  A dropped double
    scores the cube before the double and is not priced here.

    >>> points_for(WinType.SINGLE, 4), points_for(WinType.BACKGAMMON, 4)
    (4, 12)
    >>> points_for(WinType.BACKGAMMON, 4, gammons_count=False)
    4
    >>> points_for(4, 1)
    Traceback (most recent call last):
    ...
    ValueError: a win type is 1 (single), 2 (gammon) or 3 (backgammon), not 4
    >>> points_for(1, 3)
    Traceback (most recent call last):
    ...
    ValueError: a cube value is a power of two from 1 to 64, not 3
    """
    if isinstance(win_type, bool) or win_type not in (1, 2, 3):
        raise ValueError(
            f"a win type is 1 (single), 2 (gammon) or 3 (backgammon), not {win_type!r}"
        )
    if not is_cube_value(cube_value):
        raise ValueError(f"a cube value is a power of two from 1 to {MAX_CUBE}, not {cube_value!r}")
    return cube_value * (int(win_type) if gammons_count else 1)


def points_for_cube_state(win_type: int, state: CubeState) -> int:
    """:func:`points_for` in a :class:`~engine.cube.CubeState` (the AI's view of the cube).

    The same rule as :meth:`engine.game.Game.resignation_points`: gammons do
    not count in money play under the Jacoby rule (``state.jacoby``) while the
    cube is centred; in a match they always count.

    >>> from engine.cube import CubeState
    >>> points_for_cube_state(WinType.GAMMON, CubeState(jacoby=True))
    1
    >>> points_for_cube_state(WinType.GAMMON, CubeState(2, owner=1, jacoby=True))
    4
    >>> points_for_cube_state(WinType.GAMMON, CubeState(jacoby=True, match_length=5,
    ...                                                 my_away=5, opp_away=5))
    2
    """
    jacoby = state.jacoby and not state.is_match
    return points_for(win_type, state.value, gammons_count(jacoby, state.owner is None))
