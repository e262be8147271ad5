"""What the built page makes the browser fetch at start-up: no unused PyScript plugin."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest


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


def test_the_preloaded_hello_page_preloads_what_the_game_does_less_its_archive(
    site: Path, tmp_path: Path
) -> None:
    pytest.importorskip("playwright", reason="bench.load needs Playwright")
    from bench import load

    load.hello_page(site, tmp_path / "bare", preloaded=False)
    load.hello_page(site, tmp_path / "preloaded", preloaded=True)
    bare = (tmp_path / "bare" / "index.html").read_text()
    preloaded = (tmp_path / "preloaded" / "index.html").read_text()
    game = (site / "index.html").read_text()

    def preloads(html: str) -> list[str]:
        return [m[1] for m in load.PRELOAD_LINK.finditer(html)]

    archives = {
        src.removeprefix("./") for src in json.loads((site / "pyscript.json").read_text())["files"]
    }
    assert preloads(bare) == []
    assert preloads(preloaded) == [rel for rel in preloads(game) if rel not in archives]
    assert {"main.py", "pyscript.json", "vendor/pyodide/pyodide.asm.wasm"} <= set(
        preloads(preloaded)
    )
    for rel in preloads(preloaded):
        assert (tmp_path / "preloaded" / rel).is_file(), rel
    # Nothing else differs from the bare page.
    assert load.PRELOAD_LINK.sub("", preloaded).replace("  \n", "") == bare


def test_no_preload_in_the_game_page_is_an_error() -> None:
    pytest.importorskip("playwright", reason="bench.load needs Playwright")
    from bench import load

    with pytest.raises(ValueError, match="no preload"):
        load.with_preloads(
            "<head></head>", load.preloads_for(Path("/nonexistent"), "<head></head>")
        )


def test_a_build_before_is_compared_run_by_run_with_this_one() -> None:
    # Each run's ratio pairs the loads of that run (the machine's load then):
    # the median of those ratios, beside the medians of each build's times.
    from bench.load import Load, against_before

    def load(page: str, kind: str, ms: float) -> Load:
        return Load(page, kind, ms / 2, ms, ms * 2, 30, None, {}, {}, {})

    loads = [
        load("game", "cold", 1000), load("before", "cold", 800),
        load("game", "cold", 2200), load("before", "cold", 2000),
        load("game", "cold", 900), load("before", "cold", 1000),
        load("game", "warm", 500), load("before", "warm", 500),
    ]  # fmt: skip
    table = against_before(loads, {"a": 4_000, "b": 1_000}, {"a": 4_500})
    cold = table["cold interactive"]
    assert (cold["before_ms"], cold["now_ms"]) == (1000, 1000)
    assert cold["ratio"] == 1.1  # the runs' 1.25, 1.1 and 0.9
    assert table["warm ai"]["ratio"] == 1.0
    assert table["first_visit_bytes"] == {"before": 4_500, "now": 5_000}
