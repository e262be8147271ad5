"""Compile the site's Python to bytecode for the Pyodide the site ships.

In the browser every module the page imports is otherwise compiled from source
on each load: about a third of the time the front end takes to import.  A
``.pyc`` only works for the exact Python version that wrote it, and the build
runs on whatever CPython the machine has, so the compiling is done by the
vendored Pyodide itself, in Node (which ``npm ci`` installs for the build
anyway).

The files are hash-based and *unchecked* (PEP 552): the import system loads
them without comparing them to the source's modification time, which an
unpacked archive does not keep.  The build ships most of them without their
sources (``scripts/build_site.py``); the hash in each header still names the
source it was compiled from (the repository's file without its comments,
docstrings and functions' annotations, line for line:
``scripts.build_site.shipped_python``), which
:func:`compiled_from` checks under any CPython.  The code
objects carry no column ranges, so a traceback shows no carets.  A Pyodide
whose magic number differs (a ``.pyc`` from another version) simply ignores
them and compiles from source.
"""

from __future__ import annotations

import base64
import json
import shutil
import subprocess
from pathlib import Path

# Pyodide's working directory, where PyScript unpacks the site's archives: the
# code objects carry these paths, which tracebacks show.
HOME = "/home/pyodide"

_COMPILER = r"""
import { loadPyodide } from %(pyodide)s;
let input = "";
for await (const chunk of process.stdin) input += chunk;
// No column ranges in the code objects (PYTHONNODEBUGRANGES, PEP 657): a
// quarter of the bytecode's bytes, for the carets under a traceback's line.
const py = await loadPyodide({
  env: { HOME: %(home)s, PYTHONNODEBUGRANGES: "1" },
  stdout: (line) => process.stderr.write(line + "\n"),
});
py.globals.set("SOURCES", input);
const out = py.runPython(`
import base64, importlib.util, json
from importlib._bootstrap_external import _code_to_hash_pyc

out = {}
for rel, text in json.loads(SOURCES).items():
    source = base64.b64decode(text)
    path = %(home)s + "/" + rel
    code = compile(source, path, "exec", dont_inherit=True)
    pyc = _code_to_hash_pyc(code, importlib.util.source_hash(source), checked=False)
    pyc_path = importlib.util.cache_from_source(path)[len(%(home)s) + 1:]
    out[rel] = [pyc_path, base64.b64encode(pyc).decode()]
json.dumps(out)
`);
process.stdout.write(out);
"""


class BytecodeError(RuntimeError):
    pass


def in_node(script: str, job: object, *, step: str, error: type[Exception], timeout: int) -> str:
    """Run ``script`` (an ES module that loads the vendored Pyodide) in Node with
    ``job`` as JSON on its standard input; what it writes to its standard output.
    The build's steps that need the site's own Python, not the machine's, run so.
    Raises ``error`` when Node is missing or the script fails."""
    node = shutil.which("node")
    if node is None:
        raise error(f"node is not installed (the build runs {step} in Pyodide)")
    done = subprocess.run(
        [node, "--input-type=module", "-e", script],
        input=json.dumps(job),
        capture_output=True,
        text=True,
        timeout=timeout,
    )
    if done.returncode != 0:
        raise error(f"{step} in Pyodide failed:\n{done.stderr[-3000:]}")
    return done.stdout


def compiled_from(pyc: bytes, source: bytes) -> bool:
    r"""Whether hash-based bytecode (PEP 552) was compiled from ``source``: its
    header holds the source's hash, keyed by the magic number of the Python
    that wrote it, which any CPython can compute.

    >>> import importlib.util
    >>> from importlib._bootstrap_external import _code_to_hash_pyc
    >>> source = b"x = 1\n"
    >>> pyc = _code_to_hash_pyc(compile(source, "x.py", "exec"), importlib.util.source_hash(source))
    >>> compiled_from(pyc, source), compiled_from(pyc, b"x = 2\n")
    (True, False)
    """
    import _imp

    if len(pyc) < 16 or not int.from_bytes(pyc[4:8], "little") & 0b01:
        return False  # not hash-based: nothing names its source
    key = int.from_bytes(pyc[:4], "little")
    return bool(pyc[8:16] == _imp.source_hash(key, source))


def compile_sources(sources: dict[str, bytes], pyodide: Path) -> dict[str, tuple[str, bytes]]:
    """``{"web/dom/page.py": source}`` ->
    ``{"web/dom/page.py": ("web/dom/__pycache__/page.cpython-314.pyc", bytecode)}``, compiled by the
    Pyodide in the folder ``pyodide`` (its npm package), which also names the files where
    its import system looks for them."""
    script = _COMPILER % {
        "pyodide": json.dumps((pyodide / "pyodide.mjs").resolve().as_uri()),
        "home": json.dumps(HOME),
    }
    payload = {rel: base64.b64encode(src).decode() for rel, src in sources.items()}
    done = in_node(script, payload, step="compiling Python", error=BytecodeError, timeout=300)
    compiled: dict[str, tuple[str, str]] = json.loads(done)
    return {rel: (pyc, base64.b64decode(data)) for rel, (pyc, data) in compiled.items()}
