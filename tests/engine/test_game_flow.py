"""One game's flow: opening roll, turns, forfeits, the cube, resignations, the end."""

from __future__ import annotations

import dataclasses

import pytest

from engine import IllegalActionError, InvalidDiceError, Position, legal_plays
from engine.cube import Cube
from engine.dice import ScriptedDice
from engine.game import Action, CubeOffer, Game, Phase
from engine.record import (
    Beavered,
    Doubled,
    Dropped,
    Forfeit,
    OpeningRoll,
    Played,
    ResignAccepted,
    ResignOffered,
    ResignRejected,
    Roll,
    Took,
)
from engine.rules import Rules
from engine.scoring import EndReason, GameResult, WinType

MONEY = Rules()
MATCH5 = Rules(match_length=5)


def side(**points: int) -> list[int]:
    pts = [0] * 24
    for name, n in points.items():
        pts[int(name[1:]) - 1] += n
    return pts


def at(
    position: Position,
    *,
    turn: int = 0,
    rules: Rules = MONEY,
    cube: Cube | None = None,
    score: tuple[int, int] = (0, 0),
    crawford: bool = False,
) -> Game:
    """A game set up mid-way: ``turn`` to roll in ``position`` (seen by ``turn``)."""
    game = Game.new(rules, score=score, crawford=crawford)
    return dataclasses.replace(
        game, stage=Phase.ROLL, turn=turn, position=position, cube=cube or Cube()
    )


def started(rules: Rules = MONEY) -> Game:
    """Player 0 won the opening with 3-1 and played 8/5 6/5; player 1 to roll."""
    return Game.new(rules).roll((3, 1)).play("8/5 6/5")


# -- opening roll ----------------------------------------------------------------


def test_opening_roll_winner_plays_both_dice() -> None:
    game = Game.new()
    assert game.phase is Phase.OPENING and game.actor is None and game.turn is None
    assert game.legal_actions() == {Action.ROLL}
    game = game.roll((2, 5))
    assert game.events == (OpeningRoll(2, 5),)
    assert (game.phase, game.turn, game.dice) == (Phase.MOVE, 1, (5, 2))
    assert game.position == Position.start()
    assert game.board_for(0) == game.board_for(1).swap()


def test_opening_ties_are_rolled_again() -> None:
    game = Game.new(MATCH5).roll((4, 4)).roll((6, 6))
    assert game.phase is Phase.OPENING and game.cube == Cube()
    assert game.events == (OpeningRoll(4, 4), OpeningRoll(6, 6))
    game = game.roll(rng=ScriptedDice([3, 3, 6, 1]))
    assert game.phase is Phase.OPENING
    game = game.roll(rng=ScriptedDice([6, 1]))
    assert (game.turn, game.dice) == (0, (6, 1))
    assert game.events[-1] == OpeningRoll(6, 1)


def test_automatic_doubles_on_opening_ties_in_money_play() -> None:
    game = Game.new(Rules(auto_doubles=2))
    game = game.roll((1, 1))
    assert game.cube == Cube(2) and game.cube.centred
    game = game.roll((2, 2)).roll((3, 3))
    assert game.cube == Cube(4)  # limited to two automatic doubles
    for rules in (Rules(match_length=5, auto_doubles=2), Rules(cube=False, auto_doubles=2)):
        assert Game.new(rules).roll((1, 1)).cube == Cube()


def test_opening_roll_from_a_random_source() -> None:
    game = Game.new().roll(rng=ScriptedDice([5, 3]))
    assert (game.turn, game.dice) == (0, (5, 3))


@pytest.mark.parametrize("dice", [(0, 3), (7, 1), (3,), "31"])
def test_bad_dice_are_refused(dice: object) -> None:
    with pytest.raises(InvalidDiceError):
        Game.new().roll(dice)  # type: ignore[arg-type]
    with pytest.raises(InvalidDiceError):
        started().roll(dice)  # type: ignore[arg-type]


# -- turns -----------------------------------------------------------------------------


