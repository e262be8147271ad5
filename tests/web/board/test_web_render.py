"""The board renderer: a pure function from a Position to SVG, checked without a browser."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections import Counter
from dataclasses import replace

import pytest
from hypothesis import given
from hypothesis import strategies as st
from repo_paths import ROOT

from engine import Position
from web.board import geometry
from web.board.svg import render_board

SVG = "{http://www.w3.org/2000/svg}"


def parse(svg: str) -> ET.Element:
    return ET.fromstring(svg)  # also proves the output is well-formed XML


def checkers(root: ET.Element) -> list[ET.Element]:
    return [e for e in root.iter() if "checker" in e.get("class", "").split()]


def census(root: ET.Element) -> Counter[tuple[str, int]]:
    """How many checkers each side has drawn at each place (my numbering)."""
    return Counter((e.get("data-side", ""), int(e.get("data-point", "-1"))) for e in checkers(root))


def expected_census(position: Position) -> Counter[tuple[str, int]]:
    counts: Counter[tuple[str, int]] = Counter()
    for point in range(1, 25):
        counts["me", point] = position.me[point]
        counts["opp", point] = position.opp[25 - point]
    counts["me", 25] = position.bar
    counts["opp", 25] = position.opp_bar
    counts["me", 0] = position.off
    counts["opp", 0] = position.opp_off
    return +counts  # drop zeros


def position_with_extras() -> Position:
    """Checkers on the bar, borne off, and a tall stack: everything the start lacks."""
    points = [0] * 24
    points[0] = 7  # my ace point: a squeezed stack with a count label
    points[5] = 3
    points[23] = -4  # their ace point
    points[12] = -6
    return Position.from_points(points, bar=2, opp_bar=1)


def test_output_is_one_responsive_svg_element() -> None:
    svg = render_board(Position.start())
    root = parse(svg)
    assert root.tag == f"{SVG}svg"
    assert root.get("viewBox") == f"0 0 {geometry.WIDTH} {geometry.HEIGHT}"
    # No fixed size: the page's CSS scales it.
    assert root.get("width") is None and root.get("height") is None
    assert "167" in (root.get("aria-label") or "")


def test_start_position_draws_thirty_checkers_where_they_belong() -> None:
    start = Position.start()
    root = parse(render_board(start))
    assert len(checkers(root)) == 30
    assert census(root) == expected_census(start)
    assert census(root)["me", 6] == 5 and census(root)["opp", 1] == 2


def test_bar_borne_off_and_tall_stacks() -> None:
    position = position_with_extras()
    root = parse(render_board(position))
    assert census(root) == expected_census(position)
    labels = {e.text for e in root.iter(f"{SVG}text") if "count" in e.get("class", "").split()}
    assert labels == {"7", "6"}


def test_borne_off_checkers_sit_in_the_trays() -> None:
    position = position_with_extras()
    root = parse(render_board(position))
    slabs = [e for e in checkers(root) if "borne-off" in e.get("class", "")]
    assert len(slabs) == position.off + position.opp_off
    for slab in slabs:
        x, y = float(slab.get("x", "0")), float(slab.get("y", "0"))
        assert geometry.TRAY_X <= x <= geometry.TRAY_X + geometry.TRAY_W
        if slab.get("data-side") == "me":
            assert y > geometry.MID_Y  # my tray is the lower one
        else:
            assert y < geometry.MID_Y


def test_checkers_stay_on_their_own_half_and_inside_the_board() -> None:
    position = position_with_extras()
    root = parse(render_board(position))
    for checker in checkers(root):
        if "borne-off" in checker.get("class", ""):
            continue
        point = int(checker.get("data-point", "-1"))
        x, y = float(checker.get("x", "0")), float(checker.get("y", "0"))
        r = geometry.CHECKER_R
        assert geometry.TOP + r - 0.01 <= y <= geometry.BOTTOM - r + 0.01
        if point == 25:
            assert x == geometry.BAR_X + geometry.BAR_W / 2
        else:
            assert x == geometry.point_centre_x(point)
            assert (y > geometry.MID_Y) == (point <= 12)


def test_points_are_numbered_from_the_side_on_roll() -> None:
    root = parse(render_board(Position.start()))
    numbers = {
        int(e.text or "0"): float(e.get("x", "0"))
        for group in root.iter(f"{SVG}g")
        if group.get("class") == "point-numbers"
        for e in group.iter(f"{SVG}text")
    }
    assert sorted(numbers) == list(range(1, 25))
    # Home board bottom right: 1 is right of 6, 12 is far left, 13 above 12.
    assert numbers[1] > numbers[6] > numbers[7] > numbers[12]
    assert numbers[13] == numbers[12] and numbers[24] == numbers[1]


def test_adjacent_points_alternate_colours_and_facing_points_differ() -> None:
    root = parse(render_board(Position.start()))
    fill = {
        int(e.get("data-point", "0")): e.get("fill", "")
        for e in root.iter(f"{SVG}polygon")
        if e.get("class") == "point"
    }
    assert len(fill) == 24
    colour = {p: "dark" in f for p, f in fill.items()}
    for point in (*range(1, 12), *range(13, 24)):
        assert colour[point] != colour[point + 1]
    for point in range(1, 13):
        assert colour[point] != colour[25 - point]


def test_highlights_mark_only_the_places_given() -> None:
    plain = render_board(Position.start())
    marked = render_board(Position.start(), highlights=frozenset({3, 20, 0}))
    root = parse(marked)
    lit = {
        int(e.get("data-point", "-1"))
        for e in root.iter()
        if "highlight" in e.get("class", "").split()
    }
    assert lit == {3, 20, 0}
    assert "highlight" not in plain


def test_rendering_is_pure_and_deterministic() -> None:
    position = position_with_extras()
    assert render_board(position) == render_board(position)
    assert render_board(position.swap()) != render_board(position)


def test_swapping_sides_swaps_the_colours() -> None:
    position = position_with_extras()
    mine = census(parse(render_board(position)))
    theirs = census(parse(render_board(position.swap())))
    assert theirs == Counter(
        {
            ("opp" if side == "me" else "me", point if point in (0, 25) else 25 - point): n
            for (side, point), n in mine.items()
        }
    )


@st.composite
def positions(draw: st.DrawFn) -> Position:
    """Any legal-looking position: 15 checkers a side, no point shared."""
    me = [0] * 26
    opp = [0] * 26
    for counts, other in ((me, opp), (opp, me)):
        for _ in range(15):
            free = [
                i
                for i in range(26)
                if i in (0, 25) or other[25 - i] == 0  # my i is their 25 - i
            ]
            counts[draw(st.sampled_from(free))] += 1
    return Position(me, opp)


@given(positions())
def test_any_position_renders_every_checker_once(position: Position) -> None:
    root = parse(render_board(position))
    assert census(root) == expected_census(position)
    assert len(checkers(root)) == 30


# -- the interactive board -----------------------------------------------------------

from web.board.dice import CubeView, DiceView, cube_xy  # noqa: E402
from web.board.geometry import checker_xy, place_at  # noqa: E402
from web.board.svg import BoardView, Words  # noqa: E402


def by_class(root: ET.Element, name: str) -> list[ET.Element]:
    return [e for e in root.iter() if name in e.get("class", "").split()]


def test_every_place_is_found_under_its_own_checkers() -> None:
    for point in range(1, 25):
        for index in range(5):
            x, y = checker_xy("me", point, index, 5)
            assert place_at(x, y) == point
    assert place_at(*checker_xy("me", 25, 0, 1)) == 25
    assert place_at(*checker_xy("me", 0, 3, 4)) == 0
    assert place_at(*checker_xy("opp", 0, 3, 4)) is None  # their tray is not a target
    assert place_at(-10, 50) is None and place_at(50, geometry.HEIGHT + 5) is None


def test_checkers_are_drawn_where_checker_xy_says_with_their_index() -> None:
    position = position_with_extras()
    root = parse(render_board(BoardView(position)))
    for e in checkers(root):
        if "borne-off" in e.get("class", ""):
            continue
        side, place = e.get("data-side", ""), int(e.get("data-point", "-1"))
        index = int(e.get("data-index", "-1"))
        count = census(root)[side, place]
        assert (float(e.get("x", "0")), float(e.get("y", "0"))) == pytest.approx(
            checker_xy(side, place, index, count), abs=0.01
        )


def test_the_viewer_may_play_either_colour() -> None:
    root = parse(render_board(BoardView(Position.start(), me_colour="dark")))
    mine = [e for e in checkers(root) if e.get("data-side") == "me"]
    assert all("dark" in e.get("class", "") for e in mine)
    assert all(e.get("href") == "#bg-checker-dark" for e in mine)


def test_dice_are_drawn_in_the_rollers_half_with_used_ones_dimmed() -> None:
    view = BoardView(
        Position.start(), dice=DiceView((5, 5, 5, 5), side="opp", used=(True, True, False, False))
    )
    root = parse(render_board(view))
    dice = by_class(root, "die")
    assert [d.get("data-value") for d in dice] == ["5"] * 4
    assert len(by_class(root, "used")) == 2
    rects = [d.find(f"{SVG}rect") for d in dice]
    assert all(float(r.get("x", "0")) < geometry.BAR_X for r in rects if r is not None)
    swap = BoardView(Position.start(), dice=DiceView((3, 1), swappable=True))
    group = by_class(parse(render_board(swap)), "dice")[0]
    assert group.get("data-action") == "swap-dice" and group.get("tabindex") == "0"


def test_the_opening_roll_shows_one_die_each() -> None:
    root = parse(render_board(BoardView(Position.start(), dice=DiceView((6, 2), opening=True))))
    dice = by_class(root, "die")
    assert [(d.get("data-value"), "light" in d.get("class", "")) for d in dice] == [
        ("6", True),
        ("2", False),
    ]


def test_the_cube_sits_mid_bar_then_with_its_owner() -> None:
    centred = cube_xy(CubeView())
    mine = cube_xy(CubeView(2, "me"))
    theirs = cube_xy(CubeView(4, "opp"))
    assert theirs[1] < centred[1] < mine[1]
    offered = cube_xy(CubeView(2, None, offered_by="me"))
    assert offered[0] > geometry.RIGHT_X
    root = parse(render_board(BoardView(Position.start(), cube=CubeView())))
    faces = [e.text for e in by_class(root, "cube-face")]
    assert faces == ["64"]
    root = parse(render_board(BoardView(Position.start(), cube=CubeView(8, "opp"))))
    assert [e.text for e in by_class(root, "cube-face")] == ["8"]
    dial = render_board(BoardView(Position.start(), cube=CubeView(4, "me"), cube_style="dial"))
    assert 'class="cube dial"' in dial and "dial-pointer" in dial


def test_selected_lifted_and_landing_marks() -> None:
    view = BoardView(
        Position.start(),
        movable=frozenset({24, 13, 8, 6}),
        selected=8,
        lifted=8,
        highlights=frozenset({5, 7}),
    )
    root = parse(render_board(view))
    lifted = by_class(root, "lifted")
    assert len(lifted) == 1 and lifted[0].get("data-point") == "8"
    assert lifted[0].get("data-index") == "2"  # the top of the stack
    assert {e.get("data-point") for e in by_class(root, "landing")} == {"5", "7"}


def test_hit_areas_give_keyboard_and_screen_reader_access() -> None:
    view = BoardView(
        Position.start(),
        movable=frozenset({24, 13, 8, 6}),
        selected=8,
        highlights=frozenset({5}),
        words=Words(me="your", opp="their"),
    )
    root = parse(render_board(view))
    hits = by_class(root, "hit")
    assert [h.get("data-point") for h in hits] == ["24", "13", "8", "6", "5"]
    assert all(h.get("tabindex") == "0" and h.get("role") == "button" for h in hits)
    labels = {h.get("data-point"): h.get("aria-label") for h in hits}
    assert labels["8"] == "Point 8, 3 your checkers, selected"
    assert labels["5"] == "Point 5, move here"
    assert labels["13"] == "Point 13, 5 your checkers, can move"


def test_theme_words_are_written_on_the_board() -> None:
    words = Words(bar="Babylon", off="Zion", bar_label="BABYLON", off_label="ZION")
    svg = render_board(BoardView(Position.start(), words=words))
    assert svg.count("BABYLON") == 2 and svg.count("ZION") == 2
    assert "BABYLON" not in render_board(BoardView(Position.start()))


def test_the_opponents_last_play_is_marked() -> None:
    root = parse(render_board(BoardView(Position.start(), last=frozenset({17, 19}))))
    assert {e.get("data-point") for e in by_class(root, "last")} == {"17", "19"}


def test_each_die_can_have_its_owners_colour() -> None:
    view = BoardView(Position.start(), dice=DiceView((6, 1), owners=("me", "opp")))
    dice = by_class(parse(render_board(view)), "die")
    assert ["light" in d.get("class", "") for d in dice] == [True, False]


# -- the board upright on a phone ------------------------------------------------------


from web.board.geometry import BAR, LANDSCAPE, OFF, PORTRAIT, PORTRAIT_MEDIA, Geometry  # noqa: E402

PHONE_WIDTH = 390  # CSS px: a phone held upright (e2e.helpers.PHONE_PORTRAIT)


def upright(view: BoardView | Position) -> ET.Element:
    return parse(render_board(view, geometry=PORTRAIT))


def px(geometry: Geometry, units: float) -> float:
    """``units`` of ``geometry`` in CSS px, on a board as wide as the phone."""
    return units * PHONE_WIDTH / geometry.view_w


def test_the_upright_board_is_tall_and_says_so() -> None:
    root = upright(Position.start())
    assert root.get("viewBox") == f"0 0 {PORTRAIT.view_w} {PORTRAIT.view_h}"
    assert PORTRAIT.view_h > 1.4 * PORTRAIT.view_w
    assert root.get("data-layout") == "portrait"
    assert parse(render_board(Position.start())).get("data-layout") is None
    assert census(root) == expected_census(Position.start())


def test_upright_on_a_phone_checkers_numbers_and_taps_are_bigger() -> None:
    """At 390 px across, landscape gives 22 px checkers, 25 px columns and 7 px
    numbers; upright, checkers over 30 px, numbers over 12 px, columns over 40 px."""
    assert px(LANDSCAPE, LANDSCAPE.checker_d) < 23 and px(LANDSCAPE, LANDSCAPE.point_w) < 26
    assert px(PORTRAIT, PORTRAIT.checker_d) >= 30
    assert px(PORTRAIT, PORTRAIT.number_size) >= 12
    assert px(PORTRAIT, PORTRAIT.point_w) >= 40
    root = upright(Position.start())
    sizes = {g.get("font-size") for g in root.iter(f"{SVG}g") if g.get("class") == "point-numbers"}
    assert sizes == {str(PORTRAIT.number_size)}


def tap_target(geometry: Geometry, point: int) -> tuple[float, float]:
    """The extent in CSS px, along and across the board's length, of the straight
    lines through a point's rim checker where a tap counts for that point."""
    x0, y0 = geometry.checker_xy("me", point, 0, 1)
    step = 0.5
    extents = []
    for dx, dy in ((0, 1), (1, 0)):
        length = 0.0
        for sign in (1, -1):
            k = 0
            while geometry.place_at(x0 + sign * k * step * dx, y0 + sign * k * step * dy) == point:
                k += 1
            length += k * step
        extents.append(px(geometry, length))
    along, across = extents if geometry.turned else extents[::-1]
    return along, across


