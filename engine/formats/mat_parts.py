"""What a ``.mat`` file's reader and writer share: the header tags this project
writes, the asides (events the columns do not show), the notes on what a
reading repaired, and how a ``Wins N points`` line in the middle of a game is
read as a resignation.

>>> OWN_TAGS
('Jacoby', 'Beaver', 'Crawford', 'Cube', 'AutoDoubles', 'Setup', 'Aside')
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum, auto
from types import MappingProxyType

from engine.game import Game
from engine.record import (
    Abandoned,
    Conceded,
    Event,
    OpeningRoll,
    ResignAccepted,
    ResignOffered,
    ResignRejected,
)
from engine.rules import Rules
from engine.scoring import WinType

DEFAULT_NAMES = ("Player 1", "Player 2")

RULE_TAGS = ("Jacoby", "Beaver", "Crawford", "Cube", "AutoDoubles")
"""Header tags this module writes for the rules (read back by :meth:`MatFile.parse`)."""

OWN_TAGS = (*RULE_TAGS, "Setup", "Aside")
"""Every tag this module writes itself; a file's other tags are kept in ``tags``."""

_NAME = re.compile(r"^[^:\s](?:[^:\n\r]*[^:\s])?$")


@dataclass(frozen=True, slots=True)
class Aside:
    """An event the columns do not show, with where it goes: game ``game``
    (0-based) before its event number ``index``.

    >>> a = Aside(1, 4, ResignOffered(0, WinType.GAMMON))
    >>> str(a), Aside.parse(str(a)) == a
    ('2 4 resign 0 2', True)
    >>> str(Aside(0, 7, Abandoned(1))), Aside.parse("1 7 abandon 1").event
    ('1 7 abandon 1', Abandoned(player=1))
    """

    game: int
    index: int
    event: Event

    def __str__(self) -> str:
        e = self.event
        head = f"{self.game + 1} {self.index}"
        if isinstance(e, OpeningRoll):
            return f"{head} opening {e.die0}{e.die1}"
        if isinstance(e, ResignOffered | Conceded):
            return f"{head} {e.kind} {e.player} {int(e.value)}"
        if isinstance(e, ResignAccepted | ResignRejected | Abandoned):
            return f"{head} {e.kind} {e.player}"
        raise ValueError(f"{e.kind} events are written in the columns, not aside")

    @classmethod
    def parse(cls, text: str) -> Aside:
        """Read :meth:`__str__`'s text; raises ``ValueError`` if it is not one."""
        m = re.fullmatch(
            r"(\d+) (\d+) (?:opening ([1-6])([1-6])|(resign|concede) ([01]) ([123])"
            r"|(accept|reject|abandon) ([01]))",
            text.strip(),
        )
        if m is None or int(m[1]) < 1:
            raise ValueError(f"not an aside: {text!r}")
        game, index = int(m[1]) - 1, int(m[2])
        event: Event
        if m[3]:
            event = OpeningRoll(int(m[3]), int(m[4]))
        elif m[5] == "resign":
            event = ResignOffered(int(m[6]), WinType(int(m[7])))
        elif m[5]:
            event = Conceded(int(m[6]), WinType(int(m[7])))
        elif m[8] == "accept":
            event = ResignAccepted(int(m[9]))
        elif m[8] == "abandon":
            event = Abandoned(int(m[9]))
        else:
            event = ResignRejected(int(m[9]))
        return cls(game, index, event)


