"""A game that started live goes on by messages (#48): one game, one log,
either channel.

Two Chromium processes in the private network of :mod:`e2e.online` (the
bench's own Nostr relay, no STUN), each with its own storage: Ann (desktop)
invites Bob (phone) to a live match to 3 with the cube, as
:mod:`e2e.test_online_match` does, and they play a few turns over the data
channel with the dice both sides make.  Then the one who played leaves; the
other, whose friend's connection is gone, presses **Play by messages**, and
from then on the two play by the links one page shows and the other opens
(the one who left opens the first in the page it left: its saved live game
goes on by links).  The list of moves continues the live one on both pages,
both see the same rolls and plays, no link is refused, no relay is
contacted by links, the live game's minutes a move stop (by links only a
clock in days runs), and each page lists that one game in progress.
"""

from __future__ import annotations

import os
import re
import tempfile
import time
from pathlib import Path

from playwright.sync_api import Browser

from e2e.by_messages import dialog, link_to_send, open_link
from e2e.helpers import LoadedPage
from e2e.online import Relay
from e2e.test_correspondence import plays
from e2e.test_correspondence_live_again import LIVE_TIMEOUT_MS, close_dialog, live_turn, moves
from e2e.test_online_match import Plan, open_pair, play_match
from e2e.test_online_transport import (  # noqa: F401  (pytest fixtures)
    online_browsers,
    online_namespace,
    online_relay,
    online_site,
)
from scripts.page_driver import board_state, text_of

SHOTS = Path(os.environ.get("E2E_SHOTS", tempfile.gettempdir())) / "correspondence-from-live"
LINKS = 6  # links sent after the switch: three each way, at least


def shot(side: LoadedPage, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    side.page.screenshot(path=str(SHOTS / f"{name}.png"))


def rolls_and_plays(side: LoadedPage) -> list[str]:
    """Each roll and its play in the list of moves, in order ("31: 8/5 6/5"):
    its table's cells (a tab between two, a row a line)."""
    cells = (cell.strip() for line in moves(side).splitlines() for cell in line.split("\t"))
    return [cell for cell in cells if re.match(r"[1-6]{2}: ", cell)]


def state(side: LoadedPage) -> dict[str, object]:
    """What a page shows and has logged, for a failure's message."""
    return {
        "moves": moves(side),
        "board": board_state(side.page),
        "status": text_of(side.page, "#status"),
        "notice": text_of(side.page, "#notice"),
        "errors": side.errors,
    }


def refused(side: LoadedPage) -> str:
    """What the page said of a refused link or move, if it said anything."""
    said = f"{text_of(side.page, '#notice')} {text_of(side.page, '#status')}"
    return said if re.search(r"refused|Nothing changed|breaks the rules", said) else ""


def games_listed(side: LoadedPage) -> list[str]:
    """The games in progress the page lists (Saves → Games in progress)."""
    close_dialog(side)
    side.page.click(".menu [data-action='saves-open']")
    side.page.click("dialog#dialog [data-action='post-games']")
    rows = side.page.locator("dialog#dialog [data-testid='post-game']")
    rows.first.wait_for(timeout=30_000)
    listed = [rows.nth(i).inner_text() for i in range(rows.count())]
    side.page.locator("dialog#dialog [data-action='close']").last.click()
    return listed


def test_correspondence_a_game_started_live_goes_on_by_links(
    online_browsers: tuple[Browser, Browser],  # noqa: F811
    online_site: str,  # noqa: F811
    online_relay: Relay,  # noqa: F811
) -> None:
    host, friend = open_pair(online_browsers, online_site, online_relay)
    ann, bob = host.game, friend.game
    try:
        # Live: the opening and a first play, then one whole turn seen on both pages.
        plan = Plan(cube=False)
        play_match(host, friend, plan, until=lambda: plan.plays >= 1)
        deadline = time.monotonic() + LIVE_TIMEOUT_MS / 1000
        while not (plays(ann) == plays(bob) >= 1):  # (the play, seen on both pages)
            for player in (host, friend):
                # The opening roll does not wait for the friend's page: a player who
                # has not rolled for it yet sees it, and what followed, on rolling.
                roll = "#controls [data-action='roll']"
                if player.state().get("phase") == "opening" and player.visible(roll):
                    player.click(roll)
            if time.monotonic() > deadline:
                shot(ann, "desktop-stuck")
                shot(bob, "phone-stuck")
                raise AssertionError([state(side) for side in (ann, bob)])
            time.sleep(0.3)
        sides = [ann, bob]
        mover = live_turn(sides)
        assert moves(ann) == moves(bob)
        live, live_moves = plays(ann), rolls_and_plays(ann)
        assert live >= 2 and len(live_moves) == live, moves(ann)
        shot(ann, "desktop-live")

        # The one who played leaves: the other's page, its friend gone, offers
        # Play by messages, and the same game goes on by links.
        gone, back = sides[mover], sides[1 - mover]
        names = {id(ann): "desktop", id(bob): "phone"}
        gone.page.goto("about:blank")
        switch = back.page.locator("#controls [data-action='post-switch']")
        switch.wait_for(state="visible", timeout=LIVE_TIMEOUT_MS)
        assert switch.inner_text() == "Play by messages"
        shot(back, f"{names[id(back)]}-friend-gone")
        close_dialog(back)
        switch.click()
        link = link_to_send(back, "")
        assert "#post=" in link, link
        shot(back, f"{names[id(back)]}-first-link")
        # The friend opens it in the page it left: its live game, saved, goes on.
        open_link(gone, link)
        assert not refused(gone), refused(gone)
        assert dialog(gone) != "join"  # the same game, not an invitation to a new one
        shot(gone, f"{names[id(gone)]}-by-links")
        events = online_relay.events()

        # Turns by links, each way: every link opened shows the sender's list of
        # moves, the live one continued.
        pair, sent, turn, links = [gone, back], ["", link], 0, 1
        while links < LINKS or plays(ann) < live + 3:
            assert links < 20, (moves(ann), moves(bob))
            sender, opener = pair[turn], pair[1 - turn]
            link = link_to_send(sender, sent[turn])
            sent[turn] = link
            open_link(opener, link)
            assert not refused(opener), refused(opener)
            seen = rolls_and_plays(opener)
            assert seen == rolls_and_plays(sender), (moves(opener), moves(sender))
            assert seen[:live] == live_moves
            # The live game's two minutes a move do not run by links.
            for side in pair:
                notes = side.page.locator(".player .note").all_inner_texts()
                assert not [n for n in notes if "to move" in n], notes
            turn, links = 1 - turn, links + 1
        assert online_relay.events() == events, "by links, a page contacted the relay"
        shot(ann, "desktop-after-links")
        shot(bob, "phone-after-links")

        # One game: the same match on both pages (its first game still), and
        # each lists it, the only game in progress, against the other.
        for side, other in ((ann, "Bob"), (bob, "Ann")):
            assert "game 1" in text_of(side.page, "#match-line"), text_of(side.page, "#match-line")
            listed = games_listed(side)
            assert len(listed) == 1 and other in listed[0], listed
        # The data channel closed on leaving: Trystero says so on the console, nothing else.
        closed = "Trystero peer error: OperationError: User-Initiated Abort, reason=Close called"
        for side in (ann, bob):
            assert not [e for e in side.errors if closed not in e], side.errors
    finally:
        ann.context.close()
        bob.context.close()
