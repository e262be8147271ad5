"""Playing without a mouse, on a phone, and in every theme."""

from __future__ import annotations

from playwright.sync_api import Browser, Page

from e2e.helpers import DESKTOP, PHONE_PORTRAIT, open_game, screenshot
from engine import Position, legal_plays
from scripts.page_driver import (
    board_point,
    confirm_play,
    movable,
    new_game,
    tap_place,
    targets,
    text_of,
    until,
    wait_for_player,
)


def active(page: Page) -> dict[str, str]:
    return dict(
        page.evaluate(
            "() => { const e = document.activeElement;"
            " return {tag: e.tagName.toLowerCase(), point: e.dataset.point || '',"
            " action: e.dataset.action || '', id: e.id || ''}; }"
        )
    )


def tab_to(page: Page, want: dict[str, str], limit: int = 40) -> None:
    for _ in range(limit):
        here = active(page)
        if all(here.get(k) == v for k, v in want.items()):
            return
        page.keyboard.press("Tab")
    raise AssertionError(f"could not reach {want} with Tab; at {active(page)}")


def arrow_to(page: Page, point: int) -> None:
    for _ in range(30):
        if active(page)["point"] == str(point):
            return
        page.keyboard.press("ArrowRight")
    raise AssertionError(f"could not reach point {point} with the arrow keys")


def dice_shown(page: Page) -> tuple[int, int]:
    values = page.locator("#board .dice .die").evaluate_all("els => els.map(e => e.dataset.value)")
    return int(values[0]), int(values[-1]) if len(values) == 2 else int(values[0])


def test_the_keyboard_only_path(browser: Browser, site_url: str) -> None:
    game = open_game(browser, site_url, query="seed=5&anim=off&dice=3,1", **DESKTOP)
    page = game.page
    # The New game dialog takes the focus on the chosen opponent (Selector at first):
    # pick King Tubby, the next one down, with the arrow keys, then Start.
    assert active(page)["tag"] == "input"
    assert page.evaluate("document.activeElement.value") == "medium"
    page.keyboard.press("ArrowDown")
    tab_to(page, {"action": "start"})
    page.keyboard.press("Enter")
    page.wait_for_function("() => !document.getElementById('dialog').open")
    assert text_of(page, "#player-top .name") == "King Tubby"

    page.keyboard.press("r")  # roll: I win the opening with 3-1
    wait_for_player(page)
    assert "Opening roll: You 3, King Tubby 1" in text_of(page, "#announce")
    tab_to(page, {"tag": "rect"})  # into the board: the checkers that may move
    arrow_to(page, 8)
    page.keyboard.press("Enter")
    assert sorted(targets(page)) == [4, 5, 7]
    arrow_to(page, 5)
    page.keyboard.press("Enter")
    arrow_to(page, 6)
    page.keyboard.press("Enter")
    arrow_to(page, 5)
    page.keyboard.press("Enter")
    tab_to(page, {"action": "confirm"})
    confirm_play(page, "enter")
    wait_for_player(page)
    assert "You played 8/5 6/5" in text_of(page, "#history") or "8/5 6/5" in text_of(
        page, "#history"
    )

    # Next turn: roll with the shortcut, then type the play in the notation box.
    page.keyboard.press("r")
    wait_for_player(page)
    assert "You rolled" in text_of(page, "#announce")
    dice = dice_shown(page)
    position = Position.from_id(page.locator("#board").get_attribute("data-position-id") or "")
    play = str(legal_plays(position, dice)[0])
    tab_to(page, {"id": "notation"})
    page.keyboard.type("24/1")  # not a legal play: a clear message, nothing moves
    page.keyboard.press("Enter")
    assert "24/1" in text_of(page, "#status")
    page.fill("#notation", "")
    page.keyboard.type(play)
    page.keyboard.press("Enter")
    wait_for_player(page)
    assert play in text_of(page, "#history")
    assert "played" in text_of(page, "#announce") or "rolled" in text_of(page, "#announce")

    # Every control has a name a screen reader can say.
    unnamed = page.evaluate(
        """() => [...document.querySelectorAll('button, input, select')]
              .filter(e => !e.closest('dialog') && e.offsetParent !== null)
              .filter(e => !(e.getAttribute('aria-label') || e.textContent.trim()
                             || (e.id && document.querySelector(`label[for="${e.id}"]`))
                             || e.closest('label')))
              .map(e => e.outerHTML)"""
    )
    assert unnamed == []
    assert page.locator("#announce").get_attribute("aria-live") == "polite"
    assert "Backgammon board" in (page.locator("#board svg").get_attribute("aria-label") or "")
    assert game.errors == []
    game.context.close()


def touch_drag(page: Page, src: int, dst: int) -> None:
    """A finger drag, sent as raw touch events (Playwright has only taps).

    The finger comes to rest over the target before it lifts, and the next
    touch comes a human beat later.  Without both, a loaded machine sometimes
    lost the click of the tap that followed: the button received its pointer
    and touch events, enabled, but Chrome never dispatched the click (19 of 19
    runs passed with them under the load where 2 of 7 failed without).
    """
    cdp = page.context.new_cdp_session(page)
    (x0, y0), (x1, y1) = board_point(page, src), board_point(page, dst)

    def touch(kind: str, x: float, y: float) -> None:
        cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": [{"x": x, "y": y}]})

    touch("touchStart", x0, y0)
    for k in range(1, 9):
        touch("touchMove", x0 + (x1 - x0) * k / 8, y0 + (y1 - y0) * k / 8 - 10 * (k < 8))
    for _ in range(3):
        page.wait_for_timeout(40)
        touch("touchMove", x1, y1)
    page.wait_for_timeout(60)
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    cdp.detach()
    page.wait_for_timeout(300)


