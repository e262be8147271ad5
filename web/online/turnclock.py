"""The move clock, and the budget of messages a friend may send.

The seat that owes an action (a reveal, a play, an answer to a double or a
resignation) has :attr:`TurnClock.limit` seconds for it, counted by each page
on its own monotonic clock from the moment the move log last grew.  Nothing
the friend sends but the action itself restarts it: a page that keeps pinging
while it sits on a bad roll is still out of time.  Past it, and only then,
the other side may claim the game (:meth:`web.online.peer.Peer.can_claim`).

The clock is kept across a reload by the wall-clock time of the last move
(:attr:`TurnClock.wall`): a page that was closed while its own side owed an
action counts that time as owed (its player was away), while the time it
owes the friend starts again (it was not watching).

>>> clock = TurnClock(120.0, since=10.0, wall=1_000.0)
>>> clock.owed_for(70.0), clock.left(70.0), clock.left(500.0)
(60.0, 60.0, 0.0)
>>> clock.restarted(80.0, 1_070.0).owed_for(90.0)
10.0
>>> clock.resumed(5.0, 1_000.0, 1_300.0, count_absence=True).owed_for(5.0)
300.0
>>> clock.resumed(5.0, 1_000.0, 1_300.0, count_absence=False).owed_for(5.0)
0.0
>>> grace(120.0), grace(6.0)
(10.0, 0.5)
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass


def grace(limit: float) -> float:
    """How much less than ``limit`` the accused side's own clock may read and
    still agree that it ran out: the message that started it took a while to
    arrive there (the claimer's clock started when it was sent)."""
    return min(10.0, limit / 12)


@dataclass(frozen=True, slots=True)
class TurnClock:
    """Seconds a move (``limit``, 0: no clock), and when the move owed began:
    ``since`` on the page's monotonic clock, ``wall`` on the wall clock (saved)."""

    limit: float
    since: float
    wall: float

    def owed_for(self, now: float) -> float:
        return max(0.0, now - self.since)

    def left(self, now: float) -> float:
        """Seconds left of the move owed (0 once out of time)."""
        return max(0.0, self.limit - self.owed_for(now))

    def restarted(self, now: float, wall: float) -> TurnClock:
        """The log grew: a new action is owed from now."""
        return dataclasses.replace(self, since=now, wall=wall)

    def resumed(self, now: float, saved: float, wall: float, *, count_absence: bool) -> TurnClock:
        """After a reload: the move owed began at wall-clock time ``saved``; the
        time since counts only if ``count_absence`` (see the module docs)."""
        absent = max(0.0, wall - saved) if count_absence else 0.0
        return TurnClock(self.limit, now - absent, saved)


RATE = 20.0  # messages a second a friend may send, on average
BURST = 60.0  # ...and at once (a resend of a long history comes in a few)


@dataclass(frozen=True, slots=True)
class Budget:
    """A token bucket of incoming messages: a flood is dropped before anything
    is done with it, so it costs the page next to nothing.

    >>> b = Budget(0.0, tokens=2.0)
    >>> b.spend(0.0), b.after(0.0).spend(0.0), b.after(0.0).after(0.0).spend(0.0)
    (True, True, False)
    >>> b.after(0.0).after(0.0).spend(0.1)
    True
    """

    at: float
    tokens: float = BURST

    def _now(self, now: float) -> float:
        return min(BURST, self.tokens + max(0.0, now - self.at) * RATE)

    def spend(self, now: float) -> bool:
        """Whether one more message may be read now."""
        return self._now(now) >= 1.0

    def after(self, now: float) -> Budget:
        """The budget once a message arrived now (read or dropped)."""
        return Budget(now, max(0.0, self._now(now) - 1.0))

    def refund(self) -> Budget:
        """The message just read turned out to be worth its cost (a move)."""
        return Budget(self.at, min(BURST, self.tokens + 1.0))
