// Times legal-play generation inside Pyodide (Python in WebAssembly) in Node.js,
// offline, for bench/movegen.py, which starts it and talks to it:
//
//   node bench/pyodide_runner.mjs SETS.json
//
// SETS.json maps a set name to a list of Position IDs.  The engine's .py files
// and bench/movegen.py are written into Pyodide's file system; then, for every
// line on stdin (a JSON string naming a set), bench.movegen.time_engine runs on
// that set and one "@@ {json}" line answers with its seconds and play count.
// The first "@@" line, once ready, gives the Python version.
import { readFileSync, readdirSync, statSync } from "node:fs";
import { join, dirname } from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { loadPyodide } from "pyodide";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const home = "/home/pyodide";

function reply(obj) {
  process.stdout.write("@@ " + JSON.stringify(obj) + "\n");
}

function copyPython(py, rel) {
  py.FS.mkdirTree(join(home, rel));
  for (const name of readdirSync(join(root, rel))) {
    if (name === "__pycache__") continue;
    const sub = join(rel, name);
    if (statSync(join(root, sub)).isDirectory()) copyPython(py, sub);
    else if (name.endsWith(".py")) py.FS.writeFile(join(home, sub), readFileSync(join(root, sub)));
  }
}

// Keep anything Pyodide prints off stdout, which carries the replies.
const log = (line) => process.stderr.write(line + "\n");
const py = await loadPyodide({ stdout: log, stderr: log });
copyPython(py, "engine");
py.FS.mkdirTree(join(home, "bench"));
py.FS.writeFile(join(home, "bench", "movegen.py"), readFileSync(join(root, "bench", "movegen.py")));
py.FS.writeFile(join(home, "sets.json"), readFileSync(process.argv[2]));

const version = py.runPython(`
import json, sys
sys.path.insert(0, "${home}")
from bench.movegen import time_engine
SETS = json.load(open("${home}/sets.json"))
sys.version.split()[0]
`);
reply({ python: version });

const timeSet = py.runPython(`
def time_set(kind):
    seconds, count = time_engine(SETS[kind])
    return json.dumps({"seconds": seconds, "count": count})
time_set
`);
for await (const line of createInterface({ input: process.stdin })) {
  if (!line.trim()) continue;
  process.stdout.write("@@ " + timeSet(JSON.parse(line)) + "\n");
}
timeSet.destroy();
