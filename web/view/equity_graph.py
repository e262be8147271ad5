"""The equity graph of a game: one player's chances of winning, decision by
decision, as an SVG drawn like the board (no charting library), lichess-style:
the area above the even line is that player's, below it the opponent's;
errors are marked by their grade, and each point is a button to its decision
(:attr:`~web.model.actions.Act.ANALYSIS_GO` with its entry of the line).

>>> svg = equity_graph([Point(0, 0.5, 0, ""), Point(3, 0.8, 1, "blunder")], 3, "Ann")
>>> svg.count('data-action="analysis-go"'), 'class="eg-mark blunder"' in svg
(2, True)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from web.board.escape import escape
from web.model.actions import Act

WIDTH, HEIGHT = 320.0, 96.0
"""The drawing's own units: it stretches to the panel's width, its height set by the sheet."""
PAD = 4.0


@dataclass(frozen=True, slots=True)
class Point:
    """One decision on the graph: its entry in the line, the followed player's chance
    of winning there, who decided, and its grade (``""``: good)."""

    step: int
    win: float
    player: int
    grade: str
    title: str = ""


def _xy(k: int, n: int, win: float) -> tuple[float, float]:
    x = PAD + (WIDTH - 2 * PAD) * (k / (n - 1) if n > 1 else 0.5)
    y = PAD + (HEIGHT - 2 * PAD) * (1.0 - min(max(win, 0.0), 1.0))
    return round(x, 1), round(y, 1)


def equity_graph(points: Sequence[Point], at: int | None, title: str) -> str:
    """The graph of ``points`` (in order), the one at entry ``at`` marked as the board's."""
    if not points:
        return ""
    n = len(points)
    mid = HEIGHT / 2
    xy = [_xy(k, n, p.win) for k, p in enumerate(points)]
    line = " ".join(f"{x},{y}" for x, y in xy)
    first, last = xy[0][0], xy[-1][0]
    area = f"{first},{mid} {line} {last},{mid}"
    marks = []
    for p, (x, y) in zip(points, xy, strict=True):
        here = " here" if p.step == at else ""
        kind = f"eg-mark {p.grade}" if p.grade else "eg-dot"
        r = 3.2 if p.grade else 2.2
        marks.append(
            f'<g class="eg-point{here}" data-action="{Act.ANALYSIS_GO}" data-value="{p.step}"'
            f' role="button" tabindex="-1" aria-label="{escape(p.title)}">'
            f"<title>{escape(p.title)}</title>"
            f'<rect class="eg-hit" x="{x - 4}" y="0" width="8" height="{HEIGHT}"/>'
            f'<circle class="{kind}" cx="{x}" cy="{y}" r="{r}"/></g>'
        )
    return (
        f'<svg class="equity-graph" viewBox="0 0 {WIDTH:g} {HEIGHT:g}"'
        f' role="group" aria-label="{escape(title)}" data-testid="equity-graph">'
        f'<clipPath id="eg-top"><rect x="0" y="0" width="{WIDTH:g}" height="{mid:g}"/></clipPath>'
        f'<clipPath id="eg-bottom"><rect x="0" y="{mid:g}" width="{WIDTH:g}" height="{mid:g}"/>'
        "</clipPath>"
        f'<polygon class="eg-area eg-mine" points="{area}" clip-path="url(#eg-top)"/>'
        f'<polygon class="eg-area eg-theirs" points="{area}" clip-path="url(#eg-bottom)"/>'
        f'<line class="eg-even" x1="0" y1="{mid:g}" x2="{WIDTH:g}" y2="{mid:g}"/>'
        f'<polyline class="eg-line" points="{line}"/>' + "".join(marks) + "</svg>"
    )
