"""The Stats dialog's Dice section on the real page: this game's rolls and those
kept from before, on a desktop and on a phone held upright and sideways."""

from __future__ import annotations

import json
import re
from typing import Any
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Browser

from e2e.helpers import DESKTOP, PHONE_PORTRAIT, open_game, screenshot
from scripts.page_driver import new_game, play_turn, wait_for_player
from web.model.storage import STATS, namespace_for

PHONE_SIDEWAYS: dict[str, Any] = {**PHONE_PORTRAIT, "viewport": {"width": 844, "height": 390}}
# Kept from games before against Beach Bum, the player's nine counts first: 600 rolls
# each, their doubles, rolls typed in, and each face 1 to 6.
KEPT = [600, 104, 3, 198, 201, 195, 206, 199, 201, 600, 97, 0, 205, 190, 210, 196, 199, 200]
STATS_KEPT = {"rows": {"easy": {"games": 20, "wins": 11, "losses": 9}}, "dice": {"easy": KEPT}}


@pytest.mark.parametrize(
    ("name", "device"),
    [("desktop", DESKTOP), ("phone", PHONE_PORTRAIT), ("phone-sideways", PHONE_SIDEWAYS)],
)
def test_the_dice_section_counts_this_game_and_all_time(
    browser: Browser, site_url: str, name: str, device: dict[str, Any]
) -> None:
    key = namespace_for(urlsplit(site_url).path) + STATS
    seed = f"localStorage.setItem({json.dumps(key)}, {json.dumps(json.dumps(STATS_KEPT))});"
    game = open_game(browser, site_url, query="seed=3&anim=off", init_script=seed, **device)
    page = game.page
    new_game(page, "easy")
    for _ in range(3):  # a few rolls each
        state = wait_for_player(page)
        if state["phase"] in ("opening", "roll"):
            page.click("#controls [data-action='roll']")
            state = wait_for_player(page)
        if state["phase"] == "move":
            play_turn(page)
    wait_for_player(page)
    page.click(".menu [data-action='stats-open']")
    section = page.locator("dialog#dialog[open][data-kind='stats'] section.dice")
    section.wait_for()
    tables = section.locator("table")
    captions = [c.inner_text() for c in section.locator("caption").all()]
    assert captions == ["Game 1", "All time"]  # the match is its first game: no table of its own

    def rolls(table: int) -> list[int]:
        row = tables.nth(table).locator("tr", has_text="Rolls")
        return [int(t) for t in row.locator("td").all_inner_texts() if t]

    this_game = rolls(0)
    assert sum(this_game) >= 3
    assert rolls(1) == [KEPT[0] + this_game[0], KEPT[9] + this_game[1]]
    text = section.inner_text()
    assert "crypto.getRandomValues" in text
    assert re.search(r"You: these (look like|are unusual for|are very unusual for) fair dice", text)
    assert "Beach Bum: too few rolls yet to judge." in text  # in this game
    assert "3 rolls entered by hand are not counted." in text  # kept from before
    # Nothing runs off the dialog's side, on any screen.
    dialog = page.locator("dialog#dialog")
    assert dialog.evaluate("d => d.scrollWidth - d.clientWidth") <= 0
    edge = dialog.bounding_box()
    assert edge is not None
    for box in section.locator("table, p").evaluate_all(
        "els => els.map(e => e.getBoundingClientRect().toJSON())"
    ):
        assert edge["x"] <= box["x"] + 0.5 and box["right"] <= edge["x"] + edge["width"] + 0.5
    # The figures stay legible on a phone.
    size = section.locator("td").first.evaluate("e => parseFloat(getComputedStyle(e).fontSize)")
    assert size >= 12
    section.locator("h3").scroll_into_view_if_needed()
    section.evaluate("s => s.scrollIntoView({block: 'start'})")
    screenshot(page, f"dice-{name}")
    section.locator("p").last.scroll_into_view_if_needed()
    screenshot(page, f"dice-{name}-end")
    assert game.errors == []
    game.context.close()
