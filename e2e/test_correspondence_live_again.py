"""A game by messages goes on live, and back by links (#48): one game, one log,
either channel.

Two Chromium processes in the private network of :mod:`e2e.online` (the
bench's own Nostr relay, no STUN), each with its own storage: Ann (desktop)
starts a game by messages, Bob (phone) opens her link, and they play a few
turns by links.  Then Ann presses **Play live now** — asked first, since by
messages the page contacts nothing, the dialog names the relays — and waits
in the game's own room; the link her page offers then asks Bob to come live,
and Bob's page, opening it, offers the same.  Both live, they play a turn over
the data channel with the dice both sides make; then the one who played
leaves, the other goes back to links (**Play by messages**), plays, and sends
a link, which the first opens: the same game goes on, its history whole.
"""

from __future__ import annotations

import os
import tempfile
import time
from pathlib import Path

from playwright.sync_api import Browser
from playwright.sync_api import Error as PlaywrightError

from e2e.by_messages import dialog, link_to_send, open_link, start_by_messages, visible
from e2e.helpers import DESKTOP, PHONE_PORTRAIT, LoadedPage, open_game
from e2e.online import Relay
from e2e.test_correspondence import history, plays
from e2e.test_online_match import pages_url
from e2e.test_online_transport import (  # noqa: F401  (pytest fixtures)
    online_browsers,
    online_namespace,
    online_relay,
    online_site,
)
from scripts.page_driver import board_state, play_turn, text_of

SHOTS = Path(os.environ.get("E2E_SHOTS", tempfile.gettempdir())) / "correspondence-live"
LIVE_TIMEOUT_MS = 120_000  # the two pages finding each other through the relay
STEP_TIMEOUT_S = 90.0


