"""Analysis depth (#47): chosen in Settings, a hint judged at 2-ply by King
Tubby in the AI's web worker says so beside its plays."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Browser

from e2e.helpers import DESKTOP, PHONE_PORTRAIT, open_game, screenshot
from scripts.page_driver import AI_TIMEOUT_MS, new_game, text_of, wait_for_player


@pytest.mark.parametrize(("name", "layout"), [("desktop", DESKTOP), ("phone", PHONE_PORTRAIT)])
def test_a_hint_at_two_ply_says_so(
    browser: Browser, site_url: str, name: str, layout: dict[str, Any]
) -> None:
    game = open_game(browser, site_url, query="seed=4&anim=off&dice=4,2", **layout)
    page = game.page
    new_game(page, "hard", 3)
    page.locator(".menu [data-action='settings-open']").click()
    depth = page.locator("dialog select[data-name='analysis_plies']")
    assert depth.input_value() == "1"  # play's own depth until the player asks for more
    depth.select_option("2")
    page.wait_for_function(
        "() => document.querySelector(\"dialog select[data-name='analysis_plies']\").value === '2'"
    )
    depth.scroll_into_view_if_needed()
    wide = page.evaluate(
        "() => { const d = document.getElementById('dialog');"
        " return d.scrollWidth - d.clientWidth; }"
    )
    assert wide <= 0, f"the settings are {wide} px wider than their dialog"
    screenshot(page, f"{name}-settings-analysis-depth")
    page.click("dialog [data-action='close']")
    page.wait_for_function("() => !document.getElementById('dialog').open")
    page.click("#controls [data-action='roll']")
    wait_for_player(page)
    page.click("#controls [data-action='hint']")
    page.wait_for_selector("#hint .hint-play.best", timeout=AI_TIMEOUT_MS)
    assert text_of(page, "#hint .hint-play.best .hint-move") == "8/4 6/4"
    assert text_of(page, "#hint .hint-play.best .ply") == "2-ply"
    depths = page.locator("#hint .hint-play .ply").all_inner_texts()
    assert depths == sorted(depths, reverse=True)  # the deepest first, then 1- and 0-ply
    # A line above each shallower group: its figures are quicker ones.
    turns = [i for i in range(1, len(depths)) if depths[i] != depths[i - 1]]
    rows = page.locator("#hint .hint-plays > li")
    lined = [i for i in range(rows.count()) if rows.nth(i).get_attribute("class") == "shallower"]
    assert turns and lined == turns
    screenshot(page, f"{name}-hint-2-ply")
    assert game.errors == []
    game.context.close()
