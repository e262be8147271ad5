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
