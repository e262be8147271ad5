"""What the built page makes the browser fetch at start-up: no unused PyScript plugin."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from scripts import build_site


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    if not (build_site.NODE_MODULES / "pyodide").is_dir():
        pytest.skip("node_modules missing (make test runs npm ci)")
    return build_site.build(tmp_path_factory.mktemp("build") / "site")


def test_both_script_types_opt_out_of_every_plugin_but_error(site: Path) -> None:
    html = (site / "index.html").read_text()
    found = re.findall(r"<mpy-config hidden>(.*?)</mpy-config>", html)
    assert len(found) == 1
    mpy = set(json.loads(found[0])["plugins"])
    py = set(json.loads((site / "pyscript.json").read_text())["plugins"])
    every = {"codemirror", "deprecations-manager", "donkey", "error", "py-editor", "py-game",
             "py-terminal"}  # fmt: skip
    assert mpy == {f"!{name}" for name in every}
    assert py == {f"!{name}" for name in every - {"error"}}


def test_only_the_plugin_chunk_in_use_is_shipped(site: Path) -> None:
    names = {p.name.split("-")[0] for p in (site / "vendor/pyscript").iterdir()}
    assert names == {"core.js", "core", "error"}
