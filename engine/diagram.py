"""A plain-text board diagram, for the CLI, ``str(position)`` and test failures."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from engine.position import Position


def diagram(pos: Position) -> str:
    """Draw ``pos`` with the side on roll as ``X`` moving from 24 down to 1.

    >>> from engine.position import Position
    >>> print(diagram(Position.start()).splitlines()[0])
     13 14 15 16 17 18 | 19 20 21 22 23 24
    """
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
