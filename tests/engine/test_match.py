"""Matches and money sessions: score, Crawford and post-Crawford, match end, IDs, replay."""

from __future__ import annotations

import dataclasses
import itertools

import pytest

from engine import BAR, OFF, IllegalActionError, IllegalPlayError, InvalidXgidError, Position
from engine.cube import Cube
from engine.formats.gnubg_id import MatchKey
from engine.formats.xgid import Xgid
from engine.game import Action, Phase
from engine.match import Match, replay, replay_events
from engine.record import GameRecord, MatchRecord, Played, ResignOffered, Roll, Setup
from engine.rules import Rules
from engine.scoring import EndReason, WinType


def win(match: Match, winner: int, value: int = 1) -> Match:
    """Play the current game to an end: the loser wins the opening and resigns ``value``."""
    if match.phase is Phase.OPENING:
        match = match.roll((1, 2) if winner == 0 else (2, 1))
    assert match.turn == 1 - winner
    return match.resign(value).accept_resignation()


def test_new_match_starts_at_the_opening_roll() -> None:
    m = Match.new(7)
    assert (m.phase, m.score, m.game_number, m.match_length) == (Phase.OPENING, (0, 0), 1, 7)
    assert not m.is_over and m.winner is None and m.legal_actions() == {Action.ROLL}
    assert m.position == Position.start() and m.pips() == (167, 167)
    assert "7-point match" in repr(m)


def test_score_crawford_post_crawford_and_match_end() -> None:
    m = win(Match.new(5), 0, 2)
    assert m.score == (2, 0) and m.legal_actions() == {Action.NEXT_GAME}
    m = win(m.next_game(), 0, 2)
    assert m.score == (4, 0)
    m = m.next_game()
    assert m.is_crawford_game and m.game_number == 3 and m.game.score == (4, 0)
    m = m.roll((1, 2)).play("13/11 6/5")
    assert not m.can_double()  # no doubling in the Crawford game, for either side
    m = m.roll((3, 1)).play("8/5 6/5")
    assert not m.can_double()
    m = m.resign().accept_resignation()
    assert m.is_over and m.winner == 0 and m.score == (5, 0)
    assert m.legal_actions() == frozenset()
    with pytest.raises(IllegalActionError, match="match is over"):
        m.next_game()


def test_post_crawford_the_trailer_may_double_the_leader_may_not() -> None:
    m = win(Match.new(5), 0, 2)
    m = win(m.next_game(), 0, 2)  # 4-0
    m = win(m.next_game(), 1, 1)  # the Crawford game: 4-1
    m = m.next_game()
    assert not m.is_crawford_game and m.is_post_crawford
    m = m.roll((1, 2)).play("13/11 6/5")  # player 1 opened; player 0 (the leader) to roll
    assert not m.can_double()  # dead cube: one point wins the match
    m = m.roll((3, 1)).play("8/5 6/5")
    assert m.can_double()  # the trailer
    m = m.double().take()
    assert m.cube == Cube(2, owner=0)
    m = win(m.roll((6, 5)).play("24/13"), 1, 1)  # 4-3 after a 2-point win
    assert m.score == (4, 3)
    m = m.next_game()
    assert not m.is_crawford_game and m.is_post_crawford


def test_crawford_game_when_reaching_match_point_by_a_gammon() -> None:
    m = win(Match.new(7), 1, 1)  # 0-1
    m = win(m.next_game(), 1, 3)  # 0-4
    m = win(m.next_game(), 1, 2)  # 0-6
    assert m.next_game().is_crawford_game


def test_no_second_crawford_game_when_the_trailer_reaches_match_point() -> None:
    m = win(Match.new(3), 0, 2)  # 2-0
    m = win(m.next_game(), 1, 2)  # Crawford game lost by the leader: 2-2
    assert m.score == (2, 2)
    m = m.next_game()
    assert not m.is_crawford_game and m.is_post_crawford
    assert not m.roll((2, 1)).play("13/11 6/5").can_double()  # dead for both


def test_without_the_crawford_rule() -> None:
    m = win(Match.new(5, crawford=False), 0, 2)
    m = win(m.next_game(), 0, 2)
    m = m.next_game()
    assert not m.is_crawford_game and not m.is_post_crawford
    assert m.roll((1, 2)).play("13/11 6/5").roll((2, 1)).play("13/11 6/5").can_double()


