"""GNU Backgammon's ``.sgf`` match files, both ways: the format GNU Backgammon
saves a match in (``save match``), with its analysis.

An ``.sgf`` file is a Smart Game Format collection: one game tree a game, each
``(;root ;node ;node ...)``.  The root of each game says the match length,
the game's number and the score before it (``MI[length:7][game:0][ws:0][bs:2]``),
the players (``PW`` is our player 0, the left column of a ``.mat`` file;
``PB`` player 1), the rules (``RU[Crawford:CrawfordGame]``, ``Jacoby``) and the
result (``RE[W+2]``: White won 2 points).  Each node after it is one action,
``W[...]`` or ``B[...]``: a roll and its play (``41lpab``: the dice, then a
letter pair per checker moved, ``a`` to ``x`` the 24 points as White counts
them from its own 1 point, ``y`` the bar, ``z`` off), ``double``, ``take``,
``drop`` or ``beaver``.  A game GNU Backgammon set up from a board has setup
nodes before its first action (``AE`` empties points, ``AW`` and ``AB`` put a
checker back, ``PL`` says who acts, ``CV`` and ``CP`` the cube): the first
game starts from that board; a board edited later is noted and not read.
Everything else (GNU Backgammon's analysis, the
luck, comments) is skipped: we read what was played.

Reading is the ``.mat`` reader's (:func:`engine.formats.mat_read.replay_scanned`):
the actions become the same cells, replayed through the engine with the same
repairs and notes, and a game that the actions leave unfinished ends as the
root's ``RE`` says (a resignation).  The value read is a
:class:`~engine.formats.mat.MatFile`, as for a ``.mat`` file: the board, the
review and the command line take either.

>>> from engine.match import Match
>>> m = Match.new(3).roll((4, 1)).play("24/23 13/9").roll((3, 1)).play("8/5 6/5")
>>> text = write(MatFile.from_match(m, ("Ann", "Ben")))
>>> text.splitlines()[1:]  # 24/23 13/9 and 8/5 6/5: a letter pair a checker
[';W[41mixw]', ';B[31qtst])']
>>> read(text).record == m.record
True
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from engine.errors import InvalidPositionError, MatFileError, SgfError
from engine.formats.mat import MatFile
from engine.formats.mat_parts import DEFAULT_NAMES
from engine.formats.mat_read import Cell, GameText, Scanned, replay_scanned
from engine.position import Position
from engine.record import (
    Beavered,
    Doubled,
    Dropped,
    Forfeit,
    MatchRecord,
    OpeningRoll,
    Played,
    Roll,
    Took,
)
from engine.rules import MAX_MATCH_LENGTH

APPLICATION = "Backgammon web"
"""What ``AP`` says wrote a file we write."""

_PROPERTY = re.compile(r"[A-Za-z]+")


@dataclass(frozen=True, slots=True)
class Node:
    """One SGF node: its line in the file and its properties, each with its values."""

    line: int
    props: dict[str, tuple[str, ...]]

    def first(self, key: str) -> str | None:
        values = self.props.get(key)
        return values[0] if values else None


class _Reader:
    """A recursive-descent reader of SGF's grammar: collection = tree+,
    tree = "(" node+ tree* ")", node = ";" (property value+)*.  Only each
    tree's main line is kept (the first variation), as a game is played once."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.pos = 0

    def line(self) -> int:
        return self.text.count("\n", 0, self.pos) + 1

    def fail(self, reason: str, code: str, **values: object) -> SgfError:
        return SgfError(self.line(), reason, code=code, **values)

    def skip_space(self) -> None:
        while self.pos < len(self.text) and self.text[self.pos].isspace():
            self.pos += 1

    def collection(self) -> list[list[Node]]:
        trees: list[list[Node]] = []
        self.skip_space()
        while self.pos < len(self.text):
            if self.text[self.pos] != "(":
                raise self.fail(
                    f"expected '(' to start a game, found {self.text[self.pos]!r}",
                    code="sgf_syntax",
                    found=self.text[self.pos],
                )
            trees.append(self.tree())
            self.skip_space()
        if not trees:
            raise SgfError(0, "not an .sgf file: there is no game in it", code="sgf_empty")
        return trees

    def tree(self) -> list[Node]:
        self.pos += 1  # "("
        nodes: list[Node] = []
        variations: list[list[Node]] = []
        while True:
            self.skip_space()
            if self.pos >= len(self.text):
                raise self.fail("the file ends inside a game: a ')' is missing", code="sgf_cut")
            c = self.text[self.pos]
            if c == ";" and not variations:
                nodes.append(self.node())
            elif c == "(":
                variations.append(self.tree())
            elif c == ")":
                self.pos += 1
                return nodes + (variations[0] if variations else [])
            else:
                raise self.fail(
                    f"expected ';', '(' or ')', found {c!r}", code="sgf_syntax", found=c
                )

    def node(self) -> Node:
        line = self.line()
        self.pos += 1  # ";"
        props: dict[str, tuple[str, ...]] = {}
        while True:
            self.skip_space()
            m = _PROPERTY.match(self.text, self.pos)
            if m is None:
                return Node(line, props)
            self.pos = m.end()
            values: list[str] = []
            self.skip_space()
            while self.pos < len(self.text) and self.text[self.pos] == "[":
                values.append(self.value())
                self.skip_space()
            if not values:
                raise self.fail(f"the property {m[0]} has no value", code="sgf_value", name=m[0])
            props[m[0]] = props.get(m[0], ()) + tuple(values)

    def value(self) -> str:
        self.pos += 1  # "["
        out: list[str] = []
        while self.pos < len(self.text):
            c = self.text[self.pos]
            if c == "\\" and self.pos + 1 < len(self.text):
                out.append(self.text[self.pos + 1])
                self.pos += 2
            elif c == "]":
                self.pos += 1
                return "".join(out)
            else:
                out.append(c)
                self.pos += 1
        raise self.fail("the file ends inside a property value: a ']' is missing", code="sgf_cut")


