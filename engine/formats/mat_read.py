"""Reading a ``.mat`` file as GNU Backgammon reads it: the text into cells, the
cells through the engine.

Two steps, as :mod:`engine.notation` parses moves: :func:`scan` reads the text
into a header and games of cells (each with its line and column), refusing
only what is not ``.mat`` at all; :func:`read` then replays every cell
through a :class:`~engine.match.Match`, so the engine checks that each roll,
play, double, take, drop and result is legal and by the player whose column
it is in.

Files come from many programs and from people, and GNU Backgammon reads
them all, so one bad cell never loses the file.  What the engine refuses is
repaired or left out, and each repair becomes a
:class:`~engine.formats.mat_parts.ReadNote` the player sees: a play that is not legal
is kept as the file records it (the position follows the file) and flagged,
so that a review does not judge it; a resignation, however it is written
(``Resigns`` or Galaxy's ``Losses N point`` in the loser's column, or the
winner's ``Wins N points`` alone, in or out of turn), ends the game at the
value the winner's line gives; a cell that cannot be read is left out; a
game with no result is kept unfinished.  Only a text that is not a match
raises :class:`~engine.errors.MatFileError`, with the line.

The layout read is the one GNU Backgammon, Jellyfish, eXtreme Gammon and
BGBlitz write: a cell in the left column (player 0) starts before column 20,
one in the right column (player 1) after; a line holds a left cell, then a
right cell.  Moves may be single-die moves in the order played (``13/10
13/10 24/21 24/21``, ``6/0`` for bearing off, ``25/22`` from the bar, as gnubg
writes), or standard notation (``24/18*/13``, ``8/5(2)``, ``6/off``).

>>> head = " 1 point match\\n Game 1\\n A : 0   B : 0\\n"
>>> record, names, tags, notes = read(head + "  1) 31: 8/5 6/5\\n")
>>> names, record.games[0].events[1].notation, notes
(('A', 'B'), '8/5 6/5', ())
>>> record, names, tags, notes = read(head + "  1) 31: 8/5 6/4\\n")
>>> [str(note) for note in notes], record.games[0].events[1].recorded
(["Game 1, move 1: A's 8/5 6/4 is not a legal play of 31; kept as recorded"], True)
>>> read(" 1 point game\\n")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
engine.errors.MatFileError: line 1: expected the match length (like ' 5 point match'), found ...
"""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass, replace
from types import MappingProxyType

from engine.as_written import make_as_written
from engine.cube import Cube, is_cube_value
from engine.errors import (
    EngineError,
    IllegalActionError,
    InvalidPositionIdError,
    MatFileError,
    quoted,
)
from engine.formats.mat_parts import (
    DEFAULT_NAMES,
    OWN_TAGS,
    Aside,
    NoteCode,
    ReadNote,
    infer_resignation,
)
from engine.game import Phase
from engine.match import Match
from engine.position import BAR, OFF, Move, Position
from engine.record import MatchRecord, Setup
from engine.rules import MAX_MATCH_LENGTH, Rules
from engine.scoring import WinType

LEFT_BEFORE = 20
"""A cell starting before this column is in the left column."""

_TAG = re.compile(r'^[;#]\s*\[([A-Za-z][A-Za-z0-9 ]*?)\s+"(.*)"\]\s*$')
_LENGTH = re.compile(r"^\s*(\d+)\s+point\s+match\b", re.I)
_GAME = re.compile(r"^\s*Game\s+(\d+)\s*(?P<crawford>\(?Crawford(?:\s+game)?\)?)?\s*$", re.I)
_SCORE = re.compile(
    r"^\s*(.+?)\s*:\s*(\d+)\s+(.+?)\s*:\s*(\d+)\s*(?P<crawford>\(?Crawford(?:\s+game)?\)?)?\s*$",
    re.I,
)
_NUMBERED = re.compile(r"^\s*(\d+)[).]")
_GLUED = re.compile(r"(\d+)\)[ \t]")
"""A move number in the middle of a line: the next line glued on, as GNU
Backgammon's export writes a line whose right column is a roll without a play
(Galaxy glues one after a play too: GNU Backgammon does not read that one)."""
_POINT = r"(?:\d{1,2}|bar|off)"
_MOVE = rf"{_POINT}(?:/{_POINT}\*?)+(?:\(\d\))?"
_CELL = re.compile(
    rf"""(?P<dice>[1-6][1-6]):(?P<moves>(?:[ \t]*{_MOVE})*)
            (?:[ \t]*(?P<hidden>\?{{3,4}})|[ \t]*(?:Cannot\s+Move|\(no\s+move\)))?
        | (?:Re)?doubles\s*=>\s*(?P<double>\d+)
        | Beavers\s*=>\s*(?P<beaver>\d+)
        | (?P<take>Takes|Accepts)\b
        | (?P<drop>Drops|Rejects|Passes|Refuses|Declines)\b
        | (?P<resigns>Resigns)\b(?:[ \t]*-?[ \t]*\d+[ \t]+points?)?
        | (?:Losses|Loses|Lose)\s+(?P<losses>\d+)\s+points?(?:\s+and\s+the\s+match)?
        | Wins\s+(?P<wins>\d+)\s+points?(?P<match>\s+and\s+the\s+match)?
        | Illegal\s+play\s*(?P<illegal>\([^)]*\))?""",
    re.I | re.X,
)
"""One cell.  Besides gnubg's own: ``Resigns`` in the loser's column and Galaxy's
``Losses N point`` (the ``Wins`` line says the value; both are read as notes
to it), ``Illegal play (...)`` as transcription software writes it for a
board it could not follow, and XG's ``????`` for a play it hides."""


