"""Hints through the real page on a phone: King Tubby's ranked plays (one tap
makes the best on the board), its cube advice before a roll, and its take
advice inside the double dialog.  The AI answers from its web worker."""

from __future__ import annotations

from playwright.sync_api import Browser, Page

from e2e.helpers import DESKTOP, PHONE_PORTRAIT, LoadedPage, open_game, screenshot
from scripts.page_driver import (
    AI_TIMEOUT_MS,
    click_place,
    confirm_play,
    new_game,
    play_turn,
    text_of,
    until,
    wait_for_player,
)


def in_sight(page: Page, selector: str) -> bool:
    """Whether all of the element is on the screen, without scrolling."""
    return bool(
        page.evaluate(
            """(selector) => { const r = document.querySelector(selector).getBoundingClientRect();
                               return r.top >= -1 && r.bottom <= innerHeight + 1; }""",
            selector,
        )
    )


# The ranked plays' cells, row by row: every row an even table row (issue 46).
HINT_CELLS = """() => [...document.querySelectorAll('#hint .hint-play')].map(row =>
  [...row.children].map(c => { const r = c.getBoundingClientRect();
                               return [Math.round(r.left), Math.round(r.right)]; }))"""
# Whether each row's depth tag ("0-ply") shares a line with another of its cells.
PLY_ON_A_LINE = """() => [...document.querySelectorAll('#hint .hint-play')].map(row => {
  const ply = row.querySelector('.ply'), p = ply.getBoundingClientRect();
  return [...row.children].some(c => { const r = c.getBoundingClientRect();
    return c !== ply && r.top < p.bottom && p.top < r.bottom; }); })"""


def hint_rows_line_up(page: Page) -> None:
    """Each column of the ranked plays (play, depth, equity, loss) starts and ends
    where it does in every other row, and no depth tag drops to a line of its own."""
    rows = page.evaluate(HINT_CELLS)
    assert len(rows) >= 2 and all(len(row) == 4 for row in rows)
    for column in zip(*rows, strict=True):
        assert len(set(map(tuple, column))) == 1, column
    assert all(page.evaluate(PLY_ON_A_LINE))


def test_hints_for_a_play_a_double_and_a_take(browser: Browser, site_url: str) -> None:
    # 3-1 for the human's opening; the AI's reply and then 6-5... come from the seed.
    game = open_game(browser, site_url, query="seed=4&anim=off&dice=3,1", **PHONE_PORTRAIT)
    page = game.page
    new_game(page, "hard", 3)
    page.tap("#controls [data-action='roll']")
    wait_for_player(page)
    hint_button = page.locator("#controls [data-action='hint']")
    assert hint_button.is_visible() and hint_button.is_enabled()
    hint_button.tap()
    page.wait_for_selector("#hint .hint-play.best", timeout=AI_TIMEOUT_MS)
    rows = page.locator("#hint .hint-play")
    assert rows.count() >= 5
    assert text_of(page, "#hint .hint-play.best .hint-move") == "8/5 6/5"
    hint_rows_line_up(page)
    # Below the board on a phone: the page brings the advice up to be seen.
    until(page, lambda: in_sight(page, "#hint"), True)
    screenshot(page, "phone-hint-plays")
    rows.first.tap()  # the best play goes onto the board, waiting for Done
    until(page, lambda: page.locator("#controls [data-action='confirm']").is_enabled(), True)
    until(page, lambda: in_sight(page, "#board") and in_sight(page, "#controls"), True)
    assert page.locator('#board .checker.me[data-point="5"]').count() == 2
    confirm_play(page, "tap")
    state = wait_for_player(page)
    assert "8/5 6/5" in text_of(page, "#history")
    assert not page.locator("#hint").is_visible()  # last turn's advice is gone
    until(page, lambda: in_sight(page, "#board"), True)
    assert state["phase"] == "roll"
    hint_button.tap()  # before rolling: the cube
    page.wait_for_selector("#hint .hint-verdict", timeout=AI_TIMEOUT_MS)
    until(page, lambda: in_sight(page, "#hint"), True)
    assert text_of(page, "#hint .hint-verdict") == "Don’t double: roll."
    assert "%" in text_of(page, "#hint .hint-cube")  # a match: chances to win it
    screenshot(page, "phone-hint-cube")
    assert game.errors == []
    game.context.close()


