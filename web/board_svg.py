"""Draw a backgammon board as an SVG string.

:func:`render_board` is a pure function of a :class:`BoardView`: it knows no
rules, only how to draw what it is given (the controller asks the engine
which checkers may move and where), so it runs and is tested under CPython.

The board is drawn from the viewer's side, the player at the bottom: "my"
home board is bottom right, my points 1..12 run right to left along the
bottom and 13..24 left to right along the top.  Both bear-off trays sit on
the right: the opponent's on top, mine below.  Which colour "my" checkers
are is part of the view, so a pass-and-play board can turn to either player.

Elements carry ``data-*`` attributes in my numbering (``data-point``: 1..24,
25 = bar, 0 = borne off; ``data-side``: ``me``/``opp``; ``data-index``: the
checker's place in its stack, 0 at the rim) so that the page can find what
was touched and animate it without knowing the geometry.  Colours come from
CSS custom properties (with the classic colours as fallbacks), so themes are
pure CSS.

>>> from engine import Position
from web.actions import Act
>>> svg = render_board(BoardView(Position.start()))
>>> svg.startswith('<svg') and svg.endswith('</svg>')
True
>>> svg.count('class="checker ')
30
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from html import escape

from engine import Position
from web.actions import Act

# Geometry in viewBox units; the page scales the whole drawing.
RAIL = 24  # side rails
BAND = 34  # top and bottom rails, which carry the point numbers
POINT_W = 60
POINT_H = 250
CHECKER_R = 27
CHECKER_D = 2 * CHECKER_R
BAR_W = 68
TRAY_W = 76
HALF_W = 6 * POINT_W
FIELD_H = 600

LEFT_X = RAIL
BAR_X = LEFT_X + HALF_W
RIGHT_X = BAR_X + BAR_W
RIGHT_END = RIGHT_X + HALF_W
TRAY_X = RIGHT_END + RAIL
WIDTH = TRAY_X + TRAY_W + RAIL
TOP = BAND
BOTTOM = TOP + FIELD_H
MID_Y = (TOP + BOTTOM) // 2
HEIGHT = BOTTOM + BAND
FRAME_RX = 14  # the board's rounded corners (public/style.css rounds its shadow to match)

# The wood grain, pre-rendered by scripts/grain.py (a URL relative to the page).
GRAIN_URL = "./grain.webp"

# Five checkers fit a point at full spacing; more are squeezed into that length.
STACK_LEN = 5 * CHECKER_D
# The bar keeps its middle free for the cube and its ends for an owned cube.
BAR_GAP = 30
BAR_STACK_LEN = 4 * CHECKER_D - 6
SLAB_H = 15  # a borne-off checker seen edge-on
SLAB_GAP = 1
TRAY_PAD = 7
TRAY_H = FIELD_H // 2 - 6

CUBE = 50
DIE = 48
DIE_GAP = 12

BAR = 25
OFF = 0
SIDES = ("me", "opp")
COLOURS = ("light", "dark")


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
    offer by ``offered_by`` (the cube then shows the value offered)."""

    value: int = 1
    owner: str | None = None
    offered_by: str | None = None


@dataclass(frozen=True, slots=True)
class Words:
    """What the board calls things, so a theme can rename them."""

    bar: str = "bar"
    off: str = "off"
    me: str = "your"
    opp: str = "opponent's"
    bar_label: str = ""  # written on the bar, if anything
    off_label: str = ""  # written on the trays


