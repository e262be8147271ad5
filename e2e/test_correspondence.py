"""Playing by messages through the page (#48): two browser contexts, each with
its own storage, and no relay, no WebRTC: the only channel is the link one
page shows and the other opens.  Ann starts "A friend online" with "Play by
messages" on a desktop, Bob opens her link on a phone; they play several turns
by links, then both pages are reloaded and play on from what they saved.
"""

from __future__ import annotations

import os
import re
import tempfile
from pathlib import Path

from playwright.sync_api import Browser, expect

from e2e.by_messages import dialog, link_to_send, open_link, settled, start_by_messages, visible
from e2e.helpers import DESKTOP, PHONE_PORTRAIT, LoadedPage, open_game, wait_ready
from scripts.page_driver import board_state, text_of

SHOTS = Path(os.environ.get("E2E_SHOTS", tempfile.gettempdir())) / "correspondence"


def shot(side: LoadedPage, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    side.page.screenshot(path=str(SHOTS / f"{name}.png"))


def reload(side: LoadedPage) -> str:
    """The page reloaded, and its game back; the heading of its list of moves
    as first drawn (online play's code then still loading)."""
    side.page.reload()
    wait_ready(side.page, side)
    first = history(side).split("\n", 1)[0]
    settled(side)
    return first


def history(side: LoadedPage) -> str:
    return side.page.locator("#history").inner_text()


def plays(side: LoadedPage) -> int:
    """The plays in the page's list of moves ("53: 24/16", say)."""
    return len(re.findall(r"\b[1-6]{2}: ", history(side)))


def test_correspondence_two_pages_play_by_links_and_go_on_after_a_reload(
    browser: Browser, site_url: str
) -> None:
    ann = open_game(browser, site_url, query="anim=off", **DESKTOP)
    bob: LoadedPage | None = None
    try:
        page = ann.page
        if dialog(ann) != "new":
            page.click(".menu [data-action='new-open']")
        new = page.locator("dialog#dialog[open]")
        new.locator("input[name='opponent'][value='online']").check()
        new.locator("select[name='length']").select_option("3")
        new.locator("input[name='cube']").set_checked(False)  # a turn is one link
        new.locator("input[name='name']").fill("Ann")
        assert visible(ann, "dialog#dialog p.live-only")  # the relays, until by messages
        new.locator("input[name='post']").check()
        # By messages no relay is contacted: the note says what leaves the device.
        assert not visible(ann, "dialog#dialog p.live-only")
        assert "nothing leaves this device but the links" in new.locator("p.post-only").inner_text()
        shot(ann, "desktop-new-game")
        new.locator("[data-action='start']").click()
        page.locator("dialog#dialog [data-testid='post-link']").wait_for(timeout=60_000)
        first = link_to_send(ann, "")
        assert "#post=" in first, first
        text = text_of(page, "dialog#dialog")
        assert "Nothing leaves this device but the links you send" in text, text
        ann.context.grant_permissions(["clipboard-read", "clipboard-write"])
        copy = page.locator("dialog#dialog [data-action='post-copy']")
        copy.click()
        copy.filter(has_text="Copied").wait_for()
        assert page.evaluate("navigator.clipboard.readText()") == first
        page.locator("dialog#dialog details.qr summary").click()  # for a phone in the room
        page.locator("dialog#dialog figure.qr-code svg").wait_for()
        shot(ann, "desktop-invitation")
        page.locator("dialog#dialog [data-action='close']").last.click()
        # Nothing to roll until Bob's link comes, and the status line says so.
        roll = page.locator("#controls [data-action='roll']")
        assert roll.is_disabled(), board_state(page)
        assert "Waiting for your friend’s link" in text_of(page, "#status")

        bob = open_game(browser, first, **PHONE_PORTRAIT)
        # Once applied, the page keeps the game, not the link (a reload goes on with it).
        bob.page.wait_for_function("() => !location.hash", timeout=30_000)
        # Bob is asked his name, as joining a live game asks it.
        join = bob.page.locator("dialog#dialog[open]")
        join.locator("input[name='name']").wait_for(timeout=60_000)
        assert "Ann invites you to play" in join.inner_text()
        join.locator("input[name='name']").fill("Bob")
        shot(bob, "phone-join")
        join.locator("[data-action='join-accept']").click()
        sides, sent = [bob, ann], ["", first]
        turn, links = 0, 1
        while links < 9 or (plays(ann) < 4 and links < 20):
            link = link_to_send(sides[turn], sent[turn])
            sent[turn] = link
            if links == 3:
                shot(sides[turn], f"{'phone' if turn == 0 else 'desktop'}-link-to-send")
            open_link(sides[1 - turn], link)
            said = text_of(sides[1 - turn].page, "#status")
            assert "Welcome back" not in said, said
            links += 1
            turn = 1 - turn
            if links == 5:  # both pages reloaded, with no link: the games go on
                for side in sides:
                    before = history(side)
                    first = reload(side)
                    # The players' names are right from the first drawing
                    # (not White and Black until online play's code is back).
                    assert first == before.split("\n", 1)[0], (first, before)
                    # The saved game is put back once online play's code has
                    # loaded (the board is drawn before, with the names).
                    side.page.wait_for_function(
                        "before => document.getElementById('history').innerText === before",
                        arg=before,
                        timeout=60_000,
                    )
                    assert history(side) == before
        assert plays(ann) >= 4, history(ann)
        # Bob's list of games: one game, against Ann.
        for side in sides:
            if dialog(side) == "post":
                side.page.locator("dialog#dialog [data-action='close']").last.click()
        bob.page.click(".menu [data-action='saves-open']")
        bob.page.click("dialog#dialog [data-action='post-games']")
        listing = bob.page.locator("dialog#dialog [data-testid='post-game']")
        listing.first.wait_for()
        said = listing.first.inner_text()
        assert "against Ann" in said or "Waiting for Ann" in said, said
        shot(bob, "phone-games")
        ann.page.click(".menu [data-action='saves-open']")
        ann.page.click("dialog#dialog [data-action='post-games']")
        ann.page.locator("dialog#dialog [data-testid='post-game']").first.wait_for()
        shot(ann, "desktop-games")
        # New game on the phone, by messages: the move clock in days, no relay named.
        bob.page.locator("dialog#dialog [data-action='close']").last.click()
        bob.page.click(".menu [data-action='new-open']")
        new = bob.page.locator("dialog#dialog[open]")
        new.locator("input[name='opponent'][value='online']").check()
        new.locator("input[name='post']").check()
        assert new.locator("select[name='days']").is_visible()
        assert not new.locator("select[name='clock']").is_visible()
        shot(bob, "phone-new-game")
        assert not ann.errors and not bob.errors, (ann.errors, bob.errors)
    finally:
        ann.context.close()
        if bob is not None:
            bob.context.close()


def test_correspondence_a_links_qr_code_comes_into_sight_on_a_phone_held_sideways(
    browser: Browser, site_url: str
) -> None:
    """The dialog with the link to send is taller than a phone held sideways:
    the QR code, unfolded below the link, is scrolled to, not left below."""
    sideways = {**PHONE_PORTRAIT, "viewport": {"width": 844, "height": 390}}
    ann = open_game(browser, site_url, query="anim=off", **sideways)
    try:
        start_by_messages(ann, "Ann")
        page = ann.page
        page.locator("dialog#dialog [data-testid='post-link']").wait_for(timeout=60_000)
        qr = page.locator("dialog#dialog figure.qr-code svg")
        page.locator("dialog#dialog details.qr summary").click()
        qr.wait_for()
        expect(qr).to_be_in_viewport()
        # ...whole, above the dialog's Close (scrolled smoothly: wait for it)
        page.wait_for_function(
            """() => {
                const qr = document.querySelector("dialog#dialog figure.qr-code");
                const close = [...document.querySelectorAll("dialog#dialog [data-action='close']")]
                    .at(-1);
                return qr.getBoundingClientRect().bottom <= close.getBoundingClientRect().top;
            }""",
            timeout=5_000,
        )
        shot(ann, "phone-sideways-qr")
        assert ann.errors == [], ann.errors
    finally:
        ann.context.close()