def shot(side: LoadedPage, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    side.page.screenshot(path=str(SHOTS / f"{name}.png"))


def close_dialog(side: LoadedPage) -> None:
    if dialog(side) in ("post", "post-live", "over"):
        side.page.locator("dialog#dialog [data-action='close']").last.click()


def go_live(side: LoadedPage, name: str, *, asked: bool = False) -> str:
    """Play live now: the dialog names the relays; once agreed, the page waits
    in the game's room and offers the link that asks the friend live."""
    page = side.page
    if not asked:
        close_dialog(side)
        button = page.locator("#controls [data-action='post-live']")
        button.wait_for(state="visible", timeout=30_000)
        assert button.inner_text() == "Play live now"
        button.click()
    ask = page.locator("dialog#dialog[open] form[data-dialog='post-live']")
    ask.wait_for(timeout=30_000)
    text = ask.inner_text()
    assert "contacts public relays" in text and "STUN" in text, text
    shot(side, f"{name}-play-live-asked")
    ask.locator("[data-action='post-live'][data-value='go']").click()
    # In the room: the waiting dialog with its link, or (the friend there
    # already) the board, live.
    try:
        page.wait_for_function(
            "() => document.querySelector(\"dialog[open] [data-testid='live-link']\")"
            " || [...document.querySelectorAll('.note')].some("
            "(note) => note.textContent === 'connected')",
            timeout=60_000,
        )
    except PlaywrightError:
        shot(side, f"{name}-live-failed")
        raise AssertionError(f"not live: {text_of(page, '#notice')!r} {side.errors}") from None
    shot(side, f"{name}-waiting-live")
    link = page.locator("dialog#dialog[open] [data-testid='live-link']")
    return link.inner_text(timeout=1_000).strip() if link.count() else ""


def moves(side: LoadedPage) -> str:
    """The list of moves without its heading (each page names its own player "You")."""
    return history(side).split("\n", 1)[-1]


def live_turn(sides: list[LoadedPage]) -> int:
    """The side on roll plays one turn live; returns it once the other's page shows the play."""
    counts = [plays(side) for side in sides]
    deadline = time.monotonic() + STEP_TIMEOUT_S
    mover = -1
    while time.monotonic() < deadline:
        if mover >= 0 and all(plays(side) > counts[i] for i, side in enumerate(sides)):
            return mover  # (before the other, now on roll, rolls)
        for i, side in enumerate(sides):
            if mover >= 0 and i != mover:
                continue  # one turn: the mover's
            s = board_state(side.page)
            if s.get("busy") == "true" or s.get("viewer") != s.get("turn"):
                continue
            if visible(side, "#controls [data-action='roll']:not([disabled])"):
                side.page.locator("#controls [data-action='roll']").click()
                mover = i
            elif s.get("phase") == "move":
                play_turn(side.page)
                mover = i
        sides[0].page.wait_for_timeout(200)
    raise AssertionError(f"no live turn: {[board_state(s.page) for s in sides]}")


def test_correspondence_a_game_by_messages_goes_live_and_back_to_links(
    online_browsers: tuple[Browser, Browser],  # noqa: F811
    online_site: str,  # noqa: F811
    online_relay: Relay,  # noqa: F811
) -> None:
    url = pages_url(online_site, online_relay)
    ann = open_game(online_browsers[0], url, **DESKTOP)
    bob: LoadedPage | None = None
    try:
        page = ann.page
        start_by_messages(ann, "Ann")
        page.locator("dialog#dialog [data-testid='post-link']").wait_for(timeout=60_000)
        first = link_to_send(ann, "")
        assert "#post=" in first and "relay=" in first, first
        bob = open_game(online_browsers[1], first, **PHONE_PORTRAIT)
        join = bob.page.locator("dialog#dialog[open]")
        join.locator("input[name='name']").wait_for(timeout=60_000)
        join.locator("input[name='name']").fill("Bob")
        join.locator("[data-action='join-accept']").click()
        # A few turns by links: no relay is contacted.
        events = online_relay.events()
        sides, sent, turn, links = [bob, ann], ["", first], 0, 0
        while links < 4 or (plays(ann) < 2 and links < 12):  # (an opening tie: again)
            link = link_to_send(sides[turn], sent[turn])
            sent[turn] = link
            open_link(sides[1 - turn], link)
            turn, links = 1 - turn, links + 1
        assert online_relay.events() == events, "by links, the page contacted the relay"
        assert plays(ann) >= 2, history(ann)
        by_links, plays_by_links = moves(ann), plays(ann)
        assert bob.page.locator("#controls [data-action='post-live']").is_visible()

        # Ann goes live: her page waits in the game's room, and its link asks Bob.
        ask = go_live(ann, "desktop")
        assert "#post=" in ask and ask not in sent, ask
        status = page.locator("dialog#dialog[open] [data-testid='link-status']")
        assert "Waiting" in status.inner_text(), status.inner_text()
        assert moves(ann) == by_links
        # Bob opens it: his page (the game as it was) offers to go live too.
        open_link(bob, ask)
        assert "Ann waits for you to play live." in text_of(bob.page, "#status")
        assert moves(bob) == by_links
        go_live(bob, "phone", asked=True)
        for side in (ann, bob):  # they meet: the waiting dialog gives way to the board
            side.page.wait_for_function(
                "() => document.body.dataset.dialog !== 'post-live'", timeout=LIVE_TIMEOUT_MS
            )
        assert online_relay.events() > events
        shot(ann, "desktop-live-again")
        shot(bob, "phone-live-again")
        # A turn live, over the data channel, with the dice both sides make.
        sides = [ann, bob]
        mover = live_turn(sides)
        assert moves(ann) == moves(bob)
        live = plays(ann)
        assert live > plays_by_links, history(ann)
        bob.page.set_viewport_size({"width": 844, "height": 390})  # the phone held sideways
        shot(bob, "sideways-live-again")
        bob.page.set_viewport_size({"width": 390, "height": 844})

        # The one who played leaves; the other, on roll, goes back to links.
        gone, back = sides[mover], sides[1 - mover]
        gone.page.goto("about:blank")
        switch = back.page.locator("#controls [data-action='post-switch']")
        switch.wait_for(state="visible", timeout=LIVE_TIMEOUT_MS)
        close_dialog(back)
        switch.click()
        link = ""
        for _ in range(3):  # (a link of what the friend may lack comes first, maybe)
            link = link_to_send(back, link)
            if plays(back) > live:
                break
        assert "#post=" in link and plays(back) > live, (link, history(back))
        shot(back, f"{'desktop' if back is ann else 'phone'}-back-to-links")
        open_link(gone, link)  # the saved live game goes on by links
        notice = text_of(gone.page, "#notice")
        assert "Nothing changed" not in notice, notice
        assert moves(gone) == moves(back)
        assert plays(gone) > live, history(gone)  # the play that came by link
        shot(gone, f"{'desktop' if gone is ann else 'phone'}-by-links-again")
        # The data channel closed on leaving (the friend's page went, then this
        # one went back to links): Trystero says so on the console, nothing else.
        closed = "Trystero peer error: OperationError: User-Initiated Abort, reason=Close called"
        for side in (ann, bob):
            assert not [e for e in side.errors if closed not in e], side.errors
    finally:
        ann.context.close()
        if bob is not None:
            bob.context.close()
