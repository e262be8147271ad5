"""Online play's transport (issue #17) between two real browsers.

Two Chromium processes, a Nostr relay (PyPI's ``nostr-relay``) and the site run
inside a network namespace the tests create, which reaches nothing outside
(see :mod:`e2e.online`).  The players join one room through the relay and talk
over a WebRTC data channel, from JS (``public/online-transport.js``) and from
Python under Pyodide (``web/online/transport.py``); then again with manual
signalling, no relay at all.  ``pytest e2e -k online`` runs these alone.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserType, Page

from e2e.conftest import CHROMIUM, SUB_PATH
from e2e.helpers import DESKTOP, LoadedPage, is_local_scheme, origin, wait_ready
from e2e.online import (
    BLANK_PAGE,
    HOST_ADDRESS,
    Namespace,
    Relay,
    launch_in,
    namespace,
    namespace_unavailable,
    serve_site,
)

TIMEOUT_MS = 60_000
PYODIDE_TIMEOUT_MS = 180_000

JOIN = """async ([relay, room, secret]) => {
  const glue = await import(new URL("online-transport.js", document.baseURI).href);
  const link = await glue.joinRoom(
    {roomId: room, password: secret, relayUrls: [relay], iceServers: []});
  Object.assign(window, {link, got: [], joined: []});
  link.onMessage((text, peer) => window.got.push(text));
  link.onPeerJoin((peer) => window.joined.push(peer));
  return link.selfId;
}"""

LISTEN = """(link) => {
  Object.assign(window, {link, got: [], joined: []});
  link.onMessage((text) => window.got.push(text));
  link.onPeerJoin((peer) => window.joined.push(peer));
}"""

GLUE = 'import(new URL("online-transport.js", document.baseURI).href)'

# Pyodide from the site's vendored copy, the page's Python archive and online
# play's (web/dom/online_loader.py) inflated and unpacked as public/unpack.py does
# it, and a `pyscript` module with what PyScript's main thread gives
# web.online.transport (PyScript's own js_import is this very function).
LOAD_PYTHON = """async () => {
  const base = document.baseURI;
  const {loadPyodide} = await import(new URL("vendor/pyodide/pyodide.mjs", base).href);
  const py = await loadPyodide({indexURL: new URL("vendor/pyodide/", base).href});
  for (const archive of ["python/page.zip.gz", "python/online.zip.gz"]) {
    const packed = (await fetch(new URL(archive, base))).body;
    const zip = new Response(packed.pipeThrough(new DecompressionStream("gzip")));
    py.unpackArchive(await zip.arrayBuffer(), "zip");
  }
  py.registerJsModule("pyscript", {
    document, js_import: (...urls) => Promise.all(urls.map((url) => import(url)))});
  window.py = py;
}"""

PY_JOIN = """
from web.online.transport import RoomConfig
from web.dom.transport import join_room
got, peers = [], []
transport = await join_room(RoomConfig({room}, {secret}, relay_urls=[{relay}], ice_servers=[]))
transport.on_message(got.append)
transport.on_peer(lambda event: peers.append((event.peer_id, event.joined)))
transport.self_id
"""


PY_OFFER = """
from web.dom.transport import create_offer
got, peers = [], []
offer = await create_offer(ice_servers=[])
transport = offer.transport
transport.on_message(got.append)
transport.on_peer(lambda event: peers.append((event.peer_id, event.joined)))
offer.code
"""

PY_ANSWER = """
from web.dom.transport import accept_offer
got, peers = [], []
answer, transport = await accept_offer({code}, ice_servers=[])
transport.on_message(got.append)
transport.on_peer(lambda event: peers.append((event.peer_id, event.joined)))
answer
"""


@pytest.fixture(scope="module")
def online_namespace() -> Iterator[Namespace]:
    reason = namespace_unavailable()
    if reason:
        pytest.skip(reason)
    with namespace() as space:
        yield space


@pytest.fixture(scope="module")
def online_relay(online_namespace: Namespace, tmp_path_factory: pytest.TempPathFactory) -> Relay:
    return Relay(online_namespace, tmp_path_factory.mktemp("relay"))


@pytest.fixture(scope="module")
def online_site(
    online_namespace: Namespace, test_site: Path, tmp_path_factory: pytest.TempPathFactory
) -> str:
    return serve_site(online_namespace, test_site, SUB_PATH, tmp_path_factory.mktemp("site"))


@pytest.fixture(scope="module")
def online_browsers(
    online_namespace: Namespace,
    browser_type: BrowserType,
    browser_type_launch_args: dict[str, Any],
    tmp_path_factory: pytest.TempPathFactory,
) -> Iterator[tuple[Browser, Browser]]:
    folder = tmp_path_factory.mktemp("browsers")
    a, b = (
        launch_in(online_namespace, browser_type, browser_type_launch_args, CHROMIUM, folder)
        for _ in range(2)
    )
    yield a, b
    a.close()
    b.close()


class Player:
    """One player's page, with what it asked of the network."""

    def __init__(self, browser: Browser, site: str) -> None:
        self.context = browser.new_context()
        self.page: Page = self.context.new_page()
        self.requests: list[str] = []
        self.sockets: list[str] = []
        self.errors: list[str] = []
        self.context.on("request", lambda request: self.requests.append(request.url))
        self.page.on("websocket", lambda socket: self.sockets.append(socket.url))
        self.page.on("pageerror", lambda error: self.errors.append(str(error)))
        self.page.on(
            "console",
            lambda m: self.errors.append(m.text) if m.type in ("error", "warning") else None,
        )
        # A blank page of the site's (the game's own would start Python and the AI).
        self.page.goto(site + BLANK_PAGE)

    def wait(self, condition: str, timeout: int = TIMEOUT_MS) -> None:
        try:
            self.page.wait_for_function(condition, timeout=timeout)
        except Exception as error:
            raise AssertionError(f"{condition}: {error}\nthe page said: {self.errors}") from None

    def python(self, code: str) -> Any:
        return self.page.evaluate(
            "async (code) => { const value = await window.py.runPythonAsync(code);"
            " return value?.toJs ? value.toJs() : value; }",
            code,
        )


