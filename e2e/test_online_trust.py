"""Online play a dishonest friend cannot win (#43), in two real browsers (as
:mod:`e2e.test_online_match`): a third page that opens the invite link once
the friend is in is told the game is full and changes nothing; a friend who
stalls on a roll, page open and connected, may be claimed against once the
move clock (the test build's ``?claim=20``) runs out and not before, and the
claim ends the game the same way on both pages."""

from __future__ import annotations

import time

from playwright.sync_api import Browser

from e2e.helpers import PHONE_PORTRAIT, open_game
from e2e.test_online_match import (  # noqa: F401  (pytest fixtures: pair)
    Plan,
    Side,
    mover,
    open_pair,
    pair,
    play_match,
    same,
    shot,
)
from e2e.test_online_presence import CLAIM_AFTER_S, claim_pair  # noqa: F401  (fixture)
from e2e.test_online_transport import (  # noqa: F401  (pytest fixtures)
    online_browsers,
    online_namespace,
    online_relay,
    online_site,
)
from scripts.page_driver import text_of

CLOCK_S = CLAIM_AFTER_S  # the test build's move clock (?claim=), instead of two minutes


def test_online_a_third_page_with_the_link_is_told_the_game_is_full(
    pair: tuple[Side, Side],  # noqa: F811  (two minutes a move: nobody runs out here)
    online_browsers: tuple[Browser, Browser],  # noqa: F811
) -> None:
    host, friend = pair
    plan = Plan(cube=False)
    play_match(host, friend, plan, until=lambda: plan.plays >= 1 and same(host, friend))
    before = (host.state(), friend.state())
    invite = friend.page.url  # the link Bob opened: anyone it reached has it too
    eve = Side("Eve", open_game(online_browsers[0], invite, **PHONE_PORTRAIT))
    try:
        join = eve.page.locator("dialog#dialog[open] form[data-dialog='join']")
        join.wait_for()
        join.locator("input[name='name']").fill("Eve")
        join.locator("[data-action='join-accept']").click()
        eve.page.locator("#notice").filter(has_text="already has its two players").wait_for(
            timeout=90_000
        )
        shot(eve.game, "phone-third-page-full")
        # Nothing changed for the two players: the same boards, the same names.
        assert (host.state(), friend.state()) == before
        assert text_of(host.page, "#player-top .name") == "Bob"
        assert text_of(friend.page, "#player-top .name") == "Ann"
        # ...and the game goes on between them.
        played = plan.plays
        play_match(host, friend, plan, until=lambda: plan.plays >= played + 2)
        assert plan.plays >= played + 2  # (play_match fails when nobody can act)
    finally:
        eve.game.context.close()


def test_online_a_stalled_roller_is_claimable_after_the_clock_and_not_before(
    claim_pair: tuple[Side, Side],  # noqa: F811
) -> None:
    host, friend = claim_pair
    plan = Plan(cube=False)
    # Bob rolls, then sits on his roll: his page stays open and connected.
    play_match(host, friend, plan, until=lambda: plan.plays >= 2 and mover(host, friend) is friend)
    stalled = time.monotonic()
    page = host.page
    claim = page.locator("#controls [data-action='claim']")
    time.sleep(CLOCK_S / 2)
    assert not claim.is_visible()  # Bob's heartbeat goes on: no claim before the clock
    assert "to move" in text_of(page, "#player-top .note")  # the countdown, beside Bob
    assert "to move" in text_of(friend.page, "#player-bottom .note")  # ...on his page too
    shot(host.game, "desktop-friend-stalling")
    dialog = page.locator("dialog#dialog[open] form[data-dialog='claim']")
    dialog.wait_for(timeout=60_000)
    assert time.monotonic() - stalled > CLOCK_S / 2
    dialog.locator("[data-action='claim']").click()
    page.locator("#status").filter(has_text="You claimed the game").wait_for(timeout=30_000)
    # Bob's page judges the claim by its own record: he owed the move past the time.
    told = "Ann claimed the game: you did not move in the time allowed"
    friend.page.locator("#status").filter(has_text=told).wait_for(timeout=60_000)
    shot(host.game, "desktop-claimed-stall")
    shot(friend.game, "phone-claimed-stall")
    for top, bottom in (("#player-top", "#player-bottom"), ("#player-bottom", "#player-top")):
        assert text_of(page, f"{top} .score") == text_of(friend.page, f"{bottom} .score")
