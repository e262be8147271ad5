"""Each AI level's cube decisions in the page's games are made at that level's
depth (King Tubby a roll ahead: engine.ai.CUBE_PLIES), asked over the worker's
protocol with the level."""

from __future__ import annotations

from collections.abc import Callable

import pytest

import engine.ai as ai
from engine import Match
from engine.cube import CubeState
from web.ai.protocol import (
    ErrorReply,
    Reply,
    Request,
    TakeRequest,
    TurnRequest,
    decode_reply,
    encode,
)
from web.model.opponent import AiOpponent
from web.worker import ai as ai_service


class Recorder:
    def __init__(self) -> None:
        self.requests: list[Request] = []

    def ask(self, request: Request, reply: Callable[[Reply], None]) -> None:
        self.requests.append(request)


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_the_ai_asks_its_cube_questions_as_its_level(level: str) -> None:
    port = Recorder()
    before_roll = Match.new(5).roll((3, 1)).play("8/5 6/5")  # the AI to roll
    AiOpponent(port, level, seat=1).decide(before_roll, lambda answer: None)
    doubled = before_roll.double()
    AiOpponent(port, level, seat=0).decide(doubled, lambda answer: None)
    turn, take = port.requests
    assert isinstance(turn, TurnRequest) and turn.level == level
    assert isinstance(take, TakeRequest) and take.level == level


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_the_worker_decides_at_the_level_s_depth(
    level: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    asked: list[tuple[str, int]] = []

    def double(position: object, cube: object = None, plies: int = 0) -> bool:
        asked.append(("double", plies))
        return False

    def take(position: object, cube: object = None, plies: int = 0) -> bool:
        asked.append(("take", plies))
        return True

    monkeypatch.setattr(ai, "should_double", double)
    monkeypatch.setattr(ai, "should_take", take)
    position = Match.new(5).roll((3, 1)).play("8/5 6/5").position.id
    cube = CubeState(1, None, False, 5, 5, 5)
    ai_service.handle(encode(TurnRequest(position, cube, True, level)))
    ai_service.handle(encode(TakeRequest(position, cube, level)))
    plies = ai.CUBE_PLIES[level]
    assert asked == [("double", plies), ("take", plies)]
    assert ai.CUBE_PLIES == {"easy": 0, "medium": 0, "hard": 1}


def test_an_unknown_level_is_an_error_answer() -> None:
    position = Match.new(5).roll((3, 1)).play("8/5 6/5").position.id
    reply = decode_reply(ai_service.handle(encode(TakeRequest(position, CubeState(), "expert"))))
    assert isinstance(reply, ErrorReply) and "expert" in reply.error
