"""Serve the built site on localhost, the way a static host (GitHub Pages) would.

``python -m scripts.serve [--port 8000] [--prefix /]`` serves ``build/site/``.
With ``--prefix /backgammon/`` the site lives under that sub-path only, which
proves that every URL in it is relative.  The e2e tests use :func:`start`.
"""

from __future__ import annotations

import argparse
import errno
import sys
import threading
from collections.abc import Mapping
from functools import partial
from http import HTTPStatus
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

from scripts.build_site import DEFAULT_OUT

# Set explicitly: the system's mime.types may not know these, and browsers
# refuse ES modules served with a non-JavaScript type.
MIME_TYPES: Mapping[str, str] = {
    ".html": "text/html; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".mjs": "text/javascript; charset=utf-8",
    ".json": "application/json",
    ".wasm": "application/wasm",
    ".zip": "application/zip",
    ".py": "text/x-python; charset=utf-8",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".ico": "image/x-icon",
    ".webmanifest": "application/manifest+json",
    ".bin": "application/octet-stream",
}


class SiteHandler(SimpleHTTPRequestHandler):
    """Static files under a URL prefix; anything outside it is a 404."""

    extensions_map = dict(MIME_TYPES)  # noqa: RUF012 (the base class declares it mutable)

    def __init__(self, *args: Any, prefix: str, quiet: bool, **kwargs: Any) -> None:
        self.prefix = prefix
        self.quiet = quiet
        super().__init__(*args, **kwargs)

    def send_head(self) -> Any:
        path = self.path.split("?", 1)[0].split("#", 1)[0]
        if path == self.prefix.rstrip("/") or (path == "/" and self.prefix != "/"):
            self.send_response(HTTPStatus.MOVED_PERMANENTLY)
            self.send_header("Location", self.prefix)
            self.send_header("Content-Length", "0")
            self.end_headers()
            return None
        if not path.startswith(self.prefix):
            self.send_error(HTTPStatus.NOT_FOUND, "outside the site")
            return None
        self.path = "/" + self.path[len(self.prefix) :]
        return super().send_head()

    def end_headers(self) -> None:
        # Always revalidate, so a rebuilt site shows up on reload.
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def log_message(self, format: str, *args: Any) -> None:
        if not self.quiet:
            super().log_message(format, *args)


def normalise_prefix(prefix: str) -> str:
    """``backgammon`` -> ``/backgammon/``; ``/`` stays ``/``."""
    inner = prefix.strip("/")
    return f"/{inner}/" if inner else "/"


def make_server(
    root: Path, *, host: str = "127.0.0.1", port: int = 0, prefix: str = "/", quiet: bool = False
) -> ThreadingHTTPServer:
    handler = partial(
        SiteHandler, directory=str(root), prefix=normalise_prefix(prefix), quiet=quiet
    )
    return ThreadingHTTPServer((host, port), handler)


def url_of(server: ThreadingHTTPServer, prefix: str = "/") -> str:
    host, port = server.server_address[:2]
    return f"http://{host!s}:{port}{normalise_prefix(prefix)}"


def start(root: Path, *, prefix: str = "/") -> tuple[ThreadingHTTPServer, str]:
    """Serve ``root`` on a free localhost port in a daemon thread; returns the site URL."""
    server = make_server(root, prefix=prefix, quiet=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, url_of(server, prefix)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Serve the built site on localhost.")
    parser.add_argument("--root", type=Path, default=DEFAULT_OUT)
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8000, help="0 picks a free port")
    parser.add_argument("--prefix", default="/", help="serve under this sub-path")
    args = parser.parse_args(argv)
    if not (args.root / "index.html").is_file():
        print(f"serve: {args.root} has no index.html; build it first", file=sys.stderr)
        return 1
    try:
        server = make_server(args.root, host=args.host, port=args.port, prefix=args.prefix)
    except OSError as error:
        if error.errno != errno.EADDRINUSE:
            raise
        print(f"serve: port {args.port} is busy, using a free one", file=sys.stderr)
        server = make_server(args.root, host=args.host, port=0, prefix=args.prefix)
    print(f"Serving {args.root}\n\n    Open {url_of(server, args.prefix)}\n", flush=True)
    print("Press Ctrl+C to stop.", flush=True)
    with server:
        try:
            server.serve_forever()
        except KeyboardInterrupt:
            print("\nStopped.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
