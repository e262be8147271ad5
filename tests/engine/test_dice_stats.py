"""Checking the dice: tallies read off a record, rolls typed in by hand kept apart
and through saves, what storage holds, and the two tests against fair dice."""

from __future__ import annotations

import math
import random

import pytest

from engine.dice import seeded_random
from engine.dice_stats import (
    BY_HAND,
    DOUBLES,
    ROLLS,
    add,
    doubles_tail,
    faces_tail,
    stored,
    tally,
)
from engine.errors import SaveError
from engine.formats.save import dumps, loads
from engine.match import Match
from engine.record import OpeningRoll, Played, Roll, event_from_json, event_to_json


def _random_match(seed: int, games: int = 3) -> Match:
    """A money session of ``games`` games, each played to the end with the first legal play."""
    rng = seeded_random(seed)
    m = Match.new(0)
    for g in range(games):
        if g:
            m = m.next_game()
        while not m.is_game_over:
            if m.phase.value in ("opening", "roll"):
                m = m.roll(rng=rng)
            else:
                m = m.play(m.game.legal_plays[0])
    return m


@pytest.mark.parametrize("first", [0, 1])
def test_a_tally_counts_every_roll_of_a_turn(first: int) -> None:
    m = _random_match(4)
    counts = tally(m.record.games, first)
    rolls = [e for g in m.record.games for e in g.events if isinstance(e, Roll)]
    for player, t in ((first, counts[:9]), (1 - first, counts[9:])):
        mine = [r.dice for r in rolls if r.player == player]
        assert t[ROLLS] == len(mine) > 20
        assert t[DOUBLES] == sum(a == b for a, b in mine)
        assert t[BY_HAND] == 0
        faces = [face for pair in mine for face in pair]
        assert t[3:] == [faces.count(f) for f in range(1, 7)]
    # The match is the sum of its games.
    per_game = [tally([g], first) for g in m.record.games]
    assert [sum(column) for column in zip(*per_game, strict=True)] == counts


def test_the_opening_roll_is_left_out() -> None:
    # A tie and an opening roll: one die each, never a double, not a roll of a turn.
    assert tally([Match.new(0).roll((3, 3)).roll((6, 2)).game.record]) == [0] * 18


def test_rolls_typed_in_are_counted_apart_and_nowhere_else() -> None:
    m = Match.new(0).roll((5, 2)).play("13/8 13/11")
    m = m.roll((4, 4), by_hand=True)
    m = m.play(m.game.legal_plays[0]).roll((6, 6), by_hand=False)
    assert tally([m.game.record]) == [1, 1, 0, 0, 0, 0, 0, 0, 2, 0, 0, 1, 0, 0, 0, 0, 0, 0]


def test_by_hand_survives_a_save_and_a_replay() -> None:
    m = Match.new(3).roll((5, 2)).play("13/8 13/11").roll((3, 1), by_hand=True)
    loaded = loads(dumps(m))
    assert loaded == m
    roll = loaded.game.events[-1]
    assert isinstance(roll, Roll) and roll.by_hand
    # A play carries the dice too; only the roll says how they came.
    assert not any(isinstance(e, Played) and hasattr(e, "by_hand") for e in loaded.game.events)


def test_older_saves_without_the_flag_read_as_rolled_here() -> None:
    assert event_from_json({"type": "roll", "player": 1, "dice": [3, 1]}) == Roll(1, (3, 1))
    # The flag is written only when true, so saves of rolled dice are as they were.
    assert event_to_json(Roll(1, (3, 1))) == {"type": "roll", "player": 1, "dice": [3, 1]}
    assert event_to_json(Roll(1, (3, 1), by_hand=True))["by_hand"] is True
    assert event_from_json(event_to_json(Roll(1, (3, 1), True))) == Roll(1, (3, 1), True)


@pytest.mark.parametrize(
    "raw",
    [
        {"type": "roll", "player": 1, "dice": [3, 1], "by_hand": 1},
        {"type": "roll", "player": 1, "dice": [3, 1], "by_hand": None},
        {"type": "opening", "dice": [3, 1], "by_hand": True},
        {"type": "take", "player": 1, "by_hand": True},
    ],
)
def test_a_misplaced_or_bad_flag_is_a_save_error(raw: dict[str, object]) -> None:
    with pytest.raises(SaveError):
        event_from_json(raw)