@dataclass(frozen=True, slots=True)
class Cell:
    """One entry of the move list: where it is, whose column, what it says."""

    line: int
    player: int
    kind: str  # "roll", "double", "beaver", "take", "drop", "wins", "resigns", "losses", "illegal"
    dice: tuple[int, int] = (0, 0)
    moves: str = ""
    value: int = 0  # the cube of a double or beaver, the points of a win
    and_match: bool = False
    number: int = 0  # the move number of its line (0 if the line has none)
    text: str = ""  # what the file says, for a note
    hidden: bool = False  # XG's ``????``: the play is not shown


@dataclass(frozen=True, slots=True)
class GameText:
    """A game as the file has it: its number, names, scores and cells.  A game
    whose score line is missing (as Galaxy writes a game that ends at once)
    has ``names`` and ``score`` ``None``."""

    line: int
    number: int
    names: tuple[str, str] | None
    score: tuple[int, int] | None
    score_line: int
    cells: tuple[Cell, ...]
    crawford: bool = False  # the file notes that this is the Crawford game


@dataclass(frozen=True, slots=True)
class Scanned:
    """The whole file read as text: header tags (with their lines), length,
    games, and the notes on what could not be read (line, text)."""

    tags: tuple[tuple[int, str, str], ...]
    length: int
    games: tuple[GameText, ...]
    unread: tuple[tuple[int, str], ...] = ()


_MARKERS = ("wins", "resigns", "losses", "illegal")
"""Cells that are not a player's action in turn, so may stand in either column of
any line."""


def _cells(text: str, lineno: int, unread: list[tuple[int, str]]) -> list[Cell]:
    """The cells of one line; what cannot be read goes to ``unread`` (the rest of
    the line is then skipped: one bad cell never loses the file)."""
    cells: list[Cell] = []
    pos = 0
    number = 0
    numbered = _NUMBERED.match(text)
    if numbered:
        pos = numbered.end()
        number = int(numbered[1])
    while True:
        while pos < len(text) and text[pos] in " \t":
            pos += 1
        if pos >= len(text):
            return cells
        # Only after a roll without a play, as gnubg's export writes it and reads
        # it back; GNU Backgammon leaves any other number mid-line unread.
        after_bare_roll = bool(cells) and cells[-1].kind == "roll" and not cells[-1].moves
        glued = _GLUED.match(text, pos) if after_bare_roll else None
        if glued is not None:  # read it as its own line, its number where gnubg writes it
            rest = f"{int(glued[1]):3d})" + text[glued.end() - 1 :]
            return cells + _cells(rest, lineno, unread)
        m = _CELL.match(text, pos)
        if m is None:
            unread.append((lineno, text[pos:].strip()))
            return cells
        player = 0 if pos < LEFT_BEFORE else 1
        cell = _cell(m, player, lineno, number)
        if cell.kind not in _MARKERS:
            before = [c for c in cells if c.kind not in _MARKERS]
            if before:  # the second action of a line is the right column's
                if len(before) > 1 or before[-1].player == 1:
                    unread.append((lineno, text[pos:].strip()))
                    return cells
                cell = replace(cell, player=1)
        cells.append(cell)
        pos = m.end()


