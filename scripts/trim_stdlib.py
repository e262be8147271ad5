"""Trim Pyodide's Python standard library to what the site can import.

``python_stdlib.zip`` (2.5 MB, already deflated, so gzip cannot shrink it) is a
third of the first load.  Most of it is never imported here: email, xml,
unittest, multiprocessing, the REPL, pydoc, a hundred legacy text codecs.  This
keeps every module that *could* be imported, found statically and generously:

- roots: every import in the site's own Python (engine/, web/, the entry
  points), in PyScript's Python (embedded in its JavaScript), all of Pyodide's
  own packages, and what the interpreter imports when it starts;
- then the closure over the standard library's own imports, counting every
  import statement anywhere in a module (inside functions and ``try`` blocks
  too, but not in a module's command line: :data:`COMMAND_LINE`),
  ``from package import name`` as a possible submodule, and each package a
  module sits in.

So nothing reachable is dropped, even an import that only runs on an error
path.  What a string names at run time (``importlib.import_module(name)``) is
not seen: the text codecs are the known case (``encodings`` looks them up by
name), so every codec but the legacy single- and multi-byte tables is kept.
Non-Python files stay.  The e2e tests then run the whole game on the result.

The modules kept are then stripped of their comments and docstrings, line for
line (``scripts/pystrip.py``; 1.15 MB -> 0.72 MB; their functions keep their
annotations, which the library's own ``inspect``, ``typing`` and
``dataclasses`` may read, unlike the site's packages): Pyodide imports its standard
library from source, so this is also less for the interpreter to read.  The
stdlib is Python 3.14, which the build's Python may not parse, so the stripping
runs inside the vendored Pyodide, in Node; its results are cached in
``build/cache/pystrip/`` by the hash of the file and of the stripper, since
they change only with Pyodide.

Run from the repository root: ``python -m scripts.trim_stdlib SITE`` (the build
runs it).
"""

from __future__ import annotations

import argparse
import ast
import base64
import hashlib
import json
import os
import re
import sys
import zipfile
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import NamedTuple

from scripts import bytecode

STDLIB = "vendor/pyodide/python_stdlib.zip"
PYODIDE = "vendor/pyodide"
STRIPPER = Path(__file__).resolve().with_name("pystrip.py")
CACHE = Path(__file__).resolve().parent.parent / "build" / "cache" / "pystrip"

# Imported by the interpreter and by Pyodide as it starts, or by name from C
# (time.strptime imports _strptime; pickle, copyreg and _compat_pickle; decimal, numbers).
STARTUP = (
    "__future__",
    "_collections_abc",
    "_compat_pickle",
    "_strptime",
    "contextvars",
    "copyreg",
    "numbers",
    "_sitebuiltins",
    "_sysconfigdata__emscripten_wasm32-emscripten",
    "abc",
    "codecs",
    "encodings",
    "genericpath",
    "importlib",
    "io",
    "linecache",
    "os",
    "posixpath",
    "site",
    "stat",
    "sysconfig",
    "tokenize",
    "traceback",
    "warnings",
    "zipimport",
)
# PyScript's JavaScript also carries Python that only its MicroPython engine
# runs (unpacking a ".tar.gz" of the config's "files"); this site runs Pyodide.
MICROPYTHON_ONLY = frozenset({"gzip", "tarfile"})
# Whole packages kept with every submodule: Pyodide's own (its JavaScript
# imports them by name) and the codecs (looked up by name).
WHOLE_PACKAGES = ("_pyodide", "pyodide", "encodings")
# ...but for these of Pyodide's, which only a REPL and Node import: the console
# (Pyodide's console.html; it brings platform and rlcompleter), and sockets in
# Node (which pyodide.webloop imports lazily, when it makes a connection).
NOT_WHOLE = frozenset({"pyodide.console", "pyodide._nodesock_transport"})
# Pure-Python twins of modules built into Pyodide's interpreter, by the built-in
# module each stands in for: ``datetime`` and ``abc`` import the twin only when
# the built-in is missing (``except ImportError``), which here it never is
# (tests/scripts/test_trim_stdlib.py asks the vendored Pyodide).  Never followed.
BUILT_IN_TWINS = {"_pydatetime": "_datetime", "_py_abc": "_abc"}
# Legacy text codecs: character tables for old single-byte code pages and the
# CJK multi-byte codecs.  Nothing on this site encodes to them, except cp437:
# zipfile decodes every member name not flagged as UTF-8 with it, and the site's
# Python arrives as zip archives.
LEGACY_CODEC = re.compile(
    r"encodings/((?!cp437\.)cp\d+|mac_\w+|iso8859_\d+|koi8_\w+|kz1048|ptcp154|tis_620|hp_roman8|palmos"
    r"|big5\w*|euc_\w+|gb\d+|gbk|hz|iso2022_\w+|johab|shift_jis\w*|mbcs|oem)\.py"
)

