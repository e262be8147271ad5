"""What the Stats dialog's Dice section says: where the dice come from, its
tables' rows, and each side's dice against fair dice in plain words.

>>> chance(0.43), chance(0.0042), chance(3e-9)
('43% of the time', 'about once in 240 times', 'less than once in a million times')
"""

from __future__ import annotations

DICE = "Dice"
SOURCE = (
    "From your browser’s cryptographic generator (crypto.getRandomValues); online, from both "
    "players’ secrets, each sealed before the other’s is sent, so neither can choose a roll."
)
NOTE = (
    "The opening roll is left out. Of many checks, about one in a hundred looks unusual by chance."
)
ALL_TIME = "All time"
FAIR = "Fair dice"
ROLLS = "Rolls"
DOUBLES = "Doubles"
FACES = ("1s", "2s", "3s", "4s", "5s", "6s")


def chance(p: float) -> str:
    """How often fair dice do it, as a percentage, or once in how many times."""
    if p >= 0.01:
        return f"{p:.0%} of the time"
    if p < 1e-6:
        return "less than once in a million times"
    times = 1 / p  # to two significant figures
    return f"about once in {round(times, 2 - len(str(int(times)))):,.0f} times"


def by_hand(rolls: int) -> str:
    """Rolls typed in from real dice, left out.

    >>> by_hand(1), by_hand(3)
    ('1 roll entered by hand is not counted.', '3 rolls entered by hand are not counted.')
    """
    many = rolls != 1
    return (
        f"{rolls} roll{'s' if many else ''} entered by hand {'are' if many else 'is'} not counted."
    )


def verdict(
    name: str, judged: bool, rolls: int, doubles: int, faces_p: float, doubles_p: float
) -> str:
    """One side's dice against fair dice (``judged``: enough dice to tell).

    >>> faces, doubles = verdict("You", True, 40, 9, 0.43, 0.22).split("; ")
    >>> print(faces)
    You: these look like fair dice. A spread of faces this uneven or more happens 43% of the ...
    >>> print(doubles)
    9 or more doubles in 40 rolls (fair dice average 6.7) happen 22% of the time.
    >>> verdict("Selector", True, 300, 30, 0.5, 0.0004)[:46]
    'Selector: these are very unusual for fair dice'
    >>> verdict("You", False, 4, 1, 1.0, 1.0)
    'You: too few rolls yet to judge.'
    """
    if not judged:
        return f"{name}: too few rolls yet to judge."
    low = min(faces_p, doubles_p)
    look = (
        "look like fair dice"
        if low >= 0.01
        else ("are unusual for fair dice" if low >= 0.001 else "are very unusual for fair dice")
    )
    side = "more" if 6 * doubles >= rolls else "fewer"
    return (
        f"{name}: these {look}. A spread of faces this uneven or more happens "
        f"{chance(faces_p)} with fair dice; {doubles} or {side} doubles in {rolls} rolls "
        f"(fair dice average {rolls / 6:.1f}) happen {chance(doubles_p)}."
    )