def _cell(m: re.Match[str], player: int, line: int, number: int) -> Cell:
    said = m[0].strip()
    if m["dice"]:
        d = m["dice"]
        moves = m["moves"].strip()
        return Cell(
            line, player, "roll", (int(d[0]), int(d[1])), moves, number=number, text=said,
            hidden=bool(m["hidden"]),
        )  # fmt: skip
    for kind in ("double", "beaver", "wins", "losses"):
        if m[kind]:
            return Cell(
                line, player, kind, value=int(m[kind]), and_match=bool(m["match"]),
                number=number, text=said,
            )  # fmt: skip
    for kind in ("take", "drop", "resigns"):
        if m[kind]:
            return Cell(line, player, kind, number=number, text=said)
    return Cell(line, player, "illegal", number=number, text=said)


def scan(text: str) -> Scanned:
    """Read the text into tags, the match length and the games' cells."""
    if not isinstance(text, str):
        raise MatFileError(
            0, f"a .mat file is text, not {type(text).__name__}", code="file_not_text"
        )
    lines = text.removeprefix("\ufeff").splitlines()
    tags: list[tuple[int, str, str]] = []
    length: int | None = None
    k = 0
    while k < len(lines) and length is None:
        line = lines[k]
        k += 1
        stripped = line.strip()
        if not stripped:
            continue
        if stripped[0] in ";#":
            tag = _TAG.match(stripped)
            if tag:
                tags.append((k, tag[1], tag[2]))
            continue
        m = _LENGTH.match(line)
        if m is None:
            raise MatFileError(
                k,
                f"expected the match length (like ' 5 point match'), found {stripped[:40]!r}",
                code="length_line",
                found=stripped[:40],
            )
        length = int(m[1])
        if length > MAX_MATCH_LENGTH:
            raise MatFileError(
                k,
                f"a match to {length} points: the longest is {MAX_MATCH_LENGTH}",
                code="match_length",
                limit=MAX_MATCH_LENGTH,
            )
    if length is None:
        raise MatFileError(0, "not a .mat file: there is no 'N point match' line", code="no_length")
    games: list[GameText] = []
    unread: list[tuple[int, str]] = []
    while k < len(lines):
        line = lines[k]
        k += 1
        if not line.strip():
            continue
        g = _GAME.match(line)
        if g is None:
            if not games:
                raise MatFileError(
                    k,
                    f"expected 'Game {len(games) + 1}', found {line.strip()[:40]!r}",
                    code="game_line",
                    number=len(games) + 1,
                    found=line.strip()[:40],
                )
            unread.append((k, line.strip()))
            continue
        game_line = k
        while k < len(lines) and not lines[k].strip():
            k += 1
        s = _SCORE.match(lines[k]) if k < len(lines) else None
        if s is not None:
            k += 1
        cells: list[Cell] = []
        while k < len(lines) and not _GAME.match(lines[k]):
            k += 1
            cells.extend(_cells(lines[k - 1], k, unread))
        games.append(
            GameText(
                game_line,
                int(g[1]),
                None if s is None else (s[1], s[3]),
                None if s is None else (int(s[2]), int(s[4])),
                game_line + 1,
                tuple(cells),
                bool(g["crawford"] or (s and s["crawford"])),
            )
        )
    return Scanned(tuple(tags), length, tuple(games), tuple(unread))


# -- replaying ----------------------------------------------------------------------


def _on_off(line: int, key: str, value: str) -> bool:
    v = value.strip().lower()
    if v not in ("on", "off"):
        raise MatFileError(
            line,
            f'the {key} tag says "{value}", not "On" or "Off"',
            code="on_off",
            tag=key,
            found=value,
        )
    return v == "on"


def _rules(scanned: Scanned) -> Rules:
    options: dict[str, object] = {}
    for line, key, value in scanned.tags:
        if key == "Jacoby":
            options["jacoby"] = _on_off(line, key, value)
        elif key == "Beaver":
            options["beavers"] = _on_off(line, key, value)
        elif key == "Crawford":
            options["crawford"] = _on_off(line, key, value)
        elif key == "Cube":
            options["cube"] = _on_off(line, key, value)
        elif key == "AutoDoubles":
            if not value.isdigit() or int(value) > 6:
                raise MatFileError(
                    line,
                    f"automatic doubles are 0 to 6, not {value!r}",
                    code="auto_doubles",
                    found=value,
                )
            options["auto_doubles"] = int(value)
    if scanned.length == 0 and "beavers" not in options:
        # gnubg writes no rules: a beaver in the file says they were allowed.
        options["beavers"] = any(c.kind == "beaver" for g in scanned.games for c in g.cells)
    return Rules(scanned.length, **options)  # type: ignore[arg-type]


