"""GNU Backgammon Position IDs and Match IDs, both ways, against gnubg itself."""

from __future__ import annotations

import base64
import dataclasses
import random
from collections.abc import Sequence

import pytest
from random_positions import mixed_positions

from engine import (
    InvalidMatchIdError,
    InvalidPositionIdError,
    Position,
    parse_play,
)
from engine.formats.gnubg_id import CENTERED, GAME_PLAYING, MatchKey

START_ID = "4HPwATDgc/ABMA"


def raw_position_id(first: Sequence[int], second: Sequence[int], extra_bits: int = 0) -> str:
    """Pack two sides' 25 places (points 1..24, bar) into an ID, valid or not.

    An independent writing of gnubg's layout: per place, one 1-bit per checker
    then a 0; the side *not* on roll first; little-endian bytes; base64.
    """
    bits: list[int] = []
    for side in (first, second):
        assert len(side) == 25
        for n in side:
            bits += [1] * n + [0]
    value = sum(1 << i for i, b in enumerate(bits[:80]) if b) | extra_bits
    return base64.b64encode(value.to_bytes(10, "little")).decode()[:14]


def gnubg_board(pos: Position) -> list[list[int]]:
    """gnubg's board: [side not on roll, side on roll], points 1..24 then the bar."""
    return [list(pos.opp[1:]), list(pos.me[1:])]


@pytest.fixture(scope="module")
def positions() -> list[Position]:
    return mixed_positions(random.Random(20240601), 3000)


# -- Position ID ------------------------------------------------------------------


def test_start_position_id() -> None:
    assert Position.start().id == START_ID
    assert Position.from_id(START_ID) == Position.start()


def test_position_id_after_opening_31() -> None:
    play = parse_play(Position.start(), (3, 1), "8/5 6/5")
    assert play.result.id == "sGfwATDgc/ABMA"
    assert Position.from_id("sGfwATDgc/ABMA") == play.result


def test_position_id_round_trips(positions: list[Position]) -> None:
    for pos in positions:
        assert Position.from_id(pos.id) == pos
        assert pos.id == raw_position_id(pos.opp[1:], pos.me[1:])
        assert pos.swap().id == raw_position_id(pos.me[1:], pos.opp[1:])


def test_position_ids_are_distinct(positions: list[Position]) -> None:
    assert len({p.id for p in positions}) == len(set(positions))


def test_position_id_matches_gnubg(positions: list[Position]) -> None:
    gnubg_nn = pytest.importorskip("gnubg_nn", reason="gnubg-nn (the referee) is not installed")
    for pos in positions:
        assert gnubg_nn.position_id(gnubg_board(pos)) == pos.id
        assert [list(side) for side in gnubg_nn.board_from_position_id(pos.id)] == gnubg_board(pos)


@pytest.mark.parametrize(
    "text",
    [
        "",
        "4HPwATDgc/ABM",  # too short
        "4HPwATDgc/ABMAA",  # too long
        "4HPwATDgc/ABMA==",  # padded
        "4HPwATDgc/AB!A",  # not base64
        "4HPwATDgc-ABMA",  # url-safe alphabet
        "4HPwATDgc ABMA",
        "4HPwATDgc/ABMÄ",
        "4HPwATDgc/ABMB",  # padding bits set: not canonical
        "4HPwATDgc/ABMP",
    ],
)
def test_malformed_position_ids(text: str) -> None:
    with pytest.raises(InvalidPositionIdError):
        Position.from_id(text)


@pytest.mark.parametrize("value", [None, 42, b"4HPwATDgc/ABMA", ["4HPwATDgc/ABMA"]])
def test_position_id_must_be_text(value: object) -> None:
    with pytest.raises(InvalidPositionIdError):
        Position.from_id(value)  # type: ignore[arg-type]


def _side(**points: int) -> list[int]:
    side = [0] * 25
    for name, n in points.items():
        side[24 if name == "bar" else int(name[1:]) - 1] = n
    return side


