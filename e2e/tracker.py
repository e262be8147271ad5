"""A WebTorrent tracker for the online tests: what Trystero's torrent strategy
talks to when no peer comes through the Nostr relays (``public/online-transport.js``).

Public trackers (``wss://tracker.webtorrent.dev`` ...) cannot be reached from
the tests' private network, and npm's ``bittorrent-tracker`` wants a native
module built from the internet, so this is a stand-in speaking the part of
the WebSocket tracker protocol that WebRTC peers use, in JSON text frames:

- a peer *announces* itself in a swarm (``info_hash``) with its ``peer_id``
  and, usually, a few ``offers`` (``offer_id`` and an SDP offer); the tracker
  answers with the swarm's size and hands each offer to a different other
  peer of the swarm (``{"offer", "offer_id", "peer_id": from, "info_hash"}``);
- a peer that takes an offer announces its ``answer`` ``to_peer_id``; the
  tracker hands it to that peer (``{"answer", "offer_id", "peer_id": from, ...}``).

Trystero encrypts the SDPs with the room's secret: the tracker sees neither.
Run inside the namespace: ``python -m e2e.tracker --port 8000`` (it prints one
line per announce, which the tests count).

>>> swarm = Swarm()
>>> swarm.announce("a", {"offers": [{"offer_id": "o1", "offer": {"sdp": "x"}}]}, "h")
[]
>>> routed = swarm.announce("b", {"offers": [{"offer_id": "o2", "offer": {"sdp": "y"}}]}, "h")
>>> [(to, m["peer_id"], m["offer_id"]) for to, m in routed]
[('a', 'b', 'o2')]
>>> [(to, m["answer"]) for to, m in swarm.announce("a", {"answer": "z", "to_peer_id": "b",
...                                                       "offer_id": "o2"}, "h")]
[('b', 'z')]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
from typing import Any

ANNOUNCE_INTERVAL_S = 10
"""How often a peer announces itself again, with fresh offers.  Public trackers
say 120 s (``bittorrent-tracker``'s default for WebSocket peers), and Trystero
announces no more often than that when told so.  Offers go only to the peers
already there, and of two peers whose offers cross, the one with the smaller
id drops the other's and waits for its own to be answered, which, when it
came first and its offers found nobody, waits for its next announce: up to
two minutes through a public tracker.  The tests' tracker says 10 s (the
least Trystero takes), so that a meeting takes seconds whichever way the ids
fall."""


class Swarm:
    """The peers of one ``info_hash``, and where their offers and answers go."""

    def __init__(self, rng: random.Random | None = None) -> None:
        self.peers: set[str] = set()
        self._rng = rng or random.Random(0)

    def announce(
        self, peer: str, message: dict[str, Any], info_hash: str
    ) -> list[tuple[str, dict[str, Any]]]:
        """Take ``peer``'s announce; return the messages to forward, as (to, message)."""
        if message.get("event") == "stopped":
            self.peers.discard(peer)
            return []
        self.peers.add(peer)
        out: list[tuple[str, dict[str, Any]]] = []
        if "answer" in message and message.get("to_peer_id") in self.peers:
            out.append(
                (
                    message["to_peer_id"],
                    {
                        "action": "announce",
                        "answer": message["answer"],
                        "offer_id": message.get("offer_id"),
                        "peer_id": peer,
                        "info_hash": info_hash,
                    },
                )
            )
        others = sorted(self.peers - {peer})
        self._rng.shuffle(others)
        for to, offer in zip(others, message.get("offers") or [], strict=False):
            out.append(
                (
                    to,
                    {
                        "action": "announce",
                        "offer": offer.get("offer"),
                        "offer_id": offer.get("offer_id"),
                        "peer_id": peer,
                        "info_hash": info_hash,
                    },
                )
            )
        return out


async def serve(host: str, port: int) -> None:
    from websockets.asyncio.server import ServerConnection
    from websockets.asyncio.server import serve as ws_serve

    swarms: dict[str, Swarm] = {}
    sockets: dict[tuple[str, str], ServerConnection] = {}  # (info_hash, peer_id) -> socket

    async def handle(socket: ServerConnection) -> None:
        mine: set[tuple[str, str]] = set()
        try:
            async for frame in socket:
                try:
                    message = json.loads(frame)
                except ValueError:
                    continue
                if not isinstance(message, dict) or message.get("action") != "announce":
                    continue
                info_hash, peer = str(message.get("info_hash")), str(message.get("peer_id"))
                swarm = swarms.setdefault(info_hash, Swarm())
                sockets[info_hash, peer] = socket
                mine.add((info_hash, peer))
                routed = swarm.announce(peer, message, info_hash)
                print(f"announce {peer} in {len(swarm.peers)}: {len(routed)} routed", flush=True)
                reply = {
                    "action": "announce",
                    "interval": ANNOUNCE_INTERVAL_S,
                    "info_hash": info_hash,
                    "complete": 0,
                    "incomplete": len(swarm.peers),
                }
                await socket.send(json.dumps(reply))
                for to, forward in routed:
                    target = sockets.get((info_hash, to))
                    if target is not None:
                        await target.send(json.dumps(forward))
        except Exception:  # a peer gone mid-frame: its entries go below
            pass
        finally:
            for info_hash, peer in mine:
                if sockets.get((info_hash, peer)) is socket:
                    del sockets[info_hash, peer]
                    swarms[info_hash].peers.discard(peer)

    async with ws_serve(handle, host, port, max_size=2**20):
        print(f"tracker on ws://{host}:{port}", flush=True)
        await asyncio.Future()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8000)
    args = parser.parse_args()
    asyncio.run(serve(args.host, args.port))


if __name__ == "__main__":
    main()
