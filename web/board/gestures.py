"""Pointer gestures on the board, turned into intents.

The page feeds :class:`Gestures` raw pointer events (mouse, touch and pen
alike, thanks to Pointer Events) with the board place under the pointer;
it answers with intents for the controller.  It holds only the state of
the gesture in progress, so it is tested under CPython with made-up events.

* press and release without moving: :class:`Tap` (two on the same place in
  quick succession: :class:`DoubleTap`);
* press on a checker that may move, then move a few pixels: :class:`Lift`,
  then :class:`Follow` as it moves, then :class:`Drop` where released
  (``dst`` ``None`` when the drag was cancelled).

>>> g = Gestures(can_lift=lambda place: place == 8)
>>> g.down(1, 10, 10, 8, 0.0), g.move(1, 30, 10, 100.0, 200.0)
([], [Lift(place=8), Follow(x=100.0, y=200.0)])
>>> g.up(1, 30, 10, 5, 0.2)
[Drop(src=8, dst=5)]
>>> g.down(1, 0, 0, 5, 1.0), g.up(1, 0, 0, 5, 1.05), g.down(1, 0, 0, 5, 1.2), g.up(1, 0, 0, 5, 1.25)
([], [Tap(place=5)], [], [DoubleTap(place=5)])
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

# A drag starts only after this many CSS pixels, so a slightly shaky tap
# stays a tap (and a tap on a phone does not pick the checker up).
DRAG_PIXELS = 6.0
DOUBLE_TAP_SECONDS = 0.4


@dataclass(frozen=True, slots=True)
class Tap:
    """A tap on ``place`` (``None``: off the board's places)."""

    place: int | None


@dataclass(frozen=True, slots=True)
class DoubleTap:
    """A second tap on ``place``, soon after the first."""

    place: int


@dataclass(frozen=True, slots=True)
class Lift:
    """The checker on ``place`` is picked up by a drag."""

    place: int


@dataclass(frozen=True, slots=True)
class Follow:
    """The lifted checker is now at viewBox point ``(x, y)``."""

    x: float
    y: float


@dataclass(frozen=True, slots=True)
class Drop:
    """The dragged checker is let go over ``dst`` (``None``: the drag was cancelled)."""

    src: int
    dst: int | None


Gesture = Tap | DoubleTap | Lift | Follow | Drop


class Gestures:
    """The gesture in progress for one board; one pointer at a time."""

    __slots__ = ("_can_lift", "_dragging", "_last_tap", "_origin", "_place", "_pointer")

    def __init__(self, can_lift: Callable[[int], bool]) -> None:
        self._can_lift = can_lift
        self._pointer: int | None = None
        self._origin = (0.0, 0.0)
        self._place: int | None = None
        self._dragging = False
        self._last_tap: tuple[int | None, float] | None = None

    @property
    def dragging(self) -> bool:
        return self._dragging

    @property
    def active(self) -> bool:
        return self._pointer is not None

    def down(
        self, pointer: int, px: float, py: float, place: int | None, t: float
    ) -> list[Gesture]:
        """A press at client pixel ``(px, py)`` over ``place``."""
        if self._pointer is not None:
            return []  # a second finger: ignored while the first is down
        self._pointer = pointer
        self._origin = (px, py)
        self._place = place
        self._dragging = False
        return []

    def move(self, pointer: int, px: float, py: float, x: float, y: float) -> list[Gesture]:
        """The pointer moved to client pixel ``(px, py)``, viewBox point ``(x, y)``."""
        if pointer != self._pointer:
            return []
        if self._dragging:
            return [Follow(x, y)]
        place = self._place
        ox, oy = self._origin
        far = (px - ox) ** 2 + (py - oy) ** 2 >= DRAG_PIXELS**2
        if far and place is not None and self._can_lift(place):
            self._dragging = True
            self._last_tap = None
            return [Lift(place), Follow(x, y)]
        return []

    def up(self, pointer: int, px: float, py: float, place: int | None, t: float) -> list[Gesture]:
        """The pointer was released over ``place``."""
        if pointer != self._pointer:
            return []
        self._pointer = None
        if self._dragging:
            return [self._end_drag(place)]
        ox, oy = self._origin
        if (px - ox) ** 2 + (py - oy) ** 2 >= (4 * DRAG_PIXELS) ** 2:
            return []  # a swipe across the board, not a tap
        tap_place = self._place
        last = self._last_tap
        if (
            last is not None
            and tap_place is not None
            and last[0] == tap_place
            and t - last[1] <= DOUBLE_TAP_SECONDS
        ):
            self._last_tap = None
            return [DoubleTap(tap_place)]
        self._last_tap = (tap_place, t)
        return [Tap(tap_place)]

    def cancel(self, pointer: int) -> list[Gesture]:
        """The browser took the pointer away (a system gesture, a lost capture)."""
        if pointer != self._pointer:
            return []
        self._pointer = None
        if self._dragging:
            return [self._end_drag(None)]
        return []

    def _end_drag(self, place: int | None) -> Gesture:
        self._dragging = False
        src = self._place
        assert src is not None
        return Drop(src, place)
