/* Loading progress, shown over the pre-drawn board until Python has drawn it.
 *
 * A first visit downloads about 5 MB before the board takes input (Pyodide's
 * WebAssembly alone is 3.5 MB), then starts the interpreter and the game.  This
 * says which, and how far: "Downloading Python: 1.2 of 5.0 MB", "Starting
 * Python…", "Starting the game…", then "Loading the AI…" until the AI's worker
 * has answered.  A return visit, which the service worker serves from its
 * cache, downloads nothing and starts at "Starting Python…".
 *
 * How far: the build writes below (between the markers) each file of Pyodide
 * and PyScript that the page needs before Python runs, with its size and its
 * gzip size (what GitHub Pages sends).  (Not the game's own archive: it differs
 * between the published and the test build, and this file should not.)  A file counts whole once the browser reports it loaded
 * (PerformanceObserver, "resource" entries); the big ones count as their
 * bytes arrive, by reading a copy of the responses Pyodide's fetch() calls get
 * (the same request, so preloads still match).  The phases follow PyScript's "py:progress" events and the board's
 * data-ready / data-ai attributes.
 *
 * It runs before PyScript (a deferred classic script ahead of PyScript's
 * module), touches nothing Python draws, and fails quietly: progress is a
 * courtesy, never a reason for the game not to start.
 */
(() => {
  "use strict";

  // site path -> [bytes, gzip bytes]; written by scripts/build_site.py.
  const FILES = /* @files */ {} /* @end */;
  // Responses larger than this are counted as they stream in.
  const STREAM_FROM = 100000;
  // The live region is told at most this often (screen readers read each change).
  const ANNOUNCE_MS = 1000;

  const paths = Object.keys(FILES);
  if (!paths.length || !("PerformanceObserver" in window)) return;
  const base = new URL(".", document.baseURI).href;
  const total = paths.reduce((sum, path) => sum + FILES[path][1], 0);
  const done = new Map(); // path -> fraction of it loaded, 0..1
  // A page the service worker controls gets every file from its cache: there is
  // nothing to download, so it says so, and reads no copies of the responses
  // (on a warm load that reading and the bar's repaints only compete with
  // Python's start for the CPU).
  const cached = Boolean(navigator.serviceWorker && navigator.serviceWorker.controller);

  let phase = cached ? "start" : "download"; // download | start | game | ai | over
  let element = null;
  let bar = null;
  let text = null;
  let announced = 0;
  let timer = 0;
  let frame = 0;

  function pathOf(url) {
    try {
      const href = new URL(url, base).href.split(/[?#]/)[0];
      return href.startsWith(base) ? decodeURIComponent(href.slice(base.length)) : null;
    } catch {
      return null;
    }
  }

  function loaded() {
    let bytes = 0;
    for (const [path, fraction] of done) bytes += fraction * FILES[path][1];
    return bytes;
  }

  function megabytes(bytes) {
    return (bytes / 1e6).toFixed(1);
  }

  function message() {
    switch (phase) {
      case "download":
        return "{{DOWNLOADING}}"
          .replace("{loaded}", megabytes(loaded()))
          .replace("{total}", megabytes(total));
      case "start":
        return "{{STARTING_PYTHON}}";
      case "game":
        return "{{STARTING_GAME}}";
      case "ai":
        return "{{LOADING_AI}}";
      default:
        return "";
    }
  }

  function show() {
    if (!element) {
      if (!document.body) return;
      element = document.createElement("div");
      element.id = "load-progress";
      element.className = "load-progress";
      bar = document.createElement("progress");
      bar.max = 1;
      bar.value = 0;
      bar.setAttribute("aria-hidden", "true"); // the text says it
      text = document.createElement("span");
      text.setAttribute("role", "status"); // polite: read when the reader is idle
      element.append(text, bar);
      document.body.append(element);
    }
    if (phase === "over") {
      element.remove();
      return;
    }
    // The bar moves at most once a frame, however many chunks arrive in one.
    if (!frame) {
      frame = requestAnimationFrame(() => {
        frame = 0;
        if (bar) bar.value = phase === "download" ? loaded() / total : 1;
      });
    }
    bar.hidden = phase === "ai";
    element.dataset.phase = phase; // style.css moves the pill out of the way once the page plays
    const now = performance.now();
    const next = message();
    if (next === text.textContent) return;
    // Bytes change many times a second; the words only now and then.
    if (phase === "download" && text.textContent && now - announced < ANNOUNCE_MS) {
      if (!timer) timer = setTimeout(() => ((timer = 0), show()), ANNOUNCE_MS);
      return;
    }
    announced = now;
    text.textContent = next;
  }

  function setPhase(next) {
    const order = ["download", "start", "game", "ai", "over"];
    if (order.indexOf(next) > order.indexOf(phase)) {
      phase = next;
      show();
    }
  }

  function count(path, fraction) {
    if (!(path in FILES)) return;
    done.set(path, Math.max(done.get(path) || 0, Math.min(1, fraction)));
    if (phase === "download" && loaded() >= total - 1) setPhase("start");
    else show();
  }

  // Files the browser has finished, including those before this ran.
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const path = pathOf(entry.name);
      if (path) count(path, 1);
    }
  }).observe({ type: "resource", buffered: true });

  // The big files, as their bytes arrive: a copy of each response is read
  // alongside.  The response itself goes back untouched, so that it keeps its
  // URL (Chromium caches the compiled WebAssembly of a response it knows the
  // URL of) and the caller streams it as before.
  const originalFetch = window.fetch;
  if (typeof originalFetch === "function" && !cached) {
    window.fetch = function (input, init) {
      const pending = originalFetch.call(window, input, init);
      const path = pathOf(typeof input === "string" || input instanceof URL ? input : input.url);
      if (!path || !(path in FILES) || FILES[path][0] < STREAM_FROM) return pending;
      return pending.then((response) => {
        if (response.ok && response.body) {
          try {
            measure(path, response.clone().body.getReader());
          } catch {
            // No progress for this file: it still counts once it has loaded.
          }
        }
        return response;
      });
    };
  }

  async function measure(path, reader) {
    let bytes = 0;
    try {
      for (;;) {
        const { done: finished, value } = await reader.read();
        if (finished) break;
        bytes += value.byteLength;
        count(path, bytes / FILES[path][0]);
      }
    } catch {
      // A failed download is the loader's to report, not ours.
    }
  }

  // PyScript's own milestones (the interpreter's, not its workers').
  addEventListener("py:progress", (event) => {
    if (event.detail === "Loaded Pyodide") setPhase("start");
    if (event.detail === "Loaded interpreter") setPhase("game");
  });

  function watchBoard() {
    const board = document.getElementById("board");
    if (!board) return;
    // The AI loads only for a game against it (started as the board becomes
    // ready): a board ready with no AI loading (a friend on this device or
    // online, or an AI that failed) has nothing more to wait for, nor has a
    // player who turns to a friend's game while the AI is still loading.
    const look = () => {
      if (board.dataset.ai === "ready") setPhase("over");
      else if (board.dataset.ready !== "true") return;
      else if (board.dataset.ai === "loading" && board.dataset.opponent !== "human") {
        setPhase("ai");
      } else setPhase("over");
    };
    new MutationObserver(look).observe(board, {
      attributes: true,
      attributeFilter: ["data-ready", "data-ai", "data-opponent"],
    });
    look();
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", () => (watchBoard(), show()), { once: true });
  } else {
    watchBoard();
    show();
  }
})();
