"""Online play's transport in the browser: a :class:`~web.online.transport.Transport` over the
JS glue (``public/online-transport.js``), and the rooms and manual offers that make one.
Shipped in online play's archive, with the protocol.

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
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from web.online.transport import GLUE_URL, PeerEvent, RoomConfig
from web.online.turn import DEFAULT_STUN as DEFAULT_STUN
from web.online.turn import IceServer as IceServer
from web.online.turn import TurnServer as TurnServer
from web.online.turn import with_turn as with_turn


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
