"""The game controller: player intents and opponents' decisions in, a new
:class:`~web.model.state.UiState` and its effects out.

It is handed its services, like 2048's GameManager: a view (draws a
:class:`~web.view.frame.Screen`), a store (``localStorage``), an AI port
(a web worker), a timer (pacing and animation) and a source of dice (the
engine's injected RNG, seeded in tests).  It never touches the DOM, so it
runs under CPython with fakes, where its flow is tested.

It is composed of parts around one :class:`~web.control.session.Session`
(the state and the effects), each part one concern with its own intents,
handed the other parts it reaches:

* :class:`~web.control.flow.Flow`: what happens without this page's player;
* :class:`~web.control.board.Board`: taps, drags and drops on the board;
* :class:`~web.control.play.Play`: the game's own intents (dice, cube, Done...);
* :class:`~web.control.coaching.Coaching`: hint, tutor, review;
* :class:`~web.control.storage.Storage`: settings, statistics, saves, files;
* :class:`~web.control.analysis.AnalysisBoard`: the analysis board;
* :class:`~web.control.online.OnlinePlay`: a friend online;
* :class:`~web.control.post.PostPlay`: a friend by messages (links).

Every intent reads the same way: :meth:`Controller.act` reads the control's
text once into a typed intent (:func:`web.model.intents.parse`) and finds the
part's handler for its :class:`~web.model.actions.Act`, which asks the engine
(every rule is its) and makes the new state; then the session's ``advance``
does whatever follows without the player, and the screen is drawn once.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from types import MappingProxyType
from typing import TYPE_CHECKING

from engine.dice import RandomSource
from engine.errors import EngineError
from web.ai.client import AiPort
from web.control.analysis import AnalysisBoard
from web.control.board import Board
from web.control.coaching import Coaching
from web.control.flow import Flow
from web.control.online import Connector, OnlinePlay
from web.control.play import Play
from web.control.post import Postman, PostPlay
from web.control.session import Part, SeatFactory, Session, Timer, View
from web.control.storage import Storage
from web.model.actions import Act
from web.model.opponent import seats
from web.model.state import UiState
from web.model.storage import Store

if TYPE_CHECKING:
    from web.model.intents import Handler, Intent

__all__ = ["Controller", "Session", "Timer", "View"]


class Controller:
    """See the module docs.  Call :meth:`boot` once, then feed it intents.

    Besides the services every controller needs, the page may hand it its part
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
        postman: Postman | None = None,
        page_url: str = "",
        rollout_ports: Callable[[], Sequence[AiPort]] | None = None,
    ) -> None:
        session = Session(
            view, store, ai, timer, dice, animation=animation, seat_factory=seat_factory
        )
        self.session = session
        self.flow = Flow(session)
        self.coach = Coaching(session)
        self.storage = Storage(session)
        self.analysis = AnalysisBoard(
            session, self.flow, self.storage, page_url=page_url, rollout_ports=rollout_ports
        )
        self.online = OnlinePlay(session, self.flow, connector)
        self.post = PostPlay(session, self.online, postman)
        self.board = Board(session, self.analysis, self.act)
        self.play = Play(session, self.flow, self.coach, self.online, self.storage, self.post)
        session.bind(
            advance=self.analysis.advance,
            tutor_check=self.coach.tutor_check,
            confirm=self.play.confirm,
            keep_line=self.analysis.keep_line,
            leave_analysis=self.analysis.leave,
            analysed_save=self.analysis.analysed_save,
            open_analysed=self.analysis.open_analysed,
        )
        self._handlers: Mapping[Act, Handler] | None = None

    @property
    def handlers(self) -> Mapping[Act, Handler]:
        """The handler of every action (a test checks none is missing), each
        given its typed intent; made at the first intent, when the intents'
        module loads (it is not needed to draw the first board)."""
        if self._handlers is None:
            parts: tuple[Part, ...] = (
                self.board,
                self.play,
                self.coach,
                self.storage,
                self.analysis,
                self.online,
                self.post,
            )
            table: dict[Act, Handler] = {
                Act.ABANDON: self._on_abandon,
                Act.ANALYSIS_CUT: self._on_analysis_cut,
            }
            for part in parts:
                for act, handler in part.handlers().items():
                    if act in table:
                        raise ValueError(f"two parts answer {act}")
                    table[act] = handler
            self._handlers = MappingProxyType(table)
        return self._handlers

    # -- what the page reads -------------------------------------------------------------

    @property
    def state(self) -> UiState:
        return self.session.state

    # The services it was handed, kept by the session (a test may swap one).

    @property
    def ai(self) -> AiPort:
        return self.session.ai

    @ai.setter
    def ai(self, port: AiPort) -> None:
        self.session.ai = port

    @property
    def store(self) -> Store:
        return self.session.store

    @store.setter
    def store(self, store: Store) -> None:
        self.session.store = store

    @property
    def dice(self) -> RandomSource:
        """The dice of this page's rolls (both ends' agreed dice in an online game)."""
        return self.session.dice

    @property
    def seat_factory(self) -> SeatFactory:
        """Who plays each seat (this page and the other end, in an online game)."""
        return self.session.seat_factory

    @property
    def editing(self) -> bool:
        """The board is the analysis board's editor: the page's gestures edit it."""
        return self.analysis.editing

    def can_lift(self, place: int) -> bool:
        return self.board.can_lift(place)

    # -- the page's intents ----------------------------------------------------------------

    def boot(self) -> None:
        """Load settings, statistics and the autosaved match (or ask for a new one)."""
        self.storage.boot()

    def tap(self, place: int | None) -> None:
        """A tap or click on the board at ``place`` (``None``: off the board)."""
        self.board.tap(place)

    def double_tap(self, place: int) -> None:
        """Play a checker from ``place`` by the first usable die (bear it off if it can)."""
        self.board.double_tap(place)

    def lift(self, place: int) -> None:
        """A drag started on ``place``."""
        self.board.lift(place)

    def drop(self, src: int, dst: int | None) -> bool:
        """The dragged checker was released on ``dst``; False when it snaps back
        (the page slides it home from what it drew)."""
        return self.board.drop(src, dst)

    def act(self, act: Act, value: str = "", fields: Mapping[str, str] | None = None) -> None:
        """A button, key or dialog action, with the control's value and its form's
        fields: read into its intent (text that means none is ignored), then done."""
        from web.model.intents import MalformedIntentError, parse

        act = self.analysis.routed(act)
        try:
            intent: Intent | None = parse(act, value, fields)
        except MalformedIntentError:
            intent = None  # nothing to do, but what every intent ends with
        self._run(act, intent)

    def intend(self, intent: Intent) -> None:
        """An intent made already (typed): done as :meth:`act` does it."""
        act = self.analysis.routed(intent.act)
        self._run(act, replace(intent, act=act))

    def _run(self, act: Act, intent: Intent | None) -> None:
        handler = self.handlers[act]
        if not self.analysis.accepts(act):
            return  # the analysis board's editor: the game put aside is not played on
        session = self.session
        session.set(message="", play_refused=False, dialog_error="", copied="")
        with session.one_render():
            try:
                if intent is not None and not self.analysis.held(intent):
                    handler(intent)
            except EngineError as exc:
                from web.words.refusals import refusal  # on a refusal only

                session.set(message=refusal(exc))
            session.advance()
            session.render()

    def import_text(self, text: str) -> None:
        """A file the player chose to import, read by the page."""
        self.act(Act.IMPORT, text)

    def open_shared(self, fragment: str) -> None:
        """The page was opened with a link's fragment (``#xgid=``: the analysis board)."""
        self.analysis.open_shared(fragment)

    def copy_done(self, ok: bool) -> None:
        """The page's answer to the last copy: whether the clipboard took the text."""
        self.session.copy_done(ok)

    def _on_analysis_cut(self, intent: Intent) -> None:
        """The player confirmed the act that leaves an imported match's line."""
        pending = self.session.state.pending
        if pending is None:
            return
        self.session.set(pending=None)
        self.session.close()
        self.handlers[pending.act](pending)

    def _on_abandon(self, intent: Intent) -> None:
        """The player confirmed the intent that throws the game in progress away."""
        session = self.session
        pending = session.state.pending
        if pending is None:
            return
        session.set(pending=None)
        session.close()
        self.flow.count_abandoned()
        session.abandoning = True
        try:
            self.handlers[pending.act](pending)
        finally:
            session.abandoning = False
