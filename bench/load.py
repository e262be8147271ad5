"""Load performance of the site in headless Chromium, against PyScript's floor.

    .venv/bin/python -m bench.load [--runs 3] [--no-build] [--before SITE]

Serves the published build (``build/site/``, as ``make build`` makes it, with no
test hooks) under /backgammon/ (as GitHub Pages would: gzip for text
and WebAssembly, ``Cache-Control: max-age=600``, ETags) next to a bare PyScript
"hello world" page (``bench/hello/``, at /hello/) that uses the same vendored
Pyodide and starts a worker the way the game starts its AI, and next to the
same hello page with the game's head preloads (at /hello-preload/: the build's
``modulepreload`` / ``preload as=fetch`` tags copied from the built game page,
less those for files the hello page does not have, i.e. the game's own
archive).  The bare page is the issue's reference; the preloaded one answers
whether the game is near the floor of the stack or only ahead of a naive page.
In the same run, interleaved, it loads each page cold (a fresh browser profile)
and warm (the same profile again: the game from its service worker, the hello
pages from the HTTP cache), and reports, as times from navigation and as ratios
against both hello pages:

- *first paint*: the first contentful paint (the game's board is in its HTML);
- *interactive*: the board is drawn by Python and takes input
  (``#board[data-ready="true"]``; the hello pages: ``body[data-ready="true"]``);
- *AI ready*: the AI worker has loaded and answered
  (``#board[data-ai="ready"]``; the hello pages: their worker answered hello).

Then the bytes of the first load: what the server sent (compressed as it was
sent, every request, workers' and the service worker's included), Chromium's
encoded sizes for the page's own requests, and each file's raw, gzip and
brotli size.  Last, main-thread long tasks (PerformanceObserver "longtask")
while the AI thinks and while a checker is dragged, in a game against the AI
played through the page (``scripts.page_driver``) with whatever dice the
published page rolls: it cannot be seeded, so the positions sampled differ
from run to run.

With ``--before SITE`` (another build's ``build/site/``, an earlier commit's
say), that game is served too, at /before/, and loaded in the same runs,
interleaved with the others: its times and first-visit bytes are printed
beside this build's, with the per-run ratio now / before.

Timings on a shared machine are noisy: medians over ``--runs``.  This is a
benchmark, not a test; it prints its table and writes ``build/bench/load.json``.
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import itertools
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import threading
import time
from collections import defaultdict
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from email.utils import formatdate
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, BrowserContext, Page, sync_playwright

from scripts import build_site, precache
from scripts.page_driver import drag as drag_checker
from scripts.page_driver import movable, new_game, peek_targets, wait_for_player, wait_idle
from scripts.serve import MIME_TYPES

ROOT = Path(__file__).resolve().parent.parent

BENCH = ROOT / "build" / "bench"
HELLO_SRC = ROOT / "bench" / "hello"
GAME_PATH = "/backgammon/"
HELLO_PATH = "/hello/"
PRELOADED_PATH = "/hello-preload/"
BEFORE_PATH = "/before/"  # another build of the game (--before), loaded like this one
# The three pages: the reference, the same with the game's preloads, the game.
PAGES = (("bare", HELLO_PATH), ("preloaded", PRELOADED_PATH), ("game", GAME_PATH))
TIMEOUT_MS = 180_000
# Long tasks longer than this fail the target.
LONG_TASK_LIMIT_MS = 100

# GitHub Pages compresses text and WebAssembly, not archives, images or binaries.
COMPRESSED_TYPES = ("text/", "application/javascript", "application/json", "application/wasm",
                    "application/manifest+json", "image/svg+xml")  # fmt: skip

CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]

# Installed before any page script: times (ms from navigation start) of the
# first contentful paint, of the ready attributes, and every long task.
PROBE = """
(() => {
  const bench = (window.__bench = { marks: {}, longtasks: [], checkersAtParse: null });
  const mark = (name) => { if (!(name in bench.marks)) bench.marks[name] = performance.now(); };
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if (e.name === "first-contentful-paint") {
      bench.marks.fcp = e.startTime;
    }
  }).observe({ type: "paint", buffered: true });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) bench.longtasks.push([e.startTime, e.duration]);
  }).observe({ type: "longtask", buffered: true });
  // What the page itself had received when it became interactive (its workers'
  // requests are not in its timeline): the page and every finished resource.
  const received = () => performance.getEntriesByType("navigation")
    .concat(performance.getEntriesByType("resource"))
    .reduce((sum, e) => sum + (e.transferSize || 0), 0);
  const look = () => {
    for (const el of [document.getElementById("board"), document.body]) {
      if (!el) continue;
      if (el.dataset.ready === "true" && !("interactive" in bench.marks)) {
        mark("interactive");
        bench.bytesBeforeInteractive = received();
      }
      if (el.dataset.ai === "ready") mark("ai");
    }
  };
  new MutationObserver(look).observe(document, {
    attributes: true, subtree: true, attributeFilter: ["data-ready", "data-ai"],
  });
  document.addEventListener("DOMContentLoaded", () => {
    bench.checkersAtParse = document.querySelectorAll("#board .checker").length;
    look();
  });
})();
"""


# -- a static host like GitHub Pages, that counts what it sends ---------------------


@dataclass
class Traffic:
    sent: dict[str, int] = field(default_factory=lambda: defaultdict(int))
    requests: dict[str, int] = field(default_factory=lambda: defaultdict(int))
    lock: threading.Lock = field(default_factory=threading.Lock)

    def add(self, path: str, size: int) -> None:
        with self.lock:
            self.sent[path] += size
            self.requests[path] += 1

    def take(self) -> tuple[dict[str, int], dict[str, int]]:
        with self.lock:
            sent, requests = dict(self.sent), dict(self.requests)
            self.sent.clear()
            self.requests.clear()
        return sent, requests


class PagesHandler(BaseHTTPRequestHandler):
    root: Path
    traffic: Traffic
    gz_cache: dict[Path, bytes] = {}  # noqa: RUF012 (shared on purpose: compress once)
    protocol_version = "HTTP/1.1"

    def do_GET(self) -> None:
        self._serve(body=True)

    def do_HEAD(self) -> None:
        self._serve(body=False)

    def _serve(self, *, body: bool) -> None:
        path = self.path.split("?", 1)[0].split("#", 1)[0]
        file = (self.root / path.lstrip("/")).resolve()
        if file.is_dir():
            if not path.endswith("/"):
                self._send(HTTPStatus.MOVED_PERMANENTLY, b"", {"Location": path + "/"}, body)
                return
            file = file / "index.html"
        if not file.is_file():
            self._send(HTTPStatus.NOT_FOUND, b"not found", {"Content-Type": "text/plain"}, body)
            return
        data = file.read_bytes()
        etag = '"' + hashlib.sha1(data).hexdigest()[:16] + '"'
        kind = content_type(file.name)
        headers = {
            "Content-Type": kind,
            "Cache-Control": "max-age=600",
            "ETag": etag,
            "Last-Modified": formatdate(file.stat().st_mtime, usegmt=True),
            "Vary": "Accept-Encoding",
        }
        if self.headers.get("If-None-Match") == etag:
            self._send(HTTPStatus.NOT_MODIFIED, b"", headers, body)
            return
        if compressed(file.name) and "gzip" in self.headers.get("Accept-Encoding", ""):
            if file not in self.gz_cache:
                self.gz_cache[file] = gzip.compress(data, compresslevel=6, mtime=0)
            data = self.gz_cache[file]
            headers["Content-Encoding"] = "gzip"
        self._send(HTTPStatus.OK, data, headers, body)

    def _send(self, status: int, data: bytes, headers: dict[str, str], body: bool) -> None:
        self.send_response(status)
        for name, value in headers.items():
            self.send_header(name, value)
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        if body and data:
            try:
                self.wfile.write(data)
            except ConnectionError:  # the browser gave up on it (a page closed mid-load)
                return
        # The service worker precaches with cache: "no-cache", which sends
        # "Cache-Control: max-age=0"; a first load's own requests send none.
        who = " (sw)" if "Cache-Control" in self.headers else ""
        self.traffic.add(self.path.split("?", 1)[0] + who, len(data) if body else 0)

    def log_message(self, format: str, *args: Any) -> None:
        pass


class QuietServer(ThreadingHTTPServer):
    def handle_error(self, request: Any, client_address: Any) -> None:
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)


@contextmanager
def pages_server(root: Path) -> Iterator[tuple[str, Traffic]]:
    traffic = Traffic()
    handler = type("Handler", (PagesHandler,), {"root": root, "traffic": traffic})
    server = QuietServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}", traffic
    finally:
        server.shutdown()
        server.server_close()


def assemble(site: Path, before: Path | None = None) -> Path:
    """``build/bench/``: the site at /backgammon/, the hello pages at /hello/ and
    /hello-preload/ (same runtime), and ``before`` (another build) at /before/."""
    if BENCH.exists():
        shutil.rmtree(BENCH)
    BENCH.mkdir(parents=True)
    shutil.copytree(site, BENCH / GAME_PATH.strip("/"))
    if before is not None:
        shutil.copytree(before, BENCH / BEFORE_PATH.strip("/"))
    hello_page(site, BENCH / HELLO_PATH.strip("/"), preloaded=False)
    hello_page(site, BENCH / PRELOADED_PATH.strip("/"), preloaded=True)
    return BENCH


def hello_page(site: Path, dest: Path, *, preloaded: bool) -> None:
    """``bench/hello/`` in ``dest`` with the built site's runtime and plugin settings;
    ``preloaded``: with the built game page's preload tags for the files it has too."""
    shutil.copytree(HELLO_SRC, dest)
    shutil.copytree(site / "vendor", dest / "vendor")
    game_config = json.loads((site / "pyscript.json").read_text())
    config = {"interpreter": game_config["interpreter"], "plugins": game_config["plugins"]}
    (dest / "pyscript.json").write_text(json.dumps(config, indent=2))
    (dest / "worker.json").write_text(json.dumps({**config, "sync_main_only": True}, indent=2))
    page = dest / "index.html"
    html = build_site._opt_out_for_mpy(page.read_text(encoding="utf-8"))
    if preloaded:
        links = preloads_for(dest, (site / "index.html").read_text(encoding="utf-8"))
        html = with_preloads(html, links)
    page.write_text(html, encoding="utf-8")


