"""What the page and the AI's web worker say to each other: typed messages and
their one JSON codec.

The page asks with a request and the worker (:mod:`web.worker.ai`) answers
with the reply of the same ``kind``, or an :class:`ErrorReply`.  Positions
travel as gnubg Position IDs seen from the side the question is about, the
cube and score as a :class:`engine.cube.CubeState` seen from that side.  Only
text crosses between the two threads: :func:`encode` writes any message as a
JSON object with the protocol version ``"v"`` and its ``"kind"`` beside its
fields; :func:`decode_request` and :func:`decode_reply` read it back, checking
the version, the kind and every field's type, and raise :class:`ProtocolError`
on anything else.

>>> request = PlayRequest("4HPwATDgc/ABMA", (3, 1), "medium")
>>> print(encode(request))
{"v": 5, "kind": "play", "position": "4HPwATDgc/ABMA", "dice": [3, 1], "level": "medium", ...}
>>> decode_request(encode(request)) == request
True
>>> encode(TakeReply(True))
'{"v": 5, "kind": "take", "take": true}'
>>> decode_reply('{"v": 5, "kind": "play", "moves": [[8, 5], [6, 5]]}')
PlayReply(moves=((8, 5), (6, 5)))
>>> decode_reply('{"v": 5, "kind": "take", "take": "yes"}')
Traceback (most recent call last):
...
web.ai.protocol.ProtocolError: TakeReply.take: expected true or false, got 'yes'
"""

from __future__ import annotations

import json
import types
import typing
from collections.abc import Callable, Mapping
from dataclasses import MISSING, dataclass, fields, is_dataclass
from enum import Enum
from functools import cache
from types import MappingProxyType
from typing import Any, ClassVar, Protocol, TypeVar

from engine import names
from engine.cube import CubeState
from engine.names import AiLevel, CubeAction
from engine.rollout_stats import RolloutTally

PROTOCOL_VERSION = 5
"""Bumped whenever a message changes shape: the page and its worker may come
from different deployments (a cached worker), and then the worker's answers
are errors, never misread."""

Probs = tuple[float, float, float, float, float]
"""Win, win a gammon, win a backgammon, lose a gammon, lose a backgammon."""

CUBE_CHOICES = names.CUBE_CHOICES
"""The cube choices a :class:`CubeHintRequest` may ask the AI to judge."""


class ProtocolError(ValueError):
    """A message that cannot be read: not JSON, another protocol version, an
    unknown kind, or a missing, unknown or ill-typed field."""


class AiTrouble(ValueError):
    """Why an answer of the AI could not be used (:func:`web.words.game.trouble`
    says it to the player)."""


class NoAnswerError(AiTrouble):
    """No answer came: the worker stopped, or could not start."""


class WorkerError(AiTrouble):
    """The worker answered with an error: its text (Python's) is the detail."""


class UnexpectedReplyError(AiTrouble):
    """A reply of another kind (``got``) than the question's (``wanted``)."""

    def __init__(self, got: str, wanted: str) -> None:
        super().__init__(f"the AI answered with {got}, not {wanted}")  # (for developers)
        self.got, self.wanted = got, wanted


class NotJudgedError(AiTrouble):
    """A hint without the verdict on the choice made (``cube``: a cube decision's)."""

    def __init__(self, cube: bool) -> None:
        super().__init__(f"the AI did not judge the {'cube decision' if cube else 'play'}")
        self.cube = cube


def _dice(dice: tuple[int, int]) -> None:
    if not all(1 <= d <= 6 for d in dice):
        raise ProtocolError(f"dice must be two numbers 1..6, got {dice!r}")


# -- requests (page -> worker) ---------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PlayRequest:
    """The AI's play for ``dice`` at ``level``; ``cube`` gives the score (what a
    gammon is worth).  Answered by :class:`PlayReply`."""

    kind: ClassVar[str] = "play"
    position: str
    dice: tuple[int, int]
    level: AiLevel
    cube: CubeState | None = None

    def __post_init__(self) -> None:
        _dice(self.dice)


@dataclass(frozen=True, slots=True)
class TurnRequest:
    """Before the AI rolls: double (when ``can_double``), resign, or neither,
    as the AI of ``level`` decides (King Tubby looks a roll ahead).  Answered
    by :class:`TurnReply`."""

    kind: ClassVar[str] = "turn"
    position: str
    cube: CubeState
    can_double: bool
    level: AiLevel = AiLevel.HARD