@pytest.fixture
def players(online_browsers: tuple[Browser, Browser], online_site: str) -> Iterator[list[Player]]:
    both = [Player(browser, online_site) for browser in online_browsers]
    yield both
    for player in both:
        player.context.close()


def _load_python(players: list[Player]) -> None:
    """Pyodide in every player's page, loading side by side."""
    for player in players:
        player.page.evaluate(f"() => {{ window.pyLoading = ({LOAD_PYTHON})(); }}")
    for player in players:
        player.wait("window.py !== undefined", timeout=PYODIDE_TIMEOUT_MS)


def talk(a: Player, b: Player, ids: list[str], said_a: str, said_b: str) -> None:
    """The two JS links (:data:`JOIN`'s) find each other and each hears what the other says."""
    a.wait("window.joined.length > 0")
    b.wait("window.joined.length > 0")
    assert a.page.evaluate("window.joined") == [ids[1]]
    assert b.page.evaluate("window.joined") == [ids[0]]
    a.page.evaluate("(text) => link.send(text)", said_a)
    b.page.evaluate("(text) => link.send(text)", said_b)
    a.wait("window.got.length > 0")
    b.wait("window.got.length > 0")
    assert b.page.evaluate("window.got") == [said_a]
    assert a.page.evaluate("window.got") == [said_b]


def _assert_direct(a: Player, b: Player) -> None:
    """The channel joins the two browsers' own sockets on the namespace's address:
    each one's local end is the other's remote end.  (A remote end learnt from
    the peer's first packet, before its candidate came, is "prflx" and Chromium
    hides its address: the port still matches.)"""
    (route_a,) = a.page.evaluate("() => window.link.route()")
    (route_b,) = b.page.evaluate("() => window.link.route()")
    for mine, theirs in ((route_a, route_b), (route_b, route_a)):
        assert mine["local"]["address"] == HOST_ADDRESS, (route_a, route_b)
        assert mine["local"]["type"] == "host", (route_a, route_b)
        assert mine["remote"]["port"] == theirs["local"]["port"], (route_a, route_b)
        assert mine["remote"]["address"] in (HOST_ADDRESS, ""), (route_a, route_b)


def _assert_inside(player: Player, site: str) -> None:
    """Everything the page fetched came from the site, inside the namespace."""
    outside = [url for url in player.requests if not url.startswith(origin(site) + "/")]
    assert not outside, outside


def test_online_nothing_is_loaded_at_start(browser: Browser, site_url: str) -> None:
    """The game's page and its AI worker load no online code and open no
    connection until a player starts an online game.  Only the service worker
    fetches the online code, from the site, to precache it with every other file."""
    context = browser.new_context(**DESKTOP)
    page = context.new_page()
    requests: list[tuple[str, bool]] = []
    sockets: list[str] = []
    context.on("request", lambda r: requests.append((r.url, r.service_worker is not None)))
    page.on("websocket", lambda socket: sockets.append(socket.url))
    try:
        page.goto(site_url)
        wait_ready(page, LoadedPage(context, page))
        page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=60_000)
        resources = page.evaluate(
            "() => performance.getEntriesByType('resource').map((entry) => entry.name)"
        )
    finally:
        context.close()
    online = ("online-transport", "vendor/trystero/")
    assert resources and not [url for url in resources if any(o in url for o in online)]
    assert not [
        url for url, by_worker in requests if any(o in url for o in online) and not by_worker
    ]
    assert not sockets
    outside = [
        url
        for url, _ in requests
        if not url.startswith(origin(site_url) + "/") and not is_local_scheme(url)
    ]
    assert not outside, outside


