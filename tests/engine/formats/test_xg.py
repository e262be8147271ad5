"""eXtreme Gammon's ``.xg`` files, read: the container (header, zlib archive,
checksums) and the records (match and game headers, moves, cube actions, game
footers) as the published format lays them out.

The files here are built by :func:`xg_file` from the published layout; real
files written by eXtreme Gammon are checked in ``tests/test_real_xg_files.py``
(against the ``.mat`` eXtreme Gammon exported of the same match, and against
the files' own game headers and footers).
"""

from __future__ import annotations

import struct
import zlib
from pathlib import Path

import pytest

from engine.cli import main
from engine.errors import FormatError, XgError
from engine.formats import xg
from engine.formats.match_file import kind_of, read_match_file
from engine.position import Position
from engine.record import Conceded, Played


def _record(kind: int, fields: dict[int, bytes]) -> bytes:
    rec = bytearray(xg.RECORD)
    rec[8] = kind
    for offset, raw in fields.items():
        rec[offset : offset + len(raw)] = raw
    return bytes(rec)


def _short(text: str, size: int = 41) -> bytes:
    raw = text.encode("latin-1")
    return bytes([len(raw)]) + raw.ljust(size - 1, b"\0")


def match_header(p1: str, p2: str, length: int, *, crawford: bool = True) -> bytes:
    return _record(
        xg.MATCH_HEADER,
        {
            9: _short(p1),
            50: _short(p2),
            92: struct.pack("<l", length),
            100: bytes([crawford, 0, 0, 0]),
            552: struct.pack("<l", 8),  # a version before the Unicode names
        },
    )


def game_header(number: int, score: tuple[int, int]) -> bytes:
    return _record(
        xg.GAME_HEADER,
        {12: struct.pack("<ll", *score), 48: struct.pack("<l", number)},
    )


def move(player: int, dice: tuple[int, int], moves: list[tuple[int, int]]) -> bytes:
    """``moves`` as we number points (25 the bar, 0 off), from the mover's side."""
    flat: list[int] = []
    for src, dst in moves:
        flat += [24 if src == 25 else src - 1, -2 if dst == 0 else dst - 1]
    flat += [-1] * (8 - len(flat))
    return _record(
        xg.MOVE,
        {
            64: struct.pack("<l", 1 if player == 0 else -1),
            68: struct.pack("<8l", *flat),
            100: struct.pack("<2l", *dice),
        },
    )


def cube(player: int, answer: int) -> bytes:
    return _record(xg.CUBE, {12: struct.pack("<3l", 1 if player == 0 else -1, 1, answer)})


def game_footer(winner: int, points: int) -> bytes:
    return _record(xg.GAME_FOOTER, {24: struct.pack("<2l", 1 if winner == 0 else -1, points)})


def xg_file(records: list[bytes]) -> bytes:
    """An ``.xg`` container holding ``records`` as its ``temp.xg``."""
    body = b"".join(records)
    stored = zlib.compress(body)
    entry = bytearray(532)
    entry[0:8] = bytes([7]) + b"temp.xg"
    entry[512:528] = struct.pack("<3lL", len(body), len(stored), 0, zlib.crc32(body))
    entry[528] = 0  # compressed
    registry = zlib.compress(bytes(entry))
    archive = stored + registry
    tail = struct.pack("<L5l", zlib.crc32(archive), 1, 1, len(registry), len(stored), 1)
    header = xg.MAGIC + bytes(8232 - 4)
    return header + archive + tail + bytes(12)


MATCH = [
    match_header("Ann", "Ben", 3),
    game_header(1, (0, 0)),
    move(0, (3, 1), [(8, 5), (6, 5)]),
    move(1, (4, 1), [(24, 23), (13, 9)]),
    cube(0, 0),  # Ann doubles, Ben drops
    game_footer(0, 1),
    game_header(2, (1, 0)),
    move(1, (6, 2), [(24, 18), (13, 11)]),
    move(0, (5, 5), [(8, 3), (8, 3), (6, 1), (6, 1)]),
    game_footer(1, 2),  # Ben wins a gammon's points: Ann resigned
]


def test_an_xg_match_reads_game_by_game() -> None:
    mat = xg.read(xg_file(MATCH))
    assert mat.names == ("Ann", "Ben") and mat.notes == ()
    games = mat.record.games
    assert [(g.result.winner, g.result.points) for g in games if g.result] == [(0, 1), (1, 2)]
    plays = [e.notation for e in games[0].events if isinstance(e, Played)]
    assert plays == ["8/5 6/5", "24/23 13/9"]
    assert games[1].events[-1] == Conceded(0, 2)  # type: ignore[arg-type]
    assert mat.match().score == (1, 2)


