"""The analysis board's part of the page's state (``UiState.analysis``).

While the page is in this mode the game that was being played is put aside
(``kept``) and comes back when the player leaves; nothing of the analysis is
saved or counted in the player's statistics.  The board either shows the
editor (``editor`` set) or the match being analysed, which is the page's own
``UiState.match``, so that playing on uses the game's controls.  ``trail`` is
the line of play from the analysed position, one entry per decision (a roll
to make or a cube to answer, a play to choose), and ``at`` where the board is.

>>> from engine.match import Match
>>> a = Analysis(trail=(Match.new(0), Match.new(0).roll((3, 1))), at=0)
>>> a.can_back, a.can_forward, a.editing
(False, True, False)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from engine.match import Match
from web.coach.report import Report
from web.model.options import BY_HAND, Rival
from web.model.savefile import SavedGame

if TYPE_CHECKING:  # the editor and rollouts load when the board uses them
    from web.coach.match_analysis import WholeMatch
    from web.coach.rollout import Rollout
    from web.model.editor import Editor

Key = tuple[int, int]
"""A decision's place in the record: its game's index, and its event's in that game
(the line's table of contents is :mod:`web.model.movelist`)."""

Grades = Mapping[Key, tuple[int, float]]
"""Each judged decision's player and the equity it gave up (normalised)."""


@dataclass(frozen=True, slots=True)
class Analysis:
    """The analysis board's state: the position being set up or the line being analysed."""

    editor: Editor | None = None  # None: analysing the match on the board
    kept: SavedGame | None = None  # the game put aside, restored on leaving
    trail: tuple[Match, ...] = ()
    at: int = 0
    report: Report = field(default_factory=Report)
    opponent: Rival = BY_HAND  # who plays Black on from here: an AI level, or both by hand
    page_url: str = ""  # the page's address without its fragment, for the shared link
    names: tuple[str, str] | None = None  # an imported match's players (None: the colours)
    rollout: Rollout | None = None  # the rollout of the moment on the board, if one was asked
    # The decisions judged so far (a game's review, kept as the line is stepped through).
    grades: Grades = field(default_factory=dict)
    # The whole match's analysis (Analyse match), while it runs and after.
    whole: WholeMatch | None = None

    @property
    def editing(self) -> bool:
        return self.editor is not None

    @property
    def can_back(self) -> bool:
        return self.editor is None and self.at > 0

    @property
    def can_forward(self) -> bool:
        return self.editor is None and self.at < len(self.trail) - 1

    @property
    def at_end(self) -> bool:
        return self.at >= len(self.trail) - 1
