// Runs tests/pyodide/engine_digest.py inside Pyodide (Python 3.14, WebAssembly)
// in Node.js, with the repository's engine/ copied into Pyodide's file system.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { loadPyodide } from "pyodide";

const root = fileURLToPath(new URL("../..", import.meta.url));
const pyodide = await loadPyodide();
const target = "/home/pyodide";

function copyTree(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (name === "__pycache__") continue;
    const dest = join(target, relative(root, path));
    if (statSync(path).isDirectory()) {
      pyodide.FS.mkdirTree(dest);
      copyTree(path);
    } else {
      pyodide.FS.writeFile(dest, readFileSync(path));
    }
  }
}
pyodide.FS.mkdirTree(join(target, "engine"));
copyTree(join(root, "engine"));
pyodide.FS.writeFile(join(target, "engine_digest.py"), readFileSync(join(root, "tests/pyodide/engine_digest.py")));
const out = pyodide.runPython(`
import sys
sys.path.insert(0, "${target}")
import engine_digest
f"{sys.version_info[0]}.{sys.version_info[1]} " + engine_digest.main()
`);
console.log(out);
