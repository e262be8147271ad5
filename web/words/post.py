"""What playing by messages says: why a link was refused, and what leaves the device.

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