# The build's preload hints (scripts/build_site.py, ``_add_preloads``).
PRELOAD_LINK = re.compile(r'<link rel="(?:modulepreload|preload)" href="\./([^"]+)"[^>]*>')


def preloads_for(page_dir: Path, game_html: str) -> list[str]:
    """The built game page's preload tags whose files ``page_dir`` also has.

    Taken from the build's output rather than listed again here, so that the
    preloaded hello page follows whatever the build preloads.  A preload for a
    file the hello page never requests would only cost it bytes, so a file
    the hello page lacks (the game's archive) is left out.
    """
    head = game_html[: game_html.index("</head>")]
    return [m[0] for m in PRELOAD_LINK.finditer(head) if (page_dir / m[1]).is_file()]


def with_preloads(html: str, links: list[str]) -> str:
    """The page with ``links`` at the end of its head (as the game has them, after PyScript)."""
    if not links:
        raise ValueError("no preload tags found in the built game page")
    return html.replace("</head>", "".join(f"  {link}\n" for link in links) + "</head>", 1)


# -- one load ------------------------------------------------------------------------


@dataclass
class Load:
    page: str
    kind: str  # cold | warm
    fcp: float
    interactive: float
    ai: float | None
    checkers_at_parse: int | None
    bytes_before_interactive: int | None
    sent: dict[str, int]
    requests: dict[str, int]
    encoded: dict[str, int]
    phases: dict[str, float] = field(default_factory=dict)  # the game's backgammon:* marks


