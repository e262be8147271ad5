"""Saving in the browser: autosave and resume mid-turn, corrupt and tampered
saves, named slots, export and import, and storage that refuses to save."""

from __future__ import annotations

import json
from pathlib import Path

from playwright.sync_api import Browser, Page

from e2e.helpers import DESKTOP, LoadedPage, open_game, screenshot, wait_ready
from scripts.page_driver import (
    click_place,
    confirm_play,
    new_game,
    position_id,
    text_of,
    wait_for_player,
)
from web.model.storage import ADOPTED, PREFIX, namespace_for


def key(page: Page, name: str) -> str:
    """The page's key ``name`` in ``localStorage``: under its directory (web.model.storage)."""
    return namespace_for(str(page.evaluate("location.pathname"))) + name


def start_my_turn(browser: Browser, site_url: str, init_script: str = "") -> LoadedPage:
    """A game against Selector in which I won the opening roll with 6-1."""
    game = open_game(
        browser, site_url, query="seed=1&anim=off&dice=6,1", init_script=init_script, **DESKTOP
    )
    new_game(game.page, "medium", 3)
    game.page.click("#controls [data-action='roll']")
    wait_for_player(game.page)
    return game


def reload(game: LoadedPage) -> None:
    game.page.reload()
    wait_ready(game.page, game)
    # Requests the reload cut short (the AI worker may still have been loading)
    # are not failures of the site.
    game.failures[:] = [f for f in game.failures if "ERR_ABORTED" not in f]


def stored(page: Page) -> dict[str, str]:
    return dict(
        page.evaluate(
            "() => Object.fromEntries(Object.keys(localStorage).map(k => [k, localStorage[k]]))"
        )
    )


def test_reload_mid_turn_and_carry_on(browser: Browser, site_url: str) -> None:
    game = start_my_turn(browser, site_url)
    page = game.page
    click_place(page, 13)
    click_place(page, 7)  # 13/7, half of the 6-1
    before = page.locator("#board").get_attribute("data-position-id")
    assert json.loads(stored(page)[key(page, "autosave")])["match"]["turn"]["steps"] == [[13, 7, 6]]
    reload(game)
    assert "restored" in text_of(page, "#status")
    assert page.locator('#board .checker.me[data-point="7"]').count() == 1
    assert page.locator("#board").get_attribute("data-position-id") == before
    assert page.locator("#controls [data-action='undo']").is_enabled()
    click_place(page, 8)
    click_place(page, 7)  # 8/7: the 7 point made
    confirm_play(page)
    wait_for_player(page)  # Selector moved, in its worker
    assert "13/7 8/7" in text_of(page, "#history")
    assert page.locator("#history tr").count() >= 2
    assert game.errors == [] and game.failures == []
    game.context.close()


def test_a_corrupt_save_shows_a_message_and_is_kept_aside(browser: Browser, site_url: str) -> None:
    game = start_my_turn(browser, site_url)
    page = game.page
    page.evaluate(
        'k => localStorage.setItem(k, \'{"app": "backgammon-web", oops\')', key(page, "autosave")
    )
    reload(game)
    notice = page.locator("#notice")
    assert notice.is_visible()
    assert "could not be read" in notice.inner_text() and "kept aside" in notice.inner_text()
    screenshot(page, "corrupt-save")
    kept = {k: v for k, v in stored(page).items() if k.startswith(key(page, "corrupt:"))}
    assert list(kept.values()) == ['{"app": "backgammon-web", oops']
    assert page.locator("dialog#dialog[open]").get_attribute("data-kind") == "new"
    new_game(page, "human", 1)  # the page still works
    page.click(".notice [data-action='dismiss-notice']")
    assert not notice.is_visible()
    assert game.errors == []
    game.context.close()


def test_a_tampered_save_is_refused(browser: Browser, site_url: str) -> None:
    game = start_my_turn(browser, site_url)
    page = game.page
    data = json.loads(stored(page)[key(page, "autosave")])
    data["match"]["games"][0]["events"][0]["dice"] = [6, 6]  # not what was rolled
    page.evaluate(
        "a => localStorage.setItem(a[0], a[1])", [key(page, "autosave"), json.dumps(data)]
    )
    reload(game)
    assert "could not be read" in text_of(page, "#notice")
    assert any(k.startswith(key(page, "corrupt:")) for k in stored(page))
    assert game.errors == []
    game.context.close()