def parse_trees(text: str) -> list[list[Node]]:
    """The main line of each game tree of an SGF text; raises :class:`SgfError`.

    >>> [[n.props for n in tree] for tree in parse_trees("(;GM[6]MI[a][b](;W[x])(;W[y]))")]
    [[{'GM': ('6',), 'MI': ('a', 'b')}, {'W': ('x',)}]]
    """
    if not isinstance(text, str):
        raise SgfError(0, f"an .sgf file is text, not {type(text).__name__}", code="file_not_text")
    return _Reader(text.removeprefix("\ufeff")).collection()


def _point(letter: str, player: int) -> int:
    """A point letter as the mover counts (``y`` the bar, ``z`` off)."""
    if letter == "y":
        return 25
    if letter == "z":
        return 0
    index = ord(letter) - ord("a")
    return index + 1 if player == 0 else 24 - index


def _letter(point: int, player: int) -> str:
    """The letter of a point the mover counts (25 the bar, 0 off)."""
    if point == 25:
        return "y"
    if point == 0:
        return "z"
    return chr(ord("a") + (point - 1 if player == 0 else 24 - point))


_ROLL = re.compile(r"([1-6])([1-6])((?:[a-z][a-z])*)")
_RESULT = re.compile(r"([WB])\+(\d+)")


def _cell(node: Node, number: int, unread: list[tuple[int, str]]) -> Cell | None:
    """The cell of an action node, ``None`` for a node that holds none."""
    for key, player in (("W", 0), ("B", 1)):
        value = node.first(key)
        if value is None:
            continue
        word = value.strip().lower()
        if word in ("double", "take", "drop", "beaver"):
            return Cell(node.line, player, word, number=number, text=word)
        m = _ROLL.fullmatch(word)
        if m is None:
            unread.append((node.line, f"{key}[{value}]"))
            return None
        letters = m[3]
        moves = " ".join(
            f"{_point(letters[k], player)}/{_point(letters[k + 1], player)}"
            for k in range(0, len(letters), 2)
        )
        dice = (int(m[1]), int(m[2]))
        return Cell(node.line, player, "roll", dice, moves, number=number, text=value)
    return None


_SETUP = ("AE", "AW", "AB")


def _letters(values: tuple[str, ...]) -> list[int]:
    """Point letters (``a`` White's 1 point to ``x`` its 24, ``y`` the bar), and
    ranges ``a:y``, as indexes 0 to 24."""
    out: list[int] = []
    for value in values:
        first, _, last = value.strip().partition(":")
        lo, hi = ord(first or "?") - ord("a"), ord((last or first) or "?") - ord("a")
        if not (0 <= lo <= 24 and 0 <= hi <= 24):
            raise ValueError(f"{value!r} is not a point")
        out.extend(range(lo, hi + 1))
    return out


