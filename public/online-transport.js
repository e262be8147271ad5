/* Online play's transport (issue #17): one WebRTC data channel between two
 * browsers, carrying strings.  The page never loads this module at start; the
 * Python side (web/online/transport.py) imports it when a player starts an
 * online game, and only then does anything leave the page's origin.
 *
 * Two ways to open the channel, with the same `Link` on both ends:
 *
 * - `joinRoom(config)`: Trystero's Nostr strategy (vendored under
 *   vendor/trystero/, imported on first use) finds the other player through
 *   Nostr relays, which carry only the connection offer, encrypted with the
 *   room's secret; when no peer comes within `fallbackMs`, its torrent
 *   strategy joins the same room through BitTorrent trackers as well (the
 *   same offer, encrypted the same way).  `config` is an object or its JSON text:
 *     roomId      the room's random id (from the invite link's #fragment)
 *     password    the room's random secret (ditto): encrypts the offers
 *     appId       namespaces the rooms (default "backgammon-online")
 *     relayUrls   Nostr relays (wss://...; default: Trystero's public list)
 *     trackerUrls WebTorrent trackers (wss://...; default: Trystero's public
 *                 list; [] for none: no second strategy)
 *     fallbackMs  how long to wait for a peer before the trackers (default 10 s)
 *     iceServers  STUN/TURN servers (default: Trystero's public STUN servers;
 *                 [] for none: host candidates only, as the tests do)
 * - manual signalling, when no relay can be reached: `createOffer(config)` gives
 *   a short offer code to send through any messenger, `acceptOffer(code, config)`
 *   the answer code to send back, and the offerer's `link.accept(answer)` opens
 *   the channel.  The codes carry only what changes between two sessions
 *   (`compactSdp`/`expandSdp`): ~100 characters instead of a ~700-byte SDP.
 *
 * A `Link` (both ways):
 *   link.selfId                 this page's peer id
 *   link.send(text[, peerId])   to every peer, or one
 *   link.onMessage(cb)          cb(text, peerId)
 *   link.onPeerJoin(cb)         cb(peerId): the data channel to that peer is open
 *   link.onPeerLeave(cb)        cb(peerId)
 *   link.onError(cb)            cb(message): the channel could not be opened
 *   link.peers()                the ids of the peers connected now
 *   link.route()                how each channel travels (the ICE candidate pair)
 *   link.leave()                closes everything
 *   link.bind(peerId)           from now on talk with that peer only: sends go to
 *                               it alone, and while it is connected what others
 *                               send is not delivered (they are reported to
 *                               onStranger instead); when it has gone, a newcomer's
 *                               messages are delivered again, so that the friend
 *                               back under a new id can prove who it is
 *   link.onStranger(cb)         cb(peerId): a third peer wrote while the bound one
 *                               is connected (told once per peer)
 * Texts that are not strings, or longer than MAX_TEXT characters, are dropped
 * here, before Python sees them.
 * Events that happen before a callback is set are kept and replayed to it, so
 * a caller that awaits between joining and listening misses nothing.
 *
 * Importable under Node (no browser global is touched at import), which is how
 * tests/test_online_sdp.py checks the codes.
 */

export const APP_ID = "backgammon-online";
/** The one Trystero action (its names are at most 12 bytes). */
export const ACTION = "msg";
export const TRYSTERO_URL = new URL("./vendor/trystero/nostr.mjs", import.meta.url).href;
export const TORRENT_URL = new URL("./vendor/trystero/torrent.mjs", import.meta.url).href;
/** How long the page waits for a peer through Nostr before it tries the trackers too. */
export const FALLBACK_MS = 10000;
/** Manual signalling's STUN servers when none are given (Trystero's defaults). */
export const DEFAULT_ICE_SERVERS = [
  { urls: "stun:stun.l.google.com:19302" },
  { urls: "stun:stun1.l.google.com:19302" },
  { urls: "stun:stun.cloudflare.com:3478" },
];
const MANUAL_PEER = "peer";
/** The longest text delivered (web/online/wire.py's MAX_TEXT). */
export const MAX_TEXT = 64 * 1024;
/** Trystero's 16 kB chunks a text of MAX_TEXT characters may take (3 bytes each, at most). */
const MAX_CHUNKS = Math.ceil((3 * MAX_TEXT) / (16 * 1024 - 64)) + 1;
const GATHER_TIMEOUT_MS = 5000;

