"""A phone held upright, measured in its own viewport (390 x 844 CSS px, touch):
the board turned a quarter-turn (``web.board.geometry.PORTRAIT``) as wide as the
screen, checkers, points and numbers big enough to read and tap, controls for
thumbs, and the Statistics dialog's players table within the screen; held
sideways and on a desktop, the board as it always was."""

from __future__ import annotations

import json
from collections.abc import Iterator
from itertools import pairwise
from typing import Any
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Browser, Page

from e2e.helpers import DESKTOP, PHONE_PORTRAIT, LoadedPage, open_game, screenshot
from scripts.page_driver import board_point, movable, targets, until
from web.board.geometry import LANDSCAPE, PORTRAIT
from web.model.storage import STATS, namespace_for

WIDTH, HEIGHT = PHONE_PORTRAIT["viewport"]["width"], PHONE_PORTRAIT["viewport"]["height"]

# What a player's thumb needs (Apple and Google ask for 44 and 48 px).
TAP = 40

MEASURE = """() => {
  const svg = document.querySelector('#board svg');
  const box = e => { const r = e.getBoundingClientRect();
                     return {x: r.x, y: r.y, width: r.width, height: r.height}; };
  const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
  const numbers = {};
  for (const t of svg.querySelectorAll('.point-numbers text')) numbers[t.textContent] = box(t);
  const size = svg.querySelector('.point-numbers').getAttribute('font-size');
  return {
    layout: svg.dataset.layout || 'landscape',
    viewBox: svg.getAttribute('viewBox'),
    board: box(svg),
    checker: box(svg.querySelector('.checker:not(.borne-off)')),
    numbers,
    numberPx: parseFloat(size) * scale,
    dice: [...svg.querySelectorAll('.die rect')].map(box),
    cube: svg.querySelector('.cube') ? box(svg.querySelector('.cube')) : null,
    controls: [...document.querySelectorAll('#controls button')]
      .filter(b => b.offsetParent !== null).map(b => ({text: b.textContent, ...box(b)})),
    scrollWidth: document.documentElement.scrollWidth,
  };
}"""


def measure(page: Page) -> dict[str, Any]:
    return dict(page.evaluate(MEASURE))


def centre(box: dict[str, float]) -> tuple[float, float]:
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


@pytest.fixture(scope="module")
def upright(browser: Browser, site_url: str) -> Iterator[LoadedPage]:
    """A pass-and-play game on a phone held upright, White to play an opening 3-1."""
    game = open_game(browser, site_url, query="seed=5&anim=off&dice=3,1", **PHONE_PORTRAIT)
    page = game.page
    page.tap("dialog input[name='opponent'][value='human']")
    page.tap("dialog [data-action='start']")
    page.wait_for_function("() => !document.getElementById('dialog').open")
    page.tap("#controls [data-action='roll']")
    until(page, lambda: movable(page), [24, 13, 8, 6])
    yield game
    game.context.close()


def test_upright_the_board_is_as_wide_as_the_screen_and_uses_its_height(
    upright: LoadedPage,
) -> None:
    page = upright.page
    seen = measure(page)
    screenshot(page, "phone-upright")
    assert seen["layout"] == "portrait" and seen["viewBox"] == PORTRAIT.view_box
    board = seen["board"]
    assert board["x"] >= 0 and board["x"] + board["width"] <= WIDTH
    assert board["width"] >= WIDTH - 2  # the whole width, not 96 % of it
    assert board["height"] >= 0.6 * HEIGHT  # not a strip with a third of the screen empty
    assert seen["scrollWidth"] <= WIDTH
    # Roll, Done, Undo... stay on screen below the board, without scrolling.
    assert seen["controls"] and all(b["y"] + b["height"] <= HEIGHT for b in seen["controls"])


