"""What the analysis board says: entering and leaving it, setting up and
analysing a position, rollouts, and match files opened on it.

>>> imported_match("Ann", "Bob", 1)
'Imported Ann against Bob: 1 game. Step back through it, or review a game at its end.'
"""

from __future__ import annotations

ONLINE_FIRST = "The analysis board opens once the online game is over."
SET_UP = "Analysis board: set up a position."
BACK_TO_GAME = "Back to your game."
PASTED = "Position set up from the pasted ID."
ANALYSING = "Analysing the position."
EXPORTED_MAT = "Exported the match as a .mat file."
EXPORTED_ANALYSIS = "Exported the match with its analysis."


UNREADABLE_ANALYSIS = "The match opened, but its saved analysis could not be read."


def unreadable_shared_position(reason: str) -> str:
    return f"The shared position could not be read: {reason}"


def new_line(player: str) -> str:
    """At the AI's turn inside the line: the line is cut and ``player`` plays on."""
    return f"A new line from here: {player} plays on."


def rolling_out(trials: int) -> str:
    return f"Rolling out {trials} trials."


def imported_match(name0: str, name1: str, games: int) -> str:
    return (
        f"Imported {name0} against {name1}: {games} game{'s' if games != 1 else ''}. "
        "Step back through it, or review a game at its end."
    )


NO_MORE_ERRORS = "No more errors that way."

CUT_TITLE = "Leave the match’s line?"
CUT_GO = "Play on from here"
CUT_KEEP = "Keep the match"


def cut_note(steps: int) -> str:
    """What playing on from inside an imported match's line loses: its ``steps``
    decisions after the board's.

    >>> cut_note(1).split(" after")[0]
    'Playing on from here cuts the 1 decision'
    >>> cut_note(40).split(" after")[0]
    'Playing on from here cuts the 40 decisions'
    """
    return (
        f"Playing on from here cuts the {steps} decision{'s' if steps != 1 else ''} after it "
        "from the imported match (import the file again to get it back)."
    )
