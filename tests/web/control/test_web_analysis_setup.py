"""The analysis board's set-ups in the engine (engine.position_setup): editing
keeps each side to 15 checkers, an illegal set-up is refused with its reason
and a specific error, and the three identifiers round-trip."""

from __future__ import annotations

import pytest

from engine.errors import (
    CheckerCountError,
    CrawfordSetupError,
    CubeSetupError,
    DiceSetupError,
    FinishedPositionError,
    InvalidPositionError,
    InvalidSetupError,
    InvalidXgidError,
    ScoreSetupError,
    SharedPointError,
)
from engine.match import Match
from engine.position import BAR, OFF, Position
from engine.position_setup import PositionSetup, sides_from_points

FORUM_XGIDS = [
    "XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:0:0:10",
    "XGID=-b----E-C---eE---c-e----B-:1:-1:-1:D:2:1:0:5:10",  # a double to take or pass
    "XGID=--BBBBB-----------bbbbbb--:0:0:1:00:0:0:3:0:10",  # money, Jacoby and beavers
    "XGID=-a-BaBC-A---eA---c-d--aB--:2:-1:1:63:3:4:0:7:10",
    "XGID=aA--BBBB-----------bbbb-b-:0:0:-1:00:4:2:1:5:10",  # the Crawford game
]


@pytest.mark.parametrize("xgid", FORUM_XGIDS)
def test_an_xgid_round_trips_and_plays_as_the_engine_reads_it(xgid: str) -> None:
    setup = PositionSetup.from_xgid(xgid)
    # Everything but the cube limit, which is written as the engine's own (64: 2^6)
    assert setup.xgid == xgid.removesuffix(":10") + ":6"
    setup.check()
    assert setup.match().xgid() == Match.from_xgid(xgid).xgid()


def test_the_editor_and_the_match_write_the_same_cube_limit() -> None:
    """The analysis board's XGID reads the same from the editor as from the
    match played on from it: the engine's cube limit, 64."""
    setup = PositionSetup.start()
    assert setup.xgid.endswith(":6") and setup.match().xgid().endswith(":6")
    assert Match.from_xgid(setup.xgid).xgid() == setup.match().xgid()


@pytest.mark.parametrize("xgid", FORUM_XGIDS)
def test_the_gnubg_ids_round_trip_to_the_same_set_up(xgid: str) -> None:
    setup = PositionSetup.from_xgid(xgid)
    position_id, match_id, _ = setup.ids()
    back = PositionSetup.from_gnubg(position_id, match_id)
    # gnubg's IDs hold no beavers: the XGIDs may differ
    assert back.ids()[:2] == (position_id, match_id)
    assert back.sides == setup.sides and back.turn == setup.turn and back.dice == setup.dice
    assert (back.cube, back.owner, back.length, back.score) == (
        setup.cube,
        setup.owner,
        setup.length,
        setup.score,
    )
    assert PositionSetup.from_text(f"{position_id}:{match_id}").ids()[:2] == (position_id, match_id)


def test_a_match_played_on_gives_its_set_up() -> None:
    m = Match.new(7).roll((6, 1)).play("13/7 8/7").double().take()
    setup = PositionSetup.from_match(m)
    assert setup.turn == 1 and setup.dice is None and setup.cube == 2 and setup.owner == 0
    assert setup.match().position == m.position


def test_checkers_are_counted_to_fifteen_a_side() -> None:
    setup = PositionSetup.start().cleared()
    assert setup.counts(0) == (0, 0, 15) and setup.counts(1) == (0, 0, 15)
    for _ in range(15):
        setup = setup.add(0, 24)
    assert setup.counts(0) == (15, 0, 0)
    with pytest.raises(CheckerCountError, match="All 15 of White’s checkers"):
        setup.add(0, 1)
    setup = setup.remove(0, 24).add(0, BAR)
    assert setup.counts(0) == (14, 1, 0)
    assert setup.at(BAR) == (1, 0)


def test_black_is_numbered_from_whites_side() -> None:
    setup = PositionSetup.start().cleared().add(1, 1).add(1, BAR)
    assert setup.sides[1][24] == 1 and setup.sides[1][BAR] == 1
    assert setup.at(1) == (0, 1)
    position = Position(setup.sides[0], setup.sides[1])
    assert position.opp[24] == 1


