"""What a player decides, one value a decision: the one vocabulary of the game's
acts, whoever makes them.

The page's own clicks, King Tubby's answers, a pass-and-play friend and a friend
online all come down to these values; :meth:`engine.match.Match.decide` applies
one.  (:class:`engine.game.Action` says which *kinds* the rules allow now; the
record's events, :mod:`engine.record`, say what *was* decided, by whom, with
which dice.)

>>> from engine.match import Match
>>> m = Match.new(0).roll((3, 1)).decide(PlayMoves(((8, 5), (6, 5))))
>>> m.decide(OfferDouble()).offer is not None
True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypeAlias


@dataclass(frozen=True, slots=True)
class RollDice:
    """Roll (the dice come from elsewhere: a generator, the table, a player's hand)."""


@dataclass(frozen=True, slots=True)
class OfferDouble:
    """Double."""


@dataclass(frozen=True, slots=True)
class OfferResignation:
    """Offer to resign a win of ``value`` (1 single, 2 gammon, 3 backgammon)."""

    value: int  # WinType


@dataclass(frozen=True, slots=True)
class TakeDouble:
    """Take the double."""


@dataclass(frozen=True, slots=True)
class DropDouble:
    """Drop the double."""


@dataclass(frozen=True, slots=True)
class BeaverDouble:
    """Take the double and redouble at once (money play with beavers)."""


@dataclass(frozen=True, slots=True)
class AcceptResignation:
    """Accept the resignation offered."""


@dataclass(frozen=True, slots=True)
class RejectResignation:
    """Reject the resignation offered."""


@dataclass(frozen=True, slots=True)
class PlayMoves:
    """A whole play as single-die ``(from, to)`` moves (25 the bar, 0 off), from
    the start of the turn."""

    moves: tuple[tuple[int, int], ...]


@dataclass(frozen=True, slots=True)
class StartNextGame:
    """Start the next game of the match."""


Decision: TypeAlias = (
    RollDice
    | OfferDouble
    | OfferResignation
    | TakeDouble
    | DropDouble
    | BeaverDouble
    | AcceptResignation
    | RejectResignation
    | PlayMoves
    | StartNextGame
)