def test_upright_checkers_points_numbers_and_dice_are_big_enough(upright: LoadedPage) -> None:
    """Held upright, the landscape board had 22 px checkers, points 24 px apart
    and 7 px numbers."""
    seen = measure(upright.page)
    assert seen["checker"]["width"] >= 30
    numbers = seen["numbers"]
    for a, b in ((1, 2), (6, 7), (13, 14)):
        (xa, ya), (xb, yb) = centre(numbers[str(a)]), centre(numbers[str(b)])
        assert abs(ya - yb) >= TAP and abs(xa - xb) < 1  # a column, points 40+ px apart
    assert seen["numberPx"] >= 12
    assert all(d["width"] >= 26 for d in seen["dice"]) and len(seen["dice"]) == 2
    assert seen["cube"] is not None and seen["cube"]["width"] >= 26
    board = seen["board"]
    for part in (*seen["dice"], seen["cube"]):
        assert board["x"] <= part["x"] and part["x"] + part["width"] <= board["x"] + board["width"]
        assert part["y"] + part["height"] <= HEIGHT  # on screen


def test_upright_the_controls_are_sized_for_thumbs(upright: LoadedPage) -> None:
    for button in measure(upright.page)["controls"]:
        assert button["height"] >= 44 and button["width"] >= 44, button


def test_upright_a_tap_near_a_point_counts_for_it(upright: LoadedPage) -> None:
    page = upright.page
    seen = measure(page)
    # Off the checker, most of the way to the next point's: still point 8.
    x, y = board_point(page, 8)
    page.touchscreen.tap(x, y - 0.45 * TAP)
    until(page, lambda: sorted(targets(page)), [4, 5, 7])
    # Point 5's number, on the rail beside it: the checker goes to 5.
    page.touchscreen.tap(*centre(seen["numbers"]["5"]))
    page.wait_for_function(
        "() => document.querySelectorAll('#board .checker.me[data-point=\"5\"]').length === 1"
    )
    screenshot(page, "phone-upright-moved")
    assert upright.errors == []


def test_turning_the_phone_turns_the_board(browser: Browser, site_url: str) -> None:
    game = open_game(browser, site_url, query="seed=5&anim=off", **PHONE_PORTRAIT)
    page = game.page
    assert measure(page)["layout"] == "portrait"
    page.set_viewport_size({"width": HEIGHT, "height": WIDTH})  # held sideways
    until(page, lambda: measure(page)["layout"], "landscape")
    seen = measure(page)
    assert seen["viewBox"] == LANDSCAPE.view_box
    board = seen["board"]
    aspect = LANDSCAPE.view_w / LANDSCAPE.view_h
    assert board["width"] / board["height"] == pytest.approx(aspect, rel=0.01)
    screenshot(page, "phone-sideways-board")
    page.set_viewport_size({"width": WIDTH, "height": HEIGHT})
    until(page, lambda: measure(page)["layout"], "portrait")
    assert game.errors == []
    game.context.close()


def test_a_desktop_keeps_the_landscape_board(browser: Browser, site_url: str) -> None:
    game = open_game(browser, site_url, **DESKTOP)
    seen = measure(game.page)
    assert seen["layout"] == "landscape" and seen["viewBox"] == LANDSCAPE.view_box
    # Checkers as big as the board's scale makes them: nothing else changed.
    scale = seen["board"]["width"] / LANDSCAPE.view_w
    assert seen["checker"]["width"] == pytest.approx(LANDSCAPE.checker_d * scale, abs=2)
    assert game.errors == []
    game.context.close()


# Statistics against three opponents, as a browser keeps them (web.model.records).
RECORDS = {
    "rows": {
        "easy": {"games": 12, "wins": 9, "losses": 3, "points_won": 14, "points_lost": 4},
        "hard": {"games": 140, "wins": 61, "losses": 79, "points_won": 101, "points_lost": 132,
                 "gammons_won": 17, "gammons_lost": 25, "matches_won": 4, "matches_lost": 11},
        "human": {"games": 3, "wins": 2, "losses": 1, "points_won": 4, "points_lost": 1},
    }
}  # fmt: skip