# The page's own performance marks (public/main.py, web/app.py), ms from navigation.
PHASES_JS = """() => Object.fromEntries(performance.getEntriesByType("mark")
  .filter((m) => m.name.startsWith("backgammon:"))
  .map((m) => [m.name.slice("backgammon:".length), m.startTime]))"""
PHASES = (
    ("main", "Pyodide and PyScript up, main.py running"),
    ("python", "the page's archive unpacked"),
    ("imported", "the page's modules imported"),
    ("booted", "settings, records and the match restored; the board drawn"),
    ("ready", "online, shared link, rollout ports: interactive"),
)


def measure(
    context: BrowserContext, url: str, traffic: Traffic, name: str, kind: str
) -> tuple[Load, Page]:
    page = context.new_page()
    cdp = context.new_cdp_session(page)
    cdp.send("Network.enable")
    urls: dict[str, str] = {}
    encoded: dict[str, int] = defaultdict(int)

    def received(event: dict[str, Any]) -> None:
        urls[event["requestId"]] = event["response"]["url"]

    def finished(event: dict[str, Any]) -> None:
        encoded[urls.get(event["requestId"], "?")] += int(event["encodedDataLength"])

    cdp.on("Network.responseReceived", received)
    cdp.on("Network.loadingFinished", finished)
    traffic.take()
    page.goto(url)
    page.wait_for_function("() => window.__bench && 'interactive' in window.__bench.marks",
                           timeout=TIMEOUT_MS)  # fmt: skip
    ai_ok = True
    try:
        page.wait_for_function("() => 'ai' in window.__bench.marks", timeout=TIMEOUT_MS)
    except Exception:
        ai_ok = False
    bench = page.evaluate("() => window.__bench")
    marks = bench["marks"]
    phases = page.evaluate(PHASES_JS)
    sent, requests = traffic.take()
    load = Load(
        page=name,
        kind=kind,
        fcp=marks.get("fcp", float("nan")),
        interactive=marks["interactive"],
        ai=marks.get("ai") if ai_ok else None,
        checkers_at_parse=bench["checkersAtParse"],
        bytes_before_interactive=bench.get("bytesBeforeInteractive"),
        sent=sent,
        requests=requests,
        encoded=dict(encoded),
        phases={str(k): float(v) for k, v in phases.items()},
    )
    return load, page