def test_turn_flow_and_board_views() -> None:
    game = Game.new().roll((3, 1))
    assert game.legal_actions() >= {Action.MOVE, Action.RESIGN}
    game = game.move(8, 5)
    assert game.remaining_dice == (1,) and game.legal_actions() >= {Action.UNDO}
    assert Action.CONFIRM not in game.legal_actions()
    with pytest.raises(IllegalActionError, match="not complete"):
        game.confirm()
    game = game.move(6, 5)
    assert Action.CONFIRM in game.legal_actions()
    assert game.pips() == (163, 167)  # the board as shown, before confirming
    assert game.position == Position.start()  # the turn's start is unchanged
    game = game.confirm()
    assert (game.phase, game.turn, game.dice, game.moves) == (Phase.ROLL, 1, None, None)
    assert game.board_for(0).points[4] == 2  # my 5-point, seen by player 0
    assert game.board.points[19] == -2  # the same point seen by player 1: its 20
    game = game.roll((6, 5))
    assert game.events[-1] == Roll(1, (6, 5))
    assert game.forced_play is None and len(game.legal_plays) > 1


def test_the_record_keeps_moves_in_the_order_made() -> None:
    game = Game.new().roll((3, 1)).move(6, 5).move(8, 5).confirm()
    played = game.events[-1]
    assert played == Played(0, (3, 1), "8/5 6/5", ((6, 5), (8, 5)), (False, False))


def test_undo_and_redo_do_not_touch_the_record() -> None:
    game = Game.new().roll((3, 1))
    events = game.events
    game = game.move(8, 5).move(6, 5).undo().undo().redo().reset_moves().move(24, 21)
    assert game.events == events
    assert [str(s) for s in game.moves.done] == ["24/21"]  # type: ignore[union-attr]


def test_whole_plays_by_text_by_play_and_by_moves() -> None:
    game = Game.new().roll((3, 1))
    by_text = game.play("8/5 6/5")
    by_play = game.play(legal_plays(Position.start(), (3, 1))[0])
    by_moves = game.move(24, 23).play_moves([(8, 5), (6, 5)])  # ignores the moves made
    assert by_text.position == by_moves.position
    assert by_play.turn == 1
    with pytest.raises(IllegalActionError):
        game.play("8/4 6/5")
    with pytest.raises(IllegalActionError):
        game.play_moves([(8, 5)])  # not complete
    other = legal_plays(Position.start(), (6, 5))[0]
    with pytest.raises(IllegalActionError):
        game.play(other)


def test_actions_in_the_wrong_phase_are_refused() -> None:
    game = started()  # player 1 to roll
    with pytest.raises(IllegalActionError):
        game.move(13, 7)
    for action in (game.undo, game.redo, game.reset_moves, game.confirm, game.take, game.drop):
        with pytest.raises(IllegalActionError):
            action()
    with pytest.raises(IllegalActionError):
        game.play("13/7")
    with pytest.raises(IllegalActionError):
        Game.new().double()
    with pytest.raises(IllegalActionError):
        Game.new().resign()
    with pytest.raises(IllegalActionError):
        game.roll((3, 1)).roll((3, 1))


def test_a_roll_that_cannot_be_played_is_forfeit() -> None:
    closed = side(o19=-2, o20=-2, o21=-2, o22=-2, o23=-2, o24=-2, p6=14, o1=-3)
    game = at(Position.from_points(closed, bar=1), turn=1)
    before = game.position
    game = game.roll((6, 5))
    assert game.events[-2:] == (Roll(1, (6, 5)), Forfeit(1))
    assert (game.phase, game.turn, game.dice) == (Phase.ROLL, 0, None)
    assert game.position == before.swap()


# -- the cube ------------------------------------------------------------------------


def test_double_take() -> None:
    game = started().double()
    assert game.phase is Phase.CUBE and game.offer == CubeOffer(1)
    assert (game.turn, game.actor) == (1, 0)
    assert game.legal_actions() == {Action.TAKE, Action.DROP}
    assert game.events[-1] == Doubled(1, 2)
    game = game.take()
    assert game.cube == Cube(2, owner=0)
    assert (game.phase, game.turn, game.offer) == (Phase.ROLL, 1, None)
    assert game.events[-1] == Took(0)
    assert not game.can_double()  # player 1 gave the cube away
    game = game.roll((6, 5)).play("24/13")
    assert game.can_double()  # the owner may redouble
    game = game.double().take()
    assert game.cube == Cube(4, owner=1)


def test_double_drop_wins_the_stake_before_the_double() -> None:
    game = started().double().take().roll((6, 5)).play("24/13").double().drop()
    assert game.is_over and game.events[-1] == Dropped(1)
    assert game.result == GameResult(0, WinType.SINGLE, EndReason.DROPPED, 2, 2)
    assert game.legal_actions() == frozenset()


