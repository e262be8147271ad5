"""Compile, at build time, the methods ``dataclasses`` writes as the site's
modules are imported, so that the browser does not compile them at every load.

``dataclasses`` builds each class's ``__init__``, ``__repr__``, ``__eq__``, ...
as Python source and ``exec``s it when the class statement runs.  Under
Pyodide that compiling was about half of the time the page's modules took to
import (113 classes, 200 kB of generated source, ~120 ms in Node).  The source
depends only on the class, so the build imports what each entry point imports
inside the vendored Pyodide, in Node, records every source handed to
``dataclasses``' ``exec``, compiles each once, and ships the code objects in a
table inside the archive (``public/unpack.py`` puts them to use).

The code objects carry no line table: the generated methods have no source
file a traceback could show anyway, and without them the page's table
compresses to 24 kB instead of 57 kB.  The table starts with the Pyodide's magic number, since
marshalled code is only valid for the Python that wrote it.
"""

from __future__ import annotations

import ast
import base64
import json
from pathlib import Path

from scripts import bytecode

# Where an archive holds its table (public/unpack.py's DATACLASS_CODE).
TABLE = "dataclass-code.marshal"

_RECORDER = r"""
import { loadPyodide } from %(pyodide)s;
let input = "";
for await (const chunk of process.stdin) input += chunk;
const py = await loadPyodide({
  env: { HOME: %(home)s },
  stdout: (line) => process.stderr.write(line + "\n"),
});
py.globals.set("JOB", input);
const out = py.runPython(`
import base64, builtins, json, marshal, os, sys, types
from importlib.util import MAGIC_NUMBER

job = json.loads(JOB)
site = %(home)s + "/site"
for archive in job["archives"]:
    for rel, data in archive["files"].items():
        path = os.path.join(site, rel)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "wb") as file:
            file.write(base64.b64decode(data))
os.chdir(site)
sys.path.insert(0, site)
import dataclasses
from unpack import source_key

seen = {}
def recording(source, /, *args, **kwargs):
    if isinstance(source, str):
        seen.setdefault(source_key(source), source)
    return builtins.exec(source, *args, **kwargs)

def without_lines(code):
    consts = tuple(without_lines(c) if isinstance(c, types.CodeType) else c
                   for c in code.co_consts)
    return code.replace(co_linetable=b"", co_consts=consts)

dataclasses.exec = recording
out = {}
known = set()
for archive in job["archives"]:
    for name in archive["imports"]:
        __import__(name)
    table = {key: without_lines(compile(source, "<string>", "exec", dont_inherit=True))
             for key, source in seen.items() if key not in known}
    known |= set(seen)
    out[archive["name"]] = base64.b64encode(MAGIC_NUMBER + marshal.dumps(table)).decode()
json.dumps(out)
`);
process.stdout.write(out);
"""


class DataclassCodeError(RuntimeError):
    pass


def entry_imports(entry: str, shipped: set[str]) -> list[str]:
    """The site's modules an entry point imports at its top level.

    >>> entry_imports("from unpack import unpack\\nfrom web import app, x\\nimport engine",
    ...               {"web/__init__.py", "web/app.py", "engine/__init__.py"})
    ['web', 'web.app', 'engine']
    """
    packages = {rel.split("/", 1)[0] for rel in shipped}
    found: list[str] = []
    for node in ast.parse(entry).body:
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            base = node.module.replace(".", "/")
            names = [node.module] + [
                f"{node.module}.{alias.name}"
                for alias in node.names
                if f"{base}/{alias.name}.py" in shipped
                or f"{base}/{alias.name}/__init__.py" in shipped
            ]
        else:
            continue
        found += [n for n in names if n.split(".", 1)[0] in packages and n not in found]
    return found


def tables(
    archives: list[tuple[str, dict[str, bytes], list[str]]], unpacker: bytes, pyodide: Path
) -> dict[str, bytes]:
    """``[(archive, {path: bytes}, [module, ...]), ...]`` -> ``{archive: table}``.

    The archives are unpacked one after another, as an entry point unpacks
    them, and after each its modules are imported; an archive's table holds
    the code of the sources first met while importing its modules (the
    worker's archive: only what the page's archive, unpacked before it, does
    not already hold).  ``unpacker`` is ``public/unpack.py``, whose
    ``source_key`` names the sources.
    """
    script = _RECORDER % {
        "pyodide": json.dumps((pyodide / "pyodide.mjs").resolve().as_uri()),
        "home": json.dumps(bytecode.HOME),
    }
    # The unpacker goes with the first archive, as PyScript puts it beside them.
    with_unpacker = [{"unpack.py": unpacker, **archives[0][1]}] + [a[1] for a in archives[1:]]
    job = {
        "archives": [
            {
                "name": name,
                "files": {rel: base64.b64encode(data).decode() for rel, data in files.items()},
                "imports": imports,
            }
            for (name, _, imports), files in zip(archives, with_unpacker, strict=True)
        ]
    }
    done = bytecode.in_node(
        script, job, step="recording dataclasses", error=DataclassCodeError, timeout=300
    )
    made: dict[str, str] = json.loads(done)
    return {name: base64.b64decode(data) for name, data in made.items()}
