"""Reading a ``.mat`` file: the text into cells, the cells through the engine.

Two steps, as :mod:`engine.notation` parses moves: :func:`scan` reads the text
into a header and games of cells (each with its line and column), refusing
what is not ``.mat`` at all; :func:`read` then replays every cell through a
:class:`~engine.match.Match`, so the engine checks that each roll, play,
double, take, drop and result is legal and by the player whose column it is
in.  Any problem raises :class:`~engine.matfile.MatFileError` with the line.

The layout read is the one GNU Backgammon, Jellyfish, eXtreme Gammon and
BGBlitz write: a cell in the left column (player 0) starts before column 20,
one in the right column (player 1) after; a line holds a left cell, then a
right cell.  Moves may be single-die moves in the order played (``13/10
13/10 24/21 24/21``, ``6/0`` for bearing off, ``25/22`` from the bar, as gnubg
writes), or standard notation (``24/18*/13``, ``8/5(2)``, ``6/off``).

>>> mat = read(" 1 point match\\n Game 1\\n A : 0   B : 0\\n  1) 31: 8/5 6/5\\n")
>>> mat.names, mat.record.games[0].events[1].notation
(('A', 'B'), '8/5 6/5')
>>> read(" 1 point match\\n Game 1\\n A : 0   B : 0\\n  1) 31: 8/5 6/4\\n")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
engine.matfile.MatFileError: line 4: A's 31: 8/5 6/4 is not a legal play: ...
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from engine.cube import Cube, is_cube_value
from engine.errors import EngineError, InvalidPositionIdError
from engine.game import Phase
from engine.match import Match
from engine.matfile import DEFAULT_NAMES, OWN_TAGS, Aside, MatFile, MatFileError, infer_resignation
from engine.movegen import Move
from engine.position import BAR, OFF, Position
from engine.record import Setup
from engine.rules import MAX_MATCH_LENGTH, Rules

LEFT_BEFORE = 20
"""A cell starting before this column is in the left column."""

_TAG = re.compile(r'^[;#]\s*\[([A-Za-z][A-Za-z0-9 ]*?)\s+"(.*)"\]\s*$')
_LENGTH = re.compile(r"^\s*(\d+)\s+point\s+match\b", re.I)
_GAME = re.compile(r"^\s*Game\s+(\d+)\s*(?P<crawford>\(?Crawford(?:\s+game)?\)?)?\s*$", re.I)
_SCORE = re.compile(
    r"^\s*(.+?)\s*:\s*(\d+)\s+(.+?)\s*:\s*(\d+)\s*(?P<crawford>\(?Crawford(?:\s+game)?\)?)?\s*$",
    re.I,
)
_NUMBERED = re.compile(r"^\s*(\d+)\)")
_POINT = r"(?:\d{1,2}|bar|off)"
_MOVE = rf"{_POINT}(?:/{_POINT}\*?)+(?:\(\d\))?"
_CELL = re.compile(
    rf"""(?P<dice>[1-6][1-6]):(?P<moves>(?:[ \t]*{_MOVE})*)
            (?:[ \t]*(?:\?{{3,4}}|Cannot\s+Move|\(no\s+move\)))?
        | Doubles\s*=>\s*(?P<double>\d+)
        | Beavers\s*=>\s*(?P<beaver>\d+)
        | (?P<take>Takes|Accepts)\b
        | (?P<drop>Drops|Rejects|Passes)\b
        | Wins\s+(?P<wins>\d+)\s+points?(?P<match>\s+and\s+the\s+match)?""",
    re.I | re.X,
)


@dataclass(frozen=True, slots=True)
class Cell:
    """One entry of the move list: where it is, whose column, what it says."""

    line: int
    player: int
    kind: str  # "roll", "double", "beaver", "take", "drop", "wins"
    dice: tuple[int, int] = (0, 0)
    moves: str = ""
    value: int = 0  # the cube of a double or beaver, the points of a win
    and_match: bool = False


@dataclass(frozen=True, slots=True)
class GameText:
    """A game as the file has it: its number, names, scores and cells."""

    line: int
    number: int
    names: tuple[str, str]
    score: tuple[int, int]
    score_line: int
    cells: tuple[Cell, ...]
    crawford: bool = False  # the file notes that this is the Crawford game


@dataclass(frozen=True, slots=True)
class Scanned:
    """The whole file read as text: header tags (with their lines), length, games."""

    tags: tuple[tuple[int, str, str], ...]
    length: int
    games: tuple[GameText, ...]


def _cells(text: str, lineno: int) -> list[Cell]:
    """The cells of one line (``text`` without its move number, if any)."""
    cells: list[Cell] = []
    pos = 0
    numbered = _NUMBERED.match(text)
    if numbered:
        pos = numbered.end()
    while True:
        while pos < len(text) and text[pos] in " \t":
            pos += 1
        if pos >= len(text):
            return cells
        m = _CELL.match(text, pos)
        if m is None:
            raise MatFileError(lineno, f"cannot read {text[pos:].strip()[:40]!r}")
        player = 0 if pos < LEFT_BEFORE else 1
        if not numbered and m["wins"] is None:
            raise MatFileError(
                lineno, f"cannot read {text.strip()[:40]!r}: a move needs its number"
            )
        if cells and m["wins"] is None:
            if cells[-1].player == 1 or (len(cells) == 1 and player == 0):
                raise MatFileError(lineno, "more than one move in a column")
            player = 1
        cells.append(_cell(m, player, lineno))
        pos = m.end()


def _cell(m: re.Match[str], player: int, line: int) -> Cell:
    if m["dice"]:
        d = m["dice"]
        return Cell(line, player, "roll", (int(d[0]), int(d[1])), m["moves"].strip())
    for kind in ("double", "beaver"):
        if m[kind]:
            return Cell(line, player, kind, value=int(m[kind]))
    if m["take"]:
        return Cell(line, player, "take")
    if m["drop"]:
        return Cell(line, player, "drop")
    return Cell(line, player, "wins", value=int(m["wins"]), and_match=bool(m["match"]))


def scan(text: str) -> Scanned:
    """Read the text into tags, the match length and the games' cells."""
    if not isinstance(text, str):
        raise MatFileError(0, f"a .mat file is text, not {type(text).__name__}")
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
                k, f"expected the match length (like ' 5 point match'), found {stripped[:40]!r}"
            )
        length = int(m[1])
        if length > MAX_MATCH_LENGTH:
            raise MatFileError(k, f"a match to {length} points: the longest is {MAX_MATCH_LENGTH}")
    if length is None:
        raise MatFileError(0, "not a .mat file: there is no 'N point match' line")
    games: list[GameText] = []
    while k < len(lines):
        line = lines[k]
        k += 1
        if not line.strip():
            continue
        g = _GAME.match(line)
        if g is None:
            raise MatFileError(k, f"expected 'Game {len(games) + 1}', found {line.strip()[:40]!r}")
        game_line = k
        while k < len(lines) and not lines[k].strip():
            k += 1
        if k >= len(lines):
            raise MatFileError(game_line, f"game {g[1]} has no line with the players and the score")
        s = _SCORE.match(lines[k])
        k += 1
        if s is None:
            raise MatFileError(k, "expected the players and the score, like ' Alice : 0   Bob : 0'")
        cells: list[Cell] = []
        while k < len(lines) and not _GAME.match(lines[k]):
            k += 1
            cells.extend(_cells(lines[k - 1], k))
        games.append(
            GameText(
                game_line,
                int(g[1]),
                (s[1], s[3]),
                (int(s[2]), int(s[4])),
                game_line + 1,
                tuple(cells),
                bool(g["crawford"] or s["crawford"]),
            )
        )
    return Scanned(tuple(tags), length, tuple(games))