def test_take_advice_in_the_double_dialog(browser: Browser, site_url: str) -> None:
    game = open_game(browser, site_url, query="seed=4&anim=off&dice=3,1", **PHONE_PORTRAIT)
    page = game.page
    new_game(page, "human", 3)  # pass-and-play: White doubles Black at once
    page.tap("#controls [data-action='roll']")
    wait_for_player(page)
    page.locator("#notation").fill("8/5 6/5")
    page.locator("#notation").press("Enter")
    until(page, lambda: wait_for_player(page)["turn"], "1")
    page.tap("#controls [data-action='double']")
    page.wait_for_selector("dialog#dialog[open][data-kind='cube']")
    page.tap("dialog#dialog [data-action='hint']")
    page.wait_for_selector("dialog#dialog .hint-verdict", timeout=AI_TIMEOUT_MS)
    assert text_of(page, "dialog#dialog .hint-verdict") == "Take."
    screenshot(page, "phone-hint-take")
    page.tap("dialog#dialog [data-action='take']")
    page.wait_for_function("() => !document.getElementById('dialog').open")
    assert game.errors == []
    game.context.close()


def test_the_tutor_warns_before_done(browser: Browser, site_url: str) -> None:
    game = _tutor_on_after_a_31(browser, site_url)
    page = game.page
    for src, dst in ((24, 21), (24, 23)):  # splitting the back checkers: a blunder here
        click_place(page, src)
        click_place(page, dst)
    page.wait_for_selector("#hint .tutor", timeout=AI_TIMEOUT_MS)
    note = text_of(page, "#hint .tutor")
    assert note.startswith("Tutor: 24/23 24/21 is a blunder") and "prefers 8/5 6/5" in note
    assert text_of(page, "#hint .hint-play.mine .hint-move") == "24/23 24/21"
    # ...and asks, in a dialog beside the board (issue 46): take it back, see the
    # better play, or keep it.
    page.wait_for_selector("dialog[data-kind='tutor'][open]")
    assert "24/23 24/21 is a blunder" in text_of(page, "dialog[data-kind='tutor']")
    screenshot(page, "desktop-tutor")
    # Taken back and made again, the same blunder is asked about again.
    page.click("dialog [data-action='tutor-undo']")
    page.wait_for_function("() => !document.getElementById('dialog').open")
    for src, dst in ((24, 21), (24, 23)):
        click_place(page, src)
        click_place(page, dst)
    page.wait_for_selector("dialog[data-kind='tutor'][open]", timeout=AI_TIMEOUT_MS)
    assert "24/23 24/21 is a blunder" in text_of(page, "dialog[data-kind='tutor']")
    page.click("dialog [data-action='tutor-keep']")  # the player may insist
    wait_for_player(page)
    assert "24/23 24/21" in text_of(page, "#history")
    assert game.errors == []
    game.context.close()


# Each play of the score sheet, and how many lines it takes.
ENTRY_LINES = """el => [...el.querySelectorAll('tbody td:not(:first-child)')]
  .filter(td => td.textContent && td.offsetParent !== null).map(td => {
    const range = document.createRange();
    range.selectNodeContents(td);
    return [td.textContent,
            new Set([...range.getClientRects()].map(r => Math.round(r.top))).size]; })"""
# Each line of the Statistics dialog's tables: its tables' left and right, and the dialog's.
STATS_ROWS = """() => {
  const wrap = document.querySelector('dialog .stats-wrap').getBoundingClientRect();
  const lines = new Map();
  for (const t of document.querySelectorAll('dialog .stats-wrap > table')) {
    const r = t.getBoundingClientRect();
    const [l, rt] = lines.get(Math.round(r.top)) || [r.left, r.right];
    lines.set(Math.round(r.top), [Math.min(l, r.left), Math.max(rt, r.right)]);
  }
  return [...lines.values()].map(([l, r]) => [l, r, wrap.left, wrap.right]);
}"""


