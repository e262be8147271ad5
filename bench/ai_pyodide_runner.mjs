// Speed of the AI under Pyodide (Node.js, offline):
//   node bench/ai_pyodide_runner.mjs [positions] [levels]
//   node bench/ai_pyodide_runner.mjs [positions] --compare A.bin [B.bin ...]
//   node bench/ai_pyodide_runner.mjs GAMES --races
// Writes engine/ (with engine/ai/data) and bench/ai_common.py, bench/ai_speed.py
// into the Pyodide file system and runs bench.ai_speed there; --compare times
// King Tubby with the shipped weights and each file side by side
// (bench.ai_speed.compare); --races times King Tubby on the race turns of
// GAMES games with races worked out and without (bench.ai_speed.races).
import { loadPyodide } from "pyodide";
import { readFileSync, readdirSync, statSync } from "node:fs";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const positions = process.argv[2] ?? "100";
const compare = process.argv[3] === "--compare" ? process.argv.slice(4) : [];
const races = process.argv[3] === "--races";
const levels = compare.length || races ? "hard" : (process.argv[3] ?? "easy,medium,hard");

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

const t0 = performance.now();
const py = await loadPyodide();
copyTree(py, "engine");
py.FS.mkdirTree("/home/pyodide/bench");
for (const f of ["__init__.py", "ai_common.py", "ai_speed.py"]) {
  try {
    py.FS.writeFile("/home/pyodide/bench/" + f, readFileSync(join(root, "bench", f)));
  } catch {
    py.FS.writeFile("/home/pyodide/bench/" + f, "");
  }
}
const weights = compare.map((file, k) => {
  const name = `/home/pyodide/compare-${k}.bin`;
  py.FS.writeFile(name, readFileSync(file));
  return name;
});
console.log(`pyodide loaded in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
const out = py.runPython(`
import sys, time
sys.path.insert(0, "/home/pyodide")
t = time.perf_counter()
from engine.ai import evaluate
from engine import Position
evaluate(Position.start())
t_load = time.perf_counter() - t
t = time.perf_counter()
from engine.ai.bearoff import load_bearoff
load_bearoff()
t_bo = time.perf_counter() - t
from bench.ai_speed import compare, races, run
lines = [f"python {sys.version.split()[0]}; first evaluate (weights) {1000 * t_load:.0f} ms; bear-off db load {1000 * t_bo:.0f} ms"]
weights = ${JSON.stringify(weights)}
if ${races ? "True" : "False"}:
    lines += races(${Number(positions)})
elif weights:
    lines += compare(${Number(positions)}, weights, labels=${JSON.stringify(compare)})
else:
    lines += run(${Number(positions)}, "${levels}".split(","))
"\\n".join(lines)
`);
console.log(out);
