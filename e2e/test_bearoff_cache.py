"""The AI worker makes the bear-off database in the background on a first
visit (the site does not ship it), keeps it in Cache Storage, and reads it
from there on the next visit (web/worker/bearoff.py); with it, King Tubby
works races a few rolls from the bear-off out (engine/ai/race_rolls.py), and
the analysis says so."""

from __future__ import annotations

import re
import time

from playwright.sync_api import Browser, ConsoleMessage

from e2e.helpers import DESKTOP, PHONE_PORTRAIT, READY_TIMEOUT_MS, screenshot
from engine.ai.bearoff import uncompressed
from tests.web.worker.test_worker_bearoff import shipped

OUTCOME = re.compile(r"bear-off database: ([a-z ]+) \(([\d.]+) s, (\d+) slices\)")
# Two stragglers against a bear-off, 5-2 to play.
XGID_STRAGGLERS = "XGID=-CCBBBA--A-A-------m------:0:0:1:52:0:0:0:0:10"
MAKING_TIMEOUT_S = 600  # about 15 s of Pyodide on an idle machine; much more when shared

CACHED = """async () => {
  const cache = await caches.open("backgammon-bearoff");
  const keys = await cache.keys();
  const size = async (k) => (await (await cache.match(k)).arrayBuffer()).byteLength;
  return Promise.all(keys.map(async (k) => [k.url, await size(k)]));
}"""


def test_the_worker_makes_the_database_once_and_reads_it_back(
    browser: Browser, site_url: str
) -> None:
    context = browser.new_context(**DESKTOP)
    said: list[str] = []

    def listen(message: ConsoleMessage) -> None:
        said.append(message.text)

    context.on("console", listen)

    def outcome() -> tuple[str, int]:
        deadline = time.monotonic() + MAKING_TIMEOUT_S
        while time.monotonic() < deadline:
            for text in said:
                if match := OUTCOME.search(text):
                    said.clear()
                    return match.group(1), int(match.group(3))
            page.wait_for_timeout(500)
        raise AssertionError(f"the worker never said how it got the database: {said[-20:]}")

    try:
        page = context.new_page()
        page.goto(site_url + "?anim=off")
        page.wait_for_selector('#board[data-ai="ready"]', timeout=READY_TIMEOUT_MS)
        state, slices = outcome()
        assert state == "made"
        assert slices > 100  # in slices, between which the worker could answer
        [(url, size)] = page.evaluate(CACHED)
        assert url.endswith(".bin") and size == len(uncompressed(shipped()))

        page.close()
        page = context.new_page()
        page.goto(site_url + "?anim=off")
        page.wait_for_selector('#board[data-ai="ready"]', timeout=READY_TIMEOUT_MS)
        assert outcome() == ("from cache", 0)

        # The database in place, the analysis of a race near the end is worked out.
        page.keyboard.press("Escape")  # no new game: the analysis board
        page.wait_for_function("() => !document.getElementById('dialog').open")
        page.click(".menu [data-action='analysis-open']")
        page.wait_for_selector("body[data-analysis='edit'] #analysis:not([hidden])")
        page.fill("#an-id", XGID_STRAGGLERS)
        page.press("#an-id", "Enter")
        page.click("#analysis [data-action='analyse']")
        plays = page.locator("#analysis [data-testid='ranked-plays'] .an-play")
        plays.first.wait_for(timeout=READY_TIMEOUT_MS)
        tags = [plays.nth(i).locator(".ply").inner_text() for i in range(plays.count())]
        assert tags == ["race"] * 5  # not "0-ply": no look-ahead, but sharper than one
        assert plays.first.locator(".an-move > span").inner_text() == "11/6 9/7"
        screenshot(page, "analysis-race-worked-out")

        # At a phone's width the tag still sits in its row, beside the move.
        page.set_viewport_size(PHONE_PORTRAIT["viewport"])
        row = plays.first.bounding_box()
        tag = plays.first.locator(".ply").bounding_box()
        assert row is not None and tag is not None
        assert row["x"] <= tag["x"] and tag["x"] + tag["width"] <= row["x"] + row["width"]
        assert row["x"] + row["width"] <= PHONE_PORTRAIT["viewport"]["width"]
        screenshot(page, "analysis-race-worked-out-phone")
    finally:
        context.close()
