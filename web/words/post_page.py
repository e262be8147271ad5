"""What the page says of playing by messages: the link to send, the games in progress.

>>> waiting_for("Bob"), your_turn_against("Ann")
('Waiting for Bob', 'Your turn against Ann')
"""

from __future__ import annotations

SEND_TITLE = "Send this link to your friend"
SEND_TEXT = (
    "Send it by any messenger (mail, chat, text message). Your friend opens it, "
    "plays, and sends you a link back: open that one here to go on."
)
FIRST_TEXT = (
    "This link invites your friend to the game. They open it, play, and send you "
    "a link back: open that one here to go on."
)
PRIVACY = (
    "Nothing leaves this device but the links you send yourself: the game is "
    "saved here, and the moves travel in the link's part after the #, which "
    "no server ever sees."
)
COPY_LINK = "Copy link"
LINK_QR = "QR code of the link to send your friend"
COPY_ARIA = "Copy the link to send your friend"
SHARE = "Share…"
SHARE_ARIA = "Share the link to send your friend"
CLOSE = "Close"
GAMES_TITLE = "Games by messages"
NO_GAMES = "No games by messages on this device yet. Start one from New: A friend online."
OPEN = "Open"
SEND_AGAIN = "Link to send"
ON_THE_BOARD = "(on the board)"
YOUR_FRIEND = "Your friend"
NOT_LOADED = "Games by messages could not be loaded"


def waiting_for(friend: str) -> str:
    """A game in the list whose next move is the friend's."""
    return f"Waiting for {friend}"


def your_turn_against(friend: str) -> str:
    """A game in the list whose next move is this player's."""
    return f"Your turn against {friend}"


A_FRIEND = "A friend"  # the name a link gives a player who gave none
NO_SUCH_GAME = "This game by messages is no longer saved on this device."


# -- what a friend's link brought (said instead of "Welcome back") -----------------------


def played(notation: str) -> str:
    """A play the friend's link brought (no notation: the roll could not be played)."""
    return f"played {notation}" if notation else "could not move"


DOUBLED = "doubled"
BEAVERED = "beavered"
TOOK = "took"
DROPPED = "dropped"
RESIGN_OFFERED = "offers to resign"
RESIGN_ACCEPTED = "accepted your resignation"
RESIGN_REJECTED = "rejected your resignation"


def link_brought(friend: str, done: tuple[str, ...]) -> str:
    """What the friend's link brought, once applied: their decisions, or that
    it came (it carried dice, or the friend's joining).

    >>> link_brought("Ann", ("played 13/7 8/7",))
    'Ann played 13/7 8/7.'
    >>> link_brought("Ann", ("doubled", "played 8/2 6/2"))
    'Ann doubled, then played 8/2 6/2.'
    >>> link_brought("Bob", ())
    'Bob’s link is in: the game goes on.'
    """
    if not done:
        return f"{friend}’s link is in: the game goes on."
    if len(done) == 1:
        return f"{friend} {done[0]}."
    return f"{friend} {', '.join(done[:-1])}, then {done[-1]}."


# -- joining a game by messages ----------------------------------------------------------

JOIN_TITLE = "Play by messages"
YOUR_NAME = "Your name"


def invites_you(inviter: str, terms: str) -> str:
    """The invitation a friend's first link brings.

    >>> invites_you("Ann", "a match to 3 points")[:53]
    'Ann invites you to play a match to 3 points, by messag'
    """
    return (
        f"{inviter} invites you to play {terms}, by messages: each of you sends "
        "the other a link after each turn."
    )


ACCEPT = "Accept"
NOT_NOW = "Not now"
