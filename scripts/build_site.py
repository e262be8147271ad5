"""Assemble the static site into ``build/site/``.

The site is self-contained: the page, our Python packages, and the vendored
Pyodide and PyScript runtimes copied from ``node_modules`` (``npm ci``).  Nothing
is ever fetched from another origin, and every URL is relative so the site works
from a sub-path such as GitHub Pages' ``/REPO/``.

The published build has no test hooks: nothing lets a player choose the dice.
The e2e tests use a test build (``--test-hooks``, into ``build/site-test/``),
identical but for its entry point, which reads seeded and queued dice from the
URL (``e2e/site/``).

Run from the repository root: ``python -m scripts.build_site [--test-hooks] [--out DIR]``.
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import re
import shutil
import subprocess
import sys
from collections.abc import Iterable
from html import escape as escape_html
from pathlib import Path

from scripts import bytecode, dataclass_code, precache, pystrip, solid_zip, trim_stdlib

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_OUT = ROOT / "build" / "site"
TEST_OUT = ROOT / "build" / "site-test"
PUBLIC = ROOT / "public"
NODE_MODULES = ROOT / "node_modules"

# Python packages shipped to the browser, and the non-Python files they may need
# (e.g. AI weights).  Tests, caches and anything else stay behind.
PACKAGES = ("engine", "web")
DATA_SUFFIXES = (".json", ".bin")
# Left out of the site: the bear-off database (620 kB, a tenth of a first
# visit), which the AI worker makes from the rules in the background and keeps
# in the browser's cache (web/worker/bearoff.py).
# Nor the command-line tools (``python -m engine``) and what only they import:
# no page or worker runs them (engine/ai/review.py is the worker's too: a whole
# match's analysis judges with it, engine/ai/match_analysis.py).
LEFT_OUT = frozenset(
    {
        "engine/ai/data/bearoff.bin",
        "engine/__main__.py",
        "engine/cli/__init__.py",
        "engine/cli/args.py",
        "engine/cli/hint.py",
        "engine/cli/review.py",
        "engine/cli/rollout.py",
        # The words of public/'s static files, which the build writes into them.
        "web/words/shell.py",
    }
)

# What Pyodide's loader fetches for a bare interpreter (no extra packages), as
# released; the site ships the standard library as one gzip stream instead
# (_ship_stdlib), so the site's files are PYODIDE_FILES.
STDLIB = "python_stdlib.zip"
PYODIDE_RELEASED = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    STDLIB,
    "pyodide-lock.json",
)
SHIPPED_STDLIB = STDLIB + ".gz"
PYODIDE_FILES = tuple(SHIPPED_STDLIB if name == STDLIB else name for name in PYODIDE_RELEASED)

# PyScript's plugins.  Each script type ("py", and "mpy" for MicroPython) imports
# every plugin its config does not opt out of with "!name", so the page also gets
# an <mpy-config> that opts out of them all (see _opt_out_for_mpy) and only
# "error" is fetched and shipped.  The heavy chunks plugins import only on use
# (CodeMirror, xterm.js, a TOML parser) stay behind too.  (CodeMirror's plugin
# is bundled into the core chunk.)
PYSCRIPT_PLUGIN_CHUNKS = ("error",)
# Keep "error": it shows Python tracebacks on the page.
PYSCRIPT_PLUGINS_OFF = (
    "codemirror",
    "deprecations-manager",
    "donkey",
    "py-editor",
    "py-game",
    "py-terminal",
)

# The AI (its code and network weights, about 0.2 MB) and web/worker/ (what
# serves it to the page) are only needed in its web worker: the page's own
# config leaves them out so the first board never waits for them; the worker
# gets its own config, which unpacks the page's archive too (the engine and
# web.ai.protocol: the page has just downloaded it, so the site carries the
# engine once) and then the worker's.
AI_PACKAGE = "engine/ai/"
# What only the worker runs (web/worker/): its archive alone carries it.
WORKER_PACKAGE = "web/worker/"
WORKER_CONFIG = "ai-worker.json"

# The test build: its entry point replaces main.py and brings its hooks in the
# page's archive (e2e/site/hooks.py: seeded and queued dice, animations off,
# read from the URL).  Never in the published build.
TEST_ENTRY = "e2e/site/main.py"
TEST_MODULES = (
    "e2e/__init__.py",
    "e2e/site/__init__.py",
    "e2e/site/dice.py",
    "e2e/site/hooks.py",
    "e2e/site/online.py",
)

# Each Python environment gets its files as one archive, which PyScript fetches
# into Python's working directory and the entry point (main.py, ai_worker.py)
# inflates and unpacks there: one request instead of one per module, on the
# critical path right after the interpreter starts.  An archive is a zip in one
# gzip stream (scripts/solid_zip.py).  The archives hold each
# module's precompiled bytecode without its source (see scripts/bytecode.py):
# compiling at import took a third of the front end's import time, and the
# sources beside it were a quarter of the archive's bytes.  A traceback shows
# files and line numbers, not the lines' text.
# Shipped as sources instead (a third to a half the bytes of their bytecode,
# compiled once when first imported): what no page imports at its start, only
# when a player asks for it: online play, the analysis board's screen, match
# files (export, import), the invite's QR code, How to play,
# the hint's and the tutor's views, a game's review.
# tests/scripts/test_web_site.py checks that the page's start imports none of them.
# Online play's own part of the page (its state in web/model/, the controller's
# online part in web/control/, the connection's wiring in web/dom/) is imported
# at start, and ships as bytecode like the rest of the page.  The few modules of
# web/online/ listed here ship in the page's archive too, as sources: nothing
# imports them before New game checks a TURN server or an online game starts.
# The rest of web/online/, the protocol, ships as sources in an archive of its
# own: each of its files is listed, so that a module added there is one of them.
ONLINE_IN_PAGE = (
    "web/online/__init__.py",
    "web/online/errors.py",  # for the TURN server's, checked when New game is submitted
    "web/online/turn.py",
)
SOURCES_ONLY = (
    *sorted(path.relative_to(ROOT).as_posix() for path in (ROOT / "web" / "online").glob("*.py")),
    "web/dom/online_loader.py",  # fetches the protocol's archive, when first needed
    "web/dom/transport.py",  # the protocol's transport in the browser
    "web/dom/online_game.py",  # ...and what plays an online game with it
    "web/dom/post_game.py",  # ...and a game by messages
    "web/view/online_dialogs.py",  # ...and its dialogs
    "web/view/analysis.py",
    "web/words/analysis.py",
    "web/words/online.py",
    "web/words/post.py",  # what playing by messages says: online play's archive
    "web/words/online_detail.py",  # ...and why the protocol refused something
    "web/words/online_news.py",  # ...and what else it says
    "web/view/post_dialogs.py",  # ...and its dialogs, drawn when opened
    "web/view/post_board.py",  # ...and what the board shows of it (online play's archive)
    "web/words/post_page.py",
    "web/view/report.py",  # the analysis board's report and rollout, with its screen
    "web/view/rollout.py",
    "web/view/menus.py",  # Saves, Stats, Settings, Position: when opened
    "web/view/help.py",  # How to play, when asked
    "web/words/help.py",
    "web/view/hint.py",  # advice, when asked for or when the tutor speaks
    "web/view/tutor.py",
    "web/words/coach.py",
    "web/view/review.py",  # a finished game's review
    "web/coach/review.py",
    "engine/review.py",
    "engine/dice_stats.py",  # the dice's checks: the Stats dialog's, and a game's end
    "web/view/dice.py",
    "web/words/dice.py",
    "web/model/intents.py",  # what a control sends, read: at the first intent
    "web/model/editor.py",  # the analysis board's editor and rollouts
    "web/model/movelist.py",  # ...its move list
    "web/coach/match_analysis.py",  # ...a whole match's analysis, its figures and graph
    "web/view/match_analysis.py",
    "web/view/equity_graph.py",
    "web/words/match_analysis.py",
    "web/words/refusals.py",  # the engine's refusals, said when one comes
    "web/words/refusal_sentences.py",  # ...each by its code
    "web/words/file_errors.py",  # ...and what is wrong with a file, an ID or a save
    "web/words/file_repairs.py",  # ...and what reading a match file repaired
    "engine/ai/match_analysis.py",  # the worker's: a whole match's analysis...
    "engine/ai/review.py",  # ...and its judge
    "engine/position_setup.py",
    "web/coach/rollout.py",
    "web/ai/rollouts.py",
    "web/view/qr.py",
    "engine/formats/mat.py",
    "engine/formats/mat_parts.py",
    "engine/formats/mat_read.py",
    "engine/formats/mat_write.py",
    "engine/formats/match_file.py",
    "engine/formats/sgf.py",
    "engine/formats/xg.py",
)
# Online play's protocol goes in an archive of its own, which the page fetches
# when a player first needs it (web/dom/online_loader.py) and the service worker
# does not precache (scripts/precache.py's ON_DEMAND), as with Trystero: an
# online game needs the network anyway, and a first visit is spared it.
# The invite's QR code rides along: only an online game's invite draws one.
ONLINE_PROTOCOL = (
    *(rel for rel in SOURCES_ONLY if rel.startswith("web/online/") and rel not in ONLINE_IN_PAGE),
    "web/dom/transport.py",
    "web/dom/online_game.py",
    "web/dom/post_game.py",
    "web/view/online_dialogs.py",
    "web/view/post_board.py",
    "web/view/qr.py",
    "web/words/post.py",
    "web/words/online_detail.py",
    "web/words/online_news.py",
)
ONLINE_ARCHIVE = "python/online.zip.gz"
PAGE_ARCHIVE = "python/page.zip.gz"
# The entry points, whose imports at start the build runs to compile the
# dataclass methods they create (scripts/dataclass_code.py, public/unpack.py).
PAGE_ENTRY = "main.py"
WORKER_ENTRY = "ai_worker.py"
# What unpacks them: a module the entry points import first (public/unpack.py).
UNPACKER = "unpack.py"
WORKER_ARCHIVE = "python/ai-worker.zip.gz"

SITE_PYODIDE = "vendor/pyodide"
SITE_PYSCRIPT = "vendor/pyscript"
# Online play's signalling (issue #17): Trystero's Nostr strategy and the ES
# modules it imports, never loaded by the page at start (public/online-transport.js
# imports it when a player starts an online game).  The service worker precaches
# it like every other file, so it costs a returning player no download.
SITE_TRYSTERO = "vendor/trystero"
# Trystero's strategies, each an npm package and its export, landing at a name:
# Nostr first, BitTorrent trackers when no peer comes (public/online-transport.js).
TRYSTERO_ENTRIES = (
    ("trystero", "./nostr", "nostr.mjs"),
    ("@trystero-p2p/torrent", ".", "torrent.mjs"),
)
BOARD_MARKER = "<!--BOARD-->"

_STATIC_IMPORT = re.compile(r"""(?:\bfrom|\bimport)\s*["'](\./[\w.-]+\.js)["']""")
_DYNAMIC_IMPORT = re.compile(r"""\bimport\(\s*["'](\./[\w.-]+\.js)["']\s*\)""")
_CHUNK = re.compile(r"(.+)-[\w-]{8}\.js")


class BuildError(RuntimeError):
    pass


def build(out: Path = DEFAULT_OUT, *, test_hooks: bool = False) -> Path:
    """Build the site into ``out`` (replaced whole) and return it.

    ``test_hooks``: the test build, whose page takes its dice and animation
    setting from the URL (for the e2e tests; see :data:`TEST_ENTRY`).
    """
    staging = out.with_name(out.name + ".tmp")
    if staging.exists():
        shutil.rmtree(staging)
    staging.mkdir(parents=True)

    _copy_public(staging)
    shipped = _copy_packages(staging)
    if test_hooks:
        shipped = _add_test_hooks(staging, shipped)
    _copy_pyodide(staging / SITE_PYODIDE)
    chunks = _copy_pyscript(staging / SITE_PYSCRIPT)
    _copy_trystero(staging / SITE_TRYSTERO)
    _add_preloads(staging / "index.html", chunks)
    # Only the standard library modules the site's Python can import (read
    # from the loose files, before they go into the archives).
    trim_stdlib.trim_site(staging)
    _ship_stdlib(staging / SITE_PYODIDE)
    _pack(staging, shipped)
    _write_config(staging / "pyscript.json", [PAGE_ARCHIVE])
    _write_config(staging / WORKER_CONFIG, [PAGE_ARCHIVE, WORKER_ARCHIVE], worker=True)
    _write_progress_sizes(staging, chunks)
    # GitHub Pages runs Jekyll by default, which drops files starting with "_".
    (staging / ".nojekyll").write_text("")
    # Last: the service worker's manifest hashes every file written above.
    precache.write(staging)

    if out.exists():
        shutil.rmtree(out)
    staging.rename(out)
    return out


def _copy_public(site: Path) -> None:
    for src in _files(PUBLIC):
        dest = site / src.relative_to(PUBLIC)
        dest.parent.mkdir(parents=True, exist_ok=True)
        if src.name == "index.html":
            html = fill_words(src.read_text(encoding="utf-8"), html=True)
            dest.write_text(_opt_out_for_mpy(_prerender(html)), encoding="utf-8")
        elif src.suffix in (".js", ".webmanifest"):
            dest.write_text(fill_words(src.read_text(encoding="utf-8")), encoding="utf-8")
        elif src.suffix == ".css":
            dest.write_text(strip_css(src.read_text(encoding="utf-8")), encoding="utf-8")
        else:
            shutil.copy2(src, dest)


_WORD = re.compile(r"\{\{([A-Z_]+)\}\}")


def fill_words(text: str, *, html: bool = False) -> str:
    """``text`` (a static file of public/) with each ``{{KEY}}`` replaced by its
    words from :data:`web.words.shell.SHELL`: escaped for HTML with ``html``,
    else for a string in JavaScript or JSON.  A key with no words, or a brace
    pair left behind, stops the build.

    >>> fill_words('<b title="{{SOUND_TIP}}">{{SKIP}}</b>', html=True)
    '<b title="Sound on or off">Skip to the board</b>'
    >>> fill_words('say("{{LOADING_AI}}")')
    'say("Loading the AI…")'
    """
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    from web.words.shell import SHELL

    def word(found: re.Match[str]) -> str:
        key = found.group(1)
        if key not in SHELL:
            raise BuildError(f"no words for {{{{{key}}}}} in web/words/shell.py")
        words = SHELL[key]
        return (
            escape_html(words, quote=True) if html else json.dumps(words, ensure_ascii=False)[1:-1]
        )

    out = _WORD.sub(word, text)
    if "{{" in out:
        raise BuildError(f"a {{{{...}}}} that names no words: {out[out.index('{{') :][:40]!r}")
    return out


_CSS_COMMENT = re.compile(r"/\*.*?\*/", re.DOTALL)
_BLANK_LINES = re.compile(r"\n\s*\n")


def strip_css(css: str) -> str:
    r"""A style sheet without its comments and blank lines: they are for the
    people who edit it, and a first visit is sent every byte (the sheet has no
    string or URL that holds ``/*``).

    >>> strip_css("/* why */\na { color: red; }\n\n/* more\n why */\nb { x: y; }\n")
    'a { color: red; }\nb { x: y; }\n'
    """
    return _BLANK_LINES.sub("\n", _CSS_COMMENT.sub("", css)).lstrip()


def _prerender(html: str) -> str:
    """Paint the start position into the page so the board shows before Python runs."""
    if BOARD_MARKER not in html:
        raise BuildError(f"public/index.html lacks the {BOARD_MARKER} placeholder")
    # Imported here so that a broken engine fails the build, not the import of this script.
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    from engine import Position
    from web.board.svg import render_board

    return html.replace(BOARD_MARKER, render_board(Position.start()))


def _opt_out_for_mpy(html: str) -> str:
    """Give the unused "mpy" script type a config too, so that PyScript does not
    fetch every plugin for it (``hidden``: the page does not load PyScript's CSS)."""
    marker = '<script type="py"'
    if marker not in html:
        raise BuildError(f"public/index.html lacks a {marker}> element")
    plugins = json.dumps({"plugins": [f"!{name}" for name in (*PYSCRIPT_PLUGINS_OFF, "error")]})
    return html.replace(marker, f"<mpy-config hidden>{plugins}</mpy-config>\n  {marker}", 1)


def _copy_packages(site: Path) -> list[str]:
    shipped = []
    for package in PACKAGES:
        for src in _files(ROOT / package):
            rel = src.relative_to(ROOT)
            if not _ships(rel):
                continue
            _copy_python(src, site / rel)
            shipped.append(rel.as_posix())
    return sorted(shipped)


def _copy_python(src: Path, dest: Path) -> None:
    """Copy a file of our packages; Python as :func:`shipped_python` leaves it."""
    dest.parent.mkdir(parents=True, exist_ok=True)
    if src.suffix == ".py":
        dest.write_text(shipped_python(src.read_text(encoding="utf-8")), encoding="utf-8")
    else:
        shutil.copy2(src, dest)


def shipped_python(source: str) -> str:
    """A module of our packages as the site ships it (compiled, or as source):
    without its comments and docstrings, nor its functions' annotations, which
    nothing reads at run time (a class's annotations, its fields, stay), line
    for line, so tracebacks keep their line numbers (scripts/pystrip.py).  Not
    for Pyodide's standard library: scripts/trim_stdlib.py strips that, keeping
    its annotations (``inspect``, ``typing`` and ``dataclasses`` may read them)."""
    return pystrip.strip(source, signatures=True)


def _add_test_hooks(site: Path, shipped: list[str]) -> list[str]:
    """Swap in the test build's entry point and add its modules to the shipped files."""
    for rel in (TEST_ENTRY, *TEST_MODULES):
        _require(ROOT / rel)
    shutil.copy2(ROOT / TEST_ENTRY, site / "main.py")
    for rel in TEST_MODULES:
        _copy_python(ROOT / rel, site / rel)
    return sorted({*shipped, *TEST_MODULES})


def page_files(shipped: Iterable[str]) -> list[str]:
    """What the page's Python needs from its start: everything but the AI and
    online play's protocol."""
    return [
        rel
        for rel in shipped
        if not rel.startswith((AI_PACKAGE, WORKER_PACKAGE)) and rel not in ONLINE_PROTOCOL
    ]


def online_files(shipped: Iterable[str]) -> list[str]:
    """Online play's protocol, fetched when first needed (:data:`ONLINE_ARCHIVE`)."""
    return [rel for rel in shipped if rel in ONLINE_PROTOCOL]


def worker_files(shipped: Iterable[str]) -> list[str]:
    """What the AI worker's Python needs beyond the page's: the AI and web/worker/."""
    return [rel for rel in shipped if rel.startswith((AI_PACKAGE, WORKER_PACKAGE))]


def _pack(site: Path, shipped: list[str]) -> None:
    """Replace the loose package files with the page's and the worker's archives."""
    sources = {rel: (site / rel).read_bytes() for rel in shipped if rel.endswith(".py")}
    compiled = bytecode.compile_sources(sources, _node_package("pyodide"))
    if set(compiled) != set(sources):
        raise BuildError(f"no bytecode for {sorted(set(sources) - set(compiled))}")
    archives = (
        (PAGE_ARCHIVE, page_files(shipped), PAGE_ENTRY),
        (WORKER_ARCHIVE, worker_files(shipped), WORKER_ENTRY),
    )
    contents: list[tuple[str, dict[str, bytes], list[str]]] = []
    for archive, files, entry in archives:
        entries = {}
        for rel in files:
            if rel in compiled and not rel.startswith(SOURCES_ONLY):
                entries[sourceless(rel)] = compiled[rel][1]
            else:
                entries[rel] = (site / rel).read_bytes()
        imports = dataclass_code.entry_imports((site / entry).read_text(), set(shipped))
        contents.append((archive, entries, imports))
    unpacker = (site / UNPACKER).read_bytes()
    tables = dataclass_code.tables(contents, unpacker, _node_package("pyodide"))
    for archive, entries, _ in contents:
        entries[dataclass_code.TABLE] = tables[archive]
        (site / archive).parent.mkdir(parents=True, exist_ok=True)
        (site / archive).write_bytes(solid_zip.pack(entries))
    # Sources only (none is imported at start), and no table of dataclass code:
    # its classes are compiled as they are first imported.
    online = {rel: (site / rel).read_bytes() for rel in online_files(shipped)}
    (site / ONLINE_ARCHIVE).write_bytes(solid_zip.pack(online))
    for package in sorted({rel.split("/", 1)[0] for rel in shipped}):
        shutil.rmtree(site / package)


def sourceless(rel: str) -> str:
    """Where a module's bytecode goes when it ships without its source: where the
    source would be (``web/dom/page.py`` -> ``web/dom/page.pyc``), which Python imports
    as it imports a source."""
    return rel.removesuffix(".py") + ".pyc"


def _ships(rel: Path) -> bool:
    if rel.as_posix() in LEFT_OUT:
        return False
    if any(part in ("tests", "test") or part.startswith(".") for part in rel.parts[:-1]):
        return False
    name = rel.name
    if name.startswith("test_") or name == "conftest.py":
        return False
    return rel.suffix == ".py" or rel.suffix in DATA_SUFFIXES


def _copy_pyodide(dest: Path) -> None:
    src = _node_package("pyodide")
    dest.mkdir(parents=True)
    for name in PYODIDE_RELEASED:
        _require(src / name)
        shutil.copy2(src / name, dest / name)
    _empty_lock_file(dest / PYODIDE_LOCK)
    _minify(dest / PYODIDE_GLUE)


# Pyodide's JavaScript glue (Emscripten's) comes without whitespace but with its
# long local names: esbuild's --minify renames them, 18 kB less to send (261 ->
# 243 kB gzipped).  The e2e suite plays the game on the result, and
# tests/scripts/test_trim_stdlib.py starts it in Node.
PYODIDE_GLUE = "pyodide.asm.mjs"


def _minify(path: Path) -> None:
    esbuild = NODE_MODULES / ".bin" / "esbuild"
    _require(esbuild)
    command = [str(esbuild), str(path), "--minify", "--format=esm", "--log-level=error",
               f"--outfile={path}", "--allow-overwrite"]  # fmt: skip
    done = subprocess.run(
        command,
        capture_output=True,
        text=True,
        timeout=120,
    )
    if done.returncode != 0:
        raise BuildError(f"esbuild could not minify {path.name}:\n{done.stderr[-2000:]}")


# Pyodide's loader fetches the standard library (PyScript gives it no option to
# say where from) and writes it where Python imports it from, as a zip.  The
# site's copy of the loader inflates it on the way when it is a gzip stream
# (DecompressionStream, native), from the URL of the shipped file.  Each
# replacement must apply exactly once, so a Pyodide whose loader reads
# otherwise stops the build instead of shipping a page that cannot start.
_INFLATE = (
    "const inflateStdlib=async b=>b[0]===31&&b[1]===139?new Uint8Array(await new Response("
    'new Blob([b]).stream().pipeThrough(new DecompressionStream("gzip"))).arrayBuffer()):b;'
)
_STDLIB_URL = re.compile(r'(\.indexURL\+")python_stdlib\.zip(")')
# installStdlib(url) { let bytes = loadBinaryFile(url); return async (Module) => ...
_INSTALL_STDLIB = re.compile(
    r"(function \w+\((\w+)\)\{let \w+=\w+\(\2\))(;return async \w+=>\{\w+\.API\.pyVersionTuple=)"
)


def _ship_stdlib(pyodide: Path) -> None:
    """Replace the (trimmed) standard library with its solid archive, and teach
    the site's copy of Pyodide's loader to read it."""
    zipped = pyodide / STDLIB
    entries = solid_zip.zip_entries(zipped.read_bytes())
    (pyodide / SHIPPED_STDLIB).write_bytes(solid_zip.pack(entries))
    zipped.unlink()
    loader = pyodide / "pyodide.mjs"
    code = loader.read_text(encoding="utf-8")
    code, urls = _STDLIB_URL.subn(rf"\g<1>{SHIPPED_STDLIB}\g<2>", code)
    code, installs = _INSTALL_STDLIB.subn(r"\g<1>.then(inflateStdlib)\g<3>", code)
    if (urls, installs) != (1, 1) or '"installStdlib"' not in code:
        raise BuildError(f"{loader}: not the loader this build can patch ({urls}, {installs})")
    header = "// The site's build added this line and two calls to it (scripts/build_site.py).\n"
    loader.write_text(header + _INFLATE + "\n" + code, encoding="utf-8")


# Pyodide's lock file lists the 350 packages it could load (120 kB, 27 kB
# gzipped, fetched before Python starts).  The site loads none, so its copy
# keeps only the header Pyodide checks (the ABI version) and no package.
PYODIDE_LOCK = "pyodide-lock.json"


def _empty_lock_file(path: Path) -> None:
    lock = json.loads(path.read_text(encoding="utf-8"))
    if "info" not in lock or "packages" not in lock:
        raise BuildError(f"{path} is not the lock file this build knows")
    path.write_text(json.dumps({"info": lock["info"], "packages": {}}) + "\n", encoding="utf-8")


def _copy_pyscript(dest: Path) -> list[str]:
    """Copy PyScript's modules; return their names."""
    dist = _node_package("@pyscript/core") / "dist"
    dest.mkdir(parents=True)
    names = sorted(_pyscript_modules(dist))
    for name in names:
        shutil.copy2(dist / name, dest / name)
    return names


# ES module imports in Trystero's files: static (import/export ... from "x",
# import "x") and dynamic (import("x")).  Bare names ("@trystero-p2p/core") are
# npm packages; browsers resolve only URLs, so the copies import by relative path.
# Declarations start a line (these files are not minified); "* import ... from"
# in a doc comment does not.
_ESM_STATIC = re.compile(
    r"""^([ \t]*(?:(?:import|export)\b[\w\s{},*$]*?\bfrom\s*|import\s*))(["'])([^"'\n]+)\2""",
    re.MULTILINE,
)
_ESM_DYNAMIC = re.compile(r"""\bimport\s*\(""")
_SOURCE_MAP = re.compile(r"^//# sourceMappingURL=.*$", re.MULTILINE)


def _copy_trystero(dest: Path) -> list[str]:
    """Copy the ES modules Trystero's strategies import, and no more; return
    their site-relative names.  Each entry lands at its name (``nostr.mjs``,
    ``torrent.mjs``); the packages they import keep their npm paths
    (``@trystero-p2p/core/dist/...``), so both strategies share one copy of
    Trystero's core (one peer id), their bare imports rewritten to relative
    ones.  Licences go in ``LICENSES.txt``."""
    where: dict[Path, Path] = {}
    todo: list[Path] = []
    for package, export, name in TRYSTERO_ENTRIES:
        entry = _esm_export(package, export)
        where[entry] = dest / name
        todo.append(entry)
    licences: dict[str, str] = {}
    while todo:
        src = todo.pop()
        code = _SOURCE_MAP.sub("", src.read_text(encoding="utf-8"))
        if _ESM_DYNAMIC.search(code):
            raise BuildError(f"{src}: dynamic import(), which the vendoring does not follow")
        root = _package_root(src)
        licences[root.relative_to(NODE_MODULES).as_posix()] = (root / "LICENSE").read_text()

        def rewrite(match: re.Match[str], src: Path = src) -> str:
            spec = match.group(3)
            target = (src.parent / spec).resolve() if spec.startswith(".") else _esm_export(spec)
            _require(target)
            if target not in where:
                where[target] = dest / target.relative_to(NODE_MODULES)
                todo.append(target)
            rel = Path(os.path.relpath(where[target], where[src].parent)).as_posix()
            url = rel if rel.startswith("../") else f"./{rel}"
            return f"{match.group(1)}{match.group(2)}{url}{match.group(2)}"

        where[src].parent.mkdir(parents=True, exist_ok=True)
        where[src].write_text(_ESM_STATIC.sub(rewrite, code), encoding="utf-8")
    (dest / "LICENSES.txt").write_text(
        "".join(f"== {name} ==\n\n{text.strip()}\n\n" for name, text in sorted(licences.items()))
    )
    return sorted(p.relative_to(dest.parent.parent).as_posix() for p in where.values())


def _esm_export(package: str, export: str = ".") -> Path:
    """The file an npm package exports under ``export`` (its ``exports`` map, else
    ``module``/``main``)."""
    root = _node_package(package)
    meta = json.loads((root / "package.json").read_text(encoding="utf-8"))
    target = meta.get("exports", {}).get(export) if "exports" in meta else None
    if isinstance(target, dict):
        target = target.get("import") or target.get("default")
    if target is None and export == ".":
        target = meta.get("module") or meta.get("main")
    if not isinstance(target, str):
        raise BuildError(f"{package} exports no ES module as {export!r}")
    path = (root / target).resolve()
    _require(path)
    return path


def _package_root(file: Path) -> Path:
    """The npm package folder (with its package.json) that ``file`` belongs to."""
    for folder in file.parents:
        scope = folder.parent.parent if folder.parent.name.startswith("@") else folder.parent
        if scope.name == "node_modules" and (folder / "package.json").is_file():
            return folder
    raise BuildError(f"{file} is in no npm package")


# Everything the page needs before Python can draw the board is otherwise
# requested in a chain, each file only once the one before has run: the page,
# PyScript, its config, Pyodide's loader, then the interpreter and its standard
# library, then the page's archive and main.py.  Hints in the page's head start
# them all at once.  ("fetch" preloads must be CORS requests to match the
# fetch() calls PyScript and Pyodide make.)
PRELOAD_MODULES = (f"./{SITE_PYODIDE}/pyodide.mjs", f"./{SITE_PYODIDE}/pyodide.asm.mjs")
PRELOAD_FETCHES = (
    "./pyscript.json",
    f"./{SITE_PYODIDE}/pyodide-lock.json",
    f"./{SITE_PYODIDE}/{SHIPPED_STDLIB}",
    f"./{SITE_PYODIDE}/pyodide.asm.wasm",
    f"./{PAGE_ARCHIVE}",
    f"./{UNPACKER}",
    "./main.py",
)
PRELOAD_MARKER = "<!--PRELOAD-->"


def _add_preloads(page: Path, pyscript_modules: list[str]) -> None:
    html = page.read_text(encoding="utf-8")
    if PRELOAD_MARKER not in html:
        raise BuildError(f"public/index.html lacks the {PRELOAD_MARKER} placeholder")
    modules = [f"./{SITE_PYSCRIPT}/{name}" for name in pyscript_modules if name != "core.js"]
    links = [f'<link rel="modulepreload" href="{url}">' for url in (*modules, *PRELOAD_MODULES)]
    links += [f'<link rel="preload" href="{u}" as="fetch" crossorigin>' for u in PRELOAD_FETCHES]
    page.write_text(html.replace(PRELOAD_MARKER, "\n  ".join(links)), encoding="utf-8")


# public/progress.js shows how much of Python has downloaded: it is told each
# file of the runtime the page fetches before Python runs, with its size and
# its gzip size (what GitHub Pages sends), between these markers.
PROGRESS_SCRIPT = "progress.js"
_PROGRESS_FILES = re.compile(r"/\* @files \*/.*?/\* @end \*/", re.DOTALL)


def runtime_files(pyscript_modules: list[str]) -> list[str]:
    """The runtime's files the page loads before Python runs (site paths)."""
    return [
        *(f"{SITE_PYSCRIPT}/{name}" for name in pyscript_modules),
        *(f"{SITE_PYODIDE}/{name}" for name in PYODIDE_FILES),
    ]


def _write_progress_sizes(site: Path, pyscript_modules: list[str]) -> None:
    script = site / PROGRESS_SCRIPT
    code = script.read_text(encoding="utf-8")
    if len(_PROGRESS_FILES.findall(code)) != 1:
        raise BuildError(f"public/{PROGRESS_SCRIPT} needs one /* @files */ ... /* @end */")
    sizes = {}
    for rel in runtime_files(pyscript_modules):
        data = (site / rel).read_bytes()
        sizes[rel] = [len(data), len(gzip.compress(data, compresslevel=6, mtime=0))]
    literal = json.dumps(sizes, indent=2, sort_keys=True)
    script.write_text(
        _PROGRESS_FILES.sub(lambda _: f"/* @files */ {literal} /* @end */", code), encoding="utf-8"
    )


def _pyscript_modules(dist: Path) -> set[str]:
    """core.js and every chunk it needs: all static imports, plus the plugins.

    Chunk names carry a content hash (``error-D2315lOB.js``), so they are found by
    reading the imports rather than listed here.
    """
    needed: set[str] = set()
    todo = ["core.js"]
    while todo:
        name = todo.pop()
        if name in needed:
            continue
        _require(dist / name)
        needed.add(name)
        code = (dist / name).read_text(encoding="utf-8")
        todo.extend(m.removeprefix("./") for m in _STATIC_IMPORT.findall(code))
        todo.extend(
            chunk
            for chunk in (m.removeprefix("./") for m in _DYNAMIC_IMPORT.findall(code))
            if _chunk_name(chunk) in PYSCRIPT_PLUGIN_CHUNKS
        )
    missing = set(PYSCRIPT_PLUGIN_CHUNKS) - {_chunk_name(n) for n in needed}
    if missing:
        raise BuildError(f"PyScript chunks not found in {dist}: {sorted(missing)}")
    return needed


def _chunk_name(file_name: str) -> str:
    """``py-editor-C4XsZtn7.js`` -> ``py-editor`` (rollup's hash is 8 url-safe characters)."""
    match = _CHUNK.fullmatch(file_name)
    return match.group(1) if match else file_name.removesuffix(".js")


def _write_config(path: Path, archives: list[str], *, worker: bool = False) -> None:
    config: dict[str, object] = {
        # Relative to the page, so the vendored copy is used and no CDN is contacted.
        "interpreter": f"./{SITE_PYODIDE}/pyodide.mjs",
        "plugins": [f"!{name}" for name in PYSCRIPT_PLUGINS_OFF],
        # An archive's URL is relative to this config file; "./" puts it in
        # Python's working directory (on sys.path, so `import engine` works
        # once the entry point has unpacked it there).
        "files": {f"./{name}": "./" for name in (UNPACKER, *archives)},
    }
    if worker:
        # The worker never touches the page, so it needs no SharedArrayBuffer
        # (and no cross-origin isolation headers, which GitHub Pages cannot send).
        config["sync_main_only"] = True
    path.write_text(json.dumps(config, indent=2) + "\n", encoding="utf-8")


def _files(folder: Path) -> list[Path]:
    return sorted(
        p
        for p in folder.rglob("*")
        if p.is_file()
        and "__pycache__" not in p.parts
        and not any(part.startswith(".") for part in p.relative_to(folder).parts)
    )


def _node_package(name: str) -> Path:
    path = NODE_MODULES / name
    if not path.is_dir():
        raise BuildError(f"{path} is missing: run `npm ci` (or `make serve`/`make test`)")
    return path


def _require(path: Path) -> None:
    if not path.is_file():
        raise BuildError(f"expected file is missing: {path}")


def _summary(site: Path) -> str:
    files = [p for p in site.rglob("*") if p.is_file()]
    size = sum(p.stat().st_size for p in files)
    return f"built {site} ({len(files)} files, {size / 1e6:.1f} MB)"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument(
        "--out", type=Path, help=f"output folder (default {DEFAULT_OUT}, or {TEST_OUT})"
    )
    parser.add_argument(
        "--test-hooks", action="store_true", help="the e2e tests' build: dice set from the URL"
    )
    args = parser.parse_args(argv)
    out = args.out or (TEST_OUT if args.test_hooks else DEFAULT_OUT)
    try:
        site = build(out.resolve(), test_hooks=args.test_hooks)
    except (BuildError, precache.PrecacheError) as error:
        print(f"build_site: {error}", file=sys.stderr)
        return 1
    print(_summary(site))
    return 0


if __name__ == "__main__":
    sys.exit(main())