def test_one_point_match() -> None:
    m = Match.new(1).roll((3, 1)).play("8/5 6/5")
    assert not m.is_crawford_game and not m.can_double()  # the cube is dead at once
    m = m.resign(WinType.BACKGAMMON).accept_resignation()
    assert m.is_over and m.score == (3, 0) and m.winner == 0


def test_points_beyond_the_match_length_count() -> None:
    m = Match.new(3).roll((3, 1)).play("8/5 6/5").double().take()
    m = win(m, 0, 3)
    assert m.score == (6, 0) and m.is_over


def test_money_session_never_ends() -> None:
    m = Match.new(0, jacoby=True)
    for i in range(3):
        m = win(m, i % 2, 2)
        assert not m.is_over and m.legal_actions() == {Action.NEXT_GAME}
        m = m.next_game()
    assert m.score == (2, 1)  # Jacoby: gammons on a centred cube count single
    assert m.game_number == 4 and len(m.games) == 3
    assert not m.is_crawford_game and not m.is_post_crawford


def test_next_game_only_after_the_game_ends() -> None:
    with pytest.raises(IllegalActionError, match="not over"):
        Match.new(5).next_game()


def test_game_results_in_the_record() -> None:
    m = win(win(Match.new(5), 0, 2).next_game(), 1, 1)
    record = m.record
    assert [g.number for g in record.games] == [0, 1]
    assert [g.score for g in record.games] == [(0, 0), (2, 0)]
    assert record.games[0].result is not None
    assert record.games[0].result.reason is EndReason.RESIGNED


# -- replay ---------------------------------------------------------------------------


def test_replay_rebuilds_every_state() -> None:
    m = Match.new(9)
    states = [m]
    m = m.roll((4, 4)).roll((3, 1)).play("8/5 6/5").double().take()
    states.append(m)
    m = m.roll((6, 6)).move(24, 18).move(24, 18).move(13, 7).move(13, 7).confirm()
    states.append(m)
    m = m.resign(2).reject_resignation().roll((5, 2)).play("13/8 13/11").resign(3)
    states.append(m)
    m = m.accept_resignation().next_game().roll((6, 5))
    states.append(m)
    for state in states:
        assert replay(state.record) == state


def test_replay_rejects_records_that_do_not_replay() -> None:
    m = Match.new(5).roll((3, 1)).play("8/5 6/5").roll((6, 5)).play("24/13")
    record = m.record
    game = record.games[0]
    doubled = m.double()

    def with_events(*events: object) -> MatchRecord:
        return MatchRecord(record.rules, (dataclasses.replace(game, events=events),))  # type: ignore[arg-type]

    bad_records = [
        MatchRecord(record.rules, ()),
        with_events(*game.events[:2], Roll(0, (6, 5))),  # wrong player
        with_events(*game.events[:1], Played(0, (3, 1), "8/4", ((8, 4),), (False,))),
        with_events(*game.events, ResignOffered(1, WinType.SINGLE)),  # player 0 is on roll
        with_events(*game.events[:2], game.events[1]),  # played twice
        MatchRecord(record.rules, (dataclasses.replace(game, score=(5, 0)),)),  # past the end
        MatchRecord(record.rules, (dataclasses.replace(game, number=1),)),
        MatchRecord(record.rules, (dataclasses.replace(game, crawford=True),)),
        MatchRecord(dataclasses.replace(record.rules, cube=False), doubled.record.games),
        MatchRecord(record.rules, (game, game)),  # a second game before the first ended
    ]
    for bad in bad_records:
        with pytest.raises(ValueError):
            replay(bad)


def test_a_record_may_start_part_way_through_a_match() -> None:
    """A match file can begin at a score (a match resumed, an excerpt)."""
    m = Match.from_rules(Match.new(5).rules, score=(1, 3)).roll((3, 1)).play("8/5 6/5")
    assert replay(m.record) == m and m.score == (1, 3) and m.record.games[0].score == (1, 3)


