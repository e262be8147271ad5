"""The acts of online play: what one side does, as typed values and small JSON.

The game's own acts are the engine's decisions (:mod:`engine.decisions`: a play
as moves, double, take, drop, beaver, resign, accept, reject, the next game),
sent as they are; the protocol adds the four
acts of a fair roll (see :mod:`web.online.fairdice`): :class:`Commit` to a
secret, :class:`AskRoll` (the roller will not double and wants its dice),
the other side's :class:`Random` value, and :class:`Reveal` of the secret.
Whether an act is allowed is for :mod:`web.online.table` to say; here only
the shape is checked.

>>> act_to_json(PlayMoves(((8, 5), (6, 5))))
{'a': 'play', 'm': [[8, 5], [6, 5]]}
>>> act_from_json({"a": "resign", "v": 2})
OfferResignation(value=2)
>>> act_from_json({"a": "play", "m": [[5, 8]]})
Traceback (most recent call last):
...
web.online.errors.MalformedMessageError: not a move: [5, 8]
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import TypeAlias

from engine.decisions import (
    AcceptResignation,
    BeaverDouble,
    DropDouble,
    OfferDouble,
    OfferResignation,
    PlayMoves,
    RejectResignation,
    StartNextGame,
    TakeDouble,
)
from web.online.codec import b64, unb64
from web.online.errors import MalformedMessageError
from web.online.fairdice import SECRET_BYTES
from web.words import online_detail as detail

DIGEST_BYTES = 32


@dataclass(frozen=True, slots=True)
class Commit:
    """The roller's commitment ``H(game ‖ turn ‖ secret)`` for its next roll."""

    digest: bytes


@dataclass(frozen=True, slots=True)
class AskRoll:
    """The roller, who could double, rolls instead: it asks for the other's value."""


@dataclass(frozen=True, slots=True)
class Random:
    """The other side's random value for the roller's commitment."""

    value: bytes


@dataclass(frozen=True, slots=True)
class Reveal:
    """The roller's secret: with it, anyone can check the commitment and read the dice."""

    secret: bytes


GameAct: TypeAlias = (
    PlayMoves
    | OfferDouble
    | TakeDouble
    | DropDouble
    | BeaverDouble
    | OfferResignation
    | AcceptResignation
    | RejectResignation
)
"""The decisions sent as they are (a roll is the four acts of a fair roll)."""

Act: TypeAlias = Commit | AskRoll | Random | Reveal | StartNextGame | GameAct

_CODES: Mapping[type[Act], str] = MappingProxyType(
    {
        Commit: "commit",
        AskRoll: "roll",
        Random: "random",
        Reveal: "reveal",
        PlayMoves: "play",
        OfferDouble: "double",
        TakeDouble: "take",
        DropDouble: "drop",
        BeaverDouble: "beaver",
        OfferResignation: "resign",
        AcceptResignation: "accept",
        RejectResignation: "reject",
        StartNextGame: "next",
    }
)
"""Each act's name on the wire."""

_PLAIN: Mapping[str, Act] = MappingProxyType(
    {
        _CODES[type(a)]: a
        for a in (
            AskRoll(),
            OfferDouble(),
            TakeDouble(),
            DropDouble(),
            BeaverDouble(),
            AcceptResignation(),
            RejectResignation(),
            StartNextGame(),
        )
    }
)


def act_code(act: Act) -> str:
    """The name of ``act`` on the wire.

    >>> act_code(StartNextGame())
    'next'
    """
    return _CODES[type(act)]


def act_to_json(act: Act) -> dict[str, object]:
    """A JSON-able dict for ``act``."""
    out: dict[str, object] = {"a": act_code(act)}
    if isinstance(act, Commit):
        out["h"] = b64(act.digest)
    elif isinstance(act, Random):
        out["r"] = b64(act.value)
    elif isinstance(act, Reveal):
        out["s"] = b64(act.secret)
    elif isinstance(act, PlayMoves):
        out["m"] = [list(m) for m in act.moves]
    elif isinstance(act, OfferResignation):
        out["v"] = act.value
    return out


def _bytes(data: Mapping[str, object], key: str, size: int) -> bytes:
    try:
        return unb64(data.get(key), size)
    except ValueError as exc:
        raise MalformedMessageError(detail.act_bytes(data.get("a"), key, size)) from exc


def _move(raw: object) -> tuple[int, int]:
    if not (isinstance(raw, list) and len(raw) == 2 and all(type(p) is int for p in raw)):
        raise MalformedMessageError(detail.move_shape(raw))
    src, dst = raw
    if not 0 < src <= 25 or not 0 <= dst < src:
        raise MalformedMessageError(detail.not_a_move(raw))
    return (src, dst)


_KEYS: Mapping[str, frozenset[str]] = MappingProxyType(
    {
        "commit": frozenset({"a", "h"}),
        "random": frozenset({"a", "r"}),
        "reveal": frozenset({"a", "s"}),
        "play": frozenset({"a", "m"}),
    }
)


def act_from_json(raw: object) -> Act:
    """Parse one act; raises :class:`MalformedMessageError` on a bad shape."""
    if not isinstance(raw, dict):
        raise MalformedMessageError(detail.act_not_object(type(raw).__name__))
    code = raw.get("a")
    if not isinstance(code, str):
        raise MalformedMessageError(detail.act_unnamed(code))
    keys = _KEYS.get(code, frozenset({"a", "v"} if code == "resign" else {"a"}))
    if set(raw) != keys:
        raise MalformedMessageError(detail.act_keys(code, sorted(keys)))
    if code in _PLAIN:
        return _PLAIN[code]
    if code == "commit":
        return Commit(_bytes(raw, "h", DIGEST_BYTES))
    if code == "random":
        return Random(_bytes(raw, "r", SECRET_BYTES))
    if code == "reveal":
        return Reveal(_bytes(raw, "s", SECRET_BYTES))
    if code == "play":
        moves = raw["m"]
        if not isinstance(moves, list) or len(moves) > 4:
            raise MalformedMessageError(detail.PLAY_SHAPE)
        return PlayMoves(tuple(_move(m) for m in moves))
    if code == "resign":
        value = raw["v"]
        if type(value) is not int or value not in (1, 2, 3):
            raise MalformedMessageError(detail.resign_value(value))
        assert isinstance(value, int)
        return OfferResignation(value)
    raise MalformedMessageError(detail.unknown_act(code))
