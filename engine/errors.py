"""Exceptions raised by the engine.

Every error a caller can trigger with bad input is a ``ValueError`` subclass, so
``except ValueError`` catches them all, while each kind can still be told apart.
"""

from __future__ import annotations

QUOTE_LIMIT = 64
"""The most characters of bad input an error message repeats: enough for any
real notation, ID or XGID, and no more (a 10 MB paste must not come back in
the message)."""


def quoted(value: object, limit: int = QUOTE_LIMIT) -> str:
    """Bad input as an error message quotes it: its ``repr``, cut to a short prefix.

    >>> quoted("8/5 6/5")
    "'8/5 6/5'"
    >>> quoted("24/18 " * 1000, limit=11)
    "'24/18 24/18'… (6000 characters)"
    """
    if isinstance(value, (str, bytes)) and len(value) > limit:
        unit = "characters" if isinstance(value, str) else "bytes"
        return f"{value[:limit]!r}… ({len(value)} {unit})"
    text = repr(value)
    return text if len(text) <= limit + 2 else f"{text[: limit + 2]}…"


class EngineError(ValueError):
    """Base class of the engine's input errors.

    ``str()`` is the engine's own English, for developers and logs.  A refusal a
    player can meet also has a ``code`` naming it and the ``values`` that fill it
    in, so that an application says it in its own words (the page's are
    ``web.words.refusals``) without parsing the English.

    >>> exc = EngineError("no point 27", code="no_point", point=27)
    >>> str(exc), exc.code, exc.values
    ('no point 27', 'no_point', {'point': 27})
    """

    # A kind whose raise sites mostly say one thing has that as its class's code,
    # which a raise site without one of its own keeps (SaveError: "damaged").
    code: str = ""
    values: dict[str, object]

    def __init__(self, *args: object, code: str = "", **values: object) -> None:
        super().__init__(*args)
        if code:
            self.code = code
        self.values = values


class InvalidPositionError(EngineError):
    """A board that cannot occur: wrong checker counts, shared points, bad shape."""


class CheckerCountError(InvalidPositionError):
    """A side with more (or, counting those borne off, fewer) than 15 checkers."""


class SharedPointError(InvalidPositionError):
    """A point holding checkers of both sides."""


class FinishedPositionError(InvalidPositionError):
    """A board where a side has borne off all its checkers: the game is over,
    so there is nothing to play or to analyse."""


class InvalidSetupError(EngineError):
    """A position set up by hand whose match around it cannot be: the score,
    the cube, the Crawford game or the dice (:mod:`engine.position_setup`)."""


class ScoreSetupError(InvalidSetupError):
    """A score that is not a score before a game of the match (a player at or past its length)."""


class CubeSetupError(InvalidSetupError):
    """A cube that cannot be: not a power of two up to 64, owned at 1, or
    turned in the Crawford game."""


class CrawfordSetupError(InvalidSetupError):
    """A Crawford game with nobody at match point, or in money play."""


class DiceSetupError(InvalidSetupError):
    """Dice that cannot be rolled or a double that cannot be offered in the set-up."""


class FormatError(EngineError):
    """Text or a file that is not what its format says it is: a Position or Match
    ID, an XGID, a match file, a save (the readers of :mod:`engine.formats`).
    ``line`` says where when the format has lines (1-based; 0 when it does
    not, or for the whole file)."""

    # code and values say what is wrong, as every refusal's do (the page's words
    # are web.words.file_errors); str() is the reader's English.

    line: int = 0


class InvalidPositionIdError(FormatError):
    """A string that is not a valid GNU Backgammon Position ID."""

    code = "position_id"


class InvalidMatchIdError(FormatError):
    """A string that is not a valid GNU Backgammon Match ID."""

    code = "match_id"


class InvalidXgidError(FormatError):
    """A string that is not a valid XGID."""

    code = "xgid"


class MatFileError(FormatError):
    """A ``.mat`` file that is not a match: ``line`` is where (1-based; 0 for the
    whole file) and ``reason`` what is wrong, in a player's words.

    >>> str(MatFileError(3, "expected 'Game 1'")), MatFileError(0, "no games").line
    ("line 3: expected 'Game 1'", 0)
    """

    def __init__(self, line: int, reason: str, *, code: str = "", **values: object) -> None:
        where = f"line {line}: " if line else ""
        super().__init__(f"{where}{reason}", code=code, **values)
        self.line = line
        self.reason = reason


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


class NoGameInProgressError(IllegalActionError):
    """An action on the game in progress when none is: the game is over and the
    next has not begun (abandoning a game that has already ended)."""


class MatchOverError(NoGameInProgressError):
    """An action on the game in progress once the whole match is over."""


class SgfError(FormatError):
    """A text that is not a GNU Backgammon ``.sgf`` match: ``line`` is where
    (1-based; 0 for the whole file) and ``reason`` what is wrong.

    >>> str(SgfError(1, "not an SGF game tree"))
    'line 1: not an SGF game tree'
    """

    def __init__(self, line: int, reason: str, *, code: str = "", **values: object) -> None:
        where = f"line {line}: " if line else ""
        super().__init__(f"{where}{reason}", code=code, **values)
        self.line = line
        self.reason = reason


class XgError(FormatError):
    """A file that is not an eXtreme Gammon ``.xg`` match, or a damaged one."""

    code = "xg_damaged"


class SaveError(FormatError):
    """A saved game that is corrupt, tampered with, or of an unknown schema."""

    code = "damaged"
