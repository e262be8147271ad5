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
from web.words.refusal_sentences import SENTENCES

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
