"""Trimming Pyodide's standard library to what the site can import (scripts/trim_stdlib.py)."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import zipfile
from pathlib import Path

import pytest
from repo_paths import ROOT

from scripts import build_site, bytecode, solid_zip, trim_stdlib
from scripts.trim_stdlib import imports_in


def test_imports_split_into_what_importing_runs_and_what_a_call_runs() -> None:
    source = """
import os, json as j
from collections import abc
try:
    import zlib
except ImportError:
    zlib = None
class K:
    import struct
def f():
    import email.parser
    from http import client
if __name__ == "__main__":
    import doctest
if sys.platform == "win32":
    import winreg
else:
    import posixpath
"""
    found = imports_in(source)
    assert found.eager == {"os", "json", "collections", "collections.abc", "zlib", "struct",
                           "posixpath"}  # fmt: skip
    assert found.lazy == {"email.parser", "http", "http.client"}


def test_relative_imports_resolve_against_the_module_and_its_package() -> None:
    assert imports_in("from . import events", "asyncio", is_package=True).eager == {
        "asyncio",
        "asyncio.events",
    }
    assert imports_in("from .events import x", "asyncio.tasks").eager == {
        "asyncio.events",
        "asyncio.events.x",
    }
    assert imports_in("from ..util import y", "email.mime.text").eager == {
        "email.util",
        "email.util.y",
    }


def test_source_this_python_cannot_parse_is_read_line_by_line() -> None:
    source = """
import re
try:
    import zlib
except A, B:  # Python 3.14's unparenthesised except
    pass
def f():
    import difflib
    if x:
        from email import message
if __name__ == "__main__":
    import doctest
"""
    found = imports_in(source)
    assert found.eager == {"re", "zlib"}
    assert found.lazy == {"difflib", "email", "email.message"}


def test_a_stdlib_modules_command_line_imports_are_not_followed() -> None:
    source = """
import os
def main():
    import argparse
def _parse_args(args):
    import argparse
def helper():
    import difflib
class C:
    def main(self):
        import pprint