def test_an_xg_file_by_its_bytes_and_from_the_command_line(tmp_path: Path) -> None:
    data = xg_file(MATCH)
    assert kind_of(data) == "xg"
    assert read_match_file(data).record == xg.read(data).record
    # as the page hands it over: the bytes one character each
    assert read_match_file(data.decode("latin-1")).record == xg.read(data).record
    path = tmp_path / "match.xg"
    path.write_bytes(data)
    assert main(["review", str(path)]) == 0


@pytest.mark.parametrize(
    ("damage", "words"),
    [
        (lambda d: b"XXXX" + d[4:], "does not start with RGMH"),
        (lambda d: d[:8240], "cut short"),
        (lambda d: d[:-20], "damaged"),
        (lambda d: d[:8300] + bytes([d[8300] ^ 0xFF]) + d[8301:], "checksum"),
    ],
)
def test_a_damaged_xg_file_is_refused(damage: object, words: str) -> None:
    data = damage(xg_file(MATCH))  # type: ignore[operator]
    with pytest.raises(XgError, match=words) as info:
        xg.read(data)
    assert isinstance(info.value, FormatError)


def test_a_roll_xg_does_not_know_the_play_of_is_kept_without_one() -> None:
    """Before a resignation eXtreme Gammon records the loser's roll with every
    move 0/0 (its ``.mat`` export shows ``???``): the roll is kept, its play
    unknown, and the resignation read as the footer gives it; nothing is flagged."""
    unknown = _record(
        xg.MOVE,
        {64: struct.pack("<l", 1), 68: struct.pack("<8l", *[0] * 8), 100: struct.pack("<2l", 3, 3)},
    )
    records = [*MATCH[:5], game_footer(0, 1), game_header(2, (1, 0))]
    records += [move(1, (6, 2), [(24, 18), (13, 11)]), unknown, game_footer(1, 2)]
    mat = xg.read(xg_file(records))
    assert mat.notes == ()
    game = mat.record.games[1]
    assert game.result is not None and (game.result.winner, game.result.points) == (1, 2)
    assert mat.match().score == (1, 2)


def _board(counts: dict[int, int]) -> bytes:
    """A record's board: player 1's checkers positive on points 1-24 as player 1
    numbers them, player 2's negative; 25 player 1's bar, 0 player 2's."""
    return struct.pack("<26b", *(counts.get(i, 0) for i in range(26)))


def test_a_position_saved_from_xg_opens_at_that_position() -> None:
    """A position file (``.xgp``), or a match eXtreme Gammon was told to start
    from a position: the first record's board, cube and player on roll start
    the game, and what follows is read from there."""
    # player 2 has slotted its 5 point; player 1 holds the cube at 2 (log2 1)
    board = _board({6: 5, 8: 3, 13: 5, 24: 2, 1: -2, 12: -5, 17: -3, 19: -4, 20: -1})
    no_double = _record(
        xg.CUBE, {12: struct.pack("<3l", -1, 0, 0), 32: struct.pack("<l", 1), 36: board}
    )
    play = move(1, (3, 1), [(8, 5), (6, 5)])
    mat = xg.read(xg_file([match_header("Ann", "Ben", 5), game_header(1, (2, 3)), no_double, play]))
    assert mat.notes == ()
    game = mat.record.games[0]
    assert game.setup is not None and game.setup.turn == 1
    ben = [0] * 26
    ben[24], ben[13], ben[8], ben[6], ben[5] = 2, 5, 3, 4, 1
    ann = [0] * 26
    ann[24], ann[13], ann[8], ann[6] = 2, 5, 3, 5
    assert game.setup.position == Position(ben, ann)
    assert (game.setup.cube.value, game.setup.cube.owner) == (2, 0)
    assert game.score == (2, 3)
    assert [e.notation for e in game.events if isinstance(e, Played)] == ["8/5 6/5"]


def test_an_illegal_play_in_an_xg_file_is_kept_and_noted_with_its_move() -> None:
    records = [*MATCH[:3], move(1, (4, 1), [(24, 23), (13, 8)]), *MATCH[4:]]  # 13/8 is a 5
    mat = xg.read(xg_file(records))
    assert [str(n) for n in mat.notes] == [
        "Game 1, move 1: Ben's 24/23 13/8 is not a legal play of 41; kept as recorded"
    ]
    assert mat.notes[0].flagged
