"""Move notation: formatting, parsing, round trips, errors, and gnubg's own notation."""

from __future__ import annotations

import random
import re
from collections import Counter

import pytest
from random_positions import ROLLS, mixed_positions
from repo_paths import ROOT
from rules_oracle import make

from engine import (
    AmbiguousPlayError,
    IllegalPlayError,
    NotationError,
    Play,
    Position,
    format_moves,
    legal_plays,
    parse_play,
)
from engine.notation import MAX_NOTATION_LENGTH

START = Position.start()
# The start, with an opponent blot on my 11 and one on my 18.
BLOTS = make({24: 2, 13: 5, 8: 3, 6: 5}, {1: 2, 12: 3, 11: 1, 18: 1, 17: 3, 19: 5})


def play_with(pos: Position, dice: tuple[int, int], moves: set[tuple[int, int]]) -> Play:
    (play,) = [p for p in legal_plays(pos, dice) if set(p.moves) == moves]
    return play


@pytest.fixture(scope="module")
def positions() -> list[Position]:
    return mixed_positions(random.Random(31), 400)


# -- formatting -------------------------------------------------------------------


def test_format_two_checkers_with_a_hit() -> None:
    assert str(play_with(BLOTS, (6, 2), {(24, 18), (13, 11)})) == "24/18* 13/11*"
    plain = make({24: 2, 13: 5, 8: 3, 6: 5}, {1: 2, 12: 4, 11: 1, 17: 3, 19: 5})
    assert str(play_with(plain, (6, 2), {(24, 18), (13, 11)})) == "24/18 13/11*"


def test_format_one_checker_hitting_on_the_way() -> None:
    play = play_with(BLOTS, (6, 5), {(24, 18), (18, 13)})
    assert str(play) == "24/18*/13"


def test_format_waypoints_are_not_written() -> None:
    running = {((24, 18), (18, 13)), ((24, 19), (19, 13))}
    (play,) = [p for p in legal_plays(START, (6, 5)) if p.moves in running]
    assert str(play) == "24/13"


def test_format_entering_from_the_bar() -> None:
    pos = make({13: 5, 8: 3, 6: 6}, {24: 2, 19: 1}, bar=1)
    assert str(play_with(pos, (3, 1), {(25, 22), (8, 7)})) == "bar/22 8/7"
    assert str(play_with(pos, (6, 1), {(25, 19), (8, 7)})) == "bar/19* 8/7"


def test_format_bearing_off() -> None:
    pos = make({6: 2, 5: 3, 1: 1})
    assert str(play_with(pos, (6, 5), {(6, 0), (5, 0)})) == "6/off 5/off"
    assert {str(p) for p in legal_plays(make({6: 2}), (6, 6))} == {"6/off(2)"}
    assert {str(p) for p in legal_plays(make({6: 1}), (6, 1))} == {"6/off"}


def test_format_repeated_paths_are_counted() -> None:
    assert "8/5(2) 6/3(2)" in {str(p) for p in legal_plays(START, (3, 3))}
    assert "24/18(2) 13/7(2)" in {str(p) for p in legal_plays(START, (6, 6))}


def test_format_moves_directly() -> None:
    assert format_moves([]) == ""
    assert format_moves([(8, 5), (6, 5)]) == "8/5 6/5"
    assert format_moves([(25, 22), (22, 16)], [False, True]) == "bar/16*"
    assert format_moves([(13, 7), (7, 1)], [True, True]) == "13/7*/1*"


def gnubg_text(gnubg: object, pos: Position, play: Play) -> str:
    board = (list(pos.opp[1:]), list(pos.me[1:]))
    flat = tuple(x for move in play.moves for x in move)
    return gnubg.move_tuple_to_string(flat, board)  # type: ignore[attr-defined,no-any-return]