def test_replay_rejects_a_wrong_result() -> None:
    m = Match.new(5).roll((3, 1)).resign(2).accept_resignation()
    game = m.record.games[0]
    assert game.result is not None
    wrong = dataclasses.replace(game.result, points=4)
    with pytest.raises(IllegalActionError, match="does not replay"):
        replay(MatchRecord(m.rules, (dataclasses.replace(game, result=wrong),)))


# -- gnubg IDs -----------------------------------------------------------------------------

# Read off GNU Backgammon 1.1.0a16 (players 0 and 1 human, as in tests/engine/test_match_gnubg.py).
GNUBG_MATCH_3 = [
    # new match 3; gnubg rolls 3, root rolls 4
    (lambda m: m.roll((3, 4)), "4HPwATDgc/ABMA:cAluAAAAAAAE"),
    (lambda m: m.play("24/21 13/9"), "4HPhASLgc/ABMA:MAFgAAAAAAAE"),
    (lambda m: m.resign(2), "4HPhASLgc/ABMA:MElgAAAAAAAE"),
    (lambda m: m.reject_resignation(), "4HPhASLgc/ABMA:MAFgAAAAAAAE"),
    (lambda m: m.resign(3), "4HPhASLgc/ABMA:MGlgAAAAAAAE"),
    (lambda m: m.reject_resignation().double(), "4HPhASLgc/ABMA:MBlgAAAAAAAE"),
]

GNUBG_MONEY_JACOBY_BEAVERS = [
    (lambda m: m.roll((4, 5)), "4HPwATDgc/ABMA:cIkSAAAAAAAA"),
    (lambda m: m.play("13/8 13/9"), "4PPCATDgc/ABMA:MAEAAAAAAAAA"),
    (lambda m: m.double(), "4PPCATDgc/ABMA:MBkAAAAAAAAA"),
    (lambda m: m.beaver(), "4PPCATDgc/ABMA:EREAAAAAAAAA"),
    (lambda m: m.take(), "4PPCATDgc/ABMA:EgEAAAAAAAAA"),
    (lambda m: m.roll((5, 2)), "4PPCATDgc/ABMA:EoEKAAAAAAAA"),
]

GNUBG_MATCH_5 = [
    (lambda m: m.roll((3, 4)), "4HPwATDgc/ABMA:cAmuAAAAAAAE"),
    (lambda m: m.play("24/21 13/9"), "4HPhASLgc/ABMA:MAGgAAAAAAAE"),
    (lambda m: m.resign(1), "4HPhASLgc/ABMA:MCmgAAAAAAAE"),
    (lambda m: m.accept_resignation(), "4HPhASLgc/ABMA:MCugAAAACAAE"),
    (lambda m: m.next_game().roll((2, 4)), "4HPwATDgc/ABMA:cAmqAAAACAAE"),
]


@pytest.mark.parametrize(
    ("start", "script"),
    [
        (Match.new(3), GNUBG_MATCH_3),
        (Match.new(0, jacoby=True, beavers=True), GNUBG_MONEY_JACOBY_BEAVERS),
        (Match.new(5), GNUBG_MATCH_5),
    ],
)
def test_gnubg_ids_of_scripted_games(start: Match, script: list[tuple[object, str]]) -> None:
    m = start
    for step, expected in script:
        m = step(m)  # type: ignore[operator]
        assert m.gnubg_id == expected, m
        assert m.match_key.id == m.match_id


def test_match_key_fields() -> None:
    m = Match.new(7).roll((5, 3)).play("13/8 13/10").double()
    key = m.match_key
    assert (key.match_length, key.turn, key.dice_owner, key.doubled) == (7, 0, 1, 1)
    over = win(Match.new(1), 0)
    assert over.is_over and len(over.match_id) == 12
    assert over.match_key.score0 == 1 and MatchKey.from_id(over.match_id) == over.match_key


# -- XGID -----------------------------------------------------------------------------------


def test_xgid_of_the_opening_move() -> None:
    m = Match.new(5).roll((3, 1))
    assert m.xgid() == "XGID=-b----E-C---eE---c-e----B-:0:0:1:31:0:0:0:5:6"
    m = Match.new(5).roll((1, 3))
    assert m.xgid() == "XGID=-b----E-C---eE---c-e----B-:0:0:-1:31:0:0:0:5:6"


