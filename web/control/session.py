"""The controller's one session: its state, the parts it was handed, and the
effects every intent ends with.

:class:`Session` holds the one :class:`~web.model.state.UiState` and the
services the app handed the controller (view, store, AI port, timer, dice,
who plays each seat), and does the effects: draw the screen (once per
intent), save, announce, schedule, copy.  The controller's parts
(:mod:`web.control.controller` composes them) each hold this session and
reach one another only through what the controller hands them; the three
steps a part may need from another are bound here by the controller, so
that a reader finds them in one place (:meth:`Session.bind`):

* ``advance``: what happens next without this page's player (the flow's
  next step, or the analysis board's on its board);
* ``tutor_check``: with the tutor on, judge a play that is complete;
* ``confirm``: Done, when the tutor lets a Done that waited through.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import replace
from typing import TYPE_CHECKING, Any, Protocol

from engine.dice import RandomSource
from engine.game import Action
from engine.match import Match
from engine.position import Position
from web.ai.client import AiPort
from web.board.motion import Motion, plan_motions
from web.model.actions import Act
from web.model.opponent import Opponent, seats
from web.model.options import MatchOptions
from web.model.savefile import SavedGame
from web.model.sound import Sound, sounds_between
from web.model.state import Dialog, Reviewing, Selection, UiState
from web.model.storage import AUTOSAVE, Store
from web.view.frame import Screen
from web.view.screen import screen
from web.words.play import copied_text, play_words, roll_words, storage_warning

if TYPE_CHECKING:  # loaded with the first intent (Controller.handlers)
    from web.model.intents import Handler, Intent

SeatFactory = Callable[[MatchOptions, AiPort], tuple[Opponent, Opponent]]


class View(Protocol):
    def show(self, screen: Screen) -> None: ...

    def download(self, filename: str, text: str) -> None: ...

    def copy(self, text: str) -> None: ...

    def share(self, url: str) -> None: ...


class Timer(Protocol):
    def later(self, ms: int, callback: Callable[[], None]) -> None: ...


class RemoteGame(Protocol):
    """A game whose other seat is played elsewhere (a friend online): the flow
    plays it through this port (see :mod:`web.control.flow`)."""

    def roll(self, then: Callable[[], None]) -> bool:
        """Make this page's player's dice ready for the engine's roll: True if they
        are now, else False and ``then()`` is called once they are."""
        ...

    def sync(self, match: Match) -> None:
        """The match changed here: tell the other end what this page's player did."""
        ...

    def cast(self) -> tuple[int, int] | None:
        """This page's player's next dice if the fair roll is already made (the
        other end's part came in), though not yet shown: a resignation now comes
        after them, as the other end will see it."""
        ...

    @property
    def dice(self) -> RandomSource:
        """The dice both sides agreed, for the engine's rolls."""
        ...

    def seats(self, options: MatchOptions, port: AiPort) -> tuple[Opponent, Opponent]:
        """Who plays each seat: this page one, the other end the other."""
        ...


def _unbound() -> None:
    raise RuntimeError("the controller binds the session's steps (Session.bind)")