def _setup(line: int, value: str) -> tuple[Setup, bool]:
    parts = value.split()
    if (
        len(parts) != 5
        or parts[1] not in ("0", "1")
        or parts[3] not in ("-", "0", "1")
        or parts[4] not in ("0", "1")
    ):
        raise MatFileError(
            line,
            f"a Setup tag is 'PositionID turn cube owner crawford', not {value!r}",
            code="setup_tag",
            found=value,
        )
    try:
        position = Position.from_id(parts[0])
        cube_value = int(parts[2]) if parts[2].isdigit() else 0
        if not is_cube_value(cube_value):
            raise MatFileError(
                line, f"the cube cannot be {parts[2]!r}", code="cube_value", cube=parts[2]
            )
        owner = None if parts[3] == "-" else int(parts[3])
        return Setup(position, int(parts[1]), Cube(cube_value, owner)), parts[4] == "1"
    except InvalidPositionIdError as exc:
        raise MatFileError(line, str(exc), code=exc.code, **exc.values) from exc
    except ValueError as exc:
        if isinstance(exc, MatFileError):
            raise
        raise MatFileError(
            line, f"a position that cannot start a game: {exc}", code="setup_board"
        ) from exc


def _point(name: str) -> int:
    if name in ("bar", "25"):
        return BAR
    if name in ("off", "0"):
        return OFF
    return int(name)


def _single_moves(text: str) -> list[Move] | None:
    """The moves of ``13/10 13/10 6/0``-style text, one die each; ``None`` if the
    text joins moves (``24/13``, ``8/5(2)``)."""
    moves: list[Move] = []
    for token in text.lower().split():
        if "(" in token:
            return None
        parts = token.replace("*", "").split("/")
        if len(parts) != 2:
            return None
        moves.append((_point(parts[0]), _point(parts[1])))
    return moves


def loose_moves(text: str) -> list[Move]:
    """The moves that move text names, each hop of a chain one move and ``(n)``
    repeated, without asking whether the roll allows them: for a play kept as
    the file records it.

    >>> loose_moves("24/18*/13 8/5(2) bar/22 6/off")
    [(24, 18), (18, 13), (8, 5), (8, 5), (25, 22), (6, 0)]
    """
    moves: list[Move] = []
    for token in text.lower().split():
        m = re.fullmatch(r"([^(]+)(?:\((\d)\))?", token)
        if m is None:
            continue
        points = [_point(p) for p in m[1].replace("*", "").split("/") if p]
        hops = list(itertools.pairwise(points))
        moves.extend(hops * (int(m[2]) if m[2] else 1))
    return moves


def _notation(text: str) -> str:
    """Standard notation for gnubg's plain moves (``6/0`` is ``6/off``)."""
    return re.sub(r"/0(?!\d)", "/off", text.lower())


def concession(match: Match, points: int) -> tuple[WinType, bool]:
    """The resignation a ``Wins N points`` line means when the game is not over,
    whoever was to act: the smallest value that scores ``points`` now, and
    ``True``; or, when none does, the smallest that scores more (a backgammon
    if none), and ``False``, as GNU Backgammon reads it (the points over the
    cube, rounded up, at most 3).

    >>> m = Match.new(0).roll((3, 1))
    >>> concession(m, 2), concession(m, 6)
    ((<WinType.GAMMON: 2>, True), (<WinType.BACKGAMMON: 3>, False))
    >>> concession(m.play("8/5 6/5").double().take(), 3)  # the cube at 2
    (<WinType.GAMMON: 2>, False)
    """
    options = [(w, match.resignation_points(w)) for w in WinType]
    for w, scored in options:
        if scored == points:
            return w, True
    above = [w for w, scored in options if scored > points]
    return (above[0] if above else WinType.BACKGAMMON), False


def _plural(points: int) -> str:
    return f"{points} point{'' if points == 1 else 's'}"


