"""The acts of online play: what one side does, as typed values and small JSON.

The game's own acts are the engine's (a play as moves, double, take, drop,
beaver, resign, accept, reject, the next game); the protocol adds the four
acts of a fair roll (see :mod:`web.online.fairdice`): :class:`Commit` to a
secret, :class:`AskRoll` (the roller will not double and wants its dice),
the other side's :class:`Random` value, and :class:`Reveal` of the secret.
Whether an act is allowed is for :mod:`web.online.table` to say; here only
the shape is checked.

>>> act_to_json(Play(((8, 5), (6, 5))))
{'a': 'play', 'm': [[8, 5], [6, 5]]}
>>> act_from_json({"a": "resign", "v": 2})
Resign(value=2)
>>> act_from_json({"a": "play", "m": [[5, 8]]})
Traceback (most recent call last):
...
web.online.errors.MalformedMessageError: not a move: [5, 8]
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import ClassVar, TypeAlias

from web.online.codec import b64, unb64
from web.online.errors import MalformedMessageError
from web.online.fairdice import SECRET_BYTES

DIGEST_BYTES = 32


@dataclass(frozen=True, slots=True)
class Commit:
    """The roller's commitment ``H(game ‖ turn ‖ secret)`` for its next roll."""

    digest: bytes
    code: ClassVar[str] = "commit"


@dataclass(frozen=True, slots=True)
class AskRoll:
    """The roller, who could double, rolls instead: it asks for the other's value."""

    code: ClassVar[str] = "roll"


@dataclass(frozen=True, slots=True)
class Random:
    """The other side's random value for the roller's commitment."""

    value: bytes
    code: ClassVar[str] = "random"


@dataclass(frozen=True, slots=True)
class Reveal:
    """The roller's secret: with it, anyone can check the commitment and read the dice."""

    secret: bytes
    code: ClassVar[str] = "reveal"


@dataclass(frozen=True, slots=True)
class Play:
    """A whole play as single-die ``(from, to)`` moves (25 the bar, 0 off)."""

    moves: tuple[tuple[int, int], ...]
    code: ClassVar[str] = "play"


@dataclass(frozen=True, slots=True)
class Double:
    """The sender doubles."""

    code: ClassVar[str] = "double"


@dataclass(frozen=True, slots=True)
class Take:
    """The sender takes the double."""

    code: ClassVar[str] = "take"


@dataclass(frozen=True, slots=True)
class Drop:
    """The sender drops the double."""

    code: ClassVar[str] = "drop"


@dataclass(frozen=True, slots=True)
class Beaver:
    """The sender takes the double and redoubles at once (money play)."""

    code: ClassVar[str] = "beaver"


@dataclass(frozen=True, slots=True)
class Resign:
    """An offer to resign a win of ``value`` (1 single, 2 gammon, 3 backgammon)."""

    value: int
    code: ClassVar[str] = "resign"


@dataclass(frozen=True, slots=True)
class Accept:
    """The sender accepts the resignation offered."""

    code: ClassVar[str] = "accept"


@dataclass(frozen=True, slots=True)
class Reject:
    """The sender rejects the resignation offered."""

    code: ClassVar[str] = "reject"


@dataclass(frozen=True, slots=True)
class NextGame:
    """Start the next game (either side may; both asking at once is the same act)."""

    code: ClassVar[str] = "next"


Act: TypeAlias = (
    Commit
    | AskRoll
    | Random
    | Reveal
    | Play
    | Double
    | Take
    | Drop
    | Beaver
    | Resign
    | Accept
    | Reject
    | NextGame
)

_PLAIN: Mapping[str, Act] = MappingProxyType(
    {
        a.code: a
        for a in (AskRoll(), Double(), Take(), Drop(), Beaver(), Accept(), Reject(), NextGame())
    }
)


def act_to_json(act: Act) -> dict[str, object]:
    """A JSON-able dict for ``act``."""
    out: dict[str, object] = {"a": act.code}
    if isinstance(act, Commit):
        out["h"] = b64(act.digest)
    elif isinstance(act, Random):
        out["r"] = b64(act.value)
    elif isinstance(act, Reveal):
        out["s"] = b64(act.secret)
    elif isinstance(act, Play):
        out["m"] = [list(m) for m in act.moves]
    elif isinstance(act, Resign):
        out["v"] = act.value
    return out


def _bytes(data: Mapping[str, object], key: str, size: int) -> bytes:
    try:
        return unb64(data.get(key), size)
    except ValueError as exc:
        raise MalformedMessageError(f"{data.get('a')} {key}: {exc}") from exc


def _move(raw: object) -> tuple[int, int]:
    if not (isinstance(raw, list) and len(raw) == 2 and all(type(p) is int for p in raw)):
        raise MalformedMessageError(f"a move is two numbers, not {raw!r}")
    src, dst = raw
    if not 0 < src <= 25 or not 0 <= dst < src:
        raise MalformedMessageError(f"not a move: {raw!r}")
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
        raise MalformedMessageError(f"an act is an object, not {type(raw).__name__}")
    code = raw.get("a")
    if not isinstance(code, str):
        raise MalformedMessageError(f"an act names what it is, not {code!r}")
    keys = _KEYS.get(code, frozenset({"a", "v"} if code == "resign" else {"a"}))
    if set(raw) != keys:
        raise MalformedMessageError(f"{code!r}: expected the keys {sorted(keys)}")
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
            raise MalformedMessageError("a play is a list of at most four moves")
        return Play(tuple(_move(m) for m in moves))
    if code == "resign":
        value = raw["v"]
        if type(value) is not int or value not in (1, 2, 3):
            raise MalformedMessageError(f"resign 1, 2 or 3, not {value!r}")
        assert isinstance(value, int)
        return Resign(value)
    raise MalformedMessageError(f"unknown act {code!r}")
