"""The game controller: player intents and opponents' decisions in, a new
:class:`~web.state.UiState` and its effects out.

Each intent reads the same way: ask the engine (every rule is its), make the
new state, then the effects — draw the screen, save, ask the opponent,
schedule the next step.  It is handed its parts, like 2048's GameManager: a
view (draws a :class:`~web.screen.Screen`), a store (``localStorage``), an
AI port (a web worker), a timer (pacing and animation) and a source of dice
(the engine's injected RNG, seeded in tests).  It never touches the DOM, so
it runs under CPython with fakes, where its flow is tested.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from types import MappingProxyType

from engine.dice import RandomSource
from engine.errors import EngineError
from engine.game import Action, Phase
from engine.match import Match
from engine.turn import Step
from web.actions import Act
from web.ai_client import AiPort
from web.analysis.intents import AnalysisIntents
from web.animation import plan_motions
from web.coaching import Coaching
from web.online.intents import Connector, OnlineIntents
from web.opponent import seats
from web.options import MatchOptions, ai_name
from web.session import Fields, SeatFactory, Session, Timer, View
from web.state import Dialog, Reviewing
from web.storage import Store
from web.storage_intents import StorageIntents
from web.tutor import judging

__all__ = ["HANDLERS", "Controller", "Session", "Timer", "View"]


class Controller(AnalysisIntents, StorageIntents, Coaching, OnlineIntents):
    """See the module docs.  Call :meth:`boot` once, then feed it intents.

    Besides the parts every controller needs, the page may hand it its part
    of online play (``connector``: none, no online play), its own address
    (``page_url``: the analysis board's shared links) and the workers a
    rollout may use (``rollout_ports``: none, the AI's alone)."""

    def __init__(
        self,
        view: View,
        store: Store,
        ai: AiPort,
        timer: Timer,
        dice: RandomSource,
        *,
        animation: str | None = None,
        seat_factory: SeatFactory = seats,
        connector: Connector | None = None,
        page_url: str = "",
        rollout_ports: Callable[[], Sequence[AiPort]] | None = None,
    ) -> None:
        super().__init__(
            view, store, ai, timer, dice, animation=animation, seat_factory=seat_factory
        )
        self.connector = connector
        self.page_url = page_url
        self.rollout_ports = rollout_ports

    # -- reading the state (for the page's gestures) -----------------------------------------

    def can_lift(self, place: int) -> bool:
        if self.editing:  # the analysis board's editor: any checker may be dragged
            return self.edit_can_lift(place)
        return place in self.state.movable

    # -- pointer intents ------------------------------------------------------------------

    def tap(self, place: int | None) -> None:
        """A tap or click on the board at ``place`` (``None``: off the board)."""
        if self.editing:
            self.edit_tap(place)
            return
        s = self.state
        if not s.human_to_move:
            if s.match.phase in (Phase.OPENING, Phase.ROLL) and place is not None:
                self.act(Act.ROLL)  # tapping the board before rolling asks for dice
            return
        selected = s.selection.selected
        self._select(landed=None)
        if selected is not None and place is not None and place in s.destinations(selected):
            self._select(selected=None)
            self._move(selected, place, animate=True)
            self._select(landed=place)
        elif place is not None and place in s.movable and place != selected:
            self._select(selected=place)
        else:
            self._select(selected=None)
        self._render()

    def double_tap(self, place: int) -> None:
        """Play a checker from ``place`` by the first usable die (bear it off if it can)."""
        if self.editing:  # two quick taps in the editor: two checkers
            self.edit_tap(place)
            return
        s = self.state
        if not s.human_to_move or place not in s.movable or place == s.selection.landed:
            # The first tap of a "double tap" that just landed a checker here was a
            # move, so the second one picks the next checker up.
            self.tap(place)
            return
        steps = [st for st in s.match.legal_steps() if st.src == place]
        first = self._by_dice_order(steps)[0]
        self._select(selected=None)
        self._move(place, first.dst, animate=True, die=first.die)
        self._render()

    def lift(self, place: int) -> None:
        """A drag started on ``place``."""
        if self.editing:
            self.edit_lift(place)
            return
        if place in self.state.movable:
            self._select(selected=place, lifted=place)
            self._render()

    def drop(self, src: int, dst: int | None) -> bool:
        """The dragged checker was released on ``dst``; False when it snaps back
        (the page slides it home from what it drew)."""
        if self.editing:
            return self.edit_drop(src, dst)
        self._select(lifted=None)
        if dst is not None and dst in self.state.destinations(src):
            self._select(selected=None)
            self._move(src, dst, animate=False)
            self._render()
            return True
        self._render()
        return False

    def _by_dice_order(self, steps: list[Step]) -> list[Step]:
        order = self.state.dice_order
        return sorted(steps, key=lambda st: order.index(st.die) if st.die in order else 9)

    def _move(self, src: int, dst: int, *, animate: bool, die: int | None = None) -> None:
        m = self.state.match
        if die is None:
            choices = [st for st in m.legal_steps() if st.src == src and st.dst == dst]
            if choices:
                die = self._by_dice_order(choices)[0].die
        before = self._board()
        try:
            self._set(match=m.move(src, dst, die))
        except EngineError as exc:
            self._set(message=str(exc))
            return
        motions = plan_motions(before, self._board())
        if not animate:
            # The dragged checker is already where it was dropped; only a hit slides.
            motions = [mo for mo in motions if mo.side == "opp"]
        self._motions = tuple(motions)
        self._set(message="")
        self._autosave()
        self._tutor_check()  # a tap or a drag that completes the play

    # -- actions ------------------------------------------------------------------------

    def act(self, act: Act, value: str = "", fields: Fields | None = None) -> None:
        """A button, key or dialog action, with the control's value and its form's fields."""
        handler = HANDLERS[act]
        if not self.accepts(act):
            return  # the analysis board's editor: the game put aside is not played on
        self._set(message="", play_refused=False, dialog_error="", copied="")
        with self._one_render():
            try:
                handler(self, value, fields or {})
            except EngineError as exc:
                self._set(message=str(exc))
            self._advance()
            self._render()

    def import_text(self, text: str) -> None:
        """A file the player chose to import, read by the page."""
        self.act(Act.IMPORT, text)

    def _on_roll(self, value: str, fields: Fields) -> None:
        s = self.state
        if s.busy or s.dialog is not None or not self._legal(Action.ROLL):
            return
        if self._real_dice:
            self._open(Dialog.DICE)
            return
        self._roll(None)

    def _on_dice_set(self, value: str, fields: Fields) -> None:
        try:
            dice = (int(fields.get("d1", "")), int(fields.get("d2", "")))
        except ValueError:
            self._set(message="Choose both dice.")
            return
        self._close()
        # With real dice the player also reads out the AI's roll, so who is on
        # roll does not matter here.  Never against a remote game: its dice are
        # both ends' (a dialog left open when it began is ignored).
        m = self.state.match
        if Action.ROLL in m.legal_actions() and not self.state.busy and self.remote is None:
            ai_rolls = self.state.is_ai(m.actor)
            self._roll(dice)
            if ai_rolls:
                self._after_ai_roll()

    def _on_double(self, value: str, fields: Fields) -> None:
        if not self.state.busy and self._legal(Action.DOUBLE):
            self._double()

    def _on_beaver(self, value: str, fields: Fields) -> None:
        if not self._legal(Action.BEAVER):
            return
        self._close()
        beaverer = self.state.match.actor
        assert beaverer is not None
        self._set(match=self.state.match.beaver())
        s = self.state
        self._say(
            f"{s.names[beaverer]} beavers: the {s.theme.cube} would go to {s.match.cube.value * 4}."
        )
        self._autosave()

    def _on_take(self, value: str, fields: Fields) -> None:
        if self._legal(Action.TAKE):
            self._close()
            self._take()

    def _on_drop(self, value: str, fields: Fields) -> None:
        if self._legal(Action.DROP):
            self._close()
            self._drop()

    def _on_undo(self, value: str, fields: Fields) -> None:
        if not self.state.busy and self._legal(Action.UNDO):
            self._animate_change(lambda m: m.undo())

    def _on_redo(self, value: str, fields: Fields) -> None:
        if not self.state.busy and self._legal(Action.REDO):
            self._animate_change(lambda m: m.redo())

    def _animate_change(self, change: Callable[[Match], Match]) -> None:
        before = self._board()
        self._set(match=change(self.state.match))
        self._select(selected=None)
        self._motions = tuple(plan_motions(before, self._board()))
        self._autosave()

    def _on_confirm(self, value: str, fields: Fields) -> None:
        if self.state.busy or not self._legal(Action.CONFIRM):
            return
        if judging(self.state):
            # Done waits for the tutor's verdict on this play.
            self._set(advice=replace(self.state.advice, confirm_waiting=True))
            return
        player = self.state.match.turn
        self._set(match=self.state.match.confirm())
        self._select(selected=None)
        self._say_play(player)
        self._autosave()

    def _on_play_text(self, value: str, fields: Fields) -> None:
        """A whole play typed in notation, e.g. ``8/5 6/5``."""
        text = (fields.get("text") or value).strip()
        if not text:
            return
        if self.state.busy or not self._legal(Action.MOVE):
            self._set(message="There is nothing to move now.", play_refused=True)
            return
        player = self.state.match.turn
        before = self._board()
        try:
            self._set(match=self.state.match.play(text))
        except EngineError as exc:
            self._set(message=f"“{text}”: {exc}", play_refused=True)
            return
        self._select(selected=None)
        after = self._board()
        self._motions = tuple(plan_motions(before, after)) if player == self.state.viewer else ()
        self._say_play(player)
        self._autosave()

    def _on_select(self, value: str, fields: Fields) -> None:
        """Keyboard: act on a board place as a tap would (``none``: let go)."""
        self.tap(int(value) if value.isdigit() else None)

    def _on_swap_dice(self, value: str, fields: Fields) -> None:
        if self.state.human_to_move:
            self._select(swapped=not self.state.selection.swapped)
            order = self.state.dice_order
            self._say(f"The {order[0] if order else 0} will be used first.")

    def _on_resign_open(self, value: str, fields: Fields) -> None:
        if not self.state.busy and self._legal(Action.RESIGN):
            self._open(Dialog.RESIGN)

    def _on_resign(self, value: str, fields: Fields) -> None:
        if not value.isdigit():
            return
        amount = int(value)
        m = self.state.match
        if self.state.busy or not self._legal(Action.RESIGN) or not m.can_resign(amount):
            return
        self._close()
        self._resign(amount)

    def _on_accept(self, value: str, fields: Fields) -> None:
        if self._legal(Action.ACCEPT):
            self._close()
            self._set(match=self.state.match.accept_resignation())
            self._autosave()

    def _on_reject(self, value: str, fields: Fields) -> None:
        if not self._legal(Action.REJECT):
            return
        who = self.state.match.actor
        assert who is not None
        self._close()
        self._set(match=self.state.match.reject_resignation())
        self._say(f"{self.state.names[who]} rejects the resignation: play on.")
        self._autosave()

    def _on_next_game(self, value: str, fields: Fields) -> None:
        if Action.NEXT_GAME not in self.state.match.legal_actions():
            return
        self._close()
        # A review's answers still on their way are dropped with it.
        self._set(reviewing=Reviewing(), match=self.state.match.next_game(), history_index=None)
        self._select(selected=None)
        self._say(f"Game {self.state.match.game_number} begins.")
        self._autosave()

    def _on_rematch(self, value: str, fields: Fields) -> None:
        options = self.state.options
        self._start(options)
        if options.online:  # the same terms, in a new invite for the friend to open
            self._invite(options)

    def _on_new_open(self, value: str, fields: Fields) -> None:
        self._open_new_game(can_cancel=True)

    def _on_start(self, value: str, fields: Fields) -> None:
        if self._may_abandon(Act.START, value, fields):
            options = MatchOptions.from_form(fields)
            if options.online and not self._take_turn(fields):
                return  # the dialog says why
            self._start(options)
            if options.online:
                self._invite(options, fields.get("name", ""))

    def _on_abandon(self, value: str, fields: Fields) -> None:
        """The player confirmed the intent that throws the game in progress away."""
        pending = self.state.pending
        if pending is None:
            return
        self._set(pending=None)
        self._close()
        self._count_abandoned()
        self._abandoning = True
        try:
            HANDLERS[pending.act](self, pending.value, dict(pending.fields))
        finally:
            self._abandoning = False

    def _start(self, options: MatchOptions) -> None:
        self._leave_online()
        self._set(options=options)
        self._replace(Match.from_rules(options.rules()), counted=0)
        kind = f"a match to {options.length}" if options.length else "a money game"
        who = ai_name(options.opponent) if options.vs_ai else "a friend"
        who += " online" if options.online else ""
        self._say(f"New game: {kind} against {who}. Roll to start.")
        self._autosave()

    def _on_close(self, value: str, fields: Fields) -> None:
        s = self.state
        if s.dialog in (Dialog.CUBE, Dialog.RESIGN_ANSWER) and s.dialog_needed:
            return  # a decision is required; Escape must not skip it
        self._set(pending=None)
        if s.dialog is Dialog.REVIEW and s.reviewing.at is not None:
            self._show_review_frame(None, "before")  # back to the game's last board
        self._close()

    def _on_history_game(self, value: str, fields: Fields) -> None:
        if value.lstrip("-").isdigit():
            index = int(value)
            last = len(self.state.match.games)
            self._set(history_index=None if index >= last else max(index, 0))

    def _on_dismiss_notice(self, value: str, fields: Fields) -> None:
        self._set(notice="")

    def _on_sound(self, value: str, fields: Fields) -> None:
        """The mute toggle: the sound setting flipped, and remembered."""
        on = not self.state.settings.sound
        self._on_setting(f"sound={'true' if on else 'false'}", fields)
        self._say("Sound on." if on else "Sound off.")

    def _on_help_open(self, value: str, fields: Fields) -> None:
        self._open(Dialog.HELP)


Handler = Callable[[Controller, str, Fields], None]

HANDLERS: Mapping[Act, Handler] = MappingProxyType(
    {
        Act.ROLL: Controller._on_roll,
        Act.DOUBLE: Controller._on_double,
        Act.TAKE: Controller._on_take,
        Act.BEAVER: Controller._on_beaver,
        Act.ABANDON: Controller._on_abandon,
        Act.DROP: Controller._on_drop,
        Act.UNDO: Controller._on_undo,
        Act.REDO: Controller._on_redo,
        Act.CONFIRM: Controller._on_confirm,
        Act.PLAY_TEXT: Controller._on_play_text,
        Act.SELECT: Controller._on_select,
        Act.SWAP_DICE: Controller._on_swap_dice,
        Act.DICE_SET: Controller._on_dice_set,
        Act.RESIGN_OPEN: Controller._on_resign_open,
        Act.RESIGN: Controller._on_resign,
        Act.ACCEPT: Controller._on_accept,
        Act.REJECT: Controller._on_reject,
        Act.NEXT_GAME: Controller._on_next_game,
        Act.REMATCH: Controller._on_rematch,
        Act.NEW_OPEN: Controller._on_new_open,
        Act.START: Controller._on_start,
        Act.HINT: Controller._on_hint,
        Act.HINT_PLAY: Controller._on_hint_play,
        Act.REVIEW: Controller._on_review,
        Act.REVIEW_SHOW: Controller._on_review_show,
        Act.REVIEW_PREV: Controller._on_review_prev,
        Act.REVIEW_NEXT: Controller._on_review_next,
        Act.REVIEW_BEFORE: Controller._on_review_before,
        Act.REVIEW_PLAYED: Controller._on_review_played,
        Act.REVIEW_BEST: Controller._on_review_best,
        Act.REVIEW_LIST: Controller._on_review_list,
        Act.CLOSE: Controller._on_close,
        Act.STATS_OPEN: Controller._on_stats_open,
        Act.STATS_RESET: Controller._on_stats_reset,
        Act.SETTINGS_OPEN: Controller._on_settings_open,
        Act.SETTING: Controller._on_setting,
        Act.SOUND: Controller._on_sound,
        Act.SAVES_OPEN: Controller._on_saves_open,
        Act.SAVE_SLOT: Controller._on_save_slot,
        Act.SAVE_OVERWRITE: Controller._on_save_overwrite,
        Act.UNREADABLE_DOWNLOAD: Controller._on_unreadable_download,
        Act.UNREADABLE_DISCARD: Controller._on_unreadable_discard,
        Act.LOAD_SLOT: Controller._on_load_slot,
        Act.DELETE_SLOT: Controller._on_delete_slot,
        Act.EXPORT: Controller._on_export,
        Act.IMPORT: Controller._on_import,
        Act.COPY_IDS: Controller._on_copy_ids,
        Act.POSITION_OPEN: Controller._on_position_open,
        Act.COPY_ID: Controller._on_copy_id,
        Act.HELP_OPEN: Controller._on_help_open,
        Act.COPY_INVITE: Controller._on_copy_invite,
        Act.SHARE_LINK: Controller._on_share_link,
        Act.JOIN_ACCEPT: Controller._on_join_accept,
        Act.CHAT_OPEN: Controller._on_chat_open,
        Act.CHAT: Controller._on_chat,
        Act.CLAIM: Controller._on_claim,
        Act.MANUAL_OFFER: Controller._on_manual_offer,
        Act.MANUAL_ANSWER: Controller._on_manual_answer,
        Act.COPY_CODE: Controller._on_copy_code,
        Act.DISMISS_NOTICE: Controller._on_dismiss_notice,
        Act.HISTORY_GAME: Controller._on_history_game,
        Act.ANALYSIS_OPEN: Controller._on_analysis_open,
        Act.ANALYSIS_CLOSE: Controller._on_analysis_close,
        Act.EDIT_TOOL: Controller._on_edit_tool,
        Act.EDIT_CLEAR: Controller._on_edit_clear,
        Act.EDIT_START: Controller._on_edit_start,
        Act.EDIT_SWAP: Controller._on_edit_swap,
        Act.EDIT_SET: Controller._on_edit_set,
        Act.EDIT_PASTE: Controller._on_edit_paste,
        Act.EDIT_OPEN: Controller._on_edit_open,
        Act.ANALYSE: Controller._on_analyse,
        Act.ANALYSIS_BACK: Controller._on_analysis_back,
        Act.ANALYSIS_FORWARD: Controller._on_analysis_forward,
        Act.ANALYSIS_PLAY: Controller._on_analysis_play,
        Act.ANALYSIS_OPPONENT: Controller._on_analysis_opponent,
        Act.ANALYSIS_PLAY_ON: Controller._on_analysis_play_on,
        Act.ANALYSIS_COPY: Controller._on_analysis_copy,
        Act.ROLLOUT: Controller._on_rollout,
        Act.ROLLOUT_CANCEL: Controller._on_rollout_cancel,
    }
)
"""The handler of every action (a test checks none is missing)."""
