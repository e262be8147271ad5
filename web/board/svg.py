"""Draw a backgammon board as an SVG string.

:func:`render_board` is a pure function of a :class:`BoardView`: it knows no
rules, only how to draw what it is given (the controller asks the engine
which checkers may move and where), so it runs and is tested under CPython.
Where things go is :mod:`web.board.geometry`'s business (the board is seen
from the viewer's side, the player at the bottom); the dice and the cube
are drawn by :mod:`web.board.dice`.  Which colour "my" checkers are is part
of the view, so a pass-and-play board can turn to either player.

Elements carry ``data-*`` attributes in my numbering (``data-point``: 1..24,
25 = bar, 0 = borne off; ``data-side``: ``me``/``opp``; ``data-index``: the
checker's place in its stack, 0 at the rim) so that the page can find what
was touched and animate it without knowing the geometry.  Colours come from
CSS custom properties (with the classic colours as fallbacks), so themes are
pure CSS.

The geometry and the dice and cube names are re-exported here (see
``__all__``), so ``from web.board.svg import checker_xy`` keeps working.

>>> from engine import Position
>>> svg = render_board(BoardView(Position.start()))
>>> svg.startswith('<svg') and svg.endswith('</svg>')
True
>>> svg.count('class="checker ')
30
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field

from engine import Position
from web.board.dice import CUBE, DIE, DIE_GAP, CubeView, DiceView, cube_svg, cube_xy, dice_svg
from web.board.escape import escape
from web.board.geometry import (
    BAND,
    BAR,
    BAR_GAP,
    BAR_STACK_LEN,
    BAR_W,
    BAR_X,
    BOTTOM,
    CHECKER_D,
    CHECKER_R,
    COLOURS,
    FIELD_H,
    FRAME_RX,
    HALF_W,
    HEIGHT,
    LANDSCAPE,
    LEFT_X,
    MID_Y,
    OFF,
    POINT_H,
    POINT_W,
    RAIL,
    RIGHT_END,
    RIGHT_X,
    SIDES,
    SLAB_GAP,
    SLAB_H,
    STACK_LEN,
    TOP,
    TRAY_H,
    TRAY_PAD,
    TRAY_W,
    TRAY_X,
    WIDTH,
    Geometry,
    checker_xy,
    num,
    place_at,
    point_centre_x,
    stack_offsets,
)
from web.words import board as say

# This module's own names, and those of web.board.geometry and web.board.dice
# that were defined here before the split, for the importers that still use them.
__all__ = [
    "BAND",
    "BAR",
    "BAR_GAP",
    "BAR_STACK_LEN",
    "BAR_W",
    "BAR_X",
    "BOTTOM",
    "CHECKER_D",
    "CHECKER_R",
    "COLOURS",
    "CUBE",
    "DIE",
    "DIE_GAP",
    "FIELD_H",
    "FRAME_RX",
    "GRAIN_URL",
    "HALF_W",
    "HEIGHT",
    "LEFT_X",
    "MID_Y",
    "OFF",
    "POINT_H",
    "POINT_W",
    "RAIL",
    "RIGHT_END",
    "RIGHT_X",
    "SIDES",
    "SLAB_GAP",
    "SLAB_H",
    "STACK_LEN",
    "TOP",
    "TRAY_H",
    "TRAY_PAD",
    "TRAY_W",
    "TRAY_X",
    "WIDTH",
    "BoardView",
    "CubeView",
    "DiceView",
    "Words",
    "checker_xy",
    "cube_xy",
    "place_at",
    "point_centre_x",
    "render_board",
    "stack_offsets",
]

# The wood grain, pre-rendered by scripts/grain.py (a URL relative to the page).
GRAIN_URL = "./grain.webp"


@dataclass(frozen=True, slots=True)
class Words:
    """What the board calls things, so a theme can rename them."""

    bar: str = say.BAR
    off: str = say.OFF
    me: str = say.MINE
    opp: str = say.THEIRS
    bar_label: str = ""  # written on the bar, if anything
    off_label: str = ""  # written on the trays


@dataclass(frozen=True, slots=True)
class BoardView:
    """Everything the board shows.  ``position`` is seen from the viewer.

    ``movable`` are places a checker may be picked up from, ``highlights``
    the places the picked-up (``selected``) checker may go; ``lifted`` is a
    place whose top checker is being dragged and is drawn as a ghost.  All four
    are in the numbering of the side on roll: the viewer's, or with ``top`` the
    side drawn at the top's (whose bar is the bar and whose tray the upper one),
    whose checkers are then the ones marked.
    """

    position: Position
    me_colour: str = "light"
    highlights: frozenset[int] = frozenset()
    movable: frozenset[int] = frozenset()
    selected: int | None = None
    lifted: int | None = None
    dice: DiceView | None = None
    cube: CubeView | None = None
    words: Words = field(default_factory=Words)
    cube_style: str = "cube"  # or "dial" (Backyamon's "Turn It Up")
    label: str = ""
    last: frozenset[int] = frozenset()  # points the opponent's last play touched
    mark_movable: bool = True  # ring the checkers that can move (a setting; cursors show anyway)
    home_left: bool = False  # the home boards on the left (a setting: the page mirrors its layout)
    top: bool = False  # the side on roll is the top one: the places above are in its numbering


# -- drawing ---------------------------------------------------------------------


def render_board(
    view: BoardView | Position,
    *,
    highlights: frozenset[int] = frozenset(),
    geometry: Geometry = LANDSCAPE,
) -> str:
    """The whole board as one ``<svg>`` element, laid out by ``geometry``
    (the page picks :data:`~web.board.geometry.PORTRAIT` on a phone held
    upright; the SVG then says ``data-layout="portrait"``).

    A bare :class:`Position` draws it with nothing else on it (the page's
    first paint).

    >>> 'class="point highlight"' in render_board(BoardView(Position.start(),
    ...                                                     highlights=frozenset({5})))
    True
    """
    if isinstance(view, Position):
        view = BoardView(view, highlights=highlights)
    label = view.label or _aria_label(view.position)
    mark = " mark-movable" if view.mark_movable else ""
    g = geometry
    layout = (f' data-layout="{g.name}"' if g.turned else "") + (
        ' data-home="left"' if g.mirrored else ""
    )
    # The fixed parts are drawn in the board's frame, turned as a whole; what
    # moves or must read upright (checkers, numbers, dice, cube) is placed in
    # the SVG's own coordinates, where the page's pointer and slides are.
    turn = (f'<g transform="{g.transform}">', "</g>") if g.transform else ("", "")
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="board-svg{mark}"{layout} '
        f'viewBox="{g.view_box}" role="group" aria-label="{escape(label)}">',
        _defs(g),
        turn[0],
        *_frame(view.words, g),
        *_points(frozenset(drawn(p, view.top) for p in view.highlights), view.last, g),
        turn[1],
        *_point_numbers(g, view.top),
        turn[0],
        *_trays(OFF in view.highlights, view.words, g, view.top),
        turn[1],
    ]
    colours = _colours(view.me_colour)
    position = view.position
    mover = Mover.of(view)
    for point in range(1, 25):
        parts.extend(_point_checkers(position, point, colours, mover, g))
    parts.extend(_bar_checkers(position, colours, mover, g))
    parts.extend(_borne_off(position, colours, g))
    parts.extend(_landings(view, g))
    if view.cube is not None:
        parts.append(cube_svg(view.cube, view.cube_style, g))
    if view.dice is not None:
        parts.append(dice_svg(view.dice, colours, g))
    parts.extend(_hit_areas(view, g))
    parts.append("</svg>")
    return "".join(parts)


def drawn(place: int, top: bool) -> int:
    """``place`` of the side on roll in the viewer's numbering, where it is drawn:
    the top side's points mirrored, the bar the bar; its tray keeps the name
    :data:`OFF` (it is the upper one).

    >>> drawn(20, True), drawn(20, False), drawn(BAR, True), drawn(OFF, True)
    (5, 20, 25, 0)
    """
    return 25 - place if top and place not in (BAR, OFF) else place


@dataclass(frozen=True, slots=True)
class Mover:
    """The side whose checkers are marked (``"me"``, or ``"opp"`` when the top
    side is on roll) and its places drawn, in the viewer's numbering."""

    side: str
    movable: frozenset[int] = frozenset()
    selected: int | None = None
    lifted: int | None = None

    @classmethod
    def of(cls, view: BoardView) -> Mover:
        """The marks ``view`` asks for, where they are drawn.

        >>> Mover.of(BoardView(Position.start(), movable=frozenset({24, 13}), top=True))
        Mover(side='opp', movable=frozenset({1, 12}), selected=None, lifted=None)
        """
        top = view.top
        return cls(
            "opp" if top else "me",
            frozenset(drawn(p, top) for p in view.movable),
            None if view.selected is None else drawn(view.selected, top),
            None if view.lifted is None else drawn(view.lifted, top),
        )


