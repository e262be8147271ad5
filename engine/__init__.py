"""A complete backgammon engine in pure Python.

>>> from engine import Position, legal_plays
>>> plays = legal_plays(Position.start(), (3, 1))
>>> len(plays)
16
>>> [str(p) for p in plays if p.result.id == "sGfwATDgc/ABMA"]
['8/5 6/5']

Points are numbered from the mover's side, 1 (ace point) to 24; :data:`BAR`
(25) and :data:`OFF` (0) name the bar and borne off in moves and steps:

>>> from engine import BAR, OFF
>>> entering = Position.from_points([0] * 5 + [14] + [0] * 17 + [-2], bar=1)
>>> [p.moves for p in legal_plays(entering, (6, 5))]
[((25, 19), (19, 14)), ((25, 19), (6, 1))]
>>> last = Position.from_points([0] * 5 + [1] + [0] * 17 + [-2])
>>> legal_plays(last, (6, 5))[0].moves == ((6, 1), (1, OFF)), BAR
(True, 25)
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
from engine.formats.save import dumps, load_match, loads, save_match
from engine.game import Action, Game, Phase
from engine.match import Match, replay
from engine.movegen import Play, format_play, iter_legal_plays, legal_plays, parse_play
from engine.notation import format_moves
from engine.position import BAR, OFF, Move, Position
from engine.record import Setup
from engine.rules import Rules
from engine.scoring import EndReason, GameResult, WinType, gammons_count, points_for
from engine.stats import PlayerStats
from engine.turn import Step, TurnState

__all__ = [
    "BAR",
    "OFF",
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
    "gammons_count",
    "iter_legal_plays",
    "legal_plays",
    "load_match",
    "loads",
    "parse_play",
    "points_for",
    "replay",
    "roll_dice",
    "save_match",
    "seeded_random",
]
