"""What the controller says as a game goes on: the cube, resignations, a new
game or match, the dice, typed plays, saves and settings — for the status
line and for screen readers (the announcements).  Each is called with the
values it names; the theme (:class:`~web.model.themes.Theme`) gives the
cube's and the wins' names.

>>> from web.model.themes import BACKYAMON, CLASSIC
>>> took("Ann", CLASSIC, 2)
'Ann takes: the cube is at 2.'
>>> points_won("White wins", BACKYAMON, 2, 4)
'White wins a Big Ya Mon: 4 points.'
"""

from __future__ import annotations

from web.model.themes import Theme

WAITING_FOR_DICE = "Waiting for the dice from your friend…"
CHOOSE_BOTH_DICE = "Choose both dice."
NOTHING_TO_MOVE = "There is nothing to move now."
WELCOME_BACK = "Welcome back: your match was restored."
STATS_RESET = "Player statistics were reset."
NAME_THE_SAVE = "Give the save a name."
DISCARDED = "Discarded the save that could not be read."
IMPORTED_SAVE = "Imported the game from the file."
# What a notice about unreadable saved data calls it (web.words.play.corrupt_text).
SAVED_MATCH = "Your saved match"
SAVING_PAUSED = "your games are not being saved"
PLAYER_STATISTICS = "Your player statistics"


def _points(n: int) -> str:
    return f"{n} point" if n == 1 else f"{n} points"


def doubled(theme: Theme, doubler: str, value: int) -> str:
    """A double, as the theme announces it ("White doubles to 2.")."""
    return theme.offer_title(doubler, value) + "."


def took(taker: str, theme: Theme, value: int) -> str:
    return f"{taker} takes: the {theme.cube} is at {value}."


def dropped(dropper: str) -> str:
    return f"{dropper} drops."


def beavered(beaverer: str, theme: Theme, value: int) -> str:
    """A beaver: the cube ``value`` it would go to."""
    return f"{beaverer} beavers: the {theme.cube} would go to {value}."


def offers_to_resign(player: str, theme: Theme, kind: int) -> str:
    return f"{player} offers to resign a {theme.win_name(kind)}."


def accepts_resignation(name: str) -> str:
    return f"{name} accepts your resignation."


def rejects_your_resignation(name: str) -> str:
    return f"{name} rejects your resignation: play on."


def rejects_resignation(name: str) -> str:
    """A player at this page rejected the other's resignation."""
    return f"{name} rejects the resignation: play on."


def game_begins(number: int) -> str:
    return f"Game {number} begins."


def points_won(winner_wins: str, theme: Theme, kind: int, points: int) -> str:
    """A game's result: ``winner_wins`` is "You win" or "White wins"."""
    return f"{winner_wins} a {theme.win_name(kind)}: {_points(points)}."


def abandoned(theme: Theme, kind: int, points: int) -> str:
    """A game left against the AI, counted as resigned at its value."""
    return f"The game you left counts as a resigned {theme.win_name(kind)}: {_points(points)} lost."


def new_game(length: int, opponent: str | None, online: bool) -> str:
    """A new match (``length`` 0: a money game) against the AI named
    ``opponent``, or (None) a friend.

    >>> new_game(5, "King Tubby", False)
    'New game: a match to 5 against King Tubby. Roll to start.'
    >>> new_game(0, None, True)
    'New game: a money game against a friend online. Roll to start.'
    """
    kind = f"a match to {length}" if length else "a money game"
    who = (opponent or "a friend") + (" online" if online else "")
    return f"New game: {kind} against {who}. Roll to start."


def die_first(die: int) -> str:
    """After swapping the dice: which is used first."""
    return f"The {die} will be used first."


def sound(on: bool) -> str:
    return "Sound on." if on else "Sound off."


def saved_as(name: str) -> str:
    return f"Saved as “{name}”."


def loaded(name: str) -> str:
    return f"Loaded “{name}”."


def deleted(name: str) -> str:
    return f"Deleted “{name}”."


def the_save(name: str) -> str:
    """A named save, as a notice about it names it."""
    return f"The save “{name}”"


# -- King Tubby's advice ----------------------------------------------------------------


def trouble(exc: ValueError) -> str:
    """Why the AI's answer could not be used, for :func:`no_hint` and
    :func:`review_stopped`.  The worker's own error text is Python's, for developers
    (the browser's console shows it), so the player reads only :data:`AI_ERROR`.

    >>> from web.ai.protocol import NotJudgedError, UnexpectedReplyError
    >>> trouble(UnexpectedReplyError("TakeReply", "HintReply")), trouble(NotJudgedError(True))
    ('the AI answered with TakeReply, not HintReply', 'the AI did not judge the cube decision')
    """
    from web.ai.protocol import NoAnswerError, NotJudgedError, UnexpectedReplyError

    if isinstance(exc, NoAnswerError):
        return NO_ANSWER
    if isinstance(exc, UnexpectedReplyError):
        return f"the AI answered with {exc.got}, not {exc.wanted}"
    if isinstance(exc, NotJudgedError):
        return f"the AI did not judge the {'cube decision' if exc.cube else 'play'}"
    return AI_ERROR


NO_ANSWER = "no answer"
AI_ERROR = "the AI met an error"


def no_hint(reason: str) -> str:
    return f"No hint this time ({reason})."


def cannot_play_hint(play: str) -> str:
    """A hinted play that the board no longer allows."""
    return f"“{play}” cannot be played here."


def review_stopped(reason: str) -> str:
    return f"The review stopped ({reason})."


AI_PROBLEM = f"The AI had a problem ({AI_ERROR}) and made the safe choice."
"""The AI failed to answer: it then made the safe choice, so the game goes on
(the worker's own text is in the browser's console)."""
