// King Tubby's time per decision at 0, 1 and 2 ply under Pyodide (Node.js, offline):
//   node bench/ai_plies_pyodide.mjs [decisions]
// Writes engine/ (with engine/ai/data) and bench/ai_plies.py into the Pyodide
// file system and runs bench.ai_plies.pyodide_times there (no referee: gnubg
// is CPython's only).  The CPython figures and the errors: bench/ai_plies.py.
import { loadPyodide } from "pyodide";
import { readFileSync, readdirSync, statSync } from "node:fs";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const decisions = Number(process.argv[2] ?? "8");

function copyTree(py, rel) {
  const abs = join(root, rel);
  py.FS.mkdirTree("/home/pyodide/" + rel);
  for (const name of readdirSync(abs)) {
    if (name === "__pycache__") continue;
    const sub = join(rel, name);
    if (statSync(join(root, sub)).isDirectory()) copyTree(py, sub);
    else if (/\.(py|bin|json)$/.test(name))
      py.FS.writeFile("/home/pyodide/" + sub, readFileSync(join(root, sub)));
  }
}

const py = await loadPyodide();
copyTree(py, "engine");
py.FS.mkdirTree("/home/pyodide/bench");
py.FS.writeFile("/home/pyodide/bench/__init__.py", "");
py.FS.writeFile("/home/pyodide/bench/ai_plies.py", readFileSync(join(root, "bench", "ai_plies.py")));
const out = py.runPython(`
import sys
sys.path.insert(0, "/home/pyodide")
from engine.ai.bearoff import load_bearoff
load_bearoff()
from bench.ai_plies import pyodide_times
f"python {sys.version.split()[0]} (Pyodide); " + pyodide_times(${decisions})
`);
console.log(out);