def test_named_slots_export_import_and_gnubg_ids(
    browser: Browser, site_url: str, tmp_path: Path
) -> None:
    game = start_my_turn(browser, site_url)
    page = game.page
    start = position_id(page)
    page.click(".menu [data-action='saves-open']")
    dialog = page.locator("dialog#dialog")
    dialog.locator("input[name='name']").fill("my opening")
    dialog.locator("[data-action='save-slot']").click()
    assert "my opening" in text_of(page, "dialog#dialog .slots")
    assert page.locator("[data-testid='position-id']").inner_text() == start
    match_id = page.locator("[data-testid='match-id']").inner_text()
    assert len(match_id) == 12
    with page.expect_download() as download:
        dialog.locator("[data-action='export']:not([data-value])").click()
    saved = tmp_path / "game.json"
    download.value.save_as(saved)
    exported = json.loads(saved.read_text())
    assert exported["match"]["format"] == "backgammon-match"
    screenshot(page, "saves-dialog")
    dialog.locator("[data-action='close']").last.click()

    page.fill("#notation", "13/7 8/7")
    page.press("#notation", "Enter")
    wait_for_player(page)
    assert position_id(page) != start
    page.click(".menu [data-action='saves-open']")
    dialog.locator("[data-action='load-slot'][data-value='my opening']").click()
    dialog.locator("[data-action='abandon']").click()  # the game in progress is thrown away
    assert position_id(page) == start
    assert "Loaded" in text_of(page, "#announce")

    page.click(".menu [data-action='saves-open']")
    dialog.locator("[data-action='delete-slot'][data-value='my opening']").click()
    assert "No saved games" in text_of(page, "dialog#dialog")

    # Import the exported file into a fresh browser.
    other = open_game(browser, site_url, **DESKTOP)
    other.page.click("dialog [data-action='start']")
    other.page.click(".menu [data-action='saves-open']")
    other.page.set_input_files("dialog#dialog input[type='file']", str(saved))
    # The Match ID carries the dice, so it tells the imported game from a fresh one.
    other.page.wait_for_function(
        "id => document.getElementById('board').dataset.matchId === id", arg=match_id
    )
    assert "Imported" in text_of(other.page, "#announce")
    assert position_id(other.page) == start
    bad = tmp_path / "bad.json"
    bad.write_text('{"not": "a game"}')
    other.page.click(".menu [data-action='saves-open']")
    other.page.set_input_files("dialog#dialog input[type='file']", str(bad))
    # Said in the Saves dialog the file came from.
    other.page.wait_for_selector("dialog#dialog .dialog-error")
    assert "not a saved game" in text_of(other.page, "dialog#dialog .dialog-error")
    assert position_id(other.page) == start
    assert game.errors == [] and other.errors == []
    other.context.close()
    game.context.close()


def test_full_or_disabled_storage_is_a_warning_not_a_crash(browser: Browser, site_url: str) -> None:
    refuse = (
        "Storage.prototype.setItem = function () {"
        " throw new DOMException('The quota has been exceeded.', 'QuotaExceededError'); };"
    )
    game = start_my_turn(browser, site_url, init_script=refuse)
    page = game.page
    assert "full or disabled" in text_of(page, "#notice")
    click_place(page, 13)
    click_place(page, 7)
    click_place(page, 8)
    click_place(page, 7)
    confirm_play(page)
    wait_for_player(page)
    assert "13/7 8/7" in text_of(page, "#history")
    assert game.errors == []
    game.context.close()


def test_a_save_of_an_earlier_version_is_adopted_under_this_deployments_keys(
    browser: Browser, site_url: str
) -> None:
    game = start_my_turn(browser, site_url)
    page = game.page
    ours = key(page, "autosave")
    assert ours.startswith("backgammon@/") and stored(page)[ADOPTED] == key(page, "")
    before = position_id(page)
    text = stored(page)[ours]
    # As an earlier version left it: under the bare key, before any deployment adopted it.
    page.evaluate(
        "a => { localStorage.clear(); localStorage.setItem(a[0], a[1]); }",
        [PREFIX + "autosave", text],
    )
    reload(game)
    assert "restored" in text_of(page, "#status") and position_id(page) == before
    assert stored(page)[ours] == text and PREFIX + "autosave" not in stored(page)
    assert game.errors == []
    game.context.close()
