"""``python -m engine review FILE.mat`` and ``python -m engine export SAVE``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from repo_paths import DATA

from engine.ai.review import review
from engine.cli import main
from engine.formats.mat import MatFile
from engine.formats.save import save_match
from engine.match import Match

DATA = DATA / "mat"


def test_review_prints_each_players_counts_pr_and_flagged_decisions(
    capsys: pytest.CaptureFixture[str],
) -> None:
    path = DATA / "scripted_5pt.mat"
    assert main(["review", str(path)]) == 0
    out = capsys.readouterr().out
    mat = MatFile.parse(path.read_text())
    r = review(mat.record)
    lines = out.splitlines()
    assert lines[0] == "5-point match: Carol 0, Dave 6 (1 game)"
    rows = {line[:16].strip(): line[16:].split() for line in lines[2:11] if line[:16].strip()}
    for p, summary in enumerate(r.players):
        assert rows["Checker plays"][p] == str(summary.plays)
        assert rows["Cube decisions"][p] == str(summary.cube)
        assert rows["Blunders"][p] == str(summary.blunders)
        assert rows["Mistakes"][p] == str(summary.mistakes)
        assert rows["Doubtful"][p] == str(summary.doubtful)
        assert rows["PR"][p] == f"{summary.pr:.1f}"
    assert f"Flagged decisions ({len(r.flagged())}):" in out
    assert "game 1: Carol, cube: doubled — a blunder" in out


def test_review_of_one_side(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["review", str(DATA / "scripted_5pt.mat"), "--player", "2"]) == 0
    out = capsys.readouterr().out
    assert "Dave, " in out and "Carol, " not in out.split("Flagged")[1]


def test_review_of_a_bad_file_says_the_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = tmp_path / "bad.mat"
    bad.write_text(" three point match\n Game 1\n A : 0   B : 0\n  1) 31: 8/5 6/5\n")
    assert main(["review", str(bad)]) == 2
    err = capsys.readouterr().err
    assert "line 1: expected the match length" in err
    assert main(["review", str(tmp_path / "missing.mat")]) == 2
    assert "cannot read" in capsys.readouterr().err


def test_review_of_a_file_read_with_repairs_lists_them(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A play that is not legal is kept as written, listed, and not judged."""
    odd = tmp_path / "odd.mat"
    odd.write_text(" 3 point match\n Game 1\n A : 0   B : 0\n  1) 31: 8/5 6/4\n")
    assert main(["review", str(odd)]) == 0
    out = capsys.readouterr().out
    assert "Read with repairs (1):" in out
    assert "Game 1, move 1: A's 8/5 6/4 is not a legal play of 31; kept as recorded" in out
    assert "Checker plays" in out and "Nothing doubtful" in out


def test_export_writes_a_saved_match_as_mat(tmp_path: Path) -> None:
    m = Match.new(5).roll((3, 1)).play("8/5 6/5").roll((6, 4)).play("24/14").double().take()
    page_file = {"app": "backgammon-web", "version": 1, "match": save_match(m)}
    for i, raw in enumerate((page_file, save_match(m))):
        save = tmp_path / f"save{i}.json"
        save.write_text(json.dumps(raw))
        out = tmp_path / f"match{i}.mat"
        assert main(["export", str(save), "-o", str(out), "--names", "Me", "You"]) == 0
        mat = MatFile.parse(out.read_text())
        assert mat.names == ("Me", "You") and mat.record == m.record


def test_export_of_a_bad_save(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    save = tmp_path / "save.json"
    save.write_text("{not json")
    assert main(["export", str(save)]) == 2
    assert "cannot read" in capsys.readouterr().err
