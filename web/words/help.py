"""How to play, in words: the rules in brief (as GNU Backgammon plays them),
the controls and keys, the analysis board and the notation.  The texts hold
their HTML markup (headings, lists, ``<kbd>``): a translation keeps it.

>>> keys_sentence("<kbd>R</kbd> roll").startswith("Keys: <kbd>R</kbd> roll, <kbd>Ctrl</kbd>")
True
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import MappingProxyType

from web.model.actions import Act
from web.model.themes import Theme

TITLE = "How to play"

# What each shortcut does, in the help's words (an action missing here is named
# by its value, so a new key is never left out of the help).
KEY_WORDS: Mapping[Act, str] = MappingProxyType(
    {
        Act.ROLL: "roll",
        Act.DOUBLE: "double",
        Act.UNDO: "undo",
        Act.REDO: "redo",
        Act.CONFIRM: "done",
        Act.NEW_OPEN: "new game",
        Act.SWAP_DICE: "swap the dice",
        Act.HINT: "hint",
        Act.HELP_OPEN: "how to play",
        Act.SELECT: "let go of a checker",
        Act.REVIEW_PREV: "previous decision (review, analysis board)",
        Act.REVIEW_NEXT: "next decision (review, analysis board)",
        Act.ANALYSIS_FIRST: "first decision (analysis board)",
        Act.ANALYSIS_LAST: "last decision (analysis board)",
        Act.ANALYSIS_GAME_PREV: "previous game (analysis board)",
        Act.ANALYSIS_GAME_NEXT: "next game (analysis board)",
    }
)


def keys_sentence(keys: str) -> str:
    """The keyboard shortcuts' sentence around ``keys`` (the list, as HTML)."""
    return (
        f"Keys: {keys}, <kbd>Ctrl</kbd>+<kbd>Z</kbd> undo. On the board, <kbd>Tab</kbd> and "
        "the arrow keys move between checkers, <kbd>Enter</kbd> picks one up and puts it "
        "down, <kbd>Esc</kbd> lets go."
    )


def theme_note(theme: Theme) -> str:
    """What a theme renames, as plain text ("" for the classic words).

    >>> from web.model.themes import CLASSIC
    >>> theme_note(CLASSIC)
    ''
    """
    if theme.key == "classic":
        return ""
    return (
        f"In the {theme.name} theme the bar is {theme.bar}, bearing off "
        f"is to {theme.bear_off}, the cube is {theme.cube}, and the wins "
        f"are {', '.join(theme.win_names)}."
    )


def opponents_sentence(names: Sequence[str]) -> str:
    """The opponents to choose from, as plain text.

    >>> opponents_sentence(["Ann", "Bob"])
    'Opponents: Ann, Bob, or a friend on this device.'
    """
    return f"Opponents: {', '.join(names)}, or a friend on this device."


RULES = (
    "<h3>The game</h3>"
    "<p>Each side has 15 checkers. You move yours round the board from your 24-point "
    "down to your 1-point, into your home board (points 1 to 6), and then bear them "
    "off. The first to bear off all 15 wins.</p>"
    "<ul>"
    "<li>To start, each side rolls one die; the higher plays both numbers.</li>"
    "<li>Each die moves one checker that many points; one checker may use both. "
    "A double is played four times.</li>"
    "<li>A checker may land on an empty point, on your own checkers, or on a lone "
    "opposing checker (a blot), which it hits: the hit checker goes to the bar. "
    "Two or more opposing checkers block a point.</li>"
    "<li>A checker on the bar must come in first, in the opponent's home board: "
    "a 1 enters on your 24-point, a 6 on your 19-point.</li>"
    "<li>You must play both dice if you can; if only one can be played, the higher one "
    "when either could be. If neither can, the turn is lost.</li>"
    "<li>Once all your checkers are in your home board you may bear off: a die takes "
    "a checker off its point, or off the highest point you hold if nothing is higher.</li>"
    "</ul>"
    "<h3>Points and the cube</h3>"
    "<ul>"
    "<li>A win is worth 1 point; a gammon 2, when the loser has borne off nothing; "
    "a backgammon 3, when the loser also still has a checker on the bar or in the "
    "winner's home board. All are multiplied by the cube.</li>"
    "<li>Before rolling you may double: your opponent takes, and plays on for twice "
    "the stakes and owns the cube (only its owner may double next), or drops and "
    "loses the game at the present stakes.</li>"
    "<li>Crawford rule (matches): when a player first comes within one point of "
    "winning, the next game is played without the cube.</li>"
    "<li>Jacoby rule (money games): gammons and backgammons count only once the cube "
    "has been turned. Beaver: a player doubled may take and at once redouble, keeping "
    "the cube.</li>"
    "</ul>"
)