def test_sixteen_checkers_for_the_side_not_on_roll() -> None:
    bad = raw_position_id(_side(p6=16), _side(p6=14))
    with pytest.raises(InvalidPositionIdError):
        Position.from_id(bad)


def test_sixteen_checkers_for_the_side_on_roll() -> None:
    bad = raw_position_id(_side(p6=1), _side(p6=10, bar=6))
    with pytest.raises(InvalidPositionIdError):
        Position.from_id(bad)


def test_point_shared_by_both_sides() -> None:
    # The first side's point 1 is the second side's point 24.
    bad = raw_position_id(_side(p1=2, p6=13), _side(p24=1, p6=14))
    with pytest.raises(InvalidPositionIdError):
        Position.from_id(bad)
    good = raw_position_id(_side(p1=2, p6=13), _side(p23=1, p6=14))
    assert Position.from_id(good).me[23] == 1


def test_stray_bits_after_the_position() -> None:
    good = raw_position_id(_side(p6=5), _side(p6=5))  # 60 bits used
    assert Position.from_id(good).off == 10
    for bit in (60, 70, 79):
        with pytest.raises(InvalidPositionIdError):
            Position.from_id(raw_position_id(_side(p6=5), _side(p6=5), extra_bits=1 << bit))


def test_position_id_running_past_80_bits() -> None:
    all_ones = base64.b64encode(b"\xff" * 10).decode()[:14]
    with pytest.raises(InvalidPositionIdError):
        Position.from_id(all_ones)


def test_both_sides_borne_off_is_refused() -> None:
    """No game reaches a board with all 30 checkers off: it ends when the first side
    is done.  (The ID of an empty board was read as a position before.)"""
    empty = raw_position_id(_side(), _side())
    assert empty == "AAAAAAAAAAAAAA"
    with pytest.raises(InvalidPositionIdError, match="both sides have borne off"):
        Position.from_id(empty)


def test_one_side_borne_off_is_a_real_board() -> None:
    """The board a game ends on (the loser on roll) and the board the winner leaves
    before confirming its last play (the tutor and the review judge it) are real."""
    over = Position.from_id(raw_position_id(_side(), _side(p6=3)))
    assert over.winner() == 1 and over.id == raw_position_id(_side(), _side(p6=3))
    left = Position.from_id(raw_position_id(_side(p19=2), _side()))
    assert left.winner() == 0


def test_errors_quote_only_a_prefix_of_a_huge_id() -> None:
    for huge in ("4HPwATDgc/ABMA" * 1_000_000, "x" * 10_000_000):
        with pytest.raises(InvalidPositionIdError) as info:
            Position.from_id(huge)
        assert len(str(info.value)) < 150
        with pytest.raises(InvalidMatchIdError) as match_info:
            MatchKey.from_id(huge)
        assert len(str(match_info.value)) < 150


def test_every_single_character_change_is_caught_or_valid(positions: list[Position]) -> None:
    """Corrupt one character of many IDs: either an error, or a position that re-encodes to it."""
    rng = random.Random(7)
    alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
    for pos in positions[:500]:
        text = pos.id
        i = rng.randrange(14)
        bad = text[:i] + rng.choice(alphabet) + text[i + 1 :]
        try:
            decoded = Position.from_id(bad)
        except InvalidPositionIdError:
            continue
        assert decoded.id == bad


# -- Match ID ---------------------------------------------------------------------


def test_match_id_manual_example() -> None:
    key = MatchKey.from_id("cAkAAAAAAAAA")
    assert key.cube_owner == CENTERED
    assert key.game_state == GAME_PLAYING
    assert key.match_length == 0
    assert key.id == "cAkAAAAAAAAA"


def _key_fields(key: MatchKey) -> dict[str, int]:
    return {f.name: getattr(key, f.name) for f in dataclasses.fields(key)}


