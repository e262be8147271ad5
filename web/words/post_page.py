"""What the page says of the games by messages in progress (the link to send: web.words.post).

>>> waiting_for("Bob"), your_turn_against("Ann"), live_against("Cy")
('Waiting for Bob', 'Your turn against Ann', 'Live against Cy')
>>> since("Waiting for Bob", 2 * 86400 + 5), since("Waiting for Bob", 3 * 3600), since("x", 59)
('Waiting for Bob — 2 days', 'Waiting for Bob — 3 h', 'x')
"""

from __future__ import annotations

PRIVACY = (
    "Nothing leaves this device but the links you send yourself: the game is "
    "saved here, and the moves travel in the link's part after the #, which "
    "no server ever sees."
)
CLOSE = "Close"
GAMES_TITLE = "Games in progress"
NO_GAMES = "No games by messages on this device yet. Start one from New: A friend online."
OPEN = "Open"
SEND_AGAIN = "Link to send"
ON_THE_BOARD = "(on the board)"
YOUR_FRIEND = "Your friend"
NOT_LOADED = "The games in progress could not be loaded"


def waiting_for(friend: str) -> str:
    """A game in the list whose next move is the friend's."""
    return f"Waiting for {friend}"


def your_turn_against(friend: str) -> str:
    """A game in the list whose next move is this player's."""
    return f"Your turn against {friend}"


def since(said: str, seconds: float) -> str:
    """A game in the list, and how long its move has been owed (an hour or more)."""
    if seconds >= 2 * 86400:
        return f"{said} — {int(seconds // 86400)} days"
    if seconds >= 86400:
        return f"{said} — 1 day"
    return f"{said} — {int(seconds // 3600)} h" if seconds >= 3600 else said


def live_against(friend: str) -> str:
    """The game in the list played live now (whoever's turn it is)."""
    return f"Live against {friend}"


A_FRIEND = "A friend"  # the name a link gives a player who gave none
NO_SUCH_GAME = "This game by messages is no longer saved on this device."
