"""``python -m engine hint``: IDs that carry the cube and the score give hints for that score."""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine import InvalidMatchIdError, InvalidPositionIdError, InvalidXgidError, Match, Position
from engine.ai import CubeState, cube_decision, rank_plays
from engine.cli import main, parse_position
from engine.cli.hint import describe_cube, hint_main, parse_spot
from engine.formats.gnubg_id import MatchKey

# X (player 0) on roll with 31 at 2-4 in a 7-point match, O owning a 2-cube.
MATCH_XGID = "XGID=-b----E-C---eE---c-e----B-:1:-1:1:31:2:4:0:7:10"
# O on roll at double match point, cube centred, no dice yet.
DMP_XGID = "XGID=-b----E-C---eE---c-e----B-:0:0:-1:00:6:6:0:7:10"


def test_xgid_gives_position_dice_and_cube_seen_by_the_roller() -> None:
    spot = parse_spot(MATCH_XGID)
    assert spot.position == Position.start()
    assert spot.dice == (3, 1)
    assert spot.cube == CubeState(2, 1, False, 7, 5, 3, False)
    o_on_roll = parse_spot(MATCH_XGID.replace(":1:31:", ":-1:31:"))
    assert o_on_roll.cube == CubeState(2, 0, False, 7, 3, 5, False)


def test_money_xgid_keeps_the_jacoby_flag() -> None:
    money = "XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:{}:0:10"
    assert parse_spot(money.format(1)).cube == CubeState(1, None, True)
    assert parse_spot(money.format(0)).cube == CubeState(1, None, False)
    assert describe_cube(parse_spot(money.format(0)).cube) == "money (no Jacoby), cube 1 centred"


@pytest.mark.parametrize(
    "xgid",
    [
        MATCH_XGID,
        MATCH_XGID.replace(":1:31:", ":-1:31:"),
        "XGID=-b----E-C---eE---c-e----B-:0:0:1:00:6:5:1:7:10",  # Crawford game
        "XGID=-b----E-C---eE---c-e----B-:2:-1:-1:D:0:0:1:0:10",  # money, a double to answer
    ],
)
def test_gnubg_id_and_xgid_agree_with_the_game_flow(xgid: str) -> None:
    match = Match.from_xgid(xgid)
    roller = match.game.turn
    assert roller is not None
    expected = match.game.cube_state(roller)
    for text in (xgid, match.gnubg_id):
        spot = parse_spot(text)
        assert spot.position == match.game.position
        assert spot.cube == expected
        assert spot.dice == match.dice


def test_plain_position_id_is_money() -> None:
    assert parse_spot("4HPwATDgc/ABMA").cube is None
    assert parse_position("4HPwATDgc/ABMA:cAkAAAAAAAAA") == Position.start()


