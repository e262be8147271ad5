"""The movement rules, one rule per test, on hand-built positions.

Positions are built with :func:`make`: my checkers and the opponent's, both
keyed by *my* point numbers.  A stack of checkers on my ace point is a handy
way to freeze checkers: they cannot move until all fifteen are home, so only
the checkers a test is about can move.

Every hand-built position is also checked, for all 21 rolls, against the naive
rules in ``rules_oracle.py`` and against GNU Backgammon's move generator.
"""

from __future__ import annotations

import pytest
from rules_oracle import make, reference_plays, replay, result_set

from engine import InvalidDiceError, Play, Position, legal_plays

ROLLS = [(d1, d2) for d1 in range(1, 7) for d2 in range(1, d1 + 1)]
HOME = range(1, 7)


def texts(pos: Position, dice: tuple[int, int]) -> set[str]:
    plays = legal_plays(pos, dice)
    names = {str(p) for p in plays}
    assert len(names) == len(plays), "two plays print the same"
    return names


def moves_of(pos: Position, dice: tuple[int, int]) -> list[tuple[tuple[int, int], ...]]:
    return [p.moves for p in legal_plays(pos, dice)]


def play_named(pos: Position, dice: tuple[int, int], text: str) -> Play:
    found = [p for p in legal_plays(pos, dice) if str(p) == text]
    assert found, f"{text!r} not among {sorted(texts(pos, dice))}"
    return found[0]


def my_side_after(play: Play) -> tuple[int, ...]:
    """My counts after the play; the result is seen by the opponent, so mine are ``opp``."""
    return play.result.opp


def their_side_after(play: Play) -> tuple[int, ...]:
    return play.result.me


# Checkers of the opponent holding every point of its home board (my 19..24).
CLOSED_BOARD = {p: 2 for p in range(19, 25)}


# -- golden counts ------------------------------------------------------------

# Number of legal plays (distinct resulting positions) of each opening roll from
# the starting position.  Reference values from GNU Backgammon's move generator:
# len(gnubg_nn.moves(board, d1, d2)) with gnubg-nn 1.1.0a11.
START_COUNTS = {
    (1, 1): 42, (2, 1): 15, (2, 2): 75, (3, 1): 16, (3, 2): 17, (3, 3): 73,
    (4, 1): 14, (4, 2): 18, (4, 3): 17, (4, 4): 52, (5, 1): 8, (5, 2): 8,
    (5, 3): 9, (5, 4): 9, (5, 5): 4, (6, 1): 10, (6, 2): 14, (6, 3): 14,
    (6, 4): 14, (6, 5): 7, (6, 6): 11,
}  # fmt: skip


@pytest.mark.parametrize("dice", ROLLS)
def test_start_position_golden_counts(dice: tuple[int, int]) -> None:
    assert len(legal_plays(Position.start(), dice)) == START_COUNTS[dice]


# Counts of legal plays for all 21 rolls (in ROLLS order: 11, 21, 22, 31, ...)
# of a few other positions, again from len(gnubg_nn.moves(board, d1, d2)) with
# gnubg-nn 1.1.0a11.
GOLDEN_COUNTS = {
    # After the opening 31 played 8/5 6/5, the opponent on roll.
    "sGfwATDgc/ABMA": [41, 15, 58, 15, 17, 73, 11, 14, 13, 21, 8,
                       8, 9, 6, 4, 10, 14, 14, 11, 7, 11],
    # Middle game, no one on the bar.
    "ewcgCCeYnwdQAQ": [77, 29, 105, 26, 29, 80, 24, 28, 25, 68, 20,
                       24, 21, 21, 29, 21, 24, 21, 21, 18, 26],
    "kV9HKAB7ByAgDw": [45, 16, 38, 6, 6, 1, 14, 15, 6, 25, 10, 9, 4, 8, 2, 15, 13, 6, 13, 8, 21],
    # One on the bar against a 4-point board.
    "e0cJARSxPgcCQg": [0, 0, 0, 0, 0, 0, 6, 6, 6, 34, 7, 7, 7, 9, 34, 7, 7, 7, 9, 9, 16],
    # Two on the bar, only the opponent's 3-point open.
    "m20AAPh/AAgAAw": [0, 0, 0, 1, 1, 1, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0],
    # The bear-off position of the seed bug report (seeds/003).
    "AwAAoNsBAAAAAA": [33, 14, 32, 14, 14, 22, 12, 12, 12, 10, 8, 8, 8, 6, 2, 4, 4, 4, 3, 2, 1],
    # Bearing off against a blot on my 2-point.
    "AwAAce7uAAAAAA": [81, 20, 42, 19, 16, 31, 15, 13, 12, 12, 9, 8, 8, 6, 3, 5, 4, 4, 3, 2, 1],
}  # fmt: skip


