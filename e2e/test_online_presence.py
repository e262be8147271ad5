"""Online play (#17): the friend's presence on the board, and claiming the game
when they are gone — two real browsers, as in :mod:`e2e.test_online_match`.

The inviter (a desktop) leaves its page mid-game; the friend's phone shows
"waiting for your friend…" in the inviter's panel, says when the game may be
claimed, then (after the test build's shorter wait, ``?claim=20``, instead of
two minutes) offers to claim it; the friend claims and wins the game, which
ends the match.  The friend reloads; the inviter comes back to the page and is
told of the claim, and both records show the same abandoned game.
"""

from __future__ import annotations

import time
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser

from e2e.online import Relay
from e2e.test_online_match import Plan, Side, mover, open_pair, play_match, shot
from e2e.test_online_transport import (  # noqa: F401  (pytest fixtures)
    online_browsers,
    online_namespace,
    online_relay,
    online_site,
)
from scripts.page_driver import text_of, until

CLAIM_AFTER_S = 20  # the test build's wait (?claim=), instead of two minutes


@pytest.fixture
def claim_pair(
    online_browsers: tuple[Browser, Browser],  # noqa: F811
    online_site: str,  # noqa: F811
    online_relay: Relay,  # noqa: F811
) -> Iterator[tuple[Side, Side]]:
    host, friend = open_pair(online_browsers, online_site, online_relay, f"&claim={CLAIM_AFTER_S}")
    yield host, friend
    for side in (host, friend):
        side.game.context.close()


def test_online_a_gone_friend_is_waited_for_then_the_game_claimed(
    claim_pair: tuple[Side, Side],
) -> None:
    host, friend = claim_pair
    plan = Plan(cube=False)
    # Ann leaves while she owes a move: a claim is against a friend who owes one.
    play_match(host, friend, plan, until=lambda: plan.plays >= 2 and mover(host, friend) is host)
    shot(friend.game, "phone-friend-connected")
    shot(host.game, "desktop-in-game")
    assert text_of(friend.page, "#player-top .name") == "Ann"
    ann_url = host.page.url
    host.page.goto("about:blank")  # Ann leaves the page (her saved game stays on her device)

    page = friend.page
    note = page.locator("#player-top .note")
    note.filter(has_text="waiting for your friend…").wait_for(timeout=60_000)
    waited_from = time.monotonic()
    status = text_of(page, "#status")
    assert status == (
        "Waiting for Ann to come back… You may claim the game if they have not moved in 20 seconds."
    ), status
    shot(friend.game, "phone-waiting")
    claim = page.locator("#controls [data-action='claim']")
    assert not claim.is_visible()

    dialog = page.locator("dialog#dialog[open] form[data-dialog='claim']")
    dialog.wait_for(timeout=60_000)
    assert time.monotonic() - waited_from > 5  # not before the stated time
    words = dialog.inner_text()
    # The move clock ran out on the move Ann owed when she left.
    assert "Ann has not moved in 20 seconds" in words and "Keep waiting" in words, words
    assert note.inner_text() == "out of time: you may claim the game"
    shot(friend.game, "phone-claim")
    # Keep waiting first: the dialog closes, the Claim button stays.
    dialog.locator("[data-action='close']:not(.dlg-close)").click()  # Keep waiting
    claim.wait_for(state="visible")
    assert "claim the game, or keep waiting" in text_of(page, "#status")
    shot(friend.game, "phone-claim-button")
    claim.click()
    page.locator("#status").filter(has_text="You claimed the game").wait_for(timeout=30_000)
    status = text_of(page, "#status")
    assert status.startswith(
        "You claimed the game: Ann did not move in the time allowed, which counts as resigning a "
    ), status
    assert "to you)." in status
    assert note.inner_text() == "game claimed"
    banner = page.locator("#notice")  # in view at the top of a phone's screen
    assert banner.is_visible() and banner.inner_text().startswith("You claimed the game")
    assert not claim.is_visible()
    assert page.locator("#controls [data-action='roll']").is_disabled()
    shot(friend.game, "phone-claimed")
    score = text_of(page, "#player-bottom .score")

    # Bob reloads: the claimed game is still over, the match won, counted once.
    page.reload()
    page.wait_for_selector('#board[data-ready="true"]', timeout=180_000)
    until(page, lambda: text_of(page, "#player-bottom .score"), score)
    assert "(game abandoned)" in text_of(page, "dialog#dialog[open]")
    shot(friend.game, "phone-claimed-reloaded")
    assert page.locator("#controls [data-action='roll']").count() == 0 or (
        page.locator("#controls [data-action='roll']").is_disabled()
    )
    # Ann comes back: Bob's page tells hers, and her match ends the same way.
    host.page.goto(ann_url)
    host.page.wait_for_selector('#board[data-ready="true"]', timeout=180_000)
    told = "claimed the game: you did not move in the time allowed"
    host.page.locator("#status").filter(has_text=told).wait_for(timeout=90_000)
    assert text_of(host.page, "#player-top .score") == score  # Bob's score, on Ann's board
    assert host.dialog() != "invite"  # nobody left to invite: the claim closed it
    shot(host.game, "desktop-told-of-claim")
    closed = "Trystero peer error"
    for side in (host, friend):
        errors = [error for error in side.game.errors if closed not in error]
        assert errors == [], errors
