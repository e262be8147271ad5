"""What online play says when it refuses something: a headline by the kind of
refusal (:mod:`web.online.errors`), then the details in parentheses
(:mod:`web.words.online_detail`, which ships with online play's protocol, as
:mod:`web.words.online_news`, what the protocol says besides).  Here is only
what the page may need before that protocol loads: a TURN server setting is
checked when the New game dialog is submitted.

>>> refusal("Your friend's dice did not check out", "it does not match")
"Your friend's dice did not check out (it does not match)."
"""

from __future__ import annotations


def refusal(headline: str, detail: str) -> str:
    """A refusal for the player: the headline, with the details (if any)."""
    return f"{headline} ({detail})." if detail else f"{headline}."


# The headlines of the refusals, one per kind (web.online.errors).
REFUSED = "Something from your friend was refused"
TURN_REFUSED = "This TURN server setting cannot be used"
INVITE_REFUSED = "This invite link cannot be used"
MALFORMED = "A garbled message arrived and was ignored"
FORGED = "A message not signed with this game's secret was ignored"
STRANGER = "Someone other than your friend tried to play in this game"
REPLAYED = "An old message arrived again and was ignored"
OUT_OF_ORDER = "Some of your friend's moves went missing; asking for them again"
FORKED = "Your friend's history of the game differs from yours"
OUT_OF_TURN = "An action out of turn was refused"
BAD_REVEAL = "Your friend's dice did not check out"
ILLEGAL_MOVE = "Your friend's move breaks the rules and was refused"
DISPUTED_CLAIM = "Your friend claimed the game; your page's record disputes it, and play goes on"
FLOOD = "Too many messages came from your friend's side at once"
CLOSED = "This online game is over"
SAVED_STATE = "The saved online game could not be restored"

# Why a TURN server setting cannot be used (the New game dialog's).
TURN_SCHEME = "a TURN server's address begins with turn: or turns:"