def test_online_relay_opens_a_data_channel_both_ways(
    players: list[Player], online_relay: Relay, online_site: str
) -> None:
    a, b = players
    ids = [
        player.page.evaluate(JOIN, [online_relay.url, "room-js", "secret-js"]) for player in players
    ]
    talk(a, b, ids, "6-5 from A: 13/7 8/3", "double? from B ✓")

    # The channel is direct, between the namespace's own address on both ends;
    # the signalling went through the local relay, and nothing else was asked.
    _assert_direct(a, b)
    for player in players:
        assert set(player.sockets) == {online_relay.url + "/"}  # the local relay only
        _assert_inside(player, online_site)
    assert online_relay.events() >= 2


def test_online_python_transport_under_pyodide(
    players: list[Player], online_relay: Relay, online_site: str
) -> None:
    """web.online.transport in each page's Pyodide: join, both peer events, text both ways."""
    _load_python(players)
    values = {"room": "room-py", "secret": "secret-py", "relay": online_relay.url}
    code = PY_JOIN.format(**{key: json.dumps(value) for key, value in values.items()})
    ids = [player.python(code) for player in players]
    for player in players:
        player.wait("window.py.runPython('len(peers)') > 0")
    assert players[0].python("peers") == [[ids[1], True]]
    assert players[1].python("peers") == [[ids[0], True]]

    players[0].python("transport.send('from Python A')")
    players[1].python("transport.send('from Python B')")
    for player in players:
        player.wait("window.py.runPython('len(got)') > 0")
    assert players[0].python("got") == ["from Python B"]
    assert players[1].python("got") == ["from Python A"]

    players[1].python("transport.close()")
    players[0].wait("window.py.runPython('len(peers)') > 1")
    assert players[0].python("peers[-1]") == [ids[1], False]
    for player in players:
        _assert_inside(player, online_site)


def test_online_python_manual_signalling_under_pyodide(
    players: list[Player], online_site: str
) -> None:
    """web.online.transport's create_offer / accept_offer / ManualOffer.accept."""
    a, b = players
    _load_python(players)
    offer = a.python(PY_OFFER)
    answer = b.python(PY_ANSWER.format(code=json.dumps(offer)))
    a.python(f"await offer.accept({json.dumps(answer)})")
    for player in players:
        player.wait("window.py.runPython('len(peers)') > 0")
    a.python("transport.send('offerer says hi')")
    b.python("transport.send('answerer says hi')")
    for player in players:
        player.wait("window.py.runPython('len(got)') > 0")
    assert a.python("got") == ["answerer says hi"]
    assert b.python("got") == ["offerer says hi"]
    for player in players:
        assert player.sockets == []
        _assert_inside(player, online_site)


def test_online_manual_signalling_opens_a_data_channel(
    players: list[Player], online_site: str
) -> None:
    """An offer code and an answer code, passed by hand: no relay, no server."""
    a, b = players
    config = json.dumps({"iceServers": []})
    offer = a.page.evaluate(
        f"async (c) => {{ const link = await (await {GLUE}).createOffer(c);"
        " window.offerLink = link; return link.code; }",
        config,
    )
    answer = b.page.evaluate(
        f"async ([code, c]) => {{ const link = await (await {GLUE}).acceptOffer(code, c);"
        f" ({LISTEN})(link); return link.code; }}",
        [offer, config],
    )
    a.page.evaluate(
        f"async (code) => {{ ({LISTEN})(window.offerLink); await link.accept(code); }}", answer
    )
    a.wait("window.joined.length > 0")
    b.wait("window.joined.length > 0")

    a.page.evaluate("link.send('manual A->B')")
    b.page.evaluate("link.send('manual B->A')")
    a.wait("window.got.length > 0")
    b.wait("window.got.length > 0")
    assert b.page.evaluate("window.got") == ["manual A->B"]
    assert a.page.evaluate("window.got") == ["manual B->A"]
    _assert_direct(a, b)
    for player in players:
        assert player.sockets == []  # no relay
        _assert_inside(player, online_site)
    # One host candidate each: short enough to paste anywhere.
    assert len(offer) < 100 and len(answer) < 100, (offer, answer)
