"""What is wrong with a file, an ID or a save, in the player's words.

The engine's readers (:mod:`engine.formats`) raise a
:class:`~engine.errors.FormatError` with their own English for developers, a
``code`` naming what is wrong, the ``values`` that fill it in (what was found
there, what was expected) and the ``line`` where the format has lines.
:func:`diagnosis` says it here, so that what a player reads about a pasted ID, a
match file or a save is in ``web.words``.  A code that is also an ordinary
refusal (a cube above 64) takes its sentence from :mod:`web.words.refusals`.
Only a refusal loads this module.

>>> from engine.errors import InvalidXgidError, MatFileError
>>> diagnosis(MatFileError(3, "…", code="game_line", number=1, found="White : 0"))
'Line 3: “Game 1” was expected, not “White : 0”'
>>> diagnosis(InvalidXgidError("…", code="too_many", count=16))
'One side has 16 checkers: a side has 15'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import MappingProxyType

from engine.errors import FormatError
from web.words.refusal_sentences import SENTENCES as REFUSALS

Say = Callable[..., str]

_IDS: Mapping[object, str] = MappingProxyType({14: "A Position ID", 12: "A Match ID"})
_ACTS: Mapping[object, str] = MappingProxyType(
    {"roll": "rolls", "double": "doubles", "beaver": "beavers", "take": "takes", "drop": "drops"}
)
"""What a match file's line says a player does, by the kind of act."""


def _act(act: object) -> str:
    return _ACTS.get(act, "plays")


def _their_turn(name: object, act: object, other: object) -> str:
    whose = f"it is {other}’s turn" if other else "nobody is to act"
    return f"{name} {_act(act)}, but {whose}"


SENTENCES: Mapping[str, Say] = MappingProxyType(
    {
        # -- Position IDs, Match IDs and XGIDs (engine.formats.gnubg_id, .xgid) -------------
        "id_form": lambda length: (
            f"{_IDS.get(length, 'An ID')} is {length} characters: letters, digits, + and /"
        ),
        "position_id": lambda: "That Position ID does not describe a board",
        "match_id": lambda: "That Match ID does not describe a game",
        "match_id_over": lambda: "The game in that Match ID is over",
        "too_many": lambda count: f"One side has {count} checkers: a side has 15",
        "both_off": lambda: "Both sides have borne off all their checkers: no game ends so",
        "no_board": lambda: "That board cannot occur in a game",
        "score_at_length": lambda: "A score has reached the match’s length: that match is over",
        "xgid": lambda: "That is not an XGID as eXtreme Gammon writes it",
        "raccoon": lambda: "Raccoons (a beaver redoubled) are not played here",
        "xgid_unplayable": lambda: "That position cannot be played at its score and cube",
        # -- saved games (engine.formats.save, engine.record, web.model.savefile) -----------
        "not_a_save": lambda: "That is not a saved game from this page",
        "save_version": lambda version: (
            f"That save is from another version of this page (version {version}) "
            "and cannot be read here"
        ),
        "damaged": lambda: "The saved game is damaged and cannot be read",
        "breaks_rules": lambda: "The saved game does not follow the rules: it cannot be replayed",
        # -- match files (engine.formats.mat_read, .sgf, .xg) -------------------------------
        "file_not_text": lambda: "A match file is text",
        "length_line": lambda found: (
            f"The match length, like “5 point match”, was expected, not “{found}”"
        ),
        "no_length": lambda: "That is not a .mat file: it has no “N point match” line",
        "game_line": lambda number, found: f"“Game {number}” was expected, not “{found}”",
        "on_off": lambda tag, found: f"The {tag} tag says “{found}”, not On or Off",
        "auto_doubles": lambda found: f"Automatic doubles are 0 to 6, not “{found}”",
        "setup_tag": lambda found: (
            f"A Setup tag is “PositionID turn cube owner crawford”, not “{found}”"
        ),
        "setup_board": lambda: "The Setup tag’s position cannot start a game",
        "aside": lambda: "An Aside tag does not fit the game",
        "first_score": lambda: "The first game’s score cannot start a game of this match",
        "no_games": lambda: "The file holds no game",
        "after_end": lambda name, act: f"{name} {_act(act)} after the game is over",
        "not_their_turn": _their_turn,
        "cube_refused": lambda name, act: f"{name} {_act(act)}, but may not do so then",
        "opening_double": lambda: "The opening roll cannot be a double (a tie is rolled again)",
        "no_roll": lambda name: f"{name} cannot roll then",
        "sgf_empty": lambda: "That is not an .sgf file: there is no game in it",
        "sgf_syntax": lambda found: f"“{found}” cannot be read there",
        "sgf_cut": lambda: "The file is cut short: a “)” or “]” is missing",
        "sgf_value": lambda name: f"The property {name} has no value",
        "sgf_number": lambda found: f"“{found}” is not a number",
        "sgf_game": lambda game: f"That game is not backgammon (GM[{game}], not GM[6])",
        "xg_not_xg": lambda: "That is not an eXtreme Gammon file",
        "xg_short": lambda: "The file is cut short",
        "xg_damaged": lambda: "The file is damaged: its archive cannot be read",
        "xg_no_match": lambda: "The file holds no match",
    }
)
"""Each diagnosis's sentence by its code, filled in with the error's values (a test
holds every code the engine raises to a sentence taking exactly its values)."""


def diagnosis(exc: FormatError) -> str:
    """What is wrong with the text ``exc`` refused, and where when it has lines.

    >>> from engine.errors import InvalidXgidError, SaveError, XgError
    >>> diagnosis(SaveError("turn steps must be a list"))  # its kind's code: damaged
    'The saved game is damaged and cannot be read'
    >>> diagnosis(XgError("…", code="cube_limit", limit=64))  # an ordinary refusal's words
    'The cube cannot go above 64'
    >>> diagnosis(InvalidXgidError("no code of its own"))  # its kind's: InvalidXgidError.code
    'That is not an XGID as eXtreme Gammon writes it'
    """
    say = SENTENCES.get(exc.code) or REFUSALS.get(exc.code)
    sentence = UNREADABLE if say is None else say(**exc.values)
    return f"Line {exc.line}: {sentence}" if exc.line else sentence


UNREADABLE = "That is not a match file this page reads"
