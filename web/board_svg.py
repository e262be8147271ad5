"""Draw a backgammon position as an SVG string.

:func:`render_board` is a pure function of its arguments: it knows no rules,
only how to draw what it is given, so it runs (and is tested) under plain CPython.

The board is drawn from the point of view of the side on roll in the
:class:`~engine.Position`: "my" checkers are the light ones, my home board is
bottom right, my points 1..12 run right to left along the bottom and 13..24 left
to right along the top.  Both bear-off trays sit on the right: the opponent's on
top (their home board is my 19..24), mine below.

Elements carry ``data-*`` attributes in my numbering (``data-point``: 1..24,
25 = bar, 0 = borne off; ``data-side``: ``me``/``opp``) so that the page can
find what was clicked without knowing the geometry.

>>> from engine import Position
>>> svg = render_board(Position.start())
>>> svg.startswith('<svg') and svg.endswith('</svg>')
True
>>> svg.count('class="checker ')
30
"""

from __future__ import annotations

from collections.abc import Collection, Iterator

from engine import Position

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

# Five checkers fit a point at full spacing; more are squeezed into that length.
STACK_LEN = 5 * CHECKER_D
BAR_STACK_LEN = 4 * CHECKER_D
SLAB_H = 15  # a borne-off checker seen edge-on
SLAB_GAP = 1
TRAY_PAD = 7

BAR = 25
OFF = 0


def render_board(position: Position, *, highlights: Collection[int] = ()) -> str:
    """The whole board as one ``<svg>`` element.

    ``highlights`` are places in my numbering (1..24, 0 = my bear-off tray) to
    mark, e.g. where a picked-up checker may go; the caller decides which.

    >>> 'class="point highlight"' in render_board(Position.start(), highlights={5})
    True
    """
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="board-svg" '
        f'viewBox="0 0 {WIDTH} {HEIGHT}" role="img" '
        f'aria-label="{_aria_label(position)}">',
        _defs(),
        *_frame(),
        *_points(highlights),
        *_point_numbers(),
        *_trays(highlights),
    ]
    for point in range(1, 25):
        parts.extend(_point_checkers(position, point))
    parts.extend(_bar_checkers(position))
    parts.extend(_borne_off(position))
    parts.append("</svg>")
    return "".join(parts)


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


def _aria_label(position: Position) -> str:
    mine, theirs = position.pips()
    return f"Backgammon board. Pip count: you {mine}, opponent {theirs}."


def _num(value: float) -> str:
    """Compact, stable number formatting for attributes."""
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def _is_bottom(point: int) -> bool:
    return point <= 12


