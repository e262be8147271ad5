"""The board as an immutable value, seen from the side on roll.

Like GNU Backgammon, a :class:`Position` never says *which* colour is on roll:
rules are written once, for "me", and the other side's view is :meth:`swap`.

Each side is a tuple of 26 counts in that side's own numbering::

    index 0      checkers borne off
    index 1..24  checkers on points 1..24 (1 = that side's ace point)
    index 25     checkers on the bar

My point ``p`` is the opponent's point ``25 - p``.  Use :data:`BAR` and
:data:`OFF` rather than the raw 25 and 0:

>>> from engine import BAR, OFF
>>> Position.start().me[BAR], Position.start().me[OFF], BAR, OFF
(0, 0, 25, 0)

A position's text is its own, as a FEN and an ASCII board are python-chess's
board's: its GNU Backgammon Position ID both ways (:attr:`Position.id`,
:meth:`Position.from_id`), a ``repr`` that pastes back, a diagram (``str``).
The formats, the command line and the page import this module; it imports
none of them.
"""

from __future__ import annotations

import base64
import binascii
from collections.abc import Sequence

from engine.errors import (
    CheckerCountError,
    InvalidPositionError,
    InvalidPositionIdError,
    SharedPointError,
    quoted,
)

CHECKERS = 15
"""Checkers per side."""
BAR = 25
"""The bar's index in a side's counts, and the point a checker enters from in a
move: ``(BAR, 20)`` enters on the 20 point.  Moves, steps and the web's
``(from, to)`` pairs all number it 25, in the mover's own numbering."""
OFF = 0
"""Borne off: the index of a side's borne-off checkers, and the destination of a
move that bears a checker off, ``(3, OFF)``."""

Move = tuple[int, int]
"""One checker moved by one die: ``(from, to)``; 25 is the bar, 0 is off."""

_START_SIDE = (0, 0, 0, 0, 0, 0, 5, 0, 3, 0, 0, 0, 0, 5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0)


