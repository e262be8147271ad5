"""After one visit the game works with no network at all, and a new deploy is
offered with an "Update available — Reload" prompt.

The tests share one browser context and run in order, as a visitor would:
first visit online, then everything offline (the server is stopped *and* the
context is offline), then back online to a redeployed site.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser

from e2e.conftest import SUB_PATH
from e2e.helpers import DESKTOP, LoadedPage, open_game, wait_ready
from e2e.service_worker import (
    SW_TIMEOUT_MS,
    Deployment,
    cache_names,
    wait_until_offline_ready,
    worker_version,
)
from scripts import build_site, precache
from scripts.page_driver import new_game, position_id, text_of, wait_for_player

# The test build's hooks: dice queued in front of the seeded RNG, so that I
# win the opening roll with 6-1.
QUERY = "seed=1&anim=off&dice=6,1"
STDLIB = f"{build_site.SITE_PYODIDE}/{build_site.SHIPPED_STDLIB}"


@pytest.fixture(scope="module")
def deployment(test_site: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Deployment]:
    # A copy of the test build, served by this module alone, to stop and change.
    deployed = Deployment(test_site, tmp_path_factory.mktemp("pages"), SUB_PATH)
    yield deployed
    deployed.down()


@pytest.fixture(scope="module")
def visit(browser: Browser, deployment: Deployment) -> Iterator[LoadedPage]:
    """The first visit, online: the page loads and the service worker installs."""
    loaded = open_game(browser, deployment.url, query=QUERY, **DESKTOP)
    yield loaded
    loaded.context.close()


def reload(game: LoadedPage) -> None:
    game.page.reload()
    wait_ready(game.page, game)
    # Requests the reload cut short (the AI worker may still have been loading)
    # are not failures of the site.
    game.failures[:] = [f for f in game.failures if "ERR_ABORTED" not in f]


def go_offline(game: LoadedPage, deployment: Deployment) -> None:
    deployment.down()
    game.context.set_offline(True)


def go_online(game: LoadedPage, deployment: Deployment) -> None:
    deployment.up()
    game.context.set_offline(False)


def test_the_first_visit_installs_a_worker_that_caches_this_build(
    visit: LoadedPage, deployment: Deployment
) -> None:
    version = wait_until_offline_ready(visit.page)
    assert version == deployment.version()
    ours = [name for name in cache_names(visit.page) if name.startswith("backgammon ")]
    assert ours == [f"backgammon {deployment.url} {version}"]
    cached = visit.page.evaluate(
        "async name => (await (await caches.open(name)).keys()).length", ours[0]
    )
    manifest_entry = 1
    assert cached == len(precache.precached_files(deployment.root)) + manifest_entry
    # The zips are kept inflated: a returning player's page need not inflate them.
    starts = visit.page.evaluate(
        """async ([name, paths]) => {
          const cache = await caches.open(name);
          const heads = [];
          for (const path of paths) {
            const body = await (await cache.match(new URL(path, location.href))).arrayBuffer();
            heads.push(Array.from(new Uint8Array(body, 0, 2)));
          }
          return heads;
        }""",
        [ours[0], [build_site.PAGE_ARCHIVE, build_site.WORKER_ARCHIVE, STDLIB]],
    )
    assert starts == [[0x50, 0x4B]] * 3  # "PK", a zip's first bytes; the served files are gzip


def test_the_game_reloads_and_plays_the_ai_with_the_network_off(
    visit: LoadedPage, deployment: Deployment
) -> None:
    page = visit.page
    go_offline(visit, deployment)
    reload(visit)
    assert page.locator("#board .checker").count() == 30
    new_game(page, "medium", 3)
    page.click("#controls [data-action='roll']")
    wait_for_player(page)
    page.fill("#notation", "13/7 8/7")
    page.press("#notation", "Enter")
    state = wait_for_player(page)  # Selector answered, from its worker, offline
    assert state["ai"] == "ready"
    assert "13/7 8/7" in text_of(page, "#history")
    assert page.locator("#history tr").count() >= 2
    assert visit.errors == []
    assert visit.failures == []


def test_a_saved_game_resumes_offline(visit: LoadedPage) -> None:
    page = visit.page
    page.click(".menu [data-action='saves-open']")
    dialog = page.locator("dialog#dialog")
    dialog.locator("input[name='name']").fill("offline")
    dialog.locator("[data-action='save-slot']").click()
    assert "offline" in text_of(page, "dialog#dialog .slots")
    dialog.locator("[data-action='close']").last.click()
    saved = position_id(page)

    reload(visit)  # still offline: the autosave brings the match back
    assert "restored" in text_of(page, "#status")
    assert position_id(page) == saved
    page.click(".menu [data-action='saves-open']")
    dialog.locator("[data-action='load-slot'][data-value='offline']").click()
    dialog.locator("[data-action='abandon']").click()  # the game in progress gives way
    page.wait_for_function("() => !document.getElementById('dialog').open")
    assert position_id(page) == saved
    assert visit.errors == [] and visit.failures == []


def test_an_unknown_file_is_answered_offline_not_left_hanging(visit: LoadedPage) -> None:
    status = visit.page.evaluate("async () => (await fetch('./no-such-file.txt')).status")
    assert status == 504


def test_a_new_deploy_offers_an_update_and_reloads_into_it(
    visit: LoadedPage, deployment: Deployment
) -> None:
    page = visit.page
    old = worker_version(page)
    go_online(visit, deployment)
    new = deployment.redeploy("style.css", "\n/* a new build */\n")
    assert new != old
    # What the page does when it is shown again or an hour has passed.
    page.evaluate("async () => (await navigator.serviceWorker.getRegistration()).update()")
    prompt = page.locator("#update-prompt")
    prompt.wait_for(timeout=SW_TIMEOUT_MS)
    assert "Update available" in prompt.inner_text()
    assert worker_version(page) == old  # nothing changes until the player says so
    with page.expect_navigation(timeout=SW_TIMEOUT_MS):
        prompt.get_by_role("button", name="Reload").click()
    wait_ready(page, visit)
    assert worker_version(page) == new
    ours = [name for name in cache_names(page) if name.startswith("backgammon ")]
    assert ours == [f"backgammon {deployment.url} {new}"]  # the old version's cache is gone
    assert page.locator("#update-prompt").count() == 0
    css = page.evaluate("async () => (await fetch('./style.css')).text()")
    assert css.endswith("/* a new build */\n")
