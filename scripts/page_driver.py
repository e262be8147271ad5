"""Driving the game's page in a browser as a player would, through Playwright:
where a point is on the screen, what the board says, starting a game, moving
checkers by mouse, touch or keyboard, and confirming.

Neutral ground for the browser tests (``e2e/``) and the load benchmark
(``bench/load.py``), which drive the same page; it works on the published build
as on the test build (it sets no dice: that is the test build's business, see
``e2e/site/hooks.py``).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING, TypeVar

from web.board.geometry import LANDSCAPE, LAYOUTS, OFF

if TYPE_CHECKING:
    from playwright.sync_api import Page

T = TypeVar("T")

# How long an AI move may take (the worker's first start included) on a slow machine.
AI_TIMEOUT_MS = 120_000


def board_point(page: Page, place: int) -> tuple[float, float]:
    """Page coordinates of a place on the board (viewer's numbering), where a
    player would touch it: the rim checker of a point, the bar, or my tray,
    in the layout the board is drawn in (``data-layout``: upright on a phone)."""
    svg = page.locator("#board svg")
    box = svg.bounding_box()
    assert box is not None
    geometry = LAYOUTS.get(svg.get_attribute("data-layout") or "", LANDSCAPE)
    geometry = geometry.home_left(svg.get_attribute("data-home") == "left")
    if place == OFF:
        left, top, width, height = geometry.place_rect(OFF)
        x, y = left + width / 2, top + height / 2
    else:
        x, y = geometry.checker_xy("me", place, 0, 1)
    return (
        box["x"] + x * box["width"] / geometry.view_w,
        box["y"] + y * box["height"] / geometry.view_h,
    )


def board_state(page: Page) -> dict[str, str]:
    return dict(
        page.evaluate(
            "() => Object.assign({dialog: document.body.dataset.dialog || ''}, "
            "document.getElementById('board').dataset)"
        )
    )


def wait_for_player(page: Page, timeout: int = AI_TIMEOUT_MS) -> dict[str, str]:
    """Wait until the page waits for a human (or the game is over); returns the board state."""
    page.wait_for_function(
        """() => { const b = document.getElementById('board').dataset;
                   return b.busy === 'false' && (b.actor === 'human' || b.phase === 'over'); }""",
        timeout=timeout,
    )
    return board_state(page)


def new_game(page: Page, opponent: str, length: int = 1, *, cube: bool = True) -> None:
    """Start a game from the New game dialog (opened if it is not)."""
    if page.locator("dialog#dialog[open][data-kind='new']").count() == 0:
        page.click(".menu [data-action='new-open']")
    dialog = page.locator("dialog#dialog[open]")
    dialog.locator(f"input[name='opponent'][value='{opponent}']").check()
    dialog.locator("select[name='length']").select_option(str(length))
    dialog.locator("input[name='cube']").set_checked(cube)
    dialog.locator("[data-action='start']").click()
    # A game in progress is abandoned only once the player confirms it.
    page.wait_for_function(
        """() => { const d = document.getElementById('dialog');
                   return !d.open || d.dataset.kind === 'abandon'; }"""
    )
    if page.locator("dialog#dialog[open][data-kind='abandon']").count():
        page.locator("dialog#dialog [data-action='abandon']").click()
        page.wait_for_function("() => !document.getElementById('dialog').open")


def movable(page: Page) -> list[int]:
    return [int(p) for p in page.locator("#board .hit.movable, #board .hit.selected")
            .evaluate_all("els => els.map(e => e.dataset.point)")]  # fmt: skip


def until(page: Page, probe: Callable[[], T], expected: T, timeout_ms: int = 10_000) -> None:
    """Wait until ``probe()`` returns ``expected``.

    A tap reaches the page's click handlers only after the browser has
    recognised the gesture, which is after ``tap()`` returns, so what a tap
    changes is awaited rather than read at once.
    """
    waited = 0
    while (seen := probe()) != expected:
        assert waited < timeout_ms, f"still {seen!r}, not {expected!r}, after {waited} ms"
        page.wait_for_timeout(50)
        waited += 50


def targets(page: Page) -> list[int]:
    return [int(p) for p in page.locator("#board .hit.target")
            .evaluate_all("els => els.map(e => e.dataset.point)")]  # fmt: skip


def click_place(page: Page, place: int) -> None:
    page.mouse.click(*board_point(page, place))


def tap_place(page: Page, place: int) -> None:
    page.touchscreen.tap(*board_point(page, place))


def drag(page: Page, src: int, dst: int) -> None:
    """Drag a checker with the mouse, as a player would, in small steps."""
    x0, y0 = board_point(page, src)
    x1, y1 = board_point(page, dst)
    page.mouse.move(x0, y0)
    page.mouse.down()
    page.mouse.move(x0 + 12, y0 - 12, steps=3)
    page.mouse.move(x1, y1, steps=6)
    page.mouse.up()


def position_id(page: Page) -> str:
    return page.locator("#board").get_attribute("data-position-id") or ""


def peek_targets(page: Page, src: int) -> list[int]:
    """Where the checker on ``src`` may go, read by selecting it from the keyboard
    (so the pointer's double-tap timing is left alone) and letting go again."""
    page.locator(f'#board .hit[data-point="{src}"]').focus()
    page.keyboard.press("Enter")
    dests = targets(page)
    page.keyboard.press("Escape")
    return dests


def wait_idle(page: Page) -> None:
    page.wait_for_function(
        "() => document.getElementById('board').dataset.busy === 'false'", timeout=10_000
    )


def play_turn(page: Page, how: str = "tap") -> int:
    """Make a legal play by hand and confirm it: ``how`` is ``tap`` (tap a checker,
    then a highlighted point), ``drag`` or ``double`` (double-click a checker).

    Whatever the style, a checker that can be borne off is borne off by
    double-click, and the play runs the farthest checker home first.  Returns
    how many checkers were borne off.
    """
    borne_off = 0
    for _ in range(12):
        sources = movable(page)
        if not sources:
            break
        src = max(sources)
        dests = peek_targets(page, src)
        assert dests, f"no highlighted destination for the checker on {src}"
        if 0 in dests or how == "double":
            before = off_count(page)
            page.mouse.dblclick(*board_point(page, src))
            wait_idle(page)
            borne_off += off_count(page) - before
        elif how == "drag":
            drag(page, src, min(dests))
        else:
            click_place(page, src)
            click_place(page, min(dests))
        wait_idle(page)
    confirm = page.locator("#controls [data-action='confirm']")
    if confirm.is_visible() and confirm.is_enabled():
        confirm_play(page)
    return borne_off


def confirm_play(page: Page, how: str = "click") -> None:
    """Confirm the play (``how``: ``click``, ``tap``, or ``enter`` on the focused
    button) and wait until the page has taken it.

    The click reaches Python asynchronously: until the play is in the history
    the board still says a human is to move, so waiting on the board alone
    could return before the confirmation landed.
    """
    before = page.locator("#history").inner_text()
    selector = "#controls [data-action='confirm']"
    if how == "enter":
        page.keyboard.press("Enter")
    elif how == "tap":
        page.tap(selector)
    else:
        page.click(selector)
    page.wait_for_function(
        "(before) => document.getElementById('history').innerText !== before", arg=before
    )


def off_count(page: Page) -> int:
    """Checkers the player on the board's bottom has borne off."""
    return page.locator('#board .checker.borne-off[data-side="me"]').count()


def text_of(page: Page, selector: str) -> str:
    return re.sub(r"\s+", " ", page.locator(selector).inner_text()).strip()
