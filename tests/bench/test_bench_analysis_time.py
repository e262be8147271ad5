"""The whole-match analysis benchmark's pure parts: the progress line read,
the depths asked for, the table and the checkpoint a long run leaves."""

from __future__ import annotations

import argparse
from pathlib import Path

import pytest

from bench.analysis_time import (
    ProgressError,
    Run,
    load_checkpoint,
    parse_plies,
    progress,
    save_checkpoint,
    table,
)
from web.words import match_analysis as say


def test_progress_reads_the_pages_own_lines() -> None:
    assert progress(say.started(649)) is None
    assert progress(say.analysing(120, 649)) == (120, 649, False)
    assert progress(say.finished(649)) == (649, 649, True)
    assert progress("") is None
    with pytest.raises(ProgressError):
        progress(say.cancelled(3, 649))


def test_plies_are_one_or_two() -> None:
    assert parse_plies("1,2") == (1, 2)
    assert parse_plies("2") == (2,)
    for bad in ("3", "", "1,0"):
        with pytest.raises(argparse.ArgumentTypeError):
            parse_plies(bad)


def test_the_table_gives_the_rate_and_the_ratio_of_a_partial_run() -> None:
    runs = [Run(1, 649, 649, 240.0, True), Run(2, 130, 649, 1040.0, False)]
    lines = table("long.mat", runs)
    one, two = lines[2].split(), lines[3].split()
    assert one == ["1", "649", "240.0", "0.370", "1.00"]
    # The partial run's rate counts only the decisions done.
    assert two == ["2", "130/649", "1040.0", "8.000", "21.63", "partial"]
    assert round(8.0 / (240.0 / 649), 2) == 21.63


def test_a_table_with_no_decision_done_has_no_ratio() -> None:
    lines = table("m.mat", [Run(1, 0, 0, 0.0, False)])
    assert lines[2].split() == ["1", "0/0", "0.0", "0.000", "-", "partial"]


def test_a_checkpoint_keeps_every_row(tmp_path: Path) -> None:
    path = tmp_path / "run.json"
    assert load_checkpoint(path) == {}
    runs = {2: Run(2, 10, 649, 80.0, False), 1: Run(1, 649, 649, 240.0, True)}
    save_checkpoint(path, "long.mat", runs)
    assert load_checkpoint(path) == runs
    assert list(load_checkpoint(path)) == [1, 2]
    save_checkpoint(None, "long.mat", runs)  # no checkpoint asked for: nothing written
    assert sorted(p.name for p in tmp_path.iterdir()) == ["run.json"]
