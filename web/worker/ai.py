"""The AI behind the worker protocol, for the web worker (``public/ai_worker.py``).

Only JSON text crosses between the page and the worker: :func:`handle` reads a
request of :mod:`web.ai.protocol`, asks :mod:`engine.ai` and writes the reply,
an :class:`web.ai.protocol.ErrorReply` when anything goes wrong (the page must
always get an answer).  Each kind of request has one small function here,
found through a table by the request's type.  Nothing here touches the page,
so the worker runs without cross-origin isolation.

>>> from web.ai.protocol import PlayRequest, decode_reply, encode
>>> decode_reply(handle(encode(PlayRequest("4HPwATDgc/ABMA", (3, 1), "medium"))))
PlayReply(moves=((8, 5), (6, 5)))
>>> print(handle('{"v": 5, "kind": "nonsense"}'))
{"v": 5, "kind": "error", "error": "unknown request 'nonsense'"}
>>> print(handle('{"v": 0, "kind": "play"}'))
{"v": 5, "kind": "error", "error": "protocol version 0, expected 5"}
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import Any

from engine.names import AiLevel
from engine.position import Position
from web.ai.protocol import (
    AcceptReply,
    AcceptRequest,
    AnalyseReply,
    AnalyseRequest,
    CubeHintReply,
    CubeHintRequest,
    CubeJudgement,
    ErrorReply,
    HintReply,
    HintRequest,
    PlayedRank,
    PlayReply,
    PlayRequest,
    ProtocolError,
    RankedPlay,
    Reply,
    Request,
    RolloutCancel,
    RolloutRequest,
    TakeReply,
    TakeRequest,
    TurnReply,
    TurnRequest,
    decode_request,
    encode,
)
from web.worker.rollouts import answer_rollout, cancel_rollout

HINT_PLAYS = 5
"""How many of the ranked plays a hint shows."""


def _play(request: PlayRequest) -> PlayReply:
    import engine.ai as ai

    position = Position.from_id(request.position)
    play = ai.choose_play(position, request.dice, request.level, cube=request.cube)
    return PlayReply(play.moves)


def _turn(request: TurnRequest) -> TurnReply:
    import engine.ai as ai

    position = Position.from_id(request.position)
    plies = _cube_plies(request.level)
    double = request.can_double and ai.should_double(position, request.cube, plies)
    resign = 0 if double else ai.resignation_offer(position, request.cube)
    return TurnReply(double, resign)


def _take(request: TakeRequest) -> TakeReply:
    import engine.ai as ai

    plies = _cube_plies(request.level)
    return TakeReply(ai.should_take(Position.from_id(request.position), request.cube, plies))


def _cube_plies(level: str) -> int:
    """How far ahead the AI of ``level`` looks for its cube decisions."""
    import engine.ai as ai

    if level not in ai.CUBE_PLIES:
        raise ProtocolError(f"unknown level {level!r}")
    return ai.CUBE_PLIES[level]


def _accept(request: AcceptRequest) -> AcceptReply:
    import engine.ai as ai

    position = Position.from_id(request.position)
    return AcceptReply(ai.accepts_resignation(position, request.value, request.cube))


def _hint(request: HintRequest) -> HintReply:
    from engine.ai.cubeful_plays import rank_plays_cubeful

    position = Position.from_id(request.position)
    board = None if request.played is None else Position.from_id(request.played)
    # The player's own play is judged as deep as the best, and by cubeful
    # equity: GNU Backgammon's way, and the review's (engine.ai.review.judge)
    also = board.swap() if board is not None else None
    ranked = rank_plays_cubeful(position, request.dice, request.cube, request.plies, also)
    plays = tuple(
        RankedPlay(str(r.play), r.play.moves, r.equity, r.loss, r.ply, r.probs, r.worked_out)
        for r in ranked[:HINT_PLAYS]
    )
    if board is None:
        return HintReply(plays)
    played = next(
        (
            PlayedRank(k, r.loss, str(r.play))
            for k, r in enumerate(ranked)
            if r.play.result.swap() == board
        ),
        None,
    )
    return HintReply(plays, played)


def _cube_hint(request: CubeHintRequest) -> CubeHintReply:
    import engine.ai as ai

    st = request.cube
    plies = ai.CUBE_PLIES[AiLevel.HARD] if request.plies == 1 else request.plies
    d = ai.cube_decision(Position.from_id(request.position), st, plies)
    judged = None
    if request.chosen is not None:
        loss, best = ai.choice_loss(d, st, request.chosen)
        judged = CubeJudgement(loss, best, ai.is_close(d, st))
    return CubeHintReply(
        d.action,
        d.may_double,
        d.no_double,
        d.double_take,
        d.double_pass,
        d.should_take,
        d.units,
        d.probs,
        judged,
    )


def _analyse(request: AnalyseRequest) -> AnalyseReply:
    from engine.ai.match_analysis import analyse_decision
    from engine.names import DecisionKind
    from engine.review import Decision

    position = Position.from_id(request.position)
    kind = DecisionKind.CUBE if request.dice is None else DecisionKind.PLAY
    played = None if request.played is None else Position.from_id(request.played)
    decision = Decision(0, 0, 0, kind, request.chosen, position, request.cube, request.dice, played)
    j = analyse_decision(decision, request.plies)
    return AnalyseReply(j.loss, j.best, j.counted, j.luck, j.chances, j.unit)


_ANSWERS: Mapping[type, Callable[[Any], Reply]] = MappingProxyType(
    {
        PlayRequest: _play,
        TurnRequest: _turn,
        TakeRequest: _take,
        AcceptRequest: _accept,
        HintRequest: _hint,
        CubeHintRequest: _cube_hint,
        RolloutRequest: answer_rollout,
        RolloutCancel: cancel_rollout,
        AnalyseRequest: _analyse,
    }
)


def answer(request: Request) -> Reply:
    """Answer one request; raises (``ValueError`` on a bad position, dice or level)."""
    return _ANSWERS[type(request)](request)


def handle(text: str) -> str:
    """Answer a request's JSON text with a reply's; never raises."""
    try:
        return encode(answer(decode_request(text)))
    except Exception as exc:  # the page must always get an answer
        return encode(ErrorReply(str(exc) or type(exc).__name__))


def warm() -> str:
    """Load the network now, before the first move (and the bear-off database
    where the package has it: the site's worker gets it in the background, see
    :mod:`web.worker.bearoff`)."""
    import engine.ai as ai

    ai.evaluate(Position.start())
    ai.evaluate(Position.from_points([2] * 6 + [0] * 17 + [-2]))
    return "ready"
