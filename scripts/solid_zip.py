"""Zip archives sent as one gzip stream: ``NAME.zip.gz``.

The site's three archives (the standard library, the page's code, the AI's)
are zips, because Python imports from a zip (the standard library) or unpacks
one (the page's and the worker's).  A zip deflates each member on its own, so
what modules share (names, the bytecode's and the sources' common patterns)
is paid again in every member; GitHub Pages does not compress a ``.zip``
again.  Stored (uncompressed) members and one gzip stream over the whole zip
compress across members: 1,246 kB -> 1,068 kB for the three, measured on the
build of 2026-11-26 (``docs/benchmarks-history.md``).  The browser inflates the stream
natively (``DecompressionStream``) for the standard
library, and Python's built-in ``zlib`` does for the two archives
(``public/unpack.py``).

The stream is written by Zopfli (a slower deflate encoder that finds shorter
encodings of the same format, about 5 % fewer bytes than zlib's best level);
it takes seconds per archive, so its results are kept in ``build/cache/zopfli``
by the hash of the input, and an unchanged build writes byte-identical files.

>>> unpack(pack({"b.py": b"x = 1\\n", "a/__init__.py": b""}))
{'a/__init__.py': b'', 'b.py': b'x = 1\\n'}
"""

from __future__ import annotations

import hashlib
import io
import zipfile
import zlib
from pathlib import Path

import zopfli.zopfli

CACHE = Path(__file__).resolve().parent.parent / "build" / "cache" / "zopfli"
# Fixed, so that an unchanged build writes byte-identical archives and keeps
# its service worker version.
ZIP_DATE = (1980, 1, 1, 0, 0, 0)
# Zopfli's default: more iterations gain well under 0.1 % here.
ITERATIONS = 15


def stored_zip(entries: dict[str, bytes]) -> bytes:
    """A zip of ``entries`` (sorted by name), every member stored, not deflated."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for name in sorted(entries):
            info = zipfile.ZipInfo(name, date_time=ZIP_DATE)
            info.compress_type = zipfile.ZIP_STORED
            info.external_attr = 0o644 << 16
            archive.writestr(info, entries[name])
    return buffer.getvalue()


def zip_entries(data: bytes) -> dict[str, bytes]:
    """Every member of the zip ``data`` by name (directories included, empty)."""
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        return {info.filename: archive.read(info) for info in archive.infolist()}


def gzip_best(data: bytes) -> bytes:
    """``data`` as a gzip stream, as small as Zopfli makes it (cached)."""
    key = hashlib.sha256(b"%d:" % ITERATIONS + data).hexdigest()
    cached = CACHE / f"{key}.gz"
    if cached.exists():
        return cached.read_bytes()
    packed: bytes = zopfli.zopfli.compress(data, numiterations=ITERATIONS, gzip_mode=1)
    CACHE.mkdir(parents=True, exist_ok=True)
    partial = cached.with_suffix(".tmp")
    partial.write_bytes(packed)
    partial.replace(cached)
    return packed


def gunzip(data: bytes) -> bytes:
    """The inverse of :func:`gzip_best` (what the browser does)."""
    return zlib.decompress(data, wbits=31)


def pack(entries: dict[str, bytes]) -> bytes:
    """``entries`` as the site ships an archive: a stored zip in one gzip stream."""
    return gzip_best(stored_zip(entries))


def unpack(data: bytes) -> dict[str, bytes]:
    """The members of an archive :func:`pack` made."""
    return zip_entries(gunzip(data))