def _colours(me_colour: str) -> dict[str, str]:
    other = "dark" if me_colour == "light" else "light"
    return {"me": me_colour, "opp": other}


def _aria_label(position: Position) -> str:
    mine, theirs = position.pips()
    return say.board_label(mine, theirs)


def _is_bottom(point: int) -> bool:
    return point <= 12


def _stop(offset: str, var: str, fallback: str) -> str:
    return f'<stop offset="{offset}" style="stop-color:var(--{var},{fallback})"/>'


def _linear(name: str, stops: tuple[tuple[str, str, str], ...], vertical: bool = True) -> str:
    x2, y2 = ("0", "1") if vertical else ("1", "0")
    inner = "".join(_stop(*s) for s in stops)
    return f'<linearGradient id="{name}" x1="0" y1="0" x2="{x2}" y2="{y2}">{inner}</linearGradient>'


def _radial(name: str, stops: tuple[tuple[str, str, str], ...], cx: str = "0.5") -> str:
    inner = "".join(_stop(*s) for s in stops)
    cy = "0.32" if cx != "0.5" else "0.5"
    r = "0.75" if cx != "0.5" else "0.8"
    return f'<radialGradient id="{name}" cx="{cx}" cy="{cy}" r="{r}">{inner}</radialGradient>'