"""
    found = imports_in(source, "random", stdlib=True)
    assert found.eager == {"os"}
    assert found.lazy == {"difflib", "pprint"}  # a method named main is not the command line
    assert "argparse" in imports_in(source, "random").lazy  # the site's own code: all counted
    # The same for source this Python cannot parse (read line by line).
    newer = source + "try:\n    pass\nexcept A, B:\n    pass\n"
    assert imports_in(newer, "random", stdlib=True).lazy == {"difflib", "pprint"}


def test_pyscripts_embedded_python_imports_are_found() -> None:
    javascript = r'"__init__.py": "import js,json\nfrom polyscript import workers as _w\n\tfrom tarfile import open"'  # noqa: E501
    found = trim_stdlib.embedded_python_imports(javascript)
    assert {"js", "json", "polyscript", "polyscript.workers", "tarfile", "tarfile.open"} <= found


def fake_stdlib(path: Path) -> Path:
    files = {
        "site.py": "import os\ndef repl():\n    import _pyrepl\n",
        "os.py": "import stat\ndef popen():\n    import subprocess\n",
        "stat.py": "",
        "subprocess.py": "import signal\n",
        "signal.py": "",
        "_pyrepl/__init__.py": "",
        "email/__init__.py": "",
        "email/parser.py": "from . import feedparser\n",
        "email/feedparser.py": "",
        "json/__init__.py": "from .decoder import x\n",
        "json/decoder.py": "import re\n",
        "re/__init__.py": "",
        "encodings/__init__.py": "",
        "encodings/utf_8.py": "",
        "encodings/cp1252.py": "",
        "pyodide/__init__.py": "",
        "pyodide/ffi.py": "",
        "tomllib/mypy.ini": "[mypy]",
    }
    with zipfile.ZipFile(path, "w") as archive:
        for name, text in files.items():
            archive.writestr(name, text)
    return path


def test_only_the_closure_of_the_roots_is_kept(tmp_path: Path) -> None:
    stdlib = fake_stdlib(tmp_path / "python_stdlib.zip")
    trim_stdlib.trim(stdlib, {"site", "json"})
    kept = set(zipfile.ZipFile(stdlib).namelist())
    assert kept == {
        "site.py",
        "os.py",
        "stat.py",
        "subprocess.py",  # a lazy import, followed
        "signal.py",
        "json/__init__.py",
        "json/decoder.py",
        "re/__init__.py",
        "encodings/__init__.py",  # looked up by name: kept whole…
        "encodings/utf_8.py",
        "pyodide/__init__.py",  # Pyodide's own: kept whole
        "pyodide/ffi.py",
        "tomllib/mypy.ini",  # not Python: kept
    }  # …but the legacy code pages, the REPL (a lazy import) and email are gone


def test_pure_python_twins_of_built_in_modules_are_not_kept(tmp_path: Path) -> None:
    path = tmp_path / "python_stdlib.zip"
    with zipfile.ZipFile(path, "w") as archive:
        archive.writestr("site.py", "import datetime, abc\n")
        archive.writestr(
            "datetime.py",
            "try:\n    from _datetime import *\n"
            "except ImportError:\n    from _pydatetime import *\n",
        )
        archive.writestr("_pydatetime.py", "import _strptime\n")
        archive.writestr("abc.py", "def f():\n    from _py_abc import ABCMeta\n")
        archive.writestr("_py_abc.py", "")
        archive.writestr("_strptime.py", "")
    trim_stdlib.trim(path, {"site"})
    assert set(zipfile.ZipFile(path).namelist()) == {"site.py", "datetime.py", "abc.py"}


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")
def test_the_twins_built_in_modules_are_built_into_the_vendored_pyodide() -> None:
    pyodide = (build_site.NODE_MODULES / "pyodide" / "pyodide.mjs").resolve().as_uri()
    script = (
        f"import {{ loadPyodide }} from {json.dumps(pyodide)};\n"
        "const py = await loadPyodide();\n"
        "const names = 'import json, sys; json.dumps(sys.builtin_module_names)';\n"
        "process.stdout.write(py.runPython(names));"
    )
    out = bytecode.in_node(script, {}, step="listing", error=RuntimeError, timeout=300)
    built_in = set(json.loads(out))
    assert set(trim_stdlib.BUILT_IN_TWINS.values()) <= built_in
    assert not set(trim_stdlib.BUILT_IN_TWINS) & built_in  # (the twins are Python files)


def test_something_that_is_not_a_stdlib_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "python_stdlib.zip"
    with zipfile.ZipFile(path, "w") as archive:
        archive.writestr("hello.py", "")
    with pytest.raises(trim_stdlib.TrimError):
        trim_stdlib.trim(path, {"hello"})


# -- the real build ------------------------------------------------------------------


def test_the_build_ships_a_trimmed_standard_library(site: Path) -> None:
    original = build_site.NODE_MODULES / "pyodide" / "python_stdlib.zip"
    trimmed = site / build_site.SITE_PYODIDE / build_site.SHIPPED_STDLIB
    assert trimmed.stat().st_size < 0.6 * original.stat().st_size
    names = set(solid_zip.unpack(trimmed.read_bytes()))
    for needed in ("site.py", "asyncio/__init__.py", "json/__init__.py", "dataclasses.py",
                   "_pyodide/_importhook.py", "pyodide/ffi/__init__.py", "encodings/utf_8.py",
                   "importlib/resources/__init__.py", "_strptime.py", "random.py"):  # fmt: skip
        assert needed in names, needed
    for dropped in ("unittest/__init__.py", "pydoc.py", "_pyrepl/main.py", "encodings/cp1252.py",
                    "multiprocessing/pool.py", "xml/dom/minidom.py", "_pydatetime.py", "_py_abc.py",
                    "pickle.py", "pyodide/console.py", "platform.py",
                    "pyodide/_nodesock_transport.py", "rlcompleter.py"):  # fmt: skip
        assert dropped not in names, dropped


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")
def test_every_module_of_the_site_imports_and_runs_under_the_trimmed_library(site: Path) -> None:
    run = subprocess.run(
        [
            "node",
            str(ROOT / "tests" / "pyodide" / "import_site.mjs"),
            str(site),
            ",".join(build_site.SOURCES_ONLY),
        ],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert run.returncode == 0, run.stderr[-3000:]
    imported = set(json.loads(run.stdout.strip().splitlines()[-1]))
    assert {
        "engine.ai.player",
        "web.dom.page",
        "web.control.controller",
        "web.worker.ai",
    } <= imported


def test_the_kept_modules_ship_without_comments_or_docstrings_line_for_line(site: Path) -> None:
    original = zipfile.ZipFile(build_site.NODE_MODULES / "pyodide" / "python_stdlib.zip")
    shipped = site / build_site.SITE_PYODIDE / build_site.SHIPPED_STDLIB
    assert shipped.stat().st_size < 800_000  # 1.15 MB trimmed only
    trimmed = solid_zip.unpack(shipped.read_bytes())
    for name in ("dataclasses.py", "asyncio/events.py", "json/decoder.py", "typing.py"):
        before = original.read(name).decode()
        after = trimmed[name].decode()
        assert after.count("\n") == before.count("\n"), name  # tracebacks keep their lines
        assert len(after) < 0.8 * len(before), name
        comments = [line for line in after.splitlines() if line.lstrip().startswith("#")]
        assert len(comments) <= 2, (name, comments)  # (a "#" inside a class docstring stays)
    assert '"""Classes to support' not in trimmed["dataclasses.py"].decode()  # (a docstring)
    # Its functions keep their annotations (the site's own packages lose theirs:
    # scripts/build_site.py's shipped_python): inspect, typing, dataclasses may read them.
    annotated = re.compile(r"^ *(?:async )?def .*\) -> .*:$", re.MULTILINE)
    assert len(annotated.findall(trimmed["typing.py"].decode())) > 40


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")
def test_stripping_runs_in_pyodide_once_then_comes_from_the_cache(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(trim_stdlib, "CACHE", tmp_path / "cache")
    # Python 3.14 syntax (an unparenthesised except), which the build's Python may not read.
    source = b'"""Doc."""\ntry:\n    pass\nexcept A, B:  # new in 3.14\n    pass\n'
    pyodide = build_site.NODE_MODULES / "pyodide"
    typed = b"def f(x: int) -> int:  # kept\n    return x\n"
    first = trim_stdlib.strip_in_pyodide({"m.py": source, "typed.py": typed}, pyodide)
    assert first == {
        "m.py": b"\ntry:\n    pass\nexcept A, B:\n    pass\n",
        "typed.py": b"def f(x: int) -> int:\n    return x\n",  # the annotations stay
    }
    monkeypatch.setattr(shutil, "which", lambda name: None)  # no node now: the cache answers
    assert trim_stdlib.strip_in_pyodide({"m.py": source, "typed.py": typed}, pyodide) == first
    with pytest.raises(trim_stdlib.TrimError, match="node is not installed"):
        trim_stdlib.strip_in_pyodide({"other.py": b"x = 1  # new\n"}, pyodide)
