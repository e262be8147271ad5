"""Online play's transport: strings between two browsers over a WebRTC data channel.

The online protocol speaks through a :class:`Transport`: it sends text, and is
told of the text that arrives and of the other player joining or leaving.  In
the browser that is a :class:`~web.dom.transport.BrowserTransport` over
``public/online-transport.js`` (the JS glue), which the page imports only when a
player starts an online game, so nothing is loaded or contacted before then.
Two ways to open one (:mod:`web.dom.transport`):

- :func:`join_room`: Trystero's Nostr strategy finds the other player through
  public Nostr relays (they carry only the connection offer, encrypted with the
  room's secret); the room's id and secret travel in the invite link's
  ``#`` fragment, which no server sees (:class:`RoomConfig`);
- manual signalling, when no relay answers: :func:`create_offer` makes a short
  offer code (~100 characters) that the player sends through any messenger, the
  other player's :func:`accept_offer` makes the answer code that comes back, and
  :meth:`ManualOffer.accept` opens the channel.
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
