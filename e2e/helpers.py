"""Shared e2e helpers: open the game in a fresh browser context and watch what it does.

Playing through the page (moving checkers, starting a game, waiting for the
player's turn) is in :mod:`scripts.page_driver`, which the load benchmark
shares; what only the test build allows (setting the dice) is here.
"""

from __future__ import annotations

import warnings
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar
from urllib.parse import urlsplit

from playwright.sync_api import Browser, BrowserContext, Page
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

T = TypeVar("T")

ROOT = Path(__file__).resolve().parent.parent
SCREENSHOTS = ROOT / "build" / "screenshots"
# Pyodide takes 10-30 s to start on a slow shared machine; leave plenty of room.
READY_TIMEOUT_MS = 180_000

DESKTOP: dict[str, Any] = {"viewport": {"width": 1280, "height": 800}}
PHONE_PORTRAIT: dict[str, Any] = {
    "viewport": {"width": 390, "height": 844},
    "device_scale_factor": 3,
    "is_mobile": True,
    "has_touch": True,
}


@dataclass
class LoadedPage:
    """A page on which Python has drawn the board, with what it did on the network."""

    context: BrowserContext
    page: Page
    requests: list[str] = field(default_factory=list)
    failures: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)


def open_game(
    browser: Browser,
    url: str,
    *,
    query: str = "",
    init_script: str = "",
    fake_clock: bool = False,
    **context_args: Any,
) -> LoadedPage:
    """A fresh browser context (empty storage) on the page, once Python has drawn it.

    ``query`` is the URL's query string.  The test build (the ``site_url``
    fixture) reads its hooks from it: ``seed=N`` seeds the game's dice,
    ``dice=6,5,...`` queues faces in front of them, ``anim=off`` skips the
    animations' waiting (``e2e/site/hooks.py``); the published build ignores it.
    ``fake_clock`` installs Playwright's clock before the page loads (``Date``,
    ``performance``, the timers: it runs as the real one until the test moves
    it on with ``context.clock.fast_forward``, days, say).

    A renderer that crashes while the page loads gets one more fresh context,
    with a warning in the test summary: Chromium's renderers have crashed
    under the full suite's load in CI (never alone, never twice in a row),
    which says nothing about the page; a page that crashes its renderer
    every time still fails.
    """
    return once_more_if_crashed(
        lambda: _open_game(browser, url, query, init_script, fake_clock, context_args), url
    )


def once_more_if_crashed(load: Callable[[], T], url: str) -> T:
    """``load()``, once more (with a :class:`RendererCrashed` warning) if the
    renderer died in it; ``load`` closes what the crash left behind."""
    try:
        return load()
    except PlaywrightError as error:
        if not is_renderer_crash(error):
            raise
        warnings.warn(
            RendererCrashed(f"the renderer crashed loading {url}; loading it once more: {error}"),
            stacklevel=2,
        )
        return load()


class RendererCrashed(UserWarning):
    """A page's renderer died under the suite and the page was loaded once more."""


def is_renderer_crash(error: PlaywrightError) -> bool:
    """Whether Playwright gave up because the page's renderer process died."""
    return any(words in error.message for words in ("Target crashed", "Page crashed"))


def _open_game(
    browser: Browser,
    url: str,
    query: str,
    init_script: str,
    fake_clock: bool,
    context_args: dict[str, Any],
) -> LoadedPage:
    context = browser.new_context(**context_args)
    try:
        if fake_clock:  # for the context: every page of it, each load, shares the one clock
            context.clock.install()
        return _load(context, url, query, init_script)
    except PlaywrightError as error:
        if is_renderer_crash(error):
            context.close()
        raise


def _load(context: BrowserContext, url: str, query: str, init_script: str) -> LoadedPage:
    if init_script:
        context.add_init_script(init_script)
    page = context.new_page()
    loaded = LoadedPage(context, page)
    # On the context, so that requests from workers are seen too.
    context.on("request", lambda request: loaded.requests.append(request.url))
    context.on(
        "requestfailed",
        lambda request: loaded.failures.append(f"{request.url}: {request.failure}"),
    )
    context.on(
        "response",
        lambda response: (
            loaded.failures.append(f"{response.url}: HTTP {response.status}")
            if response.status >= 400
            else None
        ),
    )
    page.on("pageerror", lambda error: loaded.errors.append(f"page error: {error}"))
    page.on(
        "console",
        lambda message: (
            loaded.errors.append(f"console: {message.text}") if message.type == "error" else None
        ),
    )
    page.goto(url + (f"?{query}" if query else ""))
    wait_ready(page, loaded)
    return loaded


def wait_ready(page: Page, loaded: LoadedPage) -> None:
    """Wait for Python to draw the board, saying why if it never does."""
    url = page.url
    try:
        page.wait_for_selector('#board[data-ready="true"]', timeout=READY_TIMEOUT_MS)
    except PlaywrightTimeoutError:
        # Say why Python never got going, not just that it timed out.
        details = "\n".join([*loaded.errors, *loaded.failures]) or "no errors logged"
        raise AssertionError(f"the board never became ready at {url}:\n{details}") from None


def origin(url: str) -> str:
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}"


def is_local_scheme(url: str) -> bool:
    return urlsplit(url).scheme in ("blob", "data")


def screenshot(page: Page, name: str) -> Path:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    path = SCREENSHOTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    return path


def queue_dice(page: Page, *faces: int) -> None:
    """Queue dice faces in front of the game's dice (the test build's hook)."""
    page.evaluate("faces => window.backgammonQueueDice(faces)", list(faces))