class _Replay:
    """The match so far, the asides still to place and the notes made, fed cell
    by cell."""

    def __init__(self, match: Match, names: tuple[str, str], asides: list[tuple[int, Aside]]):
        self.match = match
        self.names = names
        self.asides = asides  # (tag line, aside), in order
        self.notes: list[ReadNote] = []
        self.game = 1  # the game being read, as the file numbers it
        self.waiting: Cell | None = None  # a roll whose play the file has not given yet
        # whether a game can be won before its first roll (see ``apply``)
        self.wins_before_a_roll = True

    def who(self, player: int) -> str:
        return self.names[player]

    def note(
        self,
        line: int,
        move: int,
        text: str,
        code: NoteCode,
        *,
        flagged: bool = False,
        **values: object,
    ) -> None:
        """Note a repair: ``text`` the engine's English, ``code`` and ``values`` what
        it is (:class:`ReadNote`)."""
        self.notes.append(ReadNote(line, self.game, move, text, flagged, code=code, values=values))

    def place_asides(self, game: int) -> None:
        """Apply the asides that come before the next event of game ``game``."""
        while self.asides:
            line, aside = self.asides[0]
            if (aside.game, aside.index) != (game, len(self.match.game.events)):
                return
            self.asides.pop(0)
            e = aside.event
            try:
                if e.kind == "opening":
                    self.match = self.match.roll((e.die0, e.die1))  # type: ignore[union-attr]
                elif e.kind == "resign":
                    self.match = self.match.resign(e.value)  # type: ignore[union-attr]
                elif e.kind == "accept":
                    self.match = self.match.accept_resignation()
                elif e.kind == "abandon":
                    self.match = self.match.abandon(e.player)  # type: ignore[union-attr]
                elif e.kind == "concede":
                    self.match = self.match.concede(e.player, e.value)  # type: ignore[union-attr]
                else:
                    self.match = self.match.reject_resignation()
            except ValueError as exc:
                self.note(
                    line,
                    0,
                    f"the aside {aside} does not fit the game ({exc}); left out",
                    NoteCode.ASIDE_MISFIT,
                    aside=str(aside),
                )
                continue
            if self.match.game.events[-1] != e:
                raise MatFileError(line, f"the aside {aside} names the wrong player", code="aside")

    def need(self, cell: Cell, what: str, act: str) -> None:
        """The cell's player must be the one to act (``what`` they do, ``act`` its kind)."""
        actor = self.match.actor
        name = self.who(cell.player)
        if self.match.is_game_over:
            raise MatFileError(
                cell.line,
                f"{name} {what} after the game is over",
                code="after_end",
                name=name,
                act=act,
            )
        if actor != cell.player:
            other = "nobody" if actor is None else self.who(actor)
            raise MatFileError(
                cell.line,
                f"{name} {what}, but it is {other}'s turn to act",
                code="not_their_turn",
                name=name,
                act=act,
                other="" if actor is None else other,
            )

    def apply(self, game: int, cell: Cell) -> None:
        """Read one cell; one that cannot be read becomes a note and is skipped."""
        if cell.kind in ("losses", "resigns"):
            return  # the winner's "Wins N points" line says what the game was worth
        if cell.kind == "illegal":
            self.note(
                cell.line,
                cell.number,
                f"the file notes {cell.text!r}; left out",
                NoteCode.FILE_NOTES,
                found=cell.text,
            )
            return
        if cell.kind == "wins" and not self.wins_before_a_roll and not self.match.game.events:
            # Galaxy writes a match forfeited at the start as a "Wins" line in a
            # game without a roll; GNU Backgammon reads no result for such a game
            # (the next game's score, if any, says who won it: see _ended).
            self.note(
                cell.line,
                cell.number,
                f"{self.who(cell.player)} wins {_plural(cell.value)} before the game's first "
                "roll; read, as GNU Backgammon reads it, as a game not played to a result",
                NoteCode.WIN_BEFORE_ROLL,
                name=self.who(cell.player),
                points=cell.value,
            )
            return
        if cell.kind != "wins":
            self.fill_missing_play()
        try:
            if cell.kind == "roll":
                self.roll(game, cell)
            elif cell.kind == "wins":
                self.wins(cell)
            else:
                self.cube(cell)
        except MatFileError as exc:
            self.note(
                cell.line,
                cell.number,
                f"{exc.reason}; left out",
                NoteCode.LEFT_OUT,
                why=exc.code,
                details=MappingProxyType(dict(exc.values)),
            )

    def fill_missing_play(self) -> None:
        """A roll whose play the file does not give (XG's ``????``, ``Cannot Move``
        for a roll that can be played, nothing at all) and after which the
        file goes on: a forced play is made; else the turn passes with the
        board as it was, flagged."""
        cell = self.waiting
        m = self.match
        if cell is None or m.phase is not Phase.MOVE or m.resignation is not None:
            return
        self.waiting = None
        forced = m.forced_play
        if forced is not None:
            # Only one play is legal: some servers write no play then, and GNU
            # Backgammon makes the one there is; so do we.
            self.match = m.play(forced)
            return
        name = self.who(cell.player)
        why = "hides" if cell.hidden else "does not give"
        self.match = m.play_recorded([])
        self.note(
            cell.line,
            cell.number,
            f"the file {why} {name}'s play of {cell.dice[0]}{cell.dice[1]}; "
            "the board is kept as it was",
            NoteCode.MISSING_PLAY,
            flagged=True,
            name=name,
            dice=cell.dice,
            hidden=cell.hidden,
        )

    def cube(self, cell: Cell) -> None:
        name = self.who(cell.player)
        m = self.match
        offer = m.offer
        if cell.kind == "double" and m.phase is Phase.CUBE and offer and not offer.beavered:
            cell = replace(cell, kind="beaver")  # gnubg writes a beaver as a redouble
        verb = {"double": "doubles", "beaver": "beavers", "take": "takes", "drop": "drops"}
        self.need(cell, verb[cell.kind], cell.kind)
        try:
            if cell.kind == "double":
                m = m.double()
            elif cell.kind == "beaver":
                m = m.beaver()
            elif cell.kind == "take":
                m = m.take()
            else:
                m = m.drop()
        except ValueError as exc:
            raise MatFileError(
                cell.line,
                f"{name} {verb[cell.kind]}, but {exc}",
                code="cube_refused",
                name=name,
                act=cell.kind,
            ) from exc
        if cell.kind in ("double", "beaver"):
            cube = m.game.events[-1].cube  # type: ignore[union-attr]
            if cell.value and cell.value != cube:  # 0: the file does not say (.sgf)
                self.note(
                    cell.line,
                    cell.number,
                    f"{name} {verb[cell.kind]} to {cell.value}, but the cube goes to {cube}; "
                    f"read as {cube}",
                    NoteCode.CUBE_VALUE,
                    name=name,
                    act=cell.kind,
                    value=cell.value,
                    cube=cube,
                )
        self.match = m

    def roll(self, game: int, cell: Cell) -> None:
        name = self.who(cell.player)
        d0, d1 = cell.dice
        m = self.match
        said = f"{name}'s {d0}{d1}: {cell.moves}".rstrip()
        if m.phase is Phase.OPENING:
            if d0 == d1:
                raise MatFileError(
                    cell.line,
                    f"{said}: the opening roll cannot be a double (a tie is rolled again)",
                    code="opening_double",
                )
            hi, lo = max(d0, d1), min(d0, d1)
            m = m.roll((hi, lo) if cell.player == 0 else (lo, hi))
        else:
            offer = m.offer
            beavered = m.phase is Phase.CUBE and offer is not None and offer.beavered
            if beavered and m.actor == cell.player:
                m = m.take()  # gnubg's files take a beaver by rolling on
            self.match = m
            self.need(cell, f"rolls {d0}{d1}", "roll")
            if m.phase is not Phase.ROLL:
                raise MatFileError(
                    cell.line,
                    f"{said}: {name} cannot roll now ({m.phase.value})",
                    code="no_roll",
                    name=name,
                )
            m = m.roll((d0, d1))
        self.match = m
        self.place_asides(game)
        m = self.match
        if m.phase is not Phase.MOVE:
            if cell.moves:
                self.note(
                    cell.line,
                    cell.number,
                    f"{said}: {d0}{d1} has no legal play here; left out",
                    NoteCode.NO_LEGAL_PLAY,
                    name=name,
                    dice=(d0, d1),
                    moves=cell.moves,
                )
            return
        if not cell.moves:
            self.waiting = cell  # no play yet: a resignation may follow, or the file goes on
            return
        moves = _single_moves(cell.moves)
        if moves is not None:
            try:
                self.match = m.play_moves(moves)
                return
            except ValueError:
                pass  # not in a playable order, say; the notation decides
        try:
            self.match = m.play(_notation(cell.moves))
            return
        except EngineError:
            pass
        # Not a legal play of the roll: kept as the file records it, flagged.
        made, _, skipped = make_as_written(m.game.moves.start, loose_moves(cell.moves))  # type: ignore[union-attr]
        self.match = m.play_recorded(made)
        left = ""
        if skipped:
            gone = " ".join(f"{a}/{b}" for a, b in skipped)
            left = f" ({gone} cannot be made on the board and is left out)"
        self.note(
            cell.line,
            cell.number,
            f"{name}'s {cell.moves} is not a legal play of {d0}{d1}; kept as recorded{left}",
            NoteCode.ILLEGAL_PLAY,
            flagged=True,
            name=name,
            moves=cell.moves,
            dice=(d0, d1),
            skipped=tuple(skipped),
        )

    def wins(self, cell: Cell) -> None:
        name = self.who(cell.player)
        m = self.match
        points = _plural(cell.value)
        loser = 1 - cell.player
        conceded = False  # the points were read as the nearest resignation, noted
        if not m.is_game_over:
            self.waiting = None
            value = None
            if m.turn == loser and m.game.resignation is None:
                value = infer_resignation(m.game, cell.value)
            if value is not None:
                m = m.resign(value).accept_resignation()
            else:
                # Resigned out of turn, or at a value no resignation scores now: the
                # file says who won and how much, so the game ends so (GNU
                # Backgammon reads it so too).
                kind, exact = concession(m, cell.value)
                if not exact:
                    conceded = True
                    got = _plural(m.resignation_points(kind))
                    self.note(
                        cell.line,
                        cell.number,
                        f"{name} wins {points}, but no resignation scores that "
                        f"with the cube at {m.cube.value}; read as a {kind.label} ({got})",
                        NoteCode.NO_RESIGNATION,
                        name=name,
                        points=cell.value,
                        cube=m.cube.value,
                        kind=kind,
                        worth=m.resignation_points(kind),
                    )
                m = m.concede(loser, kind)
        result = m.result
        assert result is not None
        if result.winner != cell.player:
            self.note(
                cell.line,
                cell.number,
                f"{name} wins {points}, but {self.who(result.winner)} won the game "
                f"({_plural(result.points)}); read as the board ends it",
                NoteCode.OTHER_WINNER,
                name=name,
                points=cell.value,
                winner=self.who(result.winner),
                worth=result.points,
            )
        elif result.points != cell.value and not conceded:
            self.note(
                cell.line,
                cell.number,
                f"{name} wins {points}, but the game was worth {_plural(result.points)}; "
                "read as the board ends it",
                NoteCode.OTHER_VALUE,
                name=name,
                points=cell.value,
                worth=result.points,
            )
        self.match = m


