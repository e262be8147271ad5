"""End-to-end fixtures: build the site, serve it under a sub-path, drive Debian's Chromium.

``playwright install`` cannot download browsers here, so pytest-playwright is
pointed at ``/usr/bin/chromium`` (override with ``$CHROMIUM``).
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser

from e2e.helpers import DESKTOP, PHONE_PORTRAIT, LoadedPage, open_game
from scripts import build_site, serve

CHROMIUM = Path(os.environ.get("CHROMIUM", "/usr/bin/chromium"))
# Not "/": a page that only works at the root would fail here, as on GitHub Pages.
SUB_PATH = "/backgammon/"


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    if not CHROMIUM.is_file():
        pytest.exit(f"{CHROMIUM} not found: run `make test`, which installs it", returncode=1)
    return {
        **browser_type_launch_args,
        "executable_path": str(CHROMIUM),
        "args": [
            "--no-sandbox",
            "--disable-gpu",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
        ],
    }


@pytest.fixture(scope="session")
def site_url() -> Iterator[str]:
    """The freshly built site, served on a free localhost port under :data:`SUB_PATH`."""
    site = build_site.build()
    server, url = serve.start(site, prefix=SUB_PATH)
    yield url
    server.shutdown()
    server.server_close()


@pytest.fixture(scope="module")
def desktop(browser: Browser, site_url: str) -> Iterator[LoadedPage]:
    loaded = open_game(browser, site_url, **DESKTOP)
    yield loaded
    loaded.context.close()


@pytest.fixture(scope="module")
def phone(browser: Browser, site_url: str) -> Iterator[LoadedPage]:
    loaded = open_game(browser, site_url, **PHONE_PORTRAIT)
    yield loaded
    loaded.context.close()
