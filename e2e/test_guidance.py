"""What guides a player in the browser: the checkers that can move (marked,
with a grab cursor, and a setting to turn the marks off), How to play, the AI
opponents named with their level, the Position dialog whose copy buttons
say "Copied" only when the clipboard took the text, and on a phone the status
line's news shown over the board when that line is out of sight."""

from __future__ import annotations

from playwright.sync_api import Browser, Page

from e2e.helpers import DESKTOP, PHONE_PORTRAIT, open_game, screenshot
from scripts.page_driver import (
    board_point,
    movable,
    new_game,
    position_id,
    text_of,
    wait_for_player,
)

# The clipboard refuses, as a browser does without permission.
REFUSING_CLIPBOARD = (
    "navigator.clipboard.writeText = () => "
    "Promise.reject(new DOMException('refused', 'NotAllowedError'))"
)


def marked(page: Page) -> list[int]:
    """Points whose top checker the board rings as movable (drawn, and visible)."""
    return sorted(
        int(p)
        for p in page.locator("#board svg.mark-movable .checker.movable.top").evaluate_all(
            "els => els.filter(e => getComputedStyle(e).filter !== 'none')"
            ".map(e => e.dataset.point)"
        )
    )


def style(page: Page, selector: str, prop: str) -> str:
    return str(page.locator(selector).first.evaluate("(e, p) => getComputedStyle(e)[p]", prop))


def open_dialog(page: Page, action: str, kind: str) -> None:
    page.click(f".top-bar [data-action='{action}']")
    page.wait_for_selector(f"dialog#dialog[open][data-kind='{kind}']")


def close_dialog(page: Page) -> None:
    page.keyboard.press("Escape")
    page.wait_for_function("() => !document.getElementById('dialog').open")


def test_movable_checkers_help_levels_and_ids_on_the_desktop(
    browser: Browser, site_url: str
) -> None:
    game = open_game(browser, site_url, query="seed=3&dice=3,1&anim=off", **DESKTOP)
    game.context.grant_permissions(["clipboard-read", "clipboard-write"])
    page = game.page
    dialog = page.locator("dialog#dialog")
    # The New game dialog names each AI with its level; the panel keeps the name.
    for label in ("Beach Bum (easy)", "Selector (medium)", "King Tubby (strong)"):
        assert label in dialog.inner_text()
    new_game(page, "hard", 3)
    assert page.locator("#player-top .name").inner_text() == "King Tubby"
    assert marked(page) == []  # nothing to move before the roll
    page.click("#controls [data-action='roll']")
    wait_for_player(page)
    assert marked(page) == sorted(movable(page)) == [6, 8, 13, 24]
    assert style(page, "#board .checker.movable.top[data-point='13']", "cursor") == "grab"
    assert style(page, "#board .checker.opp", "cursor") != "grab"
    screenshot(page, "guidance-movable")

    # Dragging: the board shows grabbing while the checker is held.
    x, y = board_point(page, 13)
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move(x + 15, y - 15, steps=3)
    page.wait_for_selector("#board .checker.lifted")
    assert style(page, "#board", "cursor") == "grabbing"
    page.mouse.move(x, y, steps=3)
    page.mouse.up()
    page.wait_for_function("() => !document.querySelector('#board .checker.lifted')")

    # The setting turns the marks off; the checkers still move.
    open_dialog(page, "settings-open", "settings")
    box = dialog.locator("input[data-name='show_movable']")
    assert box.is_checked()
    box.click()  # the dialog is drawn again from the new settings
    page.wait_for_function("() => !document.querySelector('#board svg.mark-movable')")
    close_dialog(page)
    assert marked(page) == [] and sorted(movable(page)) == [6, 8, 13, 24]
    assert style(page, "#board .checker.movable.top[data-point='13']", "filter") == "none"
    assert style(page, "#board .checker.movable.top[data-point='13']", "cursor") == "grab"

    # How to play: from the header, from the ? key, and from the Settings dialog.
    open_dialog(page, "help-open", "help")
    text = dialog.inner_text()
    for words in ("bear off", "Crawford", "Double-tap", "24/18 13/11*", "bar/22", "6/off"):
        assert words in text
    assert "8/5(2)" in text and "King Tubby (strong)" in text
    screenshot(page, "guidance-help")
    close_dialog(page)
    page.keyboard.press("?")
    page.wait_for_selector("dialog#dialog[open][data-kind='help']")
    close_dialog(page)
    open_dialog(page, "settings-open", "settings")
    dialog.locator("[data-action='help-open']").click()
    page.wait_for_selector("dialog#dialog[open][data-kind='help']")
    close_dialog(page)

    # The Position dialog: each identifier, each with its copy button and "Copied".
    open_dialog(page, "position-open", "position")
    assert dialog.locator("[data-testid='position-id']").inner_text() == position_id(page)
    match_id = page.locator("#board").get_attribute("data-match-id")
    assert dialog.locator("[data-testid='match-id']").inner_text() == match_id
    xgid = dialog.locator("[data-testid='xgid']").inner_text()
    assert xgid.startswith("XGID=") and ":31:" in xgid  # my 3-1 to play
    assert "Copied" not in dialog.inner_text()
    dialog.locator("[data-action='copy-id'][data-value='xgid']").click()
    page.wait_for_function(
        "() => document.querySelector(\"#dialog [data-value='xgid']\").textContent === 'Copied ✓'"
    )
    assert page.evaluate("navigator.clipboard.readText()") == xgid
    assert dialog.locator("[data-action='copy-id']", has_text="Copied").count() == 1
    screenshot(page, "guidance-position")
    dialog.locator("[data-action='copy-id'][data-value='position']").click()
    page.wait_for_function(
        "() => document.querySelector(\"#dialog [data-value='position']\").textContent"
        " === 'Copied ✓'"
    )
    assert page.evaluate("navigator.clipboard.readText()") == position_id(page)
    assert dialog.locator("[data-value='xgid']").inner_text() == "Copy"  # only the last
    close_dialog(page)
    assert game.errors == []
    game.context.close()