def test_xgid_round_trips_the_position_cube_and_score() -> None:
    m = win(Match.new(7), 1, 2).next_game().roll((5, 3)).play("13/8 13/10").double().take()
    m = m.roll((6, 2))
    x = Xgid.parse(m.xgid())
    assert x.position == m.position and x.turn == -1  # player 1 on roll
    assert (x.cube_log2, x.cube_position, x.dice) == (1, 1, "62")
    assert (x.score_x, x.score_o, x.match_length) == (0, 2, 7)
    doubled = m.play("24/18 13/11").double()
    assert Xgid.parse(doubled.xgid()).dice == "D"
    assert Xgid.parse(doubled.xgid()).turn == 1


def test_xgid_flags() -> None:
    money = Match.new(0, jacoby=True, beavers=True).roll((3, 1))
    assert Xgid.parse(money.xgid()).crawford_jacoby == 3
    m = win(win(Match.new(3), 0, 1).next_game(), 0, 1).next_game()
    assert Xgid.parse(m.xgid()).crawford_jacoby == 1  # the Crawford game
    with pytest.raises(IllegalActionError):
        win(m, 0).xgid()


def test_game_records_are_values() -> None:
    m = Match.new(3).roll((3, 1))
    assert isinstance(m.record.games[0], GameRecord)
    assert m.record == m.record


# -- set-up games and XGID import -----------------------------------------------------------


def test_a_match_from_a_set_up_position() -> None:
    pos = Position.from_points([2, 2, 2, 2, 2, 2, *([0] * 17), -15], bar=0)  # 3 checkers off
    m = Match.from_setup(Rules(7), Setup(pos, 1, Cube(2, owner=1)), score=(3, 4))
    assert (m.phase, m.turn, m.score, m.cube) == (Phase.ROLL, 1, (3, 4), Cube(2, owner=1))
    assert not m.is_crawford_game and not m.is_post_crawford
    assert m.can_double()  # player 1 owns the cube and needs 3: it is alive
    dead = Match.from_setup(Rules(7), Setup(pos, 1, Cube(2, owner=1)), score=(3, 5))
    assert not dead.can_double()  # needs 2: a win at cube 2 takes the match
    assert replay(m.record) == m
    m = m.resign().accept_resignation()  # player 1 resigns a single at cube 2
    assert m.score == (5, 4) and not m.is_over
    m = m.next_game()
    assert not m.is_crawford_game and m.game.score == (5, 4)
    assert replay(m.record) == m


def test_a_set_up_game_at_match_point_decides_crawford() -> None:
    setup = Setup(Position.start(), 0)
    post = Match.from_setup(Rules(5), setup, score=(4, 1))
    assert post.is_post_crawford and not post.is_crawford_game
    after = win(post, 1).next_game()
    assert not after.is_crawford_game and after.is_post_crawford
    crawford = Match.from_setup(Rules(5), setup, score=(4, 1), crawford=True)
    assert crawford.is_crawford_game and not crawford.can_double()
    assert win(crawford, 1).next_game().is_post_crawford
    before = Match.from_setup(Rules(5), Setup(Position.start(), 1), score=(3, 1))
    assert win(before, 0).next_game().is_crawford_game


@pytest.mark.parametrize(
    ("rules", "setup", "score", "crawford"),
    [
        (Rules(5), Setup(Position.start(), 0), (5, 0), False),  # score at the length
        (Rules(5), Setup(Position.start(), 0), (-1, 0), False),
        (Rules(5), Setup(Position.start(), 0), (2, 0), True),  # Crawford, nobody at 4
        (Rules(5), Setup(Position.start(), 0, Cube(2)), (0, 0), False),  # centred 2 in a match
        (Rules(cube=False), Setup(Position.start(), 0, Cube(2, 0)), (0, 0), False),
        (Rules(5), Setup(Position.start(), 0, Cube(2, 0)), (4, 0), True),  # cube in Crawford
    ],
)
def test_bad_setups(rules: Rules, setup: Setup, score: tuple[int, int], crawford: bool) -> None:
    with pytest.raises(ValueError):
        Match.from_setup(rules, setup, score=score, crawford=crawford)