# Lazy imports (inside a function) into these are not followed: the functions
# that make them (a debugger, the REPL, help(), e-mail and network protocols,
# process pools, test runners, packaging tools) have no use in a browser game.
# Imported at module level from a kept module, they are kept all the same.
LAZY_NOT_FOLLOWED = frozenset(
    {
        "_pyrepl",
        "bdb",
        "code",
        "compileall",
        "concurrent.futures.process",
        "ctypes",
        "curses",
        # Thread and interpreter pools (concurrent.futures' lazy attributes): Pyodide
        # starts no threads, and its event loop runs an executor's work in place
        # (pyodide.webloop.WebLoop.run_in_executor), never making a pool.
        "concurrent.futures.interpreter",
        "concurrent.futures.thread",
        "dbm",
        # traceback's "did you mean" for a misspelt keyword in a SyntaxError's source:
        # the site compiles no source it did not compile at build time.
        "difflib",
        "doctest",
        "email",
        "ensurepip",
        "ftplib",
        "getpass",
        "http",
        "idlelib",
        "imaplib",
        "importlib.metadata",
        "mailbox",
        "multiprocessing",
        "netrc",
        "pdb",
        # logging's only use: a Logger's __reduce__ raises pickle.PicklingError for a
        # logger that is not the one registered under its name; nothing here pickles.
        "pickle",
        "plistlib",
        "poplib",
        "pty",
        "py_compile",
        "pydoc",
        "pydoc_data",
        "pyodide._nodesock_transport",
        # Tab completion at the interactive prompt (site.register_readline, the hook
        # only a REPL calls).
        "rlcompleter",
        "runpy",
        "smtplib",
        "socketserver",
        "sqlite3",
        "tarfile",  # tar archives: the site's are zips, and it installs no packages
        "tkinter",
        "tracemalloc",
        "tty",
        "turtle",
        "unittest",
        "urllib.request",
        "urllib.robotparser",
        "venv",
        "webbrowser",
        "xmlrpc",
    }
)

_IMPORT_LINE = re.compile(
    r"^[ \t]*(?:from[ \t]+(\.*[\w.]*)[ \t]+import[ \t]+\(?([\w., \t]+)|import[ \t]+([\w., \t]+))",
    re.MULTILINE,
)
# Python inside JavaScript strings (PyScript's stdlib): statements after "\n", "\t", ";" or a quote.
_EMBEDDED_IMPORT = re.compile(
    r"""(?:\\n|\\t|;|["'`])[ \t]*(?:from[ \t]+([\w.]+)[ \t]+import[ \t]+([\w, \t]+)"""
    r"""|import[ \t]+([\w.]+(?:[ \t]*,[ \t]*[\w.]+)*))"""
)


class TrimError(RuntimeError):
    pass