def _defs(g: Geometry = LANDSCAPE) -> str:
    point_stops = {
        "light": (("0", "pt-light-a", "#efe2c4"), ("1", "pt-light-b", "#d2bf95")),
        "dark": (("0", "pt-dark-a", "#b23a2e"), ("1", "pt-dark-b", "#7e2119")),
    }
    parts = [
        "<defs>",
        _linear(
            "bg-wood",
            (("0", "wood-a", "#7a4a26"), ("0.5", "wood-b", "#5e3519"), ("1", "wood-c", "#4a2811")),
        ),
        _linear(
            "bg-bar",
            (("0", "wood-c", "#4a2811"), ("0.5", "bar-mid", "#6d4020"), ("1", "wood-c", "#4a2811")),
            vertical=False,
        ),
        # Felt: darker towards the rails.
        _radial("bg-felt", (("0", "felt-a", "#2f7a50"), ("1", "felt-b", "#1b4d33"))),
        _radial("bg-tray", (("0", "tray-a", "#25603f"), ("1", "tray-b", "#143a26"))),
    ]
    # Points: a little darker at the tip, as if the felt were inlaid.
    for shade, stops in point_stops.items():
        up = "".join(_stop(*s) for s in stops)
        parts.append(f'<linearGradient id="bg-pt-{shade}-up" x1="0" y1="1" x2="0" y2="0">{up}')
        parts.append("</linearGradient>")
        parts.append(f'<linearGradient id="bg-pt-{shade}-down" x1="0" y1="0" x2="0" y2="1">{up}')
        parts.append("</linearGradient>")
    # Checkers: lit from the top left, with a turned inner ring.
    parts += [
        _radial(
            "bg-chk-light",
            (
                ("0", "chk-light-a", "#fffdf6"),
                ("0.55", "chk-light-b", "#ece1c8"),
                ("1", "chk-light-c", "#b9a57f"),
            ),
            cx="0.38",
        ),
        _radial(
            "bg-chk-dark",
            (
                ("0", "chk-dark-a", "#6b625c"),
                ("0.55", "chk-dark-b", "#2e2926"),
                ("1", "chk-dark-c", "#0d0b0a"),
            ),
            cx="0.38",
        ),
        # A borne-off checker seen edge-on, lit from above (from the left when
        # the board is turned and the slabs stand upright).
        _linear(
            "bg-slab-light",
            (("0", "chk-light-a", "#fbf6ea"), ("1", "chk-light-c", "#c4b18b")),
            vertical=not g.turned,
        ),
        _linear(
            "bg-slab-dark",
            (("0", "chk-dark-a", "#57504b"), ("1", "chk-dark-c", "#121010")),
            vertical=not g.turned,
        ),
        _checker_symbol("light", g.checker_r),
        _checker_symbol("dark", g.checker_r),
        "</defs>",
    ]
    return "".join(parts)


