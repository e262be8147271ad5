"""Shared e2e helpers: open the game in a fresh browser context and watch what it does.

Playing through the page (moving checkers, starting a game, waiting for the
player's turn) is in :mod:`scripts.page_driver`, which the load benchmark
shares; what only the test build allows (setting the dice) is here.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from playwright.sync_api import Browser, BrowserContext, Page
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

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
    browser: Browser, url: str, *, query: str = "", init_script: str = "", **context_args: Any
) -> LoadedPage:
    """A fresh browser context (empty storage) on the page, once Python has drawn it.

    ``query`` is the URL's query string.  The test build (the ``site_url``
    fixture) reads its hooks from it: ``seed=N`` seeds the game's dice,
    ``dice=6,5,...`` queues faces in front of them, ``anim=off`` skips the
    animations' waiting (``e2e/site/hooks.py``); the published build ignores it.
    """
    context = browser.new_context(**context_args)
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
