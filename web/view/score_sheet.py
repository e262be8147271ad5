"""A game's moves as a score sheet: numbered rows, player 0 on the left.

Built from the engine's record, in standard notation, as GNU Backgammon
lists a game::

     1) 31: 8/5 6/5            64: 24/18 13/9
     2) Doubles to 2           Takes

>>> from engine.match import Match
>>> m = Match.new(0).roll((3, 1)).play("8/5 6/5").roll((6, 4)).play("24/18 13/9")
>>> [(r.number, r.cells) for r in game_rows(m.game.record)]
[(1, ('31: 8/5 6/5', '64: 24/18 13/9'))]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.notation import format_dice
from engine.record import (
    Abandoned,
    Beavered,
    Conceded,
    Doubled,
    Dropped,
    Forfeit,
    GameRecord,
    OpeningRoll,
    Played,
    ResignAccepted,
    ResignOffered,
    ResignRejected,
    Roll,
    Took,
)
from engine.scoring import EndReason
from web.board.escape import escape
from web.model.themes import CLASSIC, Theme
from web.words import sheet as say
from web.words.sheet import wins as wins


@dataclass(frozen=True, slots=True)
class HistoryRow:
    """One numbered row of the score sheet: each side's move, or a note across both."""

    number: int
    cells: tuple[str, str]
    note: str = ""  # a line across both columns (opening ties, the result)
    marked: int = -1  # the column of the move being looked at (a review's), if in this row
    events: tuple[int, int] = (-1, -1)  # each cell's event, by its index in the game's record


def game_rows(
    game: GameRecord,
    theme: Theme = CLASSIC,
    names: tuple[str, str] = say.PLAYERS,
    mark: int | None = None,
) -> list[HistoryRow]:
    """The score sheet of one game; ``names`` are player 0's and player 1's.

    ``mark`` is the index of an event of ``game`` to mark: its cell (for a roll,
    the cell of the play or forfeit that follows it)."""
    rows: list[list[str]] = []
    events: list[list[int]] = []
    notes: list[tuple[int, str]] = []  # (rows before it, text)
    rolled: dict[int, tuple[int, int]] = {}
    marked: tuple[int, int] | None = None  # (row, column)
    marking: int | None = None  # the player whose next cell is the marked one

    def put(player: int, text: str) -> None:
        nonlocal marked, marking
        if not rows or rows[-1][player] or (player == 0 and rows[-1][1]):
            rows.append(["", ""])
            events.append([-1, -1])
        rows[-1][player] = text
        events[-1][player] = k
        if marking == player:
            marked, marking = (len(rows) - 1, player), None

    for k, event in enumerate(game.events):
        if k == mark:
            marking = getattr(event, "player", None)
        if isinstance(event, OpeningRoll):
            if event.winner is None:
                notes.append((len(rows), say.opening_tie(event.die0, event.die1)))
            continue
        if isinstance(event, Roll):
            rolled[event.player] = event.dice
        elif isinstance(event, Played):
            # A play a match file records that is not legal is shown as written, flagged.
            text = say.played(format_dice(event.dice), event.notation, legal=not event.recorded)
            put(event.player, text)
        elif isinstance(event, Forfeit):
            dice = rolled.get(event.player)
            put(event.player, say.cannot_move(format_dice(dice) if dice else ""))
        elif isinstance(event, Doubled):
            put(event.player, say.doubles(theme.doubles_verb, event.cube))
        elif isinstance(event, Beavered):
            put(event.player, say.beavers(event.cube))
        elif isinstance(event, Took):
            put(event.player, say.TAKES)
        elif isinstance(event, Dropped):
            put(event.player, say.DROPS)
        elif isinstance(event, ResignOffered):
            put(event.player, say.resigns(theme.win_name(int(event.value))))
        elif isinstance(event, ResignAccepted):
            put(event.player, say.ACCEPTS)
        elif isinstance(event, ResignRejected):
            put(event.player, say.REJECTS)
        elif isinstance(event, Abandoned):
            put(event.player, say.LEFT)
        elif isinstance(event, Conceded):
            put(event.player, say.resigns(theme.win_name(int(event.value))))
    result = game.result
    if result is not None:
        win = theme.win_name(int(result.win_type))
        abandoned = result.reason is EndReason.ABANDONED
        text = say.result(names[result.winner], win, result.points, abandoned=abandoned)
        notes.append((len(rows), text))
    out: list[HistoryRow] = []
    note_at = 0
    for i, (left, right) in enumerate(rows):
        while note_at < len(notes) and notes[note_at][0] == i:
            out.append(HistoryRow(0, ("", ""), notes[note_at][1]))
            note_at += 1
        column = marked[1] if marked is not None and marked[0] == i else -1
        out.append(
            HistoryRow(i + 1, (left, right), marked=column, events=(events[i][0], events[i][1]))
        )
    for _, text in notes[note_at:]:
        out.append(HistoryRow(0, ("", ""), text))
    return out


def history_html(rows: Sequence[HistoryRow], names: tuple[str, str]) -> str:
    """The score sheet as a table (player 0 in the left column)."""
    head = (
        f'<tr><th scope="col">#</th><th scope="col">{escape(names[0])}</th>'
        f'<th scope="col">{escape(names[1])}</th></tr>'
    )
    body = []
    for row in rows:
        if row.note:
            body.append(f'<tr class="note"><td colspan="3">{escape(row.note)}</td></tr>')
        else:
            cells = "".join(
                f'<td class="marked" aria-current="step">{escape(text)}</td>'
                if row.marked == column
                else f"<td>{escape(text)}</td>"
                for column, text in enumerate(row.cells)
            )
            body.append(f"<tr><td>{row.number})</td>{cells}</tr>")
    if not body:
        body.append(f'<tr class="note"><td colspan="3">{say.NO_MOVES}</td></tr>')
    return f'<table class="history-table">{head}{"".join(body)}</table>'