def _defs() -> str:
    return (
        "<defs>"
        # Wood: a warm gradient with turbulence-stretched grain on top.
        '<linearGradient id="bg-wood" x1="0" y1="0" x2="0" y2="1">'
        '<stop offset="0" stop-color="#7a4a26"/><stop offset="0.5" stop-color="#5e3519"/>'
        '<stop offset="1" stop-color="#4a2811"/></linearGradient>'
        '<linearGradient id="bg-bar" x1="0" y1="0" x2="1" y2="0">'
        '<stop offset="0" stop-color="#4a2811"/><stop offset="0.5" stop-color="#6d4020"/>'
        '<stop offset="1" stop-color="#4a2811"/></linearGradient>'
        '<filter id="bg-grain" x="0" y="0" width="100%" height="100%">'
        '<feTurbulence type="fractalNoise" baseFrequency="0.004 0.09" numOctaves="3" '
        'seed="7" result="noise"/>'
        '<feColorMatrix in="noise" type="matrix" values="0 0 0 0 0.18  0 0 0 0 0.09  '
        '0 0 0 0 0.03  0 0 0 0.55 -0.12"/>'
        '<feComposite in2="SourceGraphic" operator="in"/></filter>'
        # Felt: darker towards the rails.
        '<radialGradient id="bg-felt" cx="0.5" cy="0.5" r="0.75">'
        '<stop offset="0" stop-color="#2f7a50"/><stop offset="1" stop-color="#1b4d33"/>'
        "</radialGradient>"
        '<radialGradient id="bg-tray" cx="0.5" cy="0.5" r="0.8">'
        '<stop offset="0" stop-color="#25603f"/><stop offset="1" stop-color="#143a26"/>'
        "</radialGradient>"
        # Points: a little darker at the tip, as if the felt were inlaid.
        '<linearGradient id="bg-pt-light-up" x1="0" y1="1" x2="0" y2="0">'
        '<stop offset="0" stop-color="#efe2c4"/><stop offset="1" stop-color="#d2bf95"/>'
        "</linearGradient>"
        '<linearGradient id="bg-pt-light-down" x1="0" y1="0" x2="0" y2="1">'
        '<stop offset="0" stop-color="#efe2c4"/><stop offset="1" stop-color="#d2bf95"/>'
        "</linearGradient>"
        '<linearGradient id="bg-pt-dark-up" x1="0" y1="1" x2="0" y2="0">'
        '<stop offset="0" stop-color="#b23a2e"/><stop offset="1" stop-color="#7e2119"/>'
        "</linearGradient>"
        '<linearGradient id="bg-pt-dark-down" x1="0" y1="0" x2="0" y2="1">'
        '<stop offset="0" stop-color="#b23a2e"/><stop offset="1" stop-color="#7e2119"/>'
        "</linearGradient>"
        # Checkers: lit from the top left, with a turned inner ring.
        '<radialGradient id="bg-chk-me" cx="0.38" cy="0.32" r="0.75">'
        '<stop offset="0" stop-color="#fffdf6"/><stop offset="0.55" stop-color="#ece1c8"/>'
        '<stop offset="1" stop-color="#b9a57f"/></radialGradient>'
        '<radialGradient id="bg-chk-opp" cx="0.38" cy="0.32" r="0.75">'
        '<stop offset="0" stop-color="#6b625c"/><stop offset="0.55" stop-color="#2e2926"/>'
        '<stop offset="1" stop-color="#0d0b0a"/></radialGradient>'
        '<linearGradient id="bg-slab-me" x1="0" y1="0" x2="0" y2="1">'
        '<stop offset="0" stop-color="#fbf6ea"/><stop offset="1" stop-color="#c4b18b"/>'
        "</linearGradient>"
        '<linearGradient id="bg-slab-opp" x1="0" y1="0" x2="0" y2="1">'
        '<stop offset="0" stop-color="#57504b"/><stop offset="1" stop-color="#121010"/>'
        "</linearGradient>"
        f"{_checker_symbol('me', '#8c7752', '#7d6a48')}"
        f"{_checker_symbol('opp', '#000000', '#8a817a')}"
        "</defs>"
    )


def _checker_symbol(side: str, edge: str, ring: str) -> str:
    r = CHECKER_R - 0.5
    return (
        f'<g id="bg-checker-{side}">'
        f'<circle cx="1.5" cy="2.5" r="{_num(r)}" fill="#000" opacity="0.35"/>'
        f'<circle r="{_num(r)}" fill="url(#bg-chk-{side})" stroke="{edge}" stroke-width="1.5"/>'
        f'<circle r="{_num(r * 0.68)}" fill="none" stroke="{ring}" stroke-width="1.5" '
        'opacity="0.55"/>'
        f'<circle r="{_num(r * 0.35)}" fill="none" stroke="{ring}" stroke-width="1" '
        'opacity="0.25"/>'
        "</g>"
    )


def _frame() -> Iterator[str]:
    yield f'<rect class="frame" width="{WIDTH}" height="{HEIGHT}" rx="14" fill="url(#bg-wood)"/>'
    yield (
        f'<rect width="{WIDTH}" height="{HEIGHT}" rx="14" fill="#7a4a26" '
        'filter="url(#bg-grain)" opacity="0.9"/>'
    )
    for x in (LEFT_X, RIGHT_X):
        yield (
            f'<rect class="field" x="{x}" y="{TOP}" width="{HALF_W}" height="{FIELD_H}" '
            'fill="url(#bg-felt)" stroke="#2b160a" stroke-width="3"/>'
        )
    yield (
        f'<rect class="bar" data-point="{BAR}" x="{BAR_X}" y="{TOP - 6}" width="{BAR_W}" '
        f'height="{FIELD_H + 12}" fill="url(#bg-bar)" stroke="#2b160a" stroke-width="2"/>'
    )
    # A hinge line down the middle of the bar, as on a folding board.
    centre = BAR_X + BAR_W / 2
    yield (
        f'<line x1="{_num(centre)}" y1="{TOP}" x2="{_num(centre)}" y2="{BOTTOM}" '
        'stroke="#2b160a" stroke-width="2" opacity="0.6"/>'
    )


def _points(highlights: Collection[int]) -> Iterator[str]:
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
            yield (
                f'<polygon class="point highlight" data-point="{point}" points="{corners}" '
                'fill="#ffd54a" fill-opacity="0.45" stroke="#ffd54a" stroke-width="3"/>'
            )


