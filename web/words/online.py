"""What online play says: refusals (a headline, then the details in
parentheses), the friend's presence, the news of the table.

>>> refusal("Your friend's dice did not check out", "it does not match")
"Your friend's dice did not check out (it does not match)."
>>> link_words(Link.CONNECTED, "Bob"), link_words(Link.CONNECTED, None)
('Bob is connected.', 'Your friend is connected.')
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from engine.rules import Rules
from web.model.presence import Link

FRIEND = "Your friend"
"""The friend, until their name is known."""

YOU = "You"


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

# What a local intent refused says after its headline.
NOT_YOUR_ROLL = "it is not your roll"
NEXT_GAME_TOO_SOON = "the next game can start only once this one is over"
CLAIM_TOO_SOON = (
    "the game can be claimed only once your friend, owing a move, is out of time or gone a while"
)
FRIENDS_TURN = "it is your friend's turn"
WAS_CLAIMED = "the game was claimed"


NO_PHRASE = "There is no such phrase to say."


def claimed_by(mine: bool) -> str:
    """Why a message after a claim is refused: who claimed."""
    return f"{'you' if mine else 'your friend'} claimed the game"


LINK_WORDS: Mapping[Link, str] = MappingProxyType(
    {
        Link.CONNECTING: "Waiting for your friend…",
        Link.CONNECTED: "{name} is connected.",
        Link.WAITING: "Waiting for {name} to come back…",
        Link.CLAIMABLE: "{name} has been gone a while: you may claim the game.",
    }
)
"""The friend's presence, as the invite dialog says it ("{name}": the friend's)."""


def link_words(link: Link, name: str | None) -> str:
    """The friend's presence in words, by name once known."""
    text = LINK_WORDS[link].format(name=name or "your friend")
    return text[0].upper() + text[1:]


def joined(name: str) -> str:
    """The news that the friend came to the table."""
    return f"{name} is here."


def said(who: str, text: str) -> str:
    """A chat phrase, as the news shows it.

    >>> said("Ann", "Hello!")
    'Ann: “Hello!”'
    """
    return f"{who}: “{text}”"


DISPUTED_WORDS = (
    "{name}'s page disputes your claim: by its record, {name} did not owe a move past "
    "the time allowed. The claim stands on this page."
)
"""What the player reads of their claim refused by the friend's page."""

FULL_WORDS = "This game already has its two players: {host} is playing it with someone else."
"""What the player reads of a game that already has two players."""


def disputed(name: str) -> str:
    """The player's claim, refused by ``name``'s page."""
    return DISPUTED_WORDS.format(name=name)


def full(host: str) -> str:
    """The game ``host`` invited to is already played by someone else."""
    return FULL_WORDS.format(host=host)


# -- the terms of an invite -------------------------------------------------------------


def describe_terms(rules: Rules) -> str:
    """The terms in words, for the friend who is asked to accept them.

    >>> describe_terms(Rules(0, jacoby=True))
    'money play, with the cube and the Jacoby rule'
    >>> describe_terms(Rules(1, cube=False))
    'a 1-point match, without the cube'
    """
    kind = f"a {rules.match_length}-point match" if rules.match_length else "money play"
    if not rules.cube:
        return f"{kind}, without the cube"
    extras = ["the cube"]
    if rules.crawford_active:
        extras.append("the Crawford rule")
    if rules.jacoby_active:
        extras.append("the Jacoby rule")
    if rules.beavers_active:
        extras.append("beavers")
    listed = extras[0] if len(extras) == 1 else ", ".join(extras[:-1]) + " and " + extras[-1]
    return f"{kind}, with {listed}"


def describe_clock(seconds: int) -> str:
    """The move clock in words.

    >>> describe_clock(0), describe_clock(120), describe_clock(90), describe_clock(600)
    ('no move clock', '2 minutes a move', '90 seconds a move', '10 minutes a move')
    """
    if seconds == 0:
        return "no move clock"
    if seconds % 86400 == 0:  # by messages
        days = seconds // 86400
        return f"{days} day{'s' if days != 1 else ''} a move"
    if seconds % 60 == 0:
        minutes = seconds // 60
        return f"{minutes} minute{'s' if minutes != 1 else ''} a move"
    return f"{seconds} second{'s' if seconds != 1 else ''} a move"


def terms(rules: Rules, clock: int) -> str:
    """The rules in words, and the move clock."""
    return f"{describe_terms(rules)}, {describe_clock(clock)}"


# -- why a claim is disputed (after the friend's name) -------------------------------------

HISTORIES_DIFFER = "your histories of the game differ: a move did not reach one of you"
OWED_NO_MOVE = "by this page's record you owed no move"
IN_TOUCH = "your page was in touch with your friend's all along"


def owed_for(owed: float, limit: float) -> str:
    """The friend had owed their move for ``owed`` seconds, not the ``limit`` allowed.

    >>> owed_for(14.2, 120)
    'you had owed your move for 14\xa0s of the 2\xa0min allowed'
    >>> owed_for(5 * 3600 + 20, 86400)
    'you had owed your move for 5\xa0h of the 1\xa0day allowed'
    """
    return f"you had owed your move for {_about(owed)} of the {_about(limit)} allowed"


def _about(seconds: float) -> str:
    """A time in its largest whole unit (a move clock in days has no use for seconds)."""
    for unit, size in (("day", 86400), ("h", 3600), ("min", 60)):
        if seconds >= size:
            n = int(seconds // size)
            return f"{n}\u00a0{unit}{'s' if unit == 'day' and n != 1 else ''}"
    return f"{int(seconds)}\u00a0s"
