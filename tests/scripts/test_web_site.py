"""The static site build and the local server (no browser needed)."""

from __future__ import annotations

import gzip
import json
import re
import subprocess
import sys
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

from scripts import build_site, bytecode, dataclass_code, precache, serve, solid_zip

needs_node_modules = pytest.mark.skipif(
    not (build_site.NODE_MODULES / "pyodide").is_dir(),
    reason="node_modules missing (make test runs npm ci)",
)


def test_pyscript_config_uses_the_vendored_pyodide_by_relative_url(site: Path) -> None:
    config = json.loads((site / "pyscript.json").read_text())
    assert config["interpreter"] == "./vendor/pyodide/pyodide.mjs"
    assert (site / "vendor/pyodide/pyodide.mjs").is_file()
    for name in build_site.PYODIDE_FILES:
        assert (site / "vendor/pyodide" / name).is_file()


def archive(site: Path, config_name: str) -> dict[str, bytes]:
    """The files a config's archives unpack into Python's working directory."""
    config = json.loads((site / config_name).read_text())
    files: dict[str, bytes] = {}
    for src, dest in config["files"].items():
        assert dest == "./"  # PyScript puts it in the working directory, as it is
        if src == f"./{build_site.UNPACKER}":
            continue
        # The entry point unpacks it there (public/unpack.py).
        unpacked = solid_zip.unpack((site / src).read_bytes())
        # Its precompiled dataclass methods, which unpacking reads and removes
        # (tests/scripts/test_dataclass_code.py).
        del unpacked[dataclass_code.TABLE]
        assert not set(unpacked) & set(files)  # no archive overwrites another's file
        files |= unpacked
    return files


def test_pyodides_lock_file_ships_without_the_packages_the_site_never_loads(site: Path) -> None:
    vendored = json.loads((build_site.NODE_MODULES / "pyodide" / "pyodide-lock.json").read_text())
    shipped = json.loads((site / "vendor/pyodide/pyodide-lock.json").read_text())
    assert shipped == {"info": vendored["info"], "packages": {}}  # Pyodide checks the ABI in info
    assert (site / "vendor/pyodide/pyodide-lock.json").stat().st_size < 500  # was 119 kB


def test_shipped_python_has_no_comments_docstrings_or_signatures_line_for_line(site: Path) -> None:
    """(What ships as source; the bytecode is compiled from the same stripping.)"""
    online = solid_zip.unpack((site / build_site.ONLINE_ARCHIVE).read_bytes())
    source = (build_site.ROOT / "web/online/peer.py").read_text()
    shipped = online["web/online/peer.py"].decode()
    assert shipped.count("\n") == source.count("\n")
    assert len(shipped) < 0.8 * len(source)
    assert not any(line.lstrip().startswith("#") for line in shipped.splitlines())
    # Nor its functions' annotations; a dataclass keeps its fields'.
    assert ") -> " in source and ") -> " not in shipped
    acts = online["web/online/acts.py"].decode()
    assert "class Commit:\n" in acts and "    digest: bytes\n" in acts


def test_the_style_sheet_ships_without_its_comments_and_keeps_every_rule(site: Path) -> None:
    source = (build_site.PUBLIC / "style.css").read_text()
    shipped = (site / "style.css").read_text()
    assert "/*" not in shipped and "*/" not in shipped and "\n\n" not in shipped
    assert len(shipped) < 0.85 * len(source)
    comments = re.compile(r"/\*.*?\*/", re.DOTALL)
    assert shipped.split() == comments.sub(" ", source).split()  # the rules, word for word
    css = build_site.strip_css("/* why */\na { color: red; }\n\n/* more\n why */\nb { x: y; }\n")
    assert css == "a { color: red; }\nb { x: y; }\n"


def test_the_page_gets_one_archive_its_worker_that_and_the_ais(site: Path) -> None:
    page_config = json.loads((site / "pyscript.json").read_text())
    worker_config = json.loads((site / build_site.WORKER_CONFIG).read_text())
    page_archive, ai_archive = f"./{build_site.PAGE_ARCHIVE}", f"./{build_site.WORKER_ARCHIVE}"
    unpacker = f"./{build_site.UNPACKER}"
    assert list(page_config["files"]) == [unpacker, page_archive]
    # The page's archive first: the worker's fetch of it is answered by the HTTP cache.
    assert list(worker_config["files"]) == [unpacker, page_archive, ai_archive]
    worker = solid_zip.unpack((site / build_site.WORKER_ARCHIVE).read_bytes())
    only_there = ("engine/ai/", "web/worker/")  # the AI, and what serves it to the page
    assert all(name.startswith(only_there) for name in worker if name != dataclass_code.TABLE)
    page = solid_zip.unpack((site / build_site.PAGE_ARCHIVE).read_bytes())
    assert not any(name.startswith(only_there) for name in page)


