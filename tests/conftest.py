"""Fixtures shared by the test modules."""

from __future__ import annotations

from pathlib import Path

import pytest

from scripts import build_site


@pytest.fixture(scope="session")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The real site build, made once per run (tests only read it)."""
    if not (build_site.NODE_MODULES / "pyodide").is_dir():
        pytest.skip("node_modules missing (make test runs npm ci)")
    return build_site.build(tmp_path_factory.mktemp("build") / "site")


@pytest.fixture(scope="session")
def gnubg_written(tmp_path_factory: pytest.TempPathFactory) -> list[tuple[Path, Path, Path]]:
    """Files another program wrote: GNU Backgammon's own ``.mat`` export and
    ``.sgf`` (with its analysis) of each of our test matches (``tests/data/mat``),
    as (ours, its ``.mat``, its ``.sgf``).  Made here, by the ``gnubg`` package
    as referee, so that no one else's files are kept in the repository."""
    import importlib.util

    if importlib.util.find_spec("gnubg") is None:
        pytest.skip("GNU Backgammon's module is not installed")
    from repo_paths import DATA

    from bench.match_files import gnubg_writes

    ours = sorted((DATA / "mat").glob("*.mat"))
    written = gnubg_writes(ours, tmp_path_factory.mktemp("gnubg"))
    return [(src, mat, sgf) for src, (mat, sgf) in zip(ours, written, strict=True)]