def _checker_symbol(colour: str, radius: int = CHECKER_R) -> str:
    r = radius - 0.5
    edge = f"var(--chk-{colour}-edge,{'#8c7752' if colour == 'light' else '#000'})"
    ring = f"var(--chk-{colour}-ring,{'#7d6a48' if colour == 'light' else '#8a817a'})"
    return (
        f'<g id="bg-checker-{colour}">'
        f'<circle cx="1.5" cy="2.5" r="{num(r)}" fill="#000" opacity="0.35"/>'
        f'<circle r="{num(r)}" fill="url(#bg-chk-{colour})" '
        f'style="stroke:{edge}" stroke-width="1.5"/>'
        f'<circle r="{num(r * 0.68)}" fill="none" style="stroke:{ring}" stroke-width="1.5" '
        'opacity="0.55"/>'
        f'<circle r="{num(r * 0.35)}" fill="none" style="stroke:{ring}" stroke-width="1" '
        'opacity="0.25"/>'
        "</g>"
    )


def _frame(words: Words, g: Geometry = LANDSCAPE) -> Iterator[str]:
    """The wood, the felt and the bar, in the board's frame."""
    yield (
        f'<rect class="frame" width="{g.width}" height="{g.height}" rx="{FRAME_RX}" '
        'fill="url(#bg-wood)"/>'
    )
    # A texture rather than an feTurbulence filter, which browsers rasterise
    # on the CPU at every paint (see scripts/grain.py).
    yield (
        f'<image class="grain" href="{GRAIN_URL}" width="{g.width}" height="{g.height}" '
        'preserveAspectRatio="none" pointer-events="none" aria-hidden="true"/>'
    )
    for x in (g.left_x, g.right_x):
        yield (
            f'<rect class="field" x="{x}" y="{g.top}" width="{g.half_w}" height="{g.field_h}" '
            'fill="url(#bg-felt)" style="stroke:var(--rim,#2b160a)" stroke-width="3"/>'
        )
    yield (
        f'<rect class="bar" data-point="{BAR}" x="{g.bar_x}" y="{g.top - 6}" width="{g.bar_w}" '
        f'height="{g.field_h + 12}" fill="url(#bg-bar)" style="stroke:var(--rim,#2b160a)" '
        'stroke-width="2"/>'
    )
    # A hinge line down the middle of the bar, as on a folding board.
    centre = g.bar_x + g.bar_w / 2
    yield (
        f'<line x1="{num(centre)}" y1="{g.top}" x2="{num(centre)}" y2="{g.bottom}" '
        'style="stroke:var(--rim,#2b160a)" stroke-width="2" opacity="0.6"/>'
    )
    if words.bar_label:
        # Along the bar, each facing a player; across a turned board both read
        # left to right.
        quarter = g.field_h / 4
        upper, lower = (-90, -90) if g.turned else (-90, 90)
        for y, angle in ((g.top + quarter, upper), (g.bottom - quarter, lower)):
            yield (
                f'<text class="bar-label" x="{num(centre)}" y="{num(y)}" '
                f'transform="{g.upright(centre)}rotate({angle} {num(centre)} {num(y)})" '
                'text-anchor="middle" '
                'dominant-baseline="middle" font-family="system-ui, sans-serif" font-size="20" '
                'font-weight="800" letter-spacing="6">'
                f"{escape(words.bar_label)}</text>"
            )


def _points(
    highlights: frozenset[int], last: frozenset[int] = frozenset(), g: Geometry = LANDSCAPE
) -> Iterator[str]:
    """The triangles, in the board's frame."""
    for point in range(1, 25):
        bottom = _is_bottom(point)
        column = 12 - point if bottom else point - 13
        dark = (column % 2 == 0) == bottom
        cx = g.point_centre_x(point)
        base_y = g.bottom if bottom else g.top
        tip_y = g.bottom - g.point_h if bottom else g.top + g.point_h
        half = g.point_w / 2 - 2
        shade = ("dark" if dark else "light") + ("-up" if bottom else "-down")
        corners = f"{num(cx - half)},{base_y} {num(cx + half)},{base_y} {num(cx)},{tip_y}"
        yield (
            f'<polygon class="point" data-point="{point}" points="{corners}" '
            f'fill="url(#bg-pt-{shade})" stroke="#00000033" stroke-width="1"/>'
        )
        if point in highlights:
            yield f'<polygon class="point highlight" data-point="{point}" points="{corners}"/>'
        elif point in last:
            yield f'<polygon class="point last" data-point="{point}" points="{corners}"/>'