def test_each_python_environment_gets_its_files_as_archives(site: Path) -> None:
    page = archive(site, "pyscript.json")
    worker = archive(site, build_site.WORKER_CONFIG)
    online = solid_zip.unpack((site / build_site.ONLINE_ARCHIVE).read_bytes())
    assert not set(online) & set(page | worker)
    page |= online  # fetched into the same directory when online play starts
    modules = {name.removesuffix("c") for name in page | worker if name.endswith(".pyc")}
    sources = {name for name in page | worker if not name.endswith(".pyc")}
    assert {"engine/__init__.py", "engine/position.py", "web/dom/page.py"} <= modules
    assert all(name.endswith((*build_site.DATA_SUFFIXES, ".py")) for name in sources)
    assert not any("/test" in name or name.startswith("test") for name in page | worker)
    # The loose package files are not shipped (or precached) as well.
    assert not any((site / package).exists() for package in build_site.PACKAGES)
    # Everything the repository ships is in one archive or the other, once.
    repo = {
        p.relative_to(build_site.ROOT).as_posix()
        for package in build_site.PACKAGES
        for p in (build_site.ROOT / package).rglob("*")
        if p.is_file() and build_site._ships(p.relative_to(build_site.ROOT))
    }
    assert not modules & sources
    assert modules | sources == repo


def test_modules_ship_as_bytecode_for_the_vendored_pyodide_without_sources(site: Path) -> None:
    """Each module as bytecode where its source would be, compiled from the
    source the repository has (less comments, docstrings and functions' annotations); online play,
    imported only when a player starts an online game, as its source."""
    for config_name in ("pyscript.json", build_site.WORKER_CONFIG):
        files = archive(site, config_name)
        assert not [name for name in files if "__pycache__" in name]
        for name, data in files.items():
            if name.endswith(".pyc"):
                assert not name.startswith(build_site.SOURCES_ONLY), name
                # PEP 552: flags 0b01 = hash-based, not checked against the source.
                assert int.from_bytes(data[4:8], "little") == 0b01, name
                source = (build_site.ROOT / name.removesuffix("c")).read_text(encoding="utf-8")
                shipped = build_site.shipped_python(source).encode()
                assert bytecode.compiled_from(data, shipped), name
            elif name.endswith(".py"):
                assert name.startswith(build_site.SOURCES_ONLY), f"{name} ships as source"
        assert "web/view/analysis.py" in archive(site, "pyscript.json")


def test_the_ai_ships_only_to_its_worker(site: Path) -> None:
    """The page's own archive is on the critical path of every load: no AI in it."""
    page = archive(site, "pyscript.json")
    worker = archive(site, build_site.WORKER_CONFIG)
    assert not any(name.startswith("engine/ai/") for name in page)
    assert "web/ai/protocol.pyc" in page  # the page and its worker speak it both
    for needed in ("engine/ai/data/contact.bin", "engine/ai/bearoff_build.pyc",
                   "web/worker/ai.pyc", "web/worker/bearoff.pyc", "web/ai/protocol.pyc",
                   "engine/match.pyc"):  # fmt: skip
        assert needed in worker
    # The bear-off database is made by the worker, not downloaded (web/worker/bearoff.py).
    assert not any(name.endswith("bearoff.bin") for name in (*page, *worker))
    page_config = json.loads((site / "pyscript.json").read_text())
    worker_config = json.loads((site / build_site.WORKER_CONFIG).read_text())
    assert worker_config["interpreter"] == page_config["interpreter"]
    assert worker_config["sync_main_only"] is True  # it never touches the page
    assert (site / "ai_worker.py").is_file()


