"""The Position value: construction, validation, views, swap, pips, race and winner."""

from __future__ import annotations

import pytest
from rules_oracle import make

from engine import InvalidPositionError, Position

START_SIDE = (0, 0, 0, 0, 0, 0, 5, 0, 3, 0, 0, 0, 0, 5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0)


def test_start() -> None:
    start = Position.start()
    assert start.me == START_SIDE and start.opp == START_SIDE
    assert start.pips() == (167, 167)
    assert start.bar == start.opp_bar == start.off == start.opp_off == 0
    assert start.points[5] == 5 and start.points[23] == 2  # my 6 and 24
    assert start.points[0] == -2 and start.points[11] == -5  # their 24 and 13
    assert not start.is_race()
    assert start.winner() is None
    assert start.swap() == start


def test_from_points() -> None:
    pos = Position.from_points([0] * 5 + [2] + [0] * 17 + [-2])
    assert pos.me[6] == 2 and pos.off == 13
    assert pos.opp[1] == 2 and pos.opp_off == 13  # my 24 is their 1
    assert pos.pips() == (12, 2)
    pos = Position.from_points([0] * 5 + [2] + [0] * 17 + [-2], bar=3, opp_bar=1)
    assert (pos.bar, pos.opp_bar, pos.off, pos.opp_off) == (3, 1, 10, 12)
    assert pos.pips() == (12 + 75, 2 + 25)


@pytest.mark.parametrize(
    ("points", "kwargs"),
    [
        ([0] * 23, {}),
        ([0] * 25, {}),
        ([16] + [0] * 23, {}),
        ([0] * 23 + [-16], {}),
        ([15] + [0] * 23, {"bar": 1}),
        ([0] * 24, {"bar": -1}),
        ([0] * 24, {"opp_bar": 16}),
    ],
)
def test_from_points_refuses_impossible_boards(points: list[int], kwargs: dict[str, int]) -> None:
    with pytest.raises(InvalidPositionError):
        Position.from_points(points, **kwargs)


def _side(**counts: int) -> list[int]:
    side = [0] * 26
    for name, n in counts.items():
        index = {"off": 0, "bar": 25}[name] if name in ("off", "bar") else int(name[1:])
        side[index] = n
    return side


@pytest.mark.parametrize(
    ("me", "opp"),
    [
        (_side(off=14), _side(off=15)),  # 14 checkers
        (_side(off=16), _side(off=15)),
        (_side(off=15), _side(off=14, p3=2)),
        (_side(off=15, p6=-1, p5=1), _side(off=15)),  # negative count
        (_side(off=14, p24=1), _side(off=14, p1=1)),  # my 24 is their 1
        (_side(off=15)[:25], _side(off=15)),  # too short
        ([*_side(off=15), 0], _side(off=15)),
        ([15.0, *[0] * 25], _side(off=15)),  # not ints
        ([True, *[0] * 24, 14], _side(off=15)),
    ],
)
def test_constructor_refuses_impossible_boards(me: list[object], opp: list[object]) -> None:
    with pytest.raises(InvalidPositionError):
        Position(me, opp)  # type: ignore[arg-type]


def test_shared_point_detected_everywhere() -> None:
    for p in range(1, 25):
        me = _side(off=14)
        opp = _side(off=14)
        me[p] = 1
        opp[25 - p] = 1
        with pytest.raises(InvalidPositionError):
            Position(me, opp)


def test_is_immutable() -> None:
    pos = Position.start()
    with pytest.raises(AttributeError):
        pos._me = ()  # type: ignore[misc]
    with pytest.raises(AttributeError):
        pos.foo = 1  # type: ignore[attr-defined]
    assert isinstance(pos.me, tuple) and isinstance(pos.opp, tuple)


def test_equality_and_hash() -> None:
    a = Position.start()
    b = Position(list(START_SIDE), list(START_SIDE))
    assert a == b and hash(a) == hash(b)
    assert len({a, b}) == 1
    c = make({6: 15}, {20: 15})
    assert c != c.swap()
    assert a != "4HPwATDgc/ABMA"
    assert (a == object()) is False


def test_swap() -> None:
    pos = make({6: 5, 13: 9}, {20: 3, 1: 2}, bar=1, opp_bar=2)
    flipped = pos.swap()
    assert flipped.me == pos.opp and flipped.opp == pos.me
    assert flipped.swap() == pos
    assert flipped.pips() == pos.pips()[::-1]
    assert (flipped.bar, flipped.opp_bar) == (2, 1)
    assert flipped.points == tuple(-n for n in reversed(pos.points))


def test_pips_count_the_bar_as_25() -> None:
    pos = make({1: 2}, {24: 1}, bar=1, opp_bar=3)
    assert pos.pips() == (2 + 25, 1 + 75)


def test_is_race() -> None:
    assert make({6: 15}, {19: 15}).is_race()
    assert make({12: 1, 1: 14}, {13: 1, 24: 14}).is_race()  # just passed each other
    assert not make({13: 1, 1: 14}, {12: 1, 24: 14}).is_race()
    assert not make({6: 14}, {19: 15}, bar=1).is_race()
    assert not make({6: 15}, {19: 14}, opp_bar=1).is_race()
    assert make({6: 3}, {}).is_race()


def test_winner() -> None:
    assert make({}, {20: 1}).winner() == 0
    assert make({1: 1}, {}).winner() == 1
    assert make({1: 1}, {20: 1}).winner() is None


def test_repr_and_str() -> None:
    pos = make({6: 5, 13: 9}, {20: 3, 1: 2}, bar=1)
    assert eval(repr(pos), {"Position": Position}) == pos
    text = str(pos)
    assert pos.id in text and "bar: X 1" in text


def test_pickle_and_copy_round_trip() -> None:
    import copy
    import pickle

    pos = Position.from_id("sGfwATDgc/ABMA")
    for clone in (pickle.loads(pickle.dumps(pos)), copy.copy(pos), copy.deepcopy(pos)):
        assert clone == pos
        assert hash(clone) == hash(pos)
        assert clone.id == "sGfwATDgc/ABMA"
