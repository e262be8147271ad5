"""Online play's protocol, fetched the first time a player needs it.

The page's start carries only online play's own part of the page (its state,
intents and wiring); the protocol (the peer, the referee, the messages, the
transport: most of ``web/online/``) ships in an archive of its own that the
service worker does not precache, like Trystero: a first visit does not
download it, and a player who never plays online never does.  An online game
needs the network anyway.  Under CPython (the tests, the command line) the
modules are already there and nothing is fetched.
"""

from __future__ import annotations

import importlib.util
import sys

ARCHIVE = "python/online.zip.gz"  # beside index.html, as the build writes it
PROBE = "web.online.peer"  # a module of the archive: there once it is unpacked


def loaded() -> bool:
    """Whether the protocol's modules can be imported now."""
    return importlib.util.find_spec(PROBE) is not None


async def load() -> None:
    """Fetch and unpack the protocol's archive, unless its modules are there
    already.  Raises ``OSError`` if it cannot be fetched."""
    if loaded():
        return
    from pyodide.http import pyfetch  # in the browser only
    from unpack import unpack  # the site's unpacker, beside the entry point

    response = await pyfetch(f"./{ARCHIVE}")
    if not response.ok:
        raise OSError(f"online play could not be loaded ({response.status})")
    name = ARCHIVE.rsplit("/", 1)[-1]
    with open(name, "wb") as file:
        file.write(await response.bytes())
    unpack(name)
    # The path finders cache each folder's listing: make them look again.  (Not
    # importlib.invalidate_caches(), which needs importlib.metadata, a module
    # the site's trimmed standard library leaves out.)
    for finder in list(sys.path_importer_cache.values()):
        if finder is not None and hasattr(finder, "invalidate_caches"):
            finder.invalidate_caches()
