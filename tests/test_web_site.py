"""The static site build and the local server (no browser needed)."""

from __future__ import annotations

import json
import re
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

from scripts import build_site, serve

needs_node_modules = pytest.mark.skipif(
    not (build_site.NODE_MODULES / "pyodide").is_dir(),
    reason="node_modules missing (make test runs npm ci)",
)


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    if not (build_site.NODE_MODULES / "pyodide").is_dir():
        pytest.skip("node_modules missing (make test runs npm ci)")
    return build_site.build(tmp_path_factory.mktemp("build") / "site")


def test_pyscript_config_uses_the_vendored_pyodide_by_relative_url(site: Path) -> None:
    config = json.loads((site / "pyscript.json").read_text())
    assert config["interpreter"] == "./vendor/pyodide/pyodide.mjs"
    assert (site / "vendor/pyodide/pyodide.mjs").is_file()
    for name in build_site.PYODIDE_FILES:
        assert (site / "vendor/pyodide" / name).is_file()


def test_every_shipped_python_file_is_in_a_config_and_nothing_else_ships(site: Path) -> None:
    page = json.loads((site / "pyscript.json").read_text())
    worker = json.loads((site / build_site.WORKER_CONFIG).read_text())
    shipped = {
        p.relative_to(site).as_posix()
        for package in build_site.PACKAGES
        for p in (site / package).rglob("*")
        if p.is_file()
    }
    assert {"engine/__init__.py", "engine/position.py", "web/page.py"} <= shipped
    assert {f"./{rel}" for rel in shipped} == set(page["files"]) | set(worker["files"])
    for config in (page, worker):
        assert all(src == dest for src, dest in config["files"].items())
    assert not any("__pycache__" in rel or "/test" in rel for rel in shipped)
    assert all(rel.endswith((*build_site.DATA_SUFFIXES, ".py")) for rel in shipped)


def test_the_ai_ships_only_to_its_worker(site: Path) -> None:
    """The page's own config is fetched on every load: no weights in it."""
    page = json.loads((site / "pyscript.json").read_text())
    worker = json.loads((site / build_site.WORKER_CONFIG).read_text())
    assert not any(name.startswith("./engine/ai/") for name in page["files"])
    assert "./engine/ai/data/contact.bin" in worker["files"]
    assert "./engine/ai/data/bearoff.bin" in worker["files"]
    assert "./web/ai_service.py" in worker["files"]
    assert "./engine/match.py" in worker["files"]
    assert not any(name.startswith("./web/") and "ai_service" not in name and "__init__" not in name
                   for name in worker["files"])  # fmt: skip
    assert worker["interpreter"] == page["interpreter"]
    assert worker["sync_main_only"] is True  # it never touches the page
    assert (site / "ai_worker.py").is_file()


def test_pyscript_is_vendored_without_source_maps_or_unused_chunks(site: Path) -> None:
    names = {p.name for p in (site / "vendor/pyscript").iterdir()}
    assert "core.js" in names
    assert not any(name.endswith(".map") for name in names)
    assert not any(name.startswith(("codemirror", "xterm", "toml")) for name in names)


def test_page_only_references_relative_urls(site: Path) -> None:
    html = (site / "index.html").read_text()
    urls = re.findall(r'\b(?:src|href|config)="([^"]*)"', html)
    assert "./vendor/pyscript/core.js" in urls and "./pyscript.json" in urls
    for url in urls:
        assert url.startswith(("./", "#")), url


def test_start_position_is_prerendered_for_the_first_paint(site: Path) -> None:
    html = (site / "index.html").read_text()
    assert build_site.BOARD_MARKER not in html
    assert html.count('class="checker ') == 30
    assert 'data-ready="false"' in html  # only Python sets it to true


def test_site_works_on_github_pages(site: Path) -> None:
    assert (site / ".nojekyll").is_file()


def test_unknown_plugin_chunk_names_fall_back_to_the_file_name() -> None:
    assert build_site._chunk_name("py-editor-C4XsZtn7.js") == "py-editor"
    assert build_site._chunk_name("py-Dl-y4L1b.js") == "py"
    assert build_site._chunk_name("core.js") == "core"


@pytest.fixture(scope="module")
def served(site: Path) -> Iterator[str]:
    server, url = serve.start(site, prefix="/sub/")
    yield url
    server.shutdown()
    server.server_close()


def fetch(url: str) -> tuple[int, str]:
    try:
        with urllib.request.urlopen(url, timeout=10) as response:
            return response.status, response.headers.get("Content-Type", "")
    except urllib.error.HTTPError as error:
        return error.code, ""


@needs_node_modules
def test_server_serves_modules_and_wasm_with_the_types_browsers_require(served: str) -> None:
    assert served.endswith("/sub/")
    assert fetch(served) == (200, "text/html; charset=utf-8")
    assert fetch(served + "vendor/pyodide/pyodide.mjs")[1].startswith("text/javascript")
    assert fetch(served + "vendor/pyodide/pyodide.asm.wasm")[1] == "application/wasm"


@needs_node_modules
def test_server_only_serves_under_its_prefix(served: str) -> None:
    root = served.removesuffix("sub/")
    assert fetch(root + "index.html")[0] == 404
    assert fetch(served + "no-such-file")[0] == 404


def test_prefixes_are_normalised() -> None:
    assert serve.normalise_prefix("backgammon") == "/backgammon/"
    assert serve.normalise_prefix("/a/b/") == "/a/b/"
    assert serve.normalise_prefix("/") == "/"
