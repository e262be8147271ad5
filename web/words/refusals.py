"""The engine's refusals in the player's words.

The engine raises :class:`engine.errors.EngineError` with its own English for
developers; a refusal a player can meet carries a ``code`` and the ``values``
that fill it in (``engine.errors``).  :func:`refusal` says it here, so that every
sentence a player reads is in ``web.words``: a refusal without a sentence of its
own is said by its kind.  What is wrong with a match file, an ID or a save (a
:class:`~engine.errors.FormatError`) is said by :mod:`web.words.file_errors`,
loaded only then.

>>> from engine.errors import CheckerCountError, IllegalActionError, NotationError
>>> refusal(CheckerCountError("…", code="all_on_board", name="White", count=15))
'All 15 of White’s checkers are on the board already'
>>> refusal(NotationError("…", code="no_point", token="27/21", point=27))
'“27/21”: there is no point 27'
>>> refusal(IllegalActionError("cannot roll now (game is at move)"))
'That cannot be done at this point of the game'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import MappingProxyType

from engine.errors import (
    EngineError,
    FormatError,
    IllegalActionError,
    IllegalPlayError,
    InvalidDiceError,
    InvalidPositionError,
    InvalidSetupError,
    NotationError,
)
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

_BY_KIND: tuple[tuple[type[EngineError], str], ...] = (
    (IllegalPlayError, "That is not a legal play of this roll"),
    (NotationError, "That cannot be read as a play, like 8/5 6/5"),
    (InvalidDiceError, "Dice are two numbers from 1 to 6"),
    (IllegalActionError, "That cannot be done at this point of the game"),
    (InvalidSetupError, "That set-up cannot be played"),
    (InvalidPositionError, "That position cannot occur in a game"),
)


def refusal(exc: EngineError) -> str:
    """What ``exc`` says to the player: its own sentence, a file's diagnosis, or
    its kind's sentence."""
    if isinstance(exc, FormatError):
        from web.words.file_errors import diagnosis  # a file's or an ID's trouble only

        return diagnosis(exc)
    say = SENTENCES.get(exc.code)
    if say is not None:
        return say(**exc.values)
    return next((text for kind, text in _BY_KIND if isinstance(exc, kind)), NOT_ALLOWED)


NOT_ALLOWED = "That is not allowed here"


def refused_play(text: str, exc: EngineError) -> str:
    """A typed play the engine refused, with its reason (a reason that quotes
    the move at fault names it already).

    >>> from engine.errors import IllegalPlayError, NotationError
    >>> refused_play("24/20", IllegalPlayError("…", code="not_legal", dice="3-1"))
    '“24/20”: that is not a legal play of 3-1'
    >>> refused_play("8/5 27/21", NotationError("…", code="no_point", token="27/21", point=27))
    '“27/21”: there is no point 27'
    """
    reason = refusal(exc)
    if "token" in exc.values:
        return reason
    return f"“{text}”: {reason[:1].lower()}{reason[1:]}"