def test_a_point_holds_one_colour() -> None:
    setup = PositionSetup.start().remove(1, 19)
    with pytest.raises(SharedPointError, match="White has checkers on point 6"):
        setup.add(1, 6)
    with pytest.raises(InvalidSetupError, match="no checker"):
        setup.remove(1, 6)
    with pytest.raises(SharedPointError):
        PositionSetup(sides_from_points([2] + [0] * 23)).add(1, 1)


def test_the_board_refuses_shapes_that_cannot_be() -> None:
    start = PositionSetup.start()
    sixteen = (0, 16) + (0,) * 24
    with pytest.raises(CheckerCountError):
        PositionSetup(sides=(sixteen, start.sides[1]))
    light = (13, 2) + (0,) * 24
    dark = (13,) + (0,) * 23 + (2, 0)  # on its 24 point: White's 1 point
    with pytest.raises(SharedPointError):
        PositionSetup(sides=(light, dark))
    # The engine's own Position says so with the same errors, still InvalidPositionErrors.
    with pytest.raises(SharedPointError):
        Position(light, dark)
    assert issubclass(CheckerCountError, InvalidPositionError)


@pytest.mark.parametrize(
    ("change", "error", "reason"),
    [
        ({"sides": (PositionSetup().cleared().sides[0], PositionSetup().sides[1])},
         FinishedPositionError, "White has borne off all its checkers"),
        ({"length": 5, "score": (5, 2)}, ScoreSetupError, "a match to 5 is over"),
        ({"length": 5, "score": (3, 2), "crawford": True}, CrawfordSetupError, "match point"),
        ({"crawford": True}, CrawfordSetupError, "money play"),
        ({"cube": 3}, CubeSetupError, "1, 2, 4"),
        ({"cube": 128}, CubeSetupError, "1, 2, 4"),
        ({"owner": 1}, CubeSetupError, "a cube at 1 belongs to nobody"),
        ({"length": 5, "score": (4, 2), "crawford": True, "cube": 2, "owner": 0},
         CubeSetupError, "Crawford game"),
        ({"doubled": True, "cube": 2, "owner": 1}, DiceSetupError, "Black owns the cube"),
        ({"doubled": True, "cube": 64, "owner": 0}, DiceSetupError, "above 64"),
    ],
)  # fmt: skip
def test_a_set_up_that_cannot_be_played_says_why(
    change: dict[str, object], error: type[Exception], reason: str
) -> None:
    from dataclasses import replace

    setup = replace(PositionSetup.start(), **change)  # type: ignore[arg-type]
    with pytest.raises(error, match=reason):
        setup.check()
    with pytest.raises(error):
        setup.match()


def test_rolled_dice_and_a_double_do_not_go_together() -> None:
    with pytest.raises(DiceSetupError):
        PositionSetup(dice=(3, 1), doubled=True)
    with pytest.raises(DiceSetupError):
        PositionSetup(dice=(7, 1))


def test_swapping_sides_exchanges_everything_of_each() -> None:
    setup = PositionSetup.from_xgid(FORUM_XGIDS[3])
    swapped = setup.swapped()
    assert swapped.sides == (setup.sides[1], setup.sides[0])
    assert (setup.turn, setup.owner, setup.score) == (0, 1, (3, 4))
    assert (swapped.turn, swapped.owner, swapped.score) == (1, 0, (4, 3))
    assert swapped.swapped() == setup
    assert swapped.match().position == setup.match().position  # the side to act sees the same


def test_bad_text_is_refused_with_the_ids_own_errors() -> None:
    with pytest.raises(InvalidXgidError):
        PositionSetup.from_text("XGID=nonsense")
    with pytest.raises(ValueError):
        PositionSetup.from_text("4HPwATDgc/ABM")
    with pytest.raises(ValueError, match="over"):
        PositionSetup.from_gnubg("4HPwBSDgc/ABMA", "cCNgABAAAAAE")  # a game resigned


def test_the_off_tray_is_what_is_left() -> None:
    setup = PositionSetup.start().remove(0, 6).remove(0, 6)
    assert setup.sides[0][OFF] == 2 and setup.counts(0) == (13, 0, 2)