def _setup(nodes: list[Node], turn: int, crawford: bool) -> str | None:
    """The ``Setup`` tag of a game whose board GNU Backgammon's setup nodes set
    before its first action (``AE`` empties points, ``AW`` and ``AB`` put a
    White or Black checker on one, each letter as White counts; ``PL`` the
    player to act; ``CV`` and ``CP`` the cube); ``None`` when they do not."""
    if not any(key in node.props for node in nodes for key in _SETUP):
        return None
    white = [0] * 25  # White's checkers on its points 1..24 (index 0..23), 24 its bar
    black = [0] * 25  # Black's, on the same indexes as White counts them
    start = Position.start()
    for i in range(1, 25):
        white[i - 1], black[24 - i] = start.me[i], start.opp[i]
    white[24], black[24] = start.me[25], start.opp[25]
    cube, owner = 1, "-"
    for node in nodes:
        for index in _letters(node.props.get("AE", ())):
            white[index] = black[index] = 0
        for index in _letters(node.props.get("AW", ())):
            white[index] += 1
        for index in _letters(node.props.get("AB", ())):
            black[index] += 1
        player = (node.first("PL") or "").strip().upper()
        if player in ("W", "B") and turn < 0:
            turn = 0 if player == "W" else 1
        value = (node.first("CV") or "").strip()
        if value.isdigit():
            cube = int(value)
        where = (node.first("CP") or "").strip().lower()
        if where:
            owner = {"w": "0", "b": "1"}.get(where, "-")
    points = [w - b for w, b in zip(white[:24], black[:24], strict=True)]
    if turn == 1:
        points = [-n for n in reversed(points)]
    bars = (white[24], black[24]) if turn != 1 else (black[24], white[24])
    position = Position.from_points(points, bar=bars[0], opp_bar=bars[1])
    return f"{position.id} {max(turn, 0)} {cube} {owner} {int(crawford)}"


def _info(root: Node) -> dict[str, str]:
    """``MI``'s ``key:value`` pairs."""
    out: dict[str, str] = {}
    for item in root.props.get("MI", ()):
        key, _, value = item.partition(":")
        out[key.strip()] = value.strip()
    return out


def _int(root: Node, info: dict[str, str], key: str) -> int:
    raw = info.get(key, "0")
    if not raw.isdigit():
        raise SgfError(
            root.line, f"MI[{key}:{raw}] is not a number", code="sgf_number", found=f"{key}:{raw}"
        )
    return int(raw)


