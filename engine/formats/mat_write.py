"""Writing a ``.mat`` file: a match record as GNU Backgammon lays it out
(``export match mat``), byte for byte for the matches it can hold, with the
header tags and asides that keep what its columns cannot (see
:mod:`engine.formats.mat`).

>>> from engine.match import Match
>>> m = Match.new(1).roll((3, 1)).play("8/5 6/5")
>>> print(write(m.record, ("A", "B"), ()).strip())
1 point match
<BLANKLINE>
 Game 1
 A : 0                          B : 0
  1) 31: 8/5 6/5
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.formats.mat_parts import Aside, infer_resignation, rule_tags
from engine.game import Game
from engine.match import Replayed, replay_events
from engine.record import (
    Beavered,
    Conceded,
    Doubled,
    Dropped,
    Forfeit,
    GameRecord,
    MatchRecord,
    OpeningRoll,
    Played,
    ResignOffered,
    Roll,
    Took,
)
from engine.scoring import EndReason, GameResult


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


def write(record: MatchRecord, names: tuple[str, str], tags: Sequence[tuple[str, str]]) -> str:
    """The ``.mat`` text of a match record, the players' names and the header
    tags other than those written from the record."""
    rules = record.rules
    beavered = any(isinstance(e, Beavered) for g in record.games for e in g.events)
    tags = [*tags, *rule_tags(rules, beavered)]
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
        bodies.append(_game_text(i, game, names, cells))
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
