/* Service worker: the whole game, offline, from a versioned cache.
 *
 * The build (scripts/precache.py) replaces the PRECACHE literal below with the
 * site's files and their SHA-256 hashes, so every deploy changes this script's
 * bytes; that is what makes the browser install the new version next to the old
 * one.  The new version waits until the page asks it to take over
 * (sw-register.js shows "Update available — Reload"), so a game in progress is
 * never switched to other code under its feet.
 *
 * Every URL is taken relative to the registration's scope, so the site works
 * from any sub-path (https://USER.github.io/REPO/).  Cache names carry the
 * scope too: two sites on one origin (two repositories on USER.github.io)
 * share Cache Storage and must not delete each other's caches.
 */
"use strict";

const PRECACHE = /* @precache */ { version: "unbuilt", files: {} } /* @end */;

const SCOPE = self.registration.scope;
const SCOPE_PATH = new URL(SCOPE).pathname;
const CACHE_PREFIX = `backgammon ${SCOPE} `;
const CACHE_NAME = CACHE_PREFIX + PRECACHE.version;
// Kept in each version's cache, so that the next version can reuse unchanged
// files instead of downloading the 13 MB again.
const MANIFEST_KEY = new URL("__precache__.json", SCOPE).href;
const INDEX = "index.html";
// The site's zips arrive as one gzip stream each (scripts/solid_zip.py).  The
// cache keeps them inflated, so that a returning player's page does not
// inflate them again at every load: Pyodide's loader (as the build patches it)
// and public/unpack.py take a zip as it is.
const INFLATED_HERE = /\.zip\.gz$/;

self.addEventListener("install", (event) => {
  event.waitUntil(precache());
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(
        names
          .filter((name) => name.startsWith(CACHE_PREFIX) && name !== CACHE_NAME)
          .map((name) => caches.delete(name)),
      );
      // The first install takes the page that registered it, so the files it
      // fetches from now on (e.g. the AI worker's) come from the cache too.
      await self.clients.claim();
    })(),
  );
});

self.addEventListener("message", (event) => {
  const type = event.data && event.data.type;
  if (type === "SKIP_WAITING") {
    self.skipWaiting();
  } else if (type === "GET_VERSION" && event.ports[0]) {
    event.ports[0].postMessage({ version: PRECACHE.version });
  }
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || !request.url.startsWith(SCOPE)) return;
  const path = sitePath(request);
  event.respondWith(
    path in PRECACHE.files ? fromCache(path, request) : fromNetwork(request),
  );
});

/** The precached file a request is for: "" and "?..." mean the page itself. */
function sitePath(request) {
  const url = new URL(request.url);
  const path = decodeURIComponent(url.pathname.slice(SCOPE_PATH.length));
  return path === "" ? INDEX : path;
}

async function precache() {
  const cache = await caches.open(CACHE_NAME);
  const reusable = await previousVersions();
  const paths = Object.keys(PRECACHE.files);
  // A few at a time: the page (and its AI worker) may still be loading.
  await inBatches(paths, 6, async (path) => {
    const hash = PRECACHE.files[path];
    const url = new URL(path, SCOPE).href;
    const old = reusable.get(`${path} ${hash}`);
    const response = old ? await old() : await download(url, hash);
    await cache.put(url, response);
  });
  await cache.put(
    MANIFEST_KEY,
    new Response(JSON.stringify(PRECACHE), {
      headers: { "Content-Type": "application/json" },
    }),
  );
}

/** "path hash" -> a function giving that file from an older version's cache. */
async function previousVersions() {
  const found = new Map();
  for (const name of await caches.keys()) {
    if (!name.startsWith(CACHE_PREFIX) || name === CACHE_NAME) continue;
    const cache = await caches.open(name);
    const manifest = await cache.match(MANIFEST_KEY);
    if (!manifest) continue;
    const { files } = await manifest.json();
    for (const [path, hash] of Object.entries(files)) {
      const url = new URL(path, SCOPE).href;
      found.set(`${path} ${hash}`, async () => {
        const response = await cache.match(url);
        return response || download(url, hash);
      });
    }
  }
  return found;
}

/** Fetch a file and check it is the build's: a half-deployed or stale CDN copy
 *  fails the install, which the browser retries on a later visit. */
async function download(url, hash) {
  // "no-cache" revalidates with the server: an unchanged file comes out of the
  // HTTP cache (the page has just loaded it) rather than over the network.
  const response = await fetch(url, { cache: "no-cache" });
  if (!response.ok) throw new Error(`precache: ${url}: HTTP ${response.status}`);
  const body = await response.arrayBuffer();
  const digest = await crypto.subtle.digest("SHA-256", body);
  const hex = Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
  if (hex !== hash) throw new Error(`precache: ${url} is not this build's (hash ${hex})`);
  // The body is decoded: a Content-Encoding or Content-Length from the server
  // would describe the compressed bytes, not these.
  const headers = new Headers(response.headers);
  headers.delete("Content-Encoding");
  headers.delete("Content-Length");
  const kept = INFLATED_HERE.test(new URL(url).pathname) ? await inflate(body) : body;
  return new Response(kept, { status: 200, statusText: "OK", headers });
}

async function inflate(bytes) {
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
  return new Response(stream).arrayBuffer();
}

async function inBatches(items, width, work) {
  let next = 0;
  const lanes = Array.from({ length: width }, async () => {
    while (next < items.length) await work(items[next++]);
  });
  await Promise.all(lanes);
}

async function fromCache(path, request) {
  const url = new URL(path, SCOPE).href;
  const cache = await caches.open(CACHE_NAME);
  let response = await cache.match(url);
  if (!response) {
    // Evicted, or this version is still installing: the network, kept for next time.
    response = await fromNetwork(request);
    if (response.ok && response.status === 200 && !request.headers.has("Range")) {
      await cache.put(url, response.clone());
    }
    return response;
  }
  const range = request.headers.get("Range");
  return range ? partial(response, range) : response;
}

async function fromNetwork(request) {
  try {
    return await fetch(request);
  } catch {
    // Offline and not in the cache: answer rather than leave the request hanging.
    return new Response("Offline: this file is not part of the game.", {
      status: 504,
      statusText: "Offline",
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
}

/** A 206 for "Range: bytes=a-b" (media elements and some loaders stream this way). */
async function partial(response, range) {
  const body = await response.arrayBuffer();
  const size = body.byteLength;
  const match = /^bytes=(\d*)-(\d*)$/.exec(range.trim());
  let start = match && match[1] !== "" ? Number(match[1]) : NaN;
  let end = match && match[2] !== "" ? Number(match[2]) : size - 1;
  if (match && match[1] === "" && match[2] !== "") {
    start = Math.max(0, size - Number(match[2])); // "bytes=-N": the last N bytes
    end = size - 1;
  }
  end = Math.min(end, size - 1);
  if (!(start >= 0 && start <= end)) {
    return new Response(null, {
      status: 416,
      statusText: "Range Not Satisfiable",
      headers: { "Content-Range": `bytes */${size}` },
    });
  }
  const headers = new Headers(response.headers);
  headers.set("Content-Range", `bytes ${start}-${end}/${size}`);
  headers.set("Content-Length", String(end - start + 1));
  return new Response(body.slice(start, end + 1), {
    status: 206,
    statusText: "Partial Content",
    headers,
  });
}