class NoteCode(StrEnum):
    """What reading a file repaired, by kind: a :class:`ReadNote`'s ``code``, which
    an application says in its own words with the note's ``values`` (the page's
    are ``web.words.file_repairs``), as it says a :class:`~engine.errors.FormatError`."""

    ASIDE_MISFIT = auto()  # aside: an Aside tag that does not fit its game
    FILE_NOTES = auto()  # found: what the file notes in a cell (gnubg's "Illegal play")
    WIN_BEFORE_ROLL = auto()  # name, points: a result before the first roll
    LEFT_OUT = auto()  # why, details: a cell refused (a MatFileError's code and values)
    MISSING_PLAY = auto()  # name, dice, hidden: a roll whose play is not given
    CUBE_VALUE = auto()  # name, act, value, cube: a cube written at the wrong value
    NO_LEGAL_PLAY = auto()  # name, dice, moves: moves of a roll that has no play
    ILLEGAL_PLAY = auto()  # name, moves, dice, skipped: kept as recorded
    NO_RESIGNATION = auto()  # name, points, cube, kind, worth: read as a concession
    OTHER_WINNER = auto()  # name, points, winner, worth: the board says otherwise
    OTHER_VALUE = auto()  # name, points, worth: the game was worth other points
    MATCH_OVER = auto()  # a game after the match was over
    RENUMBERED = auto()  # number, game: a game numbered out of order
    OTHER_NAMES = auto()  # names, first: a game naming other players
    BAD_SCORE = auto()  # score, read: a score that cannot start a game
    SCORE_DIFFERS = auto()  # score, results: a score the results do not give
    UNENDED_SCORED = auto()  # name, points: a game ended by the next one's score
    UNENDED = auto()  # a game that does not end, and nothing says who won it
    UNREAD = auto()  # found: text that is not a cell
    STRAY_ASIDE = auto()  # aside: an Aside tag that fits in no game
    BAD_NAMES = auto()  # names, read: names a .mat file cannot hold


@dataclass(frozen=True, slots=True)
class ReadNote:
    """What reading a file had to repair, for the player to see: where (the
    line; the game and the move as the file numbers them, 0 when none) and
    what: ``text`` in the engine's English (for developers and the command
    line), ``code`` and ``values`` for an application's own words.
    ``flagged`` marks a play kept as the file records it, which a review does
    not judge.

    >>> note = ReadNote(12, 3, 12, "Bob's 8/3 6/3 is not a legal play of 41; kept as recorded",
    ...     code=NoteCode.ILLEGAL_PLAY, values={"name": "Bob", "moves": "8/3 6/3",
    ...     "dice": (4, 1), "skipped": ()})
    >>> str(note), note.values["dice"]
    ("Game 3, move 12: Bob's 8/3 6/3 is not a legal play of 41; kept as recorded", (4, 1))
    >>> str(ReadNote(40, 0, 0, "cannot read 'xyzzy'; left out", code=NoteCode.UNREAD))
    "Line 40: cannot read 'xyzzy'; left out"
    """

    line: int
    game: int
    move: int
    text: str
    flagged: bool = False
    code: NoteCode = field(kw_only=True)
    values: Mapping[str, object] = field(default_factory=dict, kw_only=True, hash=False)

    def __post_init__(self) -> None:
        # a note is a value: its values are read-only like the rest of it
        object.__setattr__(self, "values", MappingProxyType(dict(self.values)))

    def __str__(self) -> str:
        if self.game and self.move:
            return f"Game {self.game}, move {self.move}: {self.text}"
        if self.game:
            return f"Game {self.game}: {self.text}"
        return f"Line {self.line}: {self.text}"


def rule_tags(rules: Rules, beavered: bool = False) -> list[tuple[str, str]]:
    """The tags that say where the rules differ from what a reader assumes when a
    file is silent (as gnubg's files are): Crawford in matches; no Jacoby rule,
    no automatic doubles in money play, and beavers only if one was played
    (``beavered``); the cube in use.

    >>> rule_tags(Rules(5)), rule_tags(Rules(jacoby=True)), rule_tags(Rules(3, crawford=False))
    ([], [('Jacoby', 'On')], [('Crawford', 'Off')])
    """
    tags: list[tuple[str, str]] = []
    if rules.is_money:
        if rules.jacoby:
            tags.append(("Jacoby", "On"))
        if rules.beavers and not beavered:
            tags.append(("Beaver", "On"))
        if rules.auto_doubles:
            tags.append(("AutoDoubles", str(rules.auto_doubles)))
    elif not rules.crawford:
        tags.append(("Crawford", "Off"))
    if not rules.cube:
        tags.append(("Cube", "Off"))
    return tags


def infer_resignation(game: Game, points: int) -> WinType | None:
    """The resignation a ``Wins N points`` line means in the middle of a game:
    the smallest one the player on roll may offer that scores ``points``.

    >>> from engine.match import Match
    >>> g = Match.new(5).roll((3, 1)).game
    >>> infer_resignation(g, 2), infer_resignation(g, 5)
    (<WinType.GAMMON: 2>, None)
    """
    for value in WinType:
        if game.can_resign(value) and game.resignation_points(value) == points:
            return value
    return None
