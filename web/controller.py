"""The game controller: drives the engine's :class:`~engine.match.Match` from
player intents and AI answers, and describes what the page should show.

It is handed its parts, like 2048's GameManager: a view (draws a
:class:`Screen`), a store (``localStorage``), an AI port (a web worker), a
timer (pacing and animation) and a source of dice (the engine's injected
RNG, seeded in tests).  It never touches the DOM and holds no rules: every
question about what is legal goes to the engine (``legal_steps``,
``destinations``, ``legal_actions``, ``forced_play``...).  So it runs under
CPython with fakes, where its flow is tested.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, Protocol

from engine.dice import RandomSource
from engine.errors import EngineError, SaveError
from engine.game import Action, Phase
from engine.match import Match
from engine.position import Position
from engine.record import Forfeit, OpeningRoll, Played, Roll
from engine.save import load_match, save_match
from engine.scoring import WinType
from engine.turn import Step
from web import dialogs as panels
from web.ai_client import (
    AiPort,
    Reply,
    Request,
    accept_request,
    hint_request,
    play_request,
    take_request,
    turn_request,
)
from web.animation import Motion, plan_motions
from web.board_svg import BoardView, CubeView, DiceView
from web.hint import (
    Hint,
    PlayHint,
    cube_hint_html,
    parse_cube_hint,
    parse_play_hint,
    play_hint_html,
    tutor_note,
)
from web.history import HistoryRow, game_rows, wins
from web.options import AI_NAMES, HUMAN, MatchOptions, Settings, ai_name
from web.player_records import PlayerRecords
from web.review import Review, ReviewFrame, review_frame, review_html, review_items
from web.storage import AUTOSAVE, SETTINGS, STATS, Corrupt, Store, clean_slot_name
from web.themes import Theme, theme

SAVE_APP = "backgammon-web"
SAVE_VERSION = 1

# Milliseconds per animation setting: a checker's slide, and the pause that
# lets a player see the dice (or a result) before things move on.
PACE: Mapping[str, tuple[int, int]] = MappingProxyType(
    {"normal": (320, 600), "fast": (90, 150), "off": (0, 0)}
)


class View(Protocol):
    def show(self, screen: Screen) -> None: ...

    def download(self, filename: str, text: str) -> None: ...

    def copy(self, text: str) -> None: ...


class Timer(Protocol):
    def later(self, ms: int, callback: Callable[[], None]) -> None: ...


@dataclass(frozen=True, slots=True)
class Button:
    action: str
    label: str
    enabled: bool = True
    visible: bool = True
    key: str = ""  # keyboard shortcut, shown in the tooltip


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
class DialogView:
    kind: str
    html: str
    dismissible: bool = True


@dataclass(frozen=True, slots=True)
class Screen:
    """Everything the page shows, as plain values."""

    board: BoardView
    motions: tuple[Motion, ...]
    motion_ms: int
    top: Panel
    bottom: Panel
    title: str
    match_line: str
    status: str
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
    actor: str  # "human", "ai" or "none": who the game waits for
    busy: bool
    position_id: str
    match_id: str
    turn: int  # the player on roll (0 before the opening roll)
    viewer: int
    vs_ai: bool


@dataclass(frozen=True, slots=True)
class Loaded:
    setup: MatchOptions
    match: Match
    counted: int


class Controller:
    """See the module docs.  Call :meth:`boot` once, then feed it actions."""

    def __init__(
        self,
        view: View,
        store: Store,
        ai: AiPort,
        timer: Timer,
        dice: RandomSource,
        *,
        clock: Callable[[], float] = lambda: 0.0,
        animation: str | None = None,
    ) -> None:
        self.view = view
        self.store = store
        self.ai = ai
        self.timer = timer
        self.dice = dice
        self.clock = clock
        self.animation_override = animation
        self.setup = MatchOptions()
        self.settings = Settings()
        self.records = PlayerRecords()
        self.match = Match.from_rules(self.setup.rules())
        self.counted = 0  # finished games of this match already in the records
        self.selected: int | None = None
        self.lifted: int | None = None
        self.swapped = False
        self.dialog: str | None = None
        self.dialog_html = ""
        self.notice = ""
        self.message = ""
        self.announcement = ""
        self.announce_id = 0
        self.epoch = 0  # bumped whenever the match is replaced, to drop stale callbacks
        self.busy = False
        self.thinking = False
        self.motions: tuple[Motion, ...] = ()
        self.history_index: int | None = None
        self._saved: Match | None = None
        self._summary_for = -1  # the game whose end-of-game summary was opened
        self._auto_pending = False
        self._landed: int | None = None  # where the last tap moved a checker to
        self._holding = 0  # inside _one_render: renders wait for its end
        self._stale = False  # a render was asked for while holding
        self.hint: Hint | None = None
        self.hint_key = ""  # the moment the hint (or the pending request) is for
        self.hint_pending = False
        self.hint_shown = False  # asked for with Hint (the tutor's own checks stay quiet)
        self.tutor_board = ""  # the board (Position ID) the tutor judged or is judging
        self.confirm_waiting = False  # Done was pressed while the tutor was judging
        self.review: Review | None = None  # the finished game under review, if any
        self.review_at: int | None = None  # the reviewed decision the board shows, if any
        self.review_view = "before"  # ...and what of it (web.review.VIEWS)

    # -- start-up -------------------------------------------------------------------

    def boot(self) -> None:
        """Load settings, statistics and the autosaved match (or ask for a new one)."""
        self.settings = Settings.from_json(self.store.read(SETTINGS))
        records, bad_records = self.store.read_checked(STATS, PlayerRecords.from_json)
        if isinstance(records, PlayerRecords):
            self.records = records
        loaded, bad_save = self.store.read_checked(AUTOSAVE, self._parse_save)
        problems = []
        if bad_save is not None:
            problems.append(self._corrupt_text("Your saved match", bad_save))
        if bad_records is not None:
            problems.append(self._corrupt_text("Your player statistics", bad_records))
        self.notice = " ".join(problems) or self.store.warning
        if isinstance(loaded, Loaded):
            self._install(loaded)
            self._saved = self.match
            self.message = "Welcome back: your match was restored."
        else:
            self._open_new_game(can_cancel=False)
        self._advance()
        self._render()

    @staticmethod
    def _corrupt_text(what: str, bad: Corrupt) -> str:
        return (
            f"{what} could not be read ({bad.reason}). It was kept aside as "
            f"“{bad.kept_as}” and a fresh start was made."
        )

    # -- reading the state ---------------------------------------------------------------

    @property
    def theme(self) -> Theme:
        return theme(self.settings.theme)

    @property
    def pace(self) -> tuple[int, int]:
        return PACE.get(self.animation_override or self.settings.animation, PACE["normal"])

    def names(self) -> tuple[str, str]:
        if self.setup.vs_ai:
            return ("You", ai_name(self.setup.opponent))
        a, b = self.theme.colour_names
        return (a, b)

    def _is_ai(self, player: int | None) -> bool:
        return self.setup.vs_ai and player == 1

    @property
    def viewer(self) -> int:
        """Whose side the board is drawn from: the human, or on a shared device
        the player on roll."""
        if self.setup.vs_ai:
            return 0
        turn = self.match.turn
        return turn if turn is not None else 0

    def _human_to_move(self) -> bool:
        m = self.match
        return (
            not self.busy
            and self.dialog is None
            and m.phase is Phase.MOVE
            and not self._is_ai(m.turn)
        )

    def movable(self) -> frozenset[int]:
        """Places a checker may be picked up from now (viewer's numbering)."""
        if not self._human_to_move():
            return frozenset()
        return frozenset(self.match.game.movable_points())

    def destinations(self, src: int) -> frozenset[int]:
        if not self._human_to_move():
            return frozenset()
        return frozenset(self.match.game.destinations(src))

    def can_lift(self, place: int) -> bool:
        return place in self.movable()

    # -- pointer intents ------------------------------------------------------------------

    def tap(self, place: int | None) -> None:
        """A tap or click on the board at ``place`` (``None``: off the board)."""
        if not self._human_to_move():
            if self.match.phase in (Phase.ROLL, Phase.OPENING) and place is not None:
                # Tapping the board before rolling is a natural way to ask for dice.
                self.act("roll")
            return
        self._landed = None
        if self.selected is not None and place in self.destinations(self.selected):
            src = self.selected
            self.selected = None
            self._move(src, place, animate=True)
            self._landed = place
        elif place is not None and place in self.movable() and place != self.selected:
            self.selected = place
        else:
            self.selected = None
        self._render()

    def double_tap(self, place: int) -> None:
        """Play a checker from ``place`` by the first usable die (bear it off if it can)."""
        if not self._human_to_move() or place not in self.movable() or place == self._landed:
            # The first tap of a "double tap" that just landed a checker here was a
            # move, so the second one picks the next checker up.
            self.tap(place)
            return
        steps = [s for s in self.match.game.legal_steps() if s.src == place]
        order = self._dice_order()
        steps.sort(key=lambda s: order.index(s.die) if s.die in order else 9)
        self.selected = None
        self._move(place, steps[0].dst, animate=True, die=steps[0].die)
        self._render()

    def lift(self, place: int) -> None:
        """A drag started on ``place``."""
        if place in self.movable():
            self.selected = place
            self.lifted = place
            self._render()

    def drop(self, src: int, dst: int | None) -> bool:
        """The dragged checker was released on ``dst``; False when it snaps back."""
        self.lifted = None
        if dst is not None and dst in self.destinations(src):
            self.selected = None
            self._move(src, dst, animate=False)
            self._render()
            return True
        self._render()
        return False

    def _dice_order(self) -> list[int]:
        """Dice values in the order the player wants them used (higher first
        unless swapped)."""
        remaining = list(self.match.game.remaining_dice)
        return remaining[::-1] if self.swapped else remaining

    def _move(self, src: int, dst: int, *, animate: bool, die: int | None = None) -> None:
        game = self.match.game
        if die is None:
            choices = [s for s in game.legal_steps() if s.src == src and s.dst == dst]
            if len(choices) > 1:
                order = self._dice_order()
                choices.sort(key=lambda s: order.index(s.die) if s.die in order else 9)
            if choices:
                die = choices[0].die
        before = self._board()
        try:
            self.match = self.match.move(src, dst, die)
        except EngineError as exc:
            self.message = str(exc)
            return
        motions = plan_motions(before, self._board())
        if not animate:
            # The dragged checker is already where it was dropped; only a hit slides.
            motions = [m for m in motions if m.side == "opp"]
        self.motions = tuple(motions)
        self.message = ""
        self._autosave()
        self._tutor_check()  # a tap or a drag that completes the play

    # -- actions ------------------------------------------------------------------------

    def act(self, action: str, value: str = "", fields: Mapping[str, str] | None = None) -> None:
        """A button or dialog action (``data-action``), with the form's fields."""
        handler = getattr(self, "_do_" + action.replace("-", "_"), None)
        if handler is None:
            return
        self.message = ""
        with self._one_render():
            try:
                handler(value, fields or {})
            except EngineError as exc:
                self.message = str(exc)
            self._advance()
            self._render()

    def _legal(self, action: Action) -> bool:
        return action in self.match.legal_actions() and not self._is_ai(self.match.actor)

    def _do_roll(self, value: str, fields: Mapping[str, str]) -> None:
        if self.busy or self.dialog is not None or not self._legal(Action.ROLL):
            return
        if self.settings.manual_dice:
            self._open_dice()
            return
        self._roll(None)

    def _roll(self, dice: tuple[int, int] | None) -> None:
        before = self.match
        self.match = self.match.roll(dice, rng=None if dice is not None else self.dice)
        self.selected = None
        self.swapped = False
        self._say_roll(before)
        self._autosave()

    def _do_dice_set(self, value: str, fields: Mapping[str, str]) -> None:
        try:
            dice = (int(fields.get("d1", "")), int(fields.get("d2", "")))
        except ValueError:
            self.message = "Choose both dice."
            return
        self._close()
        # With real dice the player also reads out the AI's roll, so who is on
        # roll does not matter here.
        if Action.ROLL in self.match.legal_actions() and not self.busy:
            ai_rolls = self._is_ai(self.match.actor)
            self._roll(dice)
            if ai_rolls:
                self._after_ai_roll()

    def _do_double(self, value: str, fields: Mapping[str, str]) -> None:
        if self.busy or not self._legal(Action.DOUBLE):
            return
        doubler = self.match.turn
        self.match = self.match.double()
        assert doubler is not None
        self._say(self.theme.offer_title(self.names()[doubler], self.match.cube.value * 2) + ".")
        self._autosave()

    def _do_take(self, value: str, fields: Mapping[str, str]) -> None:
        if not self._legal(Action.TAKE):
            return
        taker = self.match.actor
        self._close()
        self.match = self.match.take()
        assert taker is not None
        self._say(
            f"{self.names()[taker]} takes: the {self.theme.cube} is at {self.match.cube.value}."
        )
        self._autosave()

    def _do_drop(self, value: str, fields: Mapping[str, str]) -> None:
        if not self._legal(Action.DROP):
            return
        dropper = self.match.actor
        self._close()
        self.match = self.match.drop()
        assert dropper is not None
        self._say(f"{self.names()[dropper]} drops.")
        self._autosave()

    def _do_undo(self, value: str, fields: Mapping[str, str]) -> None:
        if self.busy or not self._legal(Action.UNDO):
            return
        self._animate_change(lambda m: m.undo())

    def _do_redo(self, value: str, fields: Mapping[str, str]) -> None:
        if self.busy or not self._legal(Action.REDO):
            return
        self._animate_change(lambda m: m.redo())

    def _animate_change(self, change: Callable[[Match], Match]) -> None:
        before = self._board()
        self.match = change(self.match)
        self.selected = None
        self.motions = tuple(plan_motions(before, self._board()))
        self._autosave()

    def _do_confirm(self, value: str, fields: Mapping[str, str]) -> None:
        if self.busy or not self._legal(Action.CONFIRM):
            return
        if self._tutor_judging():
            self.confirm_waiting = True  # Done waits for the tutor's verdict on this play
            return
        player = self.match.turn
        self.match = self.match.confirm()
        self.selected = None
        self._say_play(player)
        self._autosave()

    def _do_play_text(self, value: str, fields: Mapping[str, str]) -> None:
        """A whole play typed in notation, e.g. ``8/5 6/5``."""
        text = (fields.get("text") or value).strip()
        if not text:
            return
        if self.busy or not self._legal(Action.MOVE):
            self.message = "There is nothing to move now."
            return
        player = self.match.turn
        before = self._board()
        try:
            self.match = self.match.play(text)
        except EngineError as exc:
            self.message = f"“{text}”: {exc}"
            return
        self.selected = None
        after = self.match.board_for(self.viewer)
        self.motions = tuple(plan_motions(before, after)) if player == self.viewer else ()
        self._say_play(player)
        self._autosave()

    # -- hints ------------------------------------------------------------------------

    def _hint_moment(self) -> str:
        """What a hint is valid for: this match, this turn, this phase (moves made
        inside the turn keep it: it is for the whole play from the turn's start)."""
        m = self.match
        return f"{self.epoch}:{m.position_id}:{m.match_id}:{m.phase.value}"

    def _hint_ready(self) -> bool:
        return self.hint is not None and self.hint_key == self._hint_moment()

    def _can_hint(self) -> bool:
        m = self.match
        return (
            not self.busy
            and not (self.hint_pending and self.hint_shown)  # the tutor's quiet check may run
            and m.actor is not None
            and not self._is_ai(m.actor)
            and hint_request(m) is not None
        )

    def _do_hint(self, value: str, fields: Mapping[str, str]) -> None:
        if not self._can_hint():
            return
        if self._hint_ready() or (self.hint_pending and self.hint_key == self._hint_moment()):
            self.hint_shown = True  # the tutor already asked: show its answer
            return
        self._ask_hint(shown=True)

    def _tutor_check(self) -> None:
        """With the tutor on, judge the player's play once it is complete, before Done."""
        m = self.match
        if (
            not self.settings.tutor
            or self.hint_pending
            or self._is_ai(m.turn)
            or Action.CONFIRM not in m.legal_actions()
        ):
            return
        board = m.board.id
        if self.tutor_board == board and self.hint_key == self._hint_moment():
            return  # judged already
        self._ask_hint(shown=self.hint_shown and self._hint_ready(), played=board)

    def _tutor_judging(self) -> bool:
        return (
            self.hint_pending
            and bool(self.tutor_board)
            and self.tutor_board == self.match.board.id
            and self.hint_key == self._hint_moment()
        )

    def _ask_hint(self, *, shown: bool, played: str | None = None) -> None:
        request = hint_request(self.match)
        if request is None:
            return
        if played is not None:
            request["played"] = played
        key = self._hint_moment()
        match_play = self.match.rules.match_length > 0
        taker = request.get("taker") is True
        self.hint, self.hint_key, self.hint_pending = None, key, True
        self.hint_shown = shown
        self.tutor_board = played or ""
        self.confirm_waiting = False

        def reply(answer: Reply) -> None:
            if key != self.hint_key or played != (self.tutor_board or None):
                return  # the game moved on (or was replaced) while the AI thought
            self.hint_pending = False
            warned = False
            try:
                if "error" in answer:
                    raise ValueError(str(answer["error"]))
                if request["kind"] == "hint":
                    hint = parse_play_hint(answer, match=match_play)
                    if played is not None and tutor_note(hint):
                        warned = self.hint_shown = True
                        self._say(tutor_note(hint))
                    self.hint = hint
                else:
                    self.hint = parse_cube_hint(answer, taker=taker)
            except ValueError as exc:
                if self.hint_shown:
                    self.message = f"No hint this time ({exc})."
            if self.dialog == "cube":
                self.dialog_html = self._cube_dialog_html()
            with self._one_render():
                if self.confirm_waiting:
                    self.confirm_waiting = False
                    if not warned:  # a good play: the Done that waited goes through
                        self._do_confirm("", {})
                self._advance()  # the tutor may now judge a play completed meanwhile
                self._render()

        self.ai.ask(request, reply)

    def _do_hint_play(self, value: str, fields: Mapping[str, str]) -> None:
        """Make a hinted play on the board, from the turn's start; the player confirms it."""
        hint = self.hint
        if (
            not isinstance(hint, PlayHint)
            or not self._hint_ready()
            or self.busy
            or not self._human_to_move()
        ):
            return
        try:
            advice = hint.plays[int(value)]
        except (ValueError, IndexError):
            return
        moves = self.match.game.moves
        turn = moves.fresh().follow(advice.moves) if moves is not None else None
        if turn is None:
            self.message = f"“{advice.play}” cannot be played here."
            return
        before = self._board()
        # The whole play replaces whatever was moved so far, and waits for Done.
        self.match = self.match.restore_moves(turn.done, len(turn.done))
        self.selected = None
        self.motions = tuple(plan_motions(before, self._board()))
        self._autosave()

    def _hint_html(self) -> str:
        if not self.hint_shown:
            return ""
        if self.hint_pending and self.hint_key == self._hint_moment():
            return '<p class="hint-wait">King Tubby is thinking…</p>'
        hint = self.hint
        if hint is None or not self._hint_ready():
            return ""
        if isinstance(hint, PlayHint):
            judged = self.tutor_board and self.tutor_board == self.match.board.id
            return play_hint_html(hint, tutor_note(hint) if judged else "")
        if hint.taker:
            return ""  # shown in the cube dialog, where the decision is made
        return cube_hint_html(hint, self.theme)

    def _cube_dialog_html(self) -> str:
        m = self.match
        assert m.turn is not None
        theme_ = self.theme
        hint = self.hint if self._hint_ready() and self.hint_shown else None
        return panels.cube_answer_html(
            theme_.offer_title(self.names()[m.turn], m.cube.value * 2),
            m.cube.value,
            theme_.take,
            theme_.drop,
            theme_.cube,
            hint_html=cube_hint_html(hint, theme_)
            if hint is not None and not isinstance(hint, PlayHint)
            else "",
            hint_pending=self.hint_pending,
        )

    # -- reviewing a finished game ------------------------------------------------------

    def _do_review(self, value: str, fields: Mapping[str, str]) -> None:
        m = self.match
        if not m.game.is_over:
            return
        game = len(m.record.games) - 1
        fresh = self.review is None or self.review.game != game
        if fresh:  # else the review already made (or under way) is shown again
            players = frozenset({0}) if self.setup.vs_ai else frozenset({0, 1})
            self.review = Review(game, review_items(m.record, game, players))
        self._open("review", self._review_html())
        if fresh:
            self._review_next()

    def _review_html(self) -> str:
        review = self.review
        assert review is not None
        names = self.names()
        if self.setup.vs_ai:
            names = ("You", names[1])
        title = f"Review of game {review.game + 1}"
        body = review_html(review, names, title)
        return panels.review_dialog_html(body, self.match.is_over)

    def _review_next(self) -> None:
        """Ask the AI about the next play still to judge, one request at a time."""
        review = self.review
        if review is None:
            return
        index = review.next_index
        if index is None:
            return
        epoch = self.epoch

        def reply(answer: Reply) -> None:
            if epoch != self.epoch or self.review is not review:
                return  # a new game or match began: the review stops
            try:
                if "error" in answer:
                    raise ValueError(str(answer["error"]))
                self.review = review.judged_from(index, answer)
            except ValueError as exc:
                self.message = f"The review stopped ({exc})."
                return
            if self.dialog == "review":
                self.dialog_html = self._review_html()
            with self._one_render():
                self._render()
            self._review_next()

        self.ai.ask(review.items[index].request, reply)

    # -- the board showing a reviewed decision -------------------------------------------

    def _review_frame(self) -> ReviewFrame | None:
        review, index = self.review, self.review_at
        if review is None or index is None:
            return None
        names = self.names()
        if self.setup.vs_ai:
            names = ("You", names[1])
        return review_frame(review, index, self.review_view, names)

    def _show_review_frame(self, index: int | None, view: str) -> None:
        """Show decision ``index`` (None: the game's own board again), sliding the
        checkers from what the board showed."""
        old = self._review_frame()
        self.review_at, self.review_view = index, view
        new = self._review_frame()
        if old is not None and new is not None and old.player == new.player:
            self.motions = tuple(plan_motions(old.position, new.position))
        self.selected = None

    def _do_review_show(self, value: str, fields: Mapping[str, str]) -> None:
        review = self.review
        if review is None or not value.isdigit() or int(value) not in review.flagged():
            return
        self._close()
        self.review_at = None  # a fresh start: nothing slides in from another decision
        self._show_review_frame(int(value), "before")

    def _review_step(self, step: int) -> None:
        review, index = self.review, self.review_at
        if review is None or index is None:
            return
        flagged = review.flagged()
        at = flagged.index(index) + step if index in flagged else 0
        if 0 <= at < len(flagged):
            self.review_at = None
            self._show_review_frame(flagged[at], "before")

    def _do_review_prev(self, value: str, fields: Mapping[str, str]) -> None:
        self._review_step(-1)

    def _do_review_next(self, value: str, fields: Mapping[str, str]) -> None:
        self._review_step(1)

    def _do_review_before(self, value: str, fields: Mapping[str, str]) -> None:
        if self.review_at is not None:
            self._show_review_frame(self.review_at, "before")

    def _do_review_played(self, value: str, fields: Mapping[str, str]) -> None:
        if self.review_at is not None:
            self._show_review_frame(self.review_at, "played")

    def _do_review_best(self, value: str, fields: Mapping[str, str]) -> None:
        if self.review_at is not None:
            self._show_review_frame(self.review_at, "best")

    def _do_review_list(self, value: str, fields: Mapping[str, str]) -> None:
        if self.review is not None:
            self._open("review", self._review_html())

    def _review_status(self, frame: ReviewFrame) -> str:
        review, index = self.review, self.review_at
        assert review is not None and index is not None
        flagged = review.flagged()
        where = f"{flagged.index(index) + 1} of {len(flagged)} · " if index in flagged else ""
        shown = {"before": "", "played": " (shown: the play made)", "best": " (shown: the best)"}
        return f"{where}{frame.caption}{shown[frame.view]}"

    def _review_board(self, frame: ReviewFrame) -> BoardView:
        names = self.names()
        me, opp = frame.player, 1 - frame.player
        me_word = "your" if self.setup.vs_ai else f"{names[me]}’s"
        dice = None
        if frame.dice is not None:
            a, b = frame.dice
            values = (a, b) if a != b else (a,) * 4
            dice = DiceView(values, side="me", used=(frame.view != "before",) * len(values))
        pips = frame.position.pips()
        label = (
            f"Review: {frame.caption}. Pip counts: {names[me]} {pips[0]}, {names[opp]} {pips[1]}."
        )
        return BoardView(
            position=frame.position,
            me_colour="light" if me == 0 else "dark",
            dice=dice,
            cube=frame.cube,
            words=self.theme.words(me_word, f"{names[opp]}’s"),
            cube_style=self.theme.cube_style,
            label=label,
            last=frame.marks,
        )

    def _do_swap_dice(self, value: str, fields: Mapping[str, str]) -> None:
        if self._human_to_move():
            self.swapped = not self.swapped
            first = self._dice_order()[0] if self.match.game.remaining_dice else 0
            self._say(f"The {first} will be used first.")

    def _do_resign_open(self, value: str, fields: Mapping[str, str]) -> None:
        if self.busy or not self._legal(Action.RESIGN):
            return
        cube = self.match.cube.value
        allowed = [
            (int(v), self.theme.win_name(int(v)), cube * int(v))
            for v in WinType
            if self.match.game.can_resign(v)
        ]
        self._open("resign", panels.resign_choice_html(allowed))

    def _do_resign(self, value: str, fields: Mapping[str, str]) -> None:
        try:
            amount = int(value)
        except ValueError:
            return
        if self.busy or not self._legal(Action.RESIGN) or not self.match.game.can_resign(amount):
            return
        player = self.match.turn
        self._close()
        self.match = self.match.resign(amount)
        assert player is not None
        self._say(f"{self.names()[player]} offers to resign a {self.theme.win_name(amount)}.")
        self._autosave()

    def _do_accept(self, value: str, fields: Mapping[str, str]) -> None:
        if not self._legal(Action.ACCEPT):
            return
        self._close()
        self.match = self.match.accept_resignation()
        self._autosave()

    def _do_reject(self, value: str, fields: Mapping[str, str]) -> None:
        if not self._legal(Action.REJECT):
            return
        who = self.match.actor
        self._close()
        self.match = self.match.reject_resignation()
        assert who is not None
        self._say(f"{self.names()[who]} rejects the resignation: play on.")
        self._autosave()

    def _do_next_game(self, value: str, fields: Mapping[str, str]) -> None:
        if Action.NEXT_GAME not in self.match.legal_actions():
            return
        self._close()
        self.review = None  # its answers still on their way are dropped
        self.review_at = None
        self.match = self.match.next_game()
        self.history_index = None
        self.selected = None
        self._say(f"Game {self.match.game_number} begins.")
        self._autosave()

    def _do_rematch(self, value: str, fields: Mapping[str, str]) -> None:
        self._start(self.setup)

    def _do_new_open(self, value: str, fields: Mapping[str, str]) -> None:
        self._open_new_game(can_cancel=True)

    def _do_start(self, value: str, fields: Mapping[str, str]) -> None:
        self._start(MatchOptions.from_form(fields))

    def _start(self, setup: MatchOptions) -> None:
        self.setup = setup
        self._replace(Match.from_rules(setup.rules()), counted=0)
        kind = f"a match to {setup.length}" if setup.length else "a money game"
        who = ai_name(setup.opponent) if setup.vs_ai else "a friend"
        self._say(f"New game: {kind} against {who}. Roll to start.")
        self._autosave()

    def _replace(self, match: Match, counted: int) -> None:
        self.epoch += 1
        self.review = None
        self.review_at = None
        self.match = match
        self.counted = counted
        self.busy = False
        self.thinking = False
        self.selected = None
        self.lifted = None
        self.swapped = False
        self.history_index = None
        self.motions = ()
        self._summary_for = -1
        self._auto_pending = False
        self._close()

    def _do_close(self, value: str, fields: Mapping[str, str]) -> None:
        if self.dialog in ("cube", "resign-answer") and self._dialog_needed():
            return  # a decision is required; Escape must not skip it
        if self.dialog == "review" and self.review_at is not None:
            self._show_review_frame(None, "before")  # back to the game's last board
        self._close()

    def _do_stats_open(self, value: str, fields: Mapping[str, str]) -> None:
        self._open("stats", self._stats_html())

    def _do_stats_reset(self, value: str, fields: Mapping[str, str]) -> None:
        self.records = PlayerRecords()
        self.store.write(STATS, self.records.to_json())
        self._open("stats", self._stats_html())
        self._say("Player statistics were reset.")

    def _do_settings_open(self, value: str, fields: Mapping[str, str]) -> None:
        self._open("settings", panels.settings_html(self.settings))

    def _do_setting(self, value: str, fields: Mapping[str, str]) -> None:
        name, _, text = value.partition("=")
        self.settings = self.settings.with_value(name, text)
        self.store.write(SETTINGS, self.settings.to_json())
        if self.dialog == "settings":
            self.dialog_html = panels.settings_html(self.settings)

    def _do_saves_open(self, value: str, fields: Mapping[str, str]) -> None:
        self._open("saves", self._saves_html())

    def _do_save_slot(self, value: str, fields: Mapping[str, str]) -> None:
        name = clean_slot_name(fields.get("name", "") or value)
        if not name:
            self.message = "Give the save a name."
            return
        if self.store.write_slot(name, self._save_data()):
            self._say(f"Saved as “{name}”.")
        else:
            self.notice = self.store.warning
        self._open("saves", self._saves_html())

    def _do_load_slot(self, value: str, fields: Mapping[str, str]) -> None:
        loaded, bad = self.store.read_checked(self.store.slot_key(value), self._parse_save)
        if bad is not None:
            self.notice = self._corrupt_text(f"The save “{value}”", bad)
            self._open("saves", self._saves_html())
            return
        if isinstance(loaded, Loaded):
            self._install(loaded)
            self._say(f"Loaded “{value}”.")
            self._autosave()

    def _do_delete_slot(self, value: str, fields: Mapping[str, str]) -> None:
        self.store.delete_slot(value)
        self._say(f"Deleted “{value}”.")
        self._open("saves", self._saves_html())

    def _do_export(self, value: str, fields: Mapping[str, str]) -> None:
        n = self.match.game_number
        self.view.download(f"backgammon-game-{n}.json", json.dumps(self._save_data(), indent=1))

    def _do_copy_ids(self, value: str, fields: Mapping[str, str]) -> None:
        self.view.copy(f"Position ID: {self.match.position_id}\nMatch ID: {self.match.match_id}")
        self._say("Copied the Position ID and Match ID.")

    def _do_dismiss_notice(self, value: str, fields: Mapping[str, str]) -> None:
        self.notice = ""

    def _do_history_game(self, value: str, fields: Mapping[str, str]) -> None:
        try:
            index = int(value)
        except ValueError:
            return
        last = len(self.match.games)
        self.history_index = None if index >= last else max(index, 0)

    def import_text(self, text: str) -> None:
        """A file the player chose to import."""
        try:
            loaded = self._parse_save(json.loads(text))
        except (ValueError, TypeError, KeyError, RecursionError) as exc:
            self.notice = f"That file is not a saved game this page can read: {exc}"
            self._render()
            return
        self._install(loaded)
        self._say("Imported the game from the file.")
        self._autosave()
        self._advance()
        self._render()

    def _do_select(self, value: str, fields: Mapping[str, str]) -> None:
        """Keyboard: act on a board place as a tap would."""
        try:
            place: int | None = int(value)
        except ValueError:
            place = None
        self.tap(place)

    # -- dialogs ----------------------------------------------------------------------

    def _open(self, kind: str, html: str) -> None:
        self.dialog = kind
        self.dialog_html = html
        self.selected = None

    def _close(self) -> None:
        self.dialog = None
        self.dialog_html = ""

    def _open_new_game(self, can_cancel: bool) -> None:
        self._open("new", panels.new_game_html(self.setup, can_cancel))

    def _open_dice(self) -> None:
        opening = self.match.phase is Phase.OPENING
        names = self.names()
        first = "Your die" if self.setup.vs_ai else f"{names[0]}’s die"
        labels = (first, f"{names[1]}’s die") if opening else ("Die 1", "Die 2")
        roller = self.match.turn
        title = ""
        if not opening and self._is_ai(roller):
            title = f"Enter {names[1]}’s dice"
        self._open("dice", panels.dice_entry_html(opening, labels, title))

    def _dialog_needed(self) -> bool:
        m = self.match
        return m.phase in (Phase.CUBE, Phase.RESIGNATION) and not self._is_ai(m.actor)

    def _saves_html(self) -> str:
        return panels.saves_html(
            self.store.slot_names(),
            self.match.position_id,
            self.match.match_id,
            self.store.available,
        )

    def _stats_html(self) -> str:
        names = self.names()
        game = panels.stats_table(f"Game {self.match.game_number}", names, self.match.game_stats())
        whole = "Session" if self.setup.length == 0 else "Match"
        match = panels.stats_table(whole, names, self.match.stats())
        opponents = {**dict(AI_NAMES), HUMAN: "A friend (as player 1)"}
        return panels.stats_html(game, match, panels.records_table(self.records, opponents))

    # -- saving --------------------------------------------------------------------------

    def _save_data(self) -> dict[str, object]:
        return {
            "app": SAVE_APP,
            "version": SAVE_VERSION,
            "setup": self.setup.to_json(),
            "counted": self.counted,
            "match": save_match(self.match),
        }

    def _parse_save(self, raw: Any) -> Loaded:
        if not isinstance(raw, dict) or raw.get("app") != SAVE_APP:
            raise SaveError("not a saved game from this page")
        if raw.get("version") != SAVE_VERSION:
            raise SaveError(f"unknown save version {raw.get('version')!r}")
        setup = MatchOptions.from_json(raw.get("setup"))
        match = load_match(raw.get("match"))
        if match.rules != setup.rules():
            raise SaveError("the setup does not match the rules of the saved match")
        counted = raw.get("counted")
        if not isinstance(counted, int) or isinstance(counted, bool) or counted < 0:
            raise SaveError("counted must be a number of games")
        return Loaded(setup, match, min(counted, len(match.games) + 1))

    def _install(self, loaded: Loaded) -> None:
        self.setup = loaded.setup
        self._replace(loaded.match, loaded.counted)

    def _autosave(self) -> None:
        if self._saved is self.match:
            return
        self._saved = self.match
        self.store.write(AUTOSAVE, self._save_data())
        if self.store.warning:
            self.notice = self.store.warning

    # -- the flow of play ------------------------------------------------------------------

    def _later(self, ms: int, then: Callable[[], None]) -> None:
        epoch = self.epoch

        def run() -> None:
            if epoch == self.epoch:
                then()

        self.timer.later(ms, run)

    def _advance(self) -> None:
        """Do whatever happens next without a player's choice: AI turns, automatic
        rolls and forced plays, the end-of-game summary."""
        if self.busy or self.dialog == "dice":
            return
        m = self.match
        if m.game.is_over:
            self._count_result()
            if self._summary_for != m.game.number and self.dialog is None:
                self._summary_for = m.game.number
                self._open("over", self._game_over_html())
            return
        actor = m.actor
        if self._is_ai(actor):
            self._ai_act()
            return
        phase = m.phase
        if phase is Phase.CUBE and self.dialog is None:
            self._open("cube", self._cube_dialog_html())
        elif phase is Phase.RESIGNATION and self.dialog is None:
            offer = m.game.resignation
            assert offer is not None
            self._open(
                "resign-answer",
                panels.resign_answer_html(
                    self.names()[offer.player],
                    self.theme.win_name(int(offer.value)),
                    m.cube.value * self._multiplier(int(offer.value)),
                ),
            )
        elif phase in (Phase.OPENING, Phase.ROLL) and self.dialog is None:
            if self.settings.auto_roll and Action.DOUBLE not in m.legal_actions():
                if self.settings.manual_dice:
                    self._open_dice()
                elif not self._auto_pending:
                    self._auto_pending = True
                    self._later(self.pace[1] // 2, self._auto_roll)
        elif phase is Phase.MOVE and Action.CONFIRM in m.legal_actions():
            self._tutor_check()
        elif phase is Phase.MOVE and self.settings.auto_forced:
            game = m.game
            forced = game.forced_play
            if forced is not None and game.moves is not None and not game.moves.done:
                turn = game.moves.fresh().follow(forced.moves)
                if turn is not None:
                    self._play_steps(turn.done, forced=True)

    def _multiplier(self, value: int) -> int:
        rules = self.match.rules
        if rules.jacoby_active and self.match.cube.owner is None:
            return 1
        return value

    def _auto_roll(self) -> None:
        self._auto_pending = False
        if self.dialog is None and not self.busy and self._legal(Action.ROLL):
            self._roll(None)
            self._advance()
            self._render()

    def _play_steps(self, steps: tuple[Step, ...], *, forced: bool = False) -> None:
        """Move ``steps`` one by one with a pause to watch each, then confirm."""
        self.busy = True
        player = self.match.turn

        def step(k: int) -> None:
            if k == len(steps):
                self.busy = False
                self.match = self.match.confirm()
                self._say_play(player, forced=forced)
                with self._one_render():
                    self._advance()
                    self._render()
                # Saving (the whole match, as JSON) waits for a task of its own,
                # so that the board is drawn first and neither makes a long task.
                self.timer.later(0, self._autosave)
                return
            s = steps[k]
            before = self._board()
            self.match = self.match.move(s.src, s.dst, s.die)
            self.motions = tuple(plan_motions(before, self._board()))
            self._render()
            self._later(self.pace[0] + 40, lambda: step(k + 1))

        self._render()
        self._later(self.pace[1] // 2, lambda: step(0))

    # -- the AI -----------------------------------------------------------------------------

    def _ask(self, request: Request, then: Callable[[Reply], None]) -> None:
        epoch = self.epoch
        self.busy = True
        self.thinking = True

        def reply(answer: Reply) -> None:
            if epoch != self.epoch:
                return
            self.busy = False
            self.thinking = False
            if "error" in answer:
                self.message = f"The AI had a problem ({answer['error']}); it plays on simply."
            with self._one_render():
                then(answer)
                self._advance()
                self._render()

        self.ai.ask(request, reply)

    def _ai_act(self) -> None:
        m = self.match
        phase = m.phase
        level = self.setup.opponent
        if phase is Phase.ROLL:
            if Action.DOUBLE in m.legal_actions() or m.game.can_resign(WinType.SINGLE):
                self._ask(turn_request(m, 1), self._ai_before_roll)
            else:
                self._ai_roll()
        elif phase is Phase.MOVE:
            self._ask(play_request(m, level), self._ai_play)
        elif phase is Phase.CUBE:
            assert m.turn is not None
            self._ask(take_request(m, m.turn), self._ai_take)
        elif phase is Phase.RESIGNATION:
            offer = m.game.resignation
            assert offer is not None
            self._ask(accept_request(m, 1, int(offer.value)), self._ai_accept)

    def _ai_before_roll(self, answer: Reply) -> None:
        name = self.names()[1]
        resign = answer.get("resign")
        if isinstance(resign, int) and resign and self.match.game.can_resign(resign):
            self.match = self.match.resign(resign)
            self._say(f"{name} offers to resign a {self.theme.win_name(resign)}.")
            self._autosave()
        elif answer.get("double") is True and self.match.can_double():
            self.match = self.match.double()
            self._say(self.theme.offer_title(name, self.match.cube.value * 2) + ".")
            self._autosave()
        else:
            self._ai_roll()

    def _ai_roll(self) -> None:
        if self.settings.manual_dice:
            self._open_dice()
            return
        before = self.match
        self.match = self.match.roll(rng=self.dice)
        self._say_roll(before)
        self._autosave()
        self._after_ai_roll()

    def _after_ai_roll(self) -> None:
        if self.match.phase is Phase.MOVE and self._is_ai(self.match.turn):
            # Let the player see the AI's dice before it moves.
            self.busy = True
            self._render()

            def go() -> None:
                self.busy = False
                self._advance()
                self._render()

            self._later(self.pace[1], go)

    def _ai_play(self, answer: Reply) -> None:
        game = self.match.game
        assert game.moves is not None
        raw = answer.get("moves")
        moves: list[tuple[int, int]] = []
        if isinstance(raw, list):
            moves = [(int(a), int(b)) for a, b in raw]
        turn = game.moves.fresh().follow(moves)
        if turn is None or not turn.is_complete:
            # Never stall the game on a bad answer: play the engine's first legal play.
            turn = game.moves.fresh().follow(game.legal_plays[0].moves)
            assert turn is not None
        self._play_steps(turn.done)

    def _ai_take(self, answer: Reply) -> None:
        name = self.names()[1]
        if answer.get("take", True) is not False:
            self.match = self.match.take()
            self._say(f"{name} takes: the {self.theme.cube} is at {self.match.cube.value}.")
        else:
            self.match = self.match.drop()
            self._say(f"{name} drops.")
        self._autosave()

    def _ai_accept(self, answer: Reply) -> None:
        name = self.names()[1]
        if answer.get("accept") is True:
            self.match = self.match.accept_resignation()
            self._say(f"{name} accepts your resignation.")
        else:
            self.match = self.match.reject_resignation()
            self.message = f"{name} rejects your resignation: play on."
            self._say(self.message)
        self._autosave()

    # -- results and statistics -----------------------------------------------------------

    def _count_result(self) -> None:
        """Add a finished game (and match) to the player records, once."""
        m = self.match
        result = m.game.result
        if result is None or self.counted > m.game.number:
            return
        self.counted = m.game.number + 1
        won = result.winner == 0
        self.records = self.records.add_game(
            self.setup.opponent, won=won, points=result.points, win_type=int(result.win_type)
        )
        if m.is_over:
            self.records = self.records.add_match(self.setup.opponent, won=m.winner == 0)
        self.store.write(STATS, self.records.to_json())
        names = self.names()
        win = self.theme.win_name(int(result.win_type))
        unit = "point" if result.points == 1 else "points"
        self._say(f"{wins(names[result.winner])} a {win}: {result.points} {unit}.")
        self._saved = None
        self._autosave()

    def _game_over_html(self) -> str:
        m = self.match
        result = m.game.result
        assert result is not None
        names = self.names()
        winner = names[result.winner]
        if self.setup.vs_ai:
            headline = "You win!" if result.winner == 0 else f"{winner} wins"
        else:
            headline = f"{winner} wins!"
        if self.theme.key == "backyamon":
            headline = f"{self.theme.win_name(int(result.win_type))}! {headline}"
        how = {
            "dropped": " (double dropped)",
            "resigned": " (resignation)",
            "borne off": "",
        }[result.reason.value]
        detail = panels.describe_win(self.theme, int(result.win_type), result.points) + how
        s0, s1 = m.score
        score_line = f"Score: {names[0]} {s0} – {s1} {names[1]}"
        if m.match_length:
            score_line += f" (match to {m.match_length})"
        match_line = ""
        if m.is_over:
            assert m.winner is not None
            match_line = (
                "You win the match!"
                if self.setup.vs_ai and m.winner == 0
                else f"{names[m.winner]} wins the match."
            )
        return panels.game_over_html(headline, detail, score_line, m.is_over, match_line)

    # -- announcements -----------------------------------------------------------------------

    def _say(self, text: str) -> None:
        self.announcement = text
        self.announce_id += 1

    def _say_roll(self, before: Match) -> None:
        names = self.names()
        events = self.match.game.events[len(before.game.events) :]
        parts = []
        for e in events:
            if isinstance(e, OpeningRoll):
                if e.winner is None:
                    parts.append(f"Opening roll: both rolled {e.die0}. Roll again.")
                else:
                    parts.append(
                        f"Opening roll: {names[0]} {e.die0}, {names[1]} {e.die1}. "
                        f"{names[e.winner]} starts."
                    )
            elif isinstance(e, Roll):
                parts.append(f"{names[e.player]} rolled {e.dice[0]} and {e.dice[1]}.")
            elif isinstance(e, Forfeit):
                parts.append(f"{names[e.player]} cannot move.")
        text = " ".join(parts)
        if any(isinstance(e, Forfeit) for e in events):
            self.message = text
        self._say(text)

    def _say_play(self, player: int | None, forced: bool = False) -> None:
        events = self.match.game.events
        last = next((e for e in reversed(events) if isinstance(e, Played)), None)
        if last is None or player is None:
            return
        how = " (forced)" if forced else ""
        self._say(f"{self.names()[player]} played {last.notation}{how}.")

    # -- the screen ----------------------------------------------------------------------------

    def _board(self) -> Position:
        return self.match.board_for(self.viewer)

    def _dice_view(self) -> DiceView | None:
        m = self.match
        game = m.game
        viewer = self.viewer
        if m.phase is Phase.OPENING:
            last = game.events[-1] if game.events else None
            if isinstance(last, OpeningRoll):
                dice = (last.die0, last.die1) if viewer == 0 else (last.die1, last.die0)
                return DiceView(dice, opening=True)
            return None
        if game.moves is None or m.dice is None:
            return None
        side = "me" if m.turn == viewer else "opp"
        all_dice = list(game.moves.dice)
        remaining = list(game.remaining_dice)
        if len(all_dice) == 2 and self.swapped:
            all_dice.reverse()
        used = []
        left = list(remaining)
        # Used dice first for doubles, so the unused ones stay together.
        for d in all_dice:
            if d in left:
                left.remove(d)
                used.append(False)
            else:
                used.append(True)
        if len(all_dice) == 4:
            n_used = used.count(True)
            used = [True] * n_used + [False] * (4 - n_used)
        owners: tuple[str, ...] = ()
        if self._opening_move() and len(all_dice) == 2:
            # The opening roll: one die each, the winner playing both.
            loser = "opp" if side == "me" else "me"
            owners = tuple(side if d == max(all_dice) else loser for d in all_dice)
        swappable = (
            self._human_to_move()
            and len(all_dice) == 2
            and len(remaining) == 2
            and all_dice[0] != all_dice[1]
        )
        return DiceView(
            tuple(all_dice), side=side, used=tuple(used), swappable=swappable, owners=owners
        )

    def _opening_move(self) -> bool:
        """Whether the turn being played is the opening roll's."""
        events = self.match.game.events
        return bool(events) and isinstance(events[-1], OpeningRoll)

    def _cube_view(self) -> CubeView | None:
        m = self.match
        if not m.rules.cube:
            return None
        cube = m.cube

        def rel(player: int | None) -> str | None:
            if player is None:
                return None
            return "me" if player == self.viewer else "opp"

        offered = rel(m.offer.doubler) if m.offer is not None else None
        value = cube.value * 2 if offered else cube.value
        return CubeView(value, rel(cube.owner), offered)

    def board_view(self) -> BoardView:
        return self._board_view(self._review_frame())

    def _board_view(self, frame: ReviewFrame | None) -> BoardView:
        if frame is not None:
            return self._review_board(frame)
        movable = self.movable()
        highlights = self.destinations(self.selected) if self.selected is not None else frozenset()
        names = self.names()
        viewer = self.viewer
        me_word = "your" if self.setup.vs_ai else f"{names[viewer]}’s"
        opp_word = f"{names[1 - viewer]}’s"
        pips = self._board().pips()
        label = (
            f"Backgammon board, seen by {names[viewer]}. "
            f"Pip counts: {names[viewer]} {pips[0]}, {names[1 - viewer]} {pips[1]}."
        )
        return BoardView(
            position=self._board(),
            me_colour="light" if viewer == 0 else "dark",
            highlights=highlights,
            movable=movable,
            selected=self.selected,
            lifted=self.lifted,
            dice=self._dice_view(),
            cube=self._cube_view(),
            words=self.theme.words(me_word, opp_word),
            cube_style=self.theme.cube_style,
            label=label,
            last=self._last_play_marks(),
        )

    def _last_play_marks(self) -> frozenset[int]:
        """The points the other side's last play touched, while the viewer has
        not moved since, so a player sees what the opponent just did."""
        game = self.match.game
        last = next((e for e in reversed(game.events) if isinstance(e, Played)), None)
        viewer = self.viewer
        if last is None or last.player == viewer:
            return frozenset()
        if game.moves is not None and game.moves.done:
            return frozenset()
        # The record is in the mover's numbering; the viewer's is the mirror.
        return frozenset(25 - p for move in last.moves for p in move if 0 < p < 25)

    def _status(self) -> str:
        if self.message:
            return self.message
        m = self.match
        names = self.names()
        if m.game.is_over:
            return "Match over." if m.is_over else "Game over."
        if self.thinking:
            return f"{names[1]} is thinking…"
        actor = m.actor
        phase = m.phase
        if phase is Phase.OPENING:
            return "Roll to see who starts."
        if actor is None:
            return ""
        who = "You" if self.setup.vs_ai and actor == 0 else names[actor]
        if phase is Phase.ROLL:
            if self._is_ai(actor):
                return f"{who} to roll."
            if Action.DOUBLE in m.legal_actions():
                return f"{who}: roll, or {self.theme.double.lower()}."
            return f"{who}: roll."
        if phase is Phase.MOVE:
            if self._is_ai(actor):
                return f"{who} is moving."
            left = m.game.remaining_dice
            if Action.CONFIRM in m.legal_actions():
                return f"{who}: confirm the play (or undo)."
            dice = "\u2011".join(str(d) for d in left)  # a hyphen that never breaks the line
            if self._opening_move():
                return f"{who} won the opening roll: move {dice}."
            return f"{who}: move {dice}."
        if phase is Phase.CUBE:
            return f"{who}: take or drop?"
        if phase is Phase.RESIGNATION:
            return f"{who}: accept or reject the resignation?"
        return ""

    def _controls(self) -> tuple[Button, ...]:
        review, at = self.review, self.review_at
        browsing = review is not None and at is not None
        flagged = review.flagged() if review is not None else ()
        pos = flagged.index(at) if at in flagged else -1
        play = review is not None and at is not None and review.items[at].kind == "play"
        view = self.review_view
        browse = (
            Button("review-prev", "‹", pos > 0, browsing, "ArrowLeft"),
            Button("review-before", "Before", play and view != "before", play),
            Button("review-played", "Played", play and view != "played", play),
            Button("review-best", "Best", play and view != "best", play),
            Button("review-next", "›", 0 <= pos < len(flagged) - 1, browsing, "ArrowRight"),
            Button("review-list", "List", browsing, browsing),
        )
        if browsing:
            return browse + tuple(
                Button(b.action, b.label, False, False, b.key) for b in self._game_controls()
            )
        return browse + self._game_controls()

    def _game_controls(self) -> tuple[Button, ...]:
        m = self.match
        acts = m.legal_actions() if not self._is_ai(m.actor) and not self.busy else frozenset()
        moving = m.phase is Phase.MOVE and not self._is_ai(m.turn)
        over = m.game.is_over
        theme_ = self.theme
        return (
            Button("roll", "Roll", Action.ROLL in acts, not moving and not over, "R"),
            Button(
                "double",
                theme_.double,
                Action.DOUBLE in acts,
                not moving and not over and m.game.cube_enabled,
                "D",
            ),
            Button("undo", "Undo", Action.UNDO in acts, moving, "U"),
            Button("redo", "Redo", Action.REDO in acts, moving, "Y"),
            Button("confirm", "Done", Action.CONFIRM in acts, moving, "Enter"),
            Button("hint", "Hint", self._can_hint(), not over, "H"),
            Button("resign-open", "Resign", Action.RESIGN in acts, not m.game.is_over, ""),
            Button("next-game", "Next game", Action.NEXT_GAME in acts, Action.NEXT_GAME in acts),
            Button("rematch", "Rematch", m.is_over, m.is_over),
        )

    def _panels(self, frame: ReviewFrame | None) -> tuple[Panel, Panel]:
        m = self.match
        names = self.names()
        viewer = self.viewer
        pips = m.pips()
        if frame is not None:  # the reviewed board's pip counts, from its player's side
            viewer = frame.player
            mine, theirs = frame.position.pips()
            pips = (mine, theirs) if viewer == 0 else (theirs, mine)
        score = m.score
        owner = m.cube.owner
        actor = m.actor

        def panel(player: int) -> Panel:
            note = ""
            if self._is_ai(player) and self.thinking:
                note = "thinking…"
            elif m.game.is_over and m.game.result is not None and m.game.result.winner == player:
                note = "wins"
            colour = "light" if player == 0 else "dark"
            return Panel(
                name=names[player],
                colour=colour,
                pips=pips[player],
                score=str(score[player]),
                on_roll=actor == player and not m.game.is_over,
                note=note,
                owns_cube=owner == player,
            )

        return panel(1 - viewer), panel(viewer)

    def _match_line(self) -> str:
        m = self.match
        if m.match_length:
            text = f"Match to {m.match_length} · game {m.game_number}"
            if m.is_crawford_game:
                text += " · Crawford game"
            elif m.is_post_crawford:
                text += " · post-Crawford"
        else:
            text = f"Money game {m.game_number}"
            if m.rules.jacoby_active:
                text += " · Jacoby"
        if not m.rules.cube:
            text += " · no cube"
        return text

    def _history(self) -> tuple[str, tuple[tuple[int, str], ...], int]:
        m = self.match
        records = m.record.games
        index = self.history_index if self.history_index is not None else len(records) - 1
        index = min(index, len(records) - 1)
        mark = None
        if self.review is not None and self.review_at is not None and index == self.review.game:
            mark = self.review.items[self.review_at].event  # the decision on the board
        rows: list[HistoryRow] = game_rows(records[index], self.theme, self.names(), mark)
        games = tuple((i, f"Game {i + 1}") for i in range(len(records)))
        return panels.history_html(rows, self.names()), games, index

    def screen(self) -> Screen:
        m = self.match
        frame = self._review_frame()  # once a render: the best play's board replays its moves
        top, bottom = self._panels(frame)
        history, games, index = self._history()
        actor = m.actor
        if m.game.is_over or (actor is None and m.phase is not Phase.OPENING):
            waiting = "none"
        elif self._is_ai(actor):
            waiting = "ai"
        else:
            waiting = "human"
        dialog = (
            DialogView(self.dialog, self.dialog_html, not self._dialog_needed())
            if self.dialog is not None
            else None
        )
        return Screen(
            board=self._board_view(frame),
            motions=self.motions,
            motion_ms=self.pace[0],
            top=top,
            bottom=bottom,
            title=self.theme.title,
            match_line=self._match_line(),
            status=self._review_status(frame) if frame is not None else self._status(),
            controls=self._controls(),
            dialog=dialog,
            history_html=history,
            hint_html="" if frame is not None else self._hint_html(),
            history_games=games,
            history_index=index,
            notation_enabled=self._human_to_move(),
            notice=self.notice,
            announcement=self.announcement,
            announce_id=self.announce_id,
            theme=self.settings.theme,
            mode=self.settings.mode,
            phase="over" if m.game.is_over else m.phase.value,
            actor=waiting,
            busy=self.busy,
            position_id=m.position_id,
            match_id=m.match_id,
            turn=m.turn if m.turn is not None else 0,
            viewer=frame.player if frame is not None else self.viewer,
            vs_ai=self.setup.vs_ai,
        )

    @contextmanager
    def _one_render(self) -> Iterator[None]:
        """Draw once, at the end, however many of the steps inside ask to: an
        AI's answer, say, starts its play (which draws) and then draws again."""
        self._holding += 1
        try:
            yield
        finally:
            self._holding -= 1
        if not self._holding and self._stale:
            self._render()

    def _render(self) -> None:
        if self._holding:
            self._stale = True
            return
        self._stale = False
        screen = self.screen()
        self.motions = ()
        self.view.show(screen)
