"""What the analysis board says: King Tubby's report (the chances, the cube
decision, the ranked plays), the rollout, and the editor and panel around them.

>>> cube_verdict(CubeAction.DOUBLE_TAKE, "Ann", "Bob", may_double=True)
'Double, take.'
>>> rollout_state("running", 36, 1296, 7)
'Rolling out… 36 of 1296 trials, cut at 7 plies.'
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Literal

from engine.errors import EngineError
from engine.names import CubeAction
from web.model.editor import (
    FieldNumberError,
    MatchTooLongError,
    NoCheckerError,
    OffIsNotAPlaceError,
)
from web.words.game import AI_ERROR, NO_ANSWER
from web.words.refusals import refusal

# -- the report ------------------------------------------------------------------------------

CHANCES = "Chances"
AFTER_BEST_PLAY = "after the best play"
CHANCE_COLUMNS = ("Win", "Gammon", "Backgammon")
CUBE_ROWS = ("No double", "Double, take", "Double, pass")
"""The cube decision's three choices, in the doubler's figures."""
NO_MOVE = "No move"
THINKING = "King Tubby is thinking…"


def chances_caption(after: str = "") -> str:
    """The chances table's caption (``after``: after what)."""
    return CHANCES + (f" {after}" if after else "")


def cube_verdict(
    action: CubeAction,
    doubler: str,
    taker: str,
    *,
    may_double: bool,
    taker_side: bool = False,
    should_take: bool = False,
) -> str:
    """The cube decision's verdict, for the doubler (``action``: the AI's) or
    the taker (``taker_side``)."""
    if not may_double and not taker_side:
        return f"{doubler} may not double now."
    if taker_side:
        return f"{taker} should {'take' if should_take else 'pass'}."
    return {
        CubeAction.NO_DOUBLE: "No double.",
        CubeAction.DOUBLE_TAKE: "Double, take.",
        CubeAction.DOUBLE_PASS: "Double, pass.",
        CubeAction.TOO_GOOD: "Too good to double: play on for the gammon.",
        CubeAction.NO_ACCESS: "No cube access.",
    }[action]


def cube_caption(doubler: str, mwc: bool, *, before_roll: bool) -> str:
    """The cube table's caption: whose figures, in what unit.

    >>> cube_caption("Ann", False, before_roll=True)
    'Cube before the roll (Ann’s equity)'
    """
    unit = "match-winning chances" if mwc else "equity"
    return f"Cube{' before the roll' if before_roll else ''} ({doubler}’s {unit})"


def play_label(play: str, equity: str, loss: str, depth: str, *, played: bool = False) -> str:
    """A ranked play's label for screen readers (``loss`` "": the best;
    ``played``: the play the line made here).

    >>> play_label("No move", "+0.100", "", "2-ply")
    'No move: equity +0.100, 2-ply'
    >>> play_label("24/18", "−0.100", "−0.050", "0-ply", played=True)
    '24/18: equity −0.100, −0.050, 0-ply, the play made'
    """
    parts = [f"{play}: equity {equity}", loss, depth, "the play made" if played else ""]
    return ", ".join(p for p in parts if p)


PLAYED = "played"
"""Beside the play or cube choice the line made at the decision shown."""
PLAYED_TITLE = "The play made here"

_CHOICES = MappingProxyType(
    {"no double": "No double", "double": "Double", "take": "Take", "drop": "Pass"}
)


def cube_played(chosen: str, loss: float) -> str:
    """The cube choice the line made here, and what it gave up.

    >>> cube_played("take", 0.0), cube_played("no double", 0.0523)
    ('Played: Take (the best choice).', 'Played: No double, giving up 0.052.')
    """
    what = _CHOICES.get(chosen, chosen.capitalize())
    if round(loss, 3) == 0:
        return f"Played: {what} (the best choice)."
    return f"Played: {what}, giving up {loss:.3f}."


def play_played(play: str, rank: int, loss: float) -> str:
    """The play the line made here: its place in the ranking (from 1) and its loss.

    >>> play_played("24/18 13/9", 1, 0.0), play_played("13/7", 7, 0.1234)
    ('Played: 24/18 13/9, the best play.', 'Played: 13/7, ranked 7th, giving up 0.123.')
    """
    if rank == 1 or round(loss, 3) == 0:
        return f"Played: {play}, the best play."
    return f"Played: {play}, ranked {_ordinal(rank)}, giving up {loss:.3f}."