def test_setups_refuse_finished_positions_and_bad_turns() -> None:
    with pytest.raises(ValueError):
        Setup(Position.from_points([0] * 23 + [-15]), 0)
    with pytest.raises(ValueError):
        Setup(Position.start(), 2)


def test_only_the_first_game_may_be_set_up() -> None:
    m = win(Match.new(5), 0).next_game()
    record = m.record
    bad = dataclasses.replace(record.games[1], setup=Setup(Position.start(), 0))
    with pytest.raises(IllegalActionError, match="first game"):
        replay(MatchRecord(record.rules, (record.games[0], bad)))


@pytest.mark.parametrize(
    ("xgid", "turn", "phase", "rules"),
    [
        (
            "XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:3:0:10",
            0,
            Phase.ROLL,
            Rules(jacoby=True, beavers=True),
        ),
        ("XGID=-b----E-C---eE---c-e----B-:1:1:1:D:0:0:0:0:10", 0, Phase.CUBE, Rules()),
        (
            "XGID=-b----E-C---eE---c-e----B-:1:-1:-1:B:0:0:2:0:10",
            1,
            Phase.CUBE,
            Rules(beavers=True),
        ),
        ("XGID=-b----E-C---eE---c-e----B-:0:0:-1:66:4:2:1:5:10", 1, Phase.MOVE, Rules(5)),
    ],
)
def test_from_xgid(xgid: str, turn: int, phase: Phase, rules: Rules) -> None:
    m = Match.from_xgid(xgid)
    assert (m.turn, m.phase, m.rules) == (turn, phase, rules)
    assert m.position == Xgid.parse(xgid).position
    assert replay(m.record) == m
    again = Match.from_xgid(m.xgid())
    assert (again.position, again.cube, again.score, again.dice) == (
        m.position,
        m.cube,
        m.score,
        m.dice,
    )


def test_xgid_crawford_flag() -> None:
    m = Match.from_xgid("XGID=-b----E-C---eE---c-e----B-:0:0:-1:66:4:2:1:5:10")
    assert m.is_crawford_game and m.score == (4, 2)


@pytest.mark.parametrize(
    "xgid",
    [
        "XGID=-b----E-C---eE---c-e----B-:7:1:1:00:0:0:0:0:10",  # cube 128
        "XGID=-b----E-C---eE---c-e----B-:1:0:1:R:0:0:2:0:10",  # raccoon
        "XGID=-b----E-C---eE---c-e----B-:0:0:1:00:1:2:1:5:10",  # Crawford, nobody at 4
        "XGID=-b----E-C---eE---c-e----B-:1:-1:1:D:0:0:0:0:10",  # X doubles O's cube
        "not an xgid",
    ],
)
def test_bad_xgids_for_a_match(xgid: str) -> None:
    with pytest.raises(InvalidXgidError):
        Match.from_xgid(xgid)


def test_replay_events_gives_each_event_between_the_matches_around_it() -> None:
    m = (
        Match.new(3)
        .roll((3, 1))
        .play("8/5 6/5")
        .roll((6, 4))
        .play("24/18 13/9")
        .double()
        .take()
        .roll((5, 2))
        .play("13/8 13/11")
    )
    events = replay_events(m.record)
    assert [e.event for e in events] == list(m.game.record.events)
    assert all(e.game == 0 for e in events)
    for a, b in itertools.pairwise(events):
        assert a.after == b.before
    assert events[-1].after == replay(m.record) == m
    played = [e for e in events if e.event.kind == "play"]
    assert [e.before.dice for e in played] == [(3, 1), (6, 4), (5, 2)]
    assert events[4].before.phase is Phase.ROLL and events[4].after.phase is Phase.CUBE


# -- whole plays as steps, and what a UI reads of the current game ------------------


def test_steps_of_a_play_from_the_start_of_the_turn() -> None:
    m = Match.new().roll((6, 1))
    steps = m.steps_of([(13, 7), (8, 7)])
    assert steps is not None and [(s.src, s.dst, s.die) for s in steps] == [(13, 7, 6), (8, 7, 1)]
    assert m.move(24, 23).steps_of([(13, 7), (8, 7)]) == steps  # moves made so far don't matter
    assert m.steps_of([(13, 7)]) is None  # not a whole play
    assert m.steps_of([(13, 7), (7, 6)]) is not None  # the same checker twice
    assert m.steps_of([(24, 18), (24, 18)]) is None
    assert Match.new().steps_of([(13, 7), (8, 7)]) is None  # no turn is being played
    assert m.play("13/7 8/7").steps_of([(13, 7), (8, 7)]) is None