def _names(scanned: Scanned) -> tuple[str, str]:
    for game in scanned.games:
        if game.names is not None:
            return game.names
    return DEFAULT_NAMES


Read = tuple[MatchRecord, tuple[str, str], tuple[tuple[str, str], ...], tuple[ReadNote, ...]]
"""What a file holds: the record, the players' names, the header tags other than
this project's own, and the notes on what reading it repaired."""


def read(text: str) -> Read:
    """Read a ``.mat`` text as GNU Backgammon does (see the module docs): only a
    text that is not a match raises :class:`~engine.errors.MatFileError`; what
    had to be repaired is in the notes.  :meth:`engine.formats.mat.MatFile.parse`
    is the way in for other code."""
    return replay_scanned(scan(text), wins_before_a_roll=False)


def replay_scanned(scanned: Scanned, *, wins_before_a_roll: bool = True) -> Read:
    """Replay a match read into cells (from a ``.mat`` text by :func:`scan`, or
    from another format: :mod:`engine.formats.sgf`) through the engine, with
    the repairs described in the module docs."""
    if not scanned.games:
        raise MatFileError(0, "the file has no games", code="no_games")
    rules = _rules(scanned)
    kept: list[tuple[str, str]] = []
    asides: list[tuple[int, Aside]] = []
    setup: Setup | None = None
    crawford = False
    for line, key, value in scanned.tags:
        if key == "Aside":
            try:
                asides.append((line, Aside.parse(value)))
            except ValueError as exc:
                raise MatFileError(line, str(exc), code="aside") from exc
        elif key == "Setup":
            setup, crawford = _setup(line, value)
        elif key not in OWN_TAGS:
            kept.append((key, value))
    asides.sort(key=lambda a: (a[1].game, a[1].index))
    first = scanned.games[0]
    names = _names(scanned)
    notes: list[ReadNote] = []
    if setup is None:
        # A file may start part-way through a match (resumed, or an excerpt): its
        # first game starts at the score it gives, as GNU Backgammon reads it.
        start = first.score or (0, 0)
        # a Crawford note where no one is at match point is wrong, and changes nothing
        noted = first.crawford and rules.crawford_active and rules.match_length - 1 in start
        try:
            match = Match.from_rules(rules, score=start, crawford=noted)
        except ValueError as exc:
            raise MatFileError(first.score_line, str(exc), code="first_score") from exc
    else:
        try:
            match = Match.from_setup(rules, setup, score=first.score or (0, 0), crawford=crawford)
        except ValueError as exc:
            raise MatFileError(first.score_line, str(exc), code="first_score") from exc
    replay = _Replay(match, names, asides)
    replay.wins_before_a_roll = wins_before_a_roll
    replay.notes = notes
    index = 0  # our games so far, less one
    for game in scanned.games:
        replay.game = game.number
        if index or replay.match.game.events:
            if not _ended(replay, game):
                break
            if replay.match.is_over:
                if not game.cells:
                    continue  # named but never played: Galaxy ends a match so
                replay.note(
                    game.line,
                    0,
                    "the match was over before this game; it is not read",
                    NoteCode.MATCH_OVER,
                )
                break
            replay.match = _next_game(replay, game)
            index += 1
        if game.number != index + 1:
            replay.note(
                game.line,
                0,
                f"numbered {game.number}, read as game {index + 1}",
                NoteCode.RENUMBERED,
                number=game.number,
                game=index + 1,
            )
        if game.names is not None and game.names != names:
            replay.note(
                game.score_line,
                0,
                f"the players are {game.names[0]} and {game.names[1]}, "
                f"not {names[0]} and {names[1]} as in game 1; read as the same players",
                NoteCode.OTHER_NAMES,
                names=game.names,
                first=names,
            )
        if game.score is not None and game.score != replay.match.game.score:
            replay.note(
                game.score_line,
                0,
                f"the file gives the score as {_score(game.score)}, but that cannot "
                f"start a game of this match; read as {_score(replay.match.game.score)}",
                NoteCode.BAD_SCORE,
                score=game.score,
                read=replay.match.game.score,
            )
        for cell in game.cells:
            replay.place_asides(index)
            replay.apply(index, cell)
        replay.place_asides(index)
    for line, unread in scanned.unread:
        text = f"cannot read {quoted(unread[:40])}; left out"
        notes.append(
            ReadNote(line, 0, 0, text, code=NoteCode.UNREAD, values={"found": unread[:40]})
        )
    for line, aside in replay.asides:
        text = f"the aside {aside} fits nowhere in the games"
        notes.append(
            ReadNote(line, 0, 0, text, code=NoteCode.STRAY_ASIDE, values={"aside": str(aside)})
        )
    notes.sort(key=lambda n: n.line)
    return replay.match.record, names, tuple(kept), tuple(notes)


