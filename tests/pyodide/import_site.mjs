// Imports every Python module of a built site inside Pyodide in Node, using the
// site's own vendored (trimmed) standard library, then exercises what the game
// does at run time.  The site's Python arrives as the archives its PyScript
// configs name, inflated and unpacked as the entry points do it
// (public/unpack.py), bytecode and all.  Prints the sorted names of the imported modules as JSON.
//
//   node tests/pyodide/import_site.mjs build/site
import { readFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";

const site = resolve(process.argv[2] ?? "build/site");
const { loadPyodide } = await import(pathToFileURL(join(site, "vendor/pyodide/pyodide.mjs")).href);
const pyodide = await loadPyodide({ indexURL: join(site, "vendor/pyodide") + "/" });
const target = "/home/pyodide/site";
const modules = new Set();
// The entry points' unpacker, beside the archives as PyScript puts it.
pyodide.FS.mkdirTree("/home/pyodide/entry");
pyodide.FS.writeFile("/home/pyodide/entry/unpack.py", readFileSync(join(site, "unpack.py")));
pyodide.runPython(`import sys; sys.path.insert(0, "/home/pyodide/entry")`);

for (const config of ["pyscript.json", "ai-worker.json"]) {
  const { files } = JSON.parse(readFileSync(join(site, config), "utf-8"));
  for (const [source, dest] of Object.entries(files)) {
    if (dest !== "./") throw new Error(`${config}: ${source} is not put in the working directory`);
    if (!source.endsWith(".zip.gz")) continue; // the unpacker itself
    const bytes = gunzipSync(readFileSync(join(site, source)));
    pyodide.unpackArchive(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length), "zip", {
      extractDir: target,
    });
    // The archive's precompiled dataclass methods, handed to dataclasses as
    // the entry points' unpacking does it (each archive brings its own table).
    pyodide.runPython(`
import unpack
unpack.use_dataclass_code("${target}/" + unpack.DATACLASS_CODE)
`);
  }
}
// Modules ship as bytecode alone (web/page.pyc), but those under the prefixes
// given after the site (scripts/build_site.py's SOURCES_ONLY) as sources.
const sourcesOnly = (process.argv[3] ?? "").split(",").filter(Boolean);
const unpacked = pyodide.runPython(`
import pathlib
[p.relative_to("${target}").as_posix() for p in pathlib.Path("${target}").rglob("*.py*")]
`).toJs();
for (const rel of unpacked) {
  if (!/\.pyc?$/.test(rel)) continue;
  const parts = rel.replace(/\.pyc?$/, "").split("/");
  if (parts.at(-1) === "__init__") parts.pop();
  if (parts.at(-1) !== "__main__") modules.add(parts.join("."));
}
pyodide.globals.set("MODULES", pyodide.toPy([...modules].sort()));
pyodide.globals.set("SOURCES_ONLY", pyodide.toPy(sourcesOnly.map((p) => `${target}/${p}`)));
const out = await pyodide.runPythonAsync(`
import asyncio, datetime, importlib, importlib.machinery, json, sys, traceback
sys.path.insert(0, "${target}")
# Every site module must load from its shipped bytecode (but those shipped as
# sources): compiling one from source goes through source_to_code.
compiled = []
to_code = importlib.machinery.SourceFileLoader.source_to_code
def counting(self, data, path, *args, **kwargs):
    if path.startswith("${target}/") and not path.startswith(tuple(SOURCES_ONLY)):
        compiled.append(path)
    return to_code(self, data, path, *args, **kwargs)
importlib.machinery.SourceFileLoader.source_to_code = counting
# What the entry points import at start (main.py, ai_worker.py) finds every
# dataclass method it creates already compiled (scripts/dataclass_code.py).
import dataclasses, unpack
assert dataclasses.exec is unpack._exec and len(unpack._precompiled) > 50
import web.app, web.worker.ai, web.worker.bearoff
assert not unpack.compiled_here, f"{len(unpack.compiled_here)} dataclass sources compiled at start"
for name in MODULES:
    importlib.import_module(name)
importlib.machinery.SourceFileLoader.source_to_code = to_code
assert not compiled, compiled

from engine import Position
from engine.ai import choose_play
from web.worker import ai as ai_service
from web.ai.protocol import PlayReply, PlayRequest, decode_reply, encode

request = PlayRequest(Position.start().id, (3, 1), "hard")
assert isinstance(decode_reply(ai_service.handle(encode(request))), PlayReply)
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