@pytest.mark.parametrize("point", range(1, 25))
def test_a_tap_near_a_point_counts_for_it_over_40_px(point: int) -> None:
    along, across = tap_target(PORTRAIT, point)
    assert along >= 40 and across >= 150
    # Its number, on the rail beside it, counts for it too.
    assert PORTRAIT.place_at(*PORTRAIT.number_xy(point)) == point


def test_every_place_is_found_under_its_own_checkers_upright() -> None:
    g = PORTRAIT
    for point in range(1, 25):
        for index in range(5):
            assert g.place_at(*g.checker_xy("me", point, index, 5)) == point
        x, y, w, h = g.place_rect(point)
        assert g.place_at(x + w / 2, y + h / 2) == point
    for place in (BAR, OFF):
        assert g.place_at(*g.checker_xy("me", place, 0, 1)) == place
        x, y, w, h = g.place_rect(place)
        assert g.place_at(x + w / 2, y + h / 2) == place
    assert g.place_at(*g.checker_xy("opp", OFF, 3, 4)) is None  # their tray
    assert g.place_at(-10, 50) is None and g.place_at(50, g.view_h + 5) is None


def _point_numbers(root: ET.Element) -> dict[int, tuple[float, float]]:
    """Each point number drawn on the board, with where it stands."""
    return {
        int(e.text or "0"): (float(e.get("x", "0")), float(e.get("y", "0")))
        for group in root.iter(f"{SVG}g")
        if group.get("class") == "point-numbers"
        for e in group.iter(f"{SVG}text")
    }


