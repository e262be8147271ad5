"""Online play's second signalling strategy (``public/online-transport.js``:
``joinRoom``), run by Node with stand-in strategies: Nostr first; when no peer
comes within ``fallbackMs``, BitTorrent trackers as well; a peer found in both
rooms talks through one.  The real strategies meeting through a local relay and
a local tracker are proven in the browser (``e2e/test_online_fallback.py``).
"""

from __future__ import annotations

import json
import shutil
import subprocess
from typing import Any

import pytest
from repo_paths import ROOT

GLUE = ROOT / "public" / "online-transport.js"

pytestmark = pytest.mark.skipif(shutil.which("node") is None, reason="node not installed")

# Stand-ins for Trystero's strategies: rooms the script makes peers join and
# leave, recording what the glue asks of them.
HARNESS = """
const glue = await import(process.argv[1]);
const log = [];
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const rooms = {};
const strategy = (name) => ({
  selfId: "me",
  joinRoom(options, roomId) {
    const room = {
      peers: {},
      leave() { log.push(`${name} left`); },
      getPeers() { return room.peers; },
      makeAction() {
        room.action = { send: (text, o) => log.push(`${name} sent ${text} to ${o.target}`) };
        return room.action;
      },
      join(peer) { room.peers[peer] = { pc: name }; room.onPeerJoin(peer); },
      part(peer) { delete room.peers[peer]; room.onPeerLeave(peer); },
      say(peer, text) { room.action.onMessage(text, { peerId: peer }); },
    };
    rooms[name] = room;
    log.push(`${name} joined ${roomId} ${JSON.stringify(options)}`);
    return room;
  },
});
const loads = [];
const strategies = {
  nostr: async () => { loads.push("nostr"); return strategy("nostr"); },
  torrent: async () => { loads.push("torrent"); return strategy("torrent"); },
};
const open = async (config) => {
  const settings = { roomId: "r", password: "s", fallbackMs: 40, ...config };
  const link = await glue.joinRoom(settings, strategies);
  link.onPeerJoin((p) => log.push(`link join ${p}`));
  link.onPeerLeave((p) => log.push(`link leave ${p}`));
  link.onMessage((t, p) => log.push(`link got ${t} from ${p}`));
  return link;
};
const scenario = process.argv[2];
"""

SCENARIOS = {
    # The friend is found through Nostr in time: the trackers are never contacted.
    "nostr-in-time": """
const link = await open({});
rooms.nostr.join("f");
await sleep(80);
link.send("hi");
rooms.nostr.say("f", "yo");
""",
    # Nobody through Nostr within fallbackMs: the trackers are tried, same room and secret.
    "fallback": """
const link = await open({ trackerUrls: ["ws://127.0.0.1:8000"] });
await sleep(80);
rooms.torrent.join("f");
link.send("hi");
rooms.torrent.say("f", "yo");
rooms.nostr.say("f", "stale");
""",
    # Trackers given as none (the tests' private network): no second strategy.
    "no-trackers": """
const link = await open({ trackerUrls: [] });
await sleep(80);
""",
    # The friend in both rooms: one channel counts; when it closes, the other
    # takes over as a new join (the game's protocol resends what was missed).
    "both-rooms": """
const link = await open({});
await sleep(80);
rooms.nostr.join("f");
rooms.torrent.join("f");
rooms.torrent.say("f", "twice");
rooms.nostr.say("f", "once");
rooms.nostr.part("f");
link.send("hi");
rooms.torrent.part("f");
console.log(JSON.stringify({ peers: link.peers() }));
""",
    # The friend leaves before the trackers were tried: the wait starts again.
    "wait-again": """
const link = await open({});
rooms.nostr.join("f");
await sleep(80);
rooms.nostr.part("f");
await sleep(80);
""",
    # Leaving stops the wait.
    "left": """
const link = await open({});
link.leave();
await sleep(80);
""",
}


def run(scenario: str) -> dict[str, Any]:
    script = HARNESS + SCENARIOS[scenario] + "console.log(JSON.stringify({ log, loads }));\n"
    out = subprocess.run(
        ["node", "--input-type=module", "-e", script, GLUE.as_uri(), scenario],
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    result: dict[str, Any] = {}
    for line in out.stdout.splitlines():
        result.update(json.loads(line))
    return result


def test_a_friend_found_through_nostr_in_time_never_contacts_the_trackers() -> None:
    r = run("nostr-in-time")
    assert r["loads"] == ["nostr"]
    assert r["log"][1:] == ["link join f", "nostr sent hi to f", "link got yo from f"]


def test_no_friend_within_the_wait_tries_the_trackers_for_the_same_room() -> None:
    r = run("fallback")
    assert r["loads"] == ["nostr", "torrent"]
    nostr, torrent = r["log"][0], r["log"][1]
    assert nostr.startswith("nostr joined r ")
    options = json.loads(torrent.removeprefix("torrent joined r "))
    assert options == {
        "appId": "backgammon-online",
        "password": "s",
        "relayConfig": {"urls": ["ws://127.0.0.1:8000"]},
    }
    # Only the room the friend was found in counts.
    assert r["log"][2:] == ["link join f", "torrent sent hi to f", "link got yo from f"]


def test_trackers_given_as_none_mean_no_second_strategy() -> None:
    r = run("no-trackers")
    assert r["loads"] == ["nostr"] and len(r["log"]) == 1


def test_a_friend_in_both_rooms_talks_through_one_and_the_other_takes_over() -> None:
    r = run("both-rooms")
    assert r["log"][2:] == [
        "link join f",
        "link got once from f",  # the same friend through the trackers is not heard twice
        "link leave f",
        "link join f",  # the trackers' channel takes over
        "torrent sent hi to f",
        "link leave f",
    ]
    assert r["peers"] == []


def test_the_wait_starts_again_when_the_friend_leaves() -> None:
    r = run("wait-again")
    assert r["loads"] == ["nostr", "torrent"]
    assert r["log"][1:3] == ["link join f", "link leave f"]


def test_leaving_stops_the_wait() -> None:
    r = run("left")
    assert r["loads"] == ["nostr"] and r["log"][1:] == ["nostr left"]
