"""Moving checkers inside a turn: legal single steps, multi-die routes, undo and redo."""

from __future__ import annotations

import random

import pytest
from random_positions import mixed_positions

from engine import IllegalActionError, Position, legal_plays
from engine.turn import Step, TurnState, raw_moves

START = Position.start()


def side(**points: int) -> list[int]:
    """24 signed counts from keywords like ``p6=5`` (mine) and ``o19=-5`` (theirs, my numbering)."""
    pts = [0] * 24
    for name, n in points.items():
        pts[int(name[1:]) - 1] += n
    return pts


def steps_of(turn: TurnState) -> set[tuple[int, int, int]]:
    return {(s.src, s.dst, s.die) for s in turn.legal_steps()}


def test_opening_31_step_by_step() -> None:
    turn = TurnState.begin(START, (3, 1))
    assert turn.remaining_dice == (3, 1)
    assert (8, 5, 3) in steps_of(turn) and (6, 5, 1) in steps_of(turn)
    assert turn.movable_points() == [24, 13, 8, 6]
    turn = turn.move(8, 5)
    assert turn.remaining_dice == (1,)
    assert not turn.is_complete and turn.play is None
    turn = turn.move(6, 5)
    assert turn.is_complete and turn.remaining_dice == ()
    assert str(turn.play) == "8/5 6/5"
    assert turn.legal_steps() == []
    assert turn.position == turn.play.result.swap()


def test_undo_redo_and_new_moves_forget_the_redo_history() -> None:
    turn = TurnState.begin(START, (3, 1)).move(8, 5).move(6, 5)
    back = turn.undo().undo()
    assert back.position == START and back.remaining_dice == (3, 1)
    assert back.can_redo and not back.can_undo
    assert back.redo().redo() == turn
    with pytest.raises(IllegalActionError):
        back.undo()
    with pytest.raises(IllegalActionError):
        turn.redo()
    other = back.redo().undo().move(24, 21)
    assert not other.can_redo
    assert [str(s) for s in other.done] == ["24/21"]
    assert turn.reset().position == START and turn.reset().redo().done == turn.done[:1]


def test_equal_states_compare_equal_whatever_the_path() -> None:
    a = TurnState.begin(START, (3, 1)).move(8, 5)
    b = TurnState.begin(START, (3, 1)).move(24, 21).undo().move(8, 5)
    assert a == b and hash(a) == hash(b)
    assert a != a.undo()
    assert "8/5" in repr(a)


def test_illegal_steps_are_refused_with_the_legal_ones_listed() -> None:
    turn = TurnState.begin(START, (3, 1))
    with pytest.raises(IllegalActionError, match="legal:"):
        turn.move(6, 1)  # 5 pips with a 3-1
    with pytest.raises(IllegalActionError):
        turn.move(8, 5, die=1)


def test_only_the_higher_die_when_only_one_can_be_played() -> None:
    # One loose checker on 13; the 2-point is blocked, so after either die
    # the other cannot be played: the 6 is compulsory.
    pos = Position.from_points(side(p1=14, p13=1, p2=-2, p24=-13))
    turn = TurnState.begin(pos, (6, 5))
    assert [str(p) for p in turn.plays] == ["13/7"]
    assert steps_of(turn) == {(13, 7, 6)}
    with pytest.raises(IllegalActionError):
        turn.move(13, 8)
    done = turn.move(13, 7)
    assert done.is_complete and done.remaining_dice == (5,)
    assert turn.forced_play is not None and str(turn.forced_play) == "13/7"


def test_both_dice_must_be_played_when_possible() -> None:
    # 13/7 is open, but after it the 5 cannot be played (7/2 and 20/15 are
    # blocked), while 13/8 20/14 plays both: so 13/7 is not a legal step.
    pos = Position.from_points(side(p13=1, p20=1, p1=13, o2=-2, o15=-2, o24=-11))
    turn = TurnState.begin(pos, (6, 5))
    assert (13, 7) in raw_moves(pos, 6)
    assert steps_of(turn) == {(20, 14, 6), (13, 8, 5)}
    assert sorted(str(p) for p in turn.plays) == ["20/14 13/8", "20/9"]
    with pytest.raises(IllegalActionError):
        turn.move(13, 7)
    assert turn.move(20, 14).remaining_dice == (5,)


def test_forced_play_is_none_with_choices() -> None:
    assert TurnState.begin(START, (3, 1)).forced_play is None


def test_no_legal_play_means_the_turn_cannot_move() -> None:
    # On the bar against a closed board.
    pos = Position.from_points(side(o19=-2, o20=-2, o21=-2, o22=-2, o23=-2, o24=-2, p6=14), bar=1)
    turn = TurnState.begin(pos, (6, 5))
    assert not turn.can_move and turn.plays == () and turn.legal_steps() == []
    assert not turn.is_complete


def test_bar_first() -> None:
    pos = Position.from_points(side(p6=13, p1=1, o19=-2, o24=-13), bar=1)
    turn = TurnState.begin(pos, (6, 2))
    assert {s.src for s in turn.legal_steps()} == {25}
    assert steps_of(turn) == {(25, 23, 2)}  # the 6 enters on 19: blocked


def test_destinations_include_multi_die_moves() -> None:
    turn = TurnState.begin(START, (6, 1))
    dests = turn.destinations(13)
    assert set(dests) == {7, 6}  # 12 is the opponent's midpoint
    assert [str(s) for s in dests[6]] == ["13/7", "7/6"]
    moved = turn.move(13, 6)
    assert moved.is_complete and str(moved.play) == "13/6"