def test_what_ships_as_source_is_not_imported_at_the_page_s_start() -> None:
    """Sources compile when imported: none may be on the way to the first board."""
    code = "import sys, web.app; print(' '.join(sorted(sys.modules)))"
    out = subprocess.run(
        [sys.executable, "-S", "-c", code],
        capture_output=True, text=True, check=True, cwd=build_site.ROOT,
    )  # fmt: skip
    imported = set(out.stdout.split())
    assert "web.control.controller" in imported
    for prefix in build_site.SOURCES_ONLY:
        module = prefix.removesuffix("/").removesuffix(".py").replace("/", ".")
        assert not any(m == module or m.startswith(module + ".") for m in imported), module


def test_the_archives_hold_every_module_their_modules_import(site: Path) -> None:
    """No shipped module imports one that was left out (the command-line tools
    are), even inside a function; and the tools themselves are not shipped."""
    import ast

    shipped = {*archive(site, "pyscript.json"), *archive(site, build_site.WORKER_CONFIG)}
    # ...counting online play's protocol, fetched when a game needs it (web.dom.online_loader).
    shipped |= set(solid_zip.unpack((site / build_site.ONLINE_ARCHIVE).read_bytes()))
    modules = {
        name.rsplit(".", 1)[0].removesuffix("/__init__").replace("/", ".")
        for name in shipped
        if name.endswith((".py", ".pyc"))
    }
    assert "engine.game" in modules and "engine.ai.network" in modules
    for tool in ("engine.cli", "engine.__main__", "engine.cli.hint", "engine.cli.review"):
        assert tool not in modules
    for module in sorted(modules):
        path = build_site.ROOT / (module.replace(".", "/") + ".py")
        if not path.is_file():
            path = path.with_suffix("") / "__init__.py"
        for node in ast.walk(ast.parse(path.read_text())):
            names = (
                [a.name for a in node.names] if isinstance(node, ast.Import)
                else [node.module or ""] if isinstance(node, ast.ImportFrom) and not node.level
                else []
            )  # fmt: skip
            for name in names:
                if name.split(".")[0] in build_site.PACKAGES:
                    assert name in modules, f"{module} imports {name}, which is not shipped"


def test_archives_are_reproducible(site: Path, tmp_path: Path) -> None:
    """An unchanged build must keep its service worker version (and its players' caches)."""
    again = build_site.build(tmp_path / "site")
    for name in (build_site.PAGE_ARCHIVE, build_site.WORKER_ARCHIVE):
        assert (again / name).read_bytes() == (site / name).read_bytes()


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


def test_the_page_asks_at_once_for_everything_python_needs_to_start(site: Path) -> None:
    html = (site / "index.html").read_text()
    head = html[: html.index("</head>")]
    modules = re.findall(r'<link rel="modulepreload" href="\./([^"]+)">', head)
    fetches = re.findall(r'<link rel="preload" href="\./([^"]+)" as="fetch" crossorigin>', head)
    assert build_site.PRELOAD_MARKER not in html
    for rel in (*modules, *fetches):
        assert (site / rel).is_file(), rel
    assert {"vendor/pyodide/pyodide.mjs", "vendor/pyodide/pyodide.asm.mjs"} <= set(modules)
    assert any(re.fullmatch(r"vendor/pyscript/core-[\w-]{8}\.js", rel) for rel in modules)
    page = json.loads((site / "pyscript.json").read_text())
    archives = {src.removeprefix("./") for src in page["files"]}
    runtime = {"vendor/pyodide/pyodide.asm.wasm", f"vendor/pyodide/{build_site.SHIPPED_STDLIB}"}
    assert {"pyscript.json", "main.py", *runtime, *archives} <= set(fetches)


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


def content_security_policy(html: str) -> dict[str, list[str]]:
    found = re.findall(r'<meta http-equiv="Content-Security-Policy" content="([^"]*)">', html)
    assert len(found) == 1, "the page needs exactly one Content-Security-Policy"
    directives = [part.split() for part in found[0].split(";") if part.strip()]
    return {name: sources for name, *sources in directives}


