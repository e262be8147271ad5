"""What online play's protocol says besides its refusals: the friend's presence,
the news of the table, and the terms of an invite.  It ships with the protocol,
in online play's archive.

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

NO_PHRASE = "There is no such phrase to say."


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