def test_upright_my_points_run_up_the_left_and_theirs_down_the_right() -> None:
    root = upright(Position.start())
    numbers = _point_numbers(root)
    assert sorted(numbers) == list(range(1, 25))
    left = {x for p, (x, _) in numbers.items() if p <= 12}
    right = {x for p, (x, _) in numbers.items() if p > 12}
    assert len(left) == len(right) == 1 and max(left) < PORTRAIT.view_w / 2 < min(right)
    ys = [numbers[p][1] for p in range(1, 13)]
    assert ys == sorted(ys, reverse=True)  # 1 at the bottom, 12 at the top
    assert numbers[13][1] == numbers[12][1] and numbers[24][1] == numbers[1][1]
    # Drawn upright: no number sits inside the turned group.
    turned = [g for g in root.iter(f"{SVG}g") if g.get("transform") == PORTRAIT.transform]
    assert turned and not any(e.tag == f"{SVG}text" and e.text for g in turned for e in g.iter())


def test_upright_checkers_are_drawn_where_checker_xy_says_inside_the_board() -> None:
    position = position_with_extras()
    root = upright(BoardView(position))
    assert census(root) == expected_census(position)
    r = PORTRAIT.checker_r
    for e in checkers(root):
        side, place = e.get("data-side", ""), int(e.get("data-point", "-1"))
        if "borne-off" in e.get("class", ""):
            x, y = float(e.get("x", "0")), float(e.get("y", "0"))
            w, h = float(e.get("width", "0")), float(e.get("height", "0"))
            assert h > w  # standing upright in the tray along the bottom
            tray = PORTRAIT.place_rect(OFF)
            assert y >= tray[1] and y + h <= tray[1] + tray[3]
            assert (x + w / 2 < PORTRAIT.view_w / 2) == (side == "me")  # mine on the left
            continue
        index = int(e.get("data-index", "-1"))
        xy = (float(e.get("x", "0")), float(e.get("y", "0")))
        count = census(root)[side, place]
        assert xy == pytest.approx(PORTRAIT.checker_xy(side, place, index, count), abs=0.01)
        assert r <= xy[0] <= PORTRAIT.view_w - r and r <= xy[1] <= PORTRAIT.view_h - r