def wait_for_service_worker(page: Page) -> None:
    page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=TIMEOUT_MS)
    # Activated means precached: the claim comes after the install finished.
    page.wait_for_function(
        "async () => (await navigator.serviceWorker.getRegistration())?.active?.state"
        " === 'activated'",
        timeout=TIMEOUT_MS,
    )


def run_once(
    browser: Browser,
    base: str,
    traffic: Traffic,
    *,
    run: int,
    pages: tuple[tuple[str, str], ...] = PAGES,
) -> list[Load]:
    # Every order of the pages, one per run in turn: a machine that slows down or
    # speeds up during a run favours no page (balanced over multiples of 3! or 4! runs).
    orders = list(itertools.permutations(pages))
    loads = []
    for name, path in orders[run % len(orders)]:
        context = browser.new_context(viewport={"width": 1280, "height": 800})
        context.add_init_script(PROBE)
        try:
            cold, page = measure(context, base + path, traffic, name, "cold")
            if name in ("game", "before"):
                wait_for_service_worker(page)
                # The rest of the service worker's precaching belongs to the first load.
                sent, requests = traffic.take()
                for path_, size in sent.items():
                    cold.sent[path_] = cold.sent.get(path_, 0) + size
                    cold.requests[path_] = cold.requests.get(path_, 0) + requests[path_]
            time.sleep(1.0)  # let the first page settle before the warm load
            page.close()
            warm, page = measure(context, base + path, traffic, name, "warm")
            page.close()
            loads += [cold, warm]
        finally:
            context.close()
    return loads


# -- long tasks ----------------------------------------------------------------------


