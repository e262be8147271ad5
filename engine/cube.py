"""The doubling cube: its value and who owns it; and :class:`CubeState`, the
cube with the score as one side sees it (what the AI decides by).

The cube starts centred at 1.  Only a player who owns it, or either player
while it is centred, may double; the taker then owns it at twice the value.
The cube stops at 64, as in GNU Backgammon.

>>> cube = Cube()
>>> cube.may_double(0), cube.may_double(1)
(True, True)
>>> cube = cube.taken_by(1)
>>> cube
Cube(value=2, owner=1)
>>> cube.may_double(0), cube.may_double(1)
(False, True)
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.errors import EngineError, IllegalActionError

MAX_CUBE = 64


def is_cube_value(value: object) -> bool:
    """Whether ``value`` is a power of two from 1 to :data:`MAX_CUBE`.

    >>> [is_cube_value(v) for v in (1, 2, 3, 64, 128, True)]
    [True, True, False, True, False, False]
    """
    return (
        isinstance(value, int)
        and not isinstance(value, bool)
        and 1 <= value <= MAX_CUBE
        and value & (value - 1) == 0
    )


@dataclass(frozen=True, slots=True)
class Cube:
    """The cube's value (1, 2, 4 ... 64) and owner (``None`` while centred)."""

    value: int = 1
    owner: int | None = None

    def __post_init__(self) -> None:
        if not is_cube_value(self.value):
            raise ValueError(f"cube value must be a power of two up to {MAX_CUBE}: {self.value!r}")
        if self.owner not in (None, 0, 1):
            raise ValueError(f"cube owner must be None, 0 or 1: {self.owner!r}")

    @property
    def centred(self) -> bool:
        return self.owner is None

    @property
    def log2(self) -> int:
        """``log2(value)``, as Match IDs and XGIDs store it."""
        return self.value.bit_length() - 1

    def may_double(self, player: int) -> bool:
        """Whether the cube lets ``player`` double (ignoring whose turn it is)."""
        return (self.owner is None or self.owner == player) and self.value < MAX_CUBE

    def taken_by(self, player: int, factor: int = 2) -> Cube:
        """The cube after ``player`` takes a double (``factor`` 4 for a beaver)."""
        value = self.value * factor
        if value > MAX_CUBE:
            raise IllegalActionError(f"the cube cannot go above {MAX_CUBE}")
        return Cube(value, player)

    def automatic_double(self) -> Cube:
        """The cube after an automatic double (money play): doubled, still centred."""
        return Cube(self.value * 2, self.owner)


class InvalidCubeStateError(EngineError):
    """A :class:`CubeState`'s JSON form that is malformed or impossible."""


@dataclass(frozen=True, slots=True)
class CubeState:
    """The cube and the score, seen from one side (the side on roll, for the AI).

    ``owner``: None when centred, 0 when this side owns it, 1 when the
    opponent does.  ``match_length`` 0 means a money game (``jacoby`` then
    applies); otherwise ``my_away`` / ``opp_away`` are the points each side
    still needs and ``crawford`` is true during the Crawford game itself.

    It travels to the AI's worker as JSON:

    >>> st = CubeState(2, 1, False, 7, 3, 5)
    >>> st.to_json() == {"value": 2, "owner": 1, "jacoby": False, "match_length": 7,
    ...                  "my_away": 3, "opp_away": 5, "crawford": False}
    True
    >>> CubeState.from_json(st.to_json()) == st
    True
    >>> CubeState.from_json({**st.to_json(), "value": 3})
    Traceback (most recent call last):
    ...
    engine.cube.InvalidCubeStateError: value must be a power of two up to 64, got 3
    """

    value: int = 1
    owner: int | None = None
    jacoby: bool = True
    match_length: int = 0
    my_away: int = 0
    opp_away: int = 0
    crawford: bool = False

    @property
    def is_match(self) -> bool:
        return self.match_length > 0

    def swap(self) -> CubeState:
        """The same state seen by the other side."""
        owner = None if self.owner is None else 1 - self.owner
        return CubeState(
            self.value,
            owner,
            self.jacoby,
            self.match_length,
            self.opp_away,
            self.my_away,
            self.crawford,
        )

    def to_json(self) -> dict[str, object]:
        """The state as a JSON object (every field, by name)."""
        return {
            "value": self.value,
            "owner": self.owner,
            "jacoby": self.jacoby,
            "match_length": self.match_length,
            "my_away": self.my_away,
            "opp_away": self.opp_away,
            "crawford": self.crawford,
        }

    @classmethod
    def from_json(cls, raw: object) -> CubeState:
        """The state written by :meth:`to_json`; raises :class:`InvalidCubeStateError`
        on anything else (a missing or unknown field, a wrong type, an impossible score)."""
        if not isinstance(raw, dict):
            raise InvalidCubeStateError(f"a cube state is a JSON object, got {raw!r}")
        names = ("value", "owner", "jacoby", "match_length", "my_away", "opp_away", "crawford")
        missing = [n for n in names if n not in raw]
        unknown = sorted(str(k) for k in raw if k not in names)
        if missing or unknown:
            raise InvalidCubeStateError(f"cube state fields: missing {missing}, unknown {unknown}")
        value, owner = raw["value"], raw["owner"]
        if not is_cube_value(value):
            raise InvalidCubeStateError(
                f"value must be a power of two up to {MAX_CUBE}, got {value!r}"
            )
        if owner is not None and not (type(owner) is int and owner in (0, 1)):
            raise InvalidCubeStateError(f"owner must be null, 0 or 1, got {owner!r}")
        flags = [raw[n] for n in ("jacoby", "crawford")]
        if not all(isinstance(f, bool) for f in flags):
            raise InvalidCubeStateError(f"jacoby and crawford must be true or false, got {flags}")
        length, mine, theirs = (raw[n] for n in ("match_length", "my_away", "opp_away"))
        if not all(type(n) is int and n >= 0 for n in (length, mine, theirs)):
            raise InvalidCubeStateError(
                f"match_length, my_away and opp_away must be whole numbers >= 0, "
                f"got {length!r}, {mine!r}, {theirs!r}"
            )
        needs = range(1, length + 1) if length else range(1)
        if mine not in needs or theirs not in needs:
            raise InvalidCubeStateError(
                f"points away must be 1..{length} in a match, 0 for money, got {mine}, {theirs}"
            )
        return cls(value, owner, raw["jacoby"], length, mine, theirs, raw["crawford"])