def test_a_phone_held_sideways_shows_status_and_hints_beside_the_board(
    browser: Browser, site_url: str
) -> None:
    sideways = {**PHONE_PORTRAIT, "viewport": {"width": 844, "height": 390}}
    game = open_game(browser, site_url, query="seed=4&anim=off&dice=3,1", **sideways)
    page = game.page
    new_game(page, "hard", 3)
    page.tap("#controls [data-action='roll']")
    wait_for_player(page)
    page.locator("#controls [data-action='hint']").tap()
    page.wait_for_selector("#hint .hint-play.best", timeout=AI_TIMEOUT_MS)
    board = page.locator("#board").bounding_box()
    for selector in ("#status", "#hint .hint-play.best"):
        box = page.locator(selector).bounding_box()
        assert board is not None and box is not None
        assert box["x"] >= board["x"] + board["width"]  # beside the board...
        assert box["y"] + box["height"] <= 390  # ...and on screen without scrolling
    hint_rows_line_up(page)
    screenshot(page, "phone-landscape-hint")
    # The side panel scrolls within itself: the page never scrolls away from the board.
    height = page.evaluate("() => document.documentElement.scrollHeight - innerHeight")
    assert height <= 0, f"the page is {height} px taller than the screen"
    # A dozen turns later the score sheet still fits its column: moves wrap, none is cut.
    page.locator("#hint .hint-play.best").tap()
    page.tap("#controls [data-action='confirm']")
    for _ in range(12):
        state = wait_for_player(page)
        if state.get("phase") == "over":
            break
        if state.get("dialog") == "cube":  # King Tubby doubled: play on
            page.tap("dialog#dialog [data-action='take']")
            continue
        roll = page.locator("#controls [data-action='roll']")
        if roll.is_visible():
            roll.tap()
            wait_for_player(page)
        play_turn(page)
    history = page.locator("#history")
    rows = history.locator("tr").count()
    assert rows >= 10, f"only {rows} rows in the score sheet"
    overflow = history.evaluate("el => el.scrollWidth - el.clientWidth")
    assert overflow <= 0, f"the score sheet is {overflow} px wider than its panel"
    notation = [page.locator(s).bounding_box() for s in ("#notation", "#notation-play")]
    assert all(notation) and notation[0]["y"] == notation[1]["y"]  # type: ignore[index]
    # Each play on a line of its own (issue 46: every entry wrapped); only one longer
    # than the column, such as "11: bar/24 21/20(2) 6/5*", goes on to a second.
    entries = history.evaluate(ENTRY_LINES)
    assert entries and all(lines == 1 for text, lines in entries if len(text) <= 18), entries
    assert all(lines <= 2 for _, lines in entries), entries
    screenshot(page, "phone-landscape-moves")
    # Statistics: the tables as wide as the dialog (they took half of it).
    page.tap(".menu [data-action='stats-open']")
    page.wait_for_selector("dialog#dialog[open][data-kind='stats']")
    for left, right, start, end in page.evaluate(STATS_ROWS):
        assert left <= start + 2 and right >= end - 2, (left, right, start, end)
    screenshot(page, "phone-landscape-stats")
    assert game.errors == []
    game.context.close()


def _tutor_on_after_a_31(browser: Browser, site_url: str) -> LoadedPage:
    game = open_game(browser, site_url, query="seed=4&anim=off&dice=3,1", **DESKTOP)
    page = game.page
    new_game(page, "hard", 3)
    page.click(".menu [data-action='settings-open']")
    page.check("dialog input[data-name='tutor']")
    page.click("dialog [data-action='close']")
    page.click("#controls [data-action='roll']")
    wait_for_player(page)
    return game


def test_a_typed_blunder_stops_at_the_tutors_question(browser: Browser, site_url: str) -> None:
    """Issue 46: a play typed in the Move box and sent with Enter waits for the
    tutor's verdict, and a blunder is asked about, not played."""
    game = _tutor_on_after_a_31(browser, site_url)
    page = game.page
    page.fill("#notation", "24/21 24/23")
    page.press("#notation", "Enter")
    page.wait_for_selector("dialog[data-kind='tutor'][open]", timeout=AI_TIMEOUT_MS)
    assert "is a blunder" in text_of(page, "dialog[data-kind='tutor']")
    assert "24/23 24/21" not in text_of(page, "#history")  # not played
    assert game.errors == []
    game.context.close()


def test_a_fast_done_stops_at_the_tutors_question(browser: Browser, site_url: str) -> None:
    """Issue 46: Done pressed at once after the last checker lands, before the
    verdict is in, waits for it; a blunder is asked about, not played."""
    game = _tutor_on_after_a_31(browser, site_url)
    page = game.page
    for src, dst in ((24, 21), (24, 23)):
        click_place(page, src)
        click_place(page, dst)
    page.click("#controls [data-action='confirm']")
    page.wait_for_selector("dialog[data-kind='tutor'][open]", timeout=AI_TIMEOUT_MS)
    assert "is a blunder" in text_of(page, "dialog[data-kind='tutor']")
    assert "24/23 24/21" not in text_of(page, "#history")
    assert game.errors == []
    game.context.close()
