"""Helpers for the offline tests: wait for the service worker, ask its version,
and serve a copy of the site that a test may take down or redeploy."""

from __future__ import annotations

import shutil
import threading
from http.server import ThreadingHTTPServer
from pathlib import Path

from playwright.sync_api import Page

from scripts import precache, serve

# Precaching 15 MB while Pyodide starts, on a slow shared machine.
SW_TIMEOUT_MS = 120_000


def wait_until_offline_ready(page: Page) -> str:
    """Wait until the page is controlled by an active service worker whose cache
    holds every file; return that worker's version."""
    page.wait_for_function(
        "() => navigator.serviceWorker.controller !== null", timeout=SW_TIMEOUT_MS
    )
    return worker_version(page)


def worker_version(page: Page) -> str:
    version = page.evaluate(
        """() => new Promise((resolve, reject) => {
               const channel = new MessageChannel();
               channel.port1.onmessage = (event) => resolve(event.data.version);
               navigator.serviceWorker.controller.postMessage(
                   {type: "GET_VERSION"}, [channel.port2]);
               setTimeout(() => reject(new Error("the service worker did not answer")), 10000);
           })"""
    )
    return str(version)


def cache_names(page: Page) -> list[str]:
    return [str(name) for name in page.evaluate("() => caches.keys()")]


class Deployment:
    """A copy of the built site, served under a sub-path on a fixed port, that can
    be taken offline, brought back, and changed like a new deploy."""

    def __init__(self, built: Path, folder: Path, prefix: str) -> None:
        self.root = folder / "site"
        shutil.copytree(built, self.root)
        self.prefix = prefix
        self.server: ThreadingHTTPServer | None = None
        self.port = 0
        self.url = ""
        self.up()

    def up(self) -> None:
        if self.server is not None:
            return
        self.server = serve.make_server(self.root, port=self.port, prefix=self.prefix, quiet=True)
        self.port = self.server.server_address[1]
        self.url = serve.url_of(self.server, self.prefix)
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def down(self) -> None:
        """Stop answering at all, as with the network off."""
        if self.server is not None:
            self.server.shutdown()
            self.server.server_close()
            self.server = None

    def redeploy(self, rel: str, extra: str) -> str:
        """Append ``extra`` to one file and rehash, as a new build would; returns
        the new version."""
        path = self.root / rel
        path.write_text(path.read_text(encoding="utf-8") + extra, encoding="utf-8")
        return precache.write(self.root)["version"]

    def version(self) -> str:
        return precache.make_manifest(
            self.root, (self.root / precache.SERVICE_WORKER).read_text(encoding="utf-8")
        )["version"]
