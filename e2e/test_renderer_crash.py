"""What :func:`e2e.helpers.open_game` does when Chromium's renderer dies while
the page loads: one more fresh context, with a warning; never a second.

The crash is a real one: ``chrome://crash`` kills the page's renderer, as the
crashes seen under the full suite's load in CI did.
"""

from __future__ import annotations

from collections.abc import Callable
from contextlib import suppress

import pytest
from playwright.sync_api import Browser, Page
from playwright.sync_api import Error as PlaywrightError

from e2e import helpers
from e2e.helpers import DESKTOP, LoadedPage, RendererCrashed, is_renderer_crash, open_game


def crash_first(times: int) -> Callable[[Page, LoadedPage], None]:
    """``wait_ready`` that kills the renderer on its first ``times`` calls."""
    real = helpers.wait_ready
    calls = 0

    def wait_ready(page: Page, loaded: LoadedPage) -> None:
        nonlocal calls
        calls += 1
        if calls <= times:
            # The navigation is aborted as the renderer dies.
            with suppress(PlaywrightError):
                page.goto("chrome://crash")
        real(page, loaded)

    return wait_ready


def test_a_renderer_crash_while_loading_gets_one_more_fresh_context(
    browser: Browser, site_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    before = list(browser.contexts)
    monkeypatch.setattr(helpers, "wait_ready", crash_first(1))
    with pytest.warns(RendererCrashed, match="the renderer crashed loading"):
        game = open_game(browser, site_url, **DESKTOP)
    try:
        assert game.page.get_attribute("#board", "data-ready") == "true"
        # The crashed context was closed, not left behind.
        assert browser.contexts == [*before, game.context]
    finally:
        game.context.close()


def test_a_renderer_that_crashes_twice_fails_the_test(
    browser: Browser, site_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    before = list(browser.contexts)
    monkeypatch.setattr(helpers, "wait_ready", crash_first(2))
    with pytest.warns(RendererCrashed), pytest.raises(PlaywrightError) as raised:
        open_game(browser, site_url, **DESKTOP)
    assert is_renderer_crash(raised.value)
    assert browser.contexts == before
