"""The published build gives a player no way to choose the dice: the URL's
``seed=`` and ``dice=`` change nothing there and no ``backgammonQueueDice`` is
defined, while the test build, served beside it, does what the same URL asks
(so the comparison means something).  Neither build fails to start on a query
it does not understand."""

from __future__ import annotations

import io
import urllib.request
import zipfile
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page

from e2e.helpers import DESKTOP, LoadedPage, open_game
from scripts import build_site, bytecode, solid_zip
from scripts.page_driver import new_game, wait_for_player

# Three 6-5 openings queued, then the dice of seed 1.
QUERY = "seed=1&anim=off&dice=6,5,6,5,6,5"
QUEUED = 3
OPENINGS = 6
# Values it cannot use, a broken escape, empty and nameless parameters.
JUNK = "seed=%ZZ&dice=9,x,-1&anim=sideways&&=&seed=&%E0%A4%A=1&dice&seed=1e3"
# Python in the published page that would let a visitor choose the dice.
HOOK_MARKERS = (b"backgammonQueueDice", b"QueuedDice", b"location.search", b"e2e.site")


def hook_type(page: Page) -> str:
    return str(page.evaluate("() => typeof window.backgammonQueueDice"))


def opening_rolls(page: Page, count: int) -> list[tuple[str, ...]]:
    """Start ``count`` games in turn and roll each one's opening: who is on roll
    and the two dice, as the board shows them."""
    rolls = []
    for _ in range(count):
        new_game(page, "human", 1)
        page.click("#controls [data-action='roll']")
        state = wait_for_player(page)
        dice = page.locator("#board .die").evaluate_all("els => els.map(e => e.dataset.value)")
        rolls.append((state["turn"], *dice))
    return rolls


@pytest.fixture(scope="module")
def hooked(browser: Browser, site_url: str) -> Iterator[LoadedPage]:
    loaded = open_game(browser, site_url, query=QUERY, **DESKTOP)
    yield loaded
    loaded.context.close()


@pytest.fixture(scope="module")
def published(browser: Browser, published_url: str) -> Iterator[LoadedPage]:
    loaded = open_game(browser, published_url, query=QUERY, **DESKTOP)
    yield loaded
    loaded.context.close()


def test_the_published_python_reads_no_dice_from_the_url(published_url: str) -> None:
    def get(rel: str) -> bytes:
        with urllib.request.urlopen(published_url + rel) as response:
            return bytes(response.read())

    archive = zipfile.ZipFile(io.BytesIO(solid_zip.gunzip(get("python/page.zip.gz"))))
    sources = {name: archive.read(name) for name in archive.namelist() if name.endswith(".py")}
    # Most modules ship as bytecode alone: the source each was compiled from (its
    # header's hash names it) must not mention the hooks, nor the bytecode itself.
    for name in archive.namelist():
        if name.endswith(".pyc"):
            data = archive.read(name)
            text = (build_site.ROOT / name.removesuffix("c")).read_text(encoding="utf-8")
            stripped = build_site.shipped_python(text).encode()
            assert bytecode.compiled_from(data, stripped), f"{name} is not from {name[:-1]}"
            sources[name] = data
            sources[name.removesuffix("c")] = stripped
    sources["main.py"] = get("main.py")
    assert "web/dom/page.pyc" in sources and "engine/dice.py" in sources
    assert not [name for name in archive.namelist() if name.startswith("e2e/")]
    found = [(name, m.decode()) for name, src in sources.items() for m in HOOK_MARKERS if m in src]
    assert found == []


def test_only_the_test_build_defines_the_dice_hook(
    hooked: LoadedPage, published: LoadedPage
) -> None:
    assert hook_type(hooked.page) == "function"
    assert hook_type(published.page) == "undefined"


def test_the_url_does_not_set_the_published_dice(hooked: LoadedPage, published: LoadedPage) -> None:
    queued = opening_rolls(hooked.page, OPENINGS)
    assert queued[:QUEUED] == [queued[0]] * QUEUED and sorted(queued[0][1:]) == ["5", "6"]
    rolls = opening_rolls(published.page, OPENINGS)
    # Alike by chance: three openings in a row 6-5 as queued, (1/30)**3; the
    # seed's three, at most (1/15)**3.
    assert rolls[:QUEUED] != queued[:QUEUED], "the queued dice were rolled"
    assert rolls[QUEUED:] != queued[QUEUED:], "the seed's dice were rolled"
    assert published.errors == [] and published.failures == []


@pytest.mark.parametrize("build", ["published", "test"])
def test_junk_in_the_query_still_starts_the_game(
    browser: Browser, published_url: str, site_url: str, build: str
) -> None:
    url = published_url if build == "published" else site_url
    game = open_game(browser, url, query=JUNK, **DESKTOP)  # waits for the board to be ready
    try:
        assert game.page.locator("#board .checker").count() == 30
        assert hook_type(game.page) == ("function" if build == "test" else "undefined")
        assert game.errors == [] and game.failures == []
    finally:
        game.context.close()