def test_checker_hint_at_double_match_point_plays_to_win(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert hint_main([DMP_XGID, "64", "--level", "medium"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "match to 7, 1-away vs 1-away, cube 1 centred"
    spot = parse_spot(DMP_XGID)
    ranked = rank_plays(spot.position, (6, 4), "medium", spot.cube)
    assert len(lines) == 1 + len(ranked)
    # gammons count for nothing: equity is 2 * win - 1, and the best play wins most
    for r in ranked:
        assert r.equity == pytest.approx(2.0 * r.probs[0] - 1.0)
    assert ranked[0].probs[0] == max(r.probs[0] for r in ranked)
    assert str(ranked[0].play) in lines[1]


def test_dice_come_from_the_id_unless_given(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["hint", MATCH_XGID, "--level", "medium"]) == 0
    from_id = capsys.readouterr().out
    assert main(["hint", MATCH_XGID, "31", "--level", "medium"]) == 0
    assert capsys.readouterr().out == from_id
    assert "8/5 6/5" in from_id.splitlines()[1]
    assert main(["hint", MATCH_XGID, "66", "--level", "medium"]) == 0
    assert "8/5 6/5" not in capsys.readouterr().out


def test_cube_hint_at_the_score(capsys: pytest.CaptureFixture[str]) -> None:
    centred = MATCH_XGID.replace(":1:-1:1:31:", ":0:0:1:00:")
    assert main(["hint", centred]) == 0
    out = capsys.readouterr().out.splitlines()
    st = CubeState(1, None, False, 7, 5, 3, False)
    d = cube_decision(Position.start(), st, plies=1)  # King Tubby's depth, the default level
    assert out[0] == f"cube (match to 7, 5-away vs 3-away, cube 1 centred): {d.action}"
    assert out[1].split() == ["no", "double", f"{d.no_double:+.3f}"]
    assert out[3].endswith("(match-winning chance)")
    assert main(["hint", centred, "--level", "medium"]) == 0  # Selector's cube: 0-ply
    zero = cube_decision(Position.start(), st)
    assert zero.no_double != d.no_double
    assert capsys.readouterr().out.splitlines()[1].split()[-1] == f"{zero.no_double:+.3f}"
    assert main(["hint", DMP_XGID]) == 0
    assert "may not double" in capsys.readouterr().out


def test_money_cube_hint_is_unchanged_for_a_plain_id(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["hint", "4HPwATDgc/ABMA"]) == 0
    out = capsys.readouterr().out.splitlines()
    d = cube_decision(Position.start(), plies=1)
    assert out[0] == "cube (money, cube 1 centred): no double"
    assert out[1].split()[-1] == f"{d.no_double:+.3f}"
    assert out[3].endswith("(cubeful equity, per cube)")


def test_bad_match_id_is_a_clean_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["hint", "4HPwATDgc/ABMA:zzz", "31"]) == 2
    assert "error" in capsys.readouterr().err
    assert main(["show", "4HPwATDgc/ABMA:zzz"]) == 2


# -- what no game reaches is refused, not hinted (#16 item 15) ----------------------

START_X = "XGID=-b----E-C---eE---c-e----B-:{}:{}:1:31:0:0:0:{}:10"
START_MATCH = MatchKey(match_length=7, die1=3, die2=1)


@pytest.mark.parametrize(
    ("text", "error", "why"),
    [
        (START_X.format(15, 1, 7), InvalidXgidError, "the cube stops at 64"),
        (START_X.format(7, 0, 0), InvalidXgidError, "the cube stops at 64"),
        (START_X.format(0, 1, 7), InvalidXgidError, "a cube at 1 has no owner"),
        (START_X.format(0, 0, 10**4000), InvalidXgidError, "matches go up to 64"),
        (START_X.format(0, 0, 65), InvalidXgidError, "matches go up to 64"),
        (
            f"4HPwATDgc/ABMA:{replace(START_MATCH, cube_log2=15, cube_owner=0).id}",
            InvalidMatchIdError,
            "the cube stops at 64",
        ),
        (
            f"4HPwATDgc/ABMA:{replace(START_MATCH, cube_owner=1).id}",
            InvalidMatchIdError,
            "a cube at 1 has no owner",
        ),
        (
            f"4HPwATDgc/ABMA:{replace(START_MATCH, match_length=9999).id}",
            InvalidMatchIdError,
            "matches go up to 64",
        ),
        # The game is over: the side on roll, or the other, has borne off all 15.
        (Position.from_points([0] * 23 + [-1]).id, InvalidPositionIdError, "the game is over"),
        (Position.from_points([1] + [0] * 23).id, InvalidPositionIdError, "the game is over"),
        (f"XGID=-A{'-' * 24}:0:0:1:31:0:0:0:0:10", InvalidXgidError, "the game is over"),
        (
            f"{Position.from_points([1] + [0] * 23).id}:{START_MATCH.id}",
            InvalidPositionIdError,
            "the game is over",
        ),
    ],
)
def test_hint_refuses_what_no_game_reaches(
    text: str, error: type[Exception], why: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(error, match=why):
        parse_spot(text)
    assert main(["hint", text, "--level", "easy"]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert why in captured.err and len(captured.err) < 200


def test_plays_refuses_a_finished_game(capsys: pytest.CaptureFixture[str]) -> None:
    over = Position.from_points([1] + [0] * 23)  # the opponent has borne off all 15
    assert main(["plays", over.id, "31"]) == 2
    assert "the game is over" in capsys.readouterr().err
    assert main(["show", over.id]) == 0  # the last board can still be drawn


def test_hint_still_takes_the_largest_reachable_cube_and_match(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert parse_spot(START_X.format(6, 1, 64)).cube == CubeState(64, 0, False, 64, 64, 64)
    key = replace(START_MATCH, cube_log2=6, cube_owner=1, match_length=64)
    spot = parse_spot(f"4HPwATDgc/ABMA:{key.id}")
    assert spot.cube == CubeState(64, 1, False, 64, 64, 64)
