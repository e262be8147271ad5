"""Online play's second way to meet (#17): when no peer comes through the
Nostr relays, BitTorrent trackers, through Trystero's torrent strategy.

Inside the private network of :mod:`e2e.online`, the relay the pages are given
is down (nothing listens at its address) and the bench's own WebTorrent
tracker (:mod:`e2e.tracker`) is up: the two browsers find each other through
the tracker after the wait, first from the JS glue, then through the game's
own page (an invite, accepted, both boards naming the other player).
``pytest e2e -k online`` runs these with the others.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from urllib.parse import quote

import pytest
from playwright.sync_api import Browser

from e2e.online import DownRelay, Namespace, Tracker
from e2e.test_online_match import open_pair, shot
from e2e.test_online_transport import (  # noqa: F401  (pytest fixtures)
    Player,
    _assert_direct,
    _assert_inside,
    online_browsers,
    online_namespace,
    online_site,
    players,
    talk,
)

JOIN = """async ([relay, tracker, room, secret, fallbackMs]) => {
  const glue = await import(new URL("online-transport.js", document.baseURI).href);
  const link = await glue.joinRoom({roomId: room, password: secret, relayUrls: [relay],
    trackerUrls: [tracker], fallbackMs, iceServers: []});
  Object.assign(window, {link, got: [], joined: []});
  link.onMessage((text, peer) => window.got.push(text));
  link.onPeerJoin((peer) => window.joined.push(peer));
  return link.selfId;
}"""


@pytest.fixture(scope="module")
def online_tracker(
    online_namespace: Namespace,  # noqa: F811
    tmp_path_factory: pytest.TempPathFactory,
) -> Iterator[Tracker]:
    yield Tracker(online_namespace, tmp_path_factory.mktemp("tracker"))


def test_online_trackers_open_a_data_channel_when_the_relay_is_down(
    players: list[Player],  # noqa: F811
    online_tracker: Tracker,
    online_site: str,  # noqa: F811
) -> None:
    a, b = players
    down = DownRelay()
    before = online_tracker.announces()
    started = time.monotonic()
    args = [down.url, online_tracker.url, "room-torrent", "secret-torrent", 2000]
    ids = [player.page.evaluate(JOIN, args) for player in players]
    talk(a, b, ids, "through the tracker", "heard ✓")
    assert time.monotonic() - started >= 2.0  # the relay was given its wait first
    # A direct channel; the tracker carried the (encrypted) offer and answer.
    _assert_direct(a, b)
    assert online_tracker.announces() - before >= 3
    for player in players:
        assert online_tracker.url + "/" in player.sockets
        assert set(player.sockets) <= {down.url + "/", online_tracker.url + "/"}
        _assert_inside(player, online_site)


def test_online_a_match_starts_through_the_tracker_when_the_relay_is_down(
    online_browsers: tuple[Browser, Browser],  # noqa: F811
    online_site: str,  # noqa: F811
    online_tracker: Tracker,
) -> None:
    """The game's own page, with the default wait (ten seconds): an invite
    made and accepted, the friend found through the tracker, both boards
    naming the other player as connected."""
    before = online_tracker.announces()
    query = f"&tracker={quote(online_tracker.url, safe='')}"
    down = DownRelay()
    host, friend = open_pair(online_browsers, online_site, down, query)
    try:
        assert online_tracker.announces() > before
        shot(host.game, "desktop-through-tracker")
        for side in (host, friend):  # the browser reports the relay that is down, only
            errors = [e for e in side.game.errors if down.url.removeprefix("ws://") not in e]
            assert errors == [], errors
    finally:
        host.game.context.close()
        friend.game.context.close()
