"""Online play's page, without the network: the New game dialog offers "A
friend online" and says that it contacts public relays; a page opened with an
invite link asks whether to join, saying who invites and on what terms, and
loads no online transport until the player accepts.  (Playing between two
browsers needs the relay bench of :mod:`e2e.online`.)"""

from __future__ import annotations

from playwright.sync_api import Browser

from e2e.helpers import DESKTOP, open_game
from engine.rules import Rules
from web.online.invite import Invite


def test_online_the_new_game_dialog_offers_a_friend_online(browser: Browser, site_url: str) -> None:
    game = open_game(browser, site_url, **DESKTOP)
    dialog = game.page.locator("dialog#dialog[open]")
    dialog.wait_for()
    assert dialog.locator("input[name='opponent'][value='online']").count() == 1
    assert "A friend online" in dialog.inner_text()
    assert "contacts public relays" in dialog.inner_text()
    assert game.errors == [] and game.failures == []
    game.context.close()


def test_online_an_invite_link_asks_to_join(browser: Browser, site_url: str) -> None:
    invite = Invite.new("Ann", Rules(5), token=lambda n: bytes(range(n)))
    game = open_game(browser, site_url + "#" + invite.fragment, **DESKTOP)
    page = game.page
    dialog = page.locator("dialog#dialog[open] form[data-dialog='join']")
    dialog.wait_for()
    text = dialog.inner_text()
    assert f"Ann invites you to play {invite.terms}." in text
    assert "contacts public relays" in text
    assert dialog.locator("[data-action='join-accept']").count() == 1
    # The page itself fetched none of it (the service worker precaches it, as every file).
    resources = page.evaluate(
        "() => performance.getEntriesByType('resource').map((entry) => entry.name)"
    )
    online = ("online-transport", "vendor/trystero/")
    assert resources and not [url for url in resources if any(o in url for o in online)]
    assert game.errors == [] and game.failures == []
    game.context.close()
