"""Real match files written by other programs (``tests/data/real``, with their
sources in its README) open, replay, step through and give decisions to review,
and, where GNU Backgammon is installed, read as it reads them: the same games,
each with the same winner and points, and so the same final score.

gnubg (the ``gnubg`` PyPI package) is the referee only, run in a child process
by :mod:`bench.match_files`; the engine never imports it.
"""

from __future__ import annotations

import importlib.util
import os
from pathlib import Path

import pytest
from repo_paths import DATA

from engine.formats.mat import MatFile
from engine.match import replay, replay_events
from engine.review import decisions

REAL = DATA / "real"
MAT_FILES = sorted(REAL.rglob("*.mat"))
# Real files that are not committed (see the README there), when the environment
# variable names a folder holding them: .mat, and .txt as Galaxy and Backgammon
# Studio name theirs.
_MORE = os.environ.get("REAL_MATCH_FILES")
MORE_FILES = (
    sorted(p for p in Path(_MORE).rglob("*") if p.suffix.lower() in (".mat", ".txt"))
    if _MORE
    else []
)


def test_the_real_files_are_there_with_their_sources() -> None:
    assert len(MAT_FILES) >= 2
    readme = (REAL / "README.md").read_text()
    for path in REAL.rglob("*"):
        if path.is_file() and path.name != "README.md":
            assert f"`{path.relative_to(REAL).as_posix()}`" in readme, path


@pytest.mark.parametrize("path", MAT_FILES, ids=lambda p: p.name)
def test_a_real_file_opens_replays_and_reviews(path: Path) -> None:
    mat = MatFile.parse(path.read_bytes().decode("utf-8"))
    assert mat.record.games
    assert replay(mat.record) == mat.match()
    steps = replay_events(mat.record)
    assert len(steps) == sum(len(g.events) for g in mat.record.games)
    assert decisions(mat.record)  # something to review
    assert MatFile.parse(str(mat)) == mat  # and it writes back as the same match


@pytest.mark.skipif(
    importlib.util.find_spec("gnubg") is None, reason="GNU Backgammon's module is not installed"
)
def test_real_files_read_as_gnu_backgammon_reads_them() -> None:
    from bench.match_files import final_score, gnubg_outcomes, ours

    theirs = gnubg_outcomes(MAT_FILES)
    for path in MAT_FILES:
        games, score = ours(path)
        ref = theirs[path]
        assert not isinstance(ref, str), f"{path.name}: gnubg: {ref}"
        assert games == ref, path.name
        start = MatFile.parse(path.read_text()).record.games[0].score
        assert score == final_score(start, ref), path.name


@pytest.mark.skipif(
    not MORE_FILES or importlib.util.find_spec("gnubg") is None,
    reason="REAL_MATCH_FILES names no folder of .mat files, or gnubg is not installed",
)
def test_the_real_files_of_a_folder_read_as_gnu_backgammon_reads_them() -> None:
    """Every ``.mat`` (or ``.txt``) file of ``REAL_MATCH_FILES`` that GNU Backgammon
    imports gives the same games, winners and points as GNU Backgammon gives."""
    from bench.match_files import gnubg_outcomes, ours

    theirs = gnubg_outcomes(MORE_FILES)
    differ = []
    for path in MORE_FILES:
        ref = theirs[path]
        if isinstance(ref, str):
            continue  # GNU Backgammon could not import it: nothing to compare
        games, _ = ours(path)
        if games != ref:
            differ.append(f"{path.name}: ours {games}, gnubg {ref}")
    assert not differ, "\n".join(differ)
