"""The command line entry point."""

from __future__ import annotations

import subprocess
import sys

import pytest
from repo_paths import ROOT

from engine.cli import main


def test_plays_lists_every_play_with_next_ids(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["plays", "4HPwATDgc/ABMA", "31"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert "8/5 6/5      sGfwATDgc/ABMA" in out
    assert out[-1] == "16 legal plays"


def test_plays_accepts_xgid_and_dashed_dice(capsys: pytest.CaptureFixture[str]) -> None:
    xgid = "XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10"
    assert main(["plays", xgid, "6-6"]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == "11 legal plays"


def test_no_legal_play(capsys: pytest.CaptureFixture[str]) -> None:
    # Two of ours on the bar against a closed board: nothing enters.
    from engine import Position

    pos = Position.from_points([13] + [0] * 17 + [-2] * 6, bar=2)
    assert main(["plays", pos.id, "65"]) == 0
    assert "No legal play" in capsys.readouterr().out


def test_bad_id_is_a_clean_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["plays", "not-an-id", "31"]) == 2
    assert "error:" in capsys.readouterr().err


def test_help_runs_as_a_module() -> None:
    out = subprocess.run(
        [sys.executable, "-m", "engine", "plays", "--help"],
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
    ).stdout
    assert "POSITION" in out.upper() and "legal play" in out