def test_destinations_of_doubles_chain_up_to_four_steps() -> None:
    turn = TurnState.begin(START, (3, 3))
    dests = turn.destinations(24)
    assert set(dests) == {21, 18, 15}  # 12 is blocked
    assert len(dests[15]) == 3
    assert set(turn.destinations(8)) == {5, 2}  # 8/5/2, then no bearing off


def test_multi_die_route_goes_round_a_blocked_point() -> None:
    # 7 is blocked: 13/6 with 6-1 only via 12.
    pos = Position.from_points(side(p13=5, p8=3, p6=5, p24=2, o7=-2, o19=-13))
    dests = TurnState.begin(pos, (6, 1)).destinations(13)
    assert [str(s) for s in dests[6]] == ["13/12", "12/6"]
    # 12 blocked as well: no 13/6 at all.
    pos = Position.from_points(side(p13=5, p8=3, p6=5, p24=2, o7=-2, o12=-2, o19=-11))
    assert 6 not in TurnState.begin(pos, (6, 1)).destinations(13)


def test_routes_keep_hitting_and_quiet_paths_apart() -> None:
    # A blot on 7: 13/7*/6 and 13/12/6 end differently.
    pos = Position.from_points(side(p13=5, p8=3, p6=5, p24=2, o7=-1, o19=-14))
    turn = TurnState.begin(pos, (6, 1))
    to6 = [r for r in turn.routes(13) if r[-1].dst == 6]
    assert [[str(s) for s in r] for r in to6] == [["13/7*", "7/6"], ["13/12", "12/6"]]
    assert turn.destinations(13)[6] == to6[0]


def test_bearing_off_die_choice() -> None:
    # All home; checkers on 3 and 2: either die bears off the 3.
    pos = Position.from_points(side(p3=1, p2=1, o24=-15))
    turn = TurnState.begin(pos, (6, 4))
    # Only the highest checker may use a larger die: 2/off needs an exact 2.
    assert steps_of(turn) == {(3, 0, 4), (3, 0, 6)}
    assert turn.move(3, 0).remaining_dice == (6,)  # the smaller die by default
    assert turn.move(3, 0, die=6).remaining_dice == (4,)
    done = turn.move(3, 0).move(2, 0)
    assert done.is_complete and done.position.off == 15


def test_bear_off_rules_from_the_seed_bug_report() -> None:
    # 3: 1, 4: 3, 5: 2, 6: 3 (six already off), rolled 3-3.
    pos = Position.from_points(side(p3=1, p4=3, p5=2, p6=3, o24=-15))
    turn = TurnState.begin(pos, (3, 3))
    steps = steps_of(turn)
    assert (6, 0, 3) not in steps  # no bearing off from 6 with a 3
    assert (6, 3, 3) in steps  # moving 6/3 is legal
    assert (3, 0, 3) in steps
    assert (6, 0) in raw_moves(pos, 6)
    assert (3, 0) not in raw_moves(pos, 6)  # higher points are occupied
    lone = Position.from_points(side(p3=1, p1=2, o24=-15))
    assert (3, 0) in raw_moves(lone, 6)


def test_follow_finds_any_playable_order() -> None:
    turn = TurnState.begin(START, (6, 1))
    assert turn.follow([(13, 7), (7, 6)]) is not None
    assert turn.follow([(8, 7), (13, 7)]) is not None
    assert turn.follow([(13, 6)]) is None
    assert turn.follow([(24, 18), (24, 18)]) is None


def _all_sequences(turn: TurnState, out: set[Position]) -> None:
    steps = turn.legal_steps()
    if turn.is_complete:
        out.add(turn.position)
    for step in steps:
        _all_sequences(turn.move(step.src, step.dst, step.die), out)


def test_step_sequences_reach_exactly_the_legal_plays() -> None:
    """Every legal step leads on to a legal play, and every legal play is reachable."""
    rng = random.Random(5)
    rolls = [(rng.randint(1, 6), rng.randint(1, 6)) for _ in range(200)]
    for pos, dice in zip(mixed_positions(rng, 200), rolls, strict=True):
        turn = TurnState.begin(pos, dice)
        expected = {p.result.swap() for p in legal_plays(pos, dice)}
        reached: set[Position] = set()
        _all_sequences(turn, reached)
        assert reached == expected, (pos, dice)


def test_step_str() -> None:
    assert str(Step(25, 22, 3, hit=True)) == "bar/22*"
    assert str(Step(3, 0, 5)) == "3/off"


def test_follow_play_makes_every_legal_play_from_the_start_of_the_turn() -> None:
    rng = random.Random(11)
    rolls = [(rng.randint(1, 6), rng.randint(1, 6)) for _ in range(120)]
    for pos, dice in zip(mixed_positions(rng, 120), rolls, strict=True):
        turn = TurnState.begin(pos, dice)
        if turn.legal_steps():
            turn = turn.move(turn.legal_steps()[0].src, turn.legal_steps()[0].dst)
        for play in legal_plays(pos, dice):
            followed = turn.follow_play(play.moves)
            assert followed is not None, (pos.id, dice, str(play))
            assert followed.is_complete and followed.play == play
            assert [(s.src, s.dst) for s in followed.done] == list(play.moves)
            assert followed.cursor == len(followed.steps)  # no redo history
            partial = play.moves[:-1]
            assert partial == () or turn.follow_play(partial) is None


def test_follow_play_refuses_what_is_not_a_whole_legal_play() -> None:
    turn = TurnState.begin(START, (6, 1))
    assert turn.follow_play([(13, 7)]) is None  # legal so far, not complete
    assert turn.follow_play([(13, 6)]) is None  # a route, not single-die moves
    assert turn.follow_play([(24, 18), (24, 18)]) is None
    assert turn.follow_play([]) is None
    assert [str(s) for s in turn.follow_play([(8, 7), (13, 7)]).done] == ["8/7", "13/7"]
