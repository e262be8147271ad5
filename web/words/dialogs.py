"""What the dialogs say: their titles, texts, fields' labels and buttons.

>>> duration_words(120), duration_words(60), duration_words(30)
('2 minutes', '1 minute', '30 seconds')
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from web.model.options import Animation, Bottom, Home, ai_name
from web.model.themes import Mode

AI_STRENGTHS: tuple[tuple[str, str], ...] = (
    ("easy", "easy"),
    ("medium", "medium"),
    ("hard", "strong"),
)
"""How strong each AI level plays, in the words a player chooses by."""


def ai_label(level: str) -> str:
    """An AI's name with its strength, wherever a player chooses or compares
    opponents (the New game dialog, the statistics).

    >>> ai_label("easy"), ai_label("hard")
    ('Beach Bum (easy)', 'King Tubby (strong)')
    >>> ai_label("human")
    'human'
    """
    strength = dict(AI_STRENGTHS).get(level)
    return f"{ai_name(level)} ({strength})" if strength else level


CLOSE = "Close"
CANCEL = "Cancel"


def duration_words(seconds: float) -> str:
    """A stated time in words.

    >>> duration_words(3 * 86400), duration_words(120)
    ('3 days', '2 minutes')
    """
    if seconds >= 86400 and seconds % 86400 == 0:  # a game by messages' move clock
        from web.words.post import days  # (online play's archive: loaded)

        return days(seconds)
    if seconds >= 60 and seconds % 60 == 0:
        n = int(seconds // 60)
        return f"{n} minute{'s' if n != 1 else ''}"
    n = round(seconds)
    return f"{n} second{'s' if n != 1 else ''}"


def plural(n: int, unit: str) -> str:
    """``n`` and ``unit``, with an "s" when ``n`` is not one.

    >>> plural(1, "point"), plural(3, "point")
    ('1 point', '3 points')
    """
    return f"{n} {unit}{'s' if n != 1 else ''}"


# -- shared buttons and notes ------------------------------------------------------------

DONE = "Done"
ACCEPT = "Accept"
REJECT = "Reject"
HINT = "Hint"
THINKING = "Thinking…"
STATISTICS = "Statistics"
REVIEW = "Review"
NEXT_GAME = "Next game"
REMATCH = "Rematch"
NEW_GAME_MORE = "New game…"
COPY = "Copy"
COPY_LINK = "Copy link"
COPIED = "Copied ✓"
SHARE = "Share…"
SHOW_QR = "Show a QR code"
QR_CAPTION = "Your friend scans it with their phone’s camera."
SAY_SOMETHING = "Say something"
HOW_TO_PLAY = "How to play"


def copied_aria(aria: str) -> str:
    """A copy button's label once the clipboard took the text."""
    return f"{aria}: copied"


RELAY_NOTE = (
    "Starting a game with a friend online contacts public relays (and, if they "
    "do not answer, public BitTorrent trackers) to find your friend: "
    "the only time this page contacts anything outside its own site."
)

POST_NOTE = "By messages, nothing leaves this device but the links you send."

TURN_NOTE = (
    "Still no connection? Some routers let no direct connection through: about "
    "15–20 % of pairs of players need a TURN relay server to connect. If you have "
    "one, start a new online game with it (New game, TURN server), and ask your friend "
    "to enter it too when they accept."
)

# -- a new game --------------------------------------------------------------------------

CLOCK_WORDS: Mapping[int, str] = MappingProxyType(
    {120: "2 minutes a move", 600: "10 minutes a move", 0: "No move clock"}
)
"""The online game's move clocks, as the New game dialog offers them."""


def days_a_move(n: int) -> str:
    """A move clock by messages (none: 0), as the New game dialog offers it.

    >>> days_a_move(0), days_a_move(1), days_a_move(7)
    ('No move clock', '1 day a move', '7 days a move')
    """
    return f"{n} day{'s' * (n > 1)} a move" if n else CLOCK_WORDS[0]


