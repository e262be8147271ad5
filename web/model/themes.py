"""Themes: what things are called and how the board is dressed.

Colours live in ``style.css`` (custom properties under ``[data-theme]``);
here are the words.  Backyamon is the Rastafarian-themed skin from the
rules reference: the bar is "Babylon", bearing off reaches "Zion", wins
are "Ya Mon", "Big Ya Mon" and "MASSIVE Ya Mon", and the cube is "Turn It
Up", an amplifier dial.

>>> theme("backyamon").win_name(2)
'Big Ya Mon'
>>> theme("nonsense").key
'classic'
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


@dataclass(frozen=True, slots=True)
class Theme:
    """A theme's words for the table: the bar, bearing off, the cube, the colours, the wins."""

    key: str
    name: str
    title: str
    bar: str
    off: str
    bear_off: str  # the verb, as in "bear off" / "reach Zion"
    cube: str
    double: str  # the button that offers the cube
    take: str
    drop: str
    colour_names: tuple[str, str]  # player 0's and player 1's checkers
    win_names: tuple[str, str, str]  # single, gammon, backgammon
    cube_style: str
    offer_words: str = "{doubler} doubles to {value}"  # how a double is announced
    labels_on_board: bool = False  # write the bar's and tray's names on the board
    headline_win: bool = False  # a game's end names the kind of win first
    doubles_verb: str = "Doubles"  # the score sheet's word for a double

    def win_name(self, kind: int) -> str:
        """What a win of ``kind`` (1 single, 2 gammon, 3 backgammon) is called."""
        return self.win_names[min(max(kind, 1), 3) - 1]

    def offer_title(self, doubler: str, value: int) -> str:
        """How a double is announced: "White doubles to 2", "Gold says Turn It Up to 2!"."""
        return self.offer_words.format(doubler=doubler, value=value)


CLASSIC = Theme(
    key="classic",
    name="Classic",
    title="Backgammon",
    bar="bar",
    off="off",
    bear_off="bear off",
    cube="cube",
    double="Double",
    take="Take",
    drop="Drop",
    colour_names=("White", "Black"),
    win_names=("single game", "gammon", "backgammon"),
    cube_style="cube",
)

BACKYAMON = Theme(
    key="backyamon",
    name="Backyamon",
    title="Backyamon",
    bar="Babylon",
    off="Zion",
    bear_off="send to Zion",
    cube="Turn It Up",
    double="Turn It Up",
    take="Tek it",
    drop="Drop",
    colour_names=("Gold", "Red"),
    win_names=("Ya Mon", "Big Ya Mon", "MASSIVE Ya Mon"),
    cube_style="dial",
    offer_words="{doubler} says Turn It Up to {value}!",
    labels_on_board=True,
    headline_win=True,
    doubles_verb="Turns it up",
)

THEMES: tuple[Theme, ...] = (CLASSIC, BACKYAMON)


class Mode(StrEnum):
    """The page's colours."""

    DARK = "dark"
    LIGHT = "light"


MODES: tuple[Mode, ...] = tuple(Mode)


def theme(key: str) -> Theme:
    """The theme called ``key``, Classic for anything unknown."""
    for t in THEMES:
        if t.key == key:
            return t
    return CLASSIC