def _next_game(replay: _Replay, game: GameText) -> Match:
    """The next game, at the score the file gives it when that is not the score
    the results give, as GNU Backgammon keeps each game's header score (noted)."""
    m = replay.match
    if game.score is None or game.score == m.score:
        return m.next_game()
    try:
        nxt = m.next_game(score=game.score)
    except IllegalActionError:
        return m.next_game()  # noted by the caller: the score cannot start a game
    replay.note(
        game.score_line,
        0,
        f"the file gives the score as {_score(game.score)}, but by the results before it "
        f"is {_score(m.score)}; read as {_score(game.score)}, as GNU Backgammon reads it",
        NoteCode.SCORE_DIFFERS,
        score=game.score,
        results=m.score,
    )
    return nxt


def _ended(replay: _Replay, game: GameText) -> bool:
    """Make sure the game before ``game`` is over: when the file does not end it,
    the score ``game`` starts at says who won it and how much (as GNU
    Backgammon keeps that score).  ``False`` when nothing says so."""
    m = replay.match
    if m.is_game_over:
        return True
    before = m.game.score
    if game.score is not None:
        gained = (game.score[0] - before[0], game.score[1] - before[1])
        if min(gained) == 0 and max(gained) > 0:
            winner = 0 if gained[0] else 1
            replay.fill_missing_play()
            kind, _ = concession(replay.match, max(gained))
            replay.match = replay.match.concede(1 - winner, kind)
            replay.note(
                game.line,
                0,
                f"the game before does not end in the file; the score says "
                f"{replay.who(winner)} won it ({_plural(max(gained))})",
                NoteCode.UNENDED_SCORED,
                name=replay.who(winner),
                points=max(gained),
            )
            return True
    replay.note(
        game.line,
        0,
        "the game before does not end in the file, and nothing says who won it; "
        "the games from here on are not read",
        NoteCode.UNENDED,
    )
    return False


def _score(score: tuple[int, int]) -> str:
    return f"{score[0]}-{score[1]}"
