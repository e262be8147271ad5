"""What the evaluator may not guess (outcomes the position has already ruled out),
and which of its networks judges which class of position."""

from __future__ import annotations

import random

import numpy as np
import pytest

from engine import Position
from engine.ai import evaluator, race_rolls
from engine.ai.bearoff import is_bearoff, race_probs
from engine.ai.encoding import N_INPUTS
from engine.ai.evaluator import evaluate_sides, has_race_network
from engine.ai.network import Network, load_network
from training.export import pack_weights


def _side(spots: dict[int, int]) -> list[int]:
    side = [0] * 26
    for point, count in spots.items():
        side[point] = count
    assert sum(side) == 15
    return side


def _random_race(rng: random.Random) -> tuple[list[int], list[int]]:
    """A race (no contact): the side on roll near home, none of the other's in its home board."""
    me, opp = [0] * 26, [0] * 26
    for _ in range(15):
        me[rng.randint(1, rng.choice((3, 6, 9, 12)))] += 1
    high = min(18, 25 - max(i for i in range(26) if me[i]))
    low = rng.randint(7, high)
    for _ in range(15):
        opp[rng.randint(low, high)] += 1
    return me, opp


def test_no_backgammon_in_a_race_when_no_checker_is_left_in_the_home_board() -> None:
    # The network gave this race a 1.7 % backgammon: theirs are all on our 11 point.
    me = _side({1: 2, 2: 2, 3: 3, 4: 2, 5: 3, 7: 2, 11: 1})
    opp = _side({14: 15})
    w, wg, wbg, _, lbg = evaluate_sides(me, opp)
    assert w > 0.99 and wg > 0.9
    assert wbg == 0.0 and lbg == 0.0
    rng = random.Random(7)
    for _ in range(300):
        me, opp = _random_race(rng)
        assert evaluate_sides(me, opp)[2] == 0.0
        assert evaluate_sides(opp, me)[4] == 0.0


def test_a_backgammon_stays_possible_with_a_checker_in_the_winners_home() -> None:
    # A race, but one of theirs is still on our 6 point (their 19): it can be caught.
    me = _side({1: 5, 2: 5, 3: 5})
    opp = _side({19: 1, 12: 14})
    assert evaluate_sides(me, opp)[2] > 0.0
    # With contact the network's guess stands as it is.
    opp_contact = _side({24: 2, 12: 13})
    me_contact = _side({1: 3, 2: 3, 3: 3, 4: 3, 20: 3})
    assert evaluate_sides(me_contact, opp_contact)[2] >= 0.0


@pytest.fixture
def race_net(monkeypatch: pytest.MonkeyPatch) -> Network:
    """A race network beside the shipped contact net (random weights: only which
    net answers matters here)."""
    hidden = 8
    count = N_INPUTS * hidden + hidden + 5 * hidden + 5
    floats = np.random.default_rng(1).normal(0.0, 0.3, count).astype("<f4")
    net = Network(pack_weights((N_INPUTS, hidden, 5), {"net": "race"}, floats.tobytes()))
    contact = load_network("contact")
    monkeypatch.setattr(evaluator, "has_race_network", lambda: True)
    monkeypatch.setattr(evaluator, "load_network", lambda name: net if name == "race" else contact)
    return net


def test_races_are_judged_by_the_race_network(race_net: Network) -> None:
    """Two networks, by position class: a race (no contact, not a bear-off) goes
    to the race net, anything with contact to the contact net."""
    contact = load_network("contact")
    rng = random.Random(3)
    races = 0
    for _ in range(60):
        me, opp = _random_race(rng)
        if is_bearoff(me, opp):
            continue
        win = evaluate_sides(me, opp)[0]
        assert win == race_net.evaluate(me, opp)[0] != contact.evaluate(me, opp)[0]
        races += 1
    assert races > 30
    start = Position.start()
    assert evaluate_sides(start.me, start.opp)[0] == contact.evaluate(start.me, start.opp)[0]


def test_without_a_race_network_the_contact_net_judges_races() -> None:
    assert not has_race_network()  # none shipped yet: see training/README.md
    me, opp = _side({1: 5, 2: 5, 3: 4, 9: 1}), _side({14: 15})
    assert evaluate_sides(me, opp)[0] == load_network("contact").evaluate(me, opp)[0]


def test_bear_offs_wait_for_the_database_on_the_contact_network(
    race_net: Network, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The race net never saw a bear-off (its games end there): while the site's
    worker is still making the database, the contact net judges them."""
    me = _side({1: 5, 2: 5, 3: 5})
    opp = _side({4: 5, 5: 5, 6: 5})
    assert evaluate_sides(me, opp) == race_probs(me, opp)
    monkeypatch.setattr(evaluator, "database", lambda: None)
    monkeypatch.setattr(race_rolls, "database", lambda: None)
    assert evaluate_sides(me, opp)[0] == load_network("contact").evaluate(me, opp)[0]
