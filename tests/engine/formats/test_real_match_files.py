"""Match files written by other programs open, replay, step through and give
decisions to review, and read as GNU Backgammon reads them: the same games, each
with the same winner and points, and so the same final score.

The files: GNU Backgammon's own ``.mat`` exports of our test matches, written
for the run by the ``gnubg`` package (the ``gnubg_written`` fixture); and, when
the environment variable ``REAL_MATCH_FILES`` names a folder, the real files in
it (Backgammon Galaxy, Backgammon Studio, eXtreme Gammon... which are not kept
in this repository: ``tests/data/README.md`` says where they come from).

gnubg is the referee only, run in a child process by :mod:`bench.match_files`;
the engine never imports it.
"""

from __future__ import annotations

import importlib.util
import os
from pathlib import Path

import pytest

from engine.formats.mat import MatFile
from engine.match import replay, replay_events
from engine.record import Played, ResignAccepted, ResignOffered, Roll
from engine.review import decisions
from engine.scoring import WinType

# Real files that are not committed, when the environment variable names a folder
# holding them: .mat, and .txt as Galaxy and Backgammon Studio name theirs.
_MORE = os.environ.get("REAL_MATCH_FILES")
MORE_FILES = (
    sorted(p for p in Path(_MORE).rglob("*") if p.suffix.lower() in (".mat", ".txt"))
    if _MORE
    else []
)


def _opens_replays_and_reviews(path: Path) -> MatFile:
    mat = MatFile.parse(path.read_bytes().decode("utf-8"))
    assert mat.record.games
    assert replay(mat.record) == mat.match()
    steps = replay_events(mat.record)
    assert len(steps) == sum(len(g.events) for g in mat.record.games)
    played = any(isinstance(e, Played) for g in mat.record.games for e in g.events)
    assert bool(decisions(mat.record)) == played  # something to review, if anything was played
    assert MatFile.parse(str(mat)) == mat  # and it writes back as the same match
    return mat


def _plays(mat: MatFile) -> list[tuple[int, tuple[int, int], str, list[tuple[int, int]]]]:
    """Each play: who, the dice, and the moves (in any order: a file writes them
    in its own order, the play is the same)."""
    return [
        (e.player, e.dice, e.notation, sorted(e.moves))
        for g in mat.record.games
        for e in g.events
        if isinstance(e, Played)
    ]


UNFAITHFUL = {
    # gnubg's import of this money session (beavers, written by gnubg itself)
    # loses game 2's first plays, and its export then writes cube actions before
    # the opening roll: it reads the export at the cube it kept (4 points), we at
    # the cube the written actions give (2), noting each action we could not place.
    "scripted_money.mat": 1,
}
"""gnubg's exports that do not hold the match gnubg was given: how many games we
read otherwise than gnubg does."""


def test_gnu_backgammon_s_exports_open_replay_and_review_as_the_matches_given(
    gnubg_written: list[tuple[Path, Path, Path]],
) -> None:
    for ours, exported, _ in gnubg_written:
        theirs = _opens_replays_and_reviews(exported)
        if exported.name in UNFAITHFUL:
            continue
        given = MatFile.parse(ours.read_text())
        assert _plays(theirs) == _plays(given), exported.name
        assert theirs.match().score == given.match().score, exported.name


def test_gnu_backgammon_s_exports_read_as_it_reads_them(
    gnubg_written: list[tuple[Path, Path, Path]],
) -> None:
    from bench.match_files import final_score, gnubg_outcomes, ours

    exports = [exported for _, exported, _ in gnubg_written]
    theirs = gnubg_outcomes(exports)
    for path in exports:
        games, score = ours(path)
        ref = theirs[path]
        assert not isinstance(ref, str), f"{path.name}: gnubg: {ref}"
        differ = sum(a != b for a, b in zip(games, ref, strict=True))
        assert differ == UNFAITHFUL.get(path.name, 0), (path.name, games, ref)
        if not differ:
            start = MatFile.parse(path.read_text()).record.games[0].score
            assert score == final_score(start, ref), path.name


def test_a_roll_written_without_its_play_then_a_resignation() -> None:
    """As GNU Backgammon writes a game resigned after a roll (no play on the line)."""
    text = (
        " 1 point match\n\n Game 1\n Ann : 0                        Ben : 0\n"
        "  1)                             42: 8/4 6/4\n"
        "  2) 64: 24/18 13/9               53: \n"
        "      Wins 1 point\n"
    )
    mat = MatFile.parse(text)
    game = mat.record.games[0]
    assert game.result is not None and (game.result.winner, game.result.points) == (0, 1)
    assert game.events[-3:] == (
        Roll(1, (5, 3)),
        ResignOffered(1, WinType.SINGLE),
        ResignAccepted(0),
    )
    assert mat.notes == ()
    assert mat.match().score == (1, 0) and replay(mat.record) == mat.match()


@pytest.mark.skipif(
    not MORE_FILES or importlib.util.find_spec("gnubg") is None,
    reason="REAL_MATCH_FILES names no folder of .mat files, or gnubg is not installed",
)
def test_the_real_files_of_a_folder_read_as_gnu_backgammon_reads_them() -> None:
    """Every ``.mat`` (or ``.txt``) file of ``REAL_MATCH_FILES`` opens, replays and
    reviews, and each that GNU Backgammon imports gives the same games, winners
    and points as GNU Backgammon gives."""
    from bench.match_files import gnubg_outcomes, ours

    theirs = gnubg_outcomes(MORE_FILES)
    differ = []
    for path in MORE_FILES:
        _opens_replays_and_reviews(path)
        ref = theirs[path]
        if isinstance(ref, str):
            continue  # GNU Backgammon could not import it: nothing to compare
        games, _ = ours(path)
        if games != ref:
            differ.append(f"{path.name}: ours {games}, gnubg {ref}")
    assert not differ, "\n".join(differ)