@dataclass(frozen=True, slots=True)
class BoardView:
    """Everything the board shows.  ``position`` is seen from the viewer.

    ``movable`` are places a checker may be picked up from, ``highlights``
    the places the picked-up (``selected``) checker may go; ``lifted`` is a
    place whose top checker is being dragged and is drawn as a ghost.
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


# -- geometry ------------------------------------------------------------------


def point_centre_x(point: int) -> float:
    """Centre x of my point ``point`` (1..24).

    >>> point_centre_x(12) < point_centre_x(1)
    True
    >>> point_centre_x(13) == point_centre_x(12)
    True
    """
    column = 12 - point if point <= 12 else point - 13
    left = LEFT_X + column * POINT_W if column < 6 else RIGHT_X + (column - 6) * POINT_W
    return left + POINT_W / 2


def stack_offsets(count: int, length: int = STACK_LEN) -> list[float]:
    """Distances of each checker's centre from the first one's in a stack.

    >>> stack_offsets(3)
    [0.0, 54.0, 108.0]
    >>> stack_offsets(15)[-1] == STACK_LEN - CHECKER_D
    True
    """
    if count <= 0:
        return []
    step = float(CHECKER_D)
    if count * CHECKER_D > length:
        step = (length - CHECKER_D) / (count - 1)
    return [k * step for k in range(count)]


def checker_xy(side: str, place: int, index: int, count: int) -> tuple[float, float]:
    """Centre of the ``index``-th checker (0 at the rim) of a stack of ``count``
    that ``side`` has on ``place`` (my numbering; 25 bar, 0 borne off).

    >>> checker_xy("me", 6, 0, 5) == (point_centre_x(6), BOTTOM - CHECKER_R)
    True
    """
    if place == OFF:
        x = TRAY_X + TRAY_W / 2
        if side == "me":
            return x, BOTTOM - TRAY_PAD - (index + 1) * SLAB_H - index * SLAB_GAP + SLAB_H / 2
        return x, TOP + TRAY_PAD + index * (SLAB_H + SLAB_GAP) + SLAB_H / 2
    offsets = stack_offsets(count, BAR_STACK_LEN if place == BAR else STACK_LEN)
    offset = offsets[min(index, len(offsets) - 1)] if offsets else 0.0
    if place == BAR:
        x = BAR_X + BAR_W / 2
        # Each side's hit checkers wait in the half of the bar facing the
        # home board they must enter.
        if side == "me":
            return x, MID_Y - BAR_GAP - CHECKER_R - offset
        return x, MID_Y + BAR_GAP + CHECKER_R + offset
    x = point_centre_x(place)
    if place <= 12:
        return x, BOTTOM - CHECKER_R - offset
    return x, TOP + CHECKER_R + offset


def place_at(x: float, y: float) -> int | None:
    """The place (my numbering) under viewBox point ``(x, y)``, or ``None``.

    A whole half-column counts as its point, so a drop need not hit the
    triangle itself; only my own tray (the lower one) is a place.

    >>> place_at(point_centre_x(8), BOTTOM - 5), place_at(point_centre_x(20), TOP + 290)
    (8, 20)
    >>> place_at(BAR_X + 5, MID_Y), place_at(TRAY_X + 5, BOTTOM - 5), place_at(TRAY_X + 5, TOP)
    (25, 0, None)
    """
    if not 0 <= y <= HEIGHT:
        return None
    lower = y >= MID_Y
    if TRAY_X - RAIL / 2 <= x <= WIDTH:
        return OFF if lower else None
    if BAR_X <= x < RIGHT_X:
        return BAR
    if LEFT_X - RAIL <= x < BAR_X:
        column = int((x - LEFT_X) // POINT_W)
    elif RIGHT_X <= x < RIGHT_END + RAIL / 2:
        column = 6 + int((x - RIGHT_X) // POINT_W)
    else:
        return None
    column = min(max(column, 0), 11)
    return 12 - column if lower else 13 + column


# -- drawing ---------------------------------------------------------------------


def render_board(view: BoardView | Position, *, highlights: frozenset[int] = frozenset()) -> str:
    """The whole board as one ``<svg>`` element.

    A bare :class:`Position` draws it with nothing else on it (the page's
    first paint).

    >>> 'class="point highlight"' in render_board(BoardView(Position.start(),
    ...                                                     highlights=frozenset({5})))
    True
    """
    if isinstance(view, Position):
        view = BoardView(view, highlights=highlights)
    label = view.label or _aria_label(view.position)
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="board-svg" '
        f'viewBox="0 0 {WIDTH} {HEIGHT}" role="group" aria-label="{escape(label)}">',
        _defs(),
        *_frame(view.words),
        *_points(view.highlights, view.last),
        *_point_numbers(),
        *_trays(view.highlights, view.words),
    ]
    colours = _colours(view.me_colour)
    position = view.position
    for point in range(1, 25):
        parts.extend(_point_checkers(position, point, colours, view.lifted, view.selected))
    parts.extend(_bar_checkers(position, colours, view.lifted, view.selected))
    parts.extend(_borne_off(position, colours))
    parts.extend(_landings(view))
    if view.cube is not None:
        parts.append(_cube(view.cube, view.cube_style))
    if view.dice is not None:
        parts.append(_dice(view.dice, colours))
    parts.extend(_hit_areas(view))
    parts.append("</svg>")
    return "".join(parts)


def _colours(me_colour: str) -> dict[str, str]:
    other = "dark" if me_colour == "light" else "light"
    return {"me": me_colour, "opp": other}


def _aria_label(position: Position) -> str:
    mine, theirs = position.pips()
    return f"Backgammon board. Pip count: you {mine}, opponent {theirs}."


def _num(value: float) -> str:
    """Compact, stable number formatting for attributes."""
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


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


def _defs() -> str:
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
        _linear(
            "bg-slab-light", (("0", "chk-light-a", "#fbf6ea"), ("1", "chk-light-c", "#c4b18b"))
        ),
        _linear("bg-slab-dark", (("0", "chk-dark-a", "#57504b"), ("1", "chk-dark-c", "#121010"))),
        _checker_symbol("light"),
        _checker_symbol("dark"),
        "</defs>",
    ]
    return "".join(parts)


def _checker_symbol(colour: str) -> str:
    r = CHECKER_R - 0.5
    edge = f"var(--chk-{colour}-edge,{'#8c7752' if colour == 'light' else '#000'})"
    ring = f"var(--chk-{colour}-ring,{'#7d6a48' if colour == 'light' else '#8a817a'})"
    return (
        f'<g id="bg-checker-{colour}">'
        f'<circle cx="1.5" cy="2.5" r="{_num(r)}" fill="#000" opacity="0.35"/>'
        f'<circle r="{_num(r)}" fill="url(#bg-chk-{colour})" '
        f'style="stroke:{edge}" stroke-width="1.5"/>'
        f'<circle r="{_num(r * 0.68)}" fill="none" style="stroke:{ring}" stroke-width="1.5" '
        'opacity="0.55"/>'
        f'<circle r="{_num(r * 0.35)}" fill="none" style="stroke:{ring}" stroke-width="1" '
        'opacity="0.25"/>'
        "</g>"
    )


def _frame(words: Words) -> Iterator[str]:
    yield (
        f'<rect class="frame" width="{WIDTH}" height="{HEIGHT}" rx="{FRAME_RX}" '
        'fill="url(#bg-wood)"/>'
    )
    # A texture rather than an feTurbulence filter, which browsers rasterise
    # on the CPU at every paint (see scripts/grain.py).
    yield (
        f'<image class="grain" href="{GRAIN_URL}" width="{WIDTH}" height="{HEIGHT}" '
        'preserveAspectRatio="none" pointer-events="none" aria-hidden="true"/>'
    )
    for x in (LEFT_X, RIGHT_X):
        yield (
            f'<rect class="field" x="{x}" y="{TOP}" width="{HALF_W}" height="{FIELD_H}" '
            'fill="url(#bg-felt)" style="stroke:var(--rim,#2b160a)" stroke-width="3"/>'
        )
    yield (
        f'<rect class="bar" data-point="{BAR}" x="{BAR_X}" y="{TOP - 6}" width="{BAR_W}" '
        f'height="{FIELD_H + 12}" fill="url(#bg-bar)" style="stroke:var(--rim,#2b160a)" '
        'stroke-width="2"/>'
    )
    # A hinge line down the middle of the bar, as on a folding board.
    centre = BAR_X + BAR_W / 2
    yield (
        f'<line x1="{_num(centre)}" y1="{TOP}" x2="{_num(centre)}" y2="{BOTTOM}" '
        'style="stroke:var(--rim,#2b160a)" stroke-width="2" opacity="0.6"/>'
    )
    if words.bar_label:
        for y, angle in ((TOP + FIELD_H / 4, -90), (BOTTOM - FIELD_H / 4, 90)):
            yield (
                f'<text class="bar-label" x="{_num(centre)}" y="{_num(y)}" '
                f'transform="rotate({angle} {_num(centre)} {_num(y)})" text-anchor="middle" '
                'dominant-baseline="middle" font-family="system-ui, sans-serif" font-size="20" '
                'font-weight="800" letter-spacing="6">'
                f"{escape(words.bar_label)}</text>"
            )


def _points(highlights: frozenset[int], last: frozenset[int] = frozenset()) -> Iterator[str]:
    for point in range(1, 25):
        bottom = _is_bottom(point)
        column = 12 - point if bottom else point - 13
        dark = (column % 2 == 0) == bottom
        cx = point_centre_x(point)
        base_y = BOTTOM if bottom else TOP
        tip_y = BOTTOM - POINT_H if bottom else TOP + POINT_H
        half = POINT_W / 2 - 2
        shade = ("dark" if dark else "light") + ("-up" if bottom else "-down")
        corners = f"{_num(cx - half)},{base_y} {_num(cx + half)},{base_y} {_num(cx)},{tip_y}"
        yield (
            f'<polygon class="point" data-point="{point}" points="{corners}" '
            f'fill="url(#bg-pt-{shade})" stroke="#00000033" stroke-width="1"/>'
        )
        if point in highlights:
            yield f'<polygon class="point highlight" data-point="{point}" points="{corners}"/>'
        elif point in last:
            yield f'<polygon class="point last" data-point="{point}" points="{corners}"/>'


def _point_numbers() -> Iterator[str]:
    yield '<g class="point-numbers" font-family="system-ui, sans-serif" font-size="17" '
    yield 'font-weight="600" text-anchor="middle">'
    for point in range(1, 25):
        y = BOTTOM + BAND / 2 + 6 if _is_bottom(point) else TOP - BAND / 2 + 6
        yield f'<text x="{_num(point_centre_x(point))}" y="{_num(y)}">{point}</text>'
    yield "</g>"


def _trays(highlights: frozenset[int], words: Words) -> Iterator[str]:
    for side, y in (("opp", TOP), ("me", MID_Y + 6)):
        yield (
            f'<rect class="tray" data-side="{side}" data-point="{OFF}" x="{TRAY_X}" '
            f'y="{_num(y)}" width="{TRAY_W}" height="{TRAY_H}" rx="6" '
            'fill="url(#bg-tray)" style="stroke:var(--rim,#2b160a)" stroke-width="3"/>'
        )
        if words.off_label:
            cx, cy = TRAY_X + TRAY_W / 2, y + TRAY_H / 2
            yield (
                f'<text class="tray-label" x="{_num(cx)}" y="{_num(cy)}" '
                f'transform="rotate(90 {_num(cx)} {_num(cy)})" text-anchor="middle" '
                'dominant-baseline="middle" font-family="system-ui, sans-serif" font-size="22" '
                f'font-weight="800" letter-spacing="8">{escape(words.off_label)}</text>'
            )
    if OFF in highlights:
        yield (
            f'<rect class="tray highlight" data-point="{OFF}" x="{TRAY_X}" y="{MID_Y + 6}" '
            f'width="{TRAY_W}" height="{TRAY_H}" rx="6"/>'
        )


def _checker(side: str, colour: str, place: int, index: int, xy: tuple[float, float],
             extra: str = "") -> str:  # fmt: skip
    cx, cy = xy
    return (
        f'<use class="checker {side} {colour}{extra}" data-side="{side}" data-point="{place}" '
        f'data-index="{index}" href="#bg-checker-{colour}" x="{_num(cx)}" y="{_num(cy)}"/>'
    )


def _count_label(colour: str, count: int, xy: tuple[float, float]) -> str:
    cx, cy = xy
    return (
        f'<text class="count {colour}" x="{_num(cx)}" y="{_num(cy + 7)}" text-anchor="middle" '
        f'font-family="system-ui, sans-serif" font-size="20" font-weight="700">{count}</text>'
    )


def _stack(
    side: str, colour: str, place: int, count: int, lifted: bool, selected: bool = False
) -> Iterator[str]:
    shown = len(stack_offsets(count, BAR_STACK_LEN if place == BAR else STACK_LEN))
    top = " lifted" if lifted else (" selected" if selected else "")
    for index in range(count):
        extra = top if index == count - 1 else ""
        yield _checker(side, colour, place, index, checker_xy(side, place, index, count), extra)
    length = BAR_STACK_LEN if place == BAR else STACK_LEN
    if shown and count > length // CHECKER_D:
        yield _count_label(colour, count, checker_xy(side, place, count - 1, count))


def _point_checkers(
    position: Position,
    point: int,
    colours: dict[str, str],
    lifted: int | None,
    selected: int | None,
) -> Iterator[str]:
    mine = position.me[point]
    theirs = position.opp[25 - point]
    side, count = ("me", mine) if mine else ("opp", theirs)
    if count:
        me = side == "me"
        yield from _stack(
            side, colours[side], point, count, me and lifted == point, me and selected == point
        )


def _bar_checkers(
    position: Position, colours: dict[str, str], lifted: int | None, selected: int | None
) -> Iterator[str]:
    yield from _stack("me", colours["me"], BAR, position.bar, lifted == BAR, selected == BAR)
    yield from _stack("opp", colours["opp"], BAR, position.opp_bar, False)


def _borne_off(position: Position, colours: dict[str, str]) -> Iterator[str]:
    width = TRAY_W - 2 * TRAY_PAD
    for side, count in (("me", position.off), ("opp", position.opp_off)):
        colour = colours[side]
        for k in range(count):
            cx, cy = checker_xy(side, OFF, k, count)
            yield (
                f'<rect class="checker {side} {colour} borne-off" data-side="{side}" '
                f'data-point="{OFF}" data-index="{k}" x="{_num(cx - width / 2)}" '
                f'y="{_num(cy - SLAB_H / 2)}" width="{_num(width)}" height="{SLAB_H}" rx="4" '
                f'fill="url(#bg-slab-{colour})" style="stroke:var(--chk-{colour}-edge,#000)" '
                'stroke-width="1"/>'
            )


def _landings(view: BoardView) -> Iterator[str]:
    """A ring where a checker would land on each highlighted point."""
    position = view.position
    for place in sorted(view.highlights):
        if place in (OFF, BAR):
            continue
        count = position.me[place] + 1
        index = min(count - 1, 5)
        cx, cy = checker_xy("me", place, index, max(count, 1) if count <= 6 else 6)
        yield (
            f'<circle class="landing" data-point="{place}" cx="{_num(cx)}" cy="{_num(cy)}" '
            f'r="{CHECKER_R - 3}"/>'
        )


def cube_xy(cube: CubeView) -> tuple[float, float]:
    """Centre of the cube: mid-bar when centred, at its owner's end when owned,
    and in the offerer's half of the board while a double waits for an answer."""
    if cube.offered_by is not None:
        x = RIGHT_X + HALF_W / 2 if cube.offered_by == "me" else LEFT_X + HALF_W / 2
        return x, MID_Y
    x = BAR_X + BAR_W / 2
    if cube.owner == "me":
        return x, BOTTOM - CUBE / 2 - 4
    if cube.owner == "opp":
        return x, TOP + CUBE / 2 + 4
    return x, MID_Y