def test_format_agrees_with_gnubg(positions: list[Position]) -> None:
    """Every play prints exactly as GNU Backgammon prints it, doubles included."""
    gnubg = pytest.importorskip("gnubg", reason="GNU Backgammon's Python module is not installed")
    count = 0
    for pos in positions:
        for dice in ROLLS:
            for play in legal_plays(pos, dice):
                assert str(play) == gnubg_text(gnubg, pos, play), (pos.id, dice, play.moves)
                count += 1
    assert count > 50_000


@pytest.mark.parametrize(
    ("moves", "hits", "text"),
    [
        # Read off GNU Backgammon 1.1.0a16's move_tuple_to_string.
        ([(7, 3), (7, 3)], [True, False], "7/3*(2)"),  # two checkers, one hit: counted
        ([(7, 3), (7, 3)], [False, True], "7/3*(2)"),  # whichever of them hit
        ([(6, 5), (6, 5), (6, 5), (24, 23)], [True, False, False, False], "24/23 6/5*(3)"),
        # The first checker off a point is the one that goes on, and is written first.
        ([(8, 7), (8, 7), (8, 7), (7, 6)], [False] * 4, "8/6 8/7(2)"),
        ([(13, 11), (13, 11), (11, 9), (9, 7)], [False] * 4, "13/7 13/11"),
        # A hit on the way is written where it happened, on the first path through it.
        ([(6, 5), (6, 5), (5, 4), (24, 23)], [True, False, False, False], "24/23 6/5*/4 6/5"),
        ([(6, 5), (5, 4), (6, 5), (5, 4)], [True, False, False, False], "6/5*/4(2)"),
        ([(8, 7), (8, 7), (7, 6), (6, 5)], [False, False, False, True], "8/5* 8/7"),
        ([(25, 22), (22, 16)], [False, True], "bar/16*"),
        ([(6, 0), (6, 0)], [False, False], "6/off(2)"),
    ],
)
def test_format_like_gnubg(moves: list[tuple[int, int]], hits: list[bool], text: str) -> None:
    assert format_moves(moves, hits) == text


# -- parsing ----------------------------------------------------------------------


def test_parse_round_trips_every_legal_play(positions: list[Position]) -> None:
    rng = random.Random(5)
    count = 0
    for pos in positions[:250]:
        for dice in rng.sample(ROLLS, 3):
            for play in legal_plays(pos, dice):
                assert parse_play(pos, dice, str(play)) == play, (pos.id, dice, str(play))
                count += 1
    assert count > 4_000


def older_text(moves: tuple[tuple[int, int], ...], hits: tuple[bool, ...]) -> str:
    """How this engine wrote a play before it wrote gnubg's notation (saves hold
    such texts): each hit marked on the checker that made it (``8/3* 8/3``), a
    checker going on joined to the first path ending where it starts, and the
    paths sorted by start, then end (``8/7(2) 8/6``)."""
    order = sorted(range(len(moves)), key=lambda i: (-moves[i][0], -moves[i][1]))
    chains: list[tuple[list[int], list[bool]]] = []
    for i in order:
        src, dest = moves[i]
        for pts, hs in chains:
            if pts[-1] == src and src != 0:
                pts.append(dest)
                hs.append(hits[i])
                break
        else:
            chains.append(([src, dest], [hits[i]]))
    chains.sort(key=lambda c: (-c[0][0], -c[0][-1]))

    def text(pts: list[int], hs: list[bool]) -> str:
        name = {25: "bar", 0: "off"}
        out = [name.get(pts[0], str(pts[0]))]
        for k, p in enumerate(pts[1:], start=1):
            if k < len(pts) - 1 and not hs[k - 1]:
                continue
            out.append(name.get(p, str(p)) + ("*" if hs[k - 1] else ""))
        return "/".join(out)

    texts = [text(p, h) for p, h in chains]
    counts = Counter(texts)
    return " ".join(t if counts[t] == 1 else f"{t}({counts[t]})" for t in dict.fromkeys(texts))