# -- replaying ----------------------------------------------------------------------


def _on_off(line: int, key: str, value: str) -> bool:
    v = value.strip().lower()
    if v not in ("on", "off"):
        raise MatFileError(line, f'the {key} tag says "{value}", not "On" or "Off"')
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
                raise MatFileError(line, f"automatic doubles are 0 to 6, not {value!r}")
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
            line, f"a Setup tag is 'PositionID turn cube owner crawford', not {value!r}"
        )
    try:
        position = Position.from_id(parts[0])
        cube_value = int(parts[2]) if parts[2].isdigit() else 0
        if not is_cube_value(cube_value):
            raise MatFileError(line, f"the cube cannot be {parts[2]!r}")
        owner = None if parts[3] == "-" else int(parts[3])
        return Setup(position, int(parts[1]), Cube(cube_value, owner)), parts[4] == "1"
    except InvalidPositionIdError as exc:
        raise MatFileError(line, str(exc)) from exc
    except ValueError as exc:
        if isinstance(exc, MatFileError):
            raise
        raise MatFileError(line, f"a position that cannot start a game: {exc}") from exc


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


def _notation(text: str) -> str:
    """Standard notation for gnubg's plain moves (``6/0`` is ``6/off``)."""
    return re.sub(r"/0(?!\d)", "/off", text.lower())