def long_tasks(browser: Browser, base: str, turns: int) -> dict[str, list[float]]:
    """Main-thread long tasks (ms) while dragging checkers and while the AI thinks."""
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    context.add_init_script(PROBE)
    seen: dict[str, list[float]] = {"drag": [], "ai": [], "drags": [], "ai turns": []}
    try:
        page = context.new_page()
        page.goto(base + GAME_PATH)
        page.wait_for_selector('#board[data-ready="true"]', timeout=TIMEOUT_MS)
        page.wait_for_selector('#board[data-ai="ready"]', timeout=TIMEOUT_MS)
        new_game(page, "hard", 0)
        for _ in range(60):
            if len(seen["ai turns"]) >= turns:
                break
            state = wait_for_player(page)
            if state["phase"] == "over":
                break
            if state["dialog"] == "cube":
                page.click("dialog [data-action='take']")
            elif state["dialog"]:
                page.click("dialog [data-action='accept'], dialog [data-action='close']")
            elif state["phase"] in ("opening", "roll"):
                page.click("#controls [data-action='roll']")
            elif state["phase"] == "move":
                for _ in range(4):
                    sources = movable(page)
                    if not sources:
                        break
                    src = max(sources)
                    dests = [d for d in peek_targets(page, src) if d != 0]
                    if not dests:
                        break
                    before = _board(page)
                    start = _now(page)
                    drag_checker(page, src, min(dests))
                    wait_idle(page)
                    seen["drag"] += _tasks_since(page, start)
                    if _board(page) != before:
                        seen["drags"].append(1)
                confirm = page.locator("#controls [data-action='confirm']")
                if not (confirm.is_visible() and confirm.is_enabled()):
                    break  # a play the drags could not finish (e.g. bearing off)
                start = _now(page)
                confirm.click()
                wait_for_player(page)
                seen["ai"] += _tasks_since(page, start)
                seen["ai turns"].append(1)
    finally:
        context.close()
    return seen


def _board(page: Page) -> str:
    return str(page.evaluate("() => document.querySelector('#board svg').outerHTML"))


def _now(page: Page) -> float:
    return float(page.evaluate("() => performance.now()"))


def _tasks_since(page: Page, start: float) -> list[float]:
    tasks = page.evaluate("() => window.__bench.longtasks")
    return [float(duration) for begin, duration in tasks if begin + duration >= start]


# -- file sizes ----------------------------------------------------------------------


def content_type(path: str) -> str:
    return MIME_TYPES.get(Path(path).suffix, "application/octet-stream")


def compressed(path: str) -> bool:
    """Whether the server (as GitHub Pages) sends the file gzipped."""
    return content_type(path).startswith(COMPRESSED_TYPES)


def first_visit_files(site: Path) -> list[str]:
    """What a first visit downloads: every file the service worker precaches, and itself."""
    return [*precache.precached_files(site), "sw.js"]


def sent_bytes(site: Path) -> dict[str, int]:
    """What the server sends of each file of a first visit: gzip (level 6) for
    the types GitHub Pages compresses, the rest (archives, images) as it is."""
    return {rel: size["sent"] for rel, size in _sizes(site).items()}


def _sizes(site: Path) -> dict[str, dict[str, int]]:
    sizes = {}
    for rel in first_visit_files(site):
        data = (site / rel).read_bytes()
        gzipped = len(gzip.compress(data, 6, mtime=0))
        sent = gzipped if compressed(rel) else len(data)
        sizes[rel] = {"raw": len(data), "gzip": gzipped, "sent": sent}
    return sizes


def file_sizes(site: Path) -> dict[str, dict[str, int]]:
    """Raw, gzip (level 6, as a CDN would), brotli (level 11) and sent size of
    each precached file."""
    files = first_visit_files(site)
    sizes = _sizes(site)
    for rel, size in _brotli_sizes(site, files).items():
        sizes[rel]["brotli"] = size
    return sizes


def _brotli_sizes(site: Path, files: list[str]) -> dict[str, int]:
    """Brotli sizes from Node's zlib (Python's standard library has no brotli)."""
    script = (
        "const z=require('zlib'),fs=require('fs');const out={};"
        "for(const f of JSON.parse(fs.readFileSync(0))){out[f]=z.brotliCompressSync("
        "fs.readFileSync(f),{params:{[z.constants.BROTLI_PARAM_QUALITY]:11}}).length}"
        "console.log(JSON.stringify(out))"
    )
    try:
        done = subprocess.run(
            ["node", "-e", script],
            input=json.dumps(files),
            cwd=site,
            capture_output=True,
            text=True,
            check=True,
        )
    except (OSError, subprocess.CalledProcessError):
        return {}
    sizes: dict[str, int] = json.loads(done.stdout)
    return sizes


# -- report --------------------------------------------------------------------------


def median(values: list[float]) -> float:
    return statistics.median(values) if values else float("nan")


