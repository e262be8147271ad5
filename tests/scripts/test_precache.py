"""The service worker's precache manifest (scripts/precache.py), without a browser."""

from __future__ import annotations

import hashlib
import json
import re
from pathlib import Path

import pytest
from repo_paths import ROOT

from scripts import precache

PUBLIC = ROOT / "public"


def make_site(folder: Path, files: dict[str, bytes | str]) -> Path:
    for rel, content in files.items():
        path = folder / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(content, str):
            path.write_text(content, encoding="utf-8")
        else:
            path.write_bytes(content)
    return folder


def small_site(folder: Path) -> Path:
    return make_site(
        folder,
        {
            "index.html": "<!doctype html><title>x</title>",
            "sw.js": (PUBLIC / "sw.js").read_text(encoding="utf-8"),
            ".nojekyll": "",
            "engine/__init__.py": "",
            "vendor/pyodide/pyodide.asm.wasm": b"\0asm\1\0\0\0",
            "icons/icon-192.png": b"\x89PNG",
        },
    )


def embedded(worker: Path) -> precache.Manifest:
    """The manifest as the service worker sees it."""
    match = re.search(r"/\* @precache \*/(.*?)/\* @end \*/", worker.read_text(), re.DOTALL)
    assert match is not None
    manifest: precache.Manifest = json.loads(match.group(1))
    return manifest


def test_every_served_file_but_the_worker_is_listed_with_its_sha256(tmp_path: Path) -> None:
    site = small_site(tmp_path)
    manifest = precache.write(site)
    assert set(manifest["files"]) == {
        "index.html",
        "engine/__init__.py",
        "vendor/pyodide/pyodide.asm.wasm",
        "icons/icon-192.png",
    }
    for rel, digest in manifest["files"].items():
        assert digest == hashlib.sha256((site / rel).read_bytes()).hexdigest()


def test_the_worker_and_the_json_file_carry_the_same_manifest(tmp_path: Path) -> None:
    site = small_site(tmp_path)
    manifest = precache.write(site)
    assert embedded(site / "sw.js") == manifest
    assert json.loads((site / "precache.json").read_text()) == manifest
    # The rest of the worker is untouched.
    template = (PUBLIC / "sw.js").read_text()
    written = (site / "sw.js").read_text()
    assert written.split("/* @precache */")[0] == template.split("/* @precache */")[0]
    assert written.split("/* @end */")[1] == template.split("/* @end */")[1]


def test_the_version_is_stable_and_rerunning_changes_nothing(tmp_path: Path) -> None:
    first = precache.write(small_site(tmp_path / "a"))
    again = precache.write(tmp_path / "a")
    other = precache.write(small_site(tmp_path / "b"))
    assert first == again == other
    assert re.fullmatch(r"[0-9a-f]{16}", first["version"])


def test_any_changed_file_makes_a_new_version(tmp_path: Path) -> None:
    before = precache.write(small_site(tmp_path))
    (tmp_path / "engine/__init__.py").write_text("# changed\n")
    after = precache.write(tmp_path)
    assert after["version"] != before["version"]
    changed = {rel for rel in after["files"] if after["files"][rel] != before["files"][rel]}
    assert changed == {"engine/__init__.py"}


def test_online_plays_signalling_is_served_but_not_precached(tmp_path: Path) -> None:
    """A first visit does not download it (it loads when an online game starts,
    which needs the network anyway); a change to it still makes a new version."""
    site = small_site(tmp_path)
    make_site(site, {"online-transport.js": "export {}", "vendor/trystero/nostr.mjs": "x"})
    before = precache.write(site)
    assert "online-transport.js" not in before["files"]
    assert not [rel for rel in before["files"] if rel.startswith("vendor/trystero/")]
    assert "vendor/trystero/nostr.mjs" in precache.served_files(site)
    (site / "vendor/trystero/nostr.mjs").write_text("y")
    after = precache.write(site)
    assert after["files"] == before["files"]
    assert after["version"] != before["version"]


def test_a_change_to_the_worker_code_makes_a_new_version(tmp_path: Path) -> None:
    before = precache.write(small_site(tmp_path))
    worker = tmp_path / "sw.js"
    worker.write_text(worker.read_text() + "\n// a fix\n")
    assert precache.write(tmp_path)["version"] != before["version"]


def test_a_worker_without_exactly_one_marker_is_refused(tmp_path: Path) -> None:
    site = small_site(tmp_path)
    (site / "sw.js").write_text("const PRECACHE = {};")
    with pytest.raises(precache.PrecacheError, match="@precache"):
        precache.write(site)


def test_a_site_without_a_page_or_a_worker_is_refused(tmp_path: Path) -> None:
    with pytest.raises(precache.PrecacheError, match=r"sw\.js"):
        precache.write(make_site(tmp_path / "a", {"index.html": "x"}))
    with pytest.raises(precache.PrecacheError, match=r"index\.html"):
        precache.write(make_site(tmp_path / "b", {"sw.js": (PUBLIC / "sw.js").read_text()}))


def test_command_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert precache.main([str(small_site(tmp_path))]) == 0
    assert "4 files" in capsys.readouterr().out
    assert precache.main([str(tmp_path / "missing")]) == 1


# -- the real build ------------------------------------------------------------------


def test_the_build_precaches_everything_the_game_loads(site: Path) -> None:
    files = embedded(site / "sw.js")["files"]
    served = {
        p.relative_to(site).as_posix()
        for p in site.rglob("*")
        if p.is_file() and not p.name.startswith(".")
    }
    on_demand = {rel for rel in served if rel.startswith(precache.ON_DEMAND)}
    assert "online-transport.js" in on_demand and "vendor/trystero/nostr.mjs" in on_demand
    assert set(files) == served - {"sw.js", "precache.json"} - on_demand
    for needed in (
        "index.html",
        "main.py",
        "pyscript.json",
        "manifest.webmanifest",
        "sw-register.js",
        "icons/icon-512.png",
        "vendor/pyscript/core.js",
        "vendor/pyodide/pyodide.asm.wasm",
        "vendor/pyodide/python_stdlib.zip.gz",
    ):
        assert needed in files
    config = json.loads((site / "pyscript.json").read_text())
    assert {src.removeprefix("./") for src in config["files"]} <= set(files)


def test_the_page_registers_the_worker_and_links_the_manifest(site: Path) -> None:
    html = (site / "index.html").read_text()
    assert '<link rel="manifest" href="./manifest.webmanifest">' in html
    assert '<script src="./sw-register.js" async></script>' in html
    assert '<meta name="theme-color"' in html
    register = (site / "sw-register.js").read_text()
    assert 'register("./sw.js"' in register


def test_the_worker_resolves_every_url_against_its_scope() -> None:
    code = (PUBLIC / "sw.js").read_text()
    # No absolute paths: the site lives under /REPO/ on GitHub Pages.
    assert not re.search(r"""["'`]/(?!/|\*)""", code)
    assert "self.registration.scope" in code
