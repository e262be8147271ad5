"""Issue #46's polish for players, in the browser: pass-and-play's names, given in
New game, shown as text wherever they appear and offered again next time; the
score sheet that keeps its newest move in sight, with a cue that it scrolls; the
keys left out of Settings on a touch screen; and the "Loading the AI…" pill clear
of the buttons once the page plays."""

from __future__ import annotations

import json
import random
from typing import Any
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Browser, Page

from e2e.helpers import DESKTOP, PHONE_PORTRAIT, open_game, screenshot, wait_ready
from engine.game import Phase
from engine.match import Match
from scripts.page_driver import text_of, until
from web.model.options import MatchOptions, Rival
from web.model.savefile import SavedGame
from web.model.storage import AUTOSAVE, namespace_for

SIDEWAYS: dict[str, Any] = {**PHONE_PORTRAIT, "viewport": {"width": 844, "height": 390}}


def test_pass_and_play_names_show_as_text_and_are_offered_next_time(
    browser: Browser, site_url: str
) -> None:
    game = open_game(browser, site_url, query="seed=5&anim=off&dice=3,1", **DESKTOP)
    page = game.page
    dialog = page.locator("dialog#dialog[open]")  # a first visit's New game
    first = dialog.locator("input[name='name0']")
    assert not first.is_visible()  # only for a friend on this device
    dialog.locator("input[name='opponent'][value='human']").check()
    assert first.is_visible() and first.get_attribute("placeholder") == "White"
    first.fill("  Ann   <i>Lee</i> ")
    dialog.locator("input[name='name1']").fill("Bob")
    screenshot(page, "new-game-names")
    dialog.locator("[data-action='start']").click()
    page.wait_for_function("() => !document.getElementById('dialog').open")
    page.click("#controls [data-action='roll']")  # 3-1: Ann (White) starts
    ann = "Ann <i>Lee</i>"
    until(page, lambda: {text_of(page, f"#player-{s} .name") for s in ("top", "bottom")},
          {ann, "Bob"})  # fmt: skip
    assert text_of(page, "#status").startswith(ann)
    assert ann in page.locator("#history tr").first.inner_text()  # the sheet's head
    assert page.locator("#history i, .player i, #status i").count() == 0  # text, not markup
    page.reload()
    wait_ready(page, game)
    page.click(".menu [data-action='new-open']")
    page.wait_for_selector("dialog#dialog[open][data-kind='new']")
    assert dialog.locator("input[name='name0']").input_value() == ann  # tidied, and kept
    assert dialog.locator("input[name='name1']").input_value() == "Bob"
    page.keyboard.press("Escape")
    page.wait_for_function("() => !document.getElementById('dialog').open")
    page.click(".menu [data-action='settings-open']")
    assert page.locator("dialog#dialog .keys").is_visible()  # a desktop has keys
    assert game.errors == []
    game.context.close()


def _long_game() -> dict[str, object]:
    """A pass-and-play game 44 turns in, as the page autosaves it."""
    rng = random.Random(7)
    match = Match.from_rules(MatchOptions(Rival.HUMAN, 5).rules())
    turns = 0
    while turns < 44:
        if match.phase is Phase.MOVE:
            plays = match.legal_plays
            match = match.play(plays[len(plays) // 2]) if plays else match.confirm()
            turns += 1
        else:
            dice = rng.randint(1, 6), rng.randint(1, 6)
            if match.phase is not Phase.OPENING or dice[0] != dice[1]:
                match = match.roll(dice)
    return SavedGame(MatchOptions(Rival.HUMAN, 5), match, 0).to_json()


SHEET = """() => {
  const s = document.querySelector('.history-scroll');
  const side = document.querySelector('.side').getBoundingClientRect();
  return {top: s.scrollTop, height: s.clientHeight, full: s.scrollHeight,
          sideBottom: side.bottom, background: getComputedStyle(s).backgroundImage};
}"""


def _newest_in_sight(page: Page) -> bool:
    seen = page.evaluate(SHEET)
    return bool(seen["top"] + seen["height"] >= seen["full"] - 2)


def test_a_long_score_sheet_scrolls_within_the_screen_to_its_newest_move(
    browser: Browser, site_url: str
) -> None:
    key = namespace_for(urlsplit(site_url).path) + AUTOSAVE
    seed = f"localStorage.setItem({json.dumps(key)}, {json.dumps(json.dumps(_long_game()))});"
    game = open_game(browser, site_url, query="anim=off", init_script=seed, **DESKTOP)
    page = game.page
    seen = page.evaluate(SHEET)
    assert seen["full"] > seen["height"]  # more moves than room: it scrolls...
    assert seen["sideBottom"] <= 800  # ...inside the screen, not past its foot
    assert seen["background"].count("radial-gradient") == 2  # the shadows that say so
    until(page, lambda: _newest_in_sight(page), True)
    page.click("#controls [data-action='hint']")  # the advice takes room from the sheet
    page.wait_for_selector("#hint .hint-verdict, #hint .hint-play", timeout=120_000)
    until(page, lambda: _newest_in_sight(page), True)
    screenshot(page, "desktop-long-score-sheet")
    assert game.errors == []
    game.context.close()


PILL = """() => {
  // The pill as public/progress.js shows it while only the AI is still loading.
  const pill = document.createElement('div');
  pill.className = 'load-progress';
  pill.dataset.phase = 'ai';
  pill.innerHTML = '<span>Loading the AI…</span><progress hidden></progress>';
  document.body.append(pill);
  const box = e => e.getBoundingClientRect();
  const p = box(pill);
  const hits = [...document.querySelectorAll('#controls button, .menu button, .top-extra')]
    .filter(b => b.offsetParent !== null).map(b => [b.textContent, box(b)])
    .filter(([, b]) => b.left < p.right && p.left < b.right && b.top < p.bottom && p.top < b.bottom)
    .map(([text]) => text);
  pill.remove();
  return hits;
}"""


@pytest.mark.parametrize(
    ("name", "device"),
    [("desktop", DESKTOP), ("upright", PHONE_PORTRAIT), ("sideways", SIDEWAYS)],
)
def test_settings_keys_only_with_a_keyboard_and_the_ai_pill_clear_of_buttons(
    browser: Browser, site_url: str, name: str, device: dict[str, Any]
) -> None:
    game = open_game(browser, site_url, query="seed=5&anim=off", **device)
    page = game.page
    page.locator("dialog input[name='opponent'][value='hard']").check()
    page.locator("dialog [data-action='start']").click()
    page.wait_for_function("() => !document.getElementById('dialog').open")
    assert page.evaluate(PILL) == []
    assert "element.dataset.phase = phase" in page.evaluate(
        "async () => (await fetch('./progress.js')).text()"
    )
    page.locator(".menu [data-action='settings-open']").click()
    page.wait_for_selector("dialog#dialog[open][data-kind='settings']")
    assert page.locator("dialog#dialog .keys").is_visible() == (name == "desktop")
    screenshot(page, f"settings-{name}")
    assert game.errors == []
    game.context.close()