MOVE_CLOCK = "Move clock"
YOUR_NAME = "Your name"


def player_name_label(colour: str) -> str:
    """The New game dialog's field for the name of the player of ``colour``
    (pass-and-play).

    >>> player_name_label("White")
    'White’s name'
    """
    return f"{colour}’s name"


NAME_PLACEHOLDER = "shown to your friend"
TURN_SUMMARY = "TURN server (optional)"
TURN_HELP = (
    "Only if you cannot connect otherwise: about 15–20 % of pairs of "
    "players need a TURN relay server, because of their routers. Your own, or your "
    "provider's (e.g. turn:turn.example.org:3478)."
)
TURN_ADDRESS = "Address"
TURN_USER = "User name"
TURN_PASSWORD = "Password"

NEW_GAME = "New game"
OPPONENT = "Opponent"
FRIEND_HERE = "A friend on this device"
FRIEND_ONLINE = "A friend online"
BY_MESSAGES = "Play by messages: a link to send for each turn, no connection"
GAMES_IN_PROGRESS = "Games in progress…"
PLAY = "Play"
RULES = "Rules"
CUBE_RULE = "Doubling cube"
JACOBY_RULE = "Jacoby rule (money games)"
CRAWFORD_RULE = "Crawford rule (matches)"
BEAVERS_RULE = "Beavers (money games)"
START = "Start"


def length_words(length: int) -> str:
    """A match length as the New game dialog offers it (0: money).

    >>> length_words(0), length_words(1), length_words(5)
    ('Money game', 'Match to 1 point', 'Match to 5 points')
    """
    return "Money game" if length == 0 else f"Match to {plural(length, 'point')}"


# -- online: the chat, joining, inviting, claiming ---------------------------------------

SAY_TO_FRIEND = "Say to your friend"
PLAY_ONLINE = "Play online"


def invites_you(inviter: str, terms: str) -> str:
    """Who invites, to what (plain text).

    >>> invites_you("Ann", "a match to 3 points")
    'Ann invites you to play a match to 3 points.'
    """
    return f"{inviter} invites you to play {terms}."


JOIN_CANT_CONNECT = (
    "Can’t connect? Ask the friend who invites you for a connection "
    "link (“Can’t connect?” in their invite), and open that instead."
)
NOT_NOW = "Not now"

CONNECT_BY_HAND = "Connect by hand"
COPY_CODE = "Copy code"
COPY_ANSWER_ARIA = "Copy the answer code"


def send_answer(inviter: str) -> str:
    """The friend's side of connecting by hand (plain text)."""
    return (
        f"Send this answer code back to {inviter}, by any messenger. "
        "The game begins once they paste it."
    )


def claim_title(clock: bool) -> str:
    """The claim dialog's title: out of time (``clock``), or gone."""
    return "Your friend is out of time" if clock else "Your friend is gone"


def claim_text(friend: str, allowed: str, win: str, points: int, *, clock: bool) -> str:
    """Why the game may be claimed, and what claiming means (plain text).

    >>> claim_text("Bob", "2 minutes", "gammon", 2, clock=False)[:40]
    'Bob has been gone over 2 minutes. You ma'
    """
    why = (
        f"{friend} has not moved in {allowed}, the time a move allows"
        if clock
        else f"{friend} has been gone over {allowed}"
    )
    return (
        f"{why}. You may claim the game: it counts as {friend} resigning a "
        f"{win}, {points} {'point' if points == 1 else 'points'} to you, and the online "
        "game ends. Or keep waiting: they may come back."
    )


KEEP_WAITING = "Keep waiting"
CLAIM_THE_GAME = "Claim the game"