def test_upright_dice_lie_in_the_rollers_half_and_the_cube_on_the_bar() -> None:
    bar_y = PORTRAIT.place_rect(BAR)[1] + PORTRAIT.place_rect(BAR)[3] / 2
    for side, below in (("me", True), ("opp", False)):
        root = upright(BoardView(Position.start(), dice=DiceView((5, 5, 5, 5), side=side)))
        rects = [d.find(f"{SVG}rect") for d in by_class(root, "die")]
        ys = [float(r.get("y", "0")) for r in rects if r is not None]
        assert len(ys) == 4 and all((y > bar_y) == below for y in ys)
        assert ys == sorted(ys)  # in order, down the middle of the board
        xs = {float(r.get("x", "0")) for r in rects if r is not None}
        assert len(xs) == 1 and abs(xs.pop() + 24 - PORTRAIT.view_w / 2) < 1
    centred = cube_xy(CubeView(), PORTRAIT)
    assert centred == pytest.approx((PORTRAIT.view_w / 2, bar_y))
    mine, theirs = cube_xy(CubeView(2, "me"), PORTRAIT), cube_xy(CubeView(2, "opp"), PORTRAIT)
    assert mine[0] < centred[0] < theirs[0] and mine[1] == theirs[1] == centred[1]
    assert cube_xy(CubeView(2, None, offered_by="me"), PORTRAIT)[1] > bar_y


