"""The home boards on the left (issue #47's setting, as GNU Backgammon and Galaxy
offer it): both layouts mirrored along the board's length, every place still
found where it is drawn, the labels reading the right way round."""

from __future__ import annotations

import re

import pytest
from web_fakes import Rig

from engine.position import BAR, OFF, Position
from web.board.dice import DiceView, dice_svg
from web.board.geometry import LANDSCAPE, PORTRAIT, Geometry
from web.board.svg import BoardView, Words, render_board


@pytest.mark.parametrize("base", [LANDSCAPE, PORTRAIT], ids=["landscape", "portrait"])
def test_a_mirrored_layout_finds_each_place_where_it_draws_it(base: Geometry) -> None:
    g = base.home_left(True)
    assert g.mirrored and g.view_box == base.view_box
    for place in (*range(1, 25), BAR, OFF):
        x, y, w, h = g.place_rect(place)
        assert g.place_at(x + w / 2, y + h / 2) == place
        mx, my, _, _ = base.place_rect(place)
        across = 0 if base.turned else 1  # across the board: y landscape, x portrait
        assert (x, y)[across] == (mx, my)[across]  # where it was
    # my home board is where my tray is: on the other end than before
    home, tray = g.checker_xy("me", 3, 0, 1), g.checker_xy("me", OFF, 0, 1)
    plain = base.checker_xy("me", 3, 0, 1)
    k = 1 if base.turned else 0
    assert (home[k] < (g.view_w, g.view_h)[k] / 2) != (plain[k] < (g.view_w, g.view_h)[k] / 2)
    assert abs(home[k] - tray[k]) < abs(g.checker_xy("me", 12, 0, 1)[k] - tray[k])


def test_the_board_is_drawn_mirrored_with_its_labels_upright() -> None:
    view = BoardView(Position.start(), words=Words(bar_label="BAR", off_label="OFF"))
    html = render_board(view, geometry=LANDSCAPE.home_left(True))
    assert 'transform="matrix(-1 0 0 1 936 0)"' in html
    assert html.count("scale(-1 1) rotate(") == 4  # two bar labels, two tray labels
    assert "scale(-1 1)" not in render_board(view)


def test_the_first_die_stays_on_the_left() -> None:
    dice = DiceView((6, 2), side="me")
    colours = {"me": "light", "opp": "dark"}
    for g in (LANDSCAPE, LANDSCAPE.home_left(True)):
        svg = dice_svg(dice, colours, g)
        xs = [float(x) for x in re.findall(r'<rect x="([\d.]+)"', svg)]
        assert svg.index('data-value="6"') < svg.index('data-value="2"') and xs[0] < xs[1]


def test_the_setting_mirrors_every_board_and_is_remembered() -> None:
    rig = Rig().boot()
    rig.start("human", 3)
    assert not rig.view.last.board.home_left
    rig.act("setting", "left", name="home")
    assert rig.view.last.board.home_left
    rig.act("analysis-open")  # the editor's board too
    assert rig.view.last.board.home_left
    assert Rig(storage=rig.storage).boot().c.state.settings.home == "left"
    rig.act("setting", "up", name="home")
    assert rig.c.state.settings.home == "right"
