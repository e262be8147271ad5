"""The game's own intents: the dice, the cube, Done, Undo, a typed play,
resigning, the next game, a new match (from the dialog or an invite), and
the small things around them (closing a dialog, the score sheet's game,
sound, help).  Each asks the engine (every rule is its), makes the new
state and its effects; what the opponent does next is the flow's.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import TYPE_CHECKING

from engine.errors import EngineError
from engine.game import Action
from engine.match import Match
from web.board.motion import plan_motions
from web.control.coaching import Coaching
from web.control.flow import Flow
from web.control.online import OnlinePlay
from web.control.post import PostPlay
from web.control.session import Part, Session
from web.control.storage import Storage
from web.model.actions import Act
from web.model.options import MatchOptions, Rival, Setting, SettingChange, ai_name
from web.model.state import Dialog, Reviewing, ReviewView
from web.model.tutor import judging
from web.view.screen import why_no_double
from web.words import game as words

if TYPE_CHECKING:  # the intents' module loads with the first intent
    from web.model.intents import DiceAsk, Handler, Index, Intent, Join, NewMatch, Text


class Play(Part):
    """See the module docs.  It is handed the parts its intents reach: the
    flow (the match's changes), the coaching (a review's board, on Close), the
    online part (a new match online) and the storage (the sound setting, the players' names)."""

    def __init__(
        self,
        session: Session,
        flow: Flow,
        coach: Coaching,
        online: OnlinePlay,
        storage: Storage,
        post: PostPlay | None = None,
    ) -> None:
        super().__init__(session)
        self.flow = flow
        self.coach = coach
        self.online = online
        self.storage = storage
        self.post = post

    def handlers(self) -> Mapping[Act, Handler]:
        from web.model.intents import DiceAsk, Index, Join, NewMatch, Text, typed

        return {
            Act.ROLL: self._on_roll,
            Act.DOUBLE: self._on_double,
            Act.TAKE: self._on_take,
            Act.BEAVER: self._on_beaver,
            Act.DROP: self._on_drop,
            Act.UNDO: self._on_undo,
            Act.REDO: self._on_redo,
            Act.CONFIRM: self._on_confirm,
            Act.PLAY_TEXT: typed(Text, self._on_play_text),
            Act.SWAP_DICE: self._on_swap_dice,
            Act.DICE_SET: typed(DiceAsk, self._on_dice_set),
            Act.RESIGN_OPEN: self._on_resign_open,
            Act.RESIGN: typed(Index, self._on_resign),
            Act.ACCEPT: self._on_accept,
            Act.REJECT: self._on_reject,
            Act.NEXT_GAME: self._on_next_game,
            Act.REMATCH: self._on_rematch,
            Act.NEW_OPEN: self._on_new_open,
            Act.START: typed(NewMatch, self._on_start),
            Act.JOIN_ACCEPT: typed(Join, self._on_join_accept),
            Act.CLOSE: self._on_close,
            Act.HISTORY_GAME: typed(Index, self._on_history_game),
            Act.DISMISS_NOTICE: self._on_dismiss_notice,
            Act.SOUND: self._on_sound,
            Act.HELP_OPEN: self._on_help_open,
        }

    def _on_roll(self, intent: Intent) -> None:
        s = self.state
        if s.busy or s.dialog is not None or not self.session.legal(Action.ROLL):
            return
        if self.flow.real_dice:
            self._open(Dialog.DICE)
            return
        self.flow.roll(None)
        # An opening roll the AI won: a beat to see the dice before it moves.
        self.flow.after_ai_roll()

    def _on_dice_set(self, ask: DiceAsk) -> None:
        dice = ask.dice
        if dice is None:
            self._set(message=words.CHOOSE_BOTH_DICE)
            return
        self._close()
        # With real dice the player also reads out the AI's roll, so who is on
        # roll does not matter here.  Never against a remote game: its dice are
        # both ends' (a dialog left open when it began is ignored).
        m = self.state.match
        if Action.ROLL in m.legal_actions() and not self.state.busy and self.session.remote is None:
            ai_rolls = self.state.is_ai(m.actor)
            self.flow.roll(dice)
            if ai_rolls:
                self.flow.after_ai_roll()

    def _on_double(self, intent: Intent) -> None:
        if not self.state.busy and self.session.legal(Action.DOUBLE):
            self.flow.double()
            return
        why = why_no_double(self.state)  # a key pressed: as the button's tooltip says
        if why:
            self._set(message=why)

    def _on_beaver(self, intent: Intent) -> None:
        if not self.session.legal(Action.BEAVER):
            return
        self._close()
        beaverer = self.state.match.actor
        assert beaverer is not None
        self._set(match=self.state.match.beaver())
        s = self.state
        self._say(words.beavered(s.names[beaverer], s.theme, s.match.cube.value * 4))
        self._autosave()

    def _on_take(self, intent: Intent) -> None:
        if self.session.legal(Action.TAKE):
            self._close()
            self.flow.take()

    def _on_drop(self, intent: Intent) -> None:
        if self.session.legal(Action.DROP):
            self._close()
            self.flow.drop()

    def _on_undo(self, intent: Intent) -> None:
        if not self.state.busy and self.session.legal(Action.UNDO):
            self._animate_change(lambda m: m.undo())

    def _on_redo(self, intent: Intent) -> None:
        if not self.state.busy and self.session.legal(Action.REDO):
            self._animate_change(lambda m: m.redo())

    def _animate_change(self, change: Callable[[Match], Match]) -> None:
        before = self.session.board()
        # The tutor's verdict was on the play before the change: a play completed
        # again (the same one included) is judged again, as the first time.
        advice = self.state.advice
        self._set(match=change(self.state.match), advice=advice.taken_back())
        self._close_tutor()
        self._select(selected=None)
        self.session.slide(before)
        self._autosave()
        self.coach.ask_again_if_lost(advice)
        self.session.tutor_check()  # Redo may complete a play

    def _on_confirm(self, intent: Intent) -> None:
        self.confirm()

    def confirm(self) -> None:
        """Done: the play is kept (unless the tutor's verdict is still to come)."""
        if self.state.busy or not self.session.legal(Action.CONFIRM):
            return
        if judging(self.state):
            # Done waits for the tutor's verdict on this play.
            self._set(advice=replace(self.state.advice, confirm_waiting=True))
            return
        player = self.state.match.turn
        self._set(match=self.state.match.confirm())
        self._select(selected=None)
        self._close_tutor()
        self.session.say_play(player)
        self._autosave()

    def _close_tutor(self) -> None:
        """The tutor's question was about the play on the board, which is gone."""
        if self.state.dialog is Dialog.TUTOR:
            self._close()

    def _on_play_text(self, typed_in: Text) -> None:
        """A whole play typed in notation, e.g. ``8/5 6/5``."""
        text = typed_in.text
        if not text:
            return
        if self.state.busy or not self.session.legal(Action.MOVE):
            self._set(message=words.NOTHING_TO_MOVE, play_refused=True)
            return
        player = self.state.match.turn
        before = self.session.board()
        tutor = self.state.settings.tutor and not self.state.online.playing
        try:
            m = self.state.match
            # With the tutor on, the play waits on the board for its verdict, as
            # Done does after a tap or a drag; else Enter is Done.
            self._set(match=m.with_play(m.read_play(text).moves) if tutor else m.play(text))
        except EngineError as exc:
            from web.words.refusals import refused_play  # on a refusal only

            self._set(message=refused_play(text, exc), play_refused=True)
            return
        if tutor:
            self._select(selected=None)
            self.session.slide(before)
            self._autosave()
            self.session.tutor_check()
            self.confirm()  # goes through once the tutor finds nothing to say
            return
        self._select(selected=None)
        after = self.session.board()
        self.session.motions = (
            tuple(plan_motions(before, after)) if player == self.state.viewer else ()
        )
        self.session.say_play(player)
        self._autosave()

    def _on_swap_dice(self, intent: Intent) -> None:
        if self.state.human_to_move:
            self._select(swapped=not self.state.selection.swapped)
            order = self.state.dice_order
            self._say(words.die_first(order[0] if order else 0))

    def _on_resign_open(self, intent: Intent) -> None:
        if not self.state.busy and self.session.legal(Action.RESIGN):
            self._open(Dialog.RESIGN)

    def _on_resign(self, ask: Index) -> None:
        amount = ask.index
        m = self.state.match
        if self.state.busy or not self.session.legal(Action.RESIGN) or not m.can_resign(amount):
            return
        self._close()
        self.flow.resign(amount)

    def _on_accept(self, intent: Intent) -> None:
        if self.session.legal(Action.ACCEPT):
            self._close()
            self._set(match=self.state.match.accept_resignation())
            self._autosave()

    def _on_reject(self, intent: Intent) -> None:
        if not self.session.legal(Action.REJECT):
            return
        who = self.state.match.actor
        assert who is not None
        self._close()
        self._set(match=self.state.match.reject_resignation())
        self._say(words.rejects_resignation(self.state.names[who]))
        self._autosave()

    def _on_next_game(self, intent: Intent) -> None:
        if Action.NEXT_GAME not in self.state.match.legal_actions():
            return
        self._close()
        # A review's answers still on their way are dropped with it.
        self._set(reviewing=Reviewing(), match=self.state.match.next_game(), history_index=None)
        self._select(selected=None)
        self._say(words.game_begins(self.state.match.game_number))
        self._autosave()

    def _on_rematch(self, intent: Intent) -> None:
        options = self.state.options
        self.start(options)
        if options.online:  # the same terms, in a new invite for the friend to open
            self.online.invite(options)

    def _on_join_accept(self, ask: Join) -> None:
        options = self.online.join_options
        if options is not None and self.session.may_abandon(ask):
            if not self.online.take_turn(ask.turn):
                return  # the dialog says why
            self.start(options)
            self.online.join(ask.name)

    def _on_new_open(self, intent: Intent) -> None:
        self.session.open_new_game(can_cancel=True)

    def _on_start(self, ask: NewMatch) -> None:
        if self.session.may_abandon(ask):
            options = ask.options
            if options.online and not self.online.take_turn(ask.turn):
                return  # the dialog says why
            self.start(options)
            if options.online and self.post is not None and ask.post:
                self.post.start(options, ask.name, ask.days)
            elif options.online:
                self.online.invite(options, ask.name)

    def start(self, options: MatchOptions) -> None:
        """A new match with these options."""
        self.online.leave()
        self._set(options=options)
        if options.opponent is Rival.HUMAN:
            self.storage.remember_players(options.names)
        self.session.replace(Match.from_rules(options.rules()), counted=0)
        who = ai_name(options.opponent) if options.vs_ai else None
        self._say(words.new_game(options.length, who, options.online))
        self._autosave()

    def _on_close(self, intent: Intent) -> None:
        s = self.state
        if s.dialog in (Dialog.CUBE, Dialog.RESIGN_ANSWER) and s.dialog_needed:
            return  # a decision is required; Escape must not skip it
        self._set(pending=None)
        if s.dialog is Dialog.REVIEW and s.reviewing.at is not None:
            self.coach.show_review_frame(None, ReviewView.BEFORE)  # back to the game's last board
        self._close()

    def _on_history_game(self, ask: Index) -> None:
        last = len(self.state.match.games)
        self._set(history_index=None if ask.index >= last else max(ask.index, 0))

    def _on_dismiss_notice(self, intent: Intent) -> None:
        self._set(notice="")

    def _on_sound(self, intent: Intent) -> None:
        """The mute toggle: the sound setting flipped, and remembered."""
        on = not self.state.settings.sound
        self.storage.change_setting(SettingChange(Setting.SOUND, on))
        self._say(words.sound(on))

    def _on_help_open(self, intent: Intent) -> None:
        self._open(Dialog.HELP)