def _cube(cube: CubeView, style: str) -> str:
    cx, cy = cube_xy(cube)
    # A centred cube shows 64, as on a real board, until someone turns it.
    face = (
        "64"
        if cube.value == 1 and cube.owner is None and cube.offered_by is None
        else str(cube.value)
    )
    cls = "cube offered" if cube.offered_by is not None else "cube"
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
            f'<g class="{cls} dial" transform="translate({_num(cx)} {_num(cy)})" '
            f'data-value="{cube.value}">'
            f'<circle r="{half}" class="dial-body"/>{ticks}'
            f'<line x1="0" y1="0" x2="0" y2="{-half + 8}" transform="rotate({angle})" '
            'class="dial-pointer"/>'
            f'<text y="7" text-anchor="middle" font-family="system-ui, sans-serif" '
            f'font-size="20" font-weight="800" class="cube-face">{face}</text></g>'
        )
    return (
        f'<g class="{cls}" transform="translate({_num(cx)} {_num(cy)})" data-value="{cube.value}">'
        f'<rect x="{-half}" y="{-half}" width="{CUBE}" height="{CUBE}" rx="8" class="cube-body"/>'
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
        f'<circle cx="{_num(cx + dx * 12)}" cy="{_num(cy + dy * 12)}" r="5" class="spot"/>'
        for dx, dy in _PIPS[value - 1]
    )
    cls = f"die {colour}" + (" used" if used else "")
    return (
        f'<g class="{cls}" data-value="{value}" data-index="{index}">'
        f'<rect x="{_num(cx - half)}" y="{_num(cy - half)}" width="{DIE}" height="{DIE}" rx="9" '
        f'class="die-body"/>{spots}</g>'
    )