INVITE_TITLE = "Invite a friend"
INVITE_TEXT = "Send this link to your friend. When they open it and accept, the game begins."
COPY_INVITE_ARIA = "Copy the invite link"
SHARE_INVITE_ARIA = "Share the invite link"
INVITE_QR = "The invite link as a QR code"
CANT_CONNECT = "Can’t connect?"
CANT_CONNECT_TEXT = (
    "If your friend does not appear within a minute, connect by hand: you send "
    "a connection link, your friend sends back an answer code."
)
MAKE_CONNECTION_LINK = "Make a connection link"
COPY_OFFER_ARIA = "Copy the connection link"
SHARE_OFFER_ARIA = "Share the connection link"
OFFER_QR = "The connection link as a QR code"
SEND_OFFER = "1. Send your friend this connection link, by any messenger:"
PASTE_ANSWER = "2. Your friend opens it, accepts, and sends you back an answer code. Paste it here:"
ANSWER_CODE = "Answer code"
CONNECT = "Connect"

# -- the cube, resigning, the game's end -------------------------------------------------

BEAVER = "Beaver"


def cube_answer_text(
    take: str, drop: str, cube: str, value: int, *, beaver: bool, beavered: bool
) -> str:
    """What taking and dropping a double to ``value * 2`` mean (plain text; ``cube``
    the theme's word). ``beaver``: beavering is allowed; ``beavered``: the
    doubler answers a beaver.

    >>> cube_answer_text("Take", "Drop", "cube", 1, beaver=False, beavered=False)
    'Take: play on for 2 points, and the cube is yours. Drop: give up this game for 1 point.'
    """
    new = value * 2
    whose = f"and they keep the {cube}" if beavered else f"and the {cube} is yours"
    beaver_note = (
        f" Beaver: take, and at once redouble to {new * 2}, keeping the {cube}." if beaver else ""
    )
    return (
        f"{take}: play on for {new} points, {whose}. "
        f"{drop}: give up this game for {plural(value, 'point')}.{beaver_note}"
    )


RESIGN = "Resign"
RESIGN_TEXT = "Offer to give up the game. How much do you concede?"
KEEP_PLAYING = "Keep playing"


def resign_choice(name: str, points: int) -> str:
    """A resignation to offer, and what it gives away.

    >>> resign_choice("Gammon", 2)
    'Gammon (2 points)'
    """
    return f"{name} ({plural(points, 'point')})"


def resigns(who: str) -> str:
    """The title of a resignation offered to the player."""
    return f"{who} resigns"


def resign_offer(name: str, points: int) -> str:
    """What a resignation offered to the player gives them (plain text)."""
    return (
        f"They offer you a {name}: {plural(points, 'point')}. "
        "Accept, and the game ends; reject, and play goes on."
    )


def describe_win(name: str, points: int) -> str:
    """A win (``name``: the theme's word for its kind) and its points.

    >>> describe_win("gammon", 2)
    'Gammon: 2 points'
    """
    unit = "point" if points == 1 else "points"
    return f"{name[0].upper()}{name[1:]}: {points} {unit}"


# -- real dice ---------------------------------------------------------------------------


def dice_title(opening: bool) -> str:
    """The title of the dialog to enter real dice."""
    return "Enter the opening roll" if opening else "Enter your dice"


DICE_TEXT = "Playing with real dice: set what they show."
USE_DICE = "Use these dice"

# -- saves -------------------------------------------------------------------------------

LOAD = "Load"
DELETE = "Delete"
NO_SAVES = "No saved games."
SAVING_OFF = "Saving is off in this browser: use Export to keep a game."
SAVED_GAMES = "Saved games"
SAVE_AS = "Save as"
SAVE_PLACEHOLDER = "Name this game"
SAVE = "Save"
FILE = "File"
EXPORT = "Export to file"
EXPORT_MAT = "Export .mat"
IMPORT = "Import from file"
MATCH_FILES_NOTE = (
    "A <code>.mat</code> match file, or GNU Backgammon’s "
    "<code>.sgf</code>, opens on the analysis board, to step through and review."
)
"""(HTML: the file kinds are code.)"""
GNU_IDS = "GNU Backgammon IDs"
POSITION_ID = "Position ID"
MATCH_ID = "Match ID"
XGID = "XGID"
COPY_IDS = "Copy IDs"
COPY_IDS_ARIA = "Copy the Position ID and Match ID"


