"""The controller's state and effects, which its intents share.

:class:`Session` holds the one :class:`~web.state.UiState` and the parts the
controller was handed, and does the effects every intent ends with: draw the
screen (once per intent), save, announce, schedule.  The intents live in
classes built on it, one concern each: :class:`web.storage_intents.StorageIntents`,
:class:`web.coaching.Coaching` and :class:`web.controller.Controller`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import replace
from typing import Any, Protocol

from engine.dice import RandomSource
from engine.game import Action
from engine.match import Match
from engine.position import Position
from web.actions import Act
from web.ai_client import AiPort
from web.animation import Motion
from web.messages import play_words, roll_words
from web.opponent import Opponent, seats
from web.options import MatchOptions
from web.savefile import SavedGame
from web.screen import Screen, screen
from web.sound import Sound, sounds_between
from web.state import Dialog, Pending, Reviewing, Selection, UiState
from web.storage import AUTOSAVE, Store

Fields = Mapping[str, str]
SeatFactory = Callable[[MatchOptions, AiPort], tuple[Opponent, Opponent]]


class View(Protocol):
    def show(self, screen: Screen) -> None: ...

    def download(self, filename: str, text: str) -> None: ...

    def copy(self, text: str) -> None: ...

    def share(self, url: str) -> None: ...


class Timer(Protocol):
    def later(self, ms: int, callback: Callable[[], None]) -> None: ...


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
        # Effects in waiting, not state: the motions of the last change (drawn
        # once), the match last written to storage, render batching.
        self._motions: tuple[Motion, ...] = ()
        # The match (and its epoch) last drawn: each draw sounds what changed since.
        self._heard: tuple[Match, int] = (self.state.match, self.state.epoch)
        self._saved: Match | None = None
        self._summary_for = -1  # the game whose end-of-game summary was opened
        self._auto_pending = False
        self._holding = 0
        self._abandoning = False  # an intent the player confirmed is going ahead
        self._stale = False

    def _set(self, **changes: Any) -> None:
        self.state = replace(self.state, **changes)

    def _select(self, **changes: Any) -> None:
        self._set(selection=replace(self.state.selection, **changes))

    def _board(self) -> Position:
        return self.state.match.board_for(self.state.viewer)

    def _install(self, saved: SavedGame) -> None:
        self._set(options=saved.options)
        self._replace(saved.match, saved.counted)

    def _autosave(self) -> None:
        if self._saved is self.state.match:
            return
        self._saved = self.state.match
        if self.store.write(AUTOSAVE, self._saved_game().to_json()):
            return
        if AUTOSAVE in self.store.held():
            # An unreadable save the store could not keep aside is not written
            # over (the store refused); the notice at start-up said so, and the
            # Saves dialog says it while it lasts.
            return
        if self.store.warning:
            self._set(notice=self.store.warning)

    # -- dialogs ----------------------------------------------------------------------

    def _open(self, dialog: Dialog) -> None:
        self._set(dialog=dialog)
        self._select(selected=None)

    def _close(self) -> None:
        self._set(dialog=None)

    def _open_new_game(self, can_cancel: bool) -> None:
        self._set(new_can_cancel=can_cancel)
        self._open(Dialog.NEW)

    def _later(self, ms: int, then: Callable[[], None]) -> None:
        epoch = self.state.epoch

        def run() -> None:
            if epoch == self.state.epoch:
                then()

        self.timer.later(ms, run)

    # -- announcements -----------------------------------------------------------------------

    def _say(self, text: str) -> None:
        self._set(announcement=text, announce_id=self.state.announce_id + 1)

    def _say_roll(self, before: Match) -> None:
        text, forfeit = roll_words(before, self.state.match, self.state.names)
        if forfeit:
            self._set(message=text)
        self._say(text)

    def _say_play(self, player: int | None, forced: bool = False) -> None:
        text = play_words(self.state.match, player, self.state.names, forced=forced)
        if text:
            self._say(text)

    # -- drawing -------------------------------------------------------------------------------

    def screen(self) -> Screen:
        return screen(self.state, self._motions)

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
        shown = screen(self.state, self._motions, self._sounds())
        self._motions = ()
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

    def _may_abandon(self, act: Act, value: str, fields: Fields) -> bool:
        """Whether an intent that replaces the match may go ahead now: with a
        match in progress it waits for the player's :data:`Act.ABANDON`."""
        if self._abandoning or not self.state.in_progress:
            return True
        self._set(pending=Pending(act, value, tuple(fields.items())))
        self._open(Dialog.ABANDON)
        return False

    def _legal(self, action: Action) -> bool:
        m = self.state.match
        return action in m.legal_actions() and not self.state.is_ai(m.actor)

    def _replace(self, match: Match, counted: int) -> None:
        self._set(
            epoch=self.state.epoch + 1,
            reviewing=Reviewing(),
            match=match,
            counted=counted,
            busy=False,
            thinking=False,
            selection=Selection(),
            history_index=None,
        )
        self._motions = ()
        self._summary_for = -1
        self._auto_pending = False
        self._close()

    def _saved_game(self) -> SavedGame:
        s = self.state
        return SavedGame(s.options, s.match, s.counted)

    def _advance(self) -> None:
        """Whatever happens next without this page's player (the controller's)."""
        raise NotImplementedError

    def _tutor_check(self) -> None:
        """With the tutor on, judge a completed play (the coaching's)."""
        raise NotImplementedError

    def _on_confirm(self, value: str, fields: Fields) -> None:
        """Done (the controller's): the tutor lets a Done that waited through."""
        raise NotImplementedError
