"""What reading an imported match file repaired, in the player's words.

The engine's ``.mat`` reader (:mod:`engine.formats.mat_read`, which the
``.sgf`` and ``.xg`` readers feed) repairs what it can rather than refuse a
file, and notes each repair as a :class:`~engine.formats.mat_parts.ReadNote`:
its English for developers, a ``code`` naming the repair and the ``values``
that fill it in, with where it is (a line; a game and a move).  :func:`repair`
says it here, as :mod:`web.words.file_errors` says what is wrong with a file
the reader refuses (whose sentence a cell left out takes).  Only an import
with repairs loads this module.

>>> from engine.formats.mat_parts import NoteCode, ReadNote
>>> repair(ReadNote(9, 1, 2, "…", code=NoteCode.ILLEGAL_PLAY,
...     values={"name": "Ann", "moves": "13/4", "dice": (6, 2), "skipped": ()}))
"Game 1, move 2: Ann's 13/4 is not a legal play of 62; kept as recorded"
>>> repair(ReadNote(40, 0, 0, "…", code=NoteCode.UNREAD, values={"found": "xyzzy"}))
"Line 40: cannot read 'xyzzy'; left out"
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from types import MappingProxyType

from engine.formats.mat_parts import NoteCode, ReadNote
from web.words.file_errors import SENTENCES as DIAGNOSES
from web.words.file_errors import UNREADABLE
from web.words.refusal_sentences import SENTENCES as REFUSALS

Say = Callable[..., str]

_KINDS = ("single game", "gammon", "backgammon")  # a win's kind, as GNU Backgammon says
_CUBE_ACTS: Mapping[object, str] = MappingProxyType({"double": "doubles", "beaver": "beavers"})


def _points(points: object) -> str:
    return f"{points} point{'' if points == 1 else 's'}"


def _dice(dice: Sequence[int]) -> str:
    return f"{dice[0]}{dice[1]}"


def _score(score: Sequence[int]) -> str:
    return f"{score[0]}-{score[1]}"


def _why(why: str, details: Mapping[str, object]) -> str:
    """A cell the reader refused, said as a refused file would be (its code and values)."""
    say = DIAGNOSES.get(why) or REFUSALS.get(why)
    return UNREADABLE if say is None else say(**details)


def _illegal(
    name: object, moves: object, dice: Sequence[int], skipped: Sequence[tuple[int, int]]
) -> str:
    left = ""
    if skipped:
        gone = " ".join(f"{a}/{b}" for a, b in skipped)
        left = f" ({gone} cannot be made on the board and is left out)"
    return f"{name}'s {moves} is not a legal play of {_dice(dice)}; kept as recorded{left}"


def _missing(name: object, dice: Sequence[int], hidden: bool) -> str:
    why = "hides" if hidden else "does not give"
    return f"the file {why} {name}'s play of {_dice(dice)}; the board is kept as it was"


def _no_play(name: object, dice: Sequence[int], moves: object) -> str:
    said = f"{name}'s {_dice(dice)}: {moves}".rstrip()
    return f"{said}: {_dice(dice)} has no legal play here; left out"


def _concession(name: object, points: object, cube: object, kind: int, worth: object) -> str:
    return (
        f"{name} wins {_points(points)}, but no resignation scores that with the cube at "
        f"{cube}; read as a {_KINDS[kind - 1]} ({_points(worth)})"
    )


SENTENCES: Mapping[str, Say] = MappingProxyType(
    {
        NoteCode.ASIDE_MISFIT: lambda aside: f"the aside {aside} does not fit the game; left out",
        NoteCode.FILE_NOTES: lambda found: f"the file notes {found!r}; left out",
        NoteCode.WIN_BEFORE_ROLL: lambda name, points: (
            f"{name} wins {_points(points)} before the game's first roll; read, as GNU "
            "Backgammon reads it, as a game not played to a result"
        ),
        NoteCode.LEFT_OUT: lambda why, details: f"{_why(why, details)}; left out",
        NoteCode.MISSING_PLAY: _missing,
        NoteCode.CUBE_VALUE: lambda name, act, value, cube: (
            f"{name} {_CUBE_ACTS.get(act, act)} to {value}, but the cube goes to {cube}; "
            f"read as {cube}"
        ),
        NoteCode.NO_LEGAL_PLAY: _no_play,
        NoteCode.ILLEGAL_PLAY: _illegal,
        NoteCode.NO_RESIGNATION: _concession,
        NoteCode.OTHER_WINNER: lambda name, points, winner, worth: (
            f"{name} wins {_points(points)}, but {winner} won the game ({_points(worth)}); "
            "read as the board ends it"
        ),
        NoteCode.OTHER_VALUE: lambda name, points, worth: (
            f"{name} wins {_points(points)}, but the game was worth {_points(worth)}; "
            "read as the board ends it"
        ),
        NoteCode.MATCH_OVER: lambda: "the match was over before this game; it is not read",
        NoteCode.RENUMBERED: lambda number, game: f"numbered {number}, read as game {game}",
        NoteCode.OTHER_NAMES: lambda names, first: (
            f"the players are {names[0]} and {names[1]}, not {first[0]} and {first[1]} as in "
            "game 1; read as the same players"
        ),
        NoteCode.BAD_SCORE: lambda score, read: (
            f"the file gives the score as {_score(score)}, but that cannot start a game of "
            f"this match; read as {_score(read)}"
        ),
        NoteCode.SCORE_DIFFERS: lambda score, results: (
            f"the file gives the score as {_score(score)}, but by the results before it is "
            f"{_score(results)}; read as {_score(score)}, as GNU Backgammon reads it"
        ),
        NoteCode.UNENDED_SCORED: lambda name, points: (
            f"the game before does not end in the file; the score says {name} won it "
            f"({_points(points)})"
        ),
        NoteCode.UNENDED: lambda: (
            "the game before does not end in the file, and nothing says who won it; "
            "the games from here on are not read"
        ),
        NoteCode.UNREAD: lambda found: f"cannot read {found!r}; left out",
        NoteCode.STRAY_ASIDE: lambda aside: f"the aside {aside} fits nowhere in the games",
        NoteCode.BAD_NAMES: lambda names, read: (
            f"the names {names[0]!r} and {names[1]!r} cannot be written in a .mat file; "
            f"read as {read[0]} and {read[1]}"
        ),
    }
)
"""Each repair's sentence by its code, filled in with the note's values (a test
holds every code the reader notes to a sentence taking exactly its values)."""


def repair(note: ReadNote) -> str:
    """What reading repaired, and where: the game and the move as the file
    numbers them, or the line."""
    said = SENTENCES[note.code](**note.values)
    if note.game and note.move:
        return f"Game {note.game}, move {note.move}: {said}"
    if note.game:
        return f"Game {note.game}: {said}"
    return f"Line {note.line}: {said}"