def test_the_players_table_fits_a_phone_held_upright(browser: Browser, site_url: str) -> None:
    """Its eight columns ran 335 px past the dialog's edge, with no hint to scroll."""
    key = namespace_for(urlsplit(site_url).path) + STATS
    seed = f"localStorage.setItem({json.dumps(key)}, {json.dumps(json.dumps(RECORDS))});"
    game = open_game(browser, site_url, init_script=seed, **PHONE_PORTRAIT)
    page = game.page
    page.tap("dialog input[name='opponent'][value='human']")  # a first visit's New game
    page.tap("dialog [data-action='start']")
    page.wait_for_function("() => !document.getElementById('dialog').open")
    page.tap(".menu [data-action='stats-open']")
    page.wait_for_selector("dialog#dialog[open][data-kind='stats'] table.records")
    dialog = page.locator("dialog#dialog")
    assert dialog.evaluate("d => d.scrollWidth - d.clientWidth") <= 0  # no sideways scroll
    edge = dialog.bounding_box()
    assert edge is not None and edge["x"] >= 0 and edge["x"] + edge["width"] <= WIDTH
    cells = page.locator("dialog table.records tbody :is(th, td)")
    assert cells.count() == 3 * 8
    for box in cells.evaluate_all("els => els.map(e => e.getBoundingClientRect().toJSON())"):
        assert edge["x"] <= box["x"] and box["x"] + box["width"] <= edge["x"] + edge["width"]
    # Each figure is under its column's name.
    label = page.locator("dialog table.records tbody td").first
    assert label.get_attribute("data-label") == "Games"
    assert "Games" in label.evaluate("e => getComputedStyle(e, '::before').content")
    page.locator("dialog table.records").scroll_into_view_if_needed()
    screenshot(page, "phone-stats-players")
    assert game.errors == []
    game.context.close()


# Each piece of a player's panel, its lines, as the page lays them out.
PANEL_LINES = """(slot) => {
  const panel = document.getElementById('player-' + slot);
  const lines = el => {
    const range = document.createRange();
    range.selectNodeContents(el);
    return new Set([...range.getClientRects()].map(r => Math.round(r.top))).size;
  };
  const part = name => {
    const el = panel.querySelector('.' + name);
    const r = el.getBoundingClientRect();
    return {text: el.textContent, top: r.top, bottom: r.bottom, lines: lines(el)};
  };
  const name = panel.querySelector('.name');
  const range = document.createRange();
  range.selectNodeContents(name);
  return {
    name: part('name'), note: part('note'), score: part('score'), pips: part('pips'),
    nameText: range.getBoundingClientRect().height,
  };
}"""


def panel_reads_line_by_line(page: Page, slot: str, *, on_roll: bool) -> dict[str, Any]:
    """The sideways panel: its name, what its player is doing (the on-roll mark, a
    note), its score and its pips each on lines of their own, none broken."""
    seen: dict[str, Any] = page.evaluate(PANEL_LINES, slot)
    rows = (
        [seen["name"]]
        + ([seen["note"]] if seen["note"]["text"] else [])
        + [
            seen["score"],
            seen["pips"],
        ]
    )
    for row in rows:
        assert row["lines"] == 1, (slot, row)
    for above, below in pairwise(rows):
        assert below["top"] >= above["bottom"] - 1, (slot, above, below)
    # "◂ to play" is drawn after the name, on a line of its own below it.
    name_lines = (seen["name"]["bottom"] - seen["name"]["top"]) / seen["nameText"]
    assert name_lines == pytest.approx(2 if on_roll else 1, abs=0.3), (slot, seen)
    return seen


