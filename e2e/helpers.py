"""Shared e2e helpers: open the game in a fresh browser context and watch what it does."""

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

DESKTOP = {"viewport": {"width": 1280, "height": 800}}
PHONE_PORTRAIT = {
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


def open_game(browser: Browser, url: str, **context_args: Any) -> LoadedPage:
    context = browser.new_context(**context_args)
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
    page.goto(url)
    try:
        page.wait_for_selector('#board[data-ready="true"]', timeout=READY_TIMEOUT_MS)
    except PlaywrightTimeoutError:
        # Say why Python never got going, not just that it timed out.
        details = "\n".join([*loaded.errors, *loaded.failures]) or "no errors logged"
        raise AssertionError(f"the board never became ready at {url}:\n{details}") from None
    return loaded


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
