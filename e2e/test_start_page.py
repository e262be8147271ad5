"""The start page in a real browser: Python starts, draws the board, stays on our origin."""

from __future__ import annotations

from e2e.helpers import LoadedPage, is_local_scheme, origin, screenshot


def test_python_draws_the_start_position(desktop: LoadedPage) -> None:
    board = desktop.page.locator("#board")
    assert board.get_attribute("data-ready") == "true"
    assert board.locator("svg.board-svg").count() == 1
    assert board.locator(".checker").count() == 30
    assert board.locator(".checker.me").count() == 15
    assert board.locator(".checker.opp").count() == 15
    assert board.locator(".checker.borne-off").count() == 0
    assert board.locator("polygon.point").count() == 24


def test_pip_counts_are_shown(desktop: LoadedPage) -> None:
    assert desktop.page.locator("#pips-me").inner_text() == "167"
    assert desktop.page.locator("#pips-opp").inner_text() == "167"


def test_a_first_visit_opens_the_new_game_dialog(desktop: LoadedPage) -> None:
    assert desktop.page.locator("#status").inner_text() == "Roll to see who starts."
    dialog = desktop.page.locator("dialog#dialog[open]")
    assert dialog.get_attribute("data-kind") == "new"
    # The three AI levels, a friend on this device, a friend online.
    opponents = dialog.locator('input[name="opponent"]')
    assert opponents.evaluate_all("els => els.map(e => e.value)") == [
        "easy",
        "medium",
        "hard",
        "human",
        "online",
    ]


def test_the_new_game_dialog_fits_a_desktop_without_scrolling(desktop: LoadedPage) -> None:
    """At 1280x800 the whole form shows, whichever opponent asks for more fields
    (a friend here: two names; online: a name, by messages, the clock, TURN)."""
    page = desktop.page
    dialog = page.locator("dialog#dialog[open][data-kind='new']")
    chosen = dialog.locator("input[name='opponent']:checked").get_attribute("value")
    for opponent in ("easy", "human", "online"):
        dialog.locator(f"input[name='opponent'][value='{opponent}']").check()
        over = dialog.evaluate(
            "d => [d.scrollHeight - d.clientHeight, d.scrollWidth - d.clientWidth]"
        )
        assert over == [0, 0], f"with {opponent}: {over} px past the dialog"
        box = dialog.bounding_box()
        assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= 800
    dialog.locator(f"input[name='opponent'][value='{chosen}']").check()


def test_no_request_leaves_the_local_origin(desktop: LoadedPage) -> None:
    home = origin(desktop.page.url)
    assert desktop.requests, "no requests were recorded"
    # blob: and data: URLs are made inside the page; they are not network requests.
    foreign = [url for url in desktop.requests if origin(url) != home and not is_local_scheme(url)]
    assert foreign == []


def test_the_vendored_runtime_is_used(desktop: LoadedPage) -> None:
    paths = {url.removeprefix(desktop.page.url) for url in desktop.requests}
    assert "vendor/pyodide/pyodide.asm.wasm" in paths
    assert "vendor/pyscript/core.js" in paths


def test_nothing_fails_to_load_and_nothing_errors(desktop: LoadedPage) -> None:
    assert desktop.failures == []
    assert desktop.errors == []


def test_desktop_screenshot(desktop: LoadedPage) -> None:
    path = screenshot(desktop.page, "desktop-new-game")
    assert path.stat().st_size > 10_000


def test_phone_portrait_fits_without_sideways_scrolling(phone: LoadedPage) -> None:
    page = phone.page
    assert page.locator("#board .checker").count() == 30
    viewport_width = page.evaluate("window.innerWidth")
    assert page.evaluate("document.documentElement.scrollWidth") <= viewport_width
    box = page.locator("#board svg").bounding_box()
    assert box is not None
    assert box["x"] >= 0 and box["x"] + box["width"] <= viewport_width
    assert box["width"] >= 0.9 * viewport_width  # uses the width it has
    screenshot(page, "phone-portrait")