@dataclass(frozen=True, slots=True)
class TakeRequest:
    """Whether the AI of ``level`` takes a double; position and cube are the
    doubler's.  Answered by :class:`TakeReply`."""

    kind: ClassVar[str] = "take"
    position: str
    cube: CubeState
    level: AiLevel = AiLevel.HARD


@dataclass(frozen=True, slots=True)
class AcceptRequest:
    """Whether the AI, on roll, accepts a resignation of ``value`` (a
    :class:`engine.scoring.WinType`, 1..3, per cube).  Answered by :class:`AcceptReply`."""

    kind: ClassVar[str] = "accept"
    position: str
    cube: CubeState
    value: int

    def __post_init__(self) -> None:
        if self.value not in (1, 2, 3):
            raise ProtocolError(f"a resignation is worth 1, 2 or 3, got {self.value!r}")


ANALYSIS_PLIES = (1, 2)
"""How deep a hint or a review may ask King Tubby to look (``plies``; version 4):
1 as it plays, 2 for analysis (:func:`engine.ai.rank_plays`)."""


def _plies(plies: int) -> None:
    if plies not in ANALYSIS_PLIES:
        raise ProtocolError(f"plies must be one of {ANALYSIS_PLIES}, got {plies!r}")


@dataclass(frozen=True, slots=True)
class HintRequest:
    """King Tubby's ranking of the plays of ``dice`` at ``plies``; with
    ``played`` (the Position ID of the board after the player's own play, seen
    by the player) also where that play ranks (at 2-ply, judged as deep as the
    best).  Answered by :class:`HintReply`."""

    kind: ClassVar[str] = "hint"
    position: str
    dice: tuple[int, int]
    cube: CubeState | None = None
    played: str | None = None
    plies: int = 1

    def __post_init__(self) -> None:
        _dice(self.dice)
        _plies(self.plies)


@dataclass(frozen=True, slots=True)
class CubeHintRequest:
    """The cube decision of the side that may double (position and cube are
    its own, also when the hint is for the ``taker``); with ``chosen`` (one of
    :data:`CUBE_CHOICES`) also a verdict on that choice; judged at ``plies``
    (:data:`ANALYSIS_PLIES`).  Answered by :class:`CubeHintReply`."""

    kind: ClassVar[str] = "cube-hint"
    position: str
    cube: CubeState
    taker: bool = False
    chosen: str | None = None
    plies: int = 1

    def __post_init__(self) -> None:
        if self.chosen is not None and self.chosen not in CUBE_CHOICES:
            raise ProtocolError(f"chosen must be one of {CUBE_CHOICES}, got {self.chosen!r}")
        _plies(self.plies)


ROLLOUT_PLAYERS = names.ROLLOUT_PLAYERS
"""Who may play a rollout's games (:data:`engine.names.ROLLOUT_PLAYERS`)."""


@dataclass(frozen=True, slots=True)
class RolloutRequest:
    """Play trials ``first`` to ``stop - 1`` of rollout ``job``, a part of its
    ``trials``.  A worker keeps the job's plan (its candidates, ranked once)
    for the next part it is given, whichever that is: the page hands parts to
    whichever worker is free.  ``dice`` None rolls out the cube decision.  The
    settings are :class:`engine.ai.rollout.RolloutSettings`'.  Answered by
    :class:`RolloutProgress` with the tally of exactly those trials."""

    kind: ClassVar[str] = "rollout"
    job: str
    position: str
    dice: tuple[int, int] | None
    cube: CubeState | None
    trials: int
    first: int
    stop: int
    seed: int = 1
    truncate: int = 0
    player: str = "fast"
    luck: bool = False
    stratify: bool = True
    cubeful: bool = True
    candidates: int = 5
    also: str = ""  # a play rolled out too (the match's), by its result's Position ID

    def __post_init__(self) -> None:
        if self.dice is not None:
            _dice(self.dice)
        if not 0 <= self.first <= self.stop <= self.trials:
            raise ProtocolError(
                f"trials {self.first}..{self.stop} are not a slice of {self.trials}"
            )
        if self.truncate < 0 or self.candidates < 1:
            raise ProtocolError("candidates must be positive, truncate not negative")
        if self.player not in ROLLOUT_PLAYERS:
            raise ProtocolError(f"player must be one of {ROLLOUT_PLAYERS}, got {self.player!r}")


