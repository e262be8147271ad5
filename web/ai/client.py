"""The page's side of the AI: requests (:mod:`web.ai.protocol`) built from a match,
and the port the controller asks through (a web worker in the browser, a
direct call in tests).  See :mod:`web.worker.ai` for the other side, and
:mod:`web.ai.rollouts` for rollouts spread over workers.

>>> from engine.match import Match
>>> m = Match.new(5).roll((3, 1)).play("8/5 6/5")
>>> turn_request(m, 1).cube
CubeState(value=1, owner=None, jacoby=False, match_length=5, my_away=5, opp_away=5, crawford=False)
"""

from __future__ import annotations

from engine.game import Action, Phase
from engine.match import Match
from engine.names import AiLevel
from web.ai.protocol import (
    AcceptRequest,
    AiPort,
    CubeHintRequest,
    HintRequest,
    PlayRequest,
    Reply,
    Request,
    TakeRequest,
    TurnRequest,
)

__all__ = [
    "AiPort",
    "Reply",
    "Request",
    "accept_request",
    "hint_request",
    "play_request",
    "take_request",
    "turn_request",
]


def _start_of_turn(match: Match, player: int) -> str:
    """Position ID of the board before this turn's moves, seen by ``player``."""
    position = match.position
    return (position if match.turn == player else position.swap()).id


def play_request(match: Match, level: AiLevel) -> PlayRequest:
    """The AI's play of the roll on the board (its cube state: the score changes
    what a gammon is worth)."""
    dice, turn = match.dice, match.turn
    assert dice is not None and turn is not None
    return PlayRequest(match.position.id, dice, level, match.cube_state(turn))


def turn_request(match: Match, player: int, level: AiLevel = AiLevel.HARD) -> TurnRequest:
    """Whether ``player``, the AI of ``level``, about to roll, doubles or resigns."""
    position = _start_of_turn(match, player)
    return TurnRequest(position, match.cube_state(player), match.can_double(), level)


def take_request(match: Match, doubler: int, level: AiLevel = AiLevel.HARD) -> TakeRequest:
    """Whether the side doubled (the AI of ``level``) takes, asked from the
    ``doubler``'s side."""
    return TakeRequest(_start_of_turn(match, doubler), match.cube_state(doubler), level)


def accept_request(match: Match, player: int, value: int) -> AcceptRequest:
    """Whether ``player`` accepts a resignation of ``value`` (a WinType, 1..3)."""
    position = _start_of_turn(match, player)
    return AcceptRequest(position, match.cube_state(player), value)


def hint_request(match: Match) -> HintRequest | CubeHintRequest | None:
    """A hint for the side to act now: the ranked plays of its roll, its cube
    decision before rolling, or (``taker``) whether to take the double offered
    to it; None when there is nothing to advise on.

    >>> m = Match.new(5).roll((3, 1))
    >>> hint_request(m).dice
    (3, 1)
    >>> type(hint_request(m.play("8/5 6/5"))).__name__  # the other side may double first
    'CubeHintRequest'
    """
    phase, turn, dice = match.phase, match.turn, match.dice
    if turn is None or match.is_game_over:
        return None
    position = _start_of_turn(match, turn)  # the doubler's side, also for the taker
    cube = match.cube_state(turn)
    if phase is Phase.MOVE and dice is not None:
        return HintRequest(position, dice, cube)
    taker = phase is Phase.CUBE
    if taker and match.offer is not None and match.offer.beavered:
        return None  # the doubler answering a beaver: no advice is modelled for it
    if taker or (phase is Phase.ROLL and Action.DOUBLE in match.legal_actions()):
        return CubeHintRequest(position, cube, taker)
    return None