def test_on_a_phone_the_menu_fits_and_a_refused_copy_never_says_copied(
    browser: Browser, site_url: str
) -> None:
    game = open_game(
        browser,
        site_url,
        query="seed=3&dice=3,1&anim=off",
        init_script=REFUSING_CLIPBOARD,
        **PHONE_PORTRAIT,
    )
    page = game.page
    new_game(page, "medium", 3)
    width = page.evaluate("window.innerWidth")
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    buttons = page.locator(".top-bar button")
    assert buttons.count() >= 6
    for i in range(buttons.count()):
        box = buttons.nth(i).bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= width, i
        assert box["width"] >= 32 and box["height"] >= 32  # a finger's target
    board = page.locator("#board svg").bounding_box()
    assert board is not None and board["y"] + board["height"] <= page.evaluate("innerHeight")

    page.tap(".top-bar [data-action='position-open']")
    page.wait_for_selector("dialog#dialog[open][data-kind='position']")
    dialog = page.locator("dialog#dialog")
    box = dialog.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= width
    dialog.locator("[data-action='copy-id'][data-value='match']").tap()
    page.wait_for_selector("dialog#dialog .dialog-error")
    assert "did not allow copying" in dialog.inner_text()
    assert "Copied" not in dialog.inner_text()
    screenshot(page, "guidance-phone-position-refused")
    close_dialog(page)

    page.tap(".top-bar [data-action='help-open']")
    page.wait_for_selector("dialog#dialog[open][data-kind='help']")
    box = dialog.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= width
    assert page.evaluate("document.getElementById('dialog').scrollTop") == 0  # opens at its top
    screenshot(page, "guidance-phone-help")
    assert game.errors == []
    game.context.close()


def play_typed(page: Page, play: str) -> None:
    page.locator("#notation").fill(play)
    page.locator("#notation").press("Enter")
    wait_for_player(page)


def test_on_a_phone_a_roll_that_cannot_be_played_is_said_over_the_board(
    browser: Browser, site_url: str
) -> None:
    """The status line lies below the board on a phone held upright: "Black cannot
    move" there went unseen, and the turn seemed to pass for no reason."""
    # White opens 3-1; Black's 6-5 leaves a blot that White's 6-2 hits; Black's
    # 6-6 cannot enter against White's 6 point.
    game = open_game(
        browser, site_url, query="seed=3&dice=3,1,6,5,6,2,6,6&anim=off", **PHONE_PORTRAIT
    )
    page = game.page
    new_game(page, "human", 3)
    toast = page.locator("#toast")
    page.tap("#controls [data-action='roll']")
    wait_for_player(page)
    play_typed(page, "8/5 6/5")  # a typed play needs no Done
    for dice, play in (("6-5", "24/18 13/8"), ("6-2", "13/7* 13/11")):
        page.tap("#controls [data-action='roll']")
        wait_for_player(page)
        assert dice.replace("-", "\u2011") in text_of(page, "#status")
        play_typed(page, play)
    assert not toast.is_visible()  # the ordinary prompts stay on the status line
    page.evaluate("scrollTo(0, 0)")  # back to the board from the Move box
    page.tap("#controls [data-action='roll']")
    toast.wait_for(state="visible", timeout=10_000)
    assert text_of(page, "#toast") == "Black rolled 6 and 6. Black cannot move."
    box = toast.bounding_box()
    board = page.locator("#board").bounding_box()
    assert box is not None and board is not None
    assert board["y"] <= box["y"] and box["y"] + box["height"] <= board["y"] + board["height"]
    screenshot(page, "guidance-phone-cannot-move")
    toast.wait_for(state="hidden", timeout=10_000)  # news, not a fixture over the board
    assert "cannot move" in text_of(page, "#status")
    assert game.errors == []
    game.context.close()
