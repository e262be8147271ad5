"""Online play between two real browsers, through the game's own page (#17).

Two Chromium processes in the private network of :mod:`e2e.online`, each
with the test build's page (``?relay=``: the bench's own Nostr relay, no STUN),
play as two people would: one starts "A friend online" from New game and
sends the invite link; the other opens it, accepts, and they play a match to 3
over the WebRTC data channel with the fair dice both sides make (commit and
reveal: no test hook sets them).  A double is taken, a redouble dropped,
the Crawford game resigned, the match ends; at every decision both boards
show the same position, cube and score.
"""

from __future__ import annotations

import os
import re
import tempfile
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import quote

import pytest
from playwright.sync_api import Browser, Page

from e2e.helpers import DESKTOP, PHONE_PORTRAIT, LoadedPage, open_game
from e2e.online import DownRelay, Relay
from e2e.test_online_transport import (  # noqa: F401  (pytest fixtures)
    online_browsers,
    online_namespace,
    online_relay,
    online_site,
)
from scripts.page_driver import board_state, play_turn, text_of
from web.view.qr import QrCode, qr_svg

# Screenshots of each step, to look at: under $E2E_SHOTS (default: the temporary folder).
SHOTS = Path(os.environ.get("E2E_SHOTS", tempfile.gettempdir())) / "online"
STEP_TIMEOUT_S = 90.0  # one decision on a slow, shared machine (a roll is a round trip)