def test_parse_reads_the_older_notation(positions: list[Position]) -> None:
    """Texts written before the notation became gnubg's (in saves, or typed from
    memory) still read as the same play."""
    differing = 0
    for pos in positions[:150]:
        for dice in ROLLS:
            for play in legal_plays(pos, dice):
                text = older_text(play.moves, play.hits)
                if text != str(play):
                    differing += 1
                    assert parse_play(pos, dice, text) == play, (pos.id, dice, text)
    assert differing > 1000


@pytest.mark.parametrize(
    ("gnubg_text", "older"),
    [
        ("8/3*(2) 6/1(2)", "8/3* 8/3 6/1(2)"),
        ("8/3*(4)", "8/3* 8/3(3)"),
        ("13/3*(2)", "13/3* 13/3"),
    ],
)
def test_parse_gnubg_counted_hit(gnubg_text: str, older: str) -> None:
    """gnubg marks a counted group with ``*`` when one of its checkers hits; this
    engine used to write the hit apart (``8/3* 8/3``), and still reads that."""
    pos = make({13: 4, 8: 4, 6: 7}, {3: 1, 24: 2, 12: 2})
    assert gnubg_text in {str(p) for p in legal_plays(pos, (5, 5))}
    assert str(parse_play(pos, (5, 5), gnubg_text)) == gnubg_text
    assert parse_play(pos, (5, 5), older) == parse_play(pos, (5, 5), gnubg_text)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("8/5 6/5", "8/5 6/5"),
        ("6/5 8/5", "8/5 6/5"),
        ("8/5, 6/5", "8/5 6/5"),
        ("  8/5   6/5 ", "8/5 6/5"),
        ("13/10/9", "13/9"),
        ("24/21 21/20", "24/20"),
        ("24/20", "24/20"),
    ],
)
def test_parse_accepts_variants(text: str, expected: str) -> None:
    assert str(parse_play(START, (3, 1), text)) == expected


def test_parse_accepts_bar_off_and_case() -> None:
    pos = make({13: 5, 8: 3, 6: 6}, {24: 2, 19: 1}, bar=1)
    assert str(parse_play(pos, (6, 1), "Bar/19* 8/7")) == "bar/19* 8/7"
    assert str(parse_play(pos, (6, 1), "b/19 8/7")) == "bar/19* 8/7"
    assert str(parse_play(pos, (6, 1), "25/19* 8/7")) == "bar/19* 8/7"
    off = make({6: 2, 5: 3, 1: 1})
    assert str(parse_play(off, (6, 5), "6/OFF 5/o")) == "6/off 5/off"
    assert str(parse_play(START, (3, 3), "8/5 8/5 6/3 6/3")) == "8/5(2) 6/3(2)"


def test_parse_hit_mark_is_optional_when_unambiguous() -> None:
    # My 19 is held, so 24/13 can only go through the blot on 18.
    assert str(parse_play(BLOTS, (6, 5), "24/13")) == "24/18*/13"
    assert str(parse_play(BLOTS, (6, 5), "24/18*/13")) == "24/18*/13"
    assert str(parse_play(BLOTS, (6, 2), "24/18 13/11")) == "24/18* 13/11*"


def test_parse_prefers_the_exact_hits_written() -> None:
    # 24/18/13 hits on 18; 24/19/13 does not: "24/13" means the quiet one.
    pos = make({24: 2, 13: 5, 8: 3, 6: 5}, {1: 2, 12: 4, 18: 1, 17: 3, 20: 5})
    assert str(parse_play(pos, (6, 5), "24/13")) == "24/13"
    assert str(parse_play(pos, (6, 5), "24/18*/13")) == "24/18*/13"