def _point_numbers(g: Geometry = LANDSCAPE, top: bool = False) -> Iterator[str]:
    """The numbers on the rails, upright whichever way the board lies, in the
    numbering of the side on roll (the top side's with ``top``): the plays a
    player reads beside the board (hints, the move list, typed plays) are
    written in that side's numbering, as GNU Backgammon and XG number them."""
    yield '<g class="point-numbers" font-family="system-ui, sans-serif" '
    yield f'font-size="{g.number_size}" font-weight="600" text-anchor="middle">'
    for point in range(1, 25):
        x, y = g.number_xy(point)
        yield f'<text x="{num(x)}" y="{num(y)}">{drawn(point, top)}</text>'
    yield "</g>"


def _trays(
    highlight: bool, words: Words, g: Geometry = LANDSCAPE, top: bool = False
) -> Iterator[str]:
    """The bear-off trays, in the board's frame: the opponent's, then mine;
    ``highlight`` marks the tray of the side on roll (the upper one with ``top``)."""
    for side, y in (("opp", g.top), ("me", g.mid_y + 6)):
        yield (
            f'<rect class="tray" data-side="{side}" data-point="{OFF}" x="{g.tray_x}" '
            f'y="{num(y)}" width="{g.tray_w}" height="{g.tray_h}" rx="6" '
            'fill="url(#bg-tray)" style="stroke:var(--rim,#2b160a)" stroke-width="3"/>'
        )
        if words.off_label:
            cx, cy = g.tray_x + g.tray_w / 2, y + g.tray_h / 2
            angle = -90 if g.turned else 90  # along the tray, upright on the screen
            yield (
                f'<text class="tray-label" x="{num(cx)}" y="{num(cy)}" '
                f'transform="{g.upright(cx)}rotate({angle} {num(cx)} {num(cy)})" '
                'text-anchor="middle" '
                'dominant-baseline="middle" font-family="system-ui, sans-serif" font-size="22" '
                f'font-weight="800" letter-spacing="8">{escape(words.off_label)}</text>'
            )
    if highlight:
        y = g.top if top else g.mid_y + 6
        yield (
            f'<rect class="tray highlight" data-point="{OFF}" x="{g.tray_x}" y="{num(y)}" '
            f'width="{g.tray_w}" height="{g.tray_h}" rx="6"/>'
        )


def _checker(side: str, colour: str, place: int, index: int, xy: tuple[float, float],
             extra: str = "") -> str:  # fmt: skip
    cx, cy = xy
    return (
        f'<use class="checker {side} {colour}{extra}" data-side="{side}" data-point="{place}" '
        f'data-index="{index}" href="#bg-checker-{colour}" x="{num(cx)}" y="{num(cy)}"/>'
    )


def _count_label(colour: str, count: int, xy: tuple[float, float]) -> str:
    cx, cy = xy
    return (
        f'<text class="count {colour}" x="{num(cx)}" y="{num(cy + 7)}" text-anchor="middle" '
        f'font-family="system-ui, sans-serif" font-size="20" font-weight="700">{count}</text>'
    )


def _stack(
    side: str,
    colour: str,
    place: int,
    count: int,
    lifted: bool,
    selected: bool = False,
    movable: bool = False,
    g: Geometry = LANDSCAPE,
) -> Iterator[str]:
    """A stack of checkers; in a ``movable`` stack each checker is marked
    ``movable`` (the grab cursor) and the one that moves next also ``top``."""
    length = g.bar_stack_len if place == BAR else g.stack_len
    shown = len(g.stack_offsets(count, length))
    top = " lifted" if lifted else (" selected" if selected else "")
    if movable:
        top = " movable top" + top
    for index in range(count):
        extra = top if index == count - 1 else (" movable" if movable else "")
        xy = g.checker_xy(side, place, index, count)
        yield _checker(side, colour, place, index, xy, extra)
    if shown and count > length // g.checker_d:
        yield _count_label(colour, count, g.checker_xy(side, place, count - 1, count))


def _point_checkers(
    position: Position,
    point: int,
    colours: dict[str, str],
    mover: Mover = Mover("me"),
    g: Geometry = LANDSCAPE,
) -> Iterator[str]:
    mine = position.me[point]
    theirs = position.opp[25 - point]
    side, count = ("me", mine) if mine else ("opp", theirs)
    if count:
        yield from _stack(side, colours[side], point, count, *_marks(mover, side, point), g)