def shot(page: LoadedPage, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.page.screenshot(path=str(SHOTS / f"{name}.png"))


@dataclass
class Side:
    """One player's page."""

    name: str
    game: LoadedPage
    log: list[str] = field(default_factory=list)
    console: list[str] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.page.on("console", lambda message: self.console.append(message.text))

    @property
    def page(self) -> Page:
        return self.game.page

    def state(self) -> dict[str, str]:
        return board_state(self.page)

    def visible(self, selector: str) -> bool:
        locator = self.page.locator(selector)
        return locator.count() > 0 and locator.first.is_visible()

    def click(self, selector: str) -> None:
        self.log.append(selector)
        self.page.locator(selector).first.click()

    def dialog(self) -> str:
        return str(self.page.evaluate("() => document.body.dataset.dialog || ''"))


def pages_url(site: str, relay: Relay | DownRelay, query: str = "") -> str:
    return f"{site}?relay={quote(relay.url, safe='')}&anim=off{query}"


def open_pair(
    browsers: tuple[Browser, Browser], site: str, relay: Relay | DownRelay, query: str = ""
) -> tuple[Side, Side]:
    """The inviter (Ann) on a desktop, the friend (Bob) on a phone, playing a
    match to 3; ``query``: more of the test build's hooks, for both pages."""
    host = Side("Ann", open_game(browsers[0], pages_url(site, relay, query), **DESKTOP))
    page = host.page
    page.click(".menu [data-action='new-open']") if host.dialog() != "new" else None
    dialog = page.locator("dialog#dialog[open]")
    name = dialog.locator("input[name='name']")
    assert not name.is_visible()  # asked for an online game only
    dialog.locator("input[name='opponent'][value='online']").check()
    dialog.locator("select[name='length']").select_option("3")
    dialog.locator("input[name='cube']").set_checked(True)
    name.fill("Ann")
    shot(host.game, "desktop-new-game")
    dialog.locator("[data-action='start']").click()
    link = page.locator("dialog#dialog[open] [data-testid='invite-link']")
    link.wait_for(timeout=60_000)
    shot(host.game, "desktop-invite")
    url = link.inner_text().strip()
    assert "#join=" in url and "relay=" in url, url
    # The invite as a QR code, for a phone in the room: exactly the link's code.
    qr = page.locator("dialog#dialog[open] details.qr")
    qr.locator("summary").click()
    path = qr.locator("svg path")
    path.wait_for()
    ours = re.search(r' d="([^"]+)"', qr_svg(QrCode.encode(url)))
    assert ours is not None and path.get_attribute("d") == ours.group(1)
    # Copying draws the dialog again ("Copied ✓"): the code stays open, the focus
    # stays on the button.
    host.game.context.grant_permissions(["clipboard-read", "clipboard-write"])
    copy = page.locator("dialog#dialog[open] [data-action='copy-invite']")
    copy.click()
    copy.filter(has_text="Copied").wait_for()
    assert qr.get_attribute("open") is not None and path.is_visible()
    assert page.evaluate("document.activeElement.dataset.action") == "copy-invite"
    shot(host.game, "desktop-invite-qr")

    friend = Side("Bob", open_game(browsers[1], url, **PHONE_PORTRAIT))
    join = friend.page.locator("dialog#dialog[open] form[data-dialog='join']")
    join.wait_for()
    assert "Ann invites you to play a 3-point match" in join.inner_text()
    # No AI loads for a friend's game: the loading toast goes with the board ready.
    friend.page.wait_for_selector("#load-progress", state="detached", timeout=10_000)
    assert friend.page.get_attribute("#board", "data-ai") is None
    join.locator("input[name='name']").fill("Bob")
    shot(friend.game, "phone-join")
    join.locator("[data-action='join-accept']").click()
    # The invite dialog tells the inviter that the friend came.
    try:
        page.locator("dialog#dialog[open] [data-testid='link-status']").filter(
            has_text="connected"
        ).wait_for(timeout=90_000)
    except Exception:
        shot(friend.game, "phone-failed")
        shot(host.game, "desktop-failed")
        raise AssertionError(
            f"no friend: {text_of(page, '#status')} / {text_of(friend.page, '#status')}; "
            f"relay events {relay.events()}; {host.console} / {friend.console}"
        ) from None
    status = page.locator("dialog#dialog[open] [data-testid='link-status']").inner_text()
    assert status == "Bob is connected.", status
    shot(host.game, "desktop-friend-connected")
    page.click("dialog#dialog [data-action='close']")
    # Each board names the other player, and says they are connected.
    for side, friend_name in ((host, "Bob"), (friend, "Ann")):
        panel = side.page.locator("#player-top")
        panel.locator(".name").filter(has_text=friend_name).wait_for(timeout=30_000)
        # ...with the move clock beside the one who owes an action (the opening roll's).
        connected = re.compile(r"^(connected|playing…)( · \d+:\d\d to move)?$")
        note = panel.locator(".note").filter(has_text=connected)
        note.wait_for(timeout=30_000)
    return host, friend


def same(a: Side, b: Side) -> bool:
    """Whether both boards show the same position and match (score, cube, who is on
    roll).  Dice rolled but not yet played are known to their roller only (their
    reveal goes with the play), so the Match ID, which holds them, is compared only
    where no dice are out."""
    sa, sb = a.state(), b.state()
    dice_out = "move" in (sa["phase"], sb["phase"])
    return sa["positionId"] == sb["positionId"] and (dice_out or sa["matchId"] == sb["matchId"])


@dataclass
class Plan:
    """What each side does at each decision, for a match to 3 that ends 3-0 or
    0-3 whoever wins the opening rolls: in game 1 the opening roll's loser
    doubles at its first roll, the winner takes and redoubles at its next roll,
    and the doubler drops (2 points); game 2 is the Crawford game, which the
    trailer resigns."""

    doubler: str = ""  # game 1's first doubler (the opening roll's loser)
    steps: list[str] = field(default_factory=list)
    agreed: int = 0  # decisions made with both boards showing the same match
    cube: bool = True  # False: nobody doubles or resigns, the game is simply played
    plays: int = 0


def act(side: Side, other: Side, plan: Plan) -> bool:
    """Do what ``side``'s player would do now, if anything; True if it acted."""
    s = side.state()
    if s["busy"] == "true":
        return False
    dialog = side.dialog()
    match_line = text_of(side.page, "#match-line")
    game = int(re.search(r"game (\d+)", match_line).group(1))  # type: ignore[union-attr]
    if dialog == "over":
        if side.visible("dialog#dialog [data-action='next-game']"):
            plan.steps.append(f"{side.name}: next game")
            side.click("dialog#dialog [data-action='next-game']")
            return True
        return False
    if dialog in ("cube", "resign-answer"):
        if not same(side, other):
            return False
        plan.agreed += 1
    if dialog == "cube":
        answer = "take" if plan.steps.count("double") == 1 else "drop"
        if side.visible(f"dialog#dialog [data-action='{answer}']"):
            plan.steps.append(answer)
            side.click(f"dialog#dialog [data-action='{answer}']")
            return True
        return False
    if dialog == "resign-answer":
        if side.visible("dialog#dialog [data-action='accept']"):
            plan.steps.append("accept")
            side.click("dialog#dialog [data-action='accept']")
            return True
        return False
    if s["actor"] != "human":
        return False
    if s["phase"] != "opening":
        if not same(side, other):
            return False  # the friend's page has not caught up yet: decide on the same match
        plan.agreed += 1
    if s["phase"] == "opening":
        if side.visible("#controls [data-action='roll']"):
            side.click("#controls [data-action='roll']")
            return True
        return False
    if s["phase"] == "roll":
        if game == 1 and not plan.doubler:
            plan.doubler = side.name
        wants_double = (
            plan.cube
            and game == 1
            and (
                (side.name == plan.doubler and "double" not in plan.steps)
                or (side.name != plan.doubler and plan.steps.count("double") == 1)
            )
        )
        if wants_double and side.visible("#controls [data-action='double']"):
            plan.steps.append("double")
            side.click("#controls [data-action='double']")
            return True
        if plan.cube and game == 2 and side.name == plan.doubler:
            side.click("#controls [data-action='resign-open']")
            side.page.locator("dialog#dialog [data-action='resign'][data-value='1']").click()
            plan.steps.append("resign")
            return True
        if side.visible("#controls [data-action='roll']"):
            side.click("#controls [data-action='roll']")
            return True
        return False
    if s["phase"] == "move" and s["viewer"] == s["turn"]:
        play_turn(side.page)
        plan.plays += 1
        return True
    return False


def match_over(side: Side) -> bool:
    return side.dialog() == "over" and (
        re.search(r"(\w+ wins|You win) the match", text_of(side.page, "dialog#dialog")) is not None
    )


def play_match(
    host: Side, friend: Side, plan: Plan, *, until: Callable[[], bool] = lambda: False
) -> None:
    for _ in range(200):
        if all(match_over(side) for side in (host, friend)):
            return
        if until():
            return
        deadline = time.monotonic() + STEP_TIMEOUT_S
        while not (act(host, friend, plan) or act(friend, host, plan)):
            if all(match_over(side) for side in (host, friend)):
                return  # the last decision reached the other page meanwhile
            if time.monotonic() > deadline:
                raise AssertionError(
                    f"nobody can act: {host.state()} {host.dialog()} / "
                    f"{friend.state()} {friend.dialog()}; steps {plan.steps}"
                )
            time.sleep(0.3)
    raise AssertionError(f"the match did not end: {plan.steps}")


@pytest.fixture
def pair(
    online_browsers: tuple[Browser, Browser],  # noqa: F811
    online_site: str,  # noqa: F811
    online_relay: Relay,  # noqa: F811
) -> Iterator[tuple[Side, Side]]:
    host, friend = open_pair(online_browsers, online_site, online_relay)
    yield host, friend
    for side in (host, friend):
        side.game.context.close()


def test_online_a_match_to_three_between_two_browsers(pair: tuple[Side, Side]) -> None:
    host, friend = pair
    plan = Plan()
    try:
        play_match(host, friend, plan)
    finally:
        shot(host.game, "desktop-end")
        shot(friend.game, "phone-end")
    assert plan.steps[:3] == ["double", "take", "double"], plan.steps
    assert "drop" in plan.steps and "resign" in plan.steps and "accept" in plan.steps
    for side in (host, friend):
        summary = text_of(side.page, "dialog#dialog")
        assert re.search(r"(\w+ wins|You win) the match", summary), summary
        assert side.game.errors == [], side.game.errors
    # Rematch: the same terms, in a new invite to send to the friend.
    first = host.page.evaluate("location.href")
    host.click("dialog#dialog[open] [data-action='rematch']")
    link = host.page.locator("dialog#dialog[open] [data-testid='invite-link']")
    link.wait_for(timeout=60_000)
    again = link.inner_text().strip()
    assert "#join=" in again and again.split("#")[1] not in first, again
    assert "Match to 3" in text_of(host.page, "#match-line")
    shot(host.game, "desktop-rematch-invite")


def mover(host: Side, friend: Side) -> Side | None:
    """The side whose player has rolled and must move now, once both boards agree."""
    for side, other in ((host, friend), (friend, host)):
        s = side.state()
        if s["phase"] == "move" and s["actor"] == "human" and s["busy"] == "false":
            return side if same(side, other) else None
    return None


def test_online_a_cheat_is_refused_and_a_reload_resumes(pair: tuple[Side, Side]) -> None:
    """A peer that sends an illegal play (the test build's hook) is refused, in
    plain words, and the game is kept; then one side reloads its page mid-game
    and the two carry on from where they were."""
    host, friend = pair
    plan = Plan(cube=False)
    play_match(
        host, friend, plan, until=lambda: plan.plays >= 2 and mover(host, friend) is not None
    )
    cheater = mover(host, friend)
    assert cheater is not None
    honest = friend if cheater is host else host
    before = honest.state()
    cheater.page.evaluate("() => window.backgammonOnlineCheat()")
    status = honest.page.locator("#status")
    status.filter(has_text="breaks the rules").wait_for(timeout=30_000)
    refusal = text_of(honest.page, "#status")
    assert refusal.startswith("Your friend's move breaks the rules and was refused ("), refusal
    banner = honest.page.locator("#notice")  # at the top: in view on a phone too
    assert banner.is_visible() and banner.inner_text().startswith(refusal[:40])
    shot(honest.game, f"{'desktop' if honest is host else 'phone'}-cheat-refused")
    after = honest.state()
    assert (after["positionId"], after["matchId"]) == (before["positionId"], before["matchId"])
    # The cheater's page plays honestly after all, and the game goes on.
    played = plan.plays
    play_match(host, friend, plan, until=lambda: plan.plays >= played + 2)

    # The friend reloads mid-game: the autosave and the move log bring it back.
    friend.page.reload()
    friend.page.wait_for_selector('#board[data-ready="true"]', timeout=180_000)
    deadline = time.monotonic() + STEP_TIMEOUT_S
    while not same(host, friend):
        assert time.monotonic() < deadline, (host.state(), friend.state())
        time.sleep(0.3)
    shot(friend.game, "phone-after-reload")
    played = plan.plays
    play_match(host, friend, plan, until=lambda: plan.plays >= played + 3)
    # Trystero (vendored as published) logs the friend's page closing its end.
    closed = "Trystero peer error: OperationError: User-Initiated Abort, reason=Close called"
    for side in (host, friend):
        errors = [error for error in side.game.errors if closed not in error]
        assert errors == [], errors
