"""The words of the page's shell: what ``public/`` shows before Python runs.

The page's HTML, its web manifest and the two scripts that run before Python
(the download's progress, the update prompt) are static files, painted or run
before the interpreter has started; the build writes these words into them
where they hold a ``{{KEY}}`` (:func:`scripts.build_site.fill_words`), so that
every sentence a player reads is written here, in ``web.words``, even those
shown before the game's own code runs.  The page imports none of this: only
the build does.

>>> SHELL["ROLL"], SHELL["DOWNLOADING"]
('Roll', 'Downloading Python: {loaded} of {total} MB')
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from web.model.themes import CLASSIC
from web.words import status

SHELL: Mapping[str, str] = MappingProxyType(
    {
        # -- index.html: the head, the header and its menu --------------------------------
        "TITLE": CLASSIC.title,
        "DESCRIPTION": (
            "Backgammon in your browser: a pure-Python engine running on Pyodide. "
            "No server, works offline."
        ),
        "SKIP": "Skip to the board",
        "POSITION": "Position",
        "POSITION_TIP": "Position ID, Match ID and XGID",
        "HELP": "How to play",
        "MENU": "Game menu",
        "NEW": "New",
        "ANALYSIS": "Analysis",
        "ANALYSIS_TIP": "Set up any position and analyse it",
        "SAVES": "Saves",
        "STATS": "Stats",
        "SETTINGS": "Settings",
        "SOUND": "Sound",
        "SOUND_TIP": "Sound on or off",
        "DISMISS": "Dismiss this message",
        # -- the players' panels, before Python names them --------------------------------
        "OPPONENT": "Opponent",
        "YOU": status.YOU,
        "SCORE": "Score",
        "PIPS": "Pips",
        # -- the controls (Python relabels them from web.words.status) --------------------
        "CONTROLS": "Game controls",
        "PREVIOUS_DECISION": "Previous decision",
        "NEXT_DECISION": "Next decision",
        "BEFORE": status.REVIEW_BEFORE,
        "PLAYED": status.REVIEW_PLAYED,
        "BEST": status.REVIEW_BEST,
        "LIST": status.REVIEW_LIST,
        "DOUBLE": CLASSIC.double,  # the page starts in the Classic theme
        "ROLL": status.ROLL,
        "UNDO": status.UNDO,
        "REDO": status.REDO,
        "DONE": status.DONE,
        "NEXT_GAME": status.NEXT_GAME,
        "REMATCH": status.REMATCH,
        "CLAIM": status.CLAIM,
        "CLAIM_TIP": "Claim the game: your friend is gone",
        "HINT": status.HINT,
        "RESIGN": status.RESIGN,
        # -- the side: status, panels, typing a play, the moves ---------------------------
        "LOADING": "Loading Python…",
        "ANALYSIS_BOARD": "Analysis board",
        "HINT_PANEL": "Hint",
        "MOVE": "Move",
        "MOVE_EXAMPLE": "e.g. 8/5 6/5",
        "PLAY": "Play",
        "MOVE_HELP": (
            "Type a whole play in standard notation, for example 8/5 6/5 or bar/22 13/9, "
            "then press Enter."
        ),
        "MOVES": "Moves",
        "GAME_PICKER": "Show the moves of game",
        "HISTORY": "Move history",
        # -- manifest.webmanifest: the installed app ----------------------------------------
        "APP_DESCRIPTION": "Backgammon against a Python AI, in your browser. Works offline.",
        # -- progress.js: the first download ------------------------------------------------
        "DOWNLOADING": "Downloading Python: {loaded} of {total} MB",
        "STARTING_PYTHON": "Starting Python…",
        "STARTING_GAME": "Starting the game…",
        "LOADING_AI": "Loading the AI…",
        # -- sw-register.js: a new version waiting ------------------------------------------
        "UPDATE": "Update available",
        "RELOAD": "Reload",
    }
)
"""Each ``{{KEY}}`` of the page's static files, by its key."""
