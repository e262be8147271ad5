"""Real ``.xg`` files written by eXtreme Gammon open, replay and give decisions
to review, and read as the files themselves say: each game starts at the score
its game header gives and ends as its game footer gives (winner and points),
the match at the score of the match footer; where eXtreme Gammon's ``.mat``
export of the same match lies beside the file (same name, ``.mat``), both read
as the same match, play for play, and where GNU Backgammon is installed, as GNU
Backgammon reads that ``.mat``.

The files are the ``.xg`` files in the folder the environment variable
``REAL_MATCH_FILES`` names (real files, which are not kept in this repository:
see ``tests/data/README.md`` for where they come from).  With none, the tests
are skipped.

The records are read here on their own, from the published layout, so that
what the reader makes of them is checked against what the file says.
"""

from __future__ import annotations

import importlib.util
import os
import struct
from dataclasses import dataclass
from pathlib import Path

import pytest

from engine.formats import xg
from engine.formats.mat import MatFile
from engine.match import replay, replay_events
from engine.record import Played
from engine.review import decisions


def _xg_files() -> list[Path]:
    folder = os.environ.get("REAL_MATCH_FILES")
    return sorted(Path(folder).rglob("*.xg")) if folder else []


XG_FILES = _xg_files()
PAIRS = [p for p in XG_FILES if p.with_suffix(".mat").is_file()]

needs_files = pytest.mark.skipif(not XG_FILES, reason="no real .xg file here")


@dataclass(frozen=True)
class Said:
    """What an ``.xg`` file's own headers and footers say of its games."""

    starts: list[tuple[int, int]]  # each game's score at its start
    results: list[tuple[int, int] | None]  # each game's (winner, points)
    final: tuple[int, int] | None  # the match footer's score


def _player(active: int) -> int:
    return 0 if active == 1 else 1


def said(path: Path) -> Said:
    body = xg.archive_files(path.read_bytes())["temp.xg"]
    starts: list[tuple[int, int]] = []
    results: list[tuple[int, int] | None] = []
    final = None
    for k in range(len(body) // xg.RECORD):
        r = body[k * xg.RECORD : (k + 1) * xg.RECORD]
        if r[8] == xg.GAME_HEADER:
            starts.append(struct.unpack_from("<2l", r, 12))
            results.append(None)
        elif r[8] == xg.GAME_FOOTER:
            winner, points = struct.unpack_from("<2l", r, 24)
            results[-1] = (_player(winner), points)
        elif r[8] == xg.MATCH_FOOTER:
            final = struct.unpack_from("<2l", r, 12)
    return Said(starts, results, final)


def outcome(mat: MatFile) -> list[tuple[int, int] | None]:
    games = mat.record.games
    return [None if g.result is None else (g.result.winner, g.result.points) for g in games]


@needs_files
@pytest.mark.parametrize("path", XG_FILES, ids=lambda p: p.name)
def test_a_real_xg_file_opens_replays_and_reviews(path: Path) -> None:
    mat = xg.read(path.read_bytes())
    assert mat.record.games
    assert replay(mat.record) == mat.match()
    steps = replay_events(mat.record)
    assert len(steps) == sum(len(g.events) for g in mat.record.games)
    assert decisions(mat.record)
    assert not [n for n in mat.notes if not n.flagged], mat.notes  # only illegal plays noted
    assert MatFile.parse(str(mat)).record == mat.record  # and it exports as the same match


@needs_files
@pytest.mark.parametrize("path", XG_FILES, ids=lambda p: p.name)
def test_a_real_xg_file_reads_as_its_headers_and_footers_say(path: Path) -> None:
    mat = xg.read(path.read_bytes())
    own = said(path)
    assert [g.score for g in mat.record.games] == own.starts
    assert outcome(mat) == own.results
    if own.final is not None:  # some files write it no higher than the match's length
        score = mat.match().score
        cap = mat.match().match_length or 1 << 30
        assert own.final in (score, (min(score[0], cap), min(score[1], cap)))


@needs_files
@pytest.mark.parametrize("path", XG_FILES, ids=lambda p: p.name)
def test_every_play_of_a_real_xg_file_starts_from_the_board_the_file_records(path: Path) -> None:
    """Each move record holds the board before the play: ours, replayed from the
    start, is the same before every play (a roll without a play aside)."""
    body = xg.archive_files(path.read_bytes())["temp.xg"]
    boards = []
    for k in range(len(body) // xg.RECORD):
        r = body[k * xg.RECORD : (k + 1) * xg.RECORD]
        (active,) = struct.unpack_from("<l", r, 64)
        first = struct.unpack_from("<2l", r, 68)
        if r[8] == xg.MOVE and first[0] != -1 and first != (0, 0):
            boards.append(xg.board(r[9:35], active))
    mat = xg.read(path.read_bytes())
    steps = replay_events(mat.record)
    ours = [s.before.position for s in steps if isinstance(s.event, Played) and s.event.moves]
    assert ours == boards


@pytest.mark.skipif(not PAIRS, reason="no real .xg file with its .mat export here")
@pytest.mark.parametrize("path", PAIRS, ids=lambda p: p.name)
def test_a_real_xg_file_is_the_match_of_its_mat_export(path: Path) -> None:
    mat = xg.read(path.read_bytes())
    exported = MatFile.parse(path.with_suffix(".mat").read_bytes().decode("utf-8"))
    assert mat.names == exported.names
    assert mat.record == exported.record


@pytest.mark.skipif(
    not PAIRS or importlib.util.find_spec("gnubg") is None,
    reason="no pair here, or GNU Backgammon's module is not installed",
)
def test_real_xg_files_read_as_gnu_backgammon_reads_their_mat_export() -> None:
    from bench.match_files import final_score, gnubg_outcomes

    mats = [p.with_suffix(".mat") for p in PAIRS]
    theirs = gnubg_outcomes(mats)
    for path, exported in zip(PAIRS, mats, strict=True):
        ref = theirs[exported]
        assert not isinstance(ref, str), f"{exported.name}: gnubg: {ref}"
        mat = xg.read(path.read_bytes())
        assert outcome(mat) == ref, path.name
        assert mat.match().score == final_score(mat.record.games[0].score, ref), path.name
