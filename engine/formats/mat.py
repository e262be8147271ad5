"""Jellyfish ``.mat`` match files, both ways: what GNU Backgammon, eXtreme Gammon
and BGBlitz import and most servers write.

A ``.mat`` file lists a match game by game, two columns a line: the player on
the left (our player 0) and the player on the right (player 1), each turn a
cell such as ``31: 8/5 6/5``, `` Doubles => 2``, `` Takes`` or `` Drops``,
and a ``Wins 2 points`` line where a game ends.  A money session is written
as a 0-point match.  The text is written the way GNU Backgammon writes it
(``export match mat``), byte for byte for the matches it can hold.

What the format has no room for is kept in header comment tags that other
programs read as comments: the rules that are not the defaults (``Jacoby``,
``Beaver``, ``Crawford``, ``Cube``, ``AutoDoubles``), a game set up from a
position (``Setup``), and each event no column shows (``Aside``: an opening
roll that was a tie, a resignation that was rejected or whose value the
points do not tell, a game a player abandoned).  A game a player abandoned
(:meth:`engine.match.Match.abandon`) ends as a resigned game does in the
columns, with the winner's ``Wins N points`` line and no resignation: what
other programs read as a resignation of that value.  So any match played
here exports losslessly: ``MatFile.parse(str(mat)).record == mat.record``.

Reading is parse-then-validate (:mod:`engine.formats.mat_read`): every cell
is replayed through the engine (:class:`engine.match.Match`), so every roll,
play, cube action, score and result is checked by the code that plays.
Files come from many programs and people, and are read as GNU Backgammon
reads them: what the engine refuses is repaired or left out, and each repair
is a :class:`ReadNote` in ``notes`` (a play that is not legal is kept as
recorded and flagged, so that a review does not judge it).  Only a text that
is not a match raises :class:`MatFileError` (a ``ValueError``), whose message
starts with the line and says what is wrong in the reader's English (its
``code`` and ``values`` say it for a player: ``web.words.file_errors``).  Writing is
:mod:`engine.formats.mat_write`; what both share is
:mod:`engine.formats.mat_parts`.  :class:`MatFile` is also the value GNU
Backgammon's ``.sgf`` and eXtreme Gammon's ``.xg`` are read into
(:mod:`engine.formats.sgf`, :mod:`engine.formats.xg`).

The API (for the command line and the page)::

    MatFile.parse(text) -> MatFile        # raises MatFileError
    MatFile.from_match(match, names=("You", "King Tubby"), tags=()) -> MatFile
    str(mat) -> the .mat text
    mat.record -> MatchRecord             # replay(mat.record) == mat.match()
    mat.match() -> Match                  # the match as the engine plays it on
    mat.names, mat.tags                   # ("Alice", "Bob"), (("Site", "..."), ...)
    mat.notes                             # what reading it repaired, for the player
    dumps(match, names) -> str; loads(text) -> Match

>>> from engine.match import Match
>>> m = Match.new(3).roll((3, 1)).play("8/5 6/5").roll((6, 4)).play("24/18 13/9")
>>> mat = MatFile.from_match(m, ("Alice", "Bob"))
>>> print(str(mat).strip())
3 point match
<BLANKLINE>
 Game 1
 Alice : 0                      Bob : 0
  1) 31: 8/5 6/5                 64: 24/18 13/9
>>> MatFile.parse(str(mat)) == mat
True
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from engine.errors import MatFileError
from engine.formats.mat_parts import DEFAULT_NAMES, OWN_TAGS, Aside, NoteCode, ReadNote
from engine.formats.mat_read import read
from engine.formats.mat_write import write
from engine.match import Match, replay
from engine.record import MatchRecord

__all__ = [
    "DEFAULT_NAMES",
    "Aside",
    "MatFile",
    "MatFileError",
    "NoteCode",
    "ReadNote",
    "dumps",
    "loads",
    "writable_names",
]

_NAME = re.compile(r"^[^:\s](?:[^:\n\r]*[^:\s])?$")


@dataclass(frozen=True, slots=True)
class MatFile:
    """A match as a ``.mat`` file holds it: the record, the players' names and
    the header tags other than :data:`OWN_TAGS` (``Site``, ``Event``,
    ``EventDate``...), in order; and, for a file read, the notes on what
    reading it repaired (not part of the match: two files of one match are
    equal whatever their notes).  Build one with :meth:`parse` or
    :meth:`from_match`; ``str()`` writes the file."""

    record: MatchRecord
    names: tuple[str, str] = DEFAULT_NAMES
    tags: tuple[tuple[str, str], ...] = field(default=())
    notes: tuple[ReadNote, ...] = field(default=(), compare=False)

    def __post_init__(self) -> None:
        for name in self.names:
            if not isinstance(name, str) or not _NAME.match(name):
                raise ValueError(
                    f"a player's name in a .mat file is text without colons or line breaks "
                    f"that neither starts nor ends with a space, not {name!r}"
                )
        if self.names[0] == self.names[1]:
            raise ValueError(f"the two players need different names, not both {self.names[0]!r}")
        for key, value in self.tags:
            if key in OWN_TAGS:
                raise ValueError(f"the {key} tag is written from the record, not given")
            if not re.fullmatch(r"[A-Za-z][A-Za-z0-9 ]*", key) or '"' in value or "\n" in value:
                raise ValueError(f"not a header tag: [{key} {value!r}]")

    @classmethod
    def from_match(
        cls,
        match: Match | MatchRecord,
        names: tuple[str, str] = DEFAULT_NAMES,
        tags: Sequence[tuple[str, str]] = (),
    ) -> MatFile:
        """The file of a match (or of its record) played here."""
        record = match.record if isinstance(match, Match) else match
        return cls(record, names, tuple(tags))

    @classmethod
    def parse(cls, text: str) -> MatFile:
        """Read a ``.mat`` file as GNU Backgammon does: what had to be repaired is
        in ``notes``; only a text that is not a match raises :class:`MatFileError`."""
        record, names, tags, notes = read(text)
        try:
            return cls(record, names, tags, notes)
        except ValueError:
            # Names the format cannot write (a colon, none, twice the same): read on,
            # each such name as its stand-in (Galaxy writes an empty one for a
            # player who left), both when the two would be the same.
            kept = (
                names[0] if _NAME.match(names[0]) else DEFAULT_NAMES[0],
                names[1] if _NAME.match(names[1]) else DEFAULT_NAMES[1],
            )
            read_as = kept if kept[0] != kept[1] else DEFAULT_NAMES
            why = f"the names {names[0]!r} and {names[1]!r} cannot be written in a .mat file"
            note = ReadNote(
                0,
                0,
                0,
                f"{why}; read as {read_as[0]} and {read_as[1]}",
                code=NoteCode.BAD_NAMES,
                values={"names": names, "read": read_as},
            )
            return cls(record, read_as, tags, (*notes, note))

    def match(self) -> Match:
        """The match the record replays to (where play would go on)."""
        return replay(self.record)

    def __str__(self) -> str:
        return write(self.record, self.names, self.tags)


def writable_names(names: tuple[str, str]) -> tuple[str, str]:
    """Two players' names as a ``.mat`` file can hold them: a colon or a line break
    becomes a space, an empty name the default's, and the second of two alike
    is told apart (names typed by players may be any text).

    >>> writable_names(("Dr: Who", " Dr Who "))
    ('Dr Who', 'Dr Who (2)')
    >>> writable_names(("", "Bob"))
    ('Player 1', 'Bob')
    """
    first, second = (
        " ".join(name.replace(":", " ").split()) or default
        for name, default in zip(names, DEFAULT_NAMES, strict=True)
    )
    return (first, second if second != first else f"{second} (2)")


def dumps(match: Match | MatchRecord, names: tuple[str, str] = DEFAULT_NAMES) -> str:
    """The ``.mat`` text of a match played here."""
    return str(MatFile.from_match(match, names))


def loads(text: str) -> Match:
    """The match a ``.mat`` text holds, validated; raises :class:`MatFileError`."""
    return MatFile.parse(text).match()
