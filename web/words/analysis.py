"""What the analysis board says: King Tubby's report (the chances, the cube
decision, the ranked plays), the rollout, and the editor and panel around them.

>>> cube_verdict("double, take", "Ann", "Bob", may_double=True)
'Double, take.'
>>> rollout_state("running", 36, 1296, 7)
'Rolling out… 36 of 1296 trials, cut at 7 plies.'
"""

from __future__ import annotations

from typing import Literal

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
    action: str,
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
        "no double": "No double.",
        "double, take": "Double, take.",
        "double, pass": "Double, pass.",
        "too good": "Too good to double: play on for the gammon.",
    }.get(action, action.capitalize() + ".")


def cube_caption(doubler: str, mwc: bool, *, before_roll: bool) -> str:
    """The cube table's caption: whose figures, in what unit.

    >>> cube_caption("Ann", False, before_roll=True)
    'Cube before the roll (Ann’s equity)'
    """
    unit = "match-winning chances" if mwc else "equity"
    return f"Cube{' before the roll' if before_roll else ''} ({doubler}’s {unit})"


def play_label(play: str, equity: str, loss: str, depth: str) -> str:
    """A ranked play's label for screen readers (``loss`` "": the best).

    >>> play_label("No move", "+0.100", "", "2-ply")
    'No move: equity +0.100, 2-ply'
    """
    return f"{play}: equity {equity}" + (f", {loss}" if loss else "") + f", {depth}"


BEST_PLAYS = "Best plays"


def plays_unit(match: bool) -> str:
    return "match equity" if match else "equity"


def no_analysis(error: str) -> str:
    """The analysis failed with ``error``."""
    return f"No analysis ({error})."


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


def rollout_verdict(action: str) -> str:
    return f"Rollout: {action}."


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
        return f"The rollout stopped ({error}) after {done} of {total} trials."
    if how == "cancelled":
        return f"Cancelled after {done} of {total} trials{cut}."
    return f"Rolled out: {done} trials{cut}."