class _Replay:
    """The match so far and the asides still to place, fed cell by cell."""

    def __init__(self, match: Match, names: tuple[str, str], asides: list[tuple[int, Aside]]):
        self.match = match
        self.names = names
        self.asides = asides  # (tag line, aside), in order

    def who(self, player: int) -> str:
        return self.names[player]

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
                else:
                    self.match = self.match.reject_resignation()
            except ValueError as exc:
                raise MatFileError(line, f"the aside {aside} does not fit the game: {exc}") from exc
            if self.match.game.events[-1] != e:
                raise MatFileError(line, f"the aside {aside} names the wrong player")

    def need(self, cell: Cell, what: str) -> None:
        """The cell's player must be the one to act."""
        actor = self.match.actor
        if self.match.is_game_over:
            raise MatFileError(cell.line, f"{self.who(cell.player)} {what} after the game is over")
        if actor != cell.player:
            other = "nobody" if actor is None else self.who(actor)
            raise MatFileError(
                cell.line, f"{self.who(cell.player)} {what}, but it is {other}'s turn to act"
            )

    def apply(self, game: int, cell: Cell) -> None:
        name = self.who(cell.player)
        m = self.match
        if cell.kind == "roll":
            self.roll(game, cell)
            return
        if cell.kind == "wins":
            self.wins(cell)
            return
        offer = m.offer
        if cell.kind == "double" and m.phase is Phase.CUBE and offer and not offer.beavered:
            cell = replace(cell, kind="beaver")  # gnubg writes a beaver as a redouble
        verb = {"double": "doubles", "beaver": "beavers", "take": "takes", "drop": "drops"}
        self.need(cell, verb[cell.kind])
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
            raise MatFileError(cell.line, f"{name} {verb[cell.kind]}, but {exc}") from exc
        if cell.kind in ("double", "beaver"):
            cube = m.game.events[-1].cube  # type: ignore[union-attr]
            if cell.value != cube:
                raise MatFileError(
                    cell.line,
                    f"{name} {verb[cell.kind]} to {cell.value}, but the cube goes to {cube}",
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
                )
            hi, lo = max(d0, d1), min(d0, d1)
            m = m.roll((hi, lo) if cell.player == 0 else (lo, hi))
        else:
            offer = m.offer
            beavered = m.phase is Phase.CUBE and offer is not None and offer.beavered
            if beavered and m.actor == cell.player:
                m = m.take()  # gnubg's files take a beaver by rolling on
            self.match = m
            self.need(cell, f"rolls {d0}{d1}")
            if m.phase is not Phase.ROLL:
                raise MatFileError(cell.line, f"{said}: {name} cannot roll now ({m.phase.value})")
            m = m.roll((d0, d1))
        self.match = m
        self.place_asides(game)
        m = self.match
        if not cell.moves:
            return  # no legal move (the engine has passed the turn), or rolled and stopped
        if m.phase is not Phase.MOVE:
            raise MatFileError(cell.line, f"{said}: {d0}{d1} cannot be played here")
        moves = _single_moves(cell.moves)
        if moves is not None:
            try:
                self.match = m.play_moves(moves)
                return
            except ValueError:
                pass  # not in a playable order, say; the notation decides
        try:
            self.match = m.play(_notation(cell.moves))
        except EngineError as exc:
            raise MatFileError(cell.line, f"{said} is not a legal play: {exc}") from exc

    def wins(self, cell: Cell) -> None:
        name = self.who(cell.player)
        m = self.match
        points = f"{cell.value} point{'' if cell.value == 1 else 's'}"
        if not m.is_game_over:
            loser = 1 - cell.player
            value = infer_resignation(m.game, cell.value) if m.turn == loser else None
            if value is None or m.game.resignation is not None:
                raise MatFileError(
                    cell.line,
                    f"{name} wins {points}, but the game is not over and "
                    f"{self.who(loser)} cannot resign for {points} now",
                )
            m = m.resign(value).accept_resignation()
        result = m.result
        assert result is not None
        if result.winner != cell.player:
            raise MatFileError(
                cell.line, f"{name} wins {points}, but {self.who(result.winner)} won the game"
            )
        if result.points != cell.value:
            got = f"{result.points} point{'' if result.points == 1 else 's'}"
            raise MatFileError(cell.line, f"{name} wins {points}, but the game was worth {got}")
        if cell.and_match and not m.is_over:
            raise MatFileError(
                cell.line, f"{name} wins {points} and the match, but the match goes on"
            )
        self.match = m


