"""The page's state as one immutable value, and the questions asked of it.

:class:`UiState` holds everything the page shows that is not the engine's
match: the options the match was started with, the settings, the checker
picked up, the dialog open, the messages, the advice and the review.  The
controller replaces it (``dataclasses.replace``) on every change; the
screen is a pure function of it (:func:`web.view.screen.screen`).  Rules are
never answered here: every query asks the engine's :class:`Match`.

>>> s = UiState()
>>> s.names, s.viewer, s.movable
(('You', 'Selector'), 0, frozenset())
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from types import MappingProxyType
from typing import TYPE_CHECKING

from engine.game import Phase
from engine.match import Match
from engine.record import OpeningRoll
from web.model.advice import Advice
from web.model.analysis import Analysis
from web.model.online import OnlineState
from web.model.options import MatchOptions, Settings, ai_name
from web.model.records import PlayerRecords
from web.model.themes import Theme, theme

if TYPE_CHECKING:  # a review's: imported when one is made (web.control.coaching)
    from web.coach.review import Review
    from web.model.intents import Intent  # an intent's, loaded with the first one

# Milliseconds per animation setting: a checker's slide, and the pause that
# lets a player see the dice (or a result) before things move on.
PACE: Mapping[str, tuple[int, int]] = MappingProxyType(
    {"normal": (320, 600), "fast": (90, 150), "off": (0, 0)}
)


class Dialog(StrEnum):
    NEW = "new"
    CUBE = "cube"  # a double to answer
    RESIGN = "resign"  # choosing what to resign
    RESIGN_ANSWER = "resign-answer"  # a resignation to answer
    OVER = "over"
    DICE = "dice"  # entering real dice
    REVIEW = "review"
    STATS = "stats"
    SETTINGS = "settings"
    SAVES = "saves"
    ABANDON = "abandon"  # asks before a game in progress is thrown away
    POSITION = "position"  # the position's identifiers, to copy
    HELP = "help"  # how to play: the rules in brief, the controls, the notation
    INVITE = "invite"  # the online invite's link, and whether the friend is here
    JOIN = "join"  # the invite this page was opened with: who invites, the terms, Accept
    CHAT = "chat"  # the canned phrases to say to the friend online
    CLAIM = "claim"  # the friend online is gone: claim the game, or keep waiting
    ANSWER = "answer"  # connecting by hand: the answer code to send back to the inviter
    POST = "post"  # playing by messages: the link to send the friend
    POST_GAMES = "post-games"  # the games by messages in progress, each to go on with
    POST_LIVE = "post-live"  # a game by messages goes live: the relays named; then waiting
    TUTOR = "tutor"  # the tutor judged the play a mistake: keep it, take it back, or see better
    CUT = "cut"  # asks before playing on from inside an imported match's line cuts its rest


@dataclass(frozen=True, slots=True)
class Selection:
    """The checker in hand and how the dice are ordered."""

    selected: int | None = None  # picked up by a tap (viewer's numbering)
    lifted: int | None = None  # being dragged from
    swapped: bool = False  # the player asked for the lower die first
    landed: int | None = None  # where the last tap put a checker


@dataclass(frozen=True, slots=True)
class Saves:
    """What the Saves dialog lists (read from storage when it opens)."""

    slots: tuple[str, ...] = ()
    available: bool = True
    overwrite: str = ""  # a slot name in use, waiting for Act.SAVE_OVERWRITE
    unreadable: tuple[str, ...] = ()  # storage keys of text that could not be read
    held: tuple[str, ...] = ()  # ...of which those left in place (Store.held): not saved over


class ReviewView(StrEnum):
    """What the board shows of a reviewed decision."""

    BEFORE = "before"  # the board the player decided on
    PLAYED = "played"  # after the play made
    BEST = "best"  # after King Tubby's best play


@dataclass(frozen=True, slots=True)
class Reviewing:
    """A finished game under review, and the decision the board shows."""

    review: Review | None = None
    at: int | None = None  # the reviewed decision on the board, if any
    view: ReviewView = ReviewView.BEFORE  # ...and what of it


def _start() -> Match:
    return Match.from_rules(MatchOptions().rules())


@dataclass(frozen=True, slots=True)
class UiState:
    """The page's state as one immutable value (see the module's docstring)."""

    options: MatchOptions = field(default_factory=MatchOptions)
    settings: Settings = field(default_factory=Settings)
    match: Match = field(default_factory=_start)
    counted: int = 0  # finished games of this match already in the records
    records: PlayerRecords = field(default_factory=PlayerRecords)
    selection: Selection = Selection()
    dialog: Dialog | None = None
    new_can_cancel: bool = True  # the New game dialog may be closed
    saves: Saves = Saves()
    message: str = ""  # the status line's news, until the next action
    play_refused: bool = False  # the typed play was refused: the move box keeps it
    dialog_error: str = ""  # what went wrong with the open dialog's request, shown in it
    copied: str = ""  # what the clipboard took (Act.COPY_ID's value), until the next action
    # An intent that would throw away the game in progress, waiting for the player
    # to confirm it (Act.ABANDON); or, on the analysis board, one that would cut
    # an imported match's line (Act.ANALYSIS_CUT).
    pending: Intent | None = None
    notice: str = ""  # a banner until dismissed (storage problems)
    announcement: str = ""  # for screen readers
    announce_id: int = 0
    epoch: int = 0  # bumped when the match is replaced, to drop stale answers
    busy: bool = False  # a play is being shown or the opponent is deciding
    thinking: bool = False  # the AI is deciding
    history_index: int | None = None  # the game the score sheet shows (None: the last)
    advice: Advice = field(default_factory=Advice)
    reviewing: Reviewing = Reviewing()
    animation: str | None = None  # overrides the setting (tests, reduced motion)
    # Online play: the friend, the invite, the links and codes (web.model.online).
    online: OnlineState = field(default_factory=OnlineState)
    analysis: Analysis | None = None  # the analysis board, when the page is in that mode

    # -- who is who ---------------------------------------------------------------

    @property
    def theme(self) -> Theme:
        return theme(self.settings.theme)

    @property
    def pace(self) -> tuple[int, int]:
        return PACE.get(self.animation or self.settings.animation, PACE["normal"])

    @property
    def names(self) -> tuple[str, str]:
        if self.analysis is not None and self.analysis.names is not None:
            return self.analysis.names  # an imported match's players
        seat = self.online.remote_seat
        if seat is not None:
            you, friend = "You", self.online.friend_name
            return (friend, you) if seat == 0 else (you, friend)
        if self.options.vs_ai:
            return ("You", ai_name(self.options.opponent))
        # Pass-and-play: the names the players gave, else their colours'.
        given, colours = self.options.names, self.theme.colour_names
        return (given[0] or colours[0], given[1] or colours[1])

    def is_ai(self, player: int | None) -> bool:
        """Whether ``player``'s seat is played elsewhere (the AI, or a friend online)."""
        if self.online.playing:
            return player == self.online.remote_seat
        return self.options.vs_ai and player == 1

    @property
    def recorded(self) -> int:
        """The seat whose results go into this device's records: this page's
        seat against a friend online, else seat 0 (the human against the AI)."""
        here = self.online.here
        return 0 if here is None else here

    @property
    def viewer(self) -> int:
        """Whose side the board is drawn from: the human, or on a shared device
        the player to act."""
        here = self.online.here
        if here is not None:
            return here
        if self.options.vs_ai:
            return 0
        kept = self.settings.bottom.seat
        if self.analysis is not None and kept is not None:
            return kept  # the analysis board keeps the side chosen as it steps
        m = self.match
        # A double or a resignation is answered by the other player: the board
        # turns to them while they decide (not on the analysis board, which
        # keeps its side as the line is stepped through).
        deciding = m.phase in (Phase.CUBE, Phase.RESIGNATION) and self.analysis is None
        who = m.actor if deciding else m.turn
        return who if who is not None else 0

    # -- what the player may do ------------------------------------------------------

    @property
    def human_to_move(self) -> bool:
        m = self.match
        return (
            not self.busy
            and self.dialog is None
            and m.phase is Phase.MOVE
            and not self.is_ai(m.turn)
        )

    @property
    def mover_on_top(self) -> bool:
        """The side on roll is drawn at the top (the analysis board keeps the other
        at the bottom): the board's places are then in its numbering."""
        a = self.analysis
        return a is not None and a.editor is None and self.match.turn != self.viewer

    @property
    def movable(self) -> frozenset[int]:
        """Places a checker may be picked up from now, in the numbering of the side
        on roll: the viewer's, or the top side's (:attr:`mover_on_top`)."""
        if not self.human_to_move or (self.match.turn != self.viewer and not self.mover_on_top):
            return frozenset()
        return frozenset(self.match.movable_points())

    def destinations(self, src: int) -> frozenset[int]:
        if not self.human_to_move or (self.match.turn != self.viewer and not self.mover_on_top):
            return frozenset()
        return frozenset(self.match.destinations(src))

    @property
    def dice_order(self) -> list[int]:
        """Dice values in the order the player wants them used (higher first
        unless swapped)."""
        remaining = list(self.match.remaining_dice)
        return remaining[::-1] if self.selection.swapped else remaining

    @property
    def dialog_needed(self) -> bool:
        """A double or resignation waits for this page's player to answer."""
        m = self.match
        return m.phase in (Phase.CUBE, Phase.RESIGNATION) and not self.is_ai(m.actor)

    @property
    def in_progress(self) -> bool:
        """A match has begun and is not over: starting another throws it away."""
        m = self.match
        return not m.is_over and (m.game_number > 1 or bool(m.events))

    @property
    def opening_move(self) -> bool:
        """Whether the turn being played is the opening roll's."""
        events = self.match.events
        return bool(events) and isinstance(events[-1], OpeningRoll)
