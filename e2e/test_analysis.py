"""The analysis board (#19) in the browser: setting up a position on the shared
board, an illegal set-up refused with its reason, the three IDs round-tripping,
King Tubby's analysis shown and played on, the shared link opening the board
(offline too), and how it looks on a desktop and on a phone either way up.

The desktop tests share one page and run in order, as a player would.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page

from e2e.conftest import SUB_PATH
from e2e.helpers import DESKTOP, PHONE_PORTRAIT, LoadedPage, open_game, screenshot, wait_ready
from e2e.service_worker import Deployment, wait_until_offline_ready
from engine.ai.review import review
from engine.formats.mat import MatFile
from scripts.page_driver import (
    AI_TIMEOUT_MS,
    board_point,
    click_place,
    drag,
    new_game,
    play_turn,
    position_id,
    tap_place,
    text_of,
    until,
)

QUERY = "seed=1&anim=off"
XGID_31 = "XGID=-b----E-C---eE---c-e----B-:0:0:1:31:0:0:0:0:6"
# A 7-point match at 2-4, White to act with a cube decision (a race): the link a forum post gives.
XGID_RACE = "XGID=-BBBBBBC-----------bbbbbe-:0:0:1:00:2:4:0:7:10"
PHONE_SIDEWAYS: dict[str, Any] = {**PHONE_PORTRAIT, "viewport": {"width": 844, "height": 390}}


def link_to(xgid: str) -> str:
    return f"?{QUERY}#xgid={xgid.removeprefix('XGID=')}"


def checkers(page: Page, side: str, point: int) -> int:
    return page.locator(f'#board .checker[data-side="{side}"][data-point="{point}"]').count()


def tool(page: Page, name: str) -> None:
    page.click(f"#analysis [data-action='edit-tool'][data-value='{name}']")


def status(page: Page) -> str:
    return text_of(page, "#status")


def wait_for_analysis(page: Page, what: str = "cube-verdict") -> None:
    page.wait_for_selector(f"#analysis [data-testid='{what}']", timeout=AI_TIMEOUT_MS)


@pytest.fixture(scope="module")
def desk(browser: Browser, site_url: str) -> Iterator[LoadedPage]:
    loaded = open_game(browser, site_url, query=QUERY, **DESKTOP)
    new_game(loaded.page, "medium", 3)
    yield loaded
    loaded.context.close()


def test_a_position_is_set_up_by_tapping_and_dragging(desk: LoadedPage) -> None:
    page = desk.page
    page.click(".menu [data-action='analysis-open']")
    page.wait_for_selector("body[data-analysis='edit'] #analysis:not([hidden])")
    assert page.locator("#controls button:visible").count() == 0  # the game's controls stand aside
    tool(page, "erase")
    click_place(page, 6)
    until(page, lambda: checkers(page, "me", 6), 4)
    tool(page, "light")
    click_place(page, 5)
    until(page, lambda: checkers(page, "me", 5), 1)
    drag(page, 13, 7)
    until(page, lambda: (checkers(page, "me", 13), checkers(page, "me", 7)), (4, 1))
    assert "1 off" not in text_of(page, "#player-bottom")  # still 15 on the board
    assert desk.errors == []


def test_an_illegal_set_up_is_refused_with_its_reason(desk: LoadedPage) -> None:
    page = desk.page
    click_place(page, 3)
    until(page, lambda: status(page), "All 15 of White’s checkers are on the board already")
    tool(page, "erase")
    click_place(page, 19)  # one of Black's off its 6 point
    tool(page, "dark")
    click_place(page, 6)
    until(page, lambda: status(page), "White has checkers on point 6: remove them first")
    form = page.locator("#analysis form.an-setup")
    form.locator("select[name='length']").select_option("3")
    page.wait_for_selector("#analysis input[name='score0']")
    score = page.locator("#analysis input[name='score0']")
    score.fill("3")
    score.press("Tab")
    problem = page.locator("#analysis [data-testid='an-problem']")
    problem.wait_for()
    assert "a match to 3 is over at 3" in problem.inner_text()
    assert page.locator("#analysis [data-action='analyse']").is_disabled()
    score = page.locator("#analysis input[name='score0']")
    score.fill("1")
    score.press("Tab")
    page.wait_for_selector("#analysis [data-action='analyse']:not([disabled])")
    screenshot(page, "analysis-editor-desktop")


def test_the_three_ids_round_trip(desk: LoadedPage) -> None:
    page = desk.page
    page.fill("#an-id", XGID_31)
    page.press("#an-id", "Enter")
    until(page, lambda: text_of(page, "[data-testid='an-xgid']"), XGID_31)
    position, match = (
        text_of(page, "[data-testid='an-position']"),
        text_of(page, "[data-testid='an-match']"),
    )
    assert position == "4HPwATDgc/ABMA" and len(match) == 12
    assert checkers(page, "me", 6) == 5  # the board is the pasted one
    page.fill("#an-id", "nonsense")
    page.press("#an-id", "Enter")
    until(page, lambda: "A Position ID is 14 characters" in status(page), True)
    page.fill("#an-id", f"{position}:{match}")
    page.press("#an-id", "Enter")
    until(page, lambda: text_of(page, "[data-testid='an-xgid']"), XGID_31)
    assert text_of(page, "[data-testid='an-match']") == match
    link = page.locator("[data-testid='an-link']").get_attribute("href") or ""
    assert link.endswith("#xgid=" + XGID_31.removeprefix("XGID="))


def test_the_analysis_is_shown_and_played_on(desk: LoadedPage) -> None:
    page = desk.page
    page.click("#analysis [data-action='analyse']")
    page.wait_for_selector("body[data-analysis='analyse']")
    wait_for_analysis(page, "ranked-plays")
    wait_for_analysis(page)
    plays = page.locator("#analysis [data-testid='ranked-plays'] .an-play")
    assert plays.count() >= 3
    assert plays.first.locator(".an-move > span").inner_text() == "8/5 6/5"
    report = text_of(page, "[data-testid='an-report']")
    assert "Chances after the best play" in report and "Backgammon" in report
    assert "Double, take" in report
    screenshot(page, "analysis-desktop")
    plays.first.click()  # made and confirmed: Black to roll
    until(page, lambda: text_of(page, "[data-testid='an-at']"), "Decision 2 of 2")
    page.click("#analysis [data-action='analysis-back']")
    until(page, lambda: text_of(page, "[data-testid='an-at']"), "Decision 1 of 2")
    assert position_id(page) == "4HPwATDgc/ABMA"
    page.click("#analysis [data-action='analysis-forward']")
    until(page, lambda: text_of(page, "[data-testid='an-at']"), "Decision 2 of 2")
    assert desk.errors == []


def test_leaving_brings_the_game_back(desk: LoadedPage) -> None:
    page = desk.page
    page.click("#analysis [data-action='analysis-close']")
    page.wait_for_selector("#analysis[hidden]", state="attached")
    assert page.locator("body").get_attribute("data-analysis") == ""
    assert page.locator("#controls [data-action='roll']").is_visible()
    assert "Match to 3" in text_of(page, "#match-line")


# -- rollouts ---------------------------------------------------------------------------------


def test_a_seeded_rollout_shows_progress_can_be_cancelled_and_completes(
    browser: Browser, site_url: str
) -> None:
    loaded = open_game(browser, site_url, query=link_to(XGID_RACE)[1:], **DESKTOP)
    page = loaded.page
    try:
        wait_for_analysis(page)
        rollout = page.locator("#analysis [data-testid='an-rollout']")
        rollout.locator("select[name='trials']").select_option("432")
        rollout.locator("select[name='truncate']").select_option("5")
        rollout.locator("[data-action='rollout']").click()
        state = page.locator("#analysis [data-testid='rollout-state']")
        state.wait_for()
        assert "Rolling out…" in state.inner_text() and "of 432 trials" in state.inner_text()
        # The first chunks come in: each candidate's mean ± its standard error.
        page.wait_for_selector("#analysis [data-testid='rollout-table']", timeout=AI_TIMEOUT_MS)
        assert "± " in text_of(page, "#analysis [data-testid='rollout-table']")
        assert page.locator("#board").get_attribute("data-busy") == "false"  # never blocks
        page.click("#analysis [data-action='rollout-cancel']")
        until(
            page, lambda: "Cancelled after" in text_of(page, "[data-testid='rollout-state']"), True
        )
        screenshot(page, "analysis-rollout-cancelled")
        rollout.locator("select[name='trials']").select_option("36")
        rollout.locator("select[name='truncate']").select_option("5")
        rollout.locator("[data-action='rollout']").click()
        page.wait_for_function(
            "() => (document.querySelector('[data-testid=rollout-state]') || {}).innerText"
            "?.startsWith('Rolled out: 36 trials')",
            timeout=AI_TIMEOUT_MS,
        )
        table = text_of(page, "#analysis [data-testid='rollout-table']")
        assert "No double" in table and "Double, take" in table and "exact" in table
        assert "Rollout:" in text_of(page, "#analysis [data-testid='an-rollout']")
        screenshot(page, "analysis-rollout")
        assert loaded.errors == []
    finally:
        loaded.context.close()


ROLLOUT_STATE = "[data-testid=rollout-state]"


def play_on(page: Page) -> float:
    """Play the best play: the seconds until the AI's worker has analysed the next moment."""
    start = time.monotonic()
    page.locator("#analysis [data-testid='ranked-plays'] .an-play").first.click()
    until(page, lambda: text_of(page, "[data-testid='an-at']"), "Decision 2 of 2")
    wait_for_analysis(page)
    seconds = time.monotonic() - start
    page.click("#analysis [data-action='analysis-back']")
    wait_for_analysis(page, "ranked-plays")
    return seconds


