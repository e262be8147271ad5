"""XGID import/export, checked against vectors read off GNU Backgammon's ``set xgid``."""

from __future__ import annotations

import pytest

from engine import InvalidXgidError, Match, Position
from engine.formats.xgid import Xgid

START = "XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10"


def test_start_position_round_trips() -> None:
    x = Xgid.parse(START)
    assert x.position == Position.start()
    assert str(x) == START


@pytest.mark.parametrize(
    ("xgid", "position_id"),
    [
        # gnubg 1.08: set xgid ...; gnubg_id() -> these Position IDs.
        ("XGID=-b----E-C---eE---c-e---AA-:0:0:1:31:0:0:0:0:10", "4HPwATDgc/ABKA"),
        ("XGID=-b----E-C---eE---c-e---AA-:0:0:-1:31:0:0:0:0:10", "4HPwASjgc/ABMA"),
    ],
)
def test_turn_decides_who_is_on_roll(xgid: str, position_id: str) -> None:
    x = Xgid.parse(xgid)
    assert x.position.id == position_id
    assert str(x) == xgid


def test_bars_and_fields() -> None:
    text = "XGID=aa---BD-B---cD---c-e---A-B:1:-1:-1:D:2:1:1:5:10"
    x = Xgid.parse(text)
    assert x.turn == -1 and x.dice == "D" and x.cube_log2 == 1 and x.cube_position == -1
    assert (x.score_x, x.score_o, x.crawford_jacoby, x.match_length) == (2, 1, 1, 5)
    assert x.o_side[25] == 1  # O's bar is character 0
    assert x.x_side[25] == 2  # X's bar is the last character
    assert str(x) == text


@pytest.mark.parametrize(
    "bad",
    [
        "",
        "XGID=",
        "XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0",  # 9 fields
        "XGID=-b----E-C---eE---c-e----B:0:0:1:00:0:0:0:0:10",  # 25 board chars
        "XGID=-b----E-C---eE---c-e----B-:0:0:2:00:0:0:0:0:10",  # turn 2
        "XGID=-b----E-C---eE---c-e----B-:0:0:1:71:0:0:0:0:10",  # die 7
        "XGID=-b----E-C---eE---c-e----B-:0:0:1:00:5:0:0:5:10",  # score reached length
        "XGID=-b----E-C---eE---c-e----Z-:0:0:1:00:0:0:0:0:10",  # bad character
        "XGID=-b----E-C---eE---c-e----P-:0:0:1:00:0:0:0:0:10",  # 29 X checkers
        "XGID=-b----E-C---eE---c-e----Bx:0:0:1:00:0:0:0:0:10",  # O on X's bar
        "XGID=-b----E-C---eE---c-e----B-:x:0:1:00:0:0:0:0:10",  # not a number
    ],
)
def test_bad_xgids_raise(bad: str) -> None:
    with pytest.raises(InvalidXgidError):
        Xgid.parse(bad)


MATCH = "XGID=-b----E-C---eE---c-e----B-:{cube}:{owner}:1:00:0:0:0:{length}:10"


@pytest.mark.parametrize(
    ("fields", "why"),
    [
        ({"cube": 0, "owner": 0, "length": 65}, "matches go up to 64 points"),
        ({"cube": 0, "owner": 0, "length": 10**4000}, "matches go up to 64 points"),
        ({"cube": 0, "owner": 1, "length": 7}, "a cube at 1 has no owner"),
        ({"cube": 0, "owner": -1, "length": 0}, "a cube at 1 has no owner"),
    ],
)
def test_unreachable_xgids_are_refused(fields: dict[str, int], why: str) -> None:
    """A match over 64 points (the engine's rules and match equity stop there, as
    gnubg's do) and an owned cube at 1 cannot come from any game."""
    text = MATCH.format(**fields)
    with pytest.raises(InvalidXgidError, match=why) as info:
        Xgid.parse(text)
    assert len(str(info.value)) < 100
    with pytest.raises(InvalidXgidError, match=why):
        Match.from_xgid(text)  # a plain ValueError for a match over 64, before


def test_the_longest_match_and_an_owned_cube_of_two_are_fine() -> None:
    assert Match.from_xgid(MATCH.format(cube=0, owner=0, length=64)).match_length == 64
    assert Match.from_xgid(MATCH.format(cube=1, owner=-1, length=64)).cube.owner == 1


def test_a_board_with_both_sides_borne_off_is_refused() -> None:
    with pytest.raises(InvalidXgidError, match="both sides have borne off"):
        Xgid.parse("XGID=--------------------------:0:0:1:00:0:0:0:0:10")


def test_errors_quote_only_a_prefix_of_a_huge_xgid() -> None:
    huge = "XGID=" + "-b----E-C---eE---c-e----B-:" * 400_000
    with pytest.raises(InvalidXgidError) as info:
        Xgid.parse(huge)
    assert len(str(info.value)) < 150
