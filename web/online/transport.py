"""Online play's transport: strings between two browsers over a WebRTC data channel.

The online protocol speaks through a :class:`Transport`: it sends text, and is
told of the text that arrives and of the other player joining or leaving.  In
the browser that is a :class:`BrowserTransport` over ``public/online-transport.js``
(the JS glue), which the page imports only when a player starts an online game,
so nothing is loaded or contacted before then.  Two ways to open one:

- :func:`join_room`: Trystero's Nostr strategy finds the other player through
  public Nostr relays (they carry only the connection offer, encrypted with the
  room's secret); the room's id and secret travel in the invite link's
  ``#`` fragment, which no server sees (:class:`RoomConfig`);
- manual signalling, when no relay answers: :func:`create_offer` makes a short
  offer code (~100 characters) that the player sends through any messenger, the
  other player's :func:`accept_offer` makes the answer code that comes back, and
  :meth:`ManualOffer.accept` opens the channel.

Everything imports under CPython: the browser modules are imported inside the
functions that need them, and :class:`BrowserTransport` takes its ``proxy``
maker, so a fake link stands in for the JS one:

>>> class FakeLink:
...     selfId = "me"
...     def __init__(self): self.handlers, self.sent = {}, []
...     def send(self, text): self.sent.append(text)
...     def onMessage(self, cb): self.handlers["message"] = cb
...     def onPeerJoin(self, cb): self.handlers["join"] = cb
...     def onPeerLeave(self, cb): self.handlers["leave"] = cb
...     def onError(self, cb): self.handlers["error"] = cb
...     def onStranger(self, cb): self.handlers["stranger"] = cb
...     def bind(self, peer): self.bound = peer
...     def peers(self): return ["them"]
...     def leave(self): self.handlers.clear()
>>> link = FakeLink()
>>> transport = BrowserTransport(link, proxy=lambda function: function)
>>> transport.on_message(lambda text: print("got", text))
>>> transport.on_peer(print)
>>> link.handlers["join"]("them")
PeerEvent(peer_id='them', joined=True)
>>> link.handlers["message"]("1 roll 6-5", "them")
got 1 roll 6-5
>>> transport.on_message(lambda text: transport.bind())
>>> link.handlers["message"]("hello", "them"); link.bound
'them'
>>> transport.send("2 move 13/7 8/3")
>>> link.sent, transport.self_id, transport.peers()
(['2 move 13/7 8/3'], 'me', ['them'])
>>> transport.close()
>>> link.handlers
{}
"""

from __future__ import annotations

import json
import secrets
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from web.online.turn import DEFAULT_STUN as DEFAULT_STUN
from web.online.turn import IceServer as IceServer
from web.online.turn import TurnServer as TurnServer
from web.online.turn import with_turn as with_turn

# The JS glue, relative to the page (it sits beside index.html in the site).
GLUE_URL = "./online-transport.js"
APP_ID = "backgammon-online"


@dataclass(frozen=True)
class PeerEvent:
    """The other player's data channel opened (``joined``) or closed."""

    peer_id: str
    joined: bool


class Transport(Protocol):
    """Text to and from the other player; what the online protocol needs."""

    def send(self, text: str, to: str | None = None) -> None:
        """Send ``text`` to the other player (dropped if no one is connected);
        ``to``: to that transport peer only (one that just joined)."""

    def on_message(self, callback: Callable[[str], None]) -> None:
        """Call ``callback(text)`` for each text that arrives (replaces the previous one)."""

    def bind(self) -> None:
        """The text being handled came from the friend (its seat's signature
        checked): from now on, talk with its sender only."""

    def on_stranger(self, callback: Callable[[str], None]) -> None:
        """Call ``callback(peer_id)`` when a third peer joins or writes while the
        friend is connected (it is not heard otherwise)."""

    def on_peer(self, callback: Callable[[PeerEvent], None]) -> None:
        """Call ``callback(event)`` when the other player joins or leaves."""

    def close(self) -> None:
        """Leave: close the channel and stop calling the callbacks."""


@dataclass(frozen=True)
class RoomConfig:
    """Where two players meet: the room's id and secret (from the invite link),
    and whom to ask: Nostr relays, then (when no peer comes within ten seconds)
    BitTorrent trackers as well.  ``None`` leaves Trystero's defaults: its
    public relays and trackers and public STUN servers; the tests give a local
    relay, a local tracker or none (``()``) and ``ice_servers=()`` so that
    nothing outside is contacted.

    >>> RoomConfig("r00m", "s3cret", relay_urls=("ws://127.0.0.1:7447",), tracker_urls=(),
    ...            ice_servers=()).to_json()
    '{"appId": "backgammon-online", "roomId": "r00m", "password": "s3cret", \
"relayUrls": ["ws://127.0.0.1:7447"], "trackerUrls": [], "iceServers": []}'
    >>> len(RoomConfig.random().room_id), len(RoomConfig.random().secret)
    (16, 22)
    """

    room_id: str
    secret: str
    relay_urls: Sequence[str] | None = None
    ice_servers: Sequence[IceServer] | None = None
    app_id: str = APP_ID
    tracker_urls: Sequence[str] | None = None

    @classmethod
    def random(
        cls,
        *,
        relay_urls: Sequence[str] | None = None,
        ice_servers: Sequence[IceServer] | None = None,
    ) -> RoomConfig:
        """A new room: a random id (96 bits) and secret (128 bits), URL-safe."""
        return cls(
            secrets.token_urlsafe(12),
            secrets.token_urlsafe(16),
            relay_urls=relay_urls,
            ice_servers=ice_servers,
        )

    def to_json(self) -> str:
        """The JS glue's ``joinRoom`` configuration."""
        config: dict[str, Any] = {
            "appId": self.app_id,
            "roomId": self.room_id,
            "password": self.secret,
        }
        if self.relay_urls is not None:
            config["relayUrls"] = list(self.relay_urls)
        if self.tracker_urls is not None:
            config["trackerUrls"] = list(self.tracker_urls)
        if self.ice_servers is not None:
            config["iceServers"] = [dict(server) for server in self.ice_servers]
        return json.dumps(config)