class Position:
    """A backgammon position from the point of view of the player on roll.

    >>> start = Position.start()
    >>> start.id
    '4HPwATDgc/ABMA'
    >>> start.pips()
    (167, 167)
    >>> Position.from_id('4HPwATDgc/ABMA') == start
    True
    """

    __slots__ = ("_me", "_opp", "_hash")

    _me: tuple[int, ...]
    _opp: tuple[int, ...]
    _hash: int

    def __init__(self, me: Sequence[int], opp: Sequence[int]) -> None:
        mine = tuple(me)
        theirs = tuple(opp)
        _validate(mine, theirs)
        _set_me(self, mine)
        _set_opp(self, theirs)

    @classmethod
    def _trusted(cls, me: tuple[int, ...], opp: tuple[int, ...]) -> Position:
        """Build without validation; for the move generator's own results."""
        pos = _new(cls)
        _set_me(pos, me)
        _set_opp(pos, opp)
        return pos

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Position is immutable")

    def __reduce__(self) -> tuple[object, tuple[tuple[int, ...], tuple[int, ...]]]:
        # pickle and copy rebuild through __init__ (slots plus a blocked __setattr__)
        return (type(self), (self._me, self._opp))

    # -- construction -------------------------------------------------------

    @classmethod
    def start(cls) -> Position:
        """The standard starting position."""
        return cls._trusted(_START_SIDE, _START_SIDE)

    @classmethod
    def from_points(
        cls,
        points: Sequence[int],
        *,
        bar: int = 0,
        opp_bar: int = 0,
    ) -> Position:
        """Build from 24 signed counts in the on-roll side's numbering.

        ``points[0]`` is my ace point; positive counts are mine, negative the
        opponent's.  Checkers not on the board or the bar are borne off.

        >>> Position.from_points([0] * 5 + [2] + [0] * 17 + [-2]).pips()
        (12, 2)
        """
        if len(points) != 24:
            raise InvalidPositionError(f"expected 24 points, got {len(points)}")
        me = [0] * 26
        opp = [0] * 26
        for i, n in enumerate(points, start=1):
            if n > 0:
                me[i] = n
            elif n < 0:
                opp[25 - i] = -n
        me[BAR] = bar
        opp[BAR] = opp_bar
        me[OFF] = CHECKERS - sum(me[1:])
        opp[OFF] = CHECKERS - sum(opp[1:])
        return cls(me, opp)

    @classmethod
    def from_id(cls, position_id: str) -> Position:
        """Parse a GNU Backgammon Position ID (14 characters); raise
        :class:`~engine.errors.InvalidPositionIdError` if it is bad."""
        return _decode_id(position_id)

    @property
    def id(self) -> str:
        """The GNU Backgammon Position ID of this position."""
        return _encode_id(self)

    # -- views ----------------------------------------------------------------

    @property
    def me(self) -> tuple[int, ...]:
        """The on-roll side's 26 counts (off, points 1..24, bar)."""
        return self._me

    @property
    def opp(self) -> tuple[int, ...]:
        """The opponent's 26 counts, in the opponent's own numbering."""
        return self._opp

    @property
    def points(self) -> tuple[int, ...]:
        """24 signed counts in my numbering: mine positive, theirs negative."""
        me, opp = self._me, self._opp
        return tuple(me[i] - opp[25 - i] for i in range(1, 25))

    @property
    def bar(self) -> int:
        return self._me[BAR]

    @property
    def opp_bar(self) -> int:
        return self._opp[BAR]

    @property
    def off(self) -> int:
        return self._me[OFF]

    @property
    def opp_off(self) -> int:
        return self._opp[OFF]

    def swap(self) -> Position:
        """The same board seen by the other player."""
        return Position._trusted(self._opp, self._me)

    def pips(self) -> tuple[int, int]:
        """Pip counts ``(mine, theirs)``; a checker on the bar counts 25."""
        return _pips(self._me), _pips(self._opp)

    def is_race(self) -> bool:
        """True when contact is over: no checker can ever hit another."""
        me, opp = self._me, self._opp
        my_back = max((i for i in range(1, 26) if me[i]), default=0)
        their_back = max((i for i in range(1, 26) if opp[i]), default=0)
        return my_back + their_back <= 25

    def winner(self) -> int | None:
        """0 if the side on roll has borne off all, 1 if the opponent has."""
        if self._me[OFF] == CHECKERS:
            return 0
        if self._opp[OFF] == CHECKERS:
            return 1
        return None

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Position):
            return NotImplemented
        return self._me == other._me and self._opp == other._opp

    def __hash__(self) -> int:
        # Computed on first use: most generated positions are never hashed.
        try:
            return self._hash
        except AttributeError:
            h = hash((self._me, self._opp))
            _set_hash(self, h)
            return h

    def __repr__(self) -> str:
        return f"Position.from_id({self.id!r})"

    def __str__(self) -> str:
        """A plain-text diagram, for the command line and test failures: the side
        on roll is ``X``, moving from 24 down to 1.

        >>> print(str(Position.start()).splitlines()[0])
         13 14 15 16 17 18 | 19 20 21 22 23 24
        """
        return _diagram(self)


# Slot setters, bound once: Position is immutable to callers, and these are
# the only writers (cheaper than object.__setattr__ on the hot path).
_set_me = Position._me.__set__  # type: ignore[attr-defined,misc]
_set_opp = Position._opp.__set__  # type: ignore[attr-defined,misc]
_set_hash = Position._hash.__set__  # type: ignore[attr-defined,misc]
_new = object.__new__


def _pips(side: tuple[int, ...]) -> int:
    return sum(i * n for i, n in enumerate(side))


def _validate(me: tuple[int, ...], opp: tuple[int, ...]) -> None:
    for name, side in (("me", me), ("opp", opp)):
        if len(side) != 26:
            raise InvalidPositionError(f"{name}: expected 26 counts, got {len(side)}")
        for n in side:
            if not isinstance(n, int) or isinstance(n, bool) or n < 0:
                raise InvalidPositionError(f"{name}: counts must be non-negative ints")
        if sum(side) != CHECKERS:
            raise CheckerCountError(f"{name}: {sum(side)} checkers, expected {CHECKERS}")
    for p in range(1, 25):
        if me[p] and opp[25 - p]:
            raise SharedPointError(f"point {p} holds checkers of both sides")