@pytest.mark.parametrize(
    ("dice", "text"),
    [
        ((3, 1), "13/10 13/12"),  # 12 is held
        ((3, 1), "13/12/9"),  # through a held point
        ((3, 1), "8/5"),  # only one die used when both can be
        ((3, 1), "8/5 6/5 24/23"),
        ((3, 1), "6/off 6/5"),  # not all home
        ((3, 1), "bar/22 6/5"),  # nothing on the bar
        ((6, 4), "8/5 6/5"),  # wrong dice
        ((3, 1), "7/4 6/5"),  # no checker on 7
        ((3, 1), "8/5* 6/5"),  # a hit that is not there
        ((6, 6), "24/18(2) 13/7(3)"),  # five sixes
    ],
)
def test_parse_illegal_plays(dice: tuple[int, int], text: str) -> None:
    with pytest.raises(IllegalPlayError) as info:
        parse_play(START, dice, text)
    assert not isinstance(info.value, AmbiguousPlayError)


def test_parse_when_the_roll_cannot_be_played() -> None:
    pos = make({1: 13, 13: 1}, {p: 2 for p in range(19, 25)}, bar=1)
    with pytest.raises(IllegalPlayError):
        parse_play(pos, (6, 5), "bar/19")


def test_parse_ambiguous() -> None:
    # Blots on my 23 and 18: 24/17 could hit either on the way.
    pos = make({24: 2, 13: 5, 8: 3, 6: 5}, {23: 1, 18: 1, 12: 4, 16: 3, 19: 5, 1: 1})
    with pytest.raises(AmbiguousPlayError):
        parse_play(pos, (6, 1), "24/17")
    assert str(parse_play(pos, (6, 1), "24/23*/17")) == "24/23*/17"
    assert str(parse_play(pos, (6, 1), "24/18*/17")) == "24/18*/17"


@pytest.mark.parametrize(
    "text",
    [
        "",
        "   ",
        "24",
        "24/",
        "/18",
        "24-18",
        "24/x",
        "twenty/four",
        "0/5",
        "26/20",
        "99/1",
        "off/20",
        "off/off",
        "20/24",  # checkers do not move backwards
        "13/13",
        "24*/18",  # no hit where a move starts
        "13/7(5)",
        "13/7(0)",
        "13/7()",
        "13/7(2",
        "8/5 6/5;",
    ],
)
def test_parse_garbage(text: str) -> None:
    with pytest.raises(NotationError):
        parse_play(START, (3, 1), text)


@pytest.mark.parametrize("value", [None, 31, b"8/5 6/5", ["8/5", "6/5"]])
def test_parse_non_text(value: object) -> None:
    with pytest.raises(NotationError):
        parse_play(START, (3, 1), value)  # type: ignore[arg-type]


# -- the length cap (#16 item 15) --------------------------------------------------


def test_parse_refuses_overlong_text_at_once_and_quotes_only_a_prefix() -> None:
    huge = "8/5 6/5 " * 1_250_000  # 10 MB
    with pytest.raises(NotationError) as info:
        parse_play(START, (3, 1), huge)
    assert len(str(info.value)) < 150
    assert "10000000 characters" in str(info.value)
    with pytest.raises(NotationError):
        parse_play(START, (3, 1), "8/5 6/5" + " " * MAX_NOTATION_LENGTH)


def test_every_legal_play_fits_the_cap(positions: list[Position]) -> None:
    """The longest legal play, written as gnubg does or move by move with
    commas, is well inside the cap."""
    longest = 0
    for pos in positions[:200]:
        for dice in ROLLS:
            for play in legal_plays(pos, dice):
                moves = zip(play.moves, play.hits, strict=True)
                spelled = ", ".join(format_moves([m], [h]) for m, h in moves)
                longest = max(longest, len(str(play)), len(spelled))
    assert longest <= 31 < MAX_NOTATION_LENGTH
    assert len("bar/22*, 22/18*, 18/14*, 14/10*") == 31  # four hits, each move spelled out


def test_the_move_box_has_the_parsers_cap() -> None:
    html = (ROOT / "public" / "index.html").read_text()
    box = re.search(r'<input id="notation"[^>]*>', html)
    assert box is not None
    assert f'maxlength="{MAX_NOTATION_LENGTH}"' in box.group(0)
