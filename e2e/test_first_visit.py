"""A first visit on a slow link: while Python downloads and starts, the page says
what is loading and how far (public/progress.js), over the board it has already
drawn."""

from __future__ import annotations

import re

from playwright.sync_api import Browser

from e2e.helpers import DESKTOP, READY_TIMEOUT_MS
from e2e.service_worker import wait_until_offline_ready

# The slow link: 9 Mbit/s down, 40 ms away.
SLOW_LINK = {
    "offline": False,
    "latency": 40,
    "downloadThroughput": 9_000_000 / 8,
    "uploadThroughput": 2_000_000 / 8,
}

# Installed before the page's scripts: every text the progress shows, with when,
# and when the board became interactive.
RECORD = """
window.__progress = [];
window.__readyAt = null;
new MutationObserver(() => {
  const status = document.querySelector("#load-progress [role=status]");
  const text = status ? status.textContent : null;
  const seen = window.__progress;
  if (text && (!seen.length || seen[seen.length - 1][1] !== text)) {
    seen.push([performance.now(), text]);
  }
  const board = document.getElementById("board");
  if (window.__readyAt === null && board && board.dataset.ready === "true") {
    window.__readyAt = performance.now();
  }
}).observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
"""

BYTES = re.compile(r"Downloading Python: (\d+\.\d) of (\d+\.\d) MB")


def test_a_slow_first_visit_shows_what_is_loading_and_how_far(
    browser: Browser, site_url: str
) -> None:
    context = browser.new_context(**DESKTOP)
    context.add_init_script(RECORD)
    page = context.new_page()
    cdp = context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send("Network.emulateNetworkConditions", SLOW_LINK)
    try:
        page.goto(site_url + "?anim=off")
        # The board is drawn before Python runs, and the progress shows over it.
        assert page.locator("#board .checker").count() == 30
        page.wait_for_selector('#board[data-ready="true"]', timeout=READY_TIMEOUT_MS)
        ready_at = page.evaluate("() => window.__readyAt")
        shown = [(float(t), str(text)) for t, text in page.evaluate("() => window.__progress")]
        before = [text for t, text in shown if t <= ready_at]

        downloading = [m for m in (BYTES.fullmatch(text) for text in before) if m is not None]
        assert len(downloading) >= 2, shown  # the bytes, more than once
        done = [float(m[1]) for m in downloading]
        assert done == sorted(done) and done[-1] > done[0], shown  # going up
        assert {m[2] for m in downloading} == {downloading[0][2]}  # of one total
        assert 3.0 < float(downloading[0][2]) < 6.0  # the runtime: about 4.6 MB
        assert len(set(before)) >= 3, shown  # and it moves on: starting Python, the game
        assert any(text in ("Starting Python…", "Starting the game…") for text in before)

        # Accessible: a polite status, not an alert.
        status = page.locator("#load-progress [role=status]")
        if status.count():
            assert status.get_attribute("aria-live") in (None, "polite")
        # Once the AI is ready it goes away.
        page.wait_for_selector('#board[data-ai="ready"]', timeout=READY_TIMEOUT_MS)
        page.wait_for_selector("#load-progress", state="detached")
        assert "Loading the AI…" in [text for _, text in shown] + [
            str(text) for _, text in page.evaluate("() => window.__progress")
        ]
    finally:
        context.close()


def test_a_return_visit_says_python_is_starting_not_downloading(
    browser: Browser, site_url: str
) -> None:
    """Once the service worker holds the site, a visit downloads nothing: the
    progress says Python is starting, never "Downloading Python: 0.0 of 4.8 MB"."""
    context = browser.new_context(**DESKTOP)
    context.add_init_script(RECORD)
    page = context.new_page()
    try:
        page.goto(site_url + "?anim=off")
        page.wait_for_selector('#board[data-ready="true"]', timeout=READY_TIMEOUT_MS)
        wait_until_offline_ready(page)
        page.reload()
        page.wait_for_selector('#board[data-ready="true"]', timeout=READY_TIMEOUT_MS)
        assert page.evaluate("() => navigator.serviceWorker.controller !== null")
        shown = [str(text) for _, text in page.evaluate("() => window.__progress")]
        assert shown, "the progress showed nothing on a return visit"
        assert not [text for text in shown if BYTES.fullmatch(text)], shown
        assert shown[0] == "Starting Python…", shown
    finally:
        context.close()


def test_a_game_with_a_friend_does_not_wait_for_the_ai_loading(
    browser: Browser, site_url: str
) -> None:
    """A first visit starts loading the AI; a player who picks a friend's game
    instead is not told to wait for it (the AI's archive held back here, so it
    is still loading throughout)."""
    context = browser.new_context(**DESKTOP, service_workers="block")
    context.route("**/python/ai-worker.zip.gz", lambda route: None)  # never answered
    page = context.new_page()
    try:
        page.goto(site_url + "?anim=off")
        page.wait_for_selector('#board[data-ready="true"]', timeout=READY_TIMEOUT_MS)
        status = page.locator("#load-progress [role=status]")
        assert status.text_content() == "Loading the AI…"
        page.click("dialog input[name='opponent'][value='human']")  # a first visit's New game
        page.click("dialog [data-action='start']")
        page.wait_for_selector("#load-progress", state="detached", timeout=5_000)
        assert page.get_attribute("#board", "data-ai") == "loading"
        assert page.get_attribute("#board", "data-opponent") == "human"
    finally:
        context.close()
