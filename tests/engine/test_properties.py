"""Properties of positions and legal plays over long random self-play games.

Hypothesis draws the seeds; each seed plays a whole game of random legal
plays, and every position and play on the way is checked.
"""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st
from random_positions import ROLLS, bear_off, roll, scattered, self_play, strong_board, with_bar
from rules_oracle import replay

from engine import Play, Position, legal_plays

seeds = st.integers(min_value=0, max_value=2**64 - 1)


def check_position(pos: Position) -> None:
    me, opp = pos.me, pos.opp
    assert len(me) == len(opp) == 26
    assert sum(me) == 15 and sum(opp) == 15
    assert min(me) >= 0 and min(opp) >= 0
    for p in range(1, 25):
        assert not (me[p] and opp[25 - p]), f"point {p} shared in {pos.id}"
    # Pips from the signed board, independently of pips()'s own sums.
    mine = sum(p * n for p, n in enumerate(pos.points, start=1) if n > 0) + 25 * pos.bar
    theirs = sum((25 - p) * -n for p, n in enumerate(pos.points, start=1) if n < 0)
    assert pos.pips() == (mine, theirs + 25 * pos.opp_bar)
    assert Position.from_id(pos.id) == pos
    assert pos.swap().swap() == pos
    assert pos.swap().pips() == pos.pips()[::-1]
    assert hash(Position(list(me), list(opp))) == hash(pos)


def check_plays(pos: Position, dice: tuple[int, int], plays: list[Play]) -> None:
    results = [p.result for p in plays]
    assert len(set(results)) == len(results), "two plays reach the same position"
    assert len({len(p.moves) for p in plays}) <= 1, "plays use different numbers of dice"
    for play in plays:
        assert len(play.hits) == len(play.moves)
        assert replay(pos, dice, play.moves) == (play.result, play.hits), str(play)
        # The opponent only loses checkers to the bar, one per hit.
        after = play.result.me
        assert after[25] - pos.opp[25] == sum(play.hits)
        assert all(after[q] <= pos.opp[q] for q in range(1, 25))
        check_position(play.result)


@settings(max_examples=20, deadline=None, print_blob=True)
@given(seeds)
def test_self_play_games(seed: int) -> None:
    rng = random.Random(seed)
    turns = 0
    for pos in self_play(random.Random(seed)):
        check_position(pos)
        dice = roll(rng)
        check_plays(pos, dice, legal_plays(pos, dice))
        turns += 1
    assert turns > 10


@settings(max_examples=60, deadline=None, print_blob=True)
@given(seeds, st.sampled_from(["scatter", "bear-off", "contact-bear-off", "bar", "strong-board"]))
def test_unusual_positions_all_rolls(seed: int, kind: str) -> None:
    rng = random.Random(seed)
    pos = {
        "scatter": lambda: scattered(rng),
        "bear-off": lambda: bear_off(rng, contact=False),
        "contact-bear-off": lambda: bear_off(rng, contact=True),
        "bar": lambda: with_bar(rng, scattered(rng)),
        "strong-board": lambda: strong_board(rng),
    }[kind]()
    check_position(pos)
    for dice in ROLLS:
        check_plays(pos, dice, legal_plays(pos, dice))


@settings(max_examples=200, deadline=None)
@given(seeds)
def test_swap_is_an_involution_and_ids_round_trip(seed: int) -> None:
    pos = scattered(random.Random(seed))
    assert pos.swap().swap() == pos
    assert Position.from_id(pos.id) == pos
    assert Position.from_id(pos.swap().id) == pos.swap()
    if pos != pos.swap():
        assert pos.id != pos.swap().id
