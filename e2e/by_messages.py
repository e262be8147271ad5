"""Playing by messages through two pages (#48): the link one page shows to
send, played for, and opened in the other as a friend opens it from a
messenger.  Shared by the ``test_correspondence*`` files."""

from __future__ import annotations

import time

from playwright.sync_api import Error as PlaywrightError

from e2e.helpers import LoadedPage, wait_ready
from scripts.page_driver import board_state, play_turn, text_of

STEP_TIMEOUT_S = 60.0


def dialog(side: LoadedPage) -> str:
    return str(side.page.evaluate("() => document.body.dataset.dialog || ''"))


def visible(side: LoadedPage, selector: str) -> bool:
    locator = side.page.locator(selector)
    return locator.count() > 0 and locator.first.is_visible()


def start_by_messages(side: LoadedPage, name: str, *, days: str | None = None) -> None:
    """New game → A friend online, a 3-point match without the cube (a turn is
    one link), by messages under ``name``, with ``days`` a move (None: the
    form's default), started."""
    page = side.page
    if dialog(side) != "new":
        page.click(".menu [data-action='new-open']")
    new = page.locator("dialog#dialog[open]")
    new.locator("input[name='opponent'][value='online']").check()
    new.locator("select[name='length']").select_option("3")
    new.locator("input[name='cube']").set_checked(False)
    new.locator("input[name='name']").fill(name)
    new.locator("input[name='post']").check()
    if days is not None:
        new.locator("select[name='days']").select_option(days)
    new.locator("[data-action='start']").click()


def link_to_send(side: LoadedPage, sent: str) -> str:
    """Play this side's part (roll, move) until the page shows a new link to
    send, and return it."""
    deadline = time.monotonic() + STEP_TIMEOUT_S
    while time.monotonic() < deadline:
        if dialog(side) == "post":
            link = side.page.locator("dialog#dialog [data-testid='post-link']").inner_text().strip()
            if link != sent:
                return link
            side.page.locator("dialog#dialog [data-action='close']").last.click()
        s = board_state(side.page)
        if s.get("busy") == "true" or dialog(side) not in ("", "post"):
            side.page.wait_for_timeout(100)
        elif visible(side, "#controls [data-action='roll']:not([disabled])"):
            try:
                side.page.locator("#controls [data-action='roll']").click(timeout=5_000)
            except PlaywrightError:  # a link's dialog opened over it meanwhile
                continue
        elif s.get("phase") == "move" and s.get("viewer") == s.get("turn"):
            play_turn(side.page)
        else:
            side.page.wait_for_timeout(100)
    raise AssertionError(
        f"no link to send: {board_state(side.page)} {text_of(side.page, '#status')!r} "
        f"{text_of(side.page, '#notice')!r} {side.errors}"
    )


def open_link(side: LoadedPage, link: str) -> None:
    """The friend opens the link from a messenger: the page loads with it."""
    side.page.goto("about:blank")
    side.page.goto(link)
    wait_ready(side.page, side)
    side.page.wait_for_function("() => !location.hash", timeout=30_000)
    # The friend's moves the link brought are played on the board, one after
    # the other, as live play shows them: the list of moves is whole once done.
    settled(side)


def settled(side: LoadedPage) -> None:
    """Wait until the game by messages is on the board (online play's code
    loads first: after a reload, say) with every move a link brought played:
    the board then free, or awaiting the friend again (their move after an
    opening roll this link's dice settled, say), or the game over (claimed:
    the board then stays busy, with nothing left to play)."""
    side.page.wait_for_function(
        "() => { const b = document.getElementById('board').dataset;"
        " return b.busy === 'false' || b.awaiting === 'true' || b.phase === 'over'; }",
        timeout=60_000,
    )
