"""End-to-end fixtures: build the site, serve it under a sub-path, drive Debian's Chromium.

The tests run on the test build (``site_url``): the published site with an
entry point that takes seeded and queued dice from the URL (``e2e/site/``).
``published_url`` serves the published build itself, which has no such hook.

``playwright install`` cannot download browsers here, so pytest-playwright is
pointed at ``/usr/bin/chromium`` (override with ``$CHROMIUM``).
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser

from e2e.helpers import DESKTOP, PHONE_PORTRAIT, LoadedPage, open_game
from scripts import build_site, serve

CHROMIUM = Path(os.environ.get("CHROMIUM", "/usr/bin/chromium"))
# The test build's entry point imports PyScript's browser-only module.
collect_ignore = ["site/main.py"]

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


@contextmanager
def served(site: Path) -> Iterator[str]:
    """``site`` served on a free localhost port under :data:`SUB_PATH`; its URL."""
    server, url = serve.start(site, prefix=SUB_PATH)
    try:
        yield url
    finally:
        server.shutdown()
        server.server_close()


@pytest.fixture(scope="session")
def test_site() -> Path:
    """The test build, freshly built into ``build/site-test/``."""
    return build_site.build(build_site.TEST_OUT, test_hooks=True)


@pytest.fixture(scope="session")
def site_url(test_site: Path) -> Iterator[str]:
    """The test build, served: the URL's ``seed=``, ``dice=`` and ``anim=`` set the game's
    dice and animations, and ``window.backgammonQueueDice(faces)`` queues more dice."""
    with served(test_site) as url:
        yield url


@pytest.fixture(scope="session")
def published_site() -> Path:
    """The published build (``make build``'s, no test hooks), freshly built into ``build/site/``."""
    return build_site.build()


@pytest.fixture(scope="session")
def published_url(published_site: Path) -> Iterator[str]:
    """The published build, served as :func:`site_url` serves the test build."""
    with served(published_site) as url:
        yield url


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