def imports_in(
    source: str, module: str = "", *, is_package: bool = False, stdlib: bool = False
) -> Imports:
    """Every module ``source`` may import: absolute names, relative ones resolved
    against ``module``, and ``from X import name`` as both ``X`` and ``X.name``.

    Split into what importing the module runs (``eager``: module level, class
    bodies, ``try``/``if`` blocks) and what only a call runs (``lazy``: inside a
    function).  ``if __name__ == "__main__":`` blocks never run on import and
    are skipped, and so is a standard library module's command line
    (``stdlib``: see :data:`COMMAND_LINE`).
    """
    package = module if is_package else module.rpartition(".")[0]
    found = Imports(set(), set())
    skipped = COMMAND_LINE if stdlib else frozenset()
    try:
        tree = ast.parse(source)
    except SyntaxError:
        # Newer syntax than this Python reads (the stdlib is Pyodide's Python).
        _scan_lines(source, package, found, skipped)
        return found
    _visit(tree, package, found, skipped, lazy=False)
    return found


class Imports(NamedTuple):
    eager: set[str]
    lazy: set[str]

    def all(self) -> set[str]:
        return self.eager | self.lazy


# A module-level function of these names is a module's command line
# (``python -m tarfile``, ``python -m random``: argparse, getopt, pprint) or a
# helper only that calls (``_parse_args``, ``random._test_generator``), which
# nothing calls on import or from the site: its imports are not counted, as an
# ``if __name__ == "__main__":`` block's are not.
COMMAND_LINE = frozenset({"main", "_main", "_test", "test", "_parse_args", "_test_generator"})


def _visit(
    node: ast.AST, package: str, found: Imports, skipped: frozenset[str], *, lazy: bool
) -> None:
    for child in ast.iter_child_nodes(node):
        into = found.lazy if lazy else found.eager
        if (
            isinstance(node, ast.Module)
            and isinstance(child, ast.FunctionDef)
            and child.name in skipped
        ):
            continue
        if isinstance(child, ast.Import):
            into.update(alias.name for alias in child.names)
        elif isinstance(child, ast.ImportFrom):
            base = "." * child.level + (child.module or "")
            into.update(_from(base, [alias.name for alias in child.names], package))
        elif isinstance(child, ast.If) and _never_here(child.test):
            _visit_all(child.orelse, package, found, skipped, lazy=lazy)
        else:
            inner = lazy or isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda))
            _visit(child, package, found, skipped, lazy=inner)


def _visit_all(
    nodes: list[ast.stmt], package: str, found: Imports, skipped: frozenset[str], *, lazy: bool
) -> None:
    for node in nodes:
        _visit(ast.Module(body=[node], type_ignores=[]), package, found, skipped, lazy=lazy)


def _never_here(test: ast.expr) -> bool:
    """``if __name__ == "__main__":`` (never on import) or ``if sys.platform == "win32":``."""
    if not (
        isinstance(test, ast.Compare)
        and len(test.ops) == 1
        and isinstance(test.ops[0], ast.Eq)
        and isinstance(test.comparators[0], ast.Constant)
    ):
        return False
    left, right = ast.unparse(test.left), test.comparators[0].value
    return (left, right) in (("__name__", "__main__"), ("sys.platform", "win32"))


def _scan_lines(source: str, package: str, found: Imports, skipped: frozenset[str]) -> None:
    """The same split, by indentation, for source this Python cannot parse."""
    # (indent, first word) of the enclosing block openers; "__main__" marks a
    # block that never runs on import.
    blocks: list[tuple[int, str]] = []
    for line in source.splitlines():
        stripped = line.lstrip()
        if not stripped or stripped.startswith("#"):
            continue
        indent = len(line) - len(stripped)
        while blocks and blocks[-1][0] >= indent:
            blocks.pop()
        openers = [word for _, word in blocks]
        if "__main__" in openers:
            continue
        match = _IMPORT_LINE.match(line)
        if match:
            base, names, plain = match.groups()
            names_found = set(_names(plain)) if plain else _from(base, _names(names), package)
            lazy = "def" in openers
            (found.lazy if lazy else found.eager).update(names_found)
        elif stripped.rstrip().endswith(":"):
            word = stripped.split()[0].split("(")[0]
            if word == "async":
                word = "def"
            if word == "if" and (
                ("__name__" in stripped and "__main__" in stripped)
                or re.match(r"""if sys\.platform == ["']win32["']:""", stripped)
            ):
                word = "__main__"
            if word == "def" and indent == 0 and _def_name(stripped) in skipped:
                word = "__main__"
            blocks.append((indent, word))