def test_slides_planned_in_landscape_are_shown_upright() -> None:
    for side in ("me", "opp"):
        for place in (*range(0, 26),):
            for count in range(1, 16):
                for index in range(count):
                    xy = LANDSCAPE.checker_xy(side, place, index, count)
                    moved = PORTRAIT.moved_from(LANDSCAPE, side, place, xy)
                    assert moved == PORTRAIT.checker_xy(side, place, index, count)
    assert PORTRAIT.moved_from(LANDSCAPE, "me", 6, (-50, -50)) is None
    assert LANDSCAPE.moved_from(LANDSCAPE, "me", 6, (1, 2)) == (1, 2)


def test_the_stylesheet_lays_the_page_out_for_the_same_phones() -> None:
    css = (ROOT / "public" / "style.css").read_text()
    assert f"--board-aspect: {LANDSCAPE.view_w} / {LANDSCAPE.view_h};" in css
    block = css.split(f"@media {PORTRAIT_MEDIA} {{", 1)[1]
    assert f"--board-aspect: {PORTRAIT.view_w} / {PORTRAIT.view_h};" in block.split("\n}")[0]


def test_the_top_side_on_roll_reads_the_points_in_its_own_numbering() -> None:
    """On the analysis board the top side may be on roll: the hint's and the move
    list's plays are then in its numbering, so the rails number its points, 1 at
    its ace point (top right, above the bottom side's 24), on either layout."""
    for geom in (LANDSCAPE, PORTRAIT):
        for top in (False, True):
            root = parse(render_board(BoardView(Position.start(), top=top), geometry=geom))
            numbers = _point_numbers(root)
            assert sorted(numbers) == list(range(1, 25))
            for point in range(1, 25):
                # The number stands where the side on roll's point of that name is drawn.
                assert numbers[point] == geom.number_xy(25 - point if top else point)