def test_sideways_the_players_panels_read_line_by_line(browser: Browser, site_url: str) -> None:
    """In the narrow column beside the board, "King Tubby ◂ to play" broke after
    "to", and "wins" shared its line with the score."""
    sideways = {**PHONE_PORTRAIT, "viewport": {"width": HEIGHT, "height": WIDTH}}
    game = open_game(browser, site_url, query="seed=5&anim=off&dice=3,1", **sideways)
    page = game.page
    page.tap("dialog input[name='opponent'][value='hard']")
    page.tap("dialog [data-action='start']")
    page.wait_for_function("() => !document.getElementById('dialog').open")
    page.tap("#controls [data-action='roll']")  # the opening roll: 3 for White (me), 1
    until(page, lambda: movable(page), [24, 13, 8, 6])
    panel_reads_line_by_line(page, "bottom", on_roll=True)
    panel_reads_line_by_line(page, "top", on_roll=False)

    page.tap("#controls [data-action='resign-open']")
    page.tap("dialog#dialog [data-action='resign'][data-value='1']")
    page.wait_for_selector("dialog#dialog[open][data-kind='over']", timeout=60_000)
    winner = panel_reads_line_by_line(page, "top", on_roll=False)
    assert winner["name"]["text"] == "King Tubby" and winner["note"]["text"] == "wins"
    panel_reads_line_by_line(page, "bottom", on_roll=False)
    screenshot(page, "phone-sideways-over")
    assert game.errors == []
    game.context.close()


@pytest.mark.parametrize("width, height", [(360, 780), (320, 640)])
def test_a_narrower_phone_keeps_the_whole_header_on_the_screen(
    browser: Browser, site_url: str, width: int, height: int
) -> None:
    """At 360 px (a common Android width) the sound toggle hung off the screen's
    edge, at 320 px Settings too, and the page scrolled sideways."""
    phone = {**PHONE_PORTRAIT, "viewport": {"width": width, "height": height}}
    game = open_game(browser, site_url, query="seed=5&anim=off", **phone)
    page = game.page
    seen = page.evaluate(
        """() => ({
          scrollWidth: document.documentElement.scrollWidth,
          buttons: [...document.querySelectorAll('.top-bar button')]
            .filter(b => b.offsetParent !== null)
            .map(b => { const r = b.getBoundingClientRect();
                        return {label: b.textContent.trim() || b.getAttribute('aria-label'),
                                left: r.left, right: r.right, height: r.height}; }),
        })"""
    )
    assert seen["scrollWidth"] <= width
    labels = [button["label"] for button in seen["buttons"]]
    menu = ["Position", "?", "New", "Analysis", "Saves", "Stats", "Settings", "Sound"]
    assert labels == menu
    for button in seen["buttons"]:
        assert button["left"] >= 0 and button["right"] <= width, button
        assert button["height"] >= 36, button
    assert game.errors == []
    game.context.close()


@pytest.mark.parametrize("width, height", [(640, 360), (667, 375), (740, 360)])
def test_a_smaller_phone_held_sideways_shows_the_whole_board(
    browser: Browser, site_url: str, width: int, height: int
) -> None:
    """The header broke onto a second row below 780 px, and pushed the board's
    bottom, sized to the height below one row, off the screen."""
    sideways = {**PHONE_PORTRAIT, "viewport": {"width": width, "height": height}}
    game = open_game(browser, site_url, query="seed=5&anim=off", **sideways)
    page = game.page
    seen = page.evaluate(
        """() => {
          const box = s => document.querySelector(s).getBoundingClientRect();
          const buttons = [...document.querySelectorAll('.top-bar button')]
            .filter(b => b.offsetParent !== null).map(b => b.getBoundingClientRect());
          return {header: box('.top-bar').height, board: box('#board').bottom,
                  controls: box('#controls').bottom, tops: buttons.map(b => Math.round(b.top)),
                  rights: buttons.map(b => b.right), width: document.documentElement.scrollWidth};
        }"""
    )
    assert len(set(seen["tops"])) == 1, seen  # one row
    assert seen["header"] <= 48, seen
    assert seen["board"] <= height and seen["controls"] <= height, seen
    assert max(seen["rights"]) <= width and seen["width"] <= width, seen
    assert measure(page)["layout"] == "landscape"
    assert game.errors == []
    game.context.close()
