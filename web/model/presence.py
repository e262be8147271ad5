"""Is the friend still there?  Heartbeat and timeout bookkeeping, given the time.

There are no timers in here: the caller passes ``now`` (seconds, any clock
that only moves forward within a page's life) to every call and calls
:meth:`Presence.ping_due` from its own timer.  Silence is counted from the
last message heard, or from when this page started listening if none has
come since.  After :attr:`Timing.quiet` seconds of silence, or at once when
the connection closes, the friend is ``WAITING`` ("waiting for your friend");
after :attr:`Timing.claim_after` seconds the player may claim the game or
keep waiting (``CLAIMABLE``).

>>> p = Presence(Timing(heartbeat=5, quiet=15, claim_after=120), start=0.0).opened(0.0)
>>> p.link(1.0, met=False), p.heard_at(2.0).link(3.0, met=True)
(<Link.CONNECTING: 'connecting'>, <Link.CONNECTED: 'connected'>)
>>> p = p.heard_at(2.0)
>>> p.link(20.0, met=True), p.link(122.0, met=True), p.claim_in(100.0)
(<Link.WAITING: 'waiting'>, <Link.CLAIMABLE: 'claimable'>, 22.0)
>>> p.ping_due(4.0), p.sent_at(4.0).ping_due(8.0), p.sent_at(4.0).ping_due(9.0)
(True, False, True)
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from enum import Enum


class Link(Enum):
    """How the friend's side looks from here."""

    CONNECTING = "connecting"  # the friend has never been heard: waiting for them to join
    CONNECTED = "connected"
    WAITING = "waiting"  # silent for a while, or the connection closed: "waiting for your friend"
    CLAIMABLE = "claimable"  # gone longer than the stated time: claim the game, or keep waiting


@dataclass(frozen=True, slots=True)
class Timing:
    """The stated times, in seconds."""

    heartbeat: float = 5.0  # send a ping when nothing else went out for this long
    quiet: float = 15.0  # silence after which the friend counts as gone for now
    claim_after: float = 120.0  # silence after which the game may be claimed

    def __post_init__(self) -> None:
        if not 0 < self.heartbeat < self.quiet <= self.claim_after:
            raise ValueError(f"need 0 < heartbeat < quiet <= claim_after: {self}")


@dataclass(frozen=True, slots=True)
class Presence:
    """When the friend was last heard, when we last sent, whether the line is open."""

    timing: Timing
    start: float  # when this page began listening (silence counts from here at first)
    heard: float | None = None
    sent: float | None = None
    open: bool = False

    def heard_at(self, now: float) -> Presence:
        return dataclasses.replace(self, heard=now)

    def sent_at(self, now: float) -> Presence:
        return dataclasses.replace(self, sent=now)

    def opened(self, now: float) -> Presence:
        """The connection is up (nothing is heard yet: the friend must speak)."""
        return dataclasses.replace(self, open=True)

    def closed(self, now: float) -> Presence:
        return dataclasses.replace(self, open=False)

    def silence(self, now: float) -> float:
        """Seconds since the friend was last heard (or since we began listening)."""
        return max(0.0, now - (self.heard if self.heard is not None else self.start))

    def ping_due(self, now: float) -> bool:
        """Whether to send a heartbeat now: the line is open and we have been quiet."""
        return self.open and (self.sent is None or now - self.sent >= self.timing.heartbeat)

    def link(self, now: float, *, met: bool) -> Link:
        """The friend's state; ``met`` once they have ever joined this game."""
        if not met:
            return Link.CONNECTING
        silence = self.silence(now)
        if self.open and self.heard is not None and silence < self.timing.quiet:
            return Link.CONNECTED
        return Link.CLAIMABLE if silence >= self.timing.claim_after else Link.WAITING

    def claim_in(self, now: float) -> float:
        """Seconds left before the game may be claimed (0 when it may)."""
        return max(0.0, self.timing.claim_after - self.silence(now))
