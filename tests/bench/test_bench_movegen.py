"""The move-generation benchmark runs, at a tiny size (it is a benchmark, not a test)."""

from __future__ import annotations

import io
import shutil

import pytest
from repo_paths import ROOT

TINY = ["--middle", "3", "--bearoff", "2", "--rounds", "1", "--gnubg-repeat", "1"]


def test_bench_movegen_cpython() -> None:
    pytest.importorskip("gnubg_nn", reason="gnubg-nn (the referee) is not installed")
    from bench import movegen

    out = io.StringIO()
    table = movegen.main([*TINY, "--no-pyodide"], out=out)
    assert set(table) == {"middle game", "bear-off"}
    for rows in table.values():
        assert set(rows) == {"gnubg C", "CPython"}
        assert rows["gnubg C"]["ratio"] == 1.0
        assert rows["CPython"]["us_per_call"] > 0
    assert "× gnubg C" in out.getvalue()


@pytest.mark.skipif(
    shutil.which("node") is None or not (ROOT / "node_modules" / "pyodide").is_dir(),
    reason="node or node_modules/pyodide not installed",
)
def test_bench_movegen_pyodide() -> None:
    pytest.importorskip("gnubg_nn", reason="gnubg-nn (the referee) is not installed")
    from bench import movegen

    out = io.StringIO()
    table = movegen.main(TINY, out=out)
    for rows in table.values():
        assert rows["Pyodide"]["us_per_call"] > 0
    assert "Pyodide: Python 3." in out.getvalue()
