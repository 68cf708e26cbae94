// make web-check: run acquire8 -- everything but Pyxel -- under Pyodide in Node.
//
//   node tools/web/check.mjs dist/acquire8.pyxapp [seconds-per-level]
//
// Loads the very .pyxapp the web build ships into Pyodide's file system, gives Python a
// stand-in for the browser's localStorage (Node has none), and runs webcheck.py beside this
// file: complete computer-only games at every level with decision times, the pyxel-free
// controllers, the storage adapter, and the shipped game itself with a stand-in pyxel module.
// Exits non-zero when any part that exists fails.
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { loadPyodide } from "pyodide";

const here = dirname(fileURLToPath(import.meta.url));
const [pyxapp, seconds = "15"] = process.argv.slice(2);
if (!pyxapp) {
  console.error("usage: node tools/web/check.mjs PYXAPP [seconds-per-level]");
  process.exit(2);
}

// The Web Storage API as the game uses it; values are strings, missing keys give null.
class LocalStorageStandIn {
  #items = new Map();
  getItem(key) {
    return this.#items.has(String(key)) ? this.#items.get(String(key)) : null;
  }
  setItem(key, value) {
    this.#items.set(String(key), String(value));
  }
  removeItem(key) {
    this.#items.delete(String(key));
  }
  clear() {
    this.#items.clear();
  }
  key(i) {
    return [...this.#items.keys()][i] ?? null;
  }
  get length() {
    return this.#items.size;
  }
}
globalThis.localStorage = new LocalStorageStandIn();
globalThis.window ??= globalThis; // code that says js.window.localStorage finds it too

const started = performance.now();
const pyodide = await loadPyodide({
  stdout: (line) => console.log(line),
  stderr: (line) => console.error(line),
});
console.log(
  `Pyodide ${pyodide.version} (Python ${pyodide.runPython("import sys; sys.version.split()[0]")}) ` +
    `loaded in ${((performance.now() - started) / 1000).toFixed(1)} s`,
);

pyodide.FS.mkdirTree("/check");
pyodide.FS.writeFile("/check/acquire8.pyxapp", readFileSync(pyxapp));
pyodide.FS.writeFile("/check/webcheck.py", readFileSync(join(here, "webcheck.py")));

let status = 0;
try {
  pyodide.runPython(`
import runpy, sys
sys.argv = ["webcheck.py", "/check/acquire8.pyxapp", ${JSON.stringify(seconds)}]
runpy.run_path("/check/webcheck.py", run_name="__main__")
`);
} catch (error) {
  // A Python exception (SystemExit included) arrives as a PythonError.
  const text = String(error.message ?? error);
  const exit = text.match(/SystemExit: (\d+)/);
  status = exit ? Number(exit[1]) : 1;
  if (!exit) console.error(text);
}

const keys = Array.from({ length: localStorage.length }, (_, i) => localStorage.key(i));
console.log(`localStorage stand-in holds: ${keys.length ? keys.sort().join(", ") : "nothing"}`);
console.log(`web-check ${status === 0 ? "passed" : "FAILED"} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
process.exit(status);