def report(
    loads: list[Load],
    sizes: dict[str, dict[str, int]],
    tasks: dict[str, list[float]] | None,
) -> dict[str, Any]:
    def pick(name: str, kind: str, metric: str) -> float:
        values = [getattr(x, metric) for x in loads if x.page == name and x.kind == kind]
        return median([v for v in values if v is not None])

    table: dict[str, Any] = {}
    lines = [
        "",
        "Load times (median ms from navigation; ratio = game / bare PyScript page, the issue's",
        "figure; vs preloaded = game / the same hello page with the game's head preloads)",
        "",
        f"{'':24s}{'bare':>9s}{'preload':>9s}{'game':>9s}{'ratio':>8s}{'vs pre':>8s}  target",
    ]
    # The target: interactive within 1.1x of the bare page, cold and warm.
    targets = {("interactive", "cold"): 1.1, ("interactive", "warm"): 1.1}
    for kind in ("cold", "warm"):
        for metric, label in (("fcp", "first paint"), ("interactive", "interactive"),
                              ("ai", "AI ready")):  # fmt: skip
            bare, game = pick("bare", kind, metric), pick("game", kind, metric)
            preloaded = pick("preloaded", kind, metric)
            ratio = game / bare if bare else float("nan")
            ratio_preloaded = game / preloaded if preloaded else float("nan")
            target = targets.get((metric, kind))
            verdict = (
                "" if target is None else f"≤ {target}  " + ("ok" if ratio <= target else "MISSED")
            )
            lines.append(
                f"{kind + ' ' + label:24s}{bare:9.0f}{preloaded:9.0f}{game:9.0f}"
                f"{ratio:7.2f}×{ratio_preloaded:7.2f}×  {verdict}"
            )
            table[f"{kind} {metric}"] = {
                "bare_ms": bare,
                "preloaded_ms": preloaded,
                "game_ms": game,
                "ratio": ratio,
                "ratio_preloaded": ratio_preloaded,
            }
    # Each run loads every page once cold and once warm, one after another, so a
    # run's own ratio compares loads made under the same load on the machine.
    lines += ["", "Per run (game / bare page, loads of one run side by side):"]
    for kind in ("cold", "warm"):
        bares = [x.interactive for x in loads if x.page == "bare" and x.kind == kind]
        games = [x.interactive for x in loads if x.page == "game" and x.kind == kind]
        ratios = sorted(g / b for g, b in zip(games, bares, strict=True))
        quartiles = statistics.quantiles(ratios, n=4) if len(ratios) > 1 else ratios * 3
        within = sum(r <= targets[("interactive", kind)] for r in ratios)
        lines.append(
            f"  {kind:5s} interactive: median {median(ratios):.2f}×, quartiles "
            f"{quartiles[0]:.2f}–{quartiles[2]:.2f}×, {within} of {len(ratios)} runs "
            f"≤ {targets[('interactive', kind)]}×"
        )
        table[f"{kind} interactive per-run ratios"] = ratios
    lines += ["", "Where the game's time to interactive goes (median ms, and each step):"]
    for kind in ("cold", "warm"):
        runs = [x for x in loads if x.page == "game" and x.kind == kind]
        previous = 0.0
        for key, words in PHASES:
            at = median([x.phases[key] for x in runs if key in x.phases])
            lines.append(f"  {kind:5s}{key:>10s}{at:8.0f}  +{at - previous:5.0f}  {words}")
            table[f"{kind} phase {key}"] = at
            previous = at
    game_loads = [x for x in loads if x.page == "game"]
    static = all(x.checkers_at_parse == 30 and x.fcp < x.interactive for x in game_loads)
    lines.append("")
    lines.append(
        "static first paint: the board (30 checkers) is in the HTML and painted before Python "
        f"is ready in every load: {'yes' if static else 'NO'}"
    )
    table["static_first_paint"] = static
    before = {
        name: median(
            [float(x.bytes_before_interactive) for x in loads
             if x.page == name and x.kind == "cold" and x.bytes_before_interactive is not None]
        )
        for name in ("bare", "game")
    }  # fmt: skip
    lines.append(
        f"received by the page before it was interactive (cold, median; the page's own "
        f"requests): game {before['game'] / 1e6:.2f} MB, bare page {before['bare'] / 1e6:.2f} MB"
    )
    table["bytes_before_interactive"] = before
    # A preload that does not match the real request (mode, credentials) makes
    # the browser fetch the file twice, which would slow the reference page.
    twice = sorted(
        {
            path.removeprefix(PRELOADED_PATH)
            for x in loads
            if x.page == "preloaded" and x.kind == "cold"
            for path, count in x.requests.items()
            if count > 1
        }
    )
    lines.append(
        "preloaded hello page: every file requested once in every cold load: "
        + ("yes" if not twice else "NO: " + ", ".join(twice))
    )
    table["preloaded_requested_twice"] = twice

    # The last cold load of the game: what the server sent for the page and its
    # AI worker, and for the service worker's precaching (told apart by its
    # "Cache-Control: no-cache" revalidations).
    first = [x for x in game_loads if x.kind == "cold"][-1]
    files: dict[str, dict[str, int]] = defaultdict(lambda: {"page": 0, "sw": 0, "requests": 0})
    for path, size in first.sent.items():
        who = "sw" if path.endswith(" (sw)") else "page"
        rel = path.removesuffix(" (sw)").removeprefix(GAME_PATH) or "index.html"
        files[rel][who] += size
        files[rel]["requests"] += first.requests[path]
    page_total = sum(f["page"] for f in files.values())
    sw_total = sum(f["sw"] for f in files.values())
    total = page_total + sw_total
    encoded = sum(first.encoded.values())
    lines += [
        "",
        f"First load: {total / 1e6:.2f} MB sent by the server (gzip, as GitHub Pages), "
        f"{sum(f['requests'] for f in files.values())} requests: "
        f"{page_total / 1e6:.2f} MB for the page and its AI worker, "
        f"{sw_total / 1e3:.0f} kB for the service worker's precache (files the page did "
        f"not load; the rest were 304s). Chromium's encoded sizes of the page's own "
        f"requests: {encoded / 1e6:.2f} MB.",
        "",
        f"{'file':42s}{'page':>9s}{'sw':>9s}{'share':>7s}{'raw':>9s}{'gzip':>9s}{'brotli':>9s}",
    ]
    rows = sorted(files.items(), key=lambda item: -(item[1]["page"] + item[1]["sw"]))
    for rel, f in rows:
        z = sizes.get(rel, {})
        lines.append(
            f"{rel[:42]:42s}{f['page'] / 1e3:8.1f}k{f['sw'] / 1e3:8.1f}k"
            f"{100 * (f['page'] + f['sw']) / total:6.1f}%"
            f"{z.get('raw', 0) / 1e3:8.1f}k{z.get('gzip', 0) / 1e3:8.1f}k"
            f"{z.get('brotli', 0) / 1e3:8.1f}k"
        )
    all_raw = sum(z["raw"] for z in sizes.values())
    all_gzip = sum(z["gzip"] for z in sizes.values())
    all_brotli = sum(z.get("brotli", 0) for z in sizes.values())
    all_sent = sum(z["sent"] for z in sizes.values())
    lines.append(
        f"{'a first visit: every precached file, sw.js':42s}{'':9s}{'':9s}{'':7s}"
        f"{all_raw / 1e3:8.1f}k"
        f"{all_gzip / 1e3:8.1f}k{all_brotli / 1e3:8.1f}k"
    )
    lines.append(
        f"A first visit as the server sends it (gzip for text and WebAssembly, archives "
        f"and images as they are): {all_sent / 1e3:.1f} kB (issue 16's goal: <= 5000 kB)."
    )
    table["first_load"] = {
        "bytes_sent": total,
        "page_bytes": page_total,
        "service_worker_bytes": sw_total,
        "cdp_encoded_bytes": encoded,
        "files": {rel: {**f, **sizes.get(rel, {})} for rel, f in rows},
    }
    table["site_files"] = {"raw": all_raw, "gzip": all_gzip, "brotli": all_brotli, "sent": all_sent}

    lines.append("")
    if tasks is None:
        lines.append("Long tasks: not measured (--no-long-tasks).")
    elif not tasks["ai turns"] and not tasks["drags"]:
        lines.append("Long tasks: not measured: no game could be played through the page.")
    else:
        for what, label in (("ai", "while the AI thinks"), ("drag", "while dragging")):
            worst = max(tasks[what], default=0.0)
            count = len(tasks["ai turns"] if what == "ai" else tasks["drags"])
            ok = "ok" if worst <= LONG_TASK_LIMIT_MS else "MISSED"
            lines.append(
                f"Longest main-thread task {label} ({count} samples): {worst:.0f} ms "
                f"(limit {LONG_TASK_LIMIT_MS} ms: {ok}); tasks over 50 ms: {len(tasks[what])}"
            )
            table[f"longest_task_{what}_ms"] = worst
    print("\n".join(lines))
    return table


