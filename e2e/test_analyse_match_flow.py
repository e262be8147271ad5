"""Issue #47's "done means", in one flow as a player goes through it: a match file
imported, Analyse match with its progress, both players' PR and luck, the way to
an error by next-error, the equity graph and the move list, the alternatives
there with the match's choice marked, a rollout of that decision cancelled and
the next rollout as fast as a first one; then the analysed match kept in a
named save and, the page reloaded, loaded back with its grades, figures and graph.  On a desktop and
on a phone held upright.
"""

from __future__ import annotations

import re
import time
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page

from e2e.helpers import DESKTOP, PHONE_PORTRAIT, open_game, screenshot, wait_ready
from scripts.page_driver import AI_TIMEOUT_MS, new_game, text_of, until

QUERY = "seed=1&anim=off"
# Written by GNU Backgammon itself (tests/data/README.md): 18 decisions, some of them errors.
MATCH_FILE = Path(__file__).parents[1] / "tests" / "data" / "mat" / "scripted_5pt.mat"
DECISIONS = 18

REPORT = "#analysis [data-testid='an-report']"
ROLLOUT = "#analysis [data-testid='an-rollout']"
ROLLOUT_STATE = "#analysis [data-testid='rollout-state']"
# King Tubby's answer about the moment on the board is in: its plays or its cube decision.
REPORT_READY = """() => {
    const r = document.querySelector("#analysis [data-testid='an-report']");
    return r !== null && r.querySelector('.an-wait') === null
        && r.querySelector("[data-testid='ranked-plays'], [data-testid='cube-verdict']") !== null;
}"""
# Every text the progress line shows, kept as it changes: a short match may be
# analysed between two looks, and the test is that the progress was shown.
WATCH_PROGRESS = """() => {
    window.progressSeen = [];
    new MutationObserver(() => {
        const p = document.querySelector("[data-testid='an-progress']");
        if (p !== null) window.progressSeen.push(
            p.textContent + (p.querySelector('progress') ? ' [bar]' : ''));
    }).observe(document.body, {subtree: true, childList: true, characterData: true});
}"""


def _at(page: Page) -> str:
    return text_of(page, "[data-testid='an-at']")


def _step_at(page: Page) -> int:
    """The board's decision in the line, counted from 0 as the controls' values are."""
    return int(_at(page).split()[1]) - 1


def _alternatives(page: Page) -> int:
    """Wait for the analysis of the moment on the board; how many places mark the
    match's own choice among the alternatives (a play listed or below them, a cube action)."""
    page.wait_for_function(REPORT_READY, timeout=AI_TIMEOUT_MS)
    marks = (
        f"{REPORT} .an-plays button.played",
        f"{REPORT} [data-testid='played-extra']",
        f"{REPORT} .an-cube tr.played",
    )
    return sum(page.locator(m).count() for m in marks)


def _roll_out(page: Page, trials: str, truncate: str) -> float:
    """Roll out the moment on the board; the seconds until it is done."""
    form = page.locator(ROLLOUT)
    form.locator("select[name='trials']").select_option(trials)
    form.locator("select[name='truncate']").select_option(truncate)
    start = time.monotonic()
    form.locator("[data-action='rollout']").click()
    page.wait_for_function(
        f'() => document.querySelector("{ROLLOUT_STATE}")?.innerText'
        f".startsWith('Rolled out: {trials} trials')",
        timeout=AI_TIMEOUT_MS,
    )
    return time.monotonic() - start


def _stats_cells(page: Page, row: str) -> list[str]:
    table = page.locator("[data-testid='an-stats']").first
    return (
        table.locator("tr", has=page.locator("th", has_text=row))
        .first.locator("td")
        .all_inner_texts()
    )


