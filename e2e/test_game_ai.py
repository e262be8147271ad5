"""Whole games against each AI level, played through the real page: taps on
some turns, drags on others, bear-offs by double-click, the AI in its worker."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Page

from e2e.helpers import DESKTOP, open_game, screenshot
from scripts.page_driver import (
    AI_TIMEOUT_MS,
    board_state,
    new_game,
    play_turn,
    text_of,
    wait_for_player,
)


def play_to_the_end(page: Page, *, double_once: bool = False) -> dict[str, int]:
    """Play the human's side until the game is over; count what happened."""
    seen = {"turns": 0, "doubles": 0, "cube answers": 0, "resignations": 0}
    for _ in range(300):
        state = wait_for_player(page)
        if state["phase"] == "over":
            return seen
        if state["dialog"] == "cube":  # the AI doubled: take
            page.click("dialog [data-action='take']")
            seen["cube answers"] += 1
        elif state["dialog"] == "resign-answer":
            page.click("dialog [data-action='accept']")
            seen["resignations"] += 1
        elif state["phase"] in ("opening", "roll"):
            double = page.locator("#controls [data-action='double']")
            if double_once and not seen["doubles"] and double.is_enabled():
                double.click()
                seen["doubles"] += 1
            else:
                page.click("#controls [data-action='roll']")
        elif state["phase"] == "move":
            play_turn(page, "drag" if seen["turns"] % 2 else "tap")
            seen["turns"] += 1
        else:
            raise AssertionError(f"unexpected state {state}")
    raise AssertionError("the game did not end in 300 actions")


@pytest.mark.parametrize(
    ("level", "name", "length", "seed"),
    [
        ("easy", "Beach Bum", 1, 11),
        ("medium", "Selector", 1, 5),
        ("hard", "King Tubby", 0, 3),
    ],
)
def test_a_whole_game_against_each_ai_level(
    browser: Browser, site_url: str, level: str, name: str, length: int, seed: int
) -> None:
    game = open_game(browser, site_url, query=f"seed={seed}&anim=off", **DESKTOP)
    page = game.page
    new_game(page, level, length)
    assert text_of(page, "#player-top .name") == name
    seen = play_to_the_end(page, double_once=length == 0)
    assert seen["turns"] >= 5
    dialog = page.locator("dialog#dialog[open]")
    assert dialog.get_attribute("data-kind") == "over"
    summary = text_of(page, "dialog#dialog")
    assert "You win" in summary or f"{name} wins" in summary
    assert "Score:" in summary
    if length == 0:
        # King Tubby answered the cube: took it (cube 2+) or dropped (game over at 1).
        assert seen["doubles"] == 1
        assert "Doubles to 2" in text_of(page, "#history")
        assert "Takes" in text_of(page, "#history") or "Drops" in text_of(page, "#history")
        assert dialog.locator("[data-action='next-game']").count() == 1
    else:
        assert "wins the match" in summary or "You win the match" in summary
    assert board_state(page)["ai"] == "ready"
    rows = page.locator("#history tr").count()
    assert rows > seen["turns"] // 2
    screenshot(page, f"game-over-vs-{level}")
    if level == "easy":
        # King Tubby reviews the player's plays of the game, one by one, in its worker.
        dialog.locator("[data-action='review']").click()
        page.wait_for_selector(
            "dialog#dialog[data-kind='review'] .review-summary:not([aria-busy])",
            timeout=AI_TIMEOUT_MS,
        )
        review = text_of(page, "dialog#dialog .review-summary")
        plays = int(review.split("Checker play:")[1].split()[0])  # "... 23 plays · ..."
        assert plays >= seen["turns"], review  # every turn played by hand (and forced ones)
        assert "millipoints given up per play" in review
        screenshot(page, "game-review")
        # Show puts a listed decision on the board; the arrows step through the list.
        shows = dialog.locator(".review-show")
        listed = shows.count()
        if listed:
            shows.first.click()
            page.wait_for_selector("dialog#dialog", state="hidden")
            assert text_of(page, "#status").startswith(f"1 of {listed} · You")
            played = page.locator("#controls [data-action='review-played']")
            if played.is_visible():  # a checker play (not a cube decision)
                played.click()
                page.click("#controls [data-action='review-best']")
                assert "(shown: the best)" in text_of(page, "#status")
            screenshot(page, "game-review-board")
            # However long the score sheet (here padded with copies of its last row), it
            # is what gives up height: the verdict never runs under the move box.
            page.eval_on_selector(
                "#history tr:last-child",
                "row => { for (let i = 0; i < 40; i++) row.after(row.cloneNode(true)); }",
            )
            verdict = page.locator("#status")
            spill = verdict.evaluate("el => el.scrollHeight - el.clientHeight")
            assert spill <= 0, f"the verdict spills {spill} px out of its box"
            box, below = verdict.bounding_box(), page.locator("#notation").bounding_box()
            assert box and below and box["y"] + box["height"] <= below["y"]
            page.click("#controls [data-action='review-list']")
            page.wait_for_selector("dialog#dialog[data-kind='review'][open]")
            page.click("dialog#dialog [data-action='close']")
            assert page.locator("#controls [data-action='rematch']").is_visible()
    assert game.errors == [] and game.failures == []
    game.context.close()