def roll_out(page: Page, trials: str, truncate: str) -> float:
    """Start a rollout of the board's moment; the seconds until it is done."""
    rollout = page.locator("#analysis [data-testid='an-rollout']")
    rollout.locator("select[name='trials']").select_option(trials)
    rollout.locator("select[name='truncate']").select_option(truncate)
    start = time.monotonic()
    rollout.locator("[data-action='rollout']").click()
    page.wait_for_function(
        f"() => document.querySelector('{ROLLOUT_STATE}')?.innerText"
        f".startsWith('Rolled out: {trials} trials')",
        timeout=AI_TIMEOUT_MS,
    )
    return time.monotonic() - start


def test_rollout_cancel_stops_the_work_at_once_and_keeps_the_settings(
    browser: Browser, site_url: str
) -> None:
    """After Cancel each worker has at most one short part to finish: the AI's
    next answer and a short rollout take about as long as before the cancelled
    long one; its first trials show soon, and its settings stay on the form (#47)."""
    loaded = open_game(browser, site_url, query=link_to(XGID_31)[1:], **DESKTOP)
    page = loaded.page
    try:
        wait_for_analysis(page, "ranked-plays")
        roll_out(page, "36", "5")  # starts the rollout's workers
        first = roll_out(page, "36", "5")
        answer = play_on(page)
        rollout = page.locator("#analysis [data-testid='an-rollout']")
        rollout.locator("select[name='trials']").select_option("1296")
        rollout.locator("select[name='truncate']").select_option("0")
        start = time.monotonic()
        rollout.locator("[data-action='rollout']").click()
        page.wait_for_function(
            f"() => /Rolling out… [1-9]\\d* of 1296/.test("
            f"document.querySelector('{ROLLOUT_STATE}')?.innerText)",
            timeout=AI_TIMEOUT_MS,
        )
        progress = time.monotonic() - start
        page.wait_for_function(  # the parts have grown: one of them is cut short
            f"() => /Rolling out… ([6-9]|\\d\\d+) of 1296/.test("
            f"document.querySelector('{ROLLOUT_STATE}')?.innerText)",
            timeout=AI_TIMEOUT_MS,
        )
        page.click("#analysis [data-action='rollout-cancel']")
        until(page, lambda: "Cancelled after" in text_of(page, ROLLOUT_STATE), True)
        assert rollout.locator("select[name='trials']").input_value() == "1296"
        assert rollout.locator("select[name='truncate']").input_value() == "0"
        answer_after = play_on(page)  # the AI's worker is the first rollout worker
        second = roll_out(page, "36", "5")
        print(
            f"36 trials {first:.1f} s, after a cancel {second:.1f} s; the next analysis "
            f"{answer:.1f} s, after a cancel {answer_after:.1f} s; progress {progress:.1f} s"
        )
        # The AI's worker first ends the part in hand: one trial at the least (as the first).
        assert answer_after <= 3 * answer + progress + 2, (answer, answer_after, progress)
        assert second <= 3 * first + 2, (first, second)
        # One trial first: the first figures before a short rollout's end (36 trials before).
        assert progress <= first, (first, progress)
        assert loaded.errors == []
    finally:
        loaded.context.close()