@pytest.mark.parametrize("position_id", sorted(GOLDEN_COUNTS))
def test_golden_counts(position_id: str) -> None:
    pos = Position.from_id(position_id)
    assert [len(legal_plays(pos, dice)) for dice in ROLLS] == GOLDEN_COUNTS[position_id]


# -- landing --------------------------------------------------------------------


def test_lands_on_empty_point() -> None:
    pos = make({1: 14, 13: 1}, {24: 2})
    (play,) = legal_plays(pos, (2, 1))
    assert str(play) == "13/10"
    assert play.moves in (((13, 11), (11, 10)), ((13, 12), (12, 10)))
    assert my_side_after(play)[10] == 1 and my_side_after(play)[13] == 0
    assert play.hits == (False, False)


def test_lands_on_own_point() -> None:
    play = play_named(Position.start(), (3, 1), "8/5 6/5")
    assert my_side_after(play)[5] == 2
    play = play_named(Position.start(), (6, 1), "13/7 8/7")
    assert my_side_after(play)[7] == 2


def test_landing_on_a_blot_hits_it() -> None:
    pos = make({1: 14, 13: 1}, {10: 1, 24: 2})
    assert texts(pos, (3, 1)) == {"13/10*/9", "13/9"}
    hit = play_named(pos, (3, 1), "13/10*/9")
    assert hit.hits == (True, False)
    assert their_side_after(hit)[25] == 1  # on the bar
    assert their_side_after(hit)[25 - 10] == 0  # gone from my 10 (its 15)
    quiet = play_named(pos, (3, 1), "13/9")
    assert quiet.moves == ((13, 12), (12, 9))
    assert their_side_after(quiet)[25] == 0


@pytest.mark.parametrize("n", [2, 3, 5])
def test_point_held_by_two_or_more_blocks(n: int) -> None:
    pos = make({1: 14, 13: 1}, {10: n, 24: 2})
    assert texts(pos, (3, 1)) == {"13/9"}  # only through 12
    assert legal_plays(pos, (3, 3)) == []


# -- doubles ----------------------------------------------------------------------


def test_doubles_give_four_moves() -> None:
    (play,) = legal_plays(make({1: 14, 24: 1}), (2, 2))
    assert play.moves == ((24, 22), (22, 20), (20, 18), (18, 16))
    for play in legal_plays(Position.start(), (3, 3)):
        assert len(play.moves) == 4


def test_partial_doubles_when_blocked() -> None:
    pos = make({1: 14, 24: 1}, {16: 2})
    (play,) = legal_plays(pos, (2, 2))
    assert play.moves == ((24, 22), (22, 20), (20, 18))  # the fourth 2 is blocked
    (play,) = legal_plays(pos, (4, 4))
    assert play.moves == ((24, 20),)
    assert legal_plays(make({1: 14, 24: 1}, {20: 2}), (4, 4)) == []


def test_doubles_play_as_many_as_possible_over_several_checkers() -> None:
    pos = make({1: 13, 24: 1, 13: 1}, {16: 2, 5: 2})
    assert texts(pos, (4, 4)) == {"24/20 13/9"}


# -- the bar ----------------------------------------------------------------------


def test_checker_on_bar_must_enter_first() -> None:
    pos = make({1: 13, 13: 1}, {24: 2}, bar=1)
    assert texts(pos, (6, 5)) == {"bar/14", "bar/19 13/8", "bar/20 13/7"}
    for dice in ROLLS:
        for play in legal_plays(pos, dice):
            assert play.moves[0][0] == 25


def test_entering_on_a_blot_hits() -> None:
    pos = make({1: 13, 13: 1}, {19: 1, 24: 2}, bar=1)
    play = play_named(pos, (6, 5), "bar/19* 13/8")
    assert play.hits == (True, False)
    assert their_side_after(play)[25] == 1


def test_entry_point_held_forces_the_other_die() -> None:
    pos = make({1: 13, 13: 1}, {19: 2}, bar=1)
    assert texts(pos, (6, 5)) == {"bar/14", "bar/20 13/7"}


def test_one_on_bar_enters_and_other_die_cannot_be_played() -> None:
    # Only my 22 (its 3-point) is open; 16 and 21 are held, the rest are frozen.
    theirs = {19: 2, 20: 2, 21: 2, 23: 2, 24: 2, 16: 2}
    pos = make({1: 14}, theirs, bar=1)
    assert moves_of(pos, (6, 3)) == [((25, 22),)]
    assert moves_of(pos, (3, 1)) == [((25, 22),)]


