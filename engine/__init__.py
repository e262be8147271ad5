"""A complete backgammon engine in pure Python.

>>> from engine import Position, legal_plays
>>> plays = legal_plays(Position.start(), (3, 1))
>>> len(plays)
16
>>> [str(p) for p in plays if p.result.id == "sGfwATDgc/ABMA"]
['8/5 6/5']
"""

from engine.cube import Cube
from engine.dice import ScriptedDice, roll_dice, seeded_random
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
from engine.game import Action, Game, Phase
from engine.match import Match, replay
from engine.movegen import Move, Play, iter_legal_plays, legal_plays
from engine.notation import format_moves, format_play, parse_play
from engine.position import Position
from engine.record import Setup
from engine.rules import Rules
from engine.save import dumps, load_match, loads, save_match
from engine.scoring import EndReason, GameResult, WinType
from engine.stats import PlayerStats
from engine.turn import Step, TurnState

__all__ = [
    "Action",
    "AmbiguousPlayError",
    "Cube",
    "EndReason",
    "EngineError",
    "Game",
    "GameResult",
    "IllegalActionError",
    "IllegalPlayError",
    "InvalidDiceError",
    "InvalidMatchIdError",
    "InvalidPositionError",
    "InvalidPositionIdError",
    "InvalidXgidError",
    "Match",
    "Move",
    "NotationError",
    "Phase",
    "Play",
    "PlayerStats",
    "Position",
    "Rules",
    "SaveError",
    "ScriptedDice",
    "Setup",
    "Step",
    "TurnState",
    "WinType",
    "dumps",
    "format_moves",
    "format_play",
    "iter_legal_plays",
    "legal_plays",
    "load_match",
    "loads",
    "parse_play",
    "replay",
    "roll_dice",
    "save_match",
    "seeded_random",
]
