"""What the page says while it opens, waits for and ends an online game: the
link's status, the codes of a connection made by hand, and a claimed game.

>>> claimed("Ann", "single game", 1, mine=True, clocked=False)
'You claimed the game: Ann left, which counts as resigning a single game (1 point to you).'
"""

from __future__ import annotations

CONTACTING = "Contacting the relays…"
WAITING_FOR_FRIEND = "Waiting for your friend…"
CONNECTING = "Connecting…"
NOT_AVAILABLE = "Online play is not available on this page."
PASTE_THE_ANSWER = "Paste the answer code your friend sent back."


def waiting_to_paste(friend: str) -> str:
    """Connecting by hand: the answer code is out, for ``friend`` to paste."""
    return f"Waiting for {friend} to paste it…"


def claimed(friend: str, win: str, points: int, *, mine: bool, clocked: bool) -> str:
    """A game claimed (``mine``: by this page's player; ``clocked``: the move
    clock ran out, else the one who left was gone), worth a ``win`` of ``points``."""
    unit = "point" if points == 1 else "points"
    if mine and clocked:
        return (
            f"You claimed the game: {friend} did not move in the time allowed, which "
            f"counts as resigning a {win} ({points} {unit} to you)."
        )
    if mine:
        return (
            f"You claimed the game: {friend} left, which counts as "
            f"resigning a {win} ({points} {unit} to you)."
        )
    if clocked:
        return (
            f"{friend} claimed the game: you did not move in the time allowed, which "
            f"counts as your resigning a {win} ({points} {unit})."
        )
    return (
        f"{friend} claimed the game while you were away: it counts as "
        f"your resigning a {win} ({points} {unit})."
    )


YOUR_FRIEND = "Your friend"  # a friend who has not said their name
SHARE_TITLE = "Backgammon"  # the device's share sheet: its title and text
SHARE_TEXT = "Play backgammon with me:"


NOT_LOADED = "Online play could not be loaded. Check the connection and try again."


def channel_failed(reason: str, turn_note: str) -> str:
    """The browser could not open the channel; ``turn_note`` says what may help."""
    return f"The connection to your friend failed ({reason}). {turn_note}"


def unreachable(reason: str, *, by_link: bool) -> str:
    """The relays (or, ``by_link``, the connection link) found no friend."""
    where = "use the connection link" if by_link else "reach the relays"
    return f"Could not {where} to find your friend ({reason})."


def no_connection_link(reason: str) -> str:
    return f"Could not make a connection link ({reason})."


BAD_ANSWER_CODE = "This answer code does not work. Copy it again, whole."
