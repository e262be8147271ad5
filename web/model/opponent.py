"""The other side of the table, behind one port.

The controller asks a seat's :class:`Opponent` for its decision whenever
that seat must act, and applies the :data:`~engine.decisions.Decision` it answers through
the engine, exactly as it applies a player's own clicks.  It never knows
what is behind the port: King Tubby in a web worker (:class:`AiOpponent`),
or nobody (:class:`LocalPlayer`: pass-and-play, where this page's own
inputs play both seats).  A remote friend fits behind the same port.

>>> from engine.match import Match
>>> from web.worker.direct import DirectAi
>>> seen = []
>>> AiOpponent(DirectAi(), "medium").decide(Match.new(0).roll((3, 1)), seen.append)
>>> seen[0].decision
PlayMoves(moves=((8, 5), (6, 5)))
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

from engine.decisions import (
    AcceptResignation,
    Decision,
    DropDouble,
    OfferDouble,
    OfferResignation,
    PlayMoves,
    RejectResignation,
    RollDice,
    TakeDouble,
)
from engine.game import Action, Phase
from engine.match import Match
from engine.names import AiLevel
from engine.scoring import WinType
from web.ai.client import (
    AiPort,
    accept_request,
    play_request,
    take_request,
    turn_request,
)
from web.ai.protocol import (
    AcceptReply,
    ErrorReply,
    PlayReply,
    Reply,
    Request,
    TakeReply,
    TurnReply,
)
from web.model.options import MatchOptions


@dataclass(frozen=True, slots=True)
class Answer:
    """A decision, and the AI's error if one came on the way (the decision is
    then a safe default, so the game never stalls)."""

    decision: Decision
    error: str = ""


class Opponent(Protocol):
    @property
    def local(self) -> bool:
        """Whether this seat is played from this page's own inputs."""
        ...

    def decide(self, match: Match, answer: Callable[[Answer], None]) -> None:
        """Decide what to do in ``match`` (this seat must act) and call
        ``answer`` once, now or later."""
        ...


class LocalPlayer:
    """A seat played on this device: the controller waits for its clicks."""

    @property
    def local(self) -> bool:
        return True

    def decide(self, match: Match, answer: Callable[[Answer], None]) -> None:
        raise AssertionError("a local player's decisions come from the page")


class AiOpponent:
    """King Tubby (or a weaker level) answering through an :class:`AiPort`."""

    def __init__(self, port: AiPort, level: AiLevel, seat: int = 1) -> None:
        self.port = port
        self.level = AiLevel(level)  # a level's word, read as the member
        self.seat = seat

    @property
    def local(self) -> bool:
        return False

    def decide(self, match: Match, answer: Callable[[Answer], None]) -> None:
        phase, seat = match.phase, self.seat
        if phase is Phase.ROLL:
            if Action.DOUBLE in match.legal_actions() or match.can_resign(WinType.SINGLE):
                self._ask(turn_request(match, seat, self.level), match, answer)
            else:
                answer(Answer(RollDice()))
        elif phase is Phase.MOVE:
            self._ask(play_request(match, self.level), match, answer)
        elif phase is Phase.CUBE and match.offer is not None and match.offer.beavered:
            # A beaver of the AI's own double: it doubled because its equity after a
            # take is at least what it had, which is more than the -2 (cube units of
            # the double) that dropping the beaver costs; so it always plays on.
            answer(Answer(TakeDouble()))
        elif phase is Phase.CUBE:
            doubler = match.turn
            assert doubler is not None
            self._ask(take_request(match, doubler, self.level), match, answer)
        elif phase is Phase.RESIGNATION:
            offer = match.resignation
            assert offer is not None
            self._ask(accept_request(match, seat, int(offer.value)), match, answer)
        else:
            answer(Answer(RollDice()))  # the opening roll

    def _ask(self, request: Request, match: Match, answer: Callable[[Answer], None]) -> None:
        def reply(raw: Reply) -> None:
            answer(_decision(raw, match))

        self.port.ask(request, reply)


def _decision(reply: Reply, match: Match) -> Answer:
    """What an AI reply means for ``match``; a bad or failed reply gives the
    safe choice (roll, the engine's first play, take, reject)."""
    problem = reply.error if isinstance(reply, ErrorReply) else ""
    phase = match.phase
    if phase is Phase.ROLL:
        if isinstance(reply, TurnReply):
            if reply.resign and match.can_resign(reply.resign):
                return Answer(OfferResignation(reply.resign))
            if reply.double and match.can_double():
                return Answer(OfferDouble())
        return Answer(RollDice(), problem)
    if phase is Phase.MOVE:
        moves = reply.moves if isinstance(reply, PlayReply) else ()
        return Answer(PlayMoves(moves), problem)
    if phase is Phase.CUBE:
        take = reply.take if isinstance(reply, TakeReply) else True
        return Answer(TakeDouble() if take else DropDouble(), problem)
    accept = isinstance(reply, AcceptReply) and reply.accept
    return Answer(AcceptResignation() if accept else RejectResignation(), problem)


def seats(options: MatchOptions, port: AiPort) -> tuple[Opponent, Opponent]:
    """Who plays each seat of a match started with ``options``: this page
    always plays seat 0; seat 1 is the AI or, on a shared device, the page too."""
    level = options.opponent.level
    if level is not None:
        return (LocalPlayer(), AiOpponent(port, level))
    return (LocalPlayer(), LocalPlayer())
