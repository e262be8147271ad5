"""The hint and the tutor: one piece of advice at a time, for one moment.

Hint asks King Tubby about the side to act (its roll's plays, or its cube
decision); the tutor asks quietly about the play a player has just made,
before Done, and speaks only when it was a mistake.  Both share one
request in flight, so :class:`Advice` is a small state machine:

* idle: nothing asked (``key`` empty, or for another moment);
* pending: asked for ``key``; ``shown`` when the player pressed Hint (the
  tutor's quiet checks stay hidden), ``board`` the play being judged;
* answered: ``hint`` holds the answer, valid while the moment lasts.

A *moment* is this match, this turn, this phase: moves made inside a turn
keep it, since a hint is for the whole play from the turn's start.

The state itself, :class:`~web.model.advice.Advice`, is part of the page's
:class:`~web.model.state.UiState`; the questions asked of it are here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.game import Action
from web.ai.client import hint_request
from web.coach.hint import CubeHint

if TYPE_CHECKING:
    from web.model.state import UiState


def moment(state: UiState) -> str:
    m = state.match
    return f"{state.epoch}:{m.position_id}:{m.match_id}:{m.phase.value}"


def ready(state: UiState) -> bool:
    return state.advice.is_for(moment(state))


def pending_now(state: UiState) -> bool:
    """A request for this moment is on its way."""
    return state.advice.pending and state.advice.key == moment(state)


def can_hint(state: UiState) -> bool:
    """Whether the Hint button may ask King Tubby now.  Never against a friend
    online: advice there would be a bot at one player's elbow (servers forbid
    it too); the review after the match is open to both."""
    a, m = state.advice, state.match
    return (
        not state.online.playing
        and not state.busy
        and not (a.pending and a.shown)  # the tutor's quiet check may run
        and m.actor is not None
        and not state.is_ai(m.actor)
        and hint_request(m) is not None
    )


def should_judge(state: UiState) -> bool:
    """With the tutor on, a complete play not yet judged waits for Done."""
    a, m = state.advice, state.match
    if (
        not state.settings.tutor
        or state.online.playing  # no advice against a friend online (can_hint)
        or a.pending
        or state.is_ai(m.turn)
        or Action.CONFIRM not in m.legal_actions()
    ):
        return False
    return not (a.board == m.board.id and a.key == moment(state))


def judging(state: UiState) -> bool:
    """The tutor is judging the play on the board now (Done must wait)."""
    a = state.advice
    return a.pending and bool(a.board) and a.board == state.match.board.id and pending_now(state)


def cube_advice(state: UiState) -> CubeHint | None:
    """The cube hint to show in the take/drop dialog, if the player asked."""
    hint = state.advice.hint
    if isinstance(hint, CubeHint) and ready(state) and state.advice.shown:
        return hint
    return None
