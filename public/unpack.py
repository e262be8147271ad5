"""Unpacks the site's archives into Python's working directory, where the
entry points (``main.py``, ``ai_worker.py``) then import from them.

An archive is a zip in one gzip stream (``scripts/solid_zip.py``), which
PyScript has put in the working directory (the config's ``files``).  This
module comes beside them, not inside, since nothing can be imported from an
archive before it is unpacked.  An archive already inflated is taken as it
is: the service worker keeps them so (``sw.js``), and a server may send one
with ``Content-Encoding: gzip``.
"""

import io
import os
import zipfile
import zlib

_GZIP = b"\x1f\x8b"


def unpack(name: str) -> None:
    with open(name, "rb") as packed:
        data = packed.read()
    if data.startswith(_GZIP):
        data = zlib.decompress(data, wbits=31)
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        archive.extractall()
    os.remove(name)