def _ordinal(n: int) -> str:
    """``n`` as an ordinal: 1st, 2nd, 3rd, 4th, 11th, 22nd.

    >>> [_ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 22, 101)]
    ['1st', '2nd', '3rd', '4th', '11th', '12th', '13th', '21st', '22nd', '101st']
    """
    tail = "th" if 11 <= n % 100 <= 13 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{tail}"


BEST_PLAYS = "Best plays"


def plays_unit(match: bool) -> str:
    return "match equity" if match else "equity"


NO_ANALYSIS = f"No analysis ({AI_ERROR})."
"""The analysis of a position failed (the worker's own text is the console's)."""


# -- the rollout -----------------------------------------------------------------------------

ROLLOUT = "Rollout"
ROLLOUT_UNIT = "mean ± standard error"
ROLL_OUT = "Roll out"
TRIALS = "Trials"
GAMES_PLAYED = "Games played"
CANCEL = "Cancel"
EXACT = "exact"


def trials(n: int) -> str:
    return f"{n} trials"


def spread(se: str) -> str:
    """A mean's standard error ("" none: the figure is exact)."""
    return f"± {se}" if se else EXACT


def truncation(plies: int) -> str:
    """How far a rollout plays its games (0: to the end).

    >>> truncation(10), truncation(0)
    ('cut at 10 plies', 'to the end')
    """
    return f"cut at {plies} plies" if plies else "to the end"


ROLLOUT_ACTIONS: Mapping[CubeAction, str] = MappingProxyType(
    {
        CubeAction.NO_DOUBLE: "no double",
        CubeAction.DOUBLE_TAKE: "double, take",
        CubeAction.DOUBLE_PASS: "double, pass",
        CubeAction.TOO_GOOD: "too good",
        CubeAction.NO_ACCESS: "no cube access",
    }
)


def rollout_verdict(action: CubeAction) -> str:
    return f"Rollout: {ROLLOUT_ACTIONS[action]}."


def rollout_state(
    how: Literal["running", "failed", "cancelled", "done"],
    done: int,
    total: int,
    truncate: int,
    error: str = "",
) -> str:
    """Where a rollout stands (``truncate`` 0: played to the end)."""
    cut = f", cut at {truncate} plies" if truncate else ", to the end"
    if how == "running":
        return f"Rolling out… {done} of {total} trials{cut}."
    if how == "failed":
        # The worker's own text is Python's, for the console, not the player.
        why = AI_ERROR if error else NO_ANSWER
        return f"The rollout stopped ({why}) after {done} of {total} trials."
    if how == "cancelled":
        return f"Cancelled after {done} of {total} trials{cut}."
    return f"Rolled out: {done} trials{cut}."


# -- the editor -----------------------------------------------------------------------------


def editor_label(names: tuple[str, str], pips: tuple[int, int]) -> str:
    """The editor's board, for screen readers (player 0 at the bottom)."""
    return (
        f"Analysis board, setting up: {names[0]} at the bottom. "
        f"Pip counts: {names[0]} {pips[0]}, {names[1]} {pips[1]}. "
        "Each place adds or removes a checker."
    )


def off_note(off: int) -> str:
    """A side's checkers borne off, in its panel ("" for none)."""
    return f"{off} off" if off else ""


NOT_ROLLED = "Not rolled"
DOUBLED = "Doubled"
MONEY_GAME = "Money game"


def match_to(length: int) -> str:
    return f"Match to {length}"


TO_ACT = "To act"
DICE = "Dice"
CUBE = "Cube"
OWNER = "Owner"
CENTRED = "Centred"
PLAY = "Play"


def score_of(name: str) -> str:
    return f"{name}’s score"


CRAWFORD_GAME = "Crawford game"
JACOBY_RULE = "Jacoby rule"
BEAVERS = "Beavers"

ID_NAMES: Mapping[str, str] = MappingProxyType(
    {"position": "Position ID", "match": "Match ID", "xgid": "XGID", "link": "link"}
)
"""What each copy button copies, as its label for screen readers names it."""


def copy_aria(what: str, *, copied: bool) -> str:
    """A copy button's label for screen readers (``what``: a key of :data:`ID_NAMES`)."""
    return f"Copy the {ID_NAMES[what]}" + (": copied" if copied else "")