def against_before(
    loads: list[Load], now_sent: dict[str, int], before_sent: dict[str, int]
) -> dict[str, Any]:
    """This build beside the one given by ``--before``: medians of each, and the
    median of each run's own ratio (loads of one run made under the same load
    on the machine), with a first visit's bytes as the server sends them."""

    def times(name: str, kind: str, metric: str) -> list[float]:
        return [getattr(x, metric) for x in loads if x.page == name and x.kind == kind]

    lines = [
        "",
        "This build beside the one before (--before): median ms, and the median of each",
        "run's ratio now / before",
        "",
        f"{'':24s}{'before':>9s}{'now':>9s}{'ratio':>8s}",
    ]
    table: dict[str, Any] = {}
    for kind in ("cold", "warm"):
        for metric, label in (("fcp", "first paint"), ("interactive", "interactive"),
                              ("ai", "AI ready")):  # fmt: skip
            now, was = times("game", kind, metric), times("before", kind, metric)
            ratios = [n / b for n, b in zip(now, was, strict=True) if n and b]
            lines.append(
                f"{kind + ' ' + label:24s}{median(was):9.0f}{median(now):9.0f}"
                f"{median(ratios):7.2f}×"
            )
            table[f"{kind} {metric}"] = {
                "before_ms": median(was),
                "now_ms": median(now),
                "ratio": median(ratios),
            }
    was_bytes, now_bytes = sum(before_sent.values()), sum(now_sent.values())
    lines.append(
        f"a first visit as the server sends it: before {was_bytes / 1e3:.1f} kB, "
        f"now {now_bytes / 1e3:.1f} kB ({(now_bytes - was_bytes) / 1e3:+.1f} kB)"
    )
    table["first_visit_bytes"] = {"before": was_bytes, "now": now_bytes}
    print("\n".join(lines))
    return table


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Load benchmark against bare PyScript pages.")
    parser.add_argument("--runs", type=int, default=5, help="cold+warm loads of each page")
    parser.add_argument("--no-build", action="store_true", help="use build/site as it is")
    parser.add_argument("--no-long-tasks", action="store_true")
    parser.add_argument("--turns", type=int, default=3, help="AI turns for the long tasks")
    parser.add_argument(
        "--before", type=Path, help="another build's site directory, loaded side by side"
    )
    args = parser.parse_args(argv)

    site = build_site.DEFAULT_OUT if args.no_build else build_site.build()
    root = assemble(site, args.before)
    pages = PAGES + ((("before", BEFORE_PATH),) if args.before is not None else ())
    chromium = os.environ.get("CHROMIUM", "/usr/bin/chromium")
    loads: list[Load] = []
    tasks = None
    with pages_server(root) as (base, traffic), sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium, args=CHROMIUM_ARGS)
        try:
            for run in range(args.runs):
                print(f"run {run + 1}/{args.runs}…", file=sys.stderr, flush=True)
                loads += run_once(browser, base, traffic, run=run, pages=pages)
            if not args.no_long_tasks:
                print("long tasks…", file=sys.stderr, flush=True)
                tasks = long_tasks(browser, base, args.turns)
        finally:
            browser.close()
    table = report(loads, file_sizes(site), tasks)
    if args.before is not None:
        table["before"] = against_before(loads, sent_bytes(site), sent_bytes(args.before))
    table["runs"] = [
        {k: v for k, v in vars(x).items() if k not in ("sent", "requests", "encoded")}
        for x in loads
    ]
    (BENCH / "load.json").write_text(json.dumps(table, indent=2) + "\n")
    print(f"\nwrote {BENCH / 'load.json'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