@dataclass(frozen=True, slots=True)
class RolloutCancel:
    """The page is done with rollout ``job`` (finished or cancelled): forget its
    plan.  Answered by :class:`RolloutProgress` (``cancelled``, no trials), or
    an :class:`ErrorReply` from a worker that had no part of it."""

    kind: ClassVar[str] = "rollout-cancel"
    job: str


@dataclass(frozen=True, slots=True)
class AnalyseRequest:
    """One decision of a match to analyse (:func:`engine.ai.match_analysis.analyse_decision`):
    a checker play of ``dice`` that left ``played`` (a Position ID seen by the
    mover), or, without dice, the cube choice ``chosen`` (position and cube the
    doubler's, also for a take or a drop), judged at ``plies``.  Answered by
    :class:`AnalyseReply`."""

    kind: ClassVar[str] = "analyse"
    position: str
    cube: CubeState
    chosen: str
    dice: tuple[int, int] | None = None
    played: str | None = None
    plies: int = 1

    def __post_init__(self) -> None:
        _plies(self.plies)
        if self.dice is not None:
            _dice(self.dice)
            if self.played is None:
                raise ProtocolError("a play to analyse needs the board it left")
        elif self.chosen not in CUBE_CHOICES:
            raise ProtocolError(f"chosen must be one of {CUBE_CHOICES}, got {self.chosen!r}")


Request = (
    PlayRequest
    | TurnRequest
    | TakeRequest
    | AcceptRequest
    | HintRequest
    | CubeHintRequest
    | RolloutRequest
    | RolloutCancel
    | AnalyseRequest
)


# -- replies (worker -> page) ----------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PlayReply:
    """The play, as (from, to) point pairs from the mover's side."""

    kind: ClassVar[str] = "play"
    moves: tuple[tuple[int, int], ...]


@dataclass(frozen=True, slots=True)
class TurnReply:
    """``resign``: 0 to play on, else the :class:`engine.scoring.WinType` offered."""

    kind: ClassVar[str] = "turn"
    double: bool
    resign: int

    def __post_init__(self) -> None:
        if self.resign not in (0, 1, 2, 3):
            raise ProtocolError(f"resign must be 0, 1, 2 or 3, got {self.resign!r}")


@dataclass(frozen=True, slots=True)
class TakeReply:
    """The AI takes the double (``take``) or drops it."""

    kind: ClassVar[str] = "take"
    take: bool


@dataclass(frozen=True, slots=True)
class AcceptReply:
    """The AI accepts the resignation offered (``accept``) or rejects it."""

    kind: ClassVar[str] = "accept"
    accept: bool


@dataclass(frozen=True, slots=True)
class RankedPlay:
    """One ranked play: its notation, its moves, its equity (normalised match
    equity at a match score, else money), what it gives up against the best,
    the ply it was judged at, the outcome probabilities, and whether its race
    was worked out roll by roll (``ply`` 0, no look-ahead; version 3)."""

    play: str
    moves: tuple[tuple[int, int], ...]
    equity: float
    loss: float
    ply: int
    probs: Probs
    worked_out: bool = False


@dataclass(frozen=True, slots=True)
class PlayedRank:
    """Where the player's own play ranks (0 is the best) and what it gives up."""

    rank: int
    loss: float
    play: str


@dataclass(frozen=True, slots=True)
class HintReply:
    """The best plays, best first (at least one); ``played`` is the player's own
    play when the request named one, None when no legal play reaches it."""

    kind: ClassVar[str] = "hint"
    plays: tuple[RankedPlay, ...]
    played: PlayedRank | None = None

    def __post_init__(self) -> None:
        if not self.plays:
            raise ProtocolError("a hint needs at least one play")


@dataclass(frozen=True, slots=True)
class CubeJudgement:
    """A cube choice's loss in normalised equity, the best choice, and whether
    the decision was close (as GNU Backgammon's analysis counts them)."""

    loss: float
    best: str
    close: bool