# -- match files ------------------------------------------------------------------------------


def test_a_mat_file_exports_and_imports_for_review_on_the_board(
    browser: Browser, site_url: str, tmp_path: Path
) -> None:
    game = open_game(browser, site_url, query="seed=3&anim=off&dice=3,1,6,4,5,2,4,4", **DESKTOP)
    page = game.page
    try:
        new_game(page, "human", 3)
        page.click("#controls [data-action='roll']")
        for _ in range(3):
            play_turn(page)
            page.click("#controls [data-action='roll']")
        play_turn(page)
        page.click("#controls [data-action='double']")
        page.locator("dialog#dialog[open] [data-action='drop']").click()
        page.wait_for_selector("dialog#dialog[open][data-kind='over']")
        page.keyboard.press("Escape")
        page.wait_for_function("() => !document.getElementById('dialog').open")
        page.click(".menu [data-action='saves-open']")
        with page.expect_download() as download:
            page.locator("dialog#dialog [data-action='export'][data-value='mat']").click()
        saved = tmp_path / download.value.suggested_filename
        download.value.save_as(saved)
        text = saved.read_text()
        assert saved.suffix == ".mat" and "3 point match" in text and "Drops" in text
        page.set_input_files("dialog#dialog input[type='file']", str(saved))
        page.wait_for_selector("body[data-analysis='analyse']")
        assert "Imported White against Black" in text_of(page, "#announce")
        page.click("#analysis [data-action='analysis-last']")  # it opened at the start
        page.click("#analysis [data-action='review']")
        page.wait_for_selector("dialog#dialog[open][data-kind='review']")
        page.wait_for_selector(
            "dialog#dialog .review-summary:not([aria-busy])", timeout=AI_TIMEOUT_MS
        )
        # Each player of the file rated by name: the PR King Tubby gives on the command line.
        rated = review(MatFile.parse(text).record)
        for player, name in enumerate(("White", "Black")):
            line = text_of(page, f"dialog#dialog [data-testid='review-player-{player}']")
            assert line.startswith(f"{name}: PR {rated.players[player].pr:.1f} over "), line
            assert f"{rated.players[player].blunders} blunder" in line, line
        screenshot(page, "analysis-mat-review")
        page.set_viewport_size({"width": 390, "height": 844})  # the summary on a phone's width
        screenshot(page, "analysis-mat-review-narrow")
        page.set_viewport_size(DESKTOP["viewport"])
        shown = page.locator("dialog#dialog [data-action='review-show']")
        if shown.count():  # a flagged decision on the board
            shown.first.click()
            page.wait_for_selector("#controls [data-action='review-list']:visible")
        bad = tmp_path / "bad.mat"
        # Not a match at all (no "Game 1" line): refused with its line, nothing lost.
        bad.write_text(" 3 point match\n\n White : 0     Black : 0\n  1) 31: 8/4 6/5\n")
        page.keyboard.press("Escape")
        page.click(".menu [data-action='saves-open']")
        page.set_input_files("dialog#dialog input[type='file']", str(bad))
        page.wait_for_selector("dialog#dialog .dialog-error")
        said = text_of(page, "dialog#dialog .dialog-error")
        assert "Line 3: “Game 1” was expected, not “White : 0" in said  # spaces collapse
        assert game.errors == []
    finally:
        game.context.close()