COPY = "Copy"
COPIED = "Copied ✓"
COPY_LINK = "Copy link"
POSITION_ID = "Position ID"
MATCH_ID = "Match ID"
XGID = "XGID"
LINK = "Link"
SHARE_LINK = "Share link"
NO_ID_YET = "None until the set-up can be played."
PASTE_LABEL = "Paste an XGID or a GNU Backgammon ID"
PASTE_PLACEHOLDER = "XGID=… or PositionID:MatchID"
SET_UP = "Set up"
REMOVE = "Remove"
TOOLS_ARIA = "What a tap on the board does"
READY = "Ready to analyse."
SET_UP_TITLE = "Set up a position"
EDITOR_HELP = (
    "Tap a point to add a checker of the colour chosen, or to "
    "take one off with Remove; drag a checker to move it, off the board to remove it."
)
START_POSITION = "Start position"
CLEAR = "Clear"
SWAP_SIDES = "Swap sides"
ANALYSE = "Analyse"
LEAVE = "Leave"

# -- the analysis panel ----------------------------------------------------------------------

BY_HAND = "By hand (both sides)"


def against(name: str) -> str:
    """Playing on against the AI ``name``."""
    return f"Against {name}"


def decision_of(at: int, total: int) -> str:
    """Where the board is along the line: decision ``at`` (from 1) of ``total``."""
    return f"Decision {at} of {total}"


GAME_OVER = "The game is over: King Tubby can review it."
REVIEW_GAME = "Review this game"
BEAVER = "Beaver"
ANALYSIS = "Analysis"
STEPS_ARIA = "Along the line played"
BACK = "‹ Back"
FORWARD = "Forward ›"
FIRST = "«"
LAST = "»"
FIRST_ARIA = "First decision (Home)"
LAST_ARIA = "Last decision (End)"
GAME_PREV = "‹ Game"
GAME_NEXT = "Game ›"
GAME_PREV_ARIA = "This game's start, or the previous game's (Page Up)"
GAME_NEXT_ARIA = "Next game (Page Down)"
ERRORS_OF = "Whose errors"
EITHER_PLAYER = "Both players"
ERROR_PREV = "‹ Error"
ERROR_NEXT = "Error ›"
MARKS: Mapping[str, str] = MappingProxyType({"doubtful": "?!", "mistake": "?", "blunder": "??"})
"""A decision's grade as the move list marks it (as chess annotators, and GNU Backgammon)."""
NO_DOUBLE = "No double"
"""Before a roll's play in the move list: the decision not to double, when it was an error."""


def game_of(game: int, games: int) -> str:
    """Which game the board is in: ``game`` (from 1) of ``games``."""
    return f"Game {game} of {games}"


def graded_title(grade: str, loss: float) -> str:
    """A mark's tooltip: the grade and the equity it gave up.

    >>> graded_title("blunder", 0.1724)
    'Blunder: −0.172'
    """
    return f"{grade.capitalize()}: −{loss:.3f}"


def lost(loss: float) -> str:
    """The equity a marked decision gave up, beside its mark.

    >>> lost(0.0412)
    '−0.041'
    """
    return f"−{loss:.3f}"


PLAY_ON = "Play on"
EDIT_POSITION = "Edit position"


def waits_here(name: str) -> str:
    """The AI ``name`` waits at its turn, stepped back to."""
    return f"{name} waits here: Forward follows the line."


def plays_on(name: str) -> str:
    return f"{name} plays on from here"


def analysis_line(match_line: str) -> str:
    """The match line on the analysis board."""
    return "Analysis · " + match_line


SETTING_UP_LINE = "Analysis board · setting up"
SETTING_UP_STATUS = "Set up the position, then Analyse."


# -- the editor's refusals ------------------------------------------------------------------

_FIELDS = MappingProxyType({"length": "match length", "cube": "cube"})


def edit_refused(exc: EngineError) -> str:
    """Why an edit was refused: the editor's own reasons, said here; the
    engine's are its error's text.

    >>> edit_refused(NoCheckerError(moving=True))
    'There is no checker here to move'
    >>> edit_refused(FieldNumberError("score0", "six"))
    'The score is a whole number, not “six”'
    """
    if isinstance(exc, OffIsNotAPlaceError):
        return (
            "Checkers that are not on the board or the bar are borne off: "
            "take one off the board to add it here"
        )
    if isinstance(exc, NoCheckerError):
        return f"There is no checker here to {'move' if exc.moving else 'take off'}"
    if isinstance(exc, FieldNumberError):
        return f"The {_FIELDS.get(exc.field, 'score')} is a whole number, not “{exc.text}”"
    if isinstance(exc, MatchTooLongError):
        return f"Matches go up to {exc.limit} points"
    return refusal(exc)