def _marks(mover: Mover, side: str, place: int) -> tuple[bool, bool, bool]:
    """Whether ``side``'s stack on ``place`` (drawn) is lifted, selected, movable."""
    if side != mover.side:
        return False, False, False
    return mover.lifted == place, mover.selected == place, place in mover.movable


def _bar_checkers(
    position: Position,
    colours: dict[str, str],
    mover: Mover = Mover("me"),
    g: Geometry = LANDSCAPE,
) -> Iterator[str]:
    for side, count in (("me", position.bar), ("opp", position.opp_bar)):
        yield from _stack(side, colours[side], BAR, count, *_marks(mover, side, BAR), g)


def _borne_off(
    position: Position, colours: dict[str, str], g: Geometry = LANDSCAPE
) -> Iterator[str]:
    """Borne-off checkers, edge-on in the trays: drawn in the SVG's coordinates
    (they slide there), lying across the tray however the board lies."""
    for side, count in (("me", position.off), ("opp", position.opp_off)):
        colour = colours[side]
        for k in range(count):
            cx, cy = g.checker_xy(side, OFF, k, count)
            _, _, width, height = g.rect_to_svg((0, 0, g.tray_w - 2 * TRAY_PAD, SLAB_H))
            yield (
                f'<rect class="checker {side} {colour} borne-off" data-side="{side}" '
                f'data-point="{OFF}" data-index="{k}" x="{num(cx - width / 2)}" '
                f'y="{num(cy - height / 2)}" width="{num(width)}" height="{num(height)}" rx="4" '
                f'fill="url(#bg-slab-{colour})" style="stroke:var(--chk-{colour}-edge,#000)" '
                'stroke-width="1"/>'
            )


def _landings(view: BoardView, g: Geometry = LANDSCAPE) -> Iterator[str]:
    """A ring where a checker would land on each highlighted point."""
    position = view.position
    for place in sorted(view.highlights):
        if place in (OFF, BAR):
            continue
        count = (position.opp[place] if view.top else position.me[place]) + 1
        index = min(count - 1, 5)
        at = drawn(place, view.top)
        cx, cy = g.checker_xy("me", at, index, max(count, 1) if count <= 6 else 6)
        yield (
            f'<circle class="landing" data-point="{place}" cx="{num(cx)}" cy="{num(cy)}" '
            f'r="{g.checker_r - 3}"/>'
        )


def _place_name(place: int, words: Words) -> str:
    if place == BAR:
        return words.bar.capitalize()
    if place == OFF:
        return words.off.capitalize()
    return say.point_name(place)


def _place_label(view: BoardView, place: int) -> str:
    """What a screen reader says of ``place`` (the side on roll's numbering, as
    its name is); the counts are the viewer's and the other side's."""
    pos = view.position
    at = drawn(place, view.top)
    if place == BAR:
        mine, theirs = pos.bar, pos.opp_bar
    elif place == OFF:
        mine, theirs = (0, pos.opp_off) if view.top else (pos.off, 0)
    else:
        mine, theirs = pos.me[at], pos.opp[25 - at]
    if place == view.selected:
        state = "selected"
    elif place in view.highlights:
        state = "target"
    elif place in view.movable:
        state = "movable"
    else:
        state = ""
    counts = ((view.words.me, mine), (view.words.opp, theirs))
    return say.place_label(_place_name(place, view.words), counts, state)


def _hit_areas(view: BoardView, g: Geometry = LANDSCAPE) -> Iterator[str]:
    """Invisible, focusable targets for the keyboard and screen readers.

    Only places that can be acted on are in the tab order, highest first,
    as a player reads the board from their outfield towards home; each is
    named in the numbering of the side on roll, which the page acts in.
    """
    active = sorted(view.movable | view.highlights | _selected(view), reverse=True)
    yield '<g class="hits">'
    for place in active:
        x, y, w, h = g.place_rect(place, view.top)
        state = (
            "selected"
            if place == view.selected
            else ("target" if place in view.highlights else "movable")
        )
        yield (
            f'<rect class="hit {state}" data-point="{place}" x="{num(x)}" y="{num(y)}" '
            f'width="{num(w)}" height="{num(h)}" tabindex="0" role="button" '
            f'aria-label="{escape(_place_label(view, place))}"/>'
        )
    yield "</g>"


def _selected(view: BoardView) -> frozenset[int]:
    return frozenset() if view.selected is None else frozenset({view.selected})
