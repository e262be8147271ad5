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
other programs read as a resignation of that value.  So any match played here exports losslessly:
``MatFile.parse(str(mat)).record == mat.record``.

Reading is parse-then-validate: every cell is replayed through the engine
(:class:`engine.match.Match`), so every roll, play, cube action, score and
result is checked by the code that plays.  A file that is not a match raises
:class:`MatFileError` (a ``ValueError``) whose message starts with the line
and says what is wrong in a player's words; nothing partial is returned.

The API (for the command line and the page)::

    MatFile.parse(text) -> MatFile        # raises MatFileError
    MatFile.from_match(match, names=("You", "King Tubby"), tags=()) -> MatFile
    str(mat) -> the .mat text
    mat.record -> MatchRecord             # replay(mat.record) == mat.match()
    mat.match() -> Match                  # the match as the engine plays it on
    mat.names, mat.tags                   # ("Alice", "Bob"), (("Site", "..."), ...)
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

from engine.errors import EngineError
from engine.game import Game
from engine.match import Match, Replayed, replay, replay_events
from engine.record import (
    Abandoned,
    Beavered,
    Conceded,
    Doubled,
    Dropped,
    Event,
    Forfeit,
    GameRecord,
    MatchRecord,
    OpeningRoll,
    Played,
    ResignAccepted,
    ResignOffered,
    ResignRejected,
    Roll,
    Took,
)
from engine.rules import Rules
from engine.scoring import EndReason, GameResult, WinType


class MatFileError(EngineError):
    """A ``.mat`` file that is not a match: ``line`` is where (1-based; 0 for the
    whole file) and ``reason`` what is wrong, in a player's words."""

    def __init__(self, line: int, reason: str) -> None:
        where = f"line {line}: " if line else ""
        super().__init__(f"{where}{reason}")
        self.line = line
        self.reason = reason


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


@dataclass(frozen=True, slots=True)
class ReadNote:
    """What reading a file had to repair, for the player to see: where (the
    line; the game and the move as the file numbers them, 0 when none) and
    what, in a player's words.  ``flagged`` marks a play kept as the file
    records it, which a review does not judge.

    >>> str(ReadNote(12, 3, 12, "Bob's 8/3 6/3 is not a legal play of 41; kept as recorded"))
    "Game 3, move 12: Bob's 8/3 6/3 is not a legal play of 41; kept as recorded"
    >>> str(ReadNote(40, 0, 0, "cannot read 'xyzzy'; left out"))
    "Line 40: cannot read 'xyzzy'; left out"
    """

    line: int
    game: int
    move: int
    text: str
    flagged: bool = False

    def __str__(self) -> str:
        if self.game and self.move:
            return f"Game {self.game}, move {self.move}: {self.text}"
        if self.game:
            return f"Game {self.game}: {self.text}"
        return f"Line {self.line}: {self.text}"


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
        from engine.matfile_read import read

        return read(text)

    def match(self) -> Match:
        """The match the record replays to (where play would go on)."""
        return replay(self.record)

    def __str__(self) -> str:
        return _write(self)


def dumps(match: Match | MatchRecord, names: tuple[str, str] = DEFAULT_NAMES) -> str:
    """The ``.mat`` text of a match played here."""
    return str(MatFile.from_match(match, names))


def loads(text: str) -> Match:
    """The match a ``.mat`` text holds, validated; raises :class:`MatFileError`."""
    return MatFile.parse(text).match()


# -- writing ---------------------------------------------------------------------


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

    >>> g = Match.new(5).roll((3, 1)).game
    >>> infer_resignation(g, 2), infer_resignation(g, 5)
    (<WinType.GAMMON: 2>, None)
    """
    for value in WinType:
        if game.can_resign(value) and game.resignation_points(value) == points:
            return value
    return None


def _reads_as_conceded(game: Game, event: Conceded, result: object) -> bool:
    """Whether the ``Wins N points`` line alone reads back as this concession: the
    reader resigns for the player on roll when a resignation scores the
    points, and reads a concession otherwise."""
    if not isinstance(result, GameResult) or result.points != game.resignation_points(event.value):
        return False
    if game.turn == event.player and game.resignation is None:
        return infer_resignation(game, result.points) is None
    return True


@dataclass(frozen=True, slots=True)
class _Cell:
    """One entry of a game's column in a ``.mat`` file."""

    player: int
    text: str
    kind: str  # "roll" (with its play), "roll only", "cube", "drop"


def _moves_text(event: Played) -> str:
    """The moves one die at a time, in the order played, as gnubg writes them: each
    followed by a space, except the fourth."""
    moves = [
        f"{a}/{b}{'*' if hit else ''}" for (a, b), hit in zip(event.moves, event.hits, strict=True)
    ]
    text = " ".join(moves)
    return text if len(moves) == 4 else text + " "