def _create_proxy(function: Callable[..., None]) -> Any:
    """A JS function that calls ``function`` and lives until destroyed (Pyodide)."""
    from pyodide.ffi import create_proxy

    return create_proxy(function)


class BrowserTransport:
    """A :class:`Transport` over the JS glue's ``Link`` (``public/online-transport.js``).

    ``proxy`` turns a Python callback into something JS may keep calling
    (Pyodide's ``create_proxy`` by default); the proxies are destroyed when a
    callback is replaced and on :meth:`close`.
    """

    def __init__(self, link: Any, *, proxy: Callable[[Callable[..., None]], Any] | None = None):
        self._link = link
        self._proxy = proxy or _create_proxy
        self._proxies: dict[str, Any] = {}
        self._sender: str | None = None  # of the text being handled

    @property
    def self_id(self) -> str:
        """This page's peer id in the room."""
        return str(self._link.selfId)

    def peers(self) -> list[str]:
        """The ids of the peers whose channel is open now."""
        return [str(peer) for peer in self._link.peers()]

    def send(self, text: str, to: str | None = None) -> None:
        if to is None:
            self._link.send(text)
        else:
            self._link.send(text, to)

    def on_message(self, callback: Callable[[str], None]) -> None:
        def heard(text: Any, peer: Any = None, *_: Any) -> None:
            self._sender = None if peer is None else str(peer)
            try:
                callback(str(text))
            finally:
                self._sender = None

        self._link.onMessage(self._keep("message", heard))

    def bind(self) -> None:
        if self._sender is not None:
            self._link.bind(self._sender)

    def on_stranger(self, callback: Callable[[str], None]) -> None:
        self._link.onStranger(self._keep("stranger", lambda peer, *_: callback(str(peer))))

    def on_peer(self, callback: Callable[[PeerEvent], None]) -> None:
        self._link.onPeerJoin(
            self._keep("join", lambda peer, *_: callback(PeerEvent(str(peer), True)))
        )
        self._link.onPeerLeave(
            self._keep("leave", lambda peer, *_: callback(PeerEvent(str(peer), False)))
        )

    def on_error(self, callback: Callable[[str], None]) -> None:
        """Call ``callback(message)`` when the channel cannot be opened (e.g. no
        direct route between the players and no TURN server)."""
        self._link.onError(self._keep("error", lambda message, *_: callback(str(message))))

    def close(self) -> None:
        self._link.leave()
        for proxy in self._proxies.values():
            _destroy(proxy)
        self._proxies.clear()

    def _keep(self, kind: str, function: Callable[..., None]) -> Any:
        proxy = self._proxy(function)
        if kind in self._proxies:
            _destroy(self._proxies[kind])
        self._proxies[kind] = proxy
        return proxy


def _destroy(proxy: Any) -> None:
    destroy = getattr(proxy, "destroy", None)
    if callable(destroy):
        destroy()


@dataclass(frozen=True)
class ManualOffer:
    """The offerer's side of manual signalling: ``code`` goes to the other player,
    whose answer code goes to :meth:`accept`; ``transport`` reports the peer
    once the channel opens."""

    code: str
    transport: BrowserTransport
    _link: Any

    async def accept(self, answer_code: str) -> None:
        """Apply the other player's answer code (a malformed one raises)."""
        await self._link.accept(answer_code.strip())


async def load_glue(url: str = GLUE_URL) -> Any:
    """Import the JS glue (once; the browser caches the module) and return it.

    PyScript's ``js_import`` runs ``import()`` inside PyScript's own module, where
    a relative URL would resolve against PyScript's folder: the URL is made
    absolute against the page first.
    """
    import js
    from pyscript import document, js_import

    (module,) = await js_import(js.URL.new(url, document.baseURI).href)
    return module


async def join_room(config: RoomConfig, *, glue: Any = None) -> BrowserTransport:
    """Join the room through the Nostr relays (and the trackers, when no peer
    comes soon); the peer event comes when the other player's channel opens.
    ``glue``: the imported JS module (default: :func:`load_glue`)."""
    glue = glue if glue is not None else await load_glue()
    return BrowserTransport(await glue.joinRoom(config.to_json()))


def _manual_config(ice_servers: Sequence[IceServer] | None) -> str:
    return json.dumps({} if ice_servers is None else {"iceServers": [dict(s) for s in ice_servers]})


async def create_offer(
    *, ice_servers: Sequence[IceServer] | None = None, glue: Any = None
) -> ManualOffer:
    """Manual signalling, first player: the offer code to send (public STUN servers
    unless ``ice_servers`` is given)."""
    glue = glue if glue is not None else await load_glue()
    link = await glue.createOffer(_manual_config(ice_servers))
    return ManualOffer(str(link.code), BrowserTransport(link), link)


async def accept_offer(
    code: str, *, ice_servers: Sequence[IceServer] | None = None, glue: Any = None
) -> tuple[str, BrowserTransport]:
    """Manual signalling, second player: the answer code to send back, and the
    transport (its peer event comes when the channel opens)."""
    glue = glue if glue is not None else await load_glue()
    link = await glue.acceptOffer(code.strip(), _manual_config(ice_servers))
    return str(link.code), BrowserTransport(link)
