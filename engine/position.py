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
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.errors import CheckerCountError, InvalidPositionError, SharedPointError

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
        """Parse a GNU Backgammon Position ID (14 characters)."""
        from engine.formats.gnubg_id import decode_position_id

        return decode_position_id(position_id)

    @property
    def id(self) -> str:
        """The GNU Backgammon Position ID of this position."""
        from engine.formats.gnubg_id import encode_position_id

        return encode_position_id(self)

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
        from engine.diagram import diagram

        return diagram(self)


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
