"""Checking the dice: tallies read off a record, rolls typed in by hand kept apart
and through saves, and the two tests against fair dice."""

from __future__ import annotations

import itertools
import math
import random

import pytest

from engine.dice import ScriptedDice, seeded_random
from engine.dice_stats import (
    DiceTally,
    chi_square,
    chi_square_tail,
    doubles_tail,
    game_dice,
    match_dice,
)
from engine.errors import InvalidDiceError, SaveError
from engine.formats.save import dumps, loads
from engine.match import Match
from engine.record import OpeningRoll, Roll, event_from_json, event_to_json


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


def test_tallies_count_every_die_of_the_record() -> None:
    m = _random_match(4)
    you, them = match_dice(m.record)
    events = [e for g in m.record.games for e in g.events]
    rolls = [e for e in events if isinstance(e, Roll)]
    openings = [e for e in events if isinstance(e, OpeningRoll)]
    for player, tally in enumerate((you, them)):
        mine = [r.dice for r in rolls if r.player == player]
        opening_dice = [(o.die0, o.die1)[player] for o in openings]
        assert tally.rolls == len(mine)
        assert tally.doubles == sum(a == b for a, b in mine)
        faces = [*itertools.chain.from_iterable(mine), *opening_dice]
        assert tally.faces == tuple(faces.count(f) for f in range(1, 7))
        assert tally.dice == 2 * tally.rolls + len(openings)
        assert tally.by_hand == 0
    # The match is the sum of its games.
    per_game = [game_dice(g) for g in m.record.games]
    assert sum((g[0] for g in per_game), DiceTally()) == you


def test_the_opening_roll_counts_one_die_a_side_and_no_roll() -> None:
    you, them = game_dice(Match.new(0).roll((3, 3)).roll((6, 2)).game.record)
    assert (you.rolls, you.doubles, you.faces) == (0, 0, (0, 0, 1, 0, 0, 1))
    assert (them.rolls, them.doubles, them.faces) == (0, 0, (0, 1, 1, 0, 0, 0))


def test_rolls_typed_in_are_counted_apart_and_nowhere_else() -> None:
    m = Match.new(0).roll((5, 2), by_hand=True).play("13/8 13/11")
    m = m.roll((4, 4), by_hand=True).play(m.roll((4, 4)).game.legal_plays[0])
    m = m.roll((6, 6), rng=ScriptedDice([6, 6]))
    you, them = game_dice(m.game.record)
    assert you == DiceTally(rolls=1, doubles=1, by_hand=1, faces=(0, 0, 0, 0, 0, 2))
    assert them == DiceTally(by_hand=2)


def test_by_hand_survives_a_save_and_a_replay() -> None:
    m = Match.new(3).roll((5, 2), by_hand=True).play("13/8 13/11").roll((3, 1), by_hand=True)
    loaded = loads(dumps(m))
    assert loaded == m
    assert [getattr(e, "by_hand", None) for e in loaded.game.events][:3] == [True, None, True]


def test_older_saves_without_the_flag_read_as_rolled_here() -> None:
    assert event_from_json({"type": "roll", "player": 1, "dice": [3, 1]}) == Roll(1, (3, 1))
    assert event_from_json({"type": "opening", "dice": [3, 1]}) == OpeningRoll(3, 1)
    # The flag is written only when true, so saves of rolled dice are as they were.
    assert event_to_json(Roll(1, (3, 1))) == {"type": "roll", "player": 1, "dice": [3, 1]}
    assert event_to_json(OpeningRoll(3, 1, by_hand=True))["by_hand"] is True


@pytest.mark.parametrize(
    "raw",
    [
        {"type": "roll", "player": 1, "dice": [3, 1], "by_hand": 1},
        {"type": "opening", "dice": [3, 1], "by_hand": "yes"},
        {"type": "take", "player": 1, "by_hand": True},
    ],
)
def test_a_bad_flag_is_a_save_error(raw: dict[str, object]) -> None:
    with pytest.raises(SaveError):
        event_from_json(raw)


@pytest.mark.parametrize(
    "counts", [[1] * 8, [1] * 10, [0, 1, 0, 1, 1, 0, 0, 0, 0], [-1] + [0] * 8, [True] + [0] * 8]
)
def test_a_bad_tally_is_refused(counts: list[int]) -> None:
    with pytest.raises(InvalidDiceError):
        DiceTally.from_counts(counts)


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


@pytest.mark.parametrize("x", [0.5, 2.0, 4.35, 9.24, 11.07, 15.09, 20.5])
def test_the_closed_form_matches_the_density(x: float) -> None:
    assert chi_square_tail(x) == pytest.approx(_chi_square_tail_by_integration(x), abs=1e-9)


def test_the_textbook_critical_values() -> None:
    # 10%, 5% and 1% points of chi-square with 5 degrees of freedom.
    for x, p in ((9.236, 0.10), (11.070, 0.05), (15.086, 0.01)):
        assert chi_square_tail(x) == pytest.approx(p, abs=2e-4)


def test_fair_dice_give_uniform_p_values() -> None:
    """Under fair dice the faces' p-value falls below 5% about 5% of the time."""
    rng = random.Random(11)
    below = 0
    for _ in range(2000):
        faces = [0] * 6
        for _ in range(120):
            faces[rng.randrange(6)] += 1
        below += chi_square_tail(chi_square(faces)) < 0.05
    assert 60 <= below <= 140  # 100 expected; this range is over four standard deviations


def test_loaded_dice_are_caught() -> None:
    faces = [100, 100, 100, 100, 100, 160]  # sixes half again as often
    assert chi_square_tail(chi_square(faces)) < 0.001


def test_doubles_tail_is_the_exact_binomial_sum() -> None:
    for n, d in ((10, 0), (10, 1), (10, 2), (10, 5), (36, 6), (36, 12)):
        pmf = [math.comb(n, k) * (1 / 6) ** k * (5 / 6) ** (n - k) for k in range(n + 1)]
        want = sum(pmf[d:]) if 6 * d >= n else sum(pmf[: d + 1])
        assert doubles_tail(n, d) == pytest.approx(want, rel=1e-9)


def test_doubles_tail_over_many_rolls() -> None:
    # 6,000 rolls: the mean is 1,000 and the standard deviation about 28.9.
    assert doubles_tail(6000, 1000) == pytest.approx(0.5, abs=0.01)
    assert doubles_tail(6000, 1100) == pytest.approx(3.3e-4, rel=0.05)
    assert 0 < doubles_tail(60000, 9000) < 1e-20
    with pytest.raises(InvalidDiceError):
        doubles_tail(5, 6)