def overwrite_question(name: str) -> str:
    """Asked before saving over the save ``name`` (plain text)."""
    return f"There is already a save named “{name}”. Save this game over it?"


def replace(name: str) -> str:
    """The button that saves over ``name``."""
    return f"Replace “{name}”"


KEEP_IT = "Keep it"
DOWNLOAD = "Download"
DISCARD = "Discard"
UNREADABLE = "Could not be read"


def held_note(autosave: bool) -> str:
    """Why unreadable text was left in place (``autosave``: it is the match's own save)."""
    return (
        "There was no room in the browser’s storage to keep it aside, "
        "so it was left in place and nothing is saved over it"
        + (": your games are not being saved" if autosave else "")
        + " until you download it (to keep it) or discard it."
    )


def left_in_place(name: str) -> str:
    return f"{name} (left in place)"


def kept_aside(name: str, when: str) -> str:
    return f"{name}, kept aside on {when}"


def save_name(slot: str) -> str:
    """A named save, as the Saves dialog lists it."""
    return f"The save “{slot}”"


AUTOSAVE_NAME = "Your saved match"
STATS_NAME = "Your player statistics"

# -- the position's IDs ------------------------------------------------------------------

POSITION = "Position"
POSITION_TEXT = (
    "Paste these into GNU Backgammon (Position ID and Match ID) or eXtreme Gammon "
    "(XGID) to study this position. A play not yet finished is not included."
)
NO_ID = "None: the match is over."
ANALYSE_IT = "Analyse it"


def copy_the(name: str) -> str:
    """A copy button's label for screen readers."""
    return f"Copy the {name}"


# -- statistics --------------------------------------------------------------------------

STAT_ROWS: tuple[tuple[str, str], ...] = (
    ("hits", "Hits"),
    ("pips_moved", "Pips moved"),
    ("forfeits", "Rolls that could not move"),
    ("doubles_offered", "Cube offers"),
    ("takes", "Takes"),
    ("drops", "Drops"),
    ("games_won", "Games won"),
    ("points_won", "Points won"),
    ("gammons_won", "Gammons won"),
    ("backgammons_won", "Backgammons won"),
)
"""Each player statistic (its field) and its row's name; the rolls and their
doubles are the Dice section's (web.words.dice), counted as a check of the dice is."""

RECORD_COLUMNS: tuple[str, ...] = (
    "Games",
    "Won",
    "Lost",
    "Points/game",
    "Gammons",
    "Backgammons",
    "Matches",
)
OPPONENT_COLUMN = "Opponent"
NO_RECORDS = "No finished games yet."
RECORDS_CAPTION = "Your record, kept in this browser (won–lost)"
STATISTICS_PLAYERS = "Players"
RESET_STATS = "Reset player statistics"

# -- settings ----------------------------------------------------------------------------

SETTINGS = "Settings"
SETTING_LABELS: Mapping[str, str] = MappingProxyType(
    {
        "auto_roll": "Roll automatically when there is no cube decision",
        "auto_forced": "Play forced moves automatically",
        "manual_dice": "Enter dice by hand (playing with real dice)",
        "tutor": "Tutor: warn me of a doubtful play before I confirm it",
        "sound": "Sounds: dice, checkers, the cube, the game's end",
        "show_movable": "Show which checkers can move",
    }
)
"""Each setting's checkbox, by the setting's name."""
THEME = "Theme"
COLOURS = "Colours"
MODE_CHOICES = ((Mode.DARK, "Dark"), (Mode.LIGHT, "Light"))
ANIMATION = "Animation"
ANIMATION_CHOICES = ((Animation.NORMAL, "Normal"), (Animation.FAST, "Fast"), (Animation.OFF, "Off"))
HOME = "Home boards"
HOME_CHOICES = ((Home.RIGHT, "On the right"), (Home.LEFT, "On the left"))
ANALYSIS_PLIES = "Analysis depth (hints, reviews)"
ANALYSIS_PLIES_CHOICES = (("1", "1-ply (quick)"), ("2", "2-ply (slower)"))
BOTTOM = "Analysis board: at the bottom"
BOTTOM_CHOICES = (
    (Bottom.FIRST, "First player (light)"),
    (Bottom.SECOND, "Second player (dark)"),
    (Bottom.TURN, "The player on roll"),
)