def test_an_opening_roll_has_no_flag() -> None:
    assert not hasattr(OpeningRoll(3, 1), "by_hand")


def test_stored_tallies_are_read_or_start_again() -> None:
    good = [3, 1, 2, 1, 1, 1, 1, 1, 1] + [0] * 9
    assert stored(good) == good
    bad: list[object] = [
        None,
        {},
        [1] * 17,
        [1] * 19,
        [-1] + [0] * 17,
        [True] * 18,
    ]
    bad += [[0] * 9 + [1, "2"] + [0] * 7, [1.0] * 18, "[0, 0]"]
    for raw in bad:
        assert stored(raw) == [0] * 18, raw


def test_a_game_is_added_to_what_was_kept() -> None:
    m = Match.new(0).roll((3, 1)).play("8/5 6/5").roll((5, 5))
    once = add(None, m.game.record, 0)
    assert once == [0] * 9 + [1, 1, 0, 0, 0, 0, 0, 2, 0]
    assert add(once, m.game.record, 0) == [2 * n for n in once]
    assert add(once, m.game.record, 1)[:9] == [1, 1, 0, 0, 0, 0, 0, 2, 0]


def _chi_square_tail_by_integration(x: float) -> float:
    """The survival function of chi-square with 5 degrees of freedom, from its
    density integrated numerically (Simpson's rule), as an independent check."""

    def density(t: float) -> float:
        return float(t**1.5 * math.exp(-t / 2) / (2**2.5 * math.gamma(2.5)))

    n, top = 20_000, 200.0
    h = (top - x) / n
    total = density(x) + density(top)
    total += sum((4 if k % 2 else 2) * density(x + k * h) for k in range(1, n))
    return total * h / 3


def _faces_with_chi_square(x: float) -> list[float]:
    """Six counts whose chi-square against 60 dice is ``x``: 10 each but the
    first two, moved apart by ``d`` either way (chi-square 2d²/10)."""
    d = math.sqrt(5 * x)
    return [10 + d, 10 - d, 10, 10, 10, 10]


@pytest.mark.parametrize("x", [0.5, 2.0, 4.35, 9.24, 11.07, 15.09, 20.5])
def test_the_closed_form_matches_the_density(x: float) -> None:
    tail = faces_tail(_faces_with_chi_square(x))
    assert tail == pytest.approx(_chi_square_tail_by_integration(x), abs=1e-9)


def test_the_textbook_critical_values() -> None:
    # 10%, 5% and 1% points of chi-square with 5 degrees of freedom.
    for x, p in ((9.236, 0.10), (11.070, 0.05), (15.086, 0.01)):
        assert faces_tail(_faces_with_chi_square(x)) == pytest.approx(p, abs=2e-4)


def test_no_dice_and_even_dice_are_no_evidence() -> None:
    assert faces_tail([0] * 6) == 1.0
    assert faces_tail([7] * 6) == 1.0


def test_fair_dice_give_uniform_p_values() -> None:
    """Under fair dice the faces' p-value falls below 5% about 5% of the time."""
    rng = random.Random(11)
    below = 0
    for _ in range(2000):
        faces = [0] * 6
        for _ in range(120):
            faces[rng.randrange(6)] += 1
        below += faces_tail(faces) < 0.05
    assert 60 <= below <= 140  # 100 expected; this range is over four standard deviations


def test_loaded_dice_are_caught() -> None:
    assert faces_tail([100, 100, 100, 100, 100, 160]) < 0.001  # sixes half again as often


def test_doubles_tail_is_the_exact_binomial_sum() -> None:
    for n, d in ((10, 0), (10, 1), (10, 2), (10, 5), (36, 6), (36, 12), (1, 1)):
        pmf = [math.comb(n, k) * (1 / 6) ** k * (5 / 6) ** (n - k) for k in range(n + 1)]
        want = sum(pmf[d:]) if 6 * d >= n else sum(pmf[: d + 1])
        assert doubles_tail(n, d) == pytest.approx(want, rel=1e-9)


def test_doubles_tail_over_many_rolls() -> None:
    # 6,000 rolls: the mean is 1,000 and the standard deviation about 28.9.
    assert doubles_tail(6000, 1000) == pytest.approx(0.5, abs=0.01)
    assert doubles_tail(6000, 1100) == pytest.approx(3.3e-4, rel=0.05)
    assert 0 < doubles_tail(60000, 9000) < 1e-20
