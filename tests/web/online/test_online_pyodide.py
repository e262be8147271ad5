"""Online play behaves identically under Pyodide (Python 3.14 in WebAssembly).

The same script runs under CPython and, through Node.js, under Pyodide: the
package's doctests, then a seeded money session between two peers (cube
actions and beavers, games borne off, the next game); both must report the same digest.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess

import pytest
from repo_paths import ROOT

SCRIPT = r"""
import doctest, hashlib, importlib, pkgutil, random, sys

import web.online
from web.online.invite import Invite
from web.online.peer import Peer
from engine.rules import Rules

failed = attempted = 0
for info in sorted(pkgutil.iter_modules(web.online.__path__), key=lambda i: i.name):
    if info.name == "transport":  # the browser glue, checked on its own
        continue
    module = importlib.import_module("web.online." + info.name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    failed, attempted = failed + result.failed, attempted + result.attempted

rng = random.Random(2024)
invite = Invite.new("Ann", Rules(0, beavers=True), token=rng.randbytes)
peers = [Peer.host(invite, now=0.0, token=rng.randbytes),
         Peer.join(Invite.parse(invite.text), "Bob", now=0.0, token=rng.randbytes)]
inbox = [[], []]

def post(seat, out):
    inbox[1 - seat].extend(out.messages)

def pump():
    while inbox[0] or inbox[1]:
        for seat in (0, 1):
            while inbox[seat]:
                post(seat, peers[seat].receive(inbox[seat].pop(0), now=1.0))

post(0, peers[0].connected(0.0))
post(1, peers[1].connected(0.0))
pump()
for n in range(400):
    m = peers[0].match
    if m.game_number > 2:
        break
    (seat,) = sorted(peers[0].table.to_act()) if not m.is_game_over else (0,)
    peer = peers[seat]
    phase = m.phase.value
    if m.is_game_over:
        out = peer.next_game(1.0)
    elif phase == "roll" and peer.my_dice is None and not peer.table.asked:
        out = peer.double(1.0) if m.can_double() and n % 7 == 0 else peer.roll(1.0)
    elif phase == "roll" and not peer.wants_dice:
        out = peer.roll(1.0)  # shows the dice; reveals a roll that cannot be played
    elif phase == "roll":
        out = peer.play(m.roll(peer.my_dice).legal_plays[-1].moves, 1.0)
    elif phase == "move":
        out = peer.play(m.legal_plays[-1].moves, 1.0)
    elif phase == "cube":
        out = peer.beaver(1.0) if m.game.can_beaver() and n % 2 else peer.take(1.0)
    else:
        out = peer.accept(1.0)
    post(seat, out)
    pump()
assert peers[0].log.head == peers[1].log.head
digest = hashlib.sha256(repr(peers[0].match.record).encode()).hexdigest()[:16]
print(f"doctests {attempted - failed}/{attempted} head {peers[0].log.head} match {digest}")
"""

RUNNER = r"""
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { loadPyodide } from "pyodide";

const root = process.cwd();
const target = "/home/pyodide";
const pyodide = await loadPyodide();
function copyTree(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (name === "__pycache__") continue;
    const dest = join(target, relative(root, path));
    if (statSync(path).isDirectory()) {
      pyodide.FS.mkdirTree(dest);
      copyTree(path);
    } else if (path.endsWith(".py")) {
      pyodide.FS.writeFile(dest, readFileSync(path));
    }
  }
}
for (const pkg of ["engine", "web"]) {
  pyodide.FS.mkdirTree(join(target, pkg));
  copyTree(join(root, pkg));
}
const script = JSON.parse(process.env.ONLINE_SCRIPT);
const out = pyodide.runPython(`
import sys, io, contextlib
sys.path.insert(0, "${target}")
buffer = io.StringIO()
with contextlib.redirect_stdout(buffer):
    exec(compile(${JSON.stringify(script)}, "online_check", "exec"), {"__name__": "online_check"})
f"{sys.version_info[0]}.{sys.version_info[1]} " + buffer.getvalue().strip().splitlines()[-1]
`);
console.log(out);
"""


def _pyodide_available() -> bool:
    return shutil.which("node") is not None and (ROOT / "node_modules" / "pyodide").is_dir()


def cpython_line() -> str:
    run = subprocess.run(
        [os.environ.get("PYTHON", str(ROOT / ".venv" / "bin" / "python")), "-c", SCRIPT],
        capture_output=True,
        text=True,
        timeout=600,
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    assert run.returncode == 0, run.stderr
    return run.stdout.strip().splitlines()[-1]


def test_the_script_passes_under_cpython() -> None:
    line = cpython_line()
    done, total = line.split()[1].split("/")
    assert done == total and int(total) > 50


@pytest.mark.skipif(
    not _pyodide_available() and not os.environ.get("CI"),
    reason="node_modules/pyodide not installed (make test installs it)",
)
def test_online_play_under_pyodide_matches_cpython() -> None:
    run = subprocess.run(
        ["node", "--input-type=module", "-e", RUNNER],
        capture_output=True,
        text=True,
        timeout=600,
        cwd=ROOT,
        env={**os.environ, "ONLINE_SCRIPT": json.dumps(SCRIPT)},
    )
    assert run.returncode == 0, run.stderr[-3000:]
    version, _, rest = run.stdout.strip().splitlines()[-1].partition(" ")
    assert int(version.split(".")[1]) >= 12, version
    assert rest == cpython_line()