@pytest.mark.parametrize(
    ("rules", "cube", "crawford", "score", "why"),
    [
        (Rules(cube=False), Cube(), False, (0, 0), "not in use"),
        (MATCH5, Cube(), True, (4, 0), "Crawford"),
        (MONEY, Cube(2, owner=0), False, (0, 0), "owns the cube"),
        (MONEY, Cube(64, owner=1), False, (0, 0), "already at 64"),
        (MATCH5, Cube(2, owner=1), False, (0, 3), "dead"),  # player 1 needs 2: cube 2 wins it
        (MATCH5, Cube(), False, (0, 4), "dead"),  # post-Crawford leader
    ],
)
def test_when_doubling_is_not_allowed(
    rules: Rules, cube: Cube, crawford: bool, score: tuple[int, int], why: str
) -> None:
    game = at(Position.start(), turn=1, rules=rules, cube=cube, crawford=crawford, score=score)
    assert not game.can_double() and Action.DOUBLE not in game.legal_actions()
    with pytest.raises(IllegalActionError, match=why):
        game.double()


@pytest.mark.parametrize(
    ("rules", "cube", "score"),
    [
        (MONEY, Cube(), (0, 0)),
        (MONEY, Cube(32, owner=1), (0, 0)),  # the last double, to 64
        (MATCH5, Cube(2, owner=1), (0, 2)),  # needs 3: cube 2 is alive
        (MATCH5, Cube(), (4, 0)),  # post-Crawford: the trailer may double
    ],
)
def test_when_doubling_is_allowed(rules: Rules, cube: Cube, score: tuple[int, int]) -> None:
    game = at(Position.start(), turn=1, rules=rules, cube=cube, score=score)
    assert game.can_double() and Action.DOUBLE in game.legal_actions()
    assert game.double().take().cube == Cube(cube.value * 2, owner=0)


def test_no_double_after_rolling_or_while_doubled() -> None:
    game = started().roll((6, 5))
    with pytest.raises(IllegalActionError, match="before rolling"):
        game.double()
    with pytest.raises(IllegalActionError):
        started().double().double()


def test_beaver_take_and_drop() -> None:
    rules = Rules(beavers=True)
    game = started(rules).double()
    assert game.legal_actions() == {Action.TAKE, Action.DROP, Action.BEAVER}
    beaver = game.beaver()
    assert beaver.events[-1] == Beavered(0, 4)
    assert beaver.offer == CubeOffer(1, beavered=True) and beaver.actor == 1
    assert beaver.legal_actions() == {Action.TAKE, Action.DROP}  # no raccoon
    with pytest.raises(IllegalActionError, match="only one beaver"):
        beaver.beaver()
    taken = beaver.take()
    assert taken.cube == Cube(4, owner=0) and taken.turn == 1 and taken.events[-1] == Took(1)
    dropped = beaver.drop()
    assert dropped.result == GameResult(0, WinType.SINGLE, EndReason.DROPPED, 2, 2)


def test_beavers_only_in_money_play_when_enabled_and_below_the_limit() -> None:
    for rules in (MONEY, Rules(match_length=5, beavers=True)):
        with pytest.raises(IllegalActionError, match="beaver"):
            started(rules).double().beaver()
    high = at(Position.start(), turn=1, rules=Rules(beavers=True), cube=Cube(32, owner=1))
    assert not high.double().can_beaver()
    ok = at(Position.start(), turn=1, rules=Rules(beavers=True), cube=Cube(16, owner=1))
    assert ok.double().beaver().take().cube == Cube(64, owner=0)


# -- resignations ----------------------------------------------------------------------


@pytest.mark.parametrize("value", [1, 2, 3])
def test_resign_accepted_scores_the_offer_times_the_cube(value: int) -> None:
    game = started().double().take().resign(value)
    assert game.phase is Phase.RESIGNATION and game.actor == 0
    assert game.legal_actions() == {Action.ACCEPT, Action.REJECT}
    game = game.accept_resignation()
    assert game.events[-2:] == (ResignOffered(1, WinType(value)), ResignAccepted(0))
    assert game.result == GameResult(0, WinType(value), EndReason.RESIGNED, 2, 2 * value)


