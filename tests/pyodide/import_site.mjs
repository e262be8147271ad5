// Imports every Python module of a built site inside Pyodide in Node, using the
// site's own vendored (trimmed) standard library, then exercises what the game
// does at run time.  Prints the sorted names of the imported modules as JSON.
//
//   node tests/pyodide/import_site.mjs build/site
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { pathToFileURL } from "node:url";

const site = resolve(process.argv[2] ?? "build/site");
const { loadPyodide } = await import(pathToFileURL(join(site, "vendor/pyodide/pyodide.mjs")).href);
const pyodide = await loadPyodide({ indexURL: join(site, "vendor/pyodide") + "/" });
const target = "/home/pyodide/site";
const modules = [];

function copyTree(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    const dest = join(target, relative(site, path));
    if (statSync(path).isDirectory()) {
      pyodide.FS.mkdirTree(dest);
      copyTree(path);
    } else {
      pyodide.FS.writeFile(dest, readFileSync(path));
      if (name.endsWith(".py")) {
        const rel = relative(site, path).replace(/\.py$/, "").split("/");
        if (rel.at(-1) === "__init__") rel.pop();
        if (rel.at(-1) !== "__main__") modules.push(rel.join("."));
      }
    }
  }
}
for (const pkg of ["engine", "web"]) {
  pyodide.FS.mkdirTree(join(target, pkg));
  copyTree(join(site, pkg));
}
pyodide.globals.set("MODULES", pyodide.toPy(modules.sort()));
const out = await pyodide.runPythonAsync(`
import asyncio, datetime, importlib, json, sys, traceback
sys.path.insert(0, "${target}")
for name in MODULES:
    importlib.import_module(name)

from engine import Position
from engine.ai import choose_play
from web import ai_service

assert json.loads(ai_service.handle(json.dumps(
    {"kind": "play", "position": Position.start().id, "dice": [3, 1], "level": "hard"})))
ai_service.warm()
choose_play(Position.start(), (6, 5), "medium")
datetime.datetime.strptime("2026-01-02 03:04", "%Y-%m-%d %H:%M")
try:
    {}["missing"]
except KeyError:
    assert "KeyError" in traceback.format_exc()
await asyncio.sleep(0)
"x".encode("utf-16"), "é".encode("latin-1"), "x".encode("idna")
json.dumps(sorted(sys.modules))
`);
console.log(out);