def test_two_on_bar_only_one_can_enter_and_turn_ends() -> None:
    theirs = {19: 2, 20: 2, 21: 2, 23: 2, 24: 2}
    # 13/7 would be a legal 6 without the second checker on the bar.
    pos = make({1: 12, 13: 1}, theirs, bar=2)
    assert moves_of(pos, (6, 3)) == [((25, 22),)]
    # With 3-3 both enter, then the other two 3s are free.
    assert legal_plays(pos, (3, 3))
    for play in legal_plays(pos, (3, 3)):
        assert play.moves[:2] == ((25, 22), (25, 22))
        assert len(play.moves) == 4


def test_three_on_bar_with_doubles() -> None:
    pos = make({1: 11, 13: 1}, {24: 2}, bar=3)
    assert legal_plays(pos, (4, 4))
    for play in legal_plays(pos, (4, 4)):
        assert play.moves[:3] == ((25, 21),) * 3
        assert len(play.moves) == 4


@pytest.mark.parametrize("dice", ROLLS)
def test_no_entry_means_no_play(dice: tuple[int, int]) -> None:
    pos = make({1: 13, 13: 1}, CLOSED_BOARD, bar=1)
    assert legal_plays(pos, dice) == []


# -- bearing off ----------------------------------------------------------------


def test_bear_off_needs_all_fifteen_home() -> None:
    pos = make({7: 1, 6: 14})
    for dice in ROLLS:
        for play in legal_plays(pos, dice):
            replay(pos, dice, play.moves)  # each bear-off only once the 7 is home
            if any(dest == 0 for _, dest in play.moves):
                first_off = [dest for _, dest in play.moves].index(0)
                assert any(src == 7 for src, _ in play.moves[:first_off])
    assert "7/2 6/off" in texts(pos, (6, 5))
    assert all(dest != 0 for m in moves_of(make({8: 1, 6: 14}), (2, 1)) for _, dest in m)


@pytest.mark.parametrize("dice", ROLLS)
def test_checker_on_bar_forbids_bearing_off(dice: tuple[int, int]) -> None:
    assert legal_plays(make({6: 14}, CLOSED_BOARD, bar=1), dice) == []
    for play in legal_plays(make({6: 7, 5: 7}, {24: 2}, bar=1), dice):
        assert all(dest != 0 for _, dest in play.moves)


@pytest.mark.parametrize("p", HOME)
@pytest.mark.parametrize("d", HOME)
def test_bear_off_single_checker_every_point_and_die(p: int, d: int) -> None:
    """One checker on ``p`` (so it is the highest), every other home point held.

    A die at least ``p`` bears it off; a smaller one would have to move it
    inside, onto a held point, so there is no play at all.
    """
    pos = make({p: 1}, {q: 2 for q in HOME if q != p})
    if d >= p:
        assert moves_of(pos, (d, d)) == [((p, 0),)]
    else:
        assert legal_plays(pos, (d, d)) == []


# Where 6 - d == p the checker on 6 could move onto p; the oracle comparison covers that.
@pytest.mark.parametrize(
    ("p", "d"), [(p, d) for p in range(1, 6) for d in range(1, 6) if 6 - d != p]
)
def test_bear_off_below_an_occupied_point_every_die(p: int, d: int) -> None:
    """A checker on ``p`` and a frozen one on 6 (every other home point held).

    Only the exact die bears the checker on ``p`` off: a higher die may not
    while the 6-point is occupied, and a lower die never can.
    """
    pos = make({p: 1, 6: 1}, {q: 2 for q in HOME if q not in (p, 6)})
    if d == p:
        assert moves_of(pos, (d, d)) == [((p, 0),)]
    else:
        assert legal_plays(pos, (d, d)) == []


def test_six_bears_off_the_six_then_lower_point_is_highest() -> None:
    pos = make({3: 1, 6: 1}, {q: 2 for q in (1, 2, 4, 5)})
    assert moves_of(pos, (6, 6)) == [((6, 0), (3, 0))]


def test_higher_die_bears_off_only_from_highest_point() -> None:
    pos = make({5: 1, 3: 1})
    # The 4 may bear off from 3 only once the 5 is gone.
    assert texts(pos, (6, 4)) == {"5/off 3/off", "5/1 3/off"}
    for play in legal_plays(pos, (6, 4)):
        replay(pos, (6, 4), play.moves)