@dataclass(frozen=True, slots=True)
class CubeHintReply:
    """A cube decision, from the doubler's side: the verdict (a
    :class:`~engine.names.CubeAction`), the three cubeful equities in
    ``units`` (``"equity"`` per cube for money, ``"mwc"`` in a match), and
    ``judged`` when a choice was named."""

    kind: ClassVar[str] = "cube-hint"
    action: CubeAction
    may_double: bool
    no_double: float
    double_take: float
    double_pass: float
    should_take: bool
    units: str
    probs: Probs
    judged: CubeJudgement | None = None

    def __post_init__(self) -> None:
        if self.units not in ("equity", "mwc"):
            raise ProtocolError(f'units must be "equity" or "mwc", got {self.units!r}')


@dataclass(frozen=True, slots=True)
class RolloutProgress:
    """The tally of the trials a :class:`RolloutRequest` asked for (exact sums:
    the page merges the parts with :func:`engine.rollout_stats.merge`);
    ``cancelled`` when it answers a :class:`RolloutCancel`."""

    kind: ClassVar[str] = "rollout"
    job: str
    tally: RolloutTally
    cancelled: bool = False


@dataclass(frozen=True, slots=True)
class AnalyseReply:
    """A decision analysed: what it gave up and the best choice (as a review's),
    whether it counts for the rating, the luck of a play's roll for the roller
    (None for a cube decision), the cubeless chances of the side on roll in the
    request's position, and one normalised point in the result's units
    (:class:`engine.review.Judgement`'s fields)."""

    kind: ClassVar[str] = "analyse"
    loss: float
    best: str
    counted: bool
    luck: float | None
    chances: Probs | None
    unit: float


@dataclass(frozen=True, slots=True)
class ErrorReply:
    """The worker could not answer (a bad request, or the AI failed)."""

    kind: ClassVar[str] = "error"
    error: str


Reply = (
    PlayReply
    | TurnReply
    | TakeReply
    | AcceptReply
    | HintReply
    | CubeHintReply
    | RolloutProgress
    | AnalyseReply
    | ErrorReply
)

_REQUESTS: Mapping[str, type[Request]] = MappingProxyType(
    {
        cls.kind: cls
        for cls in (
            PlayRequest,
            TurnRequest,
            TakeRequest,
            AcceptRequest,
            HintRequest,
            CubeHintRequest,
            RolloutRequest,
            RolloutCancel,
            AnalyseRequest,
        )
    }
)
_REPLIES: Mapping[str, type[Reply]] = MappingProxyType(
    {
        cls.kind: cls
        for cls in (
            PlayReply,
            TurnReply,
            TakeReply,
            AcceptReply,
            HintReply,
            CubeHintReply,
            RolloutProgress,
            AnalyseReply,
            ErrorReply,
        )
    }
)


# -- the codec -------------------------------------------------------------------------


def encode(message: Request | Reply) -> str:
    """The message as JSON text: ``{"v": version, "kind": kind, field: value ...}``."""
    body = _plain(message)
    assert isinstance(body, dict)
    return json.dumps({"v": PROTOCOL_VERSION, "kind": message.kind} | body, allow_nan=False)


def decode_request(text: str) -> Request:
    """The request written by :func:`encode`; raises :class:`ProtocolError`."""
    return _decode(text, _REQUESTS, "request")


def decode_reply(text: str) -> Reply:
    """The reply written by :func:`encode`; raises :class:`ProtocolError`."""
    return _decode(text, _REPLIES, "reply")


M = TypeVar("M")


def _decode(text: str, registry: Mapping[str, type[M]], what: str) -> M:
    try:
        raw = json.loads(text)
    except (TypeError, ValueError) as exc:
        raise ProtocolError(f"a {what} must be JSON text: {exc}") from None
    if not isinstance(raw, dict):
        raise ProtocolError(f"a {what} is a JSON object, got {raw!r}")
    version = raw.pop("v", None)
    if type(version) is not int or version != PROTOCOL_VERSION:
        raise ProtocolError(f"protocol version {version!r}, expected {PROTOCOL_VERSION}")
    kind = raw.pop("kind", None)
    cls = registry.get(kind) if isinstance(kind, str) else None
    if cls is None:
        raise ProtocolError(f"unknown {what} {kind!r}")
    return _object(cls, raw)


