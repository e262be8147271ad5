"""What the page shows, as plain values: a :class:`Screen` with its board, its panels and
buttons, drawn by :mod:`web.dom.page` and made by :func:`web.view.screen.screen` (the
analysis board's by :mod:`web.view.analysis`).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from web.board.motion import Motion
from web.board.svg import BoardView, Words
from web.model.actions import Act
from web.model.sound import Sound
from web.model.themes import Theme
from web.view.dialog import DialogView


class Waiting(StrEnum):
    """Who the game waits for (the board's ``data-actor``)."""

    HUMAN = "human"  # a player at this page
    AI = "ai"
    NONE = "none"  # nobody: the game is over, or the opening roll is to be made


@dataclass(frozen=True, slots=True)
class Button:
    """A control of the page: the act it asks for and how it shows."""

    action: Act
    label: str
    enabled: bool = True
    visible: bool = True
    key: str = ""  # keyboard shortcut, shown in the tooltip
    why: str = ""  # why it is disabled, in its tooltip


@dataclass(frozen=True, slots=True)
class Panel:
    """One player's strip beside the board."""

    name: str
    colour: str
    pips: int
    score: str
    on_roll: bool
    note: str = ""
    owns_cube: bool = False


@dataclass(frozen=True, slots=True)
class Screen:
    """Everything the page shows, as plain values."""

    board: BoardView
    motions: tuple[Motion, ...]
    motion_ms: int
    sounds: tuple[Sound, ...]  # to play with this draw (none when muted)
    sound_on: bool  # the sound setting, for the mute toggle
    top: Panel
    bottom: Panel
    title: str
    match_line: str
    status: str
    # News the player must read (a roll that cannot be played, a refused play), "" when
    # none: also on the status line, which a phone keeps below the board, out of sight.
    message: str
    controls: tuple[Button, ...]
    dialog: DialogView | None
    history_html: str
    hint_html: str  # the AI's advice for the side to act, "" when none is shown
    history_games: tuple[tuple[int, str], ...]
    history_index: int
    notation_enabled: bool
    notice: str
    announcement: str
    announce_id: int
    theme: str
    mode: str
    phase: str
    actor: Waiting
    busy: bool
    position_id: str
    match_id: str
    turn: int  # the player on roll (0 before the opening roll)
    viewer: int
    vs_ai: bool
    play_text_failed: bool  # the typed play was refused: the move box keeps it
    analysis_html: str = ""  # the analysis board's panel (web.view.analysis), "" outside it
    analysis_mode: str = ""  # "edit" or "analyse" on the analysis board, else ""
    # The opponent's decision is awaited (the AI thinks, the friend's move or
    # link has not come): busy, but with nothing of theirs left to show.
    awaiting: bool = False


def board_words(theme: Theme, me: str, opp: str) -> Words:
    """What the board calls things in ``theme``, with each side's name as the
    board's labels say it (``me``: the side at the bottom)."""
    labels = theme.labels_on_board
    return Words(
        bar=theme.bar,
        off=theme.off,
        me=me,
        opp=opp,
        bar_label=theme.bar.upper() if labels else "",
        off_label=theme.off.upper() if labels else "",
    )
