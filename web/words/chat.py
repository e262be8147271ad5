"""The canned chat: a few phrases, sent by number, never free text.

Free text from a stranger with the link would be a way in for abuse; a fixed
list is enough to be friendly at the table, and reads the same on both sides.

>>> PHRASES[0], phrase(5)
('Hello!', 'Good game!')
>>> phrase(99) is None
True
"""

from __future__ import annotations

PHRASES: tuple[str, ...] = (
    "Hello!",
    "Good luck!",
    "Nice roll!",
    "Well played!",
    "Oops!",
    "Good game!",
    "Thanks!",
    "One moment, please.",
    "Sorry, I have to go.",
)


def phrase(index: int) -> str | None:
    """The phrase numbered ``index``, or ``None`` when there is none."""
    return PHRASES[index] if 0 <= index < len(PHRASES) else None