# -- on a phone, either way up -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "device"), [("upright", PHONE_PORTRAIT), ("sideways", PHONE_SIDEWAYS)]
)
def test_on_a_phone_the_board_stays_big_and_the_tools_at_hand(
    browser: Browser, site_url: str, name: str, device: dict[str, Any]
) -> None:
    loaded = open_game(browser, site_url, query=link_to(XGID_31)[1:], **device)
    page = loaded.page
    try:
        page.wait_for_selector("body[data-analysis='analyse']")
        wait_for_analysis(page, "ranked-plays")
        width = device["viewport"]["width"]
        height = device["viewport"]["height"]
        board = page.locator("#board").bounding_box()
        assert board is not None
        if name == "upright":
            assert board["width"] >= 0.95 * width  # as wide as the screen
            dock = page.locator("#analysis .an-dock").bounding_box()
            assert dock is not None and dock["y"] + dock["height"] <= height + 1  # docked, in view
        else:
            assert board["height"] >= 0.8 * height
        screenshot(page, f"analysis-phone-{name}")
        page.click("#analysis [data-action='edit-open']")
        page.wait_for_selector("body[data-analysis='edit']")
        page.locator("#board").scroll_into_view_if_needed()
        tool(page, "erase")
        tap_place(page, 6)
        until(page, lambda: checkers(page, "me", 6), 4)
        screenshot(page, f"analysis-editor-phone-{name}")
        assert loaded.errors == []
    finally:
        loaded.context.close()