def test_the_top_side_on_roll_has_its_checkers_and_tray_marked_as_the_bottom_side_s() -> None:
    """On the analysis board the side drawn at the top may be on roll: its places
    (its own numbering) are drawn mirrored, its movable checkers ringed, the one
    picked up selected, its tray (the upper one) marked when it may bear off."""
    points = [0] * 24
    points[5] = 5  # the viewer's six point
    points[18], points[19] = -3, -2  # the top side's six and five points (its numbering)
    position = Position.from_points(points)
    view = BoardView(
        position, movable=frozenset({6, 5}), selected=6, highlights=frozenset({OFF, 2}), top=True
    )
    root = parse(render_board(view))
    ringed = [e for e in checkers(root) if "movable" in e.get("class", "").split()]
    assert {(e.get("data-side"), e.get("data-point")) for e in ringed} == {
        ("opp", "19"),
        ("opp", "20"),
    }
    tops = [e for e in checkers(root) if "top" in e.get("class", "").split()]
    assert sorted((e.get("data-point"), e.get("data-index")) for e in tops) == [
        ("19", "2"),
        ("20", "1"),
    ]
    chosen = [e for e in checkers(root) if "selected" in e.get("class", "").split()]
    assert [(e.get("data-side"), e.get("data-point")) for e in chosen] == [("opp", "19")]
    tray = by_class(root, "tray")
    lit = [e for e in tray if "highlight" in e.get("class", "")]
    assert len(lit) == 1 and float(lit[0].get("y", "")) == LANDSCAPE.top  # the upper tray
    lit_points = [e for e in by_class(root, "point") if "highlight" in e.get("class", "")]
    assert [e.get("data-point") for e in lit_points] == ["23"]  # its two point, mirrored
    # The keyboard's and the page's places are the top side's own.
    hits = by_class(root, "hit")
    assert [h.get("data-point") for h in hits] == ["6", "5", "2", "0"]
    for h in hits:
        x, y = float(h.get("x", "")), float(h.get("y", ""))
        w, hh = float(h.get("width", "")), float(h.get("height", ""))
        assert LANDSCAPE.place_at(x + w / 2, y + hh / 2, True) == int(h.get("data-point", ""))
    # The bottom side on roll, as before: its own checkers and the lower tray.
    bottom = parse(render_board(replace(view, top=False)))
    assert {e.get("data-side") for e in checkers(bottom) if "movable" in e.get("class", "")} == {
        "me"
    }
    lower = [e for e in by_class(bottom, "tray") if "highlight" in e.get("class", "")]
    assert float(lower[0].get("y", "")) == LANDSCAPE.mid_y + 6