def _point_numbers() -> Iterator[str]:
    yield '<g class="point-numbers" font-family="system-ui, sans-serif" font-size="17" '
    yield 'font-weight="600" fill="#f3e3c3" fill-opacity="0.85" text-anchor="middle">'
    for point in range(1, 25):
        y = BOTTOM + BAND / 2 + 6 if _is_bottom(point) else TOP - BAND / 2 + 6
        yield f'<text x="{_num(point_centre_x(point))}" y="{_num(y)}">{point}</text>'
    yield "</g>"


def _trays(highlights: Collection[int]) -> Iterator[str]:
    height = FIELD_H / 2 - 6
    for side, y in (("opp", TOP), ("me", MID_Y + 6)):
        yield (
            f'<rect class="tray" data-side="{side}" data-point="{OFF}" x="{TRAY_X}" '
            f'y="{_num(y)}" width="{TRAY_W}" height="{_num(height)}" rx="6" '
            'fill="url(#bg-tray)" stroke="#2b160a" stroke-width="3"/>'
        )
    if OFF in highlights:
        yield (
            f'<rect class="tray highlight" data-point="{OFF}" x="{TRAY_X}" y="{MID_Y + 6}" '
            f'width="{TRAY_W}" height="{_num(height)}" rx="6" fill="#ffd54a" '
            'fill-opacity="0.3" stroke="#ffd54a" stroke-width="3"/>'
        )


def _checker(side: str, point: int, cx: float, cy: float) -> str:
    return (
        f'<use class="checker {side}" data-side="{side}" data-point="{point}" '
        f'href="#bg-checker-{side}" x="{_num(cx)}" y="{_num(cy)}"/>'
    )


def _count_label(side: str, count: int, cx: float, cy: float) -> str:
    colour = "#3a2a14" if side == "me" else "#f3e3c3"
    return (
        f'<text class="count" x="{_num(cx)}" y="{_num(cy + 7)}" text-anchor="middle" '
        f'font-family="system-ui, sans-serif" font-size="20" font-weight="700" '
        f'fill="{colour}">{count}</text>'
    )


def _stack(
    side: str, point: int, count: int, cx: float, first_cy: float, direction: int, length: int
) -> Iterator[str]:
    offsets = stack_offsets(count, length)
    for offset in offsets:
        yield _checker(side, point, cx, first_cy + direction * offset)
    if count > length // CHECKER_D:
        yield _count_label(side, count, cx, first_cy + direction * offsets[-1])


def _point_checkers(position: Position, point: int) -> Iterator[str]:
    mine = position.me[point]
    theirs = position.opp[25 - point]
    side, count = ("me", mine) if mine else ("opp", theirs)
    if not count:
        return
    cx = point_centre_x(point)
    if _is_bottom(point):
        yield from _stack(side, point, count, cx, BOTTOM - CHECKER_R, -1, STACK_LEN)
    else:
        yield from _stack(side, point, count, cx, TOP + CHECKER_R, 1, STACK_LEN)


def _bar_checkers(position: Position) -> Iterator[str]:
    cx = BAR_X + BAR_W / 2
    # Each side's hit checkers wait in the half of the bar they must re-enter from.
    yield from _stack("me", BAR, position.bar, cx, MID_Y - CHECKER_R - 8, -1, BAR_STACK_LEN)
    yield from _stack("opp", BAR, position.opp_bar, cx, MID_Y + CHECKER_R + 8, 1, BAR_STACK_LEN)


def _borne_off(position: Position) -> Iterator[str]:
    x = TRAY_X + TRAY_PAD
    width = TRAY_W - 2 * TRAY_PAD
    for k in range(position.off):
        y = BOTTOM - TRAY_PAD - (k + 1) * SLAB_H - k * SLAB_GAP
        yield _slab("me", x, y, width)
    for k in range(position.opp_off):
        y = TOP + TRAY_PAD + k * (SLAB_H + SLAB_GAP)
        yield _slab("opp", x, y, width)


def _slab(side: str, x: float, y: float, width: float) -> str:
    edge = "#8c7752" if side == "me" else "#000000"
    return (
        f'<rect class="checker {side} borne-off" data-side="{side}" data-point="{OFF}" '
        f'x="{_num(x)}" y="{_num(y)}" width="{_num(width)}" height="{SLAB_H}" rx="4" '
        f'fill="url(#bg-slab-{side})" stroke="{edge}" stroke-width="1"/>'
    )