@pytest.mark.parametrize(("name", "device"), [("desktop", DESKTOP), ("phone", PHONE_PORTRAIT)])
def test_analyse_match_import_analyse_jump_to_an_error_roll_out_and_cancel_then_save(
    browser: Browser, site_url: str, name: str, device: dict[str, Any]
) -> None:
    loaded = open_game(browser, site_url, query=QUERY, **device)
    page = loaded.page
    try:
        new_game(page, "human", 3)  # last night's match is opened over a game in progress
        page.click(".menu [data-action='saves-open']")
        page.set_input_files("dialog#dialog input[type='file']", str(MATCH_FILE))
        page.wait_for_selector("#analysis [data-action='match-analyse']")
        assert _at(page).startswith("Decision 1 of")

        # Analyse match: the progress shows while the workers judge, then the figures.
        page.evaluate(WATCH_PROGRESS)
        page.click("#analysis [data-action='match-analyse']")
        page.wait_for_function(
            "() => document.querySelector('[data-testid=an-progress]')"
            f".textContent.includes('Match analysed: {DECISIONS} decisions.')",
            timeout=AI_TIMEOUT_MS * 2,
        )
        seen: list[str] = page.evaluate("window.progressSeen")
        running = [t for t in seen if re.match(rf"Analysing: [1-9]\d* of {DECISIONS}", t)]
        assert running and all(t.endswith("[bar]") for t in running), seen[:5]
        pr, luck = _stats_cells(page, "PR"), _stats_cells(page, "Luck")
        assert len(pr) == len(luck) == 2  # both players'
        assert all(re.search(r"\d", cell) for cell in (*pr, *luck)), (pr, luck)
        page.locator("[data-testid='an-match']").scroll_into_view_if_needed()
        screenshot(page, f"analyse-match-flow-figures-{name}")

        # To an error: next error, then a point of the graph, then the move list.
        page.locator("#analysis [data-action='analysis-error'][data-value='next']").click()
        until(page, lambda: _step_at(page) > 0, True)
        assert page.locator("#history td.marked .an-grade").count() == 1
        assert _alternatives(page) >= 1
        point = page.locator("[data-testid='equity-graph'] .eg-point").nth(2)
        target = int(point.get_attribute("data-value") or "0")
        point.click()
        until(page, lambda: _step_at(page), target)
        assert page.locator("[data-testid='equity-graph'] .eg-point.here").count() == 1
        # A play graded doubtful or worse in the move list (not a cube action beside it).
        graded = page.locator("#history button.mv:has(.an-grade)").filter(has_not_text="No double")
        assert graded.count() >= 1
        move = graded.first
        step = int(move.get_attribute("data-value") or "0")
        move.click()
        until(page, lambda: _step_at(page), step)
        assert _alternatives(page) == 1  # the play the match made, marked once
        assert text_of(page, f"{REPORT} [data-testid='play-played']").startswith("Played: ")
        page.locator(REPORT).scroll_into_view_if_needed()
        screenshot(page, f"analyse-match-flow-error-{name}")

        # Roll out that decision, cancel a long rollout, and the next is as fast.
        _roll_out(page, "36", "5")  # the workers' first rollout: they plan and warm up
        first = _roll_out(page, "36", "5")
        # The play the match made is rolled out with King Tubby's candidates, however low
        # it ranks among them.
        said = text_of(page, f"{REPORT} [data-testid='play-played']")
        played = said.removeprefix("Played: ").split(",")[0]
        assert played in text_of(page, "#analysis [data-testid='rollout-table']"), said
        form = page.locator(ROLLOUT)
        form.locator("select[name='trials']").select_option("1296")
        form.locator("select[name='truncate']").select_option("0")
        form.locator("[data-action='rollout']").click()
        page.wait_for_function(  # under way, its parts grown past the first trials
            f"() => /Rolling out… ([6-9]|\\d\\d+) of 1296/.test("
            f'document.querySelector("{ROLLOUT_STATE}")?.innerText)',
            timeout=AI_TIMEOUT_MS,
        )
        page.click("#analysis [data-action='rollout-cancel']")
        until(page, lambda: text_of(page, ROLLOUT_STATE).startswith("Cancelled after"), True)
        second = _roll_out(page, "36", "5")
        print(f"{name}: 36 trials {first:.1f} s; after a cancelled 1296, {second:.1f} s")
        # The same work before and after, side by side in this run: the cancelled
        # rollout's workers end at most one short part (slack for a loaded machine).
        assert second <= 3 * first + 2, (first, second)
        assert _step_at(page) == step

        # Kept in a named save, and loaded back with its analysis.
        page.click("#analysis [data-action='analysis-first']")
        until(page, lambda: _step_at(page), 0)
        grades = page.locator("#history .an-grade").all_inner_texts()
        page.click(".menu [data-action='saves-open']")
        dialog = page.locator("dialog#dialog")
        dialog.locator("input[name='name']").fill("last night")
        dialog.locator("[data-action='save-slot']").click()
        assert "last night" in text_of(page, "dialog#dialog .slots")
        page.reload()  # the save outlives the page: another evening, the same browser
        wait_ready(page, loaded)
        assert page.locator("body[data-analysis='analyse']").count() == 0
        page.click(".menu [data-action='saves-open']")
        dialog.locator("[data-action='load-slot'][data-value='last night']").click()
        page.wait_for_selector("body[data-analysis='analyse']")
        assert _at(page).startswith("Decision 1 of")
        progress = text_of(page, "[data-testid='an-progress']")
        assert progress == f"Match analysed: {DECISIONS} decisions."
        assert _stats_cells(page, "PR") == pr and _stats_cells(page, "Luck") == luck
        assert page.locator("[data-testid='equity-graph'] .eg-point").count() >= 3
        assert page.locator("#history .an-grade").all_inner_texts() == grades
        page.locator("[data-testid='an-match']").scroll_into_view_if_needed()
        screenshot(page, f"analyse-match-flow-loaded-{name}")
        assert loaded.errors == []
    finally:
        loaded.context.close()