def _game_cells(
    index: int, game: GameRecord, steps: list[Replayed]
) -> tuple[list[_Cell], list[Aside]]:
    """A game's cells and its asides; ``steps`` are its events replayed."""
    cells: list[_Cell] = []
    asides: list[Aside] = []
    dice: dict[int, str] = {}  # a player's roll waiting for its play
    result = game.result
    resigned_at = len(steps) - 2 if result and result.reason is EndReason.RESIGNED else -1
    in_body = False  # the resignation that ended the game is the "Wins" line
    for k, step in enumerate(steps):
        event = step.event
        if isinstance(event, OpeningRoll):
            winner = event.winner
            if winner is None:
                asides.append(Aside(index, k, event))
            else:
                dice[winner] = f"{max(event.die0, event.die1)}{min(event.die0, event.die1)}"
        elif isinstance(event, Roll):
            dice[event.player] = f"{event.dice[0]}{event.dice[1]}"
        elif isinstance(event, Forfeit):
            cells.append(_Cell(event.player, f"{dice.pop(event.player)}: ", "roll"))
        elif isinstance(event, Played):
            text = f"{dice.pop(event.player)}: {_moves_text(event)}"
            cells.append(_Cell(event.player, text, "roll"))
        elif isinstance(event, Doubled):
            cells.append(_Cell(event.player, f" Doubles => {event.cube}", "cube"))
        elif isinstance(event, Beavered):
            cells.append(_Cell(event.player, f" Beavers => {event.cube}", "cube"))
        elif isinstance(event, Took):
            follows = steps[k + 1].event if k + 1 < len(steps) else None
            if not (isinstance(steps[k - 1].event, Beavered) and isinstance(follows, Roll)):
                cells.append(_Cell(event.player, " Takes", "cube"))
            # else, as gnubg writes it, the doubler's roll after a beaver says it was taken
        elif isinstance(event, Dropped):
            cells.append(_Cell(event.player, " Drops", "drop"))
        elif isinstance(event, Conceded):
            if not _reads_as_conceded(step.before.game, event, result):
                asides.append(Aside(index, k, event))
            # else the winner's "Wins N points" line is read back as this concession
        elif (
            k == resigned_at
            and isinstance(event, ResignOffered)
            and result is not None
            and infer_resignation(step.before.game, result.points) is event.value
        ):
            in_body = True
        elif not (in_body and k == resigned_at + 1):
            asides.append(Aside(index, k, event))
    if dice:  # rolled, then resigned or stopped: the roll without a play
        player, rolled = dice.popitem()
        cells.append(_Cell(player, f"{rolled}: ", "roll only"))
    return cells, asides


def _write(mat: MatFile) -> str:
    record = mat.record
    rules = record.rules
    beavered = any(isinstance(e, Beavered) for g in record.games for e in g.events)
    tags = [*mat.tags, *rule_tags(rules, beavered)]
    setup = record.games[0].setup if record.games else None
    if setup is not None:
        owner = "-" if setup.cube.owner is None else str(setup.cube.owner)
        crawford = int(record.games[0].crawford)
        value = f"{setup.position.id} {setup.turn} {setup.cube.value} {owner} {crawford}"
        tags.append(("Setup", value))
    steps: list[list[Replayed]] = [[] for _ in record.games]
    for step in replay_events(record):
        steps[step.game].append(step)
    bodies: list[str] = []
    for i, game in enumerate(record.games):
        cells, asides = _game_cells(i, game, steps[i])
        tags.extend(("Aside", str(a)) for a in asides)
        bodies.append(_game_text(i, game, mat.names, cells))
    out = [f'; [{key} "{value}"]\n' for key, value in tags]
    out.append(f"\n {rules.match_length} point match\n\n")
    out.extend(bodies)
    return "".join(out)


def _game_text(index: int, game: GameRecord, names: tuple[str, str], cells: list[_Cell]) -> str:
    """One game as GNU Backgammon lays it out: ``%3d) %-27s `` on the left, the
    right cell from column 33, and where the game ends, ``Wins N points``
    under the winner's column."""
    left = f"{names[0]} : {game.score[0]}"
    out = [f" Game {index + 1}\n", f" {left:<31}{names[1]} : {game.score[1]}\n"]
    result = game.result
    slot = 0  # cells so far, a first right-hand cell counting one empty left cell
    line_open = False
    for cell in cells:
        if slot == 0 and cell.player == 1:
            out.append("  1)" + " " * 29)
            slot = 1
        text = cell.text
        if cell.kind == "drop":
            assert result is not None
            gap = "\n      " if cell.player == 1 else " " * 23
            text = f"{text}{gap}{_wins(result.points)}"
        if slot % 2:
            out.append(text if cell.kind == "roll only" else text + "\n")
            line_open = cell.kind == "roll only"
        elif cell.kind == "roll only":
            out.append(f"{slot // 2 + 1:3d}) {text:<3}")
            line_open = True
        else:
            out.append(f"{slot // 2 + 1:3d}) {text:<27} ")
            line_open = True
        if cell.kind == "drop":
            out.append("\n" if cell.player == 1 else "\n\n")
            line_open = False
        slot += 1
    if result is not None and result.reason is not EndReason.DROPPED:
        end = _wins(result.points)
        last = cells[-1] if cells else None
        if result.winner == 0:
            out.append(f"{chr(10) if line_open else ''}      {end}\n\n")
        elif last is not None and last.kind == "roll only" and last.player == 0:
            out.append(f"{' ' * 24}{end}\n\n")
        else:
            out.append(f"{' ' if line_open else ' ' * 34}{end}\n\n")
    elif line_open:
        out.append("\n")  # an unfinished game: end its last line
    return "".join(out)


def _wins(points: int) -> str:
    return f"Wins {points} point{'' if points == 1 else 's'}"