def _gnubg_fields(cube: dict[str, object], pos: dict[str, object]) -> dict[str, int]:
    """The MatchKey fields that gnubg's cubeinfo and posinfo describe."""
    owner = cube["cubeowner"]
    dice = sorted(pos["dice"], reverse=True)  # type: ignore[call-overload]
    score0, score1 = cube["score"]  # type: ignore[misc]
    return {
        "cube_log2": int(cube["cube"]).bit_length() - 1,  # type: ignore[call-overload]
        "cube_owner": CENTERED if owner == -1 else owner,  # type: ignore[dict-item]
        "dice_owner": cube["move"],  # type: ignore[dict-item]
        "crawford": cube["crawford"],  # type: ignore[dict-item]
        "game_state": pos["gamestate"],  # type: ignore[dict-item]
        "turn": pos["turn"],  # type: ignore[dict-item]
        "doubled": pos["doubled"],  # type: ignore[dict-item]
        "resign": pos["resigned"],  # type: ignore[dict-item]
        "die1": dice[0],
        "die2": dice[1],
        "match_length": cube["matchto"],  # type: ignore[dict-item]
        "score0": score0,
        "score1": score1,
    }


def _random_match_states(
    rng: random.Random, n: int, match_play: bool
) -> list[tuple[tuple[object, ...], tuple[object, ...]]]:
    """Arguments for gnubg.cubeinfo() and gnubg.posinfo() describing random legal states."""
    states = []
    for _ in range(n):
        length = rng.choice([1, 3, 5, 7, 11, 25, 9999]) if match_play else 0
        score = (
            (rng.randrange(length), rng.randrange(length)) if match_play else (0, 0)
        )  # fmt: skip
        crawford = int(match_play and rng.random() < 0.2)
        cube = 1 << rng.randrange(13)
        owner = rng.choice([-1, 0, 1])
        mover = rng.randrange(2)
        dice = (rng.randint(1, 6), rng.randint(1, 6)) if rng.random() < 0.7 else (0, 0)
        states.append(
            (
                (cube, owner, mover, length, score, crawford, 0),
                (rng.randrange(2), rng.randrange(4), rng.randrange(2), rng.randrange(5), dice),
            )
        )
    return states


def _check_against_gnubg(match_play: bool) -> None:
    gnubg = pytest.importorskip("gnubg", reason="GNU Backgammon's Python module is not installed")
    rng = random.Random(99 + match_play)
    for cube_args, pos_args in _random_match_states(rng, 400, match_play):
        cube = gnubg.cubeinfo(*cube_args)
        if not match_play:
            cube["jacoby"] = 1  # gnubg's default for money play
        pos = gnubg.posinfo(*pos_args)
        match_id = gnubg.matchid(cube, pos)
        expected = _gnubg_fields(cube, pos)
        key = MatchKey.from_id(match_id)
        got = _key_fields(key)
        assert {k: got[k] for k in expected} == expected, match_id
        assert key.id == match_id
        if not match_play:
            assert MatchKey(**expected).id == match_id


def test_match_ids_money_play_match_gnubg() -> None:
    _check_against_gnubg(match_play=False)


def test_match_ids_match_play_match_gnubg() -> None:
    """gnubg writes a 67th bit, bit 66, set to ``not fJacoby``: 1 in every match.

    (A MatchKey that knew only 66 bits rejected every real match's ID as having
    stray bits.)
    """
    _check_against_gnubg(match_play=True)


def test_match_id_of_a_real_gnubg_match(capfd: pytest.CaptureFixture[str]) -> None:
    """Set up a match in gnubg itself and read its Match ID (gnubg prints boards)."""
    gnubg = pytest.importorskip("gnubg", reason="GNU Backgammon's Python module is not installed")
    for command in (
        "set player 0 human",
        "set player 1 human",
        "new match 7",
        "set score 2 4",
        "set cube value 4",
        "set cube owner 1",
        "set turn 1",
        "set dice 5 3",
    ):
        gnubg.command(command)
    position_id, match_id = gnubg.gnubg_id().split(":")
    key = MatchKey.from_id(match_id)
    assert (key.match_length, key.score0, key.score1) == (7, 2, 4)
    assert (key.cube_log2, key.cube_owner) == (2, 1)
    assert (key.turn, key.dice_owner, key.die1, key.die2) == (1, 1, 5, 3)
    assert key.id == match_id
    assert Position.from_id(position_id).id == position_id


