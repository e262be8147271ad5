"""Analyse match in the browser (#47): an imported match judged in the AI workers
with a progress bar that never holds up the board, Cancel that stops it, then
both players' PR and luck, and the way to an error through next-error and the
equity graph; how it looks on a desktop and on a phone either way up."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Browser, Page, ViewportSize

from e2e.helpers import DESKTOP, open_game, screenshot
from scripts.page_driver import AI_TIMEOUT_MS, new_game, text_of, until

QUERY = "seed=1&anim=off"
PHONE: ViewportSize = {"width": 390, "height": 844}  # PHONE_PORTRAIT's
SIDEWAYS: ViewportSize = {"width": 844, "height": 390}
DATA = Path(__file__).parents[1] / "tests" / "data" / "mat"
LONG = DATA / "selfplay_7pt.mat"  # 290 decisions: long enough to cancel midway
SHORT = DATA / "scripted_5pt.mat"  # 18 decisions: analysed to the end


def _import(page: Page, path: Path) -> None:
    page.click(".menu [data-action='saves-open']")
    page.set_input_files("dialog#dialog input[type='file']", str(path))
    page.wait_for_selector("body[data-analysis='analyse']")
    page.wait_for_selector("#analysis [data-action='match-analyse']")


def _progress(page: Page) -> str:
    return text_of(page, "[data-testid='an-progress']")


def _at(page: Page) -> str:
    return text_of(page, "[data-testid='an-at']")


def test_analyse_match_progress_cancel_stats_and_jump_to_an_error(
    browser: Browser, site_url: str
) -> None:
    loaded = open_game(browser, site_url, query=QUERY, **DESKTOP)
    page = loaded.page
    try:
        new_game(page, "human", 3)  # a game in progress, put aside
        _import(page, LONG)
        page.click("#analysis [data-action='match-analyse']")
        page.wait_for_function(
            "() => /Analysing: [1-9]\\d* of 290 decisions/.test("
            "document.querySelector('[data-testid=an-progress]').textContent)",
            timeout=AI_TIMEOUT_MS,
        )
        # The board is the player's meanwhile: a step forward is taken at once.
        page.click("#analysis [data-action='analysis-forward']")
        until(page, lambda: _at(page).startswith("Decision 2 of"), True)
        assert "Analysing:" in _progress(page)
        screenshot(page, "analyse-match-progress-desktop")
        page.click("#analysis [data-action='match-analyse-cancel']")
        until(page, lambda: _progress(page).startswith("Analysis cancelled after"), True)
        stopped = _progress(page)
        page.wait_for_timeout(3000)  # nothing more comes in once cancelled
        assert _progress(page) == stopped
        # The figures so far are there already.
        assert page.locator("[data-testid='an-stats']").count() >= 1

        # A short match, analysed to the end.
        _import(page, SHORT)
        page.click("#analysis [data-action='match-analyse']")
        page.wait_for_function(
            "() => document.querySelector('[data-testid=an-progress]')"
            ".textContent.includes('Match analysed: 18 decisions.')",
            timeout=AI_TIMEOUT_MS * 2,
        )
        table = page.locator("[data-testid='an-stats']").first
        pr = table.locator("tr", has=page.locator("th", has_text="PR")).first
        luck = table.locator("tr", has=page.locator("th", has_text="Luck")).first
        assert pr.locator("td").count() == 2 and luck.locator("td").count() == 2
        for cell in (*pr.locator("td").all_inner_texts(), *luck.locator("td").all_inner_texts()):
            assert any(ch.isdigit() for ch in cell)
        assert "Carol" in text_of(page, "[data-testid='an-stats']")
        # Next error: the board goes to a decision marked in the move list.
        page.locator("#analysis [data-action='analysis-error'][data-value='next']").click()
        until(page, lambda: _at(page) != "Decision 1 of", True)
        until(page, lambda: page.locator("#history td.marked .an-grade").count(), 1)
        # A point of the graph takes the board to its decision.
        point = page.locator("[data-testid='equity-graph'] .eg-point").nth(3)
        target = int(point.get_attribute("data-value") or "0")
        point.click()
        total = _at(page).split(" of ")[1]
        until(page, lambda: _at(page), f"Decision {target + 1} of {total}")
        assert page.locator("[data-testid='equity-graph'] .eg-point.here").count() == 1
        # Its alternatives come from the workers; the panel is drawn again when
        # they do (the graph with it), so the pictures wait for them.
        until(page, lambda: page.locator("[data-testid='an-report'] .an-wait").count(), 0)
        page.locator("[data-testid='an-match']").scroll_into_view_if_needed()
        screenshot(page, "analyse-match-desktop")
        for name, size in (("phone", PHONE), ("phone-sideways", SIDEWAYS)):
            page.set_viewport_size(size)
            # Each player's name on one line above the figures, not broken midword.
            lines = page.evaluate(
                """() => [...document.querySelectorAll('[data-testid=an-stats] thead th span')]
                .map(span => { const r = document.createRange(); r.selectNodeContents(span);
                  return new Set([...r.getClientRects()].map(b => Math.round(b.top))).size; })"""
            )
            assert lines and all(n == 1 for n in lines), (name, lines)
            # ...and every figure inside the panel, none cut off at its edge.
            over = page.evaluate(
                """() => [...document.querySelectorAll('[data-testid=an-stats]')].map(t =>
                  t.getBoundingClientRect().right
                  - t.parentElement.getBoundingClientRect().right)"""
            )
            assert over and max(over) <= 0.5, (name, over)
            page.locator("[data-testid='equity-graph']").scroll_into_view_if_needed()
            page.screenshot(
                path=str(screenshot(page, f"analyse-match-{name}")).replace(".png", "-graph.png")
            )
        assert loaded.errors == []
    finally:
        loaded.context.close()