def _plain(value: object) -> object:
    """``value`` as JSON data: dataclasses as objects of their fields, tuples as lists."""
    if isinstance(value, CubeState):
        return value.to_json()
    if is_dataclass(value) and not isinstance(value, type):
        return {f.name: _plain(getattr(value, f.name)) for f in fields(value)}
    if isinstance(value, tuple):
        return [_plain(x) for x in value]
    return value


Decoder = Callable[[object], Any]


def _object(cls: type[M], raw: object) -> M:
    """An instance of the dataclass ``cls`` from a JSON object of its fields."""
    name = cls.__name__
    if not isinstance(raw, dict):
        raise ProtocolError(f"{name}: expected an object, got {raw!r}")
    klass: type = cls
    known = _fields(klass)
    unknown = sorted(str(k) for k in raw if k not in known)
    if unknown:
        raise ProtocolError(f"{name}: unknown fields {unknown}")
    values = {}
    for field, (decoder, required) in known.items():
        if field not in raw:
            if required:
                raise ProtocolError(f"{name}.{field}: missing")
            continue
        try:
            values[field] = decoder(raw[field])
        except ValueError as exc:
            raise ProtocolError(f"{name}.{field}: {exc}") from None
    try:
        return cls(**values)
    except ValueError as exc:
        raise ProtocolError(f"{name}: {exc}") from None


@cache
def _fields(cls: Any) -> Mapping[str, tuple[Decoder, bool]]:
    """Each field's decoder (from its type) and whether it must be present."""
    hints = typing.get_type_hints(cls)
    return MappingProxyType(
        {
            f.name: (_decoder(hints[f.name]), f.default is MISSING)
            for f in fields(cls)  # ClassVars (the kind) are not fields
        }
    )


def _decoder(hint: object) -> Decoder:
    """A function reading JSON data of type ``hint`` (raising ``ValueError``)."""
    if hint in _SCALARS:
        return _SCALARS[hint]
    if hint is CubeState:
        return CubeState.from_json
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin in (types.UnionType, typing.Union) and len(args) == 2 and type(None) in args:
        inner = _decoder(args[0] if args[1] is type(None) else args[1])
        return lambda raw: None if raw is None else inner(raw)
    if origin is tuple and len(args) == 2 and args[1] is Ellipsis:
        item = _decoder(args[0])
        return lambda raw: tuple(item(x) for x in _list(raw, None))
    if origin is tuple:
        items = tuple(_decoder(a) for a in args)
        return lambda raw: tuple(d(x) for d, x in zip(items, _list(raw, len(items)), strict=True))
    if isinstance(hint, type) and issubclass(hint, Enum):
        enum = hint  # its members' values are the words sent (engine.names)
        return lambda raw: enum(_str(raw))
    if isinstance(hint, type) and is_dataclass(hint):
        cls = hint
        return lambda raw: _object(cls, raw)
    raise TypeError(f"no JSON form for {hint!r}")


def _list(raw: object, length: int | None) -> list[object]:
    if not isinstance(raw, list) or (length is not None and len(raw) != length):
        size = "a list" if length is None else f"a list of {length}"
        raise ProtocolError(f"expected {size}, got {raw!r}")
    return raw


def _bool(raw: object) -> bool:
    if not isinstance(raw, bool):
        raise ProtocolError(f"expected true or false, got {raw!r}")
    return raw


def _int(raw: object) -> int:
    if type(raw) is not int:
        raise ProtocolError(f"expected a whole number, got {raw!r}")
    return raw


def _float(raw: object) -> float:
    if type(raw) not in (int, float):
        raise ProtocolError(f"expected a number, got {raw!r}")
    assert isinstance(raw, int | float)
    return float(raw)


def _str(raw: object) -> str:
    if not isinstance(raw, str):
        raise ProtocolError(f"expected a string, got {raw!r}")
    return raw


_SCALARS: Mapping[object, Decoder] = MappingProxyType(
    {bool: _bool, int: _int, float: _float, str: _str}
)


class AiPort(Protocol):
    """Where requests go: answers some time later by calling ``reply`` (never
    re-entrantly with an error: errors come back as an :class:`ErrorReply`).
    In the browser a web worker (:class:`web.dom.browser.WorkerAi`); in tests
    the AI called directly (:class:`web.worker.direct.DirectAi`)."""

    def ask(self, request: Request, reply: Callable[[Reply], None]) -> None: ...