def test_match_id_jacoby_bit_is_set_when_the_jacoby_rule_is_off() -> None:
    """Bit 66 is gnubg's ``!fJacoby``: 0 in money play with Jacoby, 1 without it and in matches.

    So ``MatchKey.no_jacoby == 1`` means the Jacoby rule is *not* in use.
    """
    gnubg = pytest.importorskip("gnubg", reason="GNU Backgammon's Python module is not installed")
    seen = {}
    for setting in ("off", "on"):
        for command in ("set player 0 human", "set player 1 human", f"set jacoby {setting}"):
            gnubg.command(command)
        gnubg.command("new session")
        seen[setting] = MatchKey.from_id(gnubg.gnubg_id().split(":")[1]).no_jacoby
    assert seen == {"off": 1, "on": 0}


def test_match_id_dice_written_higher_first() -> None:
    """gnubg always stores the higher die first (MatchID() in gnubg's matchid.c).

    So MatchKey(die1=1, die2=3) must either write what gnubg writes for 31, or
    refuse the unordered dice.
    """
    expected = MatchKey(die1=3, die2=1).id
    try:
        got = MatchKey(die1=1, die2=3).id
    except InvalidMatchIdError:
        return
    assert got == expected


def _with_bits(match_id: str, **fields: int) -> str:
    """A Match ID with some raw bit fields overwritten, for building invalid IDs."""
    value = int.from_bytes(base64.b64decode(match_id), "little")
    for spec, v in fields.items():
        start, width = (int(x) for x in spec[1:].split("_"))
        value &= ~(((1 << width) - 1) << start)
        value |= v << start
    return base64.b64encode(value.to_bytes(9, "little")).decode()


@pytest.mark.parametrize(
    "text",
    [
        "",
        "cAkAAAAAAAA",
        "cAkAAAAAAAAAA",
        "cAkAAAAAAA==",
        "cAkAAAAAAA!A",
        "cAk-AAAAAAAA",
        _with_bits("cAkAAAAAAAAA", b71_1=1),  # stray bit beyond every field
        _with_bits("cAkAAAAAAAAA", b4_2=2),  # cube owner 2
        _with_bits("cAkAAAAAAAAA", b8_3=5),  # game state 5
        _with_bits("cAkAAAAAAAAA", b8_3=7),
        _with_bits("cAkAAAAAAAAA", b15_3=7, b18_3=1),  # a die of 7
        _with_bits("cAkAAAAAAAAA", b15_3=3, b18_3=0),  # one die only
        _with_bits("cAkAAAAAAAAA", b21_15=5, b36_15=5),  # score reached the length
        _with_bits("cAkAAAAAAAAA", b21_15=5, b51_15=6),
    ],
)
def test_malformed_match_ids(text: str) -> None:
    with pytest.raises(InvalidMatchIdError):
        MatchKey.from_id(text)


@pytest.mark.parametrize("value", [None, 7, b"cAkAAAAAAAAA"])
def test_match_id_must_be_text(value: object) -> None:
    with pytest.raises(InvalidMatchIdError):
        MatchKey.from_id(value)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "fields",
    [
        {"cube_log2": 16},
        {"cube_owner": 2},
        {"die1": 7, "die2": 1},
        {"die1": 3},
        {"match_length": 5, "score0": 5},
        {"game_state": 6},
        {"resign": 4},
        {"turn": -1},
    ],
)
def test_match_key_refuses_impossible_fields(fields: dict[str, int]) -> None:
    with pytest.raises(InvalidMatchIdError):
        MatchKey(**fields)  # type: ignore[arg-type]