def controls_html(keys: str) -> str:
    """The controls, with ``keys``: the shortcuts, as :func:`keys_sentence` words them."""
    return (
        "<h3>Controls</h3>"
        "<ul>"
        "<li>Tap or click a checker to pick it up: the points it can reach light up; tap one "
        "to move there. Or drag the checker there.</li>"
        "<li>Double-tap a checker to move it by the first die; tap the dice to swap which "
        "die comes first.</li>"
        "<li>The checkers that can move are marked once you have rolled (Settings can turn "
        "this off). <b>Undo</b> takes a checker back; <b>Done</b> ends your turn.</li>"
        "<li>Or type a whole play in the Move box, in the notation below.</li>"
        f'<li class="keys">{keys}</li>'
        "</ul>"
    )


ANALYSIS_HELP = (
    "<h3>Analysis board</h3>"
    "<ul>"
    "<li><b>Set up</b>: <b>Analysis</b> opens the editor on the position of your game, "
    "which is put aside and comes back as it was when you leave. Tap or drag to place "
    "checkers of the colour chosen, or take them off with Remove; set who is on roll, the "
    "dice (none for a cube decision), the cube, and the score and match length. Or paste "
    "a GNU Backgammon Position ID and Match ID, or an XGID.</li>"
    "<li><b>Analyse</b>: King Tubby ranks the plays of the roll with their equities, gives "
    "the cube decision and both sides' chances. Play on by hand or against a level; Back "
    "and Forward step along the line, and playing on from an earlier point starts a new "
    "line.</li>"
    "<li><b>Share</b>: copy the Position ID, Match ID or XGID, or a link that opens the "
    "position on the analysis board. Nothing is sent anywhere, and the link works "
    "offline.</li>"
    "<li><b>Roll out</b>: the plays (or the cube decision) played out many times from "
    "here, on several of the device's cores, to the end or cut short; each candidate's "
    "mean ± standard error shows as it goes, and Cancel stops it.</li>"
    "<li><b>Match files</b>: in Saves, export the match as a <code>.mat</code> file, "
    "which GNU Backgammon, eXtreme Gammon and BGBlitz read, or import one of theirs: it "
    "opens on the analysis board at the start of game 1. Each move in Moves takes the "
    "board to it, the game picker to that game; <kbd>←</kbd> <kbd>→</kbd> step, "
    "<kbd>Home</kbd> <kbd>End</kbd> go to the start and the end, <kbd>PgUp</kbd> "
    "<kbd>PgDn</kbd> a game back or on. The board keeps the side chosen in Settings at "
    "the bottom. Once a game is reviewed its errors are marked ?!, ? or ?? with the "
    "equity lost, and Error › and ‹ Error go from one to the next.</li>"
    "<li><b>Review and PR</b>: King Tubby's review of a finished game lists the doubtful "
    "decisions, mistakes and blunders, and gives each player's performance rating (PR): "
    "500 × the equity given up per decision, forced plays aside. Lower is better: under "
    "5 is world class, 20 and more a beginner.</li>"
    "</ul>"
)
"""The analysis board's part of How to play."""


NOTATION = (
    "<h3>Notation</h3>"
    "<p>Points are numbered from the side of the player moving: 24 is furthest from "
    "home, 1 the last point before bearing off.</p>"
    '<dl class="notation-list">'
    "<dt><code>24/18 13/11*</code></dt><dd>one checker from 24 to 18, another from "
    "13 to 11, hitting there (<code>*</code>)</dd>"
    "<dt><code>bar/22</code></dt><dd>a checker enters from the bar on 22</dd>"
    "<dt><code>6/off</code></dt><dd>a checker is borne off from 6</dd>"
    "<dt><code>8/5(2)</code></dt><dd>two checkers from 8 to 5</dd>"
    "</dl>"
    "<p>The Position button shows the position's GNU Backgammon IDs and its XGID, "
    "to copy.</p>"
)