def test_the_page_carries_a_content_security_policy_for_the_site_alone(site: Path) -> None:
    html = (site / "index.html").read_text()
    policy = content_security_policy(html)
    assert policy["default-src"] == ["'self'"]
    # PyScript builds its hooks with Function() and Pyodide compiles WebAssembly;
    # no inline script, and no other origin.
    assert policy["script-src"] == ["'self'", "'unsafe-eval'", "'wasm-unsafe-eval'"]
    assert policy["worker-src"] == ["'self'", "blob:"]  # PyScript's workers start from a blob
    assert policy["style-src"] == ["'self'", "'unsafe-inline'"]  # the board's style attributes
    assert policy["connect-src"] == ["'self'", "wss:"]  # online play's relays, WebSocket only
    assert policy["object-src"] == ["'none'"]
    assert policy["base-uri"] == ["'self'"] and policy["form-action"] == ["'self'"]
    for sources in policy.values():
        assert not any(s in ("*", "http:", "https:", "data:") or "://" in s for s in sources)
    # A <meta> policy governs only what comes after it: first in the head.
    head = html[: html.index("</head>")]
    assert head.index("Content-Security-Policy") < min(
        head.index(tag) for tag in ("<script", "<link") if tag in head
    )
    # Directives a <meta> cannot carry (browsers ignore them, with a console error).
    assert not {"frame-ancestors", "report-uri", "sandbox"} & set(policy)


def test_pyscript_starts_first_with_its_configs_before_it(site: Path) -> None:
    """PyScript is async and first in the body, so the interpreter starts while the
    page is parsed and painted; it reads both configs as it starts."""
    html = (site / "index.html").read_text()
    body = html[html.index("<body>") :]
    core = body.index('<script type="module" src="./vendor/pyscript/core.js" async></script>')
    assert body.index("<mpy-config hidden>") < body.index('<script type="py"') < core
    assert core < body.index('<a class="skip"')  # before anything of the page
    assert html.count('vendor/pyscript/core.js"') == 1


def test_the_built_page_has_no_inline_script_the_policy_would_refuse(site: Path) -> None:
    html = (site / "index.html").read_text()
    for tag in re.findall(r"<script\b[^>]*>", html):
        assert 'src="./' in tag or 'type="py"' in tag, tag  # a file of the site, or PyScript's
    assert not re.search(r"\son[a-z]+=", html)  # no inline event handlers


def test_the_progress_script_knows_the_runtimes_files_and_their_sizes(site: Path) -> None:
    code = (site / build_site.PROGRESS_SCRIPT).read_text()
    found = re.findall(r"/\* @files \*/ (.*?) /\* @end \*/", code, re.DOTALL)
    assert len(found) == 1
    files = json.loads(found[0])
    assert "vendor/pyodide/pyodide.asm.wasm" in files and "vendor/pyscript/core.js" in files
    for rel, (size, gzipped) in files.items():
        data = (site / rel).read_bytes()
        assert size == len(data), rel
        assert gzipped == len(gzip.compress(data, compresslevel=6, mtime=0)), rel
    # Everything Python needs before it runs, the game's own files aside.
    html = (site / "index.html").read_text()
    head = html[: html.index("</head>")]
    preloaded = set(re.findall(r'<link rel="(?:module)?preload" href="\./([^"]+)"', head))
    game = {"pyscript.json", "main.py", build_site.UNPACKER, build_site.PAGE_ARCHIVE}
    assert preloaded - game <= set(files)
    assert 4_000_000 < sum(gz for _, gz in files.values()) < 6_000_000


def test_the_progress_script_runs_before_pyscript(site: Path) -> None:
    html = (site / "index.html").read_text()
    progress = html.index('<script src="./progress.js"></script>')  # parser-blocking
    assert progress < html.index('<script type="module" src="./vendor/pyscript/core.js" async>')
    # The source keeps an empty list for the build to fill.
    assert "/* @files */ {} /* @end */" in (build_site.PUBLIC / "progress.js").read_text()


def test_online_play_s_protocol_is_fetched_when_first_needed_not_on_a_first_visit(
    site: Path,
) -> None:
    online = solid_zip.unpack((site / build_site.ONLINE_ARCHIVE).read_bytes())
    assert sorted(online) == sorted(build_site.ONLINE_PROTOCOL)  # sources, nothing else
    assert "web/online/peer.py" in online and "web/control/online.py" not in online
    assert build_site.ONLINE_ARCHIVE not in precache.precached_files(site)
    from web.dom import online_loader as loader

    assert loader.ARCHIVE == build_site.ONLINE_ARCHIVE
    assert f"{loader.PROBE.replace('.', '/')}.py" in online