def _dice(dice: DiceView, colours: dict[str, str]) -> str:
    if dice.opening:
        mine, theirs = dice.values
        parts = [
            _die(mine, colours["me"], RIGHT_X + HALF_W / 2, MID_Y, False, 0),
            _die(theirs, colours["opp"], LEFT_X + HALF_W / 2, MID_Y, False, 1),
        ]
        return '<g class="dice opening">' + "".join(parts) + "</g>"
    n = len(dice.values)
    gap = DIE_GAP if n <= 2 else 8
    total = n * DIE + (n - 1) * gap
    centre = RIGHT_X + HALF_W / 2 if dice.side == "me" else LEFT_X + HALF_W / 2
    x0 = centre - total / 2 + DIE / 2
    used = dice.used or (False,) * n
    owners = dice.owners or (dice.side,) * n
    parts = [
        _die(v, colours[owners[k]], x0 + k * (DIE + gap), MID_Y, used[k], k)
        for k, v in enumerate(dice.values)
    ]
    attrs = ""
    if dice.swappable:
        shown = " and ".join(str(v) for v in dice.values)
        attrs = (
            f' data-action="{Act.SWAP_DICE}" role="button" tabindex="0" '
            f'aria-label="Dice {shown}: swap which die is used first"'
        )
    return f'<g class="dice {dice.side}"{attrs}>' + "".join(parts) + "</g>"


