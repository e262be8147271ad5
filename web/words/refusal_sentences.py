"""Each of the engine's refusals said by its code: the sentence, filled in with
the error's values (``engine.errors``).  :mod:`web.words.refusals` says a
refusal with them, and :mod:`web.words.file_errors` and
:mod:`web.words.file_repairs` a file's trouble whose code is also an ordinary
refusal (a cube above 64).  Loaded with them, on a refusal only.

>>> SENTENCES["no_point"](token="27/21", point=27)
'“27/21”: there is no point 27'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import MappingProxyType

from web.words.status import no_double

Say = Callable[..., str]

SENTENCES: Mapping[str, Say] = MappingProxyType(
    {
        # -- setting up a position (engine.position_setup) ----------------------------------
        "too_many_checkers": lambda name, count, limit: (
            f"{name} has {count} checkers on the board and bar: at most {limit}"
        ),
        "shared_point": lambda point: f"Point {point} holds checkers of both sides",
        "dice": lambda: "Dice are two numbers from 1 to 6",
        "doubled_rolled": lambda: "A side that has doubled has not rolled yet",
        "no_place": lambda: "Checkers go on points 1 to 24 or on the bar",
        "all_on_board": lambda name, count: (
            f"All {count} of {name}’s checkers are on the board already"
        ),
        "point_taken": lambda name, point: (
            f"{name} has checkers on point {point}: remove them first"
        ),
        "no_checker_there": lambda name: f"{name} has no checker there",
        "all_borne_off": lambda name: f"{name} has borne off all its checkers: the game is over",
        "match_length": lambda limit: f"A match is 1 to {limit} points long (0: money play)",
        "negative_score": lambda: "A score cannot be negative",
        "score_over": lambda name, points, length: (
            f"{name} has {points} points: a match to {length} is over at {length}"
        ),
        "cube_value": lambda cube: f"The cube is 1, 2, 4, 8, 16, 32 or 64, not {cube}",
        "cube_owned_at_1": lambda: "A cube at 1 belongs to nobody: it stays in the middle",
        "crawford_money": lambda: "The Crawford game is a match’s, not money play’s",
        "crawford_needs_match_point": lambda points, length: (
            f"The Crawford game needs a player at match point ({points} of {length})"
        ),
        "crawford_cube": lambda: "Nobody doubles in the Crawford game: the cube stays at 1",
        "crawford_double": lambda: "Nobody may double in the Crawford game",
        "cube_owned_by_other": lambda name, owner: f"{name} cannot double: {owner} owns the cube",
        "cube_limit": lambda limit: f"The cube cannot go above {limit}",
        # -- a play typed in notation (engine.notation) -------------------------------------
        "not_text": lambda: "A play is written as text, like 8/5 6/5",
        "play_too_long": lambda limit: f"A play is written in at most {limit} characters",
        "empty_play": lambda: "Type a play, like 8/5 6/5",
        "unreadable": lambda token: f"“{token}” cannot be read as a move",
        "start_and_end": lambda token: f"“{token}”: a move needs a start and an end, like 13/7",
        "not_a_point": lambda token, part: f"“{token}”: “{part}” is not a point",
        "no_point": lambda token, point: f"“{token}”: there is no point {point}",
        "hit_at_start": lambda token: f"“{token}”: a move cannot hit where it starts",
        "moves_down": lambda token, point: f"“{token}”: checkers move down from {point}",
        "after_off": lambda token: f"“{token}”: nothing moves on after bearing off",
        "roll_unplayable": lambda dice: f"The roll {dice} cannot be played",
        "not_legal": lambda dice: f"That is not a legal play of {dice}",
        "ambiguous": lambda options: f"That could be {options}: say which",
        # -- the game's actions (engine.game) -----------------------------------------------
        "no_double": lambda why: no_double("double", why, end=""),
    }
)
"""Each refusal's sentence by its code, filled in with the error's values (a test
holds every code the engine raises to a sentence taking exactly its values)."""