# -- the shared link, offline --------------------------------------------------------------------


@pytest.fixture(scope="module")
def deployment(test_site: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Deployment]:
    deployed = Deployment(test_site, tmp_path_factory.mktemp("pages"), SUB_PATH)
    yield deployed
    deployed.down()


def test_a_shared_link_opens_the_analysis_offline(browser: Browser, deployment: Deployment) -> None:
    visit = open_game(browser, deployment.url, query=QUERY, **DESKTOP)
    page = visit.page
    try:
        wait_until_offline_ready(page)  # one visit online: the service worker keeps the site
        deployment.down()
        visit.context.set_offline(True)
        page.close()  # the first visit's page, and whatever it still had on the network
        requests_before = len(visit.requests)
        errors: list[str] = []
        page = visit.context.new_page()  # the link opened in a new tab, as from a message
        page.on("pageerror", lambda error: errors.append(f"page error: {error}"))
        page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
        page.goto(deployment.url + link_to(XGID_RACE))
        wait_ready(page, visit)
        page.wait_for_selector("body[data-analysis='analyse']")
        wait_for_analysis(page)
        verdict = text_of(page, "[data-testid='cube-verdict']")
        assert verdict in ("No double.", "Double, take.", "Double, pass.") or "Too good" in verdict
        assert "Match to 7" in text_of(page, "#match-line")
        assert text_of(page, "[data-testid='an-xgid']").startswith(XGID_RACE[:-3])
        # Nothing of the fragment went anywhere: no request holds it.
        assert not any("xgid" in url.lower() for url in visit.requests[requests_before:])
        assert errors == []
    finally:
        visit.context.close()


# -- an imported match walked through (#47) ------------------------------------------------------

MATCH_FILE = Path(__file__).parents[1] / "tests" / "data" / "mat" / "selfplay_7pt.mat"


def at(page: Page) -> str:
    return text_of(page, "[data-testid='an-at']")


