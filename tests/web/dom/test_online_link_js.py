"""The JS glue's ``Link`` (``public/online-transport.js``), run by Node: once bound
to the friend's transport peer it sends to that peer alone, a third peer is
reported as a stranger (once) and never heard while the friend is connected,
and a text that is not a string or is too long never reaches Python."""

from __future__ import annotations

import json
import shutil
import subprocess

import pytest
from repo_paths import ROOT

GLUE = ROOT / "public" / "online-transport.js"

pytestmark = pytest.mark.skipif(shutil.which("node") is None, reason="node not installed")

SCRIPT = """
const { Link, MAX_TEXT } = await import(process.argv[1]);
const sent = [], seen = [];
const link = new Link("me", {
  send: (text, peer) => sent.push([text, peer]), leave: () => {}, connections: () => ({}),
});
for (const kind of ["message", "stranger", "join", "leave"])
  link[{message: "onMessage", stranger: "onStranger", join: "onPeerJoin",
        leave: "onPeerLeave"}[kind]]((...args) => seen.push([kind, ...args]));
link._emit("join", "bob");
link._emit("message", "hello from bob", "bob");
link.bind("bob");
link.send("to bob");
link._emit("join", "eve");                    // a third page with the link
link._emit("message", "hello from eve", "eve");  // not heard: Bob is connected
link._emit("message", "again from eve", "eve");  // ...and told only once
link._emit("message", "x".repeat(MAX_TEXT + 1), "bob");  // too long: dropped
link._emit("message", 42, "bob");             // not a string: dropped
link._emit("leave", "eve");                   // no news of Bob's
link._emit("leave", "bob");                   // Bob's page reloads...
link._emit("join", "bob2");
link._emit("message", "hello from bob2", "bob2");  // ...and may prove who it is
console.log(JSON.stringify({ sent, seen }));
"""


def test_a_bound_link_hears_the_friend_alone() -> None:
    out = subprocess.run(
        ["node", "--input-type=module", "-e", SCRIPT, GLUE.as_uri()],
        capture_output=True, text=True, check=True, timeout=60,
    )  # fmt: skip
    result = json.loads(out.stdout)
    assert result["sent"] == [["to bob", "bob"]]
    assert result["seen"] == [
        ["join", "bob"],
        ["message", "hello from bob", "bob"],
        ["stranger", "eve"],
        ["leave", "bob"],
        ["join", "bob2"],
        ["message", "hello from bob2", "bob2"],
    ]