const parseConfig = (config) =>
  typeof config === "string" ? JSON.parse(config) : { ...(config ?? {}) };

/** Both ends' handle on the channel: see the module's docstring. */
export class Link {
  #handlers = new Map();
  #queued = new Map();
  #peers = new Set();
  #bound = null;
  #strangers = new Set();

  constructor(selfId, { send, leave, connections }) {
    this.selfId = selfId;
    this._send = send;
    this._leave = leave;
    this._connections = connections;
  }

  send(text, peerId) {
    if (typeof text !== "string") throw new TypeError("Link.send takes a string");
    this._send(text, peerId ?? this.#bound);
  }

  bind(peerId) {
    this.#bound = peerId;
    this.#strangers.clear();
  }

  onMessage(cb) { this.#on("message", cb); }
  onStranger(cb) { this.#on("stranger", cb); }
  onPeerJoin(cb) { this.#on("join", cb); }
  onPeerLeave(cb) { this.#on("leave", cb); }
  onError(cb) { this.#on("error", cb); }

  peers() { return [...this.#peers]; }

  /** How each open channel travels: the ICE candidate pair in use, both ends
   * as {address, port, type} (host, srflx: through NAT, relay: through TURN). */
  async route() {
    const routes = [];
    for (const [peerId, pc] of Object.entries(this._connections())) {
      const stats = await pc.getStats();
      const byId = new Map([...stats.values()].map((r) => [r.id, r]));
      const transport = [...stats.values()].find((r) => r.type === "transport");
      const pair = byId.get(transport?.selectedCandidatePairId);
      if (!pair) continue;
      const end = (id) => {
        const c = byId.get(id) ?? {};
        return { address: c.address ?? c.ip, port: c.port, type: c.candidateType };
      };
      routes.push({ peerId, local: end(pair.localCandidateId), remote: end(pair.remoteCandidateId) });
    }
    return routes;
  }

  leave() {
    this._leave();
    this.#handlers.clear();
    this.#queued.clear();
  }

  /** For the two openers below: deliver an event, or keep it until a callback is set. */
  _emit(kind, ...args) {
    if (kind === "join") this.#peers.add(args[0]);
    if (kind === "leave") this.#peers.delete(args[0]);
    if (kind === "message") {
      const [text, peerId] = args;
      if (typeof text !== "string" || text.length > MAX_TEXT) return;
      if (this.#bound !== null && peerId !== this.#bound && this.#peers.has(this.#bound)) {
        if (this.#strangers.has(peerId)) return;
        this.#strangers.add(peerId);
        kind = "stranger";
        args = [peerId];
      }
    }
    if ((kind === "join" || kind === "leave") && this.#bound !== null && args[0] !== this.#bound) {
      // A third peer coming and going is no news of the friend's.
      if (kind === "join" && this.#peers.has(this.#bound)) {
        if (this.#strangers.has(args[0])) return;
        this.#strangers.add(args[0]);
        kind = "stranger";
      } else if (kind === "leave") {
        return;
      }
    }
    const handler = this.#handlers.get(kind);
    if (handler) handler(...args);
    else this.#queued.set(kind, [...(this.#queued.get(kind) ?? []), args]);
  }

  #on(kind, cb) {
    this.#handlers.set(kind, cb);
    const queued = this.#queued.get(kind) ?? [];
    this.#queued.delete(kind);
    for (const args of queued) cb(...args);
  }
}

let nostr = null;
let torrent = null;
/** Trystero's strategies, each imported once, on first use. */
export const loadTrystero = () => (nostr ??= import(TRYSTERO_URL));
export const loadTorrent = () => (torrent ??= import(TORRENT_URL));
export const STRATEGIES = { nostr: loadTrystero, torrent: loadTorrent };

/** Join the room named by `config` (see the module's docstring); resolves to a Link.
 *
 * Through Nostr relays first; whenever no peer is connected for `fallbackMs`
 * (public relays are flaky), through BitTorrent trackers as well, and from
 * then on both.  A peer found in both rooms talks through the first one it
 * was found in; if that channel closes while the other is open, the page sees
 * the peer leave and join again (the game's protocol then resends what was
 * missed).  `strategies`: the loaders (the tests give fakes). */
export async function joinRoom(config, strategies = STRATEGIES) {
  const c = parseConfig(config);
  if (!c.roomId) throw new Error("joinRoom: no roomId");
  const first = await strategies.nostr();
  const rooms = [];
  const via = new Map(); // peerId -> the room it talks through
  let timer = null;
  let left = false;
  const link = new Link(first.selfId, {
    send: (text, peerId) => {
      for (const [peer, entry] of via)
        if (peerId === null || peer === peerId) entry.action.send(text, { target: peer });
    },
    leave: () => {
      left = true;
      clearTimeout(timer);
      for (const entry of rooms) entry.room.leave();
    },
    connections: () => {
      const out = {};
      for (const [peer, entry] of via) {
        const pc = entry.room.getPeers()[peer];
        if (pc) out[peer] = pc;
      }
      return out;
    },
  });

  const open = (name, strategy, relayUrls) => {
    const options = { appId: c.appId ?? APP_ID };
    if (c.password) options.password = c.password;
    if (relayUrls) options.relayConfig = { urls: relayUrls };
    if (c.iceServers) options.rtcConfig = { iceServers: c.iceServers };
    const entry = { name, peers: new Set() };
    entry.room = strategy.joinRoom(options, c.roomId, {
      onJoinError: (details) =>
        link._emit("error", String(details?.error?.message ?? details?.error ?? "join failed")),
    });
    entry.action = entry.room.makeAction(ACTION);
    // Trystero (0.25) has no limit on what it gathers before handing a message
    // over: count the chunks each peer has under way, and hang up on one that
    // sends more than our longest text can take.
    const under = new Map();
    entry.action.onReceiveProgress = (_progress, meta) => {
      const peer = meta?.peerId ?? "";
      const chunks = (under.get(peer) ?? 0) + 1;
      under.set(peer, chunks);
      if (chunks > MAX_CHUNKS) {
        under.delete(peer);
        entry.room.getPeers()[peer]?.close();
      }
    };
    entry.action.onMessage = (data, meta) => {
      const peer = meta?.peerId ?? "";
      under.delete(peer);
      if (via.get(peer) === entry && typeof data === "string") link._emit("message", data, peer);
    };
    entry.room.onPeerJoin = (peer) => {
      entry.peers.add(peer);
      if (via.has(peer)) return; // already talking through the other room
      via.set(peer, entry);
      clearTimeout(timer);
      link._emit("join", peer);
    };
    entry.room.onPeerLeave = (peer) => {
      entry.peers.delete(peer);
      if (via.get(peer) !== entry) return;
      via.delete(peer);
      link._emit("leave", peer);
      const other = rooms.find((r) => r !== entry && r.peers.has(peer));
      if (other) {
        via.set(peer, other);
        link._emit("join", peer);
      } else if (!via.size) {
        waitForPeer();
      }
    };
    rooms.push(entry);
  };

  // No second strategy when the trackers are given as none (the tests' private
  // network), or once it is open.
  const trackers = c.trackerUrls;
  const fallback = strategies.torrent && !(Array.isArray(trackers) && trackers.length === 0);
  const waitForPeer = () => {
    if (!fallback || left || rooms.some((r) => r.name === "torrent")) return;
    clearTimeout(timer);
    timer = setTimeout(async () => {
      if (left || via.size || rooms.some((r) => r.name === "torrent")) return;
      try {
        open("torrent", await strategies.torrent(), trackers);
      } catch (error) {
        link._emit("error", `the trackers could not be used: ${error?.message ?? error}`);
      }
    }, c.fallbackMs ?? FALLBACK_MS);
  };

  open("nostr", first, c.relayUrls);
  waitForPeer();
  return link;
}

// --- manual signalling -------------------------------------------------------

/** The offerer's side: resolves to a Link with `.code` (the offer code to send)
 * and `.accept(answerCode)` (resolves once the answer is applied; `onPeerJoin`
 * fires when the channel opens). */
export async function createOffer(config) {
  const { pc, link } = manualPeer(parseConfig(config));
  await pc.setLocalDescription(await pc.createOffer());
  await gathered(pc);
  link.code = compactSdp(pc.localDescription.sdp, "offer");
  link.accept = (answerCode) =>
    pc.setRemoteDescription({ type: "answer", sdp: expandSdp(answerCode) });
  return link;
}

/** The answerer's side: resolves to a Link with `.code`, the answer code to send back. */
export async function acceptOffer(offerCode, config) {
  const { pc, link } = manualPeer(parseConfig(config));
  await pc.setRemoteDescription({ type: "offer", sdp: expandSdp(offerCode) });
  await pc.setLocalDescription(await pc.createAnswer());
  await gathered(pc);
  link.code = compactSdp(pc.localDescription.sdp, "answer");
  return link;
}

function manualPeer(c) {
  const pc = new RTCPeerConnection({ iceServers: c.iceServers ?? DEFAULT_ICE_SERVERS });
  // Negotiated: both ends make the same channel, so neither waits for the other's.
  const channel = pc.createDataChannel(c.channel ?? ACTION, { negotiated: true, id: 0 });
  const selfId = randomId();
  let open = false;
  const link = new Link(selfId, {
    send: (text) => channel.send(text),
    leave: () => pc.close(),
    connections: () => (open ? { [MANUAL_PEER]: pc } : {}),
  });
  channel.onopen = () => {
    open = true;
    link._emit("join", MANUAL_PEER);
  };
  channel.onclose = () => {
    if (open) link._emit("leave", MANUAL_PEER);
    open = false;
  };
  channel.onmessage = (event) => {
    if (typeof event.data === "string") link._emit("message", event.data, MANUAL_PEER);
  };
  pc.onconnectionstatechange = () => {
    if (pc.connectionState === "failed") link._emit("error", "the connection failed");
  };
  return { pc, link };
}

/** Until ICE gathering completes (all candidates are in the local SDP), or a timeout. */
function gathered(pc, timeoutMs = GATHER_TIMEOUT_MS) {
  if (pc.iceGatheringState === "complete") return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      pc.removeEventListener("icegatheringstatechange", check);
      resolve();
    };
    const check = () => pc.iceGatheringState === "complete" && done();
    const timer = setTimeout(done, timeoutMs);
    pc.addEventListener("icegatheringstatechange", check);
  });
}

function randomId() {
  const bytes = crypto.getRandomValues(new Uint8Array(15));
  return toBase64Url(bytes);
}

// --- compact codes -------------------------------------------------------------
//
// A data channel's SDP differs between two sessions only in its ICE credentials,
// its DTLS fingerprint, its DTLS role and its candidates; the rest is rebuilt.
// Code, format 1, fields joined by ".":
//   "1" + role   o: offer (setup:actpass), a: answer (active), p: answer (passive)
//   ufrag, pwd   as in the SDP (ICE characters: letters, digits, "+", "/")
//   fingerprint  the certificate's hash, base64url (32 bytes: sha-256, 48: sha-384, ...)
//   candidates   one per UDP candidate: a letter, then base64url of its address
//                and port (2 bytes, big-endian) -- h: host (IPv4, 4 bytes, or
//                IPv6, 16), m: host behind an mDNS name (<uuid>.local, 16 bytes),
//                s: server-reflexive, r: relay, p: peer-reflexive (IPv4 or IPv6)
// Only base64url characters, ".", "+" and "/" appear: safe in a URL's fragment.

const ROLES = { o: "actpass", a: "active", p: "passive" };
const TYPES = { h: "host", m: "host", s: "srflx", r: "relay", p: "prflx" };
const TYPE_PREFERENCE = { host: 126, prflx: 110, srflx: 100, relay: 0 };
const HASHES = { 20: "sha-1", 28: "sha-224", 32: "sha-256", 48: "sha-384", 64: "sha-512" };
const MDNS = /^([0-9a-f]{8})-([0-9a-f]{4})-([0-9a-f]{4})-([0-9a-f]{4})-([0-9a-f]{12})\.local$/i;

/** The SDP fields that change, as a short code (see above). `type`: "offer" or "answer". */
export function compactSdp(sdp, type) {
  const value = (name) => {
    const line = sdp.split(/\r?\n/).find((l) => l.startsWith(`a=${name}:`));
    if (!line) throw new Error(`compactSdp: no a=${name} in the SDP`);
    return line.slice(name.length + 3).trim();
  };
  const setup = value("setup");
  const role = type === "offer" ? "o" : setup === "passive" ? "p" : "a";
  if (type === "offer" && setup !== "actpass") throw new Error(`compactSdp: offer with setup:${setup}`);
  const [, hex] = value("fingerprint").split(/\s+/);
  const fingerprint = toBase64Url(Uint8Array.from(hex.split(":"), (h) => parseInt(h, 16)));
  const candidates = [];
  for (const line of sdp.split(/\r?\n/)) {
    if (!line.startsWith("a=candidate:")) continue;
    const f = line.slice("a=candidate:".length).split(" ");
    const [, component, transport, , address, port, typ, kind] = f;
    if (component !== "1" || transport.toLowerCase() !== "udp" || typ !== "typ") continue;
    const code = candidateCode(kind, address, Number(port));
    if (code && !candidates.includes(code)) candidates.push(code);
  }
  return ["1" + role, value("ice-ufrag"), value("ice-pwd"), fingerprint, ...candidates].join(".");
}

function candidateCode(kind, address, port) {
  const portBytes = [port >> 8, port & 255];
  const mdns = MDNS.exec(address);
  if (kind === "host" && mdns) return "m" + toBase64Url([...hexBytes(mdns.slice(1).join("")), ...portBytes]);
  const letter = Object.keys(TYPES).find((k) => k !== "m" && TYPES[k] === kind);
  const bytes = parseIp(address);
  return letter && bytes ? letter + toBase64Url([...bytes, ...portBytes]) : null;
}

/** The whole SDP for a code made by `compactSdp`; throws on a malformed code. */
export function expandSdp(code) {
  const fields = String(code).trim().split(".");
  const [header, ufrag, pwd, fingerprint, ...candidates] = fields;
  const setup = header?.[0] === "1" && header.length === 2 ? ROLES[header[1]] : undefined;
  if (!setup || fields.length < 4) throw new Error("not a connection code");
  const ice = /^[A-Za-z0-9+/]+$/;
  if (!ice.test(ufrag) || !ice.test(pwd)) throw new Error("not a connection code (ICE credentials)");
  const hash = fromBase64Url(fingerprint);
  if (!HASHES[hash.length]) throw new Error("not a connection code (fingerprint)");
  const hexHash = [...hash].map((b) => b.toString(16).toUpperCase().padStart(2, "0")).join(":");
  const lines = candidates.map((token, i) => candidateLine(token, i));
  return [
    "v=0",
    "o=- 1 2 IN IP4 127.0.0.1",
    "s=-",
    "t=0 0",
    "a=group:BUNDLE 0",
    "a=msid-semantic: WMS",
    "m=application 9 UDP/DTLS/SCTP webrtc-datachannel",
    "c=IN IP4 0.0.0.0",
    ...lines,
    ...(lines.length ? ["a=end-of-candidates"] : []),
    `a=ice-ufrag:${ufrag}`,
    `a=ice-pwd:${pwd}`,
    `a=fingerprint:${HASHES[hash.length]} ${hexHash}`,
    `a=setup:${setup}`,
    "a=mid:0",
    "a=sctp-port:5000",
    "a=max-message-size:262144",
    "",
  ].join("\r\n");
}

function candidateLine(token, index) {
  const kind = TYPES[token[0]];
  const bytes = kind ? fromBase64Url(token.slice(1)) : new Uint8Array();
  const size = bytes.length - 2;
  if (!kind || (token[0] === "m" ? size !== 16 : size !== 4 && size !== 16)) {
    throw new Error("not a connection code (candidate)");
  }
  const port = (bytes[size] << 8) | bytes[size + 1];
  const addr = bytes.subarray(0, size);
  const address = token[0] === "m" ? mdnsName(addr) : formatIp(addr);
  // Priorities as RFC 8445 recommends: by type, then in the code's order.
  const priority = TYPE_PREFERENCE[kind] * 2 ** 24 + (65535 - index) * 2 ** 8 + 255;
  const related = kind === "host" ? "" : " raddr 0.0.0.0 rport 0";
  return `a=candidate:${index + 1} 1 udp ${priority} ${address} ${port} typ ${kind}${related}`;
}

function mdnsName(bytes) {
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");
  const parts = [hex.slice(0, 8), hex.slice(8, 12), hex.slice(12, 16), hex.slice(16, 20), hex.slice(20)];
  return `${parts.join("-")}.local`;
}

function hexBytes(hex) {
  return Array.from({ length: hex.length / 2 }, (_, i) => parseInt(hex.slice(2 * i, 2 * i + 2), 16));
}

/** An IPv4 or IPv6 address's bytes, or null for anything else (a hostname). */
export function parseIp(text) {
  const v4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(text);
  if (v4) {
    const bytes = v4.slice(1).map(Number);
    return bytes.every((b) => b <= 255) ? bytes : null;
  }
  if (!/^[0-9a-fA-F:.]+$/.test(text) || !text.includes(":")) return null;
  let groups = text.split(":");
  const last = groups[groups.length - 1];
  if (last.includes(".")) {
    const tail = parseIp(last);
    if (!tail) return null;
    groups = [...groups.slice(0, -1), ((tail[0] << 8) | tail[1]).toString(16), ((tail[2] << 8) | tail[3]).toString(16)];
  }
  const gap = groups.indexOf("");
  if (gap !== -1) {
    const head = groups.slice(0, gap);
    const tail = groups.slice(gap).filter((g) => g !== "");
    groups = [...head, ...Array(8 - head.length - tail.length).fill("0"), ...tail];
  }
  if (groups.length !== 8 || groups.some((g) => !/^[0-9a-fA-F]{1,4}$/.test(g))) return null;
  return groups.flatMap((g) => [parseInt(g, 16) >> 8, parseInt(g, 16) & 255]);
}

function formatIp(bytes) {
  if (bytes.length === 4) return [...bytes].join(".");
  const groups = [];
  for (let i = 0; i < 16; i += 2) groups.push(((bytes[i] << 8) | bytes[i + 1]).toString(16));
  return groups.join(":");
}

function toBase64Url(bytes) {
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function fromBase64Url(text) {
  if (!/^[A-Za-z0-9_-]*$/.test(text ?? "")) throw new Error("not a connection code (base64)");
  const b64 = text.replace(/-/g, "+").replace(/_/g, "/");
  let binary;
  try {
    binary = atob(b64 + "=".repeat((4 - (b64.length % 4)) % 4));
  } catch {
    throw new Error("not a connection code (base64)");
  }
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}
