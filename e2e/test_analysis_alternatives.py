"""An imported match's decisions on the analysis board, in the browser (#47): stepping
through it, each decision shows King Tubby's ranked plays with the play the match
made marked (in a row of its own when it ranks below those listed), the cube
decision with the match's choice marked, and both sides' chances; Roll where the
match rolled follows the match, leaving its line asks first, and Home/End step
the line without scrolling the page.  On a desktop and a phone held upright.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page

from e2e.helpers import DESKTOP, PHONE_PORTRAIT, open_game, screenshot
from scripts.page_driver import AI_TIMEOUT_MS, new_game, text_of, until

QUERY = "seed=1&anim=off"
MATCH_FILE = Path(__file__).parents[1] / "tests" / "data" / "mat" / "selfplay_7pt.mat"
MOST_STEPS = 40  # the match's first game has both kinds of decision well before this

REPORT = "#analysis [data-testid='an-report']"
READY = """() => {
    const r = document.querySelector("#analysis [data-testid='an-report']");
    return r !== null && r.querySelector('.an-wait') === null
        && r.querySelector("[data-testid='cube-verdict']") !== null;
}"""


def _at(page: Page) -> str:
    return text_of(page, "[data-testid='an-at']")


def _step(page: Page, key: str = "ArrowRight") -> None:
    """One step along the line by ``key``, and King Tubby's analysis of it awaited."""
    before = _at(page)
    page.keyboard.press(key)
    until(page, lambda: _at(page) != before, True)
    page.wait_for_function(READY, timeout=AI_TIMEOUT_MS)


def _count(page: Page, selector: str) -> int:
    return page.locator(selector).count()


def _import(page: Page) -> str:
    new_game(page, "human", 3)  # a game in progress, put aside
    page.click(".menu [data-action='saves-open']")
    page.set_input_files("dialog#dialog input[type='file']", str(MATCH_FILE))
    page.wait_for_selector("body[data-analysis='analyse']")
    page.evaluate("document.activeElement.blur()")  # the keys are the page's
    return _at(page).split(" of ")[1]


@pytest.mark.parametrize(("name", "device"), [("desktop", DESKTOP), ("phone", PHONE_PORTRAIT)])
def test_analyse_match_alternatives_at_each_decision_with_the_match_s_choice_marked(
    browser: Browser, site_url: str, name: str, device: dict[str, Any]
) -> None:
    loaded = open_game(browser, site_url, query=QUERY, **device)
    page = loaded.page
    try:
        total = _import(page)
        seen_cube = seen_extra = False
        for _ in range(MOST_STEPS):
            _step(page)
            made = page.locator(f"{REPORT} [data-testid='cube-played']")
            if not seen_cube and made.count():
                cube = text_of(page, f"{REPORT} [data-testid='cube-played']")
                if cube.startswith(("Played: Double", "Played: Take", "Played: Pass")):
                    seen_cube = True
                    assert _count(page, f"{REPORT} .an-cube tr.played") == 1
                    assert "played" in text_of(page, f"{REPORT} .an-cube tr.played")
                    assert "Backgammon" in text_of(page, f"{REPORT} .an-chances")  # both sides
                    page.locator(f"{REPORT} .an-cube").scroll_into_view_if_needed()
                    screenshot(page, f"analysis-alternatives-cube-{name}")
            if not seen_extra and _count(page, f"{REPORT} [data-testid='played-extra']"):
                seen_extra = True
                extra = page.locator(f"{REPORT} [data-testid='played-extra']")
                rank = int(text_of(page, f"{REPORT} [data-testid='played-extra'] .an-rank")[:-1])
                listed = _count(page, f"{REPORT} .an-plays button.an-play")
                assert rank > listed >= 2 and "played" in (extra.inner_text())
                assert _count(page, f"{REPORT} .an-plays button.played") == 0
                said = text_of(page, f"{REPORT} [data-testid='play-played']")
                assert said.startswith("Played: ") and "giving up" in said
                assert "Gammon" in text_of(page, f"{REPORT} .an-chances")
                extra.scroll_into_view_if_needed()
                screenshot(page, f"analysis-alternatives-played-{name}")
            if seen_cube and seen_extra:
                break
        assert seen_cube and seen_extra
        # A play the match made among the plays listed: that row is marked.
        for _ in range(MOST_STEPS):
            if _count(page, f"{REPORT} .an-plays button.played") == 1:
                break
            _step(page)
        assert _count(page, f"{REPORT} .an-plays button.played") == 1
        assert _count(page, f"{REPORT} [data-testid='played-extra']") == 0
        # Roll where the match rolled: the match's roll, the line whole.
        for _ in range(MOST_STEPS):
            if "Played: No double" in text_of(page, REPORT):
                break
            _step(page)
        here = int(_at(page).split()[1])
        _step(page, "r")
        assert _at(page) == f"Decision {here + 1} of {total}"
        assert _count(page, "dialog#dialog[open]") == 0
        # Leaving the match's line asks first; keeping it changes nothing.
        _step(page, "ArrowLeft")
        page.keyboard.press("d")
        page.wait_for_selector("dialog#dialog[open] form[data-dialog='cut']")
        assert "Leave the match" in text_of(page, "dialog#dialog")
        screenshot(page, f"analysis-alternatives-cut-{name}")
        page.locator("dialog#dialog button.primary[data-action='close']").click()  # Keep
        page.wait_for_function("() => !document.getElementById('dialog').open")
        assert _at(page) == f"Decision {here} of {total}"
        # Home and End step the line, and the page does not scroll with them.
        page.evaluate(
            """() => { window.stepKeys = [];
                window.addEventListener(
                    'keydown', e => window.stepKeys.push(e.defaultPrevented)); }"""
        )
        page.evaluate("document.activeElement.blur()")
        page.keyboard.press("End")
        until(page, lambda: _at(page), f"Decision {total} of {total}")
        page.keyboard.press("Home")
        until(page, lambda: _at(page), f"Decision 1 of {total}")
        assert page.evaluate("window.stepKeys") == [True, True]
        assert loaded.errors == []
    finally:
        loaded.context.close()
