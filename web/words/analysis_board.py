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


def unreadable_analysis(reason: str) -> str:
    return f"The match opened, but its saved analysis could not be read: {reason}"


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
