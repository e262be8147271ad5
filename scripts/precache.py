"""Write the service worker's precache manifest into a built site.

Every file the site serves (but online play's signalling, :data:`ON_DEMAND`)
is listed with its SHA-256, and the list is written
into ``sw.js`` itself (between its ``/* @precache */`` and ``/* @end */``
markers) and into ``precache.json``.  Putting it in ``sw.js`` matters: browsers
look for a new service worker by comparing the script's bytes, so any change to
any file makes a new version that installs beside the old one.

The version is a hash of the file list and the service worker's own code, so an
unchanged build keeps its version (and its users keep their cache), and a new
version's service worker can reuse every file whose hash it already holds.

Run from the repository root: ``python -m scripts.precache [SITE]`` (the build
runs it as its last step).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import re
import sys
from pathlib import Path
from typing import TypedDict

DEFAULT_SITE = Path(__file__).resolve().parent.parent / "build" / "site"
SERVICE_WORKER = "sw.js"
MANIFEST_FILE = "precache.json"
# Not precached: the service worker (the browser fetches it itself to look for
# updates), the manifest (written into sw.js), and GitHub Pages' marker.
NOT_PRECACHED = frozenset({SERVICE_WORKER, MANIFEST_FILE, ".nojekyll"})
# Served but not precached, so a first visit does not download them: online
# play's signalling (Trystero and its glue, 63 kB gzipped) and its protocol's
# Python (python/online.zip.gz), which the page loads only when a player
# starts an online game; that needs the network anyway, and the service worker
# passes these requests to it.
ON_DEMAND = ("online-transport.js", "vendor/trystero/", "python/online.zip.gz")

_MARKED = re.compile(r"/\* @precache \*/.*?/\* @end \*/", re.DOTALL)


class Manifest(TypedDict):
    version: str
    files: dict[str, str]


class PrecacheError(RuntimeError):
    pass


def served_files(site: Path) -> list[str]:
    """Every file ``site`` serves, as site-relative paths."""
    return sorted(
        rel
        for rel in (p.relative_to(site).as_posix() for p in site.rglob("*") if p.is_file())
        if not any(part.startswith(".") for part in rel.split("/"))
    )


def precached_files(site: Path) -> list[str]:
    """Every file served from ``site`` that the game may need offline, as
    site-relative paths: all but :data:`NOT_PRECACHED` and :data:`ON_DEMAND`."""
    return [
        rel
        for rel in served_files(site)
        if rel not in NOT_PRECACHED and not rel.startswith(ON_DEMAND)
    ]


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def make_manifest(site: Path, worker_code: str) -> Manifest:
    files = {rel: sha256(site / rel) for rel in precached_files(site)}
    if "index.html" not in files:
        raise PrecacheError(f"{site} has no index.html")
    digest = hashlib.sha256(_MARKED.sub("", worker_code).encode())
    for rel, file_hash in files.items():
        digest.update(f"\n{rel} {file_hash}".encode())
    # A change to a file fetched on demand makes a new version too, so that
    # players are offered the page that goes with it.
    for rel in served_files(site):
        if rel.startswith(ON_DEMAND):
            digest.update(f"\n{rel} {sha256(site / rel)} on demand".encode())
    return {"version": digest.hexdigest()[:16], "files": files}


def inject(worker_code: str, manifest: Manifest) -> str:
    """``worker_code`` with the manifest between its markers (which are kept)."""
    if len(_MARKED.findall(worker_code)) != 1:
        raise PrecacheError(f"{SERVICE_WORKER} needs exactly one /* @precache */ … /* @end */")
    literal = json.dumps(manifest, indent=2, sort_keys=True)
    return _MARKED.sub(lambda _: f"/* @precache */ {literal} /* @end */", worker_code)


def write(site: Path) -> Manifest:
    """Hash ``site``'s files into its ``sw.js`` and ``precache.json``; return the manifest."""
    worker = site / SERVICE_WORKER
    if not worker.is_file():
        raise PrecacheError(f"{worker} is missing (public/{SERVICE_WORKER} is copied by the build)")
    code = worker.read_text(encoding="utf-8")
    manifest = make_manifest(site, code)
    worker.write_text(inject(code, manifest), encoding="utf-8")
    (site / MANIFEST_FILE).write_text(
        json.dumps(manifest, indent=2, sort_keys=True) + "\n", encoding="utf-8"
    )
    return manifest


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Write the precache manifest into a built site.")
    parser.add_argument("site", type=Path, nargs="?", default=DEFAULT_SITE)
    args = parser.parse_args(argv)
    try:
        manifest = write(args.site)
    except PrecacheError as error:
        print(f"precache: {error}", file=sys.stderr)
        return 1
    print(f"precache: version {manifest['version']}, {len(manifest['files'])} files")
    return 0


if __name__ == "__main__":
    sys.exit(main())
