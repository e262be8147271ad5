"""Where everything is on the board: its layout in SVG viewBox units.

The drawing (:mod:`web.board.svg`), the page's hit-testing and the checker
animation (:mod:`web.board.motion`) all place things with these numbers and
functions, so they agree to the pixel.  Nothing here knows the rules or
draws anything.

The board is seen from the viewer's side, the player at the bottom: "my"
home board is bottom right, my points 1..12 run right to left along the
bottom and 13..24 left to right along the top, and the bar is between the
two halves.  Both bear-off trays sit on the right: the opponent's on top,
mine below.  Places are numbered as the viewer counts them: 1..24 the
points, :data:`BAR` (25) the bar, :data:`OFF` (0) borne off.

A layout is a :class:`Geometry`.  It describes the board in its own frame,
``u`` along the board's length (the twelve columns, the bar, the trays) and
``v`` across it (the two rows of points), and says how that frame lies in
the SVG.  There are two:

- :data:`LANDSCAPE`, the board as described above, its frame the SVG itself:
  desktops, tablets and phones held sideways.  The module's constants and
  functions (``WIDTH``, :func:`checker_xy`, :func:`place_at`...) are this
  layout's.
- :data:`PORTRAIT`, for a phone held upright (:data:`PORTRAIT_MEDIA`): the
  same board turned a quarter-turn clockwise, so that each side's twelve
  points run down the tall screen instead of across its narrow width.  My
  points 1..12 run up the left, 13..24 down the right, the bar crosses the
  middle and the trays lie along the bottom, mine on the left.  Its rails
  are slimmer and its points longer and wider apart, so a phone's width
  gives bigger checkers and the height, otherwise empty, wider points.

Coordinates given to and returned by a geometry's methods are the SVG's;
only the drawing of the fixed parts (frame, points, trays), which is turned
as a whole, uses the frame's.

>>> place_at(*checker_xy("me", 6, 0, 5))
6
>>> num(point_centre_x(1))
'782'
>>> PORTRAIT.place_at(*PORTRAIT.checker_xy("me", 6, 0, 5))
6
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from types import MappingProxyType

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

# When the page draws the board upright (:data:`PORTRAIT`): a narrow screen
# that is much taller than it is wide.  public/style.css lays the page out
# with the same media query (a unit test checks that they agree).
PORTRAIT_MEDIA = "(max-width: 600px) and (max-aspect-ratio: 3/4)"


def num(value: float) -> str:
    """A coordinate as written into an SVG attribute: compact and stable.

    >>> num(12.0), num(12.345), num(-0.001)
    ('12', '12.35', '0')
    """
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


Rect = tuple[float, float, float, float]


@dataclass(frozen=True, slots=True)
class Geometry:
    """One layout of the board: its sizes in its own frame (``u`` along the
    board, ``v`` across it) and whether that frame is ``turned`` a quarter-turn
    clockwise in the SVG.  The derived positions (``bar_x``, ``mid_y``...) are
    the frame's and are named as in the landscape layout, where ``x`` is ``u``
    and ``y`` is ``v``.

    >>> LANDSCAPE.width, LANDSCAPE.height, LANDSCAPE.view_box
    (936, 668, '0 0 936 668')
    >>> PORTRAIT.view_w < PORTRAIT.view_h
    True
    """

    name: str
    rail: int  # the rails at the two ends of the board's length
    band: int  # the rails along its sides, which carry the point numbers
    point_w: int  # a column: one point's width, tapped or not
    point_h: int  # a point's triangle, from the rail to its tip
    checker_r: int
    bar_w: int
    tray_w: int
    field_h: int  # both rows of points and the space between their tips
    number_size: int  # the point numbers' font size
    turned: bool = False
    mirrored: bool = False  # the home boards on the left: the frame's length runs the other way
    checker_d: int = field(init=False)
    half_w: int = field(init=False)
    left_x: int = field(init=False)
    bar_x: int = field(init=False)
    right_x: int = field(init=False)
    right_end: int = field(init=False)
    tray_x: int = field(init=False)
    width: int = field(init=False)  # the frame's length
    top: int = field(init=False)
    bottom: int = field(init=False)
    mid_y: int = field(init=False)
    height: int = field(init=False)  # the frame's breadth
    stack_len: int = field(init=False)
    bar_stack_len: int = field(init=False)
    tray_h: int = field(init=False)
    view_w: int = field(init=False)  # the SVG's own size
    view_h: int = field(init=False)

    def __post_init__(self) -> None:
        d = 2 * self.checker_r
        half = 6 * self.point_w
        left = self.rail
        bar_x = left + half
        right = bar_x + self.bar_w
        right_end = right + half
        tray_x = right_end + self.rail
        width = tray_x + self.tray_w + self.rail
        top = self.band
        bottom = top + self.field_h
        height = bottom + self.band
        derived = {
            "checker_d": d,
            "half_w": half,
            "left_x": left,
            "bar_x": bar_x,
            "right_x": right,
            "right_end": right_end,
            "tray_x": tray_x,
            "width": width,
            "top": top,
            "bottom": bottom,
            "mid_y": (top + bottom) // 2,
            "height": height,
            "stack_len": 5 * d,
            "bar_stack_len": 4 * d - 6,
            "tray_h": self.field_h // 2 - 6,
            "view_w": height if self.turned else width,
            "view_h": width if self.turned else height,
        }
        for name, value in derived.items():
            object.__setattr__(self, name, value)

    # -- the frame in the SVG ------------------------------------------------------

    @property
    def view_box(self) -> str:
        return f"0 0 {self.view_w} {self.view_h}"

    @property
    def transform(self) -> str:
        """The SVG transform that lays the frame into the SVG ("" if none).

        >>> LANDSCAPE.transform, PORTRAIT.transform, LANDSCAPE.home_left(True).transform
        ('', 'matrix(0 1 -1 0 652 0)', 'matrix(-1 0 0 1 936 0)')
        """
        flip, w = (-1, self.width) if self.mirrored else (1, 0)
        if self.turned:
            return f"matrix(0 {flip} -1 0 {self.height} {w})"
        return f"matrix(-1 0 0 1 {w} 0)" if self.mirrored else ""

    def home_left(self, left: bool) -> Geometry:
        """This layout with the home boards on the left (``left``) or the right.

        >>> g = LANDSCAPE.home_left(True)
        >>> g.place_at(*g.checker_xy("me", 6, 0, 5)), g.checker_xy("me", 1, 0, 1)[0] < 200
        (6, True)
        >>> g.home_left(False) == LANDSCAPE
        True
        """
        return self if self.mirrored == left else replace(self, mirrored=left)

    def upright(self, cx: float) -> str:
        """What keeps a text of the fixed parts, centred at ``cx`` along the frame,
        reading the right way round on a mirrored board (its transform's start)."""
        return f"translate({num(2 * cx)} 0) scale(-1 1) " if self.mirrored else ""

    def to_svg(self, u: float, v: float) -> tuple[float, float]:
        """The SVG point of frame point ``(u, v)``.

        >>> PORTRAIT.to_svg(0, PORTRAIT.height)  # the frame's bottom left: the SVG's top left
        (0, 0)
        """
        if self.mirrored:
            u = self.width - u
        return (self.height - v, u) if self.turned else (u, v)

    def to_frame(self, x: float, y: float) -> tuple[float, float]:
        """The frame point of SVG point ``(x, y)`` (the inverse of :meth:`to_svg`).

        >>> PORTRAIT.to_frame(*PORTRAIT.to_svg(100, 200))
        (100, 200)
        """
        u, v = (y, self.height - x) if self.turned else (x, y)
        return (self.width - u if self.mirrored else u, v)

    def rect_to_svg(self, rect: Rect) -> Rect:
        """A frame rectangle ``(u, v, length, breadth)`` as an SVG ``(x, y, w, h)``."""
        u, v, w, h = rect
        if self.mirrored:
            u = self.width - u - w
        return (self.height - v - h, u, h, w) if self.turned else (u, v, w, h)

    # -- where things are ------------------------------------------------------------

    def point_centre_x(self, point: int) -> float:
        """Centre of my point ``point`` (1..24) along the board (the frame's ``u``).

        >>> LANDSCAPE.point_centre_x(12) < LANDSCAPE.point_centre_x(1)
        True
        >>> LANDSCAPE.point_centre_x(13) == LANDSCAPE.point_centre_x(12)
        True
        """
        column = 12 - point if point <= 12 else point - 13
        if column < 6:
            left = self.left_x + column * self.point_w
        else:
            left = self.right_x + (column - 6) * self.point_w
        return left + self.point_w / 2

    def half_centre(self, side: str) -> float:
        """Middle of ``side``'s half of the board along its length (the half
        its dice are thrown into: mine holds my home board)."""
        left = self.right_x if side == "me" else self.left_x
        return left + self.half_w / 2

    def stack_offsets(self, count: int, length: int | None = None) -> list[float]:
        """Distances of each checker's centre from the first one's in a stack
        at most ``length`` long (a point's, by default)."""
        if count <= 0:
            return []
        d = self.checker_d
        length = self.stack_len if length is None else length
        step = float(d)
        if count * d > length:
            step = (length - d) / (count - 1)
        return [k * step for k in range(count)]

    def checker_xy(self, side: str, place: int, index: int, count: int) -> tuple[float, float]:
        """SVG centre of the ``index``-th checker (0 at the rim) of a stack of
        ``count`` that ``side`` has on ``place`` (my numbering; 25 bar, 0 borne off).

        >>> LANDSCAPE.checker_xy("me", 6, 0, 5) == (point_centre_x(6), BOTTOM - CHECKER_R)
        True
        """
        return self.to_svg(*self._checker_uv(side, place, index, count))

    def _checker_uv(self, side: str, place: int, index: int, count: int) -> tuple[float, float]:
        r = self.checker_r
        if place == OFF:
            u = self.tray_x + self.tray_w / 2
            if side == "me":
                slab = (index + 1) * SLAB_H + index * SLAB_GAP
                return u, self.bottom - TRAY_PAD - slab + SLAB_H / 2
            return u, self.top + TRAY_PAD + index * (SLAB_H + SLAB_GAP) + SLAB_H / 2
        length = self.bar_stack_len if place == BAR else self.stack_len
        offsets = self.stack_offsets(count, length)
        offset = offsets[min(index, len(offsets) - 1)] if offsets else 0.0
        if place == BAR:
            u = self.bar_x + self.bar_w / 2
            # Each side's hit checkers wait in the half of the bar facing the
            # home board they must enter.
            if side == "me":
                return u, self.mid_y - BAR_GAP - r - offset
            return u, self.mid_y + BAR_GAP + r + offset
        u = self.point_centre_x(place)
        if place <= 12:
            return u, self.bottom - r - offset
        return u, self.top + r + offset

    def place_at(self, x: float, y: float, top: bool = False) -> int | None:
        """The place (my numbering) under SVG point ``(x, y)``, or ``None``.

        A tap near a point counts for it: its whole half-column, from the
        rail with its number to the middle of the board, and the outer rail
        beyond the end column.  Only my own tray (the lower one) is a place.
        ``top``: in the numbering of the side drawn at the top instead (on the
        analysis board, when it is on roll), whose tray is the upper one.

        >>> place_at(point_centre_x(8), BOTTOM - 5), place_at(point_centre_x(20), TOP + 290)
        (8, 20)
        >>> place_at(BAR_X + 5, MID_Y), place_at(TRAY_X + 5, BOTTOM - 5), place_at(TRAY_X + 5, TOP)
        (25, 0, None)
        >>> g = LANDSCAPE
        >>> g.place_at(point_centre_x(20), TOP + 5, True), g.place_at(BAR_X + 5, TOP + 5, True)
        (5, 25)
        >>> g.place_at(TRAY_X + 5, TOP, True), g.place_at(TRAY_X + 5, BOTTOM - 5, True)
        (0, None)
        """
        u, v = self.to_frame(x, y)
        if not 0 <= v <= self.height:
            return None
        lower = v >= self.mid_y
        if self.tray_x - self.rail / 2 <= u <= self.width:
            return OFF if lower != top else None
        if self.bar_x <= u < self.right_x:
            return BAR
        if self.left_x - self.rail <= u < self.bar_x:
            column = int((u - self.left_x) // self.point_w)
        elif self.right_x <= u < self.right_end + self.rail / 2:
            column = 6 + int((u - self.right_x) // self.point_w)
        else:
            return None
        column = min(max(column, 0), 11)
        place = 12 - column if lower else 13 + column
        return 25 - place if top else place

    def place_rect(self, place: int, top: bool = False) -> Rect:
        """SVG ``(x, y, width, height)`` of the area that stands for ``place``:
        its half-column, the whole bar, or my tray; ``top``: ``place`` in the
        numbering of the side drawn at the top, as in :meth:`place_at`.

        >>> place_rect(BAR) == (BAR_X, TOP, BAR_W, FIELD_H)
        True
        >>> x, y, w, h = PORTRAIT.place_rect(20)
        >>> PORTRAIT.place_at(x + w / 2, y + h / 2)
        20
        >>> [LANDSCAPE.place_at(x + w / 2, y + h / 2, True)
        ...  for x, y, w, h in (LANDSCAPE.place_rect(p, True) for p in (5, 20, BAR, OFF))]
        [5, 20, 25, 0]
        """
        if top and place not in (BAR, OFF):
            place = 25 - place
        return self.rect_to_svg(self._place_rect_uv(place, top))

    def _place_rect_uv(self, place: int, top: bool = False) -> Rect:
        half = self.field_h / 2
        if place == BAR:
            return self.bar_x, self.top, self.bar_w, self.field_h
        if place == OFF:
            return self.tray_x, self.top if top else self.mid_y + 6, self.tray_w, self.tray_h
        u = self.point_centre_x(place) - self.point_w / 2
        return (
            (u, self.mid_y, self.point_w, half)
            if place <= 12
            else (u, self.top, self.point_w, half)
        )

    def number_xy(self, point: int) -> tuple[float, float]:
        """SVG position (middle of its baseline) of point ``point``'s number on its rail.

        >>> number_xy = LANDSCAPE.number_xy
        >>> number_xy(1) == (point_centre_x(1), BOTTOM + BAND / 2 + 6)
        True
        """
        v = self.bottom + self.band / 2 if point <= 12 else self.top - self.band / 2
        x, y = self.to_svg(self.point_centre_x(point), v)
        # The baseline sits about a third of the font's size below the middle.
        return x, y + round(self.number_size * 0.35)

    def moved_from(
        self, source: Geometry, side: str, place: int, xy: tuple[float, float]
    ) -> tuple[float, float] | None:
        """Where the checker that ``source`` draws at ``xy`` on ``place`` is drawn
        here (the same index in a stack of the same size), or ``None`` if
        ``source`` draws none there.  Slides are planned in one layout
        (:mod:`web.board.motion`) and shown in the page's.

        >>> xy = checker_xy("me", 13, 4, 5)
        >>> PORTRAIT.moved_from(LANDSCAPE, "me", 13, xy) == PORTRAIT.checker_xy("me", 13, 4, 5)
        True
        """
        if source == self:
            return xy
        for count in range(1, 16):
            for index in range(count):
                x, y = source.checker_xy(side, place, index, count)
                if abs(x - xy[0]) < 0.01 and abs(y - xy[1]) < 0.01:
                    return self.checker_xy(side, place, index, count)
        return None


LANDSCAPE = Geometry(
    "landscape",
    rail=RAIL,
    band=BAND,
    point_w=POINT_W,
    point_h=POINT_H,
    checker_r=CHECKER_R,
    bar_w=BAR_W,
    tray_w=TRAY_W,
    field_h=FIELD_H,
    number_size=17,
)

# Upright on a phone 390 px wide the board is 652 units across, so a unit is
# 0.6 px: checkers 32 px across, points 43 px apart, numbers in a 13 px font.
# Across: two bands of numbers and two rows of five checkers with a gap between
# their tips wide enough for the dice.  Along: thin end rails, a bar as thick as
# a checker, and the trays.
PORTRAIT = Geometry(
    "portrait",
    rail=8,
    band=30,
    point_w=72,
    point_h=240,
    checker_r=CHECKER_R,
    bar_w=BAR_W,
    tray_w=56,
    field_h=10 * CHECKER_D + 52,
    number_size=21,
    turned=True,
)

# By name, as the SVG's data-layout says (absent: landscape).
LAYOUTS: Mapping[str, Geometry] = MappingProxyType({g.name: g for g in (LANDSCAPE, PORTRAIT)})


# -- the landscape layout's, as module functions ---------------------------------------


def point_centre_x(point: int) -> float:
    """Centre x of my point ``point`` (1..24) in the landscape layout.

    >>> point_centre_x(12) < point_centre_x(1)
    True
    """
    return LANDSCAPE.point_centre_x(point)


def stack_offsets(count: int, length: int = STACK_LEN) -> list[float]:
    """Distances of each checker's centre from the first one's in a stack.

    >>> stack_offsets(3)
    [0.0, 54.0, 108.0]
    >>> stack_offsets(15)[-1] == STACK_LEN - CHECKER_D
    True
    """
    return LANDSCAPE.stack_offsets(count, length)


def checker_xy(side: str, place: int, index: int, count: int) -> tuple[float, float]:
    """:meth:`Geometry.checker_xy` in the landscape layout.

    >>> checker_xy("me", 6, 0, 5) == (point_centre_x(6), BOTTOM - CHECKER_R)
    True
    """
    return LANDSCAPE.checker_xy(side, place, index, count)


def place_at(x: float, y: float) -> int | None:
    """:meth:`Geometry.place_at` in the landscape layout.

    >>> place_at(BAR_X + 5, MID_Y)
    25
    """
    return LANDSCAPE.place_at(x, y)


def place_rect(place: int) -> Rect:
    """:meth:`Geometry.place_rect` in the landscape layout.

    >>> x, y, w, h = place_rect(20)
    >>> place_at(x + w / 2, y + h / 2)
    20
    """
    return LANDSCAPE.place_rect(place)