def scan(text: str) -> Scanned:
    """An SGF text as the cells of its games, for the ``.mat`` reader's replay."""
    trees = parse_trees(text)
    unread: list[tuple[int, str]] = []
    games: list[GameText] = []
    length = 0
    tags: list[tuple[int, str, str]] = []
    for k, tree in enumerate(trees):
        if not tree:
            continue
        root = tree[0]
        gm = root.first("GM")
        if gm is not None and gm.strip() != "6":
            raise SgfError(
                root.line, f"GM[{gm}] is not backgammon (GM[6])", code="sgf_game", game=gm
            )
        info = _info(root)
        if k == 0:
            length = _int(root, info, "length")
            if length > MAX_MATCH_LENGTH:
                raise SgfError(
                    root.line,
                    f"a match to {length} points: too long",
                    code="match_length",
                    limit=MAX_MATCH_LENGTH,
                )
            rules = {r.strip().lower() for r in ":".join(root.props.get("RU", ())).split(":")}
            if length and "crawford" not in rules:
                tags.append((root.line, "Crawford", "Off"))
            if not length:
                tags.append((root.line, "Jacoby", "On" if "jacoby" in rules else "Off"))
                if "beavers" in rules or "beaver" in rules:
                    tags.append((root.line, "Beaver", "On"))
        names = (root.first("PW") or DEFAULT_NAMES[0], root.first("PB") or DEFAULT_NAMES[1])
        score = (_int(root, info, "ws"), _int(root, info, "bs"))
        cells: list[Cell] = []
        actions = tree if {"W", "B"} & root.props.keys() else tree[1:]
        before: list[Node] = []  # the nodes before the first action: a setup's
        for n, node in enumerate(actions):
            if not cells and not ({"W", "B"} & node.props.keys()):
                before.append(node)
            elif any(key in node.props for key in _SETUP):
                unread.append((node.line, "a board edited during the game"))
            cell = _cell(node, n // 2 + 1, unread)
            if cell is not None:
                cells.append(cell)
        crawford = "crawfordgame" in {
            r.strip().lower() for r in ":".join(root.props.get("RU", ())).split(":")
        }
        if before and any(key in n.props for n in before for key in _SETUP):
            first = cells[0].player if cells else -1
            try:
                setup = _setup(before, first, crawford)
            except (ValueError, InvalidPositionError) as exc:
                raise SgfError(
                    before[0].line, f"a board that cannot be set up: {exc}", code="no_board"
                ) from exc
            if setup is not None and not games:
                tags.append((before[0].line, "Setup", setup))
            elif setup is not None:
                unread.append((before[0].line, "a game set up from a board after the first"))
        result = _RESULT.match(root.first("RE") or "")
        if result:
            winner = 0 if result[1] == "W" else 1
            points = int(result[2])
            cells.append(Cell(root.line, winner, "wins", value=points, text=result[0]))
        number = _int(root, info, "game") + 1 if "game" in info else k + 1
        games.append(GameText(root.line, number, names, score, root.line, tuple(cells), crawford))
    beavered = any(  # gnubg writes a beaver as a double answering a double
        a.kind == b.kind == "double" or b.kind == "beaver"
        for g in games
        for a, b in zip(g.cells, g.cells[1:], strict=False)
    )
    if not length and beavered and ("Beaver", "On") not in {t[1:] for t in tags}:
        # GNU Backgammon's RU names no beavers even for a session that had them
        # (its .mat export says [Beaver "On"]): a beaver played says they were on.
        tags.append((games[0].line, "Beaver", "On"))
    return Scanned(tuple(tags), length, tuple(games), tuple(unread))


def read(text: str) -> MatFile:
    """Read a GNU Backgammon ``.sgf`` match as GNU Backgammon does; the repairs
    are in its ``notes``; raises :class:`SgfError` for a text that is not one."""
    try:
        record, names, tags, notes = replay_scanned(scan(text))
    except MatFileError as exc:
        raise SgfError(exc.line, exc.reason, code=exc.code, **exc.values) from exc
    try:
        return MatFile(record, names, tags, notes)
    except ValueError:
        return MatFile(record, DEFAULT_NAMES, tags, notes)


def _escape(text: str) -> str:
    return text.replace("\\", "\\\\").replace("]", "\\]")


def write(mat: MatFile) -> str:
    """The ``.sgf`` text of a match: one game tree a game, the actions played (a
    resignation is the root's result, as the actions do not show it)."""
    record: MatchRecord = mat.record
    rules = record.rules
    if record.games and record.games[0].setup is not None:
        raise ValueError("a game set up from a position is not written as .sgf")
    out: list[str] = []
    for i, game in enumerate(record.games):
        ru = ["Crawford"] if rules.match_length and rules.crawford else []
        if game.crawford:
            ru.append("CrawfordGame")
        if not rules.match_length and rules.jacoby:
            ru.append("Jacoby")
        if not rules.match_length and rules.beavers:
            ru.append("Beavers")
        root = (
            f"(;FF[4]GM[6]CA[UTF-8]AP[{APPLICATION}]"
            f"MI[length:{rules.match_length}][game:{i}][ws:{game.score[0]}][bs:{game.score[1]}]"
            f"PW[{_escape(mat.names[0])}]PB[{_escape(mat.names[1])}]"
        )
        if ru:
            root += f"RU[{':'.join(ru)}]"
        if game.result is not None:
            root += f"RE[{'WB'[game.result.winner]}+{game.result.points}]"
        nodes = [root]
        rolled: dict[int, tuple[int, int]] = {}
        for event in game.events:
            if isinstance(event, OpeningRoll):
                if event.winner is not None:
                    hi, lo = max(event.die0, event.die1), min(event.die0, event.die1)
                    rolled[event.winner] = (hi, lo)
                continue
            if isinstance(event, Roll):
                rolled[event.player] = event.dice
                continue
            colour = "WB"[event.player]
            if isinstance(event, Played):
                rolled.pop(event.player, None)
                letters = "".join(
                    _letter(a, event.player) + _letter(b, event.player) for a, b in event.moves
                )
                nodes.append(f";{colour}[{event.dice[0]}{event.dice[1]}{letters}]")
            elif isinstance(event, Forfeit):
                d = rolled.pop(event.player, (0, 0))
                nodes.append(f";{colour}[{d[0]}{d[1]}]")
            elif isinstance(event, Doubled):
                nodes.append(f";{colour}[double]")
            elif isinstance(event, Beavered):
                nodes.append(f";{colour}[beaver]")
            elif isinstance(event, Took):
                nodes.append(f";{colour}[take]")
            elif isinstance(event, Dropped):
                nodes.append(f";{colour}[drop]")
        for player, d in rolled.items():  # rolled, then resigned: the roll alone
            nodes.append(f";{'WB'[player]}[{d[0]}{d[1]}]")
        out.append("\n".join(nodes) + ")\n")
    return "".join(out)