# Counts the page's Web Animations, however quickly they finish on a busy machine.
COUNT_SLIDES = """
const animate = Element.prototype.animate;
Element.prototype.animate = function (...args) {
  window.slides = (window.slides || 0) + 1;
  return animate.apply(this, args);
};
"""


def test_a_phone_in_portrait_with_touch(browser: Browser, site_url: str) -> None:
    game = open_game(
        browser, site_url, query="seed=5&dice=3,1", init_script=COUNT_SLIDES, **PHONE_PORTRAIT
    )
    page = game.page
    screenshot(page, "phone-new-game")
    page.tap("dialog input[name='opponent'][value='easy']")
    page.tap("dialog [data-action='start']")
    page.wait_for_function("() => !document.getElementById('dialog').open")
    page.tap("#controls [data-action='roll']")
    until(page, lambda: movable(page), [24, 13, 8, 6])
    page.locator("#board .dice .die").first.tap()  # use the 1 first
    until(page, lambda: dice_shown(page), (1, 3))
    page.locator("#board .dice .die").first.tap()
    until(page, lambda: dice_shown(page), (3, 1))
    tap_place(page, 8)
    until(page, lambda: sorted(targets(page)), [4, 5, 7])
    screenshot(page, "phone-checker-picked")
    tap_place(page, 5)
    # The move slides (Web Animations), at the normal speed of this page.
    until(page, lambda: page.evaluate("(window.slides || 0) > 0"), True)
    page.wait_for_timeout(400)
    touch_drag(page, 6, 5)
    page.wait_for_function(
        "() => document.querySelectorAll('#board .checker.me[data-point=\"5\"]').length === 2"
    )
    confirm_play(page, "tap")
    wait_for_player(page)
    assert "8/5 6/5" in text_of(page, "#history")
    screenshot(page, "phone-after-ai-move")
    width = page.evaluate("window.innerWidth")
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    box = page.locator("#board svg").bounding_box()
    assert box is not None and box["width"] >= 0.9 * width
    for selector in ("#controls", ".menu"):
        controls = page.locator(selector).bounding_box()
        assert controls is not None and controls["x"] + controls["width"] <= width
    page.tap(".menu [data-action='stats-open']")
    page.wait_for_selector("dialog#dialog[open]")
    dialog = page.locator("dialog#dialog").bounding_box()
    assert dialog is not None and dialog["x"] >= 0 and dialog["x"] + dialog["width"] <= width
    # The long dialog opens at its top, its title focused (not scrolled to a button).
    assert page.evaluate("document.getElementById('dialog').scrollTop") == 0
    assert page.evaluate("document.activeElement.id") == "dlg-title"
    screenshot(page, "phone-stats")
    assert game.errors == []
    game.context.close()


def choose_theme(page: Page, theme: str, mode: str) -> None:
    page.click(".menu [data-action='settings-open']")
    page.select_option("dialog select[data-name='theme']", theme)
    page.select_option("dialog select[data-name='mode']", mode)
    page.click("dialog [data-action='close']")


def test_themes_classic_and_backyamon_light_and_dark(browser: Browser, site_url: str) -> None:
    game = open_game(browser, site_url, query="seed=8&anim=off&dice=6,4", **DESKTOP)
    page = game.page
    new_game(page, "hard", 5)
    page.click("#controls [data-action='roll']")
    wait_for_player(page)
    page.fill("#notation", "24/18 13/9")
    page.press("#notation", "Enter")
    wait_for_player(page)
    screenshot(page, "classic-dark")
    choose_theme(page, "classic", "light")
    assert page.locator("html").get_attribute("data-mode") == "light"
    screenshot(page, "classic-light")
    choose_theme(page, "backyamon", "dark")
    assert page.locator("html").get_attribute("data-theme") == "backyamon"
    assert text_of(page, "#title") == "Backyamon"
    svg = page.locator("#board svg").inner_html()
    assert "BABYLON" in svg and "ZION" in svg and "dial-pointer" in svg
    assert text_of(page, "#controls [data-action='double']") == "Turn It Up"
    assert text_of(page, "#player-bottom .name") == "You"
    screenshot(page, "backyamon-dark")
    page.click("#controls [data-action='double']")
    wait_for_player(page)
    history = text_of(page, "#history")
    assert "Turns it up to 2" in history
    choose_theme(page, "backyamon", "light")
    screenshot(page, "backyamon-light")
    # The choice is kept for the next visit.
    page.reload()
    page.wait_for_selector('#board[data-ready="true"]')
    assert page.locator("html").get_attribute("data-theme") == "backyamon"
    assert game.errors == []
    game.context.close()


def test_backyamon_on_a_phone(browser: Browser, site_url: str) -> None:
    game = open_game(browser, site_url, query="seed=8&anim=off&dice=1,6", **PHONE_PORTRAIT)
    page = game.page
    page.tap("dialog input[name='opponent'][value='human']")
    page.tap("dialog [data-action='start']")
    page.tap(".menu [data-action='settings-open']")
    page.select_option("dialog select[data-name='theme']", "backyamon")
    screenshot(page, "phone-settings")
    page.tap("dialog [data-action='close']")
    page.tap("#controls [data-action='roll']")
    page.wait_for_function("() => document.getElementById('board').dataset.phase === 'move'")
    assert text_of(page, "#player-bottom .name") == "Red"  # Red won the opening: the board turned
    screenshot(page, "phone-backyamon")
    assert game.errors == []
    game.context.close()
