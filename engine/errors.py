"""Exceptions raised by the engine.

Every error a caller can trigger with bad input is a ``ValueError`` subclass, so
``except ValueError`` catches them all, while each kind can still be told apart.
"""

from __future__ import annotations


class EngineError(ValueError):
    """Base class of the engine's input errors."""


class InvalidPositionError(EngineError):
    """A board that cannot occur: wrong checker counts, shared points, bad shape."""


class InvalidPositionIdError(EngineError):
    """A string that is not a valid GNU Backgammon Position ID."""


class InvalidMatchIdError(EngineError):
    """A string that is not a valid GNU Backgammon Match ID."""


class InvalidXgidError(EngineError):
    """A string that is not a valid XGID."""


class InvalidDiceError(EngineError):
    """Dice outside 1..6, or not a pair."""


class NotationError(EngineError):
    """Move text that cannot be parsed at all (``24/x``)."""


class IllegalPlayError(EngineError):
    """Parsed move text that is not one of the legal plays."""


class AmbiguousPlayError(IllegalPlayError):
    """Move text that matches more than one legal play."""


class IllegalActionError(EngineError):
    """A game or match action that is not allowed in the current state."""


class SaveError(EngineError):
    """A saved game that is corrupt, tampered with, or of an unknown schema."""