SEED_003 = make({3: 1, 4: 3, 5: 2, 6: 3}, {24: 2})

# GNU Backgammon's legal plays of 3-3 in the seed bug report's position
# (White: 1 on 3, 3 on 4, 2 on 5, 3 on 6): gnubg_nn.moves(board, 3, 3, 1),
# written as gnubg writes them (a checker moved 6/3/off prints 6/off, before 6/3).
SEED_003_PLAYS = {
    "6/3(3) 5/2", "6/3(3) 4/1", "6/off 6/3(2)", "6/3(2) 5/2(2)", "6/3(2) 5/2 4/1",
    "6/off 6/3 5/2", "6/3(2) 4/1(2)", "6/off 6/3 4/1", "6/off(2)", "6/3 5/2(2) 4/1",
    "6/off 5/2(2)", "6/3 5/2 4/1(2)", "6/off 5/2 4/1", "6/off 5/2 3/off", "6/3 4/1(3)",
    "6/off 4/1(2)", "6/off 4/1 3/off", "5/2(2) 4/1(2)", "5/2(2) 4/1 3/off", "5/2 4/1(3)",
    "5/2 4/1(2) 3/off", "4/1(3) 3/off",
}  # fmt: skip


def test_seed_003_no_bear_off_with_a_lower_die() -> None:
    """The seed bug report: 3-3 must never take a checker off from 4, 5 or 6.

    Moving 6/3 inside the board is a normal, legal move (GNU Backgammon's own
    best play here is 6/3 5/2 4/1(2)); what the report's engine did wrong was
    to *bear off* from 6 with a 3.  In this engine's plays that would be a
    single-die move ``(6, 0)`` (or ``(5, 0)``, ``(4, 0)``) made with a 3.
    """
    plays = legal_plays(SEED_003, (3, 3))
    assert {str(p) for p in plays} == SEED_003_PLAYS
    for play in plays:
        me = list(SEED_003.me)
        for src, dest in play.moves:
            if dest == 0:
                assert src == 3, f"{play}: bore off from {src} with a 3"
                assert me[3] > 0
            me[src] -= 1
            me[dest] += 1
        replay(SEED_003, (3, 3), play.moves)
    assert "6/3 5/2 4/1(2)" in {str(p) for p in plays}


def test_seed_003_six_bears_off_from_six() -> None:
    # Report case 2: with a 6, the 6-point checker bears off.
    assert any((6, 0) in p.moves for p in legal_plays(SEED_003, (6, 1)))
    assert all((6, 0) not in p.moves for d in range(1, 6) for p in legal_plays(SEED_003, (d, d)))


def test_seed_003_six_bears_off_from_three_only_when_higher_points_empty() -> None:
    # Report case 3: a 6 takes a checker off the 3-point only when 4, 5, 6 are empty.
    assert all((3, 0) not in p.moves for p in legal_plays(SEED_003, (6, 1)))
    assert moves_of(make({3: 1, 2: 1}), (6, 6)) == [((3, 0), (2, 0))]
    assert all((3, 0) not in p.moves[:1] for p in legal_plays(make({3: 1, 4: 1, 2: 1}), (6, 6)))


def test_hit_while_bearing_off() -> None:
    pos = make({6: 3, 5: 3, 4: 3, 3: 3, 1: 3}, {2: 1, 24: 2})
    play = play_named(pos, (4, 1), "6/2* 1/off")
    assert True in play.hits
    assert their_side_after(play)[25] == 1
    assert any(True in p.hits for p in legal_plays(pos, (1, 1)))  # 3/2*


def test_smaller_die_inside_then_larger_bears_off() -> None:
    """The reference manual: one checker on 6, roll 6-1: 6/5 with the 1, off with the 6."""
    (play,) = legal_plays(make({6: 1}), (6, 1))
    assert play.moves == ((6, 5), (5, 0))
    assert my_side_after(play)[0] == 15


def test_manual_bear_off_examples() -> None:
    # "Roll 6-5, no stone on 6, but two on 5 -> both bear off from 5."
    assert texts(make({5: 2}), (6, 5)) == {"5/off(2)"}
    # "3-3 and one stone on 4: move it to 1, then bear it off."
    assert moves_of(make({4: 1}), (3, 3)) == [((4, 1), (1, 0))]


# -- compulsory use of the dice ---------------------------------------------------


def test_both_dice_when_only_one_order_allows_it() -> None:
    pos = make({1: 14, 13: 1}, {7: 2})  # the 6 first is blocked
    assert moves_of(pos, (6, 3)) == [((13, 10), (10, 4))]