def read(text: str) -> MatFile:
    """Read and validate a ``.mat`` text (see the module docs)."""
    scanned = scan(text)
    if not scanned.games:
        raise MatFileError(0, "the file has no games")
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
                raise MatFileError(line, str(exc)) from exc
        elif key == "Setup":
            setup, crawford = _setup(line, value)
        elif key not in OWN_TAGS:
            kept.append((key, value))
    asides.sort(key=lambda a: (a[1].game, a[1].index))
    first = scanned.games[0]
    names = first.names
    if setup is None:
        if first.score != (0, 0):
            raise MatFileError(
                first.score_line, f"the first game starts at {_score(first.score)}, not 0-0"
            )
        match = Match.from_rules(rules)
    else:
        try:
            match = Match.from_setup(rules, setup, score=first.score, crawford=crawford)
        except ValueError as exc:
            raise MatFileError(first.score_line, str(exc)) from exc
    replay = _Replay(match, names, asides)
    for i, game in enumerate(scanned.games):
        if game.number != i + 1:
            raise MatFileError(game.line, f"game {game.number} where game {i + 1} should be")
        if i:
            if not replay.match.is_game_over:
                raise MatFileError(game.line, f"game {i} does not end, yet game {i + 1} follows")
            if replay.match.is_over:
                raise MatFileError(game.line, f"game {i + 1} follows the end of the match")
            replay.match = replay.match.next_game()
        if game.names != names:
            raise MatFileError(
                game.score_line,
                f"the players are {game.names[0]} and {game.names[1]}, "
                f"not {names[0]} and {names[1]} as in game 1",
            )
        if game.score != replay.match.game.score:
            raise MatFileError(
                game.score_line,
                f"the score is {_score(replay.match.game.score)} before game {i + 1}, "
                f"not {_score(game.score)}",
            )
        if game.crawford and not replay.match.is_crawford_game:
            raise MatFileError(
                game.line, f"game {i + 1} is noted as the Crawford game, but it is not"
            )
        for cell in game.cells:
            replay.place_asides(i)
            replay.apply(i, cell)
        replay.place_asides(i)
        if i + 1 < len(scanned.games) and not replay.match.is_game_over:
            last = game.cells[-1].line if game.cells else game.score_line
            raise MatFileError(last, f"game {i + 1} stops before it is over")
    if replay.asides:
        line, aside = replay.asides[0]
        raise MatFileError(line, f"the aside {aside} does not fit anywhere in the games")
    try:
        return MatFile(replay.match.record, names if names else DEFAULT_NAMES, tuple(kept))
    except ValueError as exc:
        raise MatFileError(first.score_line, str(exc)) from exc


def _score(score: tuple[int, int]) -> str:
    return f"{score[0]}-{score[1]}"
