"""Online play (#17) connected by hand, through the page: when no relay brings
the two players together, the inviter's "Can't connect?" makes a connection
link, the friend opens it and gets an answer code to send back, the inviter
pastes it, and the two play over the data channel that opens.

Two browsers in the bench's private network (:mod:`e2e.online`).  The
inviter's page meets nobody through the bench's relay: the friend's page,
opened with the connection link, never asks a relay, so the channel can only
come from the codes.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser

from e2e.helpers import DESKTOP, PHONE_PORTRAIT, open_game
from e2e.online import Relay
from e2e.test_online_match import Plan, Side, pages_url, play_match, shot
from e2e.test_online_transport import (  # noqa: F401  (pytest fixtures)
    online_browsers,
    online_namespace,
    online_relay,
    online_site,
)
from scripts.page_driver import text_of


@pytest.fixture
def sides(
    online_browsers: tuple[Browser, Browser],  # noqa: F811
    online_site: str,  # noqa: F811
    online_relay: Relay,  # noqa: F811
) -> Iterator[tuple[Browser, Side]]:
    url = pages_url(online_site, online_relay)
    host = Side("Ann", open_game(online_browsers[0], url, **DESKTOP))
    yield online_browsers[1], host
    host.game.context.close()


def test_online_connected_by_hand_with_a_link_and_an_answer_code(
    sides: tuple[Browser, Side],
) -> None:
    phone, host = sides
    page = host.page
    if host.dialog() != "new":
        page.click(".menu [data-action='new-open']")
    dialog = page.locator("dialog#dialog[open]")
    dialog.locator("input[name='opponent'][value='online']").check()
    dialog.locator("select[name='length']").select_option("1")
    dialog.locator("input[name='name']").fill("Ann")
    dialog.locator("[data-action='start']").click()
    invite = page.locator("dialog#dialog[open] form[data-dialog='invite']")
    invite.locator("[data-testid='invite-link']").wait_for(timeout=60_000)
    invite.locator("summary").filter(has_text="Can’t connect?").click()
    invite.locator("[data-action='manual-offer']").click()
    offer = page.locator("dialog#dialog[open] [data-testid='offer-link']")
    offer.wait_for(timeout=60_000)
    link = offer.inner_text().strip()
    assert "#join=" in link and "&offer=" in link, link
    assert "TURN relay" in text_of(page, "dialog#dialog")
    shot(host.game, "desktop-manual-offer")

    friend = Side("Bob", open_game(phone, link, **PHONE_PORTRAIT))
    join = friend.page.locator("dialog#dialog[open] form[data-dialog='join']")
    join.wait_for()
    assert "Ann invites you to play a 1-point match" in join.inner_text()
    join.locator("input[name='name']").fill("Bob")
    join.locator("[data-action='join-accept']").click()
    answer = friend.page.locator("dialog#dialog[open] [data-testid='answer-code']")
    try:
        answer.wait_for(timeout=60_000)
    except Exception:
        shot(friend.game, "phone-manual-failed")
        raise AssertionError(
            f"no answer code: {text_of(friend.page, '#status')!r} "
            f"{text_of(friend.page, '#notice')!r}; {friend.console}; {friend.game.errors}"
        ) from None
    code = answer.inner_text().strip()
    words = text_of(friend.page, "dialog#dialog")
    assert "Send this answer code back to Ann" in words and "Waiting for Ann to paste it" in words
    shot(friend.game, "phone-manual-answer")

    # A code cut short is refused in plain words; the whole one connects.
    field = page.locator("dialog#dialog[open] input[name='answer']")
    field.fill(code[: len(code) // 2])
    page.locator("dialog#dialog[open] [data-action='manual-answer']").click()
    page.locator("dialog#dialog[open] .dialog-error").filter(
        has_text="This answer code does not work"
    ).wait_for(timeout=30_000)
    page.locator("dialog#dialog[open] input[name='answer']").fill(code)
    page.locator("dialog#dialog[open] [data-action='manual-answer']").click()
    page.locator("dialog#dialog[open] [data-testid='link-status']").filter(
        has_text="Bob is connected."
    ).wait_for(timeout=60_000)
    shot(host.game, "desktop-manual-connected")
    friend.page.locator("dialog#dialog[open] [data-testid='link-status']").filter(
        has_text="Ann is connected."
    ).wait_for(timeout=30_000)
    shot(friend.game, "phone-manual-connected")
    page.click("dialog#dialog [data-action='close']")
    friend.page.click("dialog#dialog [data-action='close']")
    try:
        plan = Plan(cube=False)
        play_match(host, friend, plan, until=lambda: plan.plays >= 3)
        assert plan.plays >= 3
        for side in (host, friend):
            errors = [e for e in side.game.errors if "Trystero peer error" not in e]
            assert errors == [], errors
    finally:
        friend.game.context.close()
