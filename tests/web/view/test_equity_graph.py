"""The equity graph (issue #47): one point per decision, errors marked by grade,
each point a button to its decision, the board's decision shown."""

from __future__ import annotations

import re

from web.view.equity_graph import HEIGHT, PAD, Point, equity_graph


def _points() -> list[Point]:
    return [
        Point(0, 0.5, 0, "", "a"),
        Point(2, 0.9, 1, "doubtful", "b"),
        Point(5, 0.1, 0, "blunder", "c"),
        Point(7, 1.0, 1, "", "d"),
    ]


def test_each_point_is_a_button_to_its_decision_in_order() -> None:
    svg = equity_graph(_points(), 5, "Game 1")
    steps = re.findall(r'data-action="analysis-go" data-value="(\d+)"', svg)
    assert steps == ["0", "2", "5", "7"]
    assert svg.count('class="eg-point here"') == 1
    assert re.search(r'class="eg-point here" data-action="analysis-go" data-value="5"', svg)


def test_errors_are_marked_by_their_grade_and_good_ones_are_not() -> None:
    svg = equity_graph(_points(), None, "Game 1")
    assert svg.count('class="eg-mark doubtful"') == 1
    assert svg.count('class="eg-mark blunder"') == 1
    assert svg.count('class="eg-dot"') == 2


def test_the_line_runs_from_the_top_for_a_sure_win_to_the_bottom() -> None:
    svg = equity_graph(_points(), None, "Game 1")
    line = re.search(r'<polyline class="eg-line" points="([^"]+)"', svg)
    assert line is not None
    ys = [float(xy.split(",")[1]) for xy in line.group(1).split()]
    assert ys[0] == HEIGHT / 2  # even
    assert ys[3] == PAD  # a sure win: at the top
    assert ys[1] < ys[0] < ys[2]


def test_no_points_draw_nothing_and_titles_are_escaped() -> None:
    assert equity_graph([], None, "x") == ""
    svg = equity_graph([Point(0, 0.5, 0, "", "<b>&")], None, "A & B")
    assert "<b>&" not in svg and "&lt;b&gt;&amp;" in svg and 'aria-label="A &amp; B"' in svg
