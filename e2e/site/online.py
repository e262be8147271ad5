"""Online play's test hooks, in the test build only (see :mod:`e2e.site.hooks`).

- ``?relay=ws://127.0.0.1:7447``: an online game meets the friend through this
  Nostr relay alone, with no STUN server, so that the e2e bench's two browsers
  contact nothing outside their private network (:func:`read_relays`);
  ``&tracker=ws://127.0.0.1:8000``: and through this BitTorrent tracker when no
  peer comes through the relay (without it, no tracker at all);
- ``window.backgammonOnlineCheat()``: this page sends its friend a play that
  breaks the rules (a checker from the bar, where it has none), sealed and
  chained as an honest one would be, without playing it here
  (:func:`cheat`).  The friend's page must refuse it and keep the game.

- ``?claim=20``: a friend gone online may be claimed after 20 seconds
  (:func:`read_claim_after`), so the e2e test need not wait two minutes.

>>> read_relays("ws://127.0.0.1:7447")
('ws://127.0.0.1:7447',)
>>> read_relays("http://example.org"), read_relays("")
((), ())
"""

from __future__ import annotations

from typing import Any

# From the bar, where the cheater has no checker: illegal whatever the dice.
ILLEGAL = ((25, 24),)


def read_claim_after(text: str) -> float | None:
    """The seconds after which a gone friend's game may be claimed (``?claim=``),
    at least 6 (the heartbeat is checked every 2 s); ``None`` for anything else.

    >>> read_claim_after("20"), read_claim_after("2"), read_claim_after("x")
    (20.0, None, None)
    """
    text = text.strip()
    if not text.isascii() or not text.isdigit() or int(text) < 6:
        return None
    return float(text)


def read_relays(text: str) -> tuple[str, ...]:
    """The relay or tracker URLs in ``text`` (space-separated ``ws://`` or ``wss://`` URLs)."""
    return tuple(url for url in text.split() if url.startswith(("ws://", "wss://")))


class NotCheatingNowError(RuntimeError):
    """The page cannot send an illegal play now (no online game, or not its move)."""


def cheat(table: Any) -> str:
    """Send the friend an illegal play from ``table``'s peer (an
    :class:`~web.online.remote.OnlineTable`) while this side has its dice and
    must move; nothing changes here.  Returns what was sent."""
    # Imported here: online play's protocol loads only once a game is under way.
    from engine.decisions import PlayMoves
    from web.online import wire
    from web.online.acts import Reveal

    if table is None:
        raise NotCheatingNowError("no online game on this page")
    peer = table.peer
    if peer.my_dice is None or peer.secret is None:
        raise NotCheatingNowError("this side has no dice to move with")
    block = peer.log.next_block(peer.seat, (Reveal(peer.secret), PlayMoves(ILLEGAL)))
    peer.seq += 1
    envelope = wire.Envelope(peer.seat, peer.key, peer.seq, wire.Blocks((block,)))
    text: str = peer.seal.seal(envelope, peer.signer)
    table.transport.send(text)
    return text
