"""The engine behaves identically under Pyodide (Python 3.14 in WebAssembly)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys

import pytest
from repo_paths import ROOT

sys.path.insert(0, str(ROOT / "tests" / "pyodide"))

import engine_digest


def _pyodide_available() -> bool:
    return shutil.which("node") is not None and (ROOT / "node_modules" / "pyodide").is_dir()


@pytest.mark.skipif(
    not _pyodide_available() and not os.environ.get("CI"),
    reason="node_modules/pyodide not installed (make test installs it)",
)
def test_engine_under_pyodide_matches_cpython() -> None:
    run = subprocess.run(
        ["node", str(ROOT / "tests" / "pyodide" / "run_engine.mjs")],
        capture_output=True,
        text=True,
        timeout=600,
        cwd=ROOT,
    )
    assert run.returncode == 0, run.stderr
    version, _, rest = run.stdout.strip().splitlines()[-1].partition(" ")
    assert version.startswith("3.") and int(version.split(".")[1]) >= 12, version
    failed, attempted = engine_digest.run_doctests()
    expected = f"doctests {attempted - failed}/{attempted} digest {engine_digest.digest()}"
    assert failed == 0
    assert rest == expected
