// Rollout speed under Pyodide (Node.js, offline), 1 worker against N side by side:
//   node bench/rollout_pyodide_runner.mjs [trials] [workers]
// Each worker_thread loads its own Pyodide with engine/ and bench/rollout_speed.py
// and plays its slice of the trials (bench.rollout_speed.slice_rate), as the
// page's web workers do; the one-worker run and the N-worker run are timed in
// the same process, one after the other.
import { Worker, isMainThread, parentPort, workerData } from "node:worker_threads";
import { readFileSync, readdirSync, statSync } from "node:fs";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");

function copyTree(py, rel) {
  const abs = join(root, rel);
  py.FS.mkdirTree("/home/pyodide/" + rel);
  for (const name of readdirSync(abs)) {
    if (name === "__pycache__") continue;
    const sub = join(rel, name);
    if (statSync(join(root, sub)).isDirectory()) copyTree(py, sub);
    else if (/\.(py|bin|json|xz|gz)$/.test(name))
      py.FS.writeFile("/home/pyodide/" + sub, readFileSync(join(root, sub)));
  }
}

if (!isMainThread) {
  const { loadPyodide } = await import("pyodide");
  const py = await loadPyodide();
  copyTree(py, "engine");
  py.FS.mkdirTree("/home/pyodide/bench");
  py.FS.writeFile("/home/pyodide/bench/__init__.py", "");
  py.FS.writeFile("/home/pyodide/bench/rollout_speed.py", readFileSync(join(root, "bench", "rollout_speed.py")));
  py.runPython(`import sys; sys.path.insert(0, "/home/pyodide")
from engine.ai.evaluator import evaluate
from engine.position import Position
evaluate(Position.start())`);
  parentPort.postMessage({ ready: true });
  parentPort.on("message", ({ trials, first, stop }) => {
    const out = py.runPython(
      `from bench.rollout_speed import slice_rate; slice_rate(${trials}, ${first}, ${stop})`,
    );
    parentPort.postMessage({ result: JSON.parse(out) });
  });
} else {
  const trials = Number(process.argv[2] ?? "36");
  const n = Number(process.argv[3] ?? "2");
  const start = (k) =>
    new Promise((resolve) => {
      const w = new Worker(fileURLToPath(import.meta.url));
      w.once("message", () => resolve(w));
    });
  const run = (w, first, stop) =>
    new Promise((resolve) => {
      w.once("message", (m) => resolve(m.result));
      w.postMessage({ trials, first, stop });
    });
  const workers = await Promise.all(Array.from({ length: n }, (_, k) => start(k)));
  // One worker plays every trial...
  let t = performance.now();
  const one = await run(workers[0], 0, trials);
  const wallOne = (performance.now() - t) / 1000;
  // ...then N workers share them, a slice each.
  t = performance.now();
  const cuts = Array.from({ length: n + 1 }, (_, k) => Math.floor((trials * k) / n));
  const parts = await Promise.all(workers.map((w, k) => run(w, cuts[k], cuts[k + 1])));
  const wallN = (performance.now() - t) / 1000;
  const games = one.games;
  console.log(`pyodide: ${trials} trials x 3 candidates = ${games} games`);
  console.log(`1 worker:  ${wallOne.toFixed(1)} s, ${(games / wallOne).toFixed(2)} games/s`);
  console.log(`${n} workers: ${wallN.toFixed(1)} s, ${(games / wallN).toFixed(2)} games/s; speed-up ${(wallOne / wallN).toFixed(2)}x`);
  for (const w of workers) await w.terminate();
}