def _def_name(line: str) -> str:
    return line.removeprefix("def").split("(")[0].strip()


def _names(text: str) -> list[str]:
    return [part.split()[0] for part in text.split(",") if part.split()]


def _from(base: str, names: Iterable[str], package: str) -> set[str]:
    level = len(base) - len(base.lstrip("."))
    target = base.lstrip(".")
    if level:
        parts = package.split(".") if package else []
        parts = parts[: len(parts) - (level - 1)] if level > 1 else parts
        target = ".".join([*parts, target] if target else parts)
    if not target:
        return set()
    return {target} | {f"{target}.{name}" for name in names if name != "*"}


def embedded_python_imports(javascript: str) -> set[str]:
    found: set[str] = set()
    for base, names, plain in _EMBEDDED_IMPORT.findall(javascript):
        if plain:
            found.update(_names(plain))
        else:
            found.update(_from(base, _names(names), ""))
    return found


def site_roots(site: Path) -> set[str]:
    """What the site's own Python and PyScript's may import."""
    roots = set(STARTUP)
    for path in site.rglob("*.py"):
        if "vendor" in path.relative_to(site).parts:
            continue
        rel = path.relative_to(site).with_suffix("")
        module = ".".join(rel.parts).removesuffix(".__init__")
        roots |= imports_in(
            path.read_text(encoding="utf-8"), module, is_package=path.name == "__init__.py"
        ).all()
    for path in (site / "vendor" / "pyscript").glob("*.js"):
        roots |= embedded_python_imports(path.read_text(encoding="utf-8")) - MICROPYTHON_ONLY
    return roots


class Stdlib:
    """The modules in a standard library zip, by dotted name."""

    def __init__(self, archive: zipfile.ZipFile) -> None:
        self.archive = archive
        self.files: dict[str, str] = {}  # module -> file
        for name in archive.namelist():
            if not name.endswith(".py"):
                continue
            module = name.removesuffix(".py").replace("/", ".").removesuffix(".__init__")
            self.files[module] = name

    def is_package(self, module: str) -> bool:
        return self.files.get(module, "").endswith("/__init__.py")

    def closure(self, roots: Iterable[str]) -> set[str]:
        keep: set[str] = set()
        todo = [name for root in roots for name in self._with_parents(root)]
        todo += [m for m in self.files if m.split(".")[0] in WHOLE_PACKAGES and m not in NOT_WHOLE]
        while todo:
            module = todo.pop()
            if module in keep or module not in self.files:
                continue
            keep.add(module)
            source = self.archive.read(self.files[module]).decode("utf-8", errors="replace")
            found = imports_in(source, module, is_package=self.is_package(module), stdlib=True)
            names = found.eager | {n for n in found.lazy if self.follow_lazy(n)}
            for name in names:
                if name.split(".")[0] not in BUILT_IN_TWINS:
                    todo.extend(self._with_parents(name))
        return keep

    @staticmethod
    def follow_lazy(name: str) -> bool:
        return not any(
            name == skipped or name.startswith(skipped + ".") for skipped in LAZY_NOT_FOLLOWED
        )

    @staticmethod
    def _with_parents(name: str) -> Iterator[str]:
        parts = name.split(".")
        for end in range(1, len(parts) + 1):
            yield ".".join(parts[:end])