class Session:
    """The state, the parts, and the effects; see the module docs."""

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
    ) -> None:
        self.view = view
        self.store = store
        self.ai = ai
        self.timer = timer
        self.dice = dice
        self.seat_factory = seat_factory
        self.state = UiState(animation=animation)
        # The other seat played elsewhere (None: this page's own opponents and
        # dice), and those put aside meanwhile.
        self.remote: RemoteGame | None = None
        self._offline: tuple[SeatFactory, RandomSource] | None = None
        # Effects in waiting, not state: the motions of the last change (drawn
        # once), the match last written to storage, render batching.
        self.motions: tuple[Motion, ...] = ()
        # The match (and its epoch) last drawn: each draw sounds what changed since.
        self._heard: tuple[Match, int] = (self.state.match, self.state.epoch)
        self.saved: Match | None = None
        self.summary_for = -1  # the game whose end-of-game summary was opened
        self.auto_pending = False  # a roll by itself is scheduled
        self.abandoning = False  # an intent the player confirmed is going ahead
        self._holding = 0
        self._stale = False
        self._copying = ""  # what the page is copying: its answer comes back to copy_done
        self.advance: Callable[[], None] = _unbound
        self.tutor_check: Callable[[], None] = _unbound
        self.confirm: Callable[[], None] = _unbound
        self.keep_line: Callable[[], bool] = lambda: False
        self.leave_analysis: Callable[[], None] = lambda: None
        self.analysed_save: Callable[[], SavedGame | None] = lambda: None
        self.open_analysed: Callable[[SavedGame], bool] = lambda saved: False

    def bind(
        self,
        *,
        advance: Callable[[], None],
        tutor_check: Callable[[], None],
        confirm: Callable[[], None],
        keep_line: Callable[[], bool],
        leave_analysis: Callable[[], None],
        analysed_save: Callable[[], SavedGame | None],
        open_analysed: Callable[[SavedGame], bool],
    ) -> None:
        """The steps one part takes for another (see the module docs), and the
        analysis board's: ``keep_line`` takes a change into its line of
        play instead of the autosave (True when it did), ``leave_analysis``
        brings the game put aside back before an intent replaces it;
        ``analysed_save`` is the analysed match on the board as a save keeps
        it, with its analysis (None: no analysis there), and ``open_analysed``
        opens such a save on the board (False: it holds no analysis), so that
        a named save slot keeps a match's analysis as an export does."""
        self.advance = advance
        self.tutor_check = tutor_check
        self.confirm = confirm
        self.keep_line = keep_line
        self.leave_analysis = leave_analysis
        self.analysed_save = analysed_save
        self.open_analysed = open_analysed

    # -- the state -----------------------------------------------------------------------

    def set(self, **changes: Any) -> None:
        self.state = replace(self.state, **changes)

    def select(self, **changes: Any) -> None:
        self.set(selection=replace(self.state.selection, **changes))

    def board(self) -> Position:
        return self.state.match.board_for(self.state.viewer)

    def slide(self, before: Position) -> None:
        """Animate the checkers from ``before`` to the board now."""
        self.motions = tuple(plan_motions(before, self.board()))

    def legal(self, action: Action) -> bool:
        """Whether this page's player may take ``action`` now: the engine's rule,
        their seat's turn, and (by messages) no friend's link awaited."""
        s = self.state
        m = s.match
        return action in m.legal_actions() and not s.is_ai(m.actor) and not s.online.post_waiting

    def install(self, saved: SavedGame, *, keep_analysis: bool = False) -> None:
        self.set(options=saved.options)
        self.replace(saved.match, saved.counted, keep_analysis=keep_analysis)

    def replace(self, match: Match, counted: int, *, keep_analysis: bool = False) -> None:
        """A new match on the page (a new game, a load): whatever belonged to the
        old one goes; the analysis board too, unless it is the one replacing it."""
        self.set(
            epoch=self.state.epoch + 1,
            reviewing=Reviewing(),
            match=match,
            counted=counted,
            busy=False,
            thinking=False,
            selection=Selection(),
            history_index=None,
        )
        if not keep_analysis:
            self.set(analysis=None)
        self.motions = ()
        self.summary_for = -1
        self.auto_pending = False
        self.close()

    def saved_game(self) -> SavedGame:
        s = self.state
        return SavedGame(s.options, s.match, s.counted)

    def may_abandon(self, intent: Intent) -> bool:
        """Whether an intent that replaces the match may go ahead now: with a
        match in progress it waits for the player's :data:`Act.ABANDON`.  On the
        analysis board, it is the game put aside that would be replaced."""
        if self.abandoning:
            return True
        if self.state.analysis is not None:
            self.leave_analysis()
        if not self.state.in_progress:
            return True
        self.set(pending=intent)
        self.open(Dialog.ABANDON)
        return False

    # -- the other seat played elsewhere ---------------------------------------------------

    def play_remote(self, game: RemoteGame) -> None:
        """From now on the other seat is played at the other end of ``game``,
        with the dice both ends agree."""
        if self._offline is None:
            self._offline = (self.seat_factory, self.dice)
        self.remote = game
        self.seat_factory, self.dice = game.seats, game.dice

    def play_here(self) -> None:
        """Back to this page's own opponents and dice."""
        if self._offline is not None:
            self.seat_factory, self.dice = self._offline
            self._offline = None
        self.remote = None

    # -- saving ------------------------------------------------------------------------------

    def autosave(self) -> None:
        """The match changed: the analysis board takes it into its line of play;
        else the other end of a remote game is told, and it is saved."""
        if self.keep_line():
            return
        if self.remote is not None:
            self.remote.sync(self.state.match)
        if self.saved is self.state.match:
            return
        self.saved = self.state.match
        if self.store.write(AUTOSAVE, self.saved_game().to_json()):
            return
        if AUTOSAVE in self.store.held():
            # An unreadable save the store could not keep aside is not written
            # over (the store refused); the notice at start-up said so, and the
            # Saves dialog says it while it lasts.
            return
        if self.store.problem is not None:
            self.set(notice=storage_warning(self.store.problem))

    # -- dialogs ----------------------------------------------------------------------

    def open(self, dialog: Dialog) -> None:
        self.set(dialog=dialog)
        self.select(selected=None)

    def close(self) -> None:
        self.set(dialog=None)

    def open_new_game(self, can_cancel: bool) -> None:
        self.set(new_can_cancel=can_cancel)
        self.open(Dialog.NEW)

    def later(self, ms: int, then: Callable[[], None]) -> None:
        """``then()`` in ``ms``, unless the match was replaced meanwhile."""
        epoch = self.state.epoch

        def run() -> None:
            if epoch == self.state.epoch:
                then()

        self.timer.later(ms, run)

    # -- announcements -----------------------------------------------------------------------

    def say(self, text: str) -> None:
        self.set(announcement=text, announce_id=self.state.announce_id + 1)

    def say_roll(self, before: Match) -> None:
        text, forfeit = roll_words(before, self.state.match, self.state.names)
        if forfeit:
            self.set(message=text)
        self.say(text)

    def say_play(self, player: int | None, forced: bool = False) -> None:
        text = play_words(self.state.match, player, self.state.names, forced=forced)
        if text:
            self.say(text)

    # -- the clipboard -------------------------------------------------------------------------

    def copy(self, what: str, text: str) -> None:
        """Hand ``text`` to the clipboard; "Copied" waits for the page's answer
        (:meth:`copy_done`), since a browser may refuse."""
        self._copying = what
        self.view.copy(text)

    def copy_done(self, ok: bool) -> None:
        """The page's answer to the last copy: whether the clipboard took the text."""
        what, self._copying = self._copying, ""
        if not what:
            return
        text = copied_text(what, ok)
        if ok:
            self.set(copied=what)
            self.say(text)
        else:
            self.set(copied="", **{"dialog_error" if self.state.dialog else "message": text})
        self.render()

    # -- drawing -------------------------------------------------------------------------------

    def screen(self) -> Screen:
        return screen(self.state, self.motions)

    @contextmanager
    def one_render(self) -> Iterator[None]:
        """Draw once, at the end, however many of the steps inside ask to: an
        AI's answer, say, starts its play (which draws) and then draws again."""
        self._holding += 1
        try:
            yield
        finally:
            self._holding -= 1
        if not self._holding and self._stale:
            self.render()

    def render(self) -> None:
        if self._holding:
            self._stale = True
            return
        self._stale = False
        shown = screen(self.state, self.motions, self._sounds())
        self.motions = ()
        self.view.show(shown)

    def _sounds(self) -> tuple[Sound, ...]:
        """The sounds of what changed since the last draw (none across a
        replaced match: a new game or a loaded save makes no noise)."""
        s = self.state
        before, epoch = self._heard
        self._heard = (s.match, s.epoch)
        if epoch != s.epoch:
            return ()
        return sounds_between(before, s.match, ai=1 if s.options.vs_ai else None)


class Part:
    """One concern of the controller: its intents (:meth:`handlers`) over the
    one session.  A part reads the state and makes the session's effects
    through these few names; anything of another part's, it is handed."""

    def __init__(self, session: Session) -> None:
        self.session = session

    def handlers(self) -> Mapping[Act, Handler]:
        """The intents this part answers, each with its handler."""
        return {}

    @property
    def state(self) -> UiState:
        return self.session.state

    def _set(self, **changes: Any) -> None:
        self.session.set(**changes)

    def _select(self, **changes: Any) -> None:
        self.session.select(**changes)

    def _say(self, text: str) -> None:
        self.session.say(text)

    def _render(self) -> None:
        self.session.render()

    def _open(self, dialog: Dialog) -> None:
        self.session.open(dialog)

    def _close(self) -> None:
        self.session.close()

    def _autosave(self) -> None:
        self.session.autosave()

    def _advance(self) -> None:
        self.session.advance()