def test_with_play_sets_the_turn_to_exactly_that_play() -> None:
    m = Match.new(5).roll((6, 1)).move(24, 18)
    played = m.with_play([(8, 7), (13, 7)])
    assert played.moves is not None
    assert [str(s) for s in played.moves.done] == ["8/7", "13/7"]
    assert played.moves.is_complete and not played.moves.can_redo
    assert played.phase is Phase.MOVE and Action.CONFIRM in played.legal_actions()
    assert played == m.restore_moves(played.moves.done, 2)
    assert played.confirm() == m.play_moves([(8, 7), (13, 7)])
    assert played.undo().moves is not None and played.undo().remaining_dice == (6,)
    with pytest.raises(IllegalPlayError, match="'13/7' is not a legal play of 61"):
        m.with_play([(13, 7)])
    with pytest.raises(IllegalActionError, match="resignation"):
        m.resign().with_play([(8, 7), (13, 7)])
    with pytest.raises(IllegalActionError):
        Match.new().with_play([(8, 7), (13, 7)])


def test_first_legal_steps_and_forced_steps() -> None:
    m = Match.new().roll((2, 1))
    first = m.first_legal_steps()
    made = m.with_play([(s.src, s.dst) for s in first]).moves
    assert made is not None and made.play == m.legal_plays[0]
    assert m.forced_steps() is None and m.forced_play is None
    with pytest.raises(IllegalActionError):
        Match.new().first_legal_steps()
    race = Position.from_points([0] * 5 + [2] + [0] * 17 + [-2])
    forced = Match.from_setup(Rules(), Setup(race, 0)).roll((6, 5))
    assert forced.forced_play is not None
    steps = forced.forced_steps()
    assert steps is not None and [str(s) for s in steps] == ["6/off", "6/1"]
    assert forced.first_legal_steps() == steps
    assert forced.move(6, 0).forced_steps() is None  # already started
    assert forced.resign().forced_steps() is None
    assert Match.new().forced_steps() is None


def test_match_reads_the_current_game_without_reaching_into_it() -> None:
    m = Match.new(5).roll((6, 1))
    g = m.game
    assert m.moves is g.moves and m.remaining_dice == (6, 1) == g.remaining_dice
    assert m.legal_steps() == g.legal_steps() and m.movable_points() == g.movable_points()
    assert m.destinations(13) == g.destinations(13) and 6 in m.destinations(13)
    assert m.legal_plays == g.legal_plays and m.events == g.events
    assert m.game_record == g.record
    assert not m.is_game_over and m.result is None and m.resignation is None
    assert m.cube_enabled and m.gammons_count and m.can_resign(WinType.BACKGAMMON)
    offered = m.resign(WinType.GAMMON)
    assert offered.resignation is not None and offered.resignation.value is WinType.GAMMON
    assert offered.resignation.player == 0 and not offered.can_resign()
    over = offered.accept_resignation()
    assert over.is_game_over and not over.is_over
    assert over.result is not None and over.result.points == 2 == m.resignation_points(2)
    crawford = win(Match.new(3), 0, 2).next_game()
    assert crawford.is_crawford_game and not crawford.cube_enabled


def test_bar_and_off_in_steps() -> None:
    entering = Position.from_points([0] * 5 + [14] + [0] * 17 + [-2], bar=1)
    m = Match.from_setup(Rules(), Setup(entering, 0)).roll((6, 5))
    assert m.movable_points() == [BAR]
    steps = m.steps_of([(BAR, 19), (6, 1)])
    assert steps is not None and [str(s) for s in steps] == ["bar/19", "6/1"]
    home = Position.from_points([0] * 5 + [1] + [0] * 17 + [-2])
    m = Match.from_setup(Rules(), Setup(home, 0)).roll((6, 5))
    assert m.steps_of([(6, 1), (1, OFF)]) is not None