# -- text: the Position ID and the diagram ----------------------------------------
#
# A Position ID is 80 bits: for each side, one ``1`` per checker and a ``0``
# after each of its 25 places (points 1..24, then the bar).  GNU Backgammon
# writes the side *not* on roll first and the side on roll second, packs the
# bits little-endian into 10 bytes and base64-encodes them without padding.
# (The manual's prose says "player on roll first"; the program itself, which
# is what every other tool agrees with, does it the other way round.)  It is
# the position's own text, as a FEN is a chess board's: the Match ID, which
# says the rest of a match's state, is engine.formats.gnubg_id's.

_B64 = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/")


def _id_bits(position_id: str) -> int:
    """The 80 bits of a Position ID, which must be 14 base64 characters."""
    if not isinstance(position_id, str) or len(position_id) != 14 or not set(position_id) <= _B64:
        raise InvalidPositionIdError(
            f"{quoted(position_id)}: expected 14 base64 characters", code="id_form", length=14
        )
    try:
        raw = base64.b64decode(position_id + "==", validate=True)
    except binascii.Error as exc:  # pragma: no cover - alphabet checked above
        raise InvalidPositionIdError(
            f"{position_id!r}: not base64", code="id_form", length=14
        ) from exc
    return int.from_bytes(raw[:10], "little")


def _encode_id(pos: Position) -> str:
    """The 14-character Position ID of ``pos``."""
    value = 0
    bit = 0
    for side in (pos.opp, pos.me):
        for i in range(1, BAR + 1):
            n = side[i]
            if n:
                value |= ((1 << n) - 1) << bit
                bit += n
            bit += 1
    return base64.b64encode(value.to_bytes(10, "little")).decode("ascii")[:14]


def _decode_id(position_id: str) -> Position:
    """Parse a Position ID; raise :class:`InvalidPositionIdError` if it is bad."""
    value = _id_bits(position_id)
    sides: list[list[int]] = []
    bit = 0
    for _ in range(2):
        side = [0] * 26
        for i in range(1, BAR + 1):
            while bit < 80 and (value >> bit) & 1:
                side[i] += 1
                bit += 1
            if bit >= 80:
                raise InvalidPositionIdError(f"{position_id!r}: runs past 80 bits")
            bit += 1
        total = sum(side)
        if total > CHECKERS:
            raise InvalidPositionIdError(
                f"{position_id!r}: {total} checkers for one side", code="too_many", count=total
            )
        side[0] = CHECKERS - total
        sides.append(side)
    if value >> bit:
        raise InvalidPositionIdError(f"{position_id!r}: stray bits after the position")
    opp, me = sides
    if me[0] == opp[0] == CHECKERS:
        # One side borne off is a real board (the game's last, or the one the
        # winner leaves before confirming); both cannot be: the game ends at once.
        raise InvalidPositionIdError(
            f"{position_id!r}: both sides have borne off all their checkers", code="both_off"
        )
    try:
        pos = Position(me, opp)
    except InvalidPositionError as exc:
        raise InvalidPositionIdError(f"{position_id!r}: {exc}", code="no_board") from exc
    if _encode_id(pos) != position_id:
        raise InvalidPositionIdError(f"{position_id!r}: not in canonical form")
    return pos


def _diagram(pos: Position) -> str:
    pts = pos.points

    def cell(p: int) -> str:
        n = pts[p - 1]
        if n == 0:
            return "  ."
        mark = "X" if n > 0 else "O"
        return f"{abs(n):>2}{mark}"

    top = (
        " ".join(f"{p:>2}" for p in range(13, 19))
        + " | "
        + " ".join(f"{p:>2}" for p in range(19, 25))
    )
    top_cells = (
        "".join(cell(p) for p in range(13, 19)) + " |" + "".join(cell(p) for p in range(19, 25))
    )
    bottom_cells = (
        "".join(cell(p) for p in range(12, 6, -1))
        + " |"
        + "".join(cell(p) for p in range(6, 0, -1))
    )
    bottom = (
        " ".join(f"{p:>2}" for p in range(12, 6, -1))
        + " | "
        + " ".join(f"{p:>2}" for p in range(6, 0, -1))
    )
    mine, theirs = pos.pips()
    return "\n".join(
        [
            " " + top,
            top_cells,
            f"bar: X {pos.bar}  O {pos.opp_bar}    off: X {pos.off}  O {pos.opp_off}",
            bottom_cells,
            " " + bottom,
            f"X on roll, pips X {mine}  O {theirs}   {pos.id}",
        ]
    )
