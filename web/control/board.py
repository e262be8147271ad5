"""The board's gestures: a tap, a double tap, a drag and a drop on the board,
turned into the engine's moves (or, on the analysis board's editor, into the
set-up's changes).  The page's :mod:`web.board.gestures` says which gesture
was made; this part asks the state where a checker may go
(:meth:`~web.model.state.UiState.destinations`, the engine's) and moves it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING

from engine.errors import EngineError
from engine.game import Phase
from engine.turn import Step
from web.board.motion import plan_motions
from web.control.analysis import AnalysisBoard
from web.control.session import Part, Session
from web.model.actions import Act

if TYPE_CHECKING:  # the intents' module loads with the first intent
    from web.model.intents import Handler, Tap


class Board(Part):
    """See the module docs.  ``analysis`` has the board while its editor shows;
    ``act`` is the controller's, for a tap that asks for the dice."""

    def __init__(self, session: Session, analysis: AnalysisBoard, act: Callable[[Act], None]):
        super().__init__(session)
        self.analysis = analysis
        self.act = act

    def handlers(self) -> Mapping[Act, Handler]:
        from web.model.intents import Tap, typed

        return {Act.SELECT: typed(Tap, self._on_select)}

    def _on_select(self, ask: Tap) -> None:
        """Keyboard: act on a board place as a tap would (None: let go)."""
        self.tap(ask.place)

    def can_lift(self, place: int) -> bool:
        if self.analysis.editing:  # the analysis board's editor: any checker may be dragged
            return self.analysis.edit_can_lift(place)
        return place in self.state.movable

    def tap(self, place: int | None) -> None:
        """A tap or click on the board at ``place`` (``None``: off the board)."""
        if self.analysis.editing:
            self.analysis.edit_tap(place)
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
        if self.analysis.editing:  # two quick taps in the editor: two checkers
            self.analysis.edit_tap(place)
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
        if self.analysis.editing:
            self.analysis.edit_lift(place)
            return
        if place in self.state.movable:
            self._select(selected=place, lifted=place)
            self._render()

    def drop(self, src: int, dst: int | None) -> bool:
        """The dragged checker was released on ``dst``; False when it snaps back
        (the page slides it home from what it drew)."""
        if self.analysis.editing:
            return self.analysis.edit_drop(src, dst)
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
        """One checker from ``src`` to ``dst``, through the engine."""
        m = self.state.match
        if die is None:
            choices = [st for st in m.legal_steps() if st.src == src and st.dst == dst]
            if choices:
                die = self._by_dice_order(choices)[0].die
        before = self.session.board()
        try:
            self._set(match=m.move(src, dst, die))
        except EngineError as exc:
            from web.words.refusals import refusal  # on a refusal only

            self._set(message=refusal(exc))
            return
        motions = plan_motions(before, self.session.board())
        if not animate:
            # The dragged checker is already where it was dropped; only a hit slides.
            motions = [mo for mo in motions if mo.side == "opp"]
        self.session.motions = tuple(motions)
        self._set(message="")
        self._autosave()
        self.session.tutor_check()  # a tap or a drag that completes the play
