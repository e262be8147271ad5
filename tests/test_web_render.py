"""The board renderer: a pure function from a Position to SVG, checked without a browser."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine import Position
from web import board_geometry as geometry
from web.board_svg import render_board

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

from web.board_dice import CubeView, DiceView, cube_xy  # noqa: E402
from web.board_geometry import checker_xy, place_at  # noqa: E402
from web.board_svg import BoardView, Words  # noqa: E402


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
