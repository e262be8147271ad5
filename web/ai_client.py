"""The page's side of the AI: plain-data requests built from a match, and the
port the controller asks through (a web worker in the browser, a direct
call in tests).  See :mod:`web.ai_service` for the other side.

>>> from engine.match import Match
>>> m = Match.new(5).roll((3, 1)).play("8/5 6/5")
>>> cube = turn_request(m, 1)["cube"]
>>> cube["value"], cube["owner"], cube["my_away"], cube["opp_away"]
(1, None, 5, 5)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from engine.game import Action, Phase
from engine.match import Match

Request = dict[str, object]
Reply = dict[str, object]


class AiPort(Protocol):
    """Answers requests some time later by calling ``reply`` (never re-entrantly
    with an error: errors come back as ``{"error": text}``)."""

    def ask(self, request: Request, reply: Callable[[Reply], None]) -> None: ...


def cube_state(match: Match, player: int) -> dict[str, object]:
    """The cube and score as :class:`engine.ai.CubeState` fields, seen by ``player``."""
    cube = match.cube
    rules = match.rules
    owner = None if cube.owner is None else (0 if cube.owner == player else 1)
    length = rules.match_length
    score = match.score
    return {
        "value": cube.value,
        "owner": owner,
        "jacoby": rules.jacoby_active,
        "match_length": length,
        "my_away": length - score[player] if length else 0,
        "opp_away": length - score[1 - player] if length else 0,
        "crawford": match.is_crawford_game,
    }


def _start_of_turn(match: Match, player: int) -> str:
    """Position ID of the board before this turn's moves, seen by ``player``."""
    position = match.position
    return (position if match.turn == player else position.swap()).id


def play_request(match: Match, level: str) -> Request:
    dice, turn = match.dice, match.turn
    assert dice is not None and turn is not None
    return {
        "kind": "play",
        "position": match.position.id,
        "dice": list(dice),
        "level": level,
        "cube": cube_state(match, turn),  # the score changes what a gammon is worth
    }


def turn_request(match: Match, player: int) -> Request:
    return {
        "kind": "turn",
        "position": _start_of_turn(match, player),
        "cube": cube_state(match, player),
        "can_double": match.can_double(),
    }


def take_request(match: Match, doubler: int) -> Request:
    return {
        "kind": "take",
        "position": _start_of_turn(match, doubler),
        "cube": cube_state(match, doubler),
    }


def accept_request(match: Match, player: int, points: int) -> Request:
    return {
        "kind": "accept",
        "position": _start_of_turn(match, player),
        "points": points,
        "cube": cube_state(match, player),
    }


def hint_request(match: Match) -> Request | None:
    """A hint for the side to act now: the ranked plays of its roll, its cube
    decision before rolling, or (``taker``) whether to take the double offered
    to it; None when there is nothing to advise on.

    >>> m = Match.new(5).roll((3, 1))
    >>> hint_request(m)["kind"], hint_request(m)["dice"]
    ('hint', [3, 1])
    >>> hint_request(m.play("8/5 6/5"))["kind"]  # the other side may double before rolling
    'cube-hint'
    """
    phase, turn, dice = match.phase, match.turn, match.dice
    if turn is None or match.game.is_over:
        return None
    if phase is Phase.MOVE and dice is not None:
        return {
            "kind": "hint",
            "position": _start_of_turn(match, turn),
            "dice": list(dice),
            "cube": cube_state(match, turn),
        }
    taker = phase is Phase.CUBE
    if taker or (phase is Phase.ROLL and Action.DOUBLE in match.legal_actions()):
        return {
            "kind": "cube-hint",
            "position": _start_of_turn(match, turn),  # the doubler's side, also for the taker
            "cube": cube_state(match, turn),
            "taker": taker,
        }
    return None


class DirectAi:
    """Answers at once in this thread (tests, and a fallback without workers)."""

    def ask(self, request: Request, reply: Callable[[Reply], None]) -> None:
        from web.ai_service import answer

        try:
            result = answer(request)
        except Exception as exc:
            result = {"error": str(exc)}
        reply(result)
