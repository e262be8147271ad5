"""Pass-and-play on one device, through the real page: a whole game with the
board turning to the player on roll and bear-offs by double-click, and a
match to 3 with a double dropped, a double taken, resignations and the
Crawford game.  The dice come from the game's own seeded RNG, with faces
queued in front of it through the test build's hook."""

from __future__ import annotations

from playwright.sync_api import Browser, Page

from e2e.helpers import DESKTOP, open_game, queue_dice, screenshot
from scripts.page_driver import new_game, play_turn, text_of, wait_for_player


def roll(page: Page) -> None:
    page.click("#controls [data-action='roll']")
    wait_for_player(page)


def test_a_pass_and_play_game_to_the_end(browser: Browser, site_url: str) -> None:
    game = open_game(browser, site_url, query="seed=2&anim=off", **DESKTOP)
    page = game.page
    new_game(page, "human", 1)
    assert text_of(page, "#player-bottom .name") == "White"
    queue_dice(page, 2, 6)  # the opening: Black's 6 beats White's 2
    viewers: list[str] = []
    borne_off = 0
    for _ in range(400):
        state = wait_for_player(page)
        if state["phase"] == "over":
            break
        if state["phase"] in ("opening", "roll"):
            roll(page)
            continue
        assert state["phase"] == "move" and state["viewer"] == state["turn"]
        bottom = text_of(page, "#player-bottom .name")
        assert bottom == ("White" if state["turn"] == "0" else "Black")
        viewers.append(state["viewer"])
        borne_off += play_turn(page, "tap")
    else:
        raise AssertionError("the game did not end")
    assert viewers[0] == "1"  # Black won the opening roll and the board turned to Black
    assert set(viewers) == {"0", "1"}
    # Bear-offs by double-click (the rest were forced plays, which play by themselves).
    assert borne_off >= 3
    assert page.locator("#board .checker.borne-off").count() >= 15
    summary = text_of(page, "dialog#dialog")
    assert "White wins" in summary or "Black wins" in summary
    assert "wins the match" in summary
    assert "/off" in text_of(page, "#history")
    screenshot(page, "pass-and-play-over")
    assert game.errors == [] and game.failures == []
    game.context.close()


def answer(page: Page, action: str) -> None:
    page.wait_for_selector(f"dialog#dialog[open] [data-action='{action}']")
    page.click(f"dialog#dialog [data-action='{action}']")


def test_a_match_to_three_with_a_double_dropped_and_a_double_taken(
    browser: Browser, site_url: str
) -> None:
    game = open_game(browser, site_url, query="seed=9&anim=off", **DESKTOP)
    page = game.page
    new_game(page, "human", 3)
    assert text_of(page, "#match-line") == "Match to 3 · game 1"

    # Game 1: White opens, Black doubles, White drops.
    queue_dice(page, 3, 1)
    roll(page)
    play_turn(page)
    wait_for_player(page)
    page.click("#controls [data-action='double']")
    assert "Black doubles to 2" in text_of(page, "dialog#dialog")
    screenshot(page, "match-double-offered")
    page.keyboard.press("Escape")  # a decision is required: the dialog stays
    answer(page, "drop")
    summary = text_of(page, "dialog#dialog")
    assert "Black wins" in summary and "(double dropped)" in summary
    assert "Score: White 0 – 1 Black (match to 3)" in summary
    answer(page, "next-game")

    # Game 2: Black opens; White doubles, Black takes; then Black resigns.
    assert text_of(page, "#match-line") == "Match to 3 · game 2"
    queue_dice(page, 1, 3)
    roll(page)
    play_turn(page)
    wait_for_player(page)
    page.click("#controls [data-action='double']")
    answer(page, "take")
    assert "Takes" in text_of(page, "#history")
    assert page.locator("#board .cube").get_attribute("data-value") == "2"
    roll(page)  # White, who doubled, rolls on
    play_turn(page)
    wait_for_player(page)
    page.click("#controls [data-action='resign-open']")
    page.click("dialog#dialog [data-action='resign'][data-value='1']")
    assert "Black resigns" in text_of(page, "dialog#dialog")
    answer(page, "accept")
    summary = text_of(page, "dialog#dialog")
    assert "White wins" in summary and "Single game: 2 points (resignation)" in summary
    answer(page, "next-game")

    # Game 3 is the Crawford game: no doubling.  A rejected resignation, then a
    # bigger one accepted, ends the match.
    assert text_of(page, "#match-line") == "Match to 3 · game 3 · Crawford game"
    queue_dice(page, 3, 1)
    roll(page)
    play_turn(page)
    wait_for_player(page)
    assert not page.locator("#controls [data-action='double']").is_visible()
    page.click("#controls [data-action='resign-open']")
    page.click("dialog#dialog [data-action='resign'][data-value='1']")
    answer(page, "reject")
    assert "rejects" in text_of(page, "#announce")
    page.click("#controls [data-action='resign-open']")
    assert page.locator("dialog#dialog [data-action='resign'][data-value='1']").count() == 0
    page.click("dialog#dialog [data-action='resign'][data-value='2']")
    answer(page, "accept")
    summary = text_of(page, "dialog#dialog")
    assert "White wins the match" in summary
    screenshot(page, "match-over")
    history = text_of(page, "#history")
    assert "Resigns a single game" in history and "Rejects" in history
    answer(page, "rematch")
    assert text_of(page, "#match-line") == "Match to 3 · game 1"
    assert text_of(page, "#player-bottom .score output") == "0"
    assert game.errors == [] and game.failures == []
    game.context.close()
