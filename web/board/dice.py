"""The dice and the doubling cube on the board: what they show, where they
sit, and their SVG.

:func:`web.board.svg.render_board` lays these over the board; they are drawn
with the board's geometry (:mod:`web.board.geometry`: the landscape layout
unless another is given) and, like the rest of the board, from the viewer's
side and without knowing the rules.

>>> svg = dice_svg(DiceView((6, 3)), {"me": "light", "opp": "dark"})
>>> svg.count('class="die light"'), svg.count('class="spot"')
(2, 9)
>>> 'data-value="2"' in cube_svg(CubeView(2, owner="me"), "cube")
True
"""

from __future__ import annotations

from dataclasses import dataclass

from web.board.escape import escape
from web.board.geometry import LANDSCAPE, Geometry, num
from web.model.actions import Act
from web.words import board as say

CUBE = 50
DIE = 48
DIE_GAP = 12


@dataclass(frozen=True, slots=True)
class DiceView:
    """Dice to show.  ``values`` in the order the player will use them (four
    for doubles); ``used`` marks those already played.  ``side`` is the half of
    the board they lie in.  For the opening roll, ``opening`` is true and the
    two values are my die and the opponent's, each shown on its own side."""

    values: tuple[int, ...]
    side: str = "me"
    used: tuple[bool, ...] = ()
    opening: bool = False
    swappable: bool = False
    owners: tuple[str, ...] = ()  # whose colour each die has, if not the roller's


@dataclass(frozen=True, slots=True)
class CubeView:
    """The doubling cube: value shown, owner (``None`` centred), and a pending
    offer by ``offered_by`` (the cube then shows the value offered);
    ``resting``: out of play this game (the Crawford game), drawn set aside."""

    value: int = 1
    owner: str | None = None
    offered_by: str | None = None
    resting: bool = False


def cube_xy(cube: CubeView, geometry: Geometry = LANDSCAPE) -> tuple[float, float]:
    """Centre of the cube: mid-bar when centred, at its owner's end when owned,
    and in the offerer's half of the board while a double waits for an answer.

    >>> cube_xy(CubeView()) == (LANDSCAPE.bar_x + LANDSCAPE.bar_w / 2, LANDSCAPE.mid_y)
    True
    """
    g = geometry
    if cube.offered_by is not None:
        return g.to_svg(g.half_centre(cube.offered_by), g.mid_y)
    u = g.bar_x + g.bar_w / 2
    if cube.owner == "me":
        return g.to_svg(u, g.bottom - CUBE / 2 - 4)
    if cube.owner == "opp":
        return g.to_svg(u, g.top + CUBE / 2 + 4)
    return g.to_svg(u, g.mid_y)


def cube_svg(cube: CubeView, style: str, geometry: Geometry = LANDSCAPE) -> str:
    """The cube as a ``<g>``; ``style`` ``"dial"`` draws it as an amplifier knob."""
    cx, cy = cube_xy(cube, geometry)
    # A centred cube shows 64, as on a real board, until someone turns it.
    face = (
        "64"
        if cube.value == 1 and cube.owner is None and cube.offered_by is None
        else str(cube.value)
    )
    cls = "cube offered" if cube.offered_by is not None else "cube"
    title = ""
    if cube.resting:  # the Crawford game: no cube, and the board says so
        cls, face = "cube resting", "–"
        title = f"<title>{escape(say.NO_CUBE)}</title>"
    half = CUBE / 2
    if style == "dial":
        # "Turn It Up": an amplifier knob, its pointer turned by the stake.
        steps = max(cube.value.bit_length() - 1, 0)
        angle = -135 + steps * 45
        ticks = "".join(
            f'<line x1="0" y1="{-half - 2}" x2="0" y2="{-half + 4}" '
            f'transform="rotate({-135 + 45 * k})" class="dial-tick"/>'
            for k in range(7)
        )
        return (
            f'<g class="{cls} dial" transform="translate({num(cx)} {num(cy)})" '
            f'data-value="{cube.value}">{title}'
            f'<circle r="{half}" class="dial-body"/>{ticks}'
            f'<line x1="0" y1="0" x2="0" y2="{-half + 8}" transform="rotate({angle})" '
            'class="dial-pointer"/>'
            f'<text y="7" text-anchor="middle" font-family="system-ui, sans-serif" '
            f'font-size="20" font-weight="800" class="cube-face">{face}</text></g>'
        )
    return (
        f'<g class="{cls}" transform="translate({num(cx)} {num(cy)})" data-value="{cube.value}">'
        f'{title}<rect x="{-half}" y="{-half}" width="{CUBE}" height="{CUBE}" rx="8" '
        'class="cube-body"/>'
        f'<text y="9" text-anchor="middle" font-family="Georgia, serif" font-size="26" '
        f'font-weight="700" class="cube-face">{face}</text></g>'
    )


# Spot layouts for faces 1..6, in thirds of the die from its centre.
_PIPS: tuple[tuple[tuple[int, int], ...], ...] = (
    ((0, 0),),
    ((-1, -1), (1, 1)),
    ((-1, -1), (0, 0), (1, 1)),
    ((-1, -1), (1, -1), (-1, 1), (1, 1)),
    ((-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)),
    ((-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)),
)


def _die(value: int, colour: str, cx: float, cy: float, used: bool, index: int) -> str:
    half = DIE / 2
    spots = "".join(
        f'<circle cx="{num(cx + dx * 12)}" cy="{num(cy + dy * 12)}" r="5" class="spot"/>'
        for dx, dy in _PIPS[value - 1]
    )
    cls = f"die {colour}" + (" used" if used else "")
    return (
        f'<g class="{cls}" data-value="{value}" data-index="{index}">'
        f'<rect x="{num(cx - half)}" y="{num(cy - half)}" width="{DIE}" height="{DIE}" rx="9" '
        f'class="die-body"/>{spots}</g>'
    )


def dice_svg(dice: DiceView, colours: dict[str, str], geometry: Geometry = LANDSCAPE) -> str:
    """The dice as a ``<g>``, in a row along the middle of their half of the
    board; ``colours`` maps each side (``me``/``opp``) to its checker colour."""
    g = geometry
    if dice.opening:
        mine, theirs = dice.values
        parts = [
            _die(mine, colours["me"], *g.to_svg(g.half_centre("me"), g.mid_y), False, 0),
            _die(theirs, colours["opp"], *g.to_svg(g.half_centre("opp"), g.mid_y), False, 1),
        ]
        return '<g class="dice opening">' + "".join(parts) + "</g>"
    n = len(dice.values)
    gap = DIE_GAP if n <= 2 else 8
    total = n * DIE + (n - 1) * gap
    u0 = g.half_centre(dice.side) - total / 2 + DIE / 2
    used = dice.used or (False,) * n
    owners = dice.owners or (dice.side,) * n
    at = [n - 1 - k if g.mirrored else k for k in range(n)]  # the first die on the left
    parts = [
        _die(v, colours[owners[k]], *g.to_svg(u0 + at[k] * (DIE + gap), g.mid_y), used[k], k)
        for k, v in enumerate(dice.values)
    ]
    attrs = ""
    if dice.swappable:
        attrs = (
            f' data-action="{Act.SWAP_DICE}" role="button" tabindex="0" '
            f'aria-label="{say.swap_dice(dice.values)}"'
        )
    return f'<g class="dice {dice.side}"{attrs}>' + "".join(parts) + "</g>"
