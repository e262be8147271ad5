"""Which checkers to animate between two boards, as chessground does it:
pair the checkers that vanished from a place with those that appeared on
another, side by side, and slide each from the old place to the new.

Only counts are compared, so this knows nothing of the rules: a hit is just
an opponent's checker that vanished from a point and appeared on the bar.

>>> from engine import Position
>>> start = Position.start()
>>> points = list(start.points)
>>> points[4], points[5], points[7] = 2, 4, 2  # 8/5 6/5
>>> after = Position.from_points(points)
>>> [(m.side, m.src, m.dst) for m in plan_motions(start, after)]
[('me', 8, 5), ('me', 6, 5)]
"""

from __future__ import annotations

from dataclasses import dataclass

from engine import Position
from web.board.geometry import BAR, OFF, checker_xy


@dataclass(frozen=True, slots=True)
class Motion:
    """One checker sliding from ``src`` to ``dst`` (my numbering).

    ``index`` is its place in the destination stack, which identifies the
    element to move on the new board; the coordinates are viewBox centres.
    """

    side: str
    src: int
    dst: int
    index: int
    start: tuple[float, float]
    end: tuple[float, float]


def _counts(position: Position, side: str) -> dict[int, int]:
    if side == "me":
        counts = {p: position.me[p] for p in range(1, 25)}
        counts[BAR], counts[OFF] = position.bar, position.off
    else:
        counts = {p: position.opp[25 - p] for p in range(1, 25)}
        counts[BAR], counts[OFF] = position.opp_bar, position.opp_off
    return counts


def _order(side: str, place: int) -> int:
    """Distance from home along the side's path: bar farthest, off nearest."""
    if place == BAR:
        return BAR
    if place == OFF:
        return 0
    return place if side == "me" else 25 - place


def plan_motions(before: Position, after: Position) -> list[Motion]:
    """The slides that turn ``before`` into ``after`` (both from the same viewer).

    Vanished and appeared checkers are paired farthest with farthest, which
    is right for any one step and a fair guess for several.
    """
    motions: list[Motion] = []
    for side in ("me", "opp"):
        old, new = _counts(before, side), _counts(after, side)
        gone: list[tuple[int, int]] = []  # (place, index in the old stack)
        came: list[tuple[int, int]] = []  # (place, index in the new stack)
        for place in old:
            diff = new[place] - old[place]
            if diff < 0:
                gone += [(place, old[place] - 1 - k) for k in range(-diff)]
            elif diff > 0:
                came += [(place, old[place] + k) for k in range(diff)]
        if len(gone) != len(came):
            continue  # not a rearrangement (a new game, a loaded save): no slides
        gone.sort(key=lambda g: -_order(side, g[0]))
        came.sort(key=lambda c: -_order(side, c[0]))
        for (src, src_index), (dst, dst_index) in zip(gone, came, strict=True):
            motions.append(
                Motion(
                    side,
                    src,
                    dst,
                    dst_index,
                    checker_xy(side, src, src_index, old[src]),
                    checker_xy(side, dst, dst_index, new[dst]),
                )
            )
    return motions
