"""What the screen says around the board: the status line, the players' panels,
the match line, the board's label for screen readers and the buttons.

>>> turn_status("You", "roll", double="Double")
'You: roll, or double.'
>>> match_line(7, 2, crawford=True, post_crawford=False, jacoby=False, cube=True)
'Match to 7 · game 2 · Crawford game'
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Literal

from engine.cube import MAX_CUBE
from engine.game import NoDouble
from web.model.presence import Link
from web.model.state import ReviewView

MATCH_OVER = "Match over."
GAME_OVER = "Game over."
ROLL_TO_START = "Roll to see who starts."
YOU = "You"
"""How the player is named against the AI (status line, review)."""


def possessive(name: str) -> str:
    """``name``'s, as the board words it.

    >>> possessive("Black")
    'Black’s'
    """
    return f"{name}’s"


YOUR = "your"


def friend_playing(name: str) -> str:
    return f"{name} is playing…"


def ai_considering_double(name: str) -> str:
    return f"{name} is considering the double…"


def ai_thinking(name: str) -> str:
    return f"{name} is thinking…"


Moment = Literal["to-roll", "roll", "moving", "confirm", "opening", "move", "cube", "resignation"]
"""What the player on turn is to do, as the status line words it."""


def turn_status(who: str, what: Moment, *, double: str = "", dice: str = "") -> str:
    """The status line for ``who`` to act; ``what`` names the moment: ``"to-roll"``
    (the AI's), ``"roll"`` (``double``: the theme's word, when the cube may be
    turned), ``"moving"``, ``"confirm"``, ``"opening"`` and ``"move"`` (with
    ``dice``), ``"cube"``, ``"resignation"``.

    >>> turn_status("Black", "opening", dice="6‑1")
    'Black won the opening roll: move 6‑1.'
    """
    if what == "to-roll":
        return f"{who} to roll."
    if what == "roll":
        return f"{who}: roll, or {double.lower()}." if double else f"{who}: roll."
    if what == "moving":
        return f"{who} is moving."
    if what == "confirm":
        return f"{who}: confirm the play (or undo)."
    if what == "opening":
        return f"{who} won the opening roll: move {dice}."
    if what == "move":
        return f"{who}: move {dice}."
    if what == "cube":
        return f"{who}: take or drop?"
    if what == "resignation":
        return f"{who}: accept or reject the resignation?"
    return ""


def friend_away(
    name: str, allowed: str, *, link: Link | None, on_clock: bool, their_clock: bool
) -> str:
    """The status line while the friend online is gone: waiting, and when the
    game may be claimed (``allowed``: the time in words). ``on_clock``: a move
    clock runs; ``their_clock``: it is the friend's.

    >>> friend_away("Ann", "2 minutes", link=Link.CLAIMABLE, on_clock=False, their_clock=False)
    'Ann has been gone over 2 minutes: claim the game, or keep waiting.'
    """
    if link is Link.WAITING and on_clock:
        if not their_clock:
            return f"Waiting for {name} to come back…"
        return (
            f"Waiting for {name} to come back… "
            f"You may claim the game if they have not moved in {allowed}."
        )
    if link is Link.WAITING:
        return (
            f"Waiting for {name} to come back… You may claim the game if they are gone {allowed}."
        )
    if link is Link.CLAIMABLE and on_clock:
        return f"{name} has not moved in {allowed}: claim the game, or keep waiting."
    if link is Link.CLAIMABLE:
        return f"{name} has been gone over {allowed}: claim the game, or keep waiting."
    return ""


FRIEND_NOTES: Mapping[Link, str] = MappingProxyType(
    {
        Link.CONNECTING: "not here yet",
        Link.CONNECTED: "connected",
        Link.WAITING: "waiting for your friend…",
        Link.CLAIMABLE: "gone: you may claim the game",
    }
)
"""The friend's presence in their panel."""

CLAIMED_NOTE = "game claimed"
OUT_OF_TIME_NOTE = "out of time: you may claim the game"
PLAYING_NOTE = "playing…"
THINKING_NOTE = "thinking…"
WINS_NOTE = "wins"