def trim(zip_path: Path, roots: Iterable[str], pyodide: Path | None = None) -> tuple[int, int]:
    """Rewrite ``zip_path`` with only what ``roots`` may import; returns (before, after) bytes.

    ``pyodide``: a folder with Pyodide's ``pyodide.mjs`` to strip the kept modules
    with (see the module's docstring); none, they stay as they are."""
    before = zip_path.stat().st_size
    with zipfile.ZipFile(zip_path) as archive:
        stdlib = Stdlib(archive)
        keep = {stdlib.files[m] for m in stdlib.closure(roots)}
        kept = [
            info
            for info in archive.infolist()
            if (info.filename in keep or not info.filename.endswith(".py"))
            and not LEGACY_CODEC.fullmatch(info.filename)
        ]
        if not any(info.filename == "site.py" for info in kept):
            raise TrimError(f"{zip_path} does not look like Python's standard library")
        contents = [(info, archive.read(info)) for info in kept]
    if pyodide is not None:
        python = {info.filename: data for info, data in contents if info.filename.endswith(".py")}
        stripped = strip_in_pyodide(python, pyodide)
        contents = [(info, stripped.get(info.filename, data)) for info, data in contents]
    trimmed = zip_path.with_suffix(".tmp")
    with zipfile.ZipFile(trimmed, "w") as out:
        for info, data in contents:
            out.writestr(info, data, compress_type=zipfile.ZIP_DEFLATED, compresslevel=9)
    trimmed.replace(zip_path)
    return before, zip_path.stat().st_size


def trim_site(site: Path) -> tuple[int, int]:
    return trim(site / STDLIB, site_roots(site), site / PYODIDE)


# Runs scripts/pystrip.py (its source in STRIPPER) over SOURCES ({name: base64}).
_STRIP_IN_PYODIDE = r"""
import { loadPyodide } from %(pyodide)s;
let input = "";
for await (const chunk of process.stdin) input += chunk;
const job = JSON.parse(input);
const py = await loadPyodide({ stdout: (line) => process.stderr.write(line + "\n") });
py.globals.set("STRIPPER", job.stripper);
py.globals.set("SOURCES", JSON.stringify(job.sources));
const out = py.runPython(`
import base64, json
stripper = {"__name__": "pystrip"}
exec(compile(STRIPPER, "pystrip.py", "exec"), stripper)
out = {}
for name, text in json.loads(SOURCES).items():
    source = base64.b64decode(text).decode("utf-8")
    out[name] = base64.b64encode(stripper["strip"](source).encode("utf-8")).decode()
json.dumps(out)
`);
process.stdout.write(out);
"""


def strip_in_pyodide(sources: dict[str, bytes], pyodide: Path) -> dict[str, bytes]:
    """``sources`` stripped by scripts/pystrip.py under the Pyodide in ``pyodide``
    (cached: see the module's docstring)."""
    stripper = STRIPPER.read_bytes()
    keys = {
        name: hashlib.sha256(stripper + b"\0" + data).hexdigest() for name, data in sources.items()
    }
    out = {}
    todo = {}
    for name, data in sources.items():
        cached = CACHE / f"{keys[name]}.py"
        if cached.is_file():
            out[name] = cached.read_bytes()
        else:
            todo[name] = data
    if todo:
        script = _STRIP_IN_PYODIDE % {
            "pyodide": json.dumps((pyodide / "pyodide.mjs").resolve().as_uri())
        }
        job = {
            "stripper": stripper.decode("utf-8"),
            "sources": {name: base64.b64encode(data).decode() for name, data in todo.items()},
        }
        done = bytecode.in_node(
            script, job, step="stripping the stdlib", error=TrimError, timeout=900
        )
        CACHE.mkdir(parents=True, exist_ok=True)
        for name, text in json.loads(done).items():
            data = base64.b64decode(text)
            out[name] = data
            # Written whole, then renamed: builds may run side by side.
            partial = CACHE / f"{keys[name]}.{os.getpid()}.tmp"
            partial.write_bytes(data)
            partial.replace(CACHE / f"{keys[name]}.py")
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Trim the site's Python standard library.")
    parser.add_argument("site", type=Path)
    args = parser.parse_args(argv)
    before, after = trim_site(args.site)
    print(f"trim_stdlib: {before / 1e6:.2f} MB -> {after / 1e6:.2f} MB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