def test_resign_after_rolling_and_moving_then_rejected_keeps_the_moves() -> None:
    game = started().roll((6, 5)).move(24, 18)
    offered = game.resign(WinType.GAMMON)
    for act in (lambda g: g.move(18, 13), lambda g: g.confirm(), lambda g: g.roll()):
        with pytest.raises(IllegalActionError, match="resignation"):
            act(offered)
    assert offered.legal_steps() == []
    back = offered.reject_resignation()
    assert back.events[-1] == ResignRejected(0)
    assert back.moves == game.moves and back.phase is Phase.MOVE
    # A rejected gammon blocks offers up to a gammon until the next action...
    assert not back.can_resign(WinType.SINGLE) and not back.can_resign(WinType.GAMMON)
    with pytest.raises(IllegalActionError, match="rejected"):
        back.resign(WinType.SINGLE)
    assert back.can_resign(WinType.BACKGAMMON)
    # ... and no longer once play has gone on.
    later = back.move(18, 13).confirm().roll((2, 1)).play("13/11 6/5")
    assert later.can_resign(WinType.SINGLE)


def test_no_resignation_outside_ones_turn() -> None:
    for game in (Game.new(), started().double(), started().resign().accept_resignation()):
        assert not game.can_resign()
        with pytest.raises(IllegalActionError):
            game.resign()
    with pytest.raises(IllegalActionError):
        started().resign(4)
    with pytest.raises(IllegalActionError):
        started().accept_resignation()
    with pytest.raises(IllegalActionError):
        started().resign().resign(3)


def test_jacoby_applies_to_resignations_on_a_centred_cube() -> None:
    jacoby = Rules(jacoby=True)
    game = started(jacoby).resign(WinType.BACKGAMMON).accept_resignation()
    assert game.result is not None and game.result.points == 1
    game = started(jacoby).double().take().resign(WinType.GAMMON).accept_resignation()
    assert game.result is not None and game.result.points == 4


# -- the end of the game --------------------------------------------------------------


@pytest.mark.parametrize(
    ("opp", "opp_bar", "kind"),
    [
        ({"o12": -14}, 0, WinType.SINGLE),  # one checker already off
        ({"o12": -15}, 0, WinType.GAMMON),
        ({"o7": -15}, 0, WinType.GAMMON),  # just outside my home board
        ({"o6": -1, "o12": -14}, 0, WinType.BACKGAMMON),  # in my home board
        ({"o12": -14}, 1, WinType.BACKGAMMON),  # on the bar
    ],
)
def test_win_types(opp: dict[str, int], opp_bar: int, kind: WinType) -> None:
    points = side(p1=1, **opp)
    game = at(Position.from_points(points, opp_bar=opp_bar), cube=Cube(2, owner=1))
    game = game.roll((2, 1)).play("1/off")
    assert game.is_over and game.winner == 0 and game.phase is Phase.OVER
    assert game.result == GameResult(0, kind, EndReason.BORNE_OFF, 2, 2 * kind)
    assert game.turn == 1 and game.position.opp_off == 15


def test_jacoby_counts_gammons_only_after_the_cube_was_turned() -> None:
    points = side(p1=1, o12=-15)
    jacoby = Rules(jacoby=True)
    centred = at(Position.from_points(points), rules=jacoby, cube=Cube(2))  # automatic double
    result = centred.roll((2, 1)).play("1/off").result
    assert result == GameResult(0, WinType.GAMMON, EndReason.BORNE_OFF, 2, 2)
    turned = at(Position.from_points(points), rules=jacoby, cube=Cube(2, owner=0))
    assert turned.roll((2, 1)).play("1/off").result.points == 4  # type: ignore[union-attr]
    in_match = at(Position.from_points(points), rules=Rules(match_length=7, jacoby=True))
    assert in_match.roll((2, 1)).play("1/off").result.points == 2  # type: ignore[union-attr]


def test_repr_and_record() -> None:
    game = started().double()
    assert "cube" in repr(game) and "Game 1" in repr(game)
    record = game.record
    assert record.events == game.events and record.result is None
    assert record.lines()[0].startswith("game 1")
    assert any("doubles to 2" in line for line in record.lines())


def test_what_a_ui_asks_while_moving() -> None:
    game = Game.new().roll((6, 1))
    assert game.movable_points() == [24, 13, 8, 6]
    assert [str(s) for s in game.destinations(13)[6]] == ["13/7", "7/6"]
    assert [len(r) for r in game.routes(13)] == [1, 2]
    assert game.forced_play is None and len(game.legal_plays) == len(set(game.legal_plays))
    assert game.remaining_dice == (6, 1)
    resigning = game.resign()
    assert resigning.legal_steps() == [] and resigning.destinations(13) == {}
    assert resigning.routes(13) == [] and resigning.movable_points() == []
    assert started().legal_steps() == [] and started().remaining_dice == ()
