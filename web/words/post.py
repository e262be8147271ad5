"""What playing by messages says: why a link was refused, what leaves the device,
and the page's words while a game by messages is played (online play's archive).

>>> unchanged("This link was opened already.")
'This link was opened already. Nothing changed: the game is as it was.'
"""

from __future__ import annotations

# The headlines of a refused link (web.online.errors), before the details.
TOO_LONG = "This link is too long to be one of ours"
NOT_A_LINK = "This link is damaged or not one of ours"
NOT_HERE = "This link is for a game that is not on this device"
OPENED_TWICE = "This link was opened already"
OLDER = "This link is older than one already opened"
OWN = "This is the link you sent: it is for your friend to open"

MISSING = "This link skips moves your friend sent before it: open the earlier link first"
UNCHANGED = "Nothing changed: the game is as it was."

# The details of a refusal (after the headline, in parentheses).
SEEN = "everything in it is on this device already"
NEWER_OPENED = "a newer link of this game was opened here"
YOURS = "it carries your own moves"
NO_GAME = "no game by messages with this link's room is saved here"
NO_INVITE = "only the first link of a game invites"


def unchanged(refusal: str) -> str:
    """A link's refusal, and that nothing changed."""
    return f"{refusal} {UNCHANGED}"


# -- the page's words once a game by messages is played -----------------------------------
# (here, in online play's archive, not web.words.post_page: a first visit needs none)

# The link to send.
SEND_TITLE = "Send this link to your friend"
SEND_TEXT = (
    "Send it by any messenger (mail, chat, text message). Your friend opens it, "
    "plays, and sends you a link back: open that one here to go on."
)
# A link that is one more in a turn, and why (web.model.online.OnlineState.post_why).
ROLL_TEXT = (
    "You could have doubled, so nobody may know your dice before you chose: "
    "they are made with your friend's share. Send this link; their page "
    "answers at once, and the link back brings your dice."
)
SHARE_TEXT = (
    "Your friend asked for their roll: this link carries your share of their "
    "dice (made only once they chose not to double). They roll, play, and send "
    "you a link back: open that one here to go on."
)
FIRST_TEXT = (
    "This link invites your friend to the game. They open it, play, and send you "
    "a link back: open that one here to go on."
)


def send_text(why: str) -> str:
    """What the link to send is for: a turn's (``why`` ""), or one more in a
    turn (``"roll"``, ``"share"``: web.model.online.OnlineState.post_why).

    >>> send_text("roll") == ROLL_TEXT, send_text("") == SEND_TEXT
    (True, True)
    """
    return {"roll": ROLL_TEXT, "share": SHARE_TEXT}.get(why, SEND_TEXT)


COPY_LINK = "Copy link"
COPY_ARIA = "Copy the link to send your friend"
SHARE = "Share…"
SHARE_ARIA = "Share the link to send your friend"
LINK_QR = "QR code of the link to send your friend"

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


# -- the board while a game by messages is played (imported when one is) -----------------


def waiting_for_link(name: str) -> str:
    """A game by messages whose next move is the friend's (named once they
    have sent a link: before, "Your friend").

    >>> waiting_for_link("Your friend")[:33]
    'Waiting for your friend’s link (y'
    """
    who = "your friend" if name == "Your friend" else name
    return f"Waiting for {who}’s link (yours to send: Saves, Games in progress)."


LINK_NOTE = "their link awaited"  # beside the friend's name, while they owe a move
SWITCH_TO_POST = "Play by messages"  # a live game whose connection is gone goes on by links


def time_to_move(seconds: int) -> str:
    """A move clock in days, beside the name of whoever owes a move.

    >>> time_to_move(2 * 86400 - 60), time_to_move(5 * 3600)
    ('2\xa0days to move', '5\xa0h to move')
    """
    # A no-break space: a note that wraps does not leave "24" alone on its line.
    if seconds > 86400:  # whole days, the last one in hours
        return f"{-(-seconds // 86400)}\u00a0days to move"
    return f"{-(-seconds // 3600)}\u00a0h to move"


def days(seconds: float) -> str:
    """A stated time in whole days (a move clock by messages).

    >>> days(86400), days(3 * 86400)
    ('1 day', '3 days')
    """
    n = int(seconds // 86400)
    return f"{n} day{'s' if n != 1 else ''}"


# -- joining a game by messages ----------------------------------------------------------

JOIN_TITLE = "Play by messages"
YOUR_NAME = "Your name"


def invites_you(inviter: str, terms: str) -> str:
    """The invitation a friend's first link brings.

    >>> invites_you("Ann", "a match to 3 points")[:54]
    'Ann invites you to play a match to 3 points, by messag'
    """
    return (
        f"{inviter} invites you to play {terms}, by messages: each of you sends "
        "the other a link after each turn."
    )


ACCEPT = "Accept"
NOT_NOW = "Not now"


# -- going live again (#48) ----------------------------------------------------------------

PLAY_LIVE = "Play live now"  # a game by messages goes on live, when both are online
LIVE_TITLE = "Play live now"
LIVE_WAITING_TITLE = "Waiting for your friend, live"
COPY_LIVE_ARIA = "Copy the link that asks your friend to play live"


def live_text(friend: str) -> str:
    """What going live contacts, before the player agrees: by messages the
    page contacts nothing, live it must find the friend through the relays.

    >>> live_text("Ann")[:48]
    'To play live, this page contacts public relays ('
    """
    return (
        "To play live, this page contacts public relays (and, if they do not "
        "answer, public BitTorrent trackers) and STUN servers to find "
        f"{friend}: the game goes on live once you both are there (each by Play "
        "live now), the same game with the same moves and dice. If they do not "
        "come, Play by messages goes back to links, and your last link stays good."
    )


def live_waiting(friend: str) -> str:
    """While this page waits in the game's room for the friend, live.

    >>> live_waiting("Ann")[:29]
    'Ann plays on live by pressing'
    """
    return (
        f"{friend} plays on live by pressing Play live now, or by opening this "
        "link, which also carries your last moves (by messages it stays good):"
    )


def waits_live(friend: str) -> str:
    """A friend's link sent while their page waits in the game's room, live.

    >>> waits_live("Ann")
    'Ann waits for you to play live.'
    """
    return f"{friend} waits for you to play live."