# -- around the dialogs: notices, abandoning, the game's end, real dice, statistics ---------

DOWNLOAD_IT = "Download it"
DISMISS = "Dismiss"


def beavers(beaverer: str, cube: str, value: int) -> str:
    """The title of the doubler's answer to a beaver (``cube``: the theme's word).

    >>> beavers("Ann", "cube", 8)
    'Ann beavers: the cube would go to 8'
    """
    return f"{beaverer} beavers: the {cube} would go to {value}"


ABANDON_TITLE = "Abandon the game in progress?"
GO_ON = "Go on"
START_NEW = "Start the new game"
IMPORT_FILE = "Import the file"
MATCH_LOST = "The match in progress will be lost."


def load_slot(name: str) -> str:
    """What abandoning the game goes on to do: load the save ``name``."""
    return f"Load “{name}”"


def abandon(doing: str) -> str:
    """The button that abandons the game to do ``doing``."""
    return f"{doing} (abandon)"


def abandon_cost(opponent: str, win: str, points: int) -> str:
    """What abandoning a game begun against the AI ``opponent`` costs.

    >>> abandon_cost("King Tubby", "gammon", 2)
    'Against King Tubby it counts in your statistics as a resigned gammon: 2 points lost.'
    """
    unit = "point" if points == 1 else "points"
    return (
        f"Against {opponent} it counts in your statistics as a resigned {win}: "
        f"{points} {unit} lost."
    )


YOU_WIN = "You win!"
YOU_WIN_MATCH = "You win the match!"


def ai_wins(name: str) -> str:
    """The headline when the AI ``name`` wins a game."""
    return f"{name} wins"


def exclaim(text: str) -> str:
    return f"{text}!"


def win_headline(win: str, headline: str) -> str:
    """A theme's headline naming the kind of win first."""
    return f"{win}! {headline}"


def wins_match(wins: str) -> str:
    """``wins`` ("Ann wins"), of the match."""
    return f"{wins} the match."


def score_line(names: tuple[str, str], score: tuple[int, int], length: int) -> str:
    """The score after a game (``length`` 0: money).

    >>> score_line(("Ann", "Bob"), (3, 1), 5)
    'Score: Ann 3 – 1 Bob (match to 5)'
    """
    line = f"Score: {names[0]} {score[0]} – {score[1]} {names[1]}"
    return line + f" (match to {length})" if length else line


def review_title(game: int) -> str:
    """The title of the review of game number ``game`` (counted from 1)."""
    return f"Review of game {game}"


YOUR_DIE = "Your die"
DIE_LABELS = ("Die 1", "Die 2")


def die_of(name: str) -> str:
    """``name``'s die, at the opening roll."""
    return f"{name}’s die"


def dice_of(name: str) -> str:
    """The title of the dialog to enter ``name``'s (the AI's) dice."""
    return f"Enter {name}’s dice"


def game_caption(number: int) -> str:
    """The statistics of game number ``number``."""
    return f"Game {number}"


def whole_caption(money: bool) -> str:
    """The statistics of the whole session (``money``) or match."""
    return "Session" if money else "Match"


FRIEND_AS_PLAYER_1 = "A friend (as player 1)"
FRIENDS_ONLINE = "Friends online"
