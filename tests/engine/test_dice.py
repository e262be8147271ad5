"""Dice: every face occurs, sources are pluggable, hand-set dice are checked."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator

import pytest

from engine.dice import (
    RandomSource,
    ScriptedDice,
    check_die,
    check_roll,
    roll_dice,
    roll_die,
    seeded_random,
    system_random,
)
from engine.errors import InvalidDiceError


@pytest.mark.parametrize("source", [system_random(), seeded_random(1), random.Random(2)])
def test_every_face_occurs_and_nothing_else(source: RandomSource) -> None:
    """The classic bug is randrange(1, 6), which never rolls a 6."""
    counts = Counter(roll_die(source) for _ in range(3000))
    assert set(counts) == {1, 2, 3, 4, 5, 6}
    # Each face within a generous band around 500 (p of failing is negligible).
    assert all(380 < n < 620 for n in counts.values()), counts


def test_both_dice_cover_every_pair() -> None:
    rng = seeded_random(3)
    pairs = Counter(roll_dice(rng) for _ in range(4000))
    assert len(pairs) == 36


def test_default_source_is_cryptographic() -> None:
    assert isinstance(system_random(), random.SystemRandom)
    assert all(1 <= d <= 6 for d in roll_dice())


def test_seeded_sources_reproduce() -> None:
    a = [roll_dice(seeded_random("game 7")) for _ in range(3)]
    b = [roll_dice(seeded_random("game 7")) for _ in range(3)]
    assert a == b
    rng1, rng2 = seeded_random(11), seeded_random(11)
    assert [roll_dice(rng1) for _ in range(50)] == [roll_dice(rng2) for _ in range(50)]


def test_scripted_dice_replay_faces_in_order() -> None:
    dice = ScriptedDice([6, 5, 4, 4])
    assert roll_dice(dice) == (6, 5)
    assert roll_dice(dice) == (4, 4)
    assert dice.remaining == 0
    with pytest.raises(InvalidDiceError):
        roll_die(dice)


def test_scripted_dice_refuse_bad_faces() -> None:
    with pytest.raises(InvalidDiceError):
        ScriptedDice([1, 7])
    with pytest.raises(InvalidDiceError):
        ScriptedDice([3]).randint(4, 6)


def test_a_source_returning_garbage_is_caught() -> None:
    class Broken:
        def randint(self, a: int, b: int) -> int:
            return 0

    assert isinstance(Broken(), RandomSource)
    with pytest.raises(InvalidDiceError):
        roll_die(Broken())


@pytest.mark.parametrize("dice", [(3, 1), [1, 3], (6, 6)])
def test_check_roll_keeps_order(dice: tuple[int, int]) -> None:
    assert check_roll(dice) == tuple(dice)


def test_check_roll_takes_any_iterable() -> None:
    """Such as a JavaScript array handed over by Pyodide."""

    class JsArrayLike:
        def __iter__(self) -> Iterator[int]:
            return iter([2, 5])

    assert check_roll(JsArrayLike()) == (2, 5)


@pytest.mark.parametrize(
    "dice", [(0, 1), (1, 7), (1,), (1, 2, 3), "31", b"31", None, (True, 2), (1.0, 2), 31]
)
def test_check_roll_rejects(dice: object) -> None:
    with pytest.raises(InvalidDiceError):
        check_roll(dice)


@pytest.mark.parametrize("face", [0, 7, -1, True, 2.0, "3", None])
def test_check_die_rejects(face: object) -> None:
    with pytest.raises(InvalidDiceError):
        check_die(face)
