"""What a :class:`~web.online.peer.Peer` tells the page, and its whole answer.

Every call on a peer returns an :class:`Output`: the texts to send to the
friend, in order, and typed events for the page.  The friend's game actions
come as the same :data:`~web.model.opponent.Decision` values the controller applies
for any opponent (plus :class:`BeaverDouble` and :class:`StartNextGame`,
which only a human opponent makes), already checked by the engine here.

>>> from web.model.opponent import OfferDouble
>>> out = Output(("a",), (Decided(1, OfferDouble()),)) + Output(("b",))
>>> out.messages, out.events
(('a', 'b'), (Decided(seat=1, decision=OfferDouble()),))
>>> from web.online.errors import BadRevealError
>>> Refused(BadRevealError("it does not match")).text
"Your friend's dice did not check out (it does not match)."
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypeAlias

from engine.decisions import Decision
from engine.scoring import WinType
from web.model.presence import Link
from web.online.errors import OnlineError


@dataclass(frozen=True, slots=True)
class Rolled:
    """Dice are known: ``seat``'s roll, or (``seat`` ``None``) the opening roll,
    seat 0's die then seat 1's.  The page rolls exactly these."""

    seat: int | None
    dice: tuple[int, int]


@dataclass(frozen=True, slots=True)
class Decided:
    """The friend's decision, to apply through the engine as any opponent's."""

    seat: int
    decision: Decision


@dataclass(frozen=True, slots=True)
class Refused:
    """Something from the friend was refused; the game is as it was."""

    error: OnlineError

    @property
    def text(self) -> str:
        """The refusal in plain words, for the player."""
        return self.error.plain


@dataclass(frozen=True, slots=True)
class LinkChanged:
    """The friend's presence changed (connected, waiting, claimable...)."""

    link: Link


@dataclass(frozen=True, slots=True)
class FriendJoined:
    """The friend's side spoke for the first time (or again after a reload), by name."""

    name: str


@dataclass(frozen=True, slots=True)
class Said:
    """A canned chat phrase from ``seat``."""

    seat: int
    text: str


@dataclass(frozen=True, slots=True)
class Claimed:
    """``seat`` claimed the game in progress after the other was gone: it wins
    ``win_type`` for ``points`` (as an abandoned game counts)."""

    seat: int
    win_type: WinType
    points: int


@dataclass(frozen=True, slots=True)
class ClaimDisputed:
    """The friend's page refused this side's claim: by its record, ``name`` did
    not owe a move past the stated time (the claim stands on this page)."""

    name: str


@dataclass(frozen=True, slots=True)
class ClockChanged:
    """The move clock: ``seat`` owes an action with ``left`` whole seconds to go
    (both ``None``: no clock, or nobody owes one)."""

    seat: int | None
    left: int | None


@dataclass(frozen=True, slots=True)
class GameFull:
    """The game this page came to join has its two players (``host``: the inviter)."""

    host: str


Event: TypeAlias = (
    Rolled
    | Decided
    | Refused
    | LinkChanged
    | FriendJoined
    | Said
    | Claimed
    | ClaimDisputed
    | ClockChanged
    | GameFull
)


@dataclass(frozen=True, slots=True)
class Output:
    """Texts to send, in order, and events for the page."""

    messages: tuple[str, ...] = ()
    events: tuple[Event, ...] = ()

    def __add__(self, other: Output) -> Output:
        return Output(self.messages + other.messages, self.events + other.events)
