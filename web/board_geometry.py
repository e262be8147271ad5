"""Where everything is on the board: its layout in SVG viewBox units.

The drawing (:mod:`web.board_svg`), the page's hit-testing and the checker
animation (:mod:`web.animation`) all place things with these numbers and
functions, so they agree to the pixel.  Nothing here knows the rules or
draws anything.

The board is seen from the viewer's side, the player at the bottom: "my"
home board is bottom right, my points 1..12 run right to left along the
bottom and 13..24 left to right along the top, and the bar is between the
two halves.  Both bear-off trays sit on the right: the opponent's on top,
mine below.  Places are numbered as the viewer counts them: 1..24 the
points, :data:`BAR` (25) the bar, :data:`OFF` (0) borne off.

>>> place_at(*checker_xy("me", 6, 0, 5))
6
>>> num(point_centre_x(1))
'782'
"""

from __future__ import annotations

# Sizes in viewBox units; the page scales the whole drawing.
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

# Five checkers fit a point at full spacing; more are squeezed into that length.
STACK_LEN = 5 * CHECKER_D
# The bar keeps its middle free for the cube and its ends for an owned cube.
BAR_GAP = 30
BAR_STACK_LEN = 4 * CHECKER_D - 6
SLAB_H = 15  # a borne-off checker seen edge-on
SLAB_GAP = 1
TRAY_PAD = 7
TRAY_H = FIELD_H // 2 - 6

BAR = 25
OFF = 0
SIDES = ("me", "opp")
COLOURS = ("light", "dark")


def num(value: float) -> str:
    """A coordinate as written into an SVG attribute: compact and stable.

    >>> num(12.0), num(12.345), num(-0.001)
    ('12', '12.35', '0')
    """
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


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


def place_rect(place: int) -> tuple[float, float, float, float]:
    """``(x, y, width, height)`` of the area that stands for ``place``: its
    half-column, the whole bar, or my tray.

    >>> place_rect(BAR) == (BAR_X, TOP, BAR_W, FIELD_H)
    True
    >>> x, y, w, h = place_rect(20)
    >>> place_at(x + w / 2, y + h / 2)
    20
    """
    if place == BAR:
        return BAR_X, TOP, BAR_W, FIELD_H
    if place == OFF:
        return TRAY_X, MID_Y + 6, TRAY_W, TRAY_H
    x = point_centre_x(place) - POINT_W / 2
    return (x, MID_Y, POINT_W, FIELD_H / 2) if place <= 12 else (x, TOP, POINT_W, FIELD_H / 2)