def clock_note(seconds: int) -> str:
    """The move clock beside a name.

    >>> clock_note(75), clock_note(5 * 3600)
    ('1:15 to move', '5\xa0h to move')
    """
    if seconds > 3600:  # by messages (a move clock in days)
        from web.words.post import time_to_move  # (online play's archive: loaded)

        return time_to_move(seconds)
    return f"{seconds // 60}:{seconds % 60:02d} to move"


def board_label(viewer: str, other: str, pips: tuple[int, int]) -> str:
    """The board's label for screen readers, seen by ``viewer``."""
    return f"Backgammon board, seen by {viewer}. Pip counts: {viewer} {pips[0]}, {other} {pips[1]}."


def review_board_label(caption: str, me: str, opp: str, pips: tuple[int, int]) -> str:
    """The reviewed board's label for screen readers."""
    return f"Review: {caption}. Pip counts: {me} {pips[0]}, {opp} {pips[1]}."


REVIEW_SHOWN: Mapping[ReviewView, str] = MappingProxyType(
    {
        ReviewView.BEFORE: "",
        ReviewView.PLAYED: " (shown: the play made)",
        ReviewView.BEST: " (shown: the best)",
    }
)
"""What the reviewed board shows, after its caption in the status line."""


def review_status(caption: str, view: ReviewView, place: tuple[int, int] | None) -> str:
    """The status line in review: ``place`` is (n, of) among the flagged decisions.

    >>> review_status("Black 6-1: 13/7 8/7", ReviewView.BEST, (2, 5))
    '2 of 5 · Black 6-1: 13/7 8/7 (shown: the best)'
    """
    where = f"{place[0]} of {place[1]} · " if place is not None else ""
    return f"{where}{caption}{REVIEW_SHOWN[view]}"


def match_line(
    length: int,
    game: int,
    *,
    crawford: bool,
    post_crawford: bool,
    jacoby: bool,
    cube: bool,
) -> str:
    """The line above the board: the match (``length`` 0: money) and game."""
    if length:
        text = f"Match to {length} · game {game}"
        if crawford:
            text += " · Crawford game"
        elif post_crawford:
            text += " · post-Crawford"
    else:
        text = f"Money game {game}"
        if jacoby:
            text += " · Jacoby"
    if not cube:
        text += " · no cube"
    return text


def game_name(number: int) -> str:
    """A game in the history's list, counted from 1."""
    return f"Game {number}"


# The buttons' labels (the double's is the theme's word).
ROLL = "Roll"
UNDO = "Undo"
REDO = "Redo"
DONE = "Done"
HINT = "Hint"
RESIGN = "Resign"
NEXT_GAME = "Next game"
REMATCH = "Rematch"
CLAIM = "Claim"
REVIEW_BEFORE = "Before"
REVIEW_PLAYED = "Played"
REVIEW_BEST = "Best"
REVIEW_LIST = "List"


NO_DOUBLE: Mapping[NoDouble, str] = MappingProxyType(
    {
        NoDouble.RESIGNATION: "a resignation is waiting for an answer",
        NoDouble.NOT_BEFORE_ROLL: "the cube is offered before rolling",
        NoDouble.NO_CUBE: "this match is played without the cube",
        NoDouble.CRAWFORD: "nobody doubles in the Crawford game",
        NoDouble.CUBE_LIMIT: f"the cube is at {MAX_CUBE} already",
        NoDouble.OPPONENT_OWNS: "your opponent owns the cube",
        NoDouble.DEAD_CUBE: "the cube is dead: a single win already wins the match",
    }
)
"""Each of the engine's reasons why the player on roll may not double."""


def no_double(double: str, why: object, end: str = ".") -> str:
    """Why the player on roll may not double (``why``: the engine's
    :class:`~engine.game.NoDouble`; anything else is said in general).

    >>> no_double("Double", NoDouble.OPPONENT_OWNS)
    'You may not double now: your opponent owns the cube.'
    >>> no_double("Turn It Up", None, end="")
    'You may not turn it up now'
    """
    reason = NO_DOUBLE.get(why) if isinstance(why, NoDouble) else None
    now = f"You may not {double.lower()} now"
    return f"{now}: {reason}{end}" if reason else f"{now}{end}"


def won_opening(who: str, dice: str) -> str:
    """The opponent won the opening roll (said while its dice are shown, before it moves).

    >>> won_opening("King Tubby", "6‑1")
    'King Tubby won the opening roll with 6‑1.'
    """
    return f"{who} won the opening roll with {dice}."