def test_both_dice_when_only_one_checker_allows_it() -> None:
    """The manual's 6-3 example: only the 6 with one particular checker lets the 3 follow."""
    pos = make({1: 13, 13: 1, 11: 1}, {10: 2, 8: 2, 4: 2})
    # 13/7 is a legal 6 on its own, but then no 3 can be played.
    assert moves_of(pos, (6, 3)) == [((11, 5), (5, 2))]


def test_higher_die_when_either_could_be_played_alone() -> None:
    pos = make({1: 14, 13: 1}, {2: 2})
    assert moves_of(pos, (6, 5)) == [((13, 7),)]


def test_lower_die_when_only_it_can_be_played() -> None:
    pos = make({1: 14, 13: 1}, {7: 2, 2: 2})
    assert moves_of(pos, (6, 5)) == [((13, 8),)]


def test_no_legal_play_is_an_empty_list() -> None:
    pos = make({1: 14, 13: 1}, {7: 2, 8: 2})
    assert legal_plays(pos, (6, 5)) == []


@pytest.mark.parametrize("dice", [(d1, d2) for d1, d2 in ROLLS if d1 != d2])
def test_dice_order_does_not_matter(dice: tuple[int, int]) -> None:
    pos = Position.from_id("sGfwATDgc/ABMA")
    high, low = dice
    assert result_set(legal_plays(pos, (low, high))) == result_set(legal_plays(pos, dice))


@pytest.mark.parametrize("dice", [(0, 1), (7, 1), (1,), (1, 2, 3), "31", (True, 1), (1.0, 2), None])
def test_invalid_dice(dice: object) -> None:
    with pytest.raises(InvalidDiceError):
        legal_plays(Position.start(), dice)  # type: ignore[arg-type]


# -- every hand-built position against the oracle and GNU Backgammon ------------

RULE_POSITIONS = {
    "start": Position.start(),
    "blot": make({1: 14, 13: 1}, {10: 1, 24: 2}),
    "block": make({1: 14, 13: 1}, {10: 2, 24: 2}),
    "doubles-block": make({1: 13, 24: 1, 13: 1}, {16: 2, 5: 2}),
    "bar": make({1: 13, 13: 1}, {19: 1, 24: 2}, bar=1),
    "bar-one-open": make({1: 12, 13: 1}, {19: 2, 20: 2, 21: 2, 23: 2, 24: 2}, bar=2),
    "bar-closed": make({1: 13, 13: 1}, CLOSED_BOARD, bar=1),
    "bar-bearoff": make({6: 7, 5: 7}, {24: 2}, bar=1),
    "not-all-home": make({7: 1, 6: 14}),
    "seed-003": SEED_003,
    "bearoff-gaps": make({5: 1, 3: 1}),
    "bearoff-hit": make({6: 3, 5: 3, 4: 3, 3: 3, 1: 3}, {2: 1, 24: 2}),
    "bearoff-held": make({4: 2, 6: 3, 2: 1}, {5: 2, 3: 2, 1: 1}),
    "one-order": make({1: 13, 13: 1, 11: 1}, {10: 2, 8: 2, 4: 2}),
    **{f"bearoff-{p}-{h}": make({p: 2, h: 1}, {20: 2}) for p in HOME for h in HOME if h > p},
}


@pytest.mark.parametrize("name", sorted(RULE_POSITIONS))
def test_rule_positions_match_naive_rules(name: str) -> None:
    pos = RULE_POSITIONS[name]
    for dice in ROLLS:
        plays = legal_plays(pos, dice)
        expected = reference_plays(pos, dice)
        assert result_set(plays) == set(expected), f"{pos.id} {dice}"
        for play in plays:
            assert play.moves in expected[play.result], f"{pos.id} {dice} {play}"
            assert replay(pos, dice, play.moves) == (play.result, play.hits)


@pytest.mark.parametrize("name", sorted(RULE_POSITIONS))
def test_rule_positions_match_gnubg(name: str) -> None:
    gnubg_nn = pytest.importorskip("gnubg_nn", reason="gnubg-nn (the referee) is not installed")
    pos = RULE_POSITIONS[name]
    board = [list(pos.opp[1:]), list(pos.me[1:])]
    for dice in ROLLS:
        theirs = set()
        for key in gnubg_nn.moves(board, *dice):
            not_moved, mover = gnubg_nn.board_from_position_key(key)
            theirs.add((tuple(not_moved), tuple(mover)))
        ours = {(p.result.me[1:], p.result.opp[1:]) for p in legal_plays(pos, dice)}
        assert ours == theirs, f"{pos.id} {dice}"
