"""Unpacks the site's archives into Python's working directory, where the
entry points (``main.py``, ``ai_worker.py``) then import from them.

An archive is a zip in one gzip stream (``scripts/solid_zip.py``), which
PyScript has put in the working directory (the config's ``files``).  This
module comes beside them, not inside, since nothing can be imported from an
archive before it is unpacked.  An archive already inflated is taken as it
is: the service worker keeps them so (``sw.js``), and a server may send one
with ``Content-Encoding: gzip``.

An archive may also carry the code of the methods that ``dataclasses`` writes
for its classes (``scripts/dataclass_code.py``).  ``dataclasses`` writes each
class's ``__init__``, ``__repr__``, ``__eq__``... as Python source and compiles
it as the class is created, on every load: about half of the time the page's
modules take to import under Pyodide.  The same source always compiles to the
same code, so the build compiles it once, and here ``dataclasses`` is handed
that code instead of its source.  Source the build did not see (or a table
from another Python) is compiled as usual.
"""

import io
import marshal
import os
import zipfile
import zlib
from importlib.util import MAGIC_NUMBER
from types import CodeType
from typing import Any

_GZIP = b"\x1f\x8b"
# Where an archive keeps its table: {source_key(source): code}, after the
# magic number of the Python that compiled it.
DATACLASS_CODE = "dataclass-code.marshal"

_precompiled: dict[tuple[int, int, int], CodeType] = {}
# The keys of the sources compiled here after all (tests: none at start).
compiled_here: list[tuple[int, int, int]] = []


def unpack(name: str) -> None:
    with open(name, "rb") as packed:
        data = packed.read()
    if data.startswith(_GZIP):
        data = zlib.decompress(data, wbits=31)
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        archive.extractall()
    os.remove(name)
    if os.path.exists(DATACLASS_CODE):
        use_dataclass_code(DATACLASS_CODE)


def source_key(source: str) -> tuple[int, int, int]:
    """What the tables know a source by: 64 bits of checksums and its length
    (``hash()`` of a string differs from one process to the next).

    >>> source_key("x = 1")
    (5, 1197187446, 67436839)
    """
    data = source.encode()
    return len(data), zlib.crc32(data), zlib.adler32(data)


def use_dataclass_code(path: str) -> None:
    """Add the table in ``path`` to what ``dataclasses`` is handed, and remove the file."""
    with open(path, "rb") as file:
        data = file.read()
    os.remove(path)
    if not data.startswith(MAGIC_NUMBER):
        return  # another Python's code: compile as usual
    _precompiled.update(marshal.loads(data[len(MAGIC_NUMBER) :]))
    import dataclasses

    # dataclasses looks ``exec`` up in its module first, then in builtins.
    dataclasses.exec = _exec  # type: ignore[attr-defined]


def _exec(source: Any, /, globals: Any = None, locals: Any = None, **kwargs: Any) -> None:
    if isinstance(source, str):
        key = source_key(source)
        code = _precompiled.get(key)
        if code is None:
            compiled_here.append(key)
        else:
            source = code
    exec(source, globals, locals, **kwargs)
