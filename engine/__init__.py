"""A complete backgammon engine in pure Python.

>>> from engine import Position, legal_plays
>>> plays = legal_plays(Position.start(), (3, 1))
>>> len(plays)
16
>>> [str(p) for p in plays if p.result.id == "sGfwATDgc/ABMA"]
['8/5 6/5']
"""

from engine.errors import (
    AmbiguousPlayError,
    EngineError,
    IllegalActionError,
    IllegalPlayError,
    InvalidDiceError,
    InvalidMatchIdError,
    InvalidPositionError,
    InvalidPositionIdError,
    InvalidXgidError,
    NotationError,
    SaveError,
)
from engine.movegen import Move, Play, iter_legal_plays, legal_plays
from engine.notation import format_moves, format_play, parse_play
from engine.position import Position

__all__ = [
    "AmbiguousPlayError",
    "EngineError",
    "IllegalActionError",
    "IllegalPlayError",
    "InvalidDiceError",
    "InvalidMatchIdError",
    "InvalidPositionError",
    "InvalidPositionIdError",
    "InvalidXgidError",
    "Move",
    "NotationError",
    "Play",
    "Position",
    "SaveError",
    "format_moves",
    "format_play",
    "iter_legal_plays",
    "legal_plays",
    "parse_play",
]