@pytest.mark.parametrize(("name", "device"), [("desktop", DESKTOP), ("phone", PHONE_PORTRAIT)])
def test_an_imported_match_is_walked_with_keys_and_the_move_list(
    browser: Browser, site_url: str, name: str, device: dict[str, Any]
) -> None:
    loaded = open_game(browser, site_url, query=QUERY, **device)
    page = loaded.page
    try:
        new_game(page, "human", 3)  # a game in progress, put aside
        page.click(".menu [data-action='saves-open']")
        page.set_input_files("dialog#dialog input[type='file']", str(MATCH_FILE))
        page.wait_for_selector("body[data-analysis='analyse']")
        total = at(page).split(" of ")[1]
        assert at(page) == f"Decision 1 of {total}"  # the start of game 1
        assert page.locator("#history-game").input_value() == "0"
        viewer = page.locator("#board").get_attribute("data-viewer")
        page.evaluate("document.activeElement.blur()")  # the keys are the page's
        for step in range(2, 8):
            page.keyboard.press("ArrowRight")
            until(page, lambda: at(page), f"Decision {step} of {total}")
            assert page.locator("#board").get_attribute("data-viewer") == viewer  # never turns
            # The points are numbered as the side on roll's plays are written: the
            # point drawn as the viewer's 1 is the top side's 24 when it is on roll.
            turn = page.locator("#board").get_attribute("data-turn")
            first = page.locator("#board .point-numbers text").first.text_content()
            assert first == ("1" if turn == viewer else "24"), (step, turn, first)
        page.keyboard.press("ArrowLeft")
        until(page, lambda: at(page), f"Decision 6 of {total}")
        page.keyboard.press("End")
        until(page, lambda: at(page), f"Decision {total} of {total}")
        page.keyboard.press("Home")
        until(page, lambda: at(page), f"Decision 1 of {total}")
        page.keyboard.press("PageDown")
        until(page, lambda: page.locator("#history-game").input_value(), "1")
        assert "Game 2 of" in text_of(page, "[data-testid='an-game']")
        page.keyboard.press("PageUp")
        until(page, lambda: at(page), f"Decision 1 of {total}")
        # The game picker moves the board; a move of the list takes it to that decision.
        page.select_option("#history-game", "2")
        until(page, lambda: text_of(page, "[data-testid='an-game']").startswith("Game 3 of"), True)
        move = page.locator("#history .mv").nth(5)
        target = move.get_attribute("data-value")
        move.scroll_into_view_if_needed()
        move.click()
        until(page, lambda: at(page), f"Decision {int(target or 0) + 1} of {total}")
        assert page.locator("#history td.marked .mv").get_attribute("data-value") == target
        screenshot(page, f"analysis-movelist-{name}")
        page.locator("#analysis [data-action='analysis-last']").click()
        until(page, lambda: at(page), f"Decision {total} of {total}")
        page.locator("#analysis [data-action='analysis-first']").click()
        until(page, lambda: at(page), f"Decision 1 of {total}")
        screenshot(page, f"analysis-movelist-start-{name}")
        # Each game's end is on the line: game 1 reviewed, its errors marked and reached.
        page.keyboard.press("PageDown")
        page.keyboard.press("ArrowLeft")
        page.click("#analysis [data-action='review']")
        page.wait_for_selector(
            "dialog#dialog .review-summary:not([aria-busy])", timeout=AI_TIMEOUT_MS
        )
        page.keyboard.press("Escape")
        page.wait_for_function("() => !document.getElementById('dialog').open")
        page.keyboard.press("Home")
        page.locator("#analysis [data-action='analysis-error'][data-value='next']").click()
        until(page, lambda: at(page) != f"Decision 1 of {total}", True)
        assert page.locator("#history .an-grade").count() > 3
        assert page.locator("#history td.marked .an-grade").count() == 1  # the error on the board
        screenshot(page, f"analysis-movelist-graded-{name}")
        # Settings: the home boards on the left, the second player at the bottom.
        page.click(".menu [data-action='settings-open']")
        page.select_option("dialog#dialog select[data-name='home']", "left")
        page.select_option("dialog#dialog select[data-name='bottom']", "1")
        page.keyboard.press("Escape")
        page.wait_for_function("() => !document.getElementById('dialog').open")
        page.wait_for_selector(
            "#board svg g[transform^='matrix(-1'], #board svg g[transform^='matrix(0 -1']"
        )
        until(page, lambda: page.locator("#board").get_attribute("data-viewer") or "", "1")
        page.evaluate("document.activeElement.blur()")
        for _ in range(3):
            page.keyboard.press("ArrowRight")
            assert page.locator("#board").get_attribute("data-viewer") == "1"
        x, y = board_point(page, 6)  # my 6 point, where the mirrored layout puts it
        hit = "(xy) => document.elementFromPoint(...xy).closest('[data-point]').dataset.point"
        assert page.evaluate(hit, [x, y]) == "6"
        screenshot(page, f"analysis-movelist-home-left-{name}")
        assert loaded.errors == []
    finally:
        loaded.context.close()