def _place_name(place: int, words: Words) -> str:
    if place == BAR:
        return words.bar.capitalize()
    if place == OFF:
        return words.off.capitalize()
    return f"Point {place}"


def _place_label(view: BoardView, place: int) -> str:
    pos = view.position
    if place == BAR:
        mine, theirs = pos.bar, pos.opp_bar
    elif place == OFF:
        mine, theirs = pos.off, 0
    else:
        mine, theirs = pos.me[place], pos.opp[25 - place]
    parts = [_place_name(place, view.words)]
    if mine:
        parts.append(f"{mine} {view.words.me} checker{'s' if mine != 1 else ''}")
    if theirs:
        parts.append(f"{theirs} {view.words.opp} checker{'s' if theirs != 1 else ''}")
    if place == view.selected:
        parts.append("selected")
    elif place in view.highlights:
        parts.append("move here")
    elif place in view.movable:
        parts.append("can move")
    return ", ".join(parts)


def _hit_rect(place: int) -> tuple[float, float, float, float]:
    if place == BAR:
        return BAR_X, TOP, BAR_W, FIELD_H
    if place == OFF:
        return TRAY_X, MID_Y + 6, TRAY_W, TRAY_H
    x = point_centre_x(place) - POINT_W / 2
    return (x, MID_Y, POINT_W, FIELD_H / 2) if place <= 12 else (x, TOP, POINT_W, FIELD_H / 2)


def _hit_areas(view: BoardView) -> Iterator[str]:
    """Invisible, focusable targets for the keyboard and screen readers.

    Only places that can be acted on are in the tab order, highest first,
    as a player reads the board from their outfield towards home.
    """
    active = sorted(view.movable | view.highlights | _selected(view), reverse=True)
    yield '<g class="hits">'
    for place in active:
        x, y, w, h = _hit_rect(place)
        state = (
            "selected"
            if place == view.selected
            else ("target" if place in view.highlights else "movable")
        )
        yield (
            f'<rect class="hit {state}" data-point="{place}" x="{_num(x)}" y="{_num(y)}" '
            f'width="{_num(w)}" height="{_num(h)}" tabindex="0" role="button" '
            f'aria-label="{escape(_place_label(view, place))}"/>'
        )
    yield "</g>"


def _selected(view: BoardView) -> frozenset[int]:
    return frozenset() if view.selected is None else frozenset({view.selected})
