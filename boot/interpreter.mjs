// Rommi's Python: Pyodide, restored from a snapshot of an earlier visit's heap when there is one.
//
// pyscript.json names this module as its interpreter, so PyScript calls our loadPyodide
// instead of Pyodide's. A visit without a usable snapshot boots Python the normal way; once
// the table is playable and the page is idle, a Web Worker boots a second, throwaway Python,
// imports every module that does not touch the page (the engine, the computer players, the
// table's decisions and words) and stores the heap in Cache Storage. The next visit hands
// those bytes to Pyodide, which then starts with the modules already imported: no start-up
// of Python's own, no compiling of ours. A snapshot is keyed by the Pyodide version and the
// build of our Python (<html data-build>); any other is deleted when a new one is stored.
// Whatever goes wrong with a snapshot (none, stale, damaged, storage refused) ends in the
// normal boot; the player never sees an error for it.
//
// The state is on <html> for the tests and benchmarks: data-python="snapshot" or "fresh"
// (how this visit booted) and data-snapshot="kept", "stored", "failed" or "refused" (what
// became of it; "refused": the browser gives this page no Cache Storage or no workers).
// `_loadSnapshot` and `_makeSnapshot` are Pyodide's private options, hence the fallback.
import { loadPyodide as loadFresh, version } from "../vendor/pyodide/pyodide.mjs";

export { version };

// The modules the worker imports before it takes the snapshot; tools/build.py fills the list
// (every shipped module whose imports, at any depth, never reach js, pyscript or pyodide).
const MODULES = []; // replaced by tools/build.py

const SITE = new URL("../", import.meta.url).href;
const INDEX_URL = new URL("../vendor/pyodide/", import.meta.url).href;
const root = document.documentElement;
const CACHE = `rommi-python:${SITE}`;
const KEY = `${SITE}python.snapshot?pyodide=${version}&build=${root.dataset.build || "dev"}`;

// Cache Storage, or null where the page may not use it (not a secure context, storage blocked:
// there merely reading `caches` can throw).
function cacheStorage() {
  try {
    return typeof caches === "undefined" ? null : caches;
  } catch {
    return null;
  }
}

const note = (what, error) => console.info(`Rommi: ${what}:`, error && error.message ? error.message : error);

// The stored snapshot as { bytes }, a promise Pyodide awaits once it needs them (it fetches
// and compiles its WebAssembly meanwhile), or null when there is none.
async function storedSnapshot() {
  try {
    const storage = cacheStorage();
    if (!storage) return null;
    const hit = await (await storage.open(CACHE)).match(KEY);
    return hit ? { bytes: hit.arrayBuffer() } : null;
  } catch (error) {
    note("no Python snapshot (storage refused)", error);
    return null;
  }
}

async function dropSnapshots() {
  try {
    await cacheStorage()?.delete(CACHE);
  } catch (error) {
    note("could not delete the Python snapshot", error);
  }
}

export async function loadPyodide(options = {}) {
  const config = { ...options, indexURL: INDEX_URL };
  const snapshot = await storedSnapshot();
  if (snapshot) {
    try {
      const pyodide = await loadFresh({ ...config, _loadSnapshot: snapshot.bytes });
      // The heap holds the module-level random generator as it was when the snapshot was taken.
      pyodide.runPython("import random; random.seed()");
      root.dataset.python = "snapshot";
      root.dataset.snapshot = "kept";
      return pyodide;
    } catch (error) {
      note("the Python snapshot did not restore, so Python starts afresh", error);
      await dropSnapshots();
    }
  }
  const pyodide = await loadFresh(config);
  root.dataset.python = "fresh";
  whenPlayableAndIdle(storeSnapshot);
  return pyodide;
}

function whenPlayableAndIdle(task) {
  const idle = () => (window.requestIdleCallback ? requestIdleCallback(task, { timeout: 5000 }) : setTimeout(task, 1000));
  const later = () => setTimeout(idle, 1000);
  if (root.dataset.ready === "true") return later();
  const watch = new MutationObserver(() => {
    if (root.dataset.ready !== "true") return;
    watch.disconnect();
    later();
  });
  watch.observe(root, { attributes: true, attributeFilter: ["data-ready"] });
}

function storeSnapshot() {
  if (!cacheStorage() || typeof Worker === "undefined" || !MODULES.length) {
    root.dataset.snapshot = "refused";
    return;
  }
  let worker;
  try {
    worker = new Worker(new URL("./snapshot.mjs", import.meta.url), { type: "module" });
  } catch (error) {
    root.dataset.snapshot = "refused";
    note("no Python snapshot (no worker)", error);
    return;
  }
  worker.addEventListener("message", (event) => {
    worker.terminate();
    if (event.data.stored) {
      root.dataset.snapshot = "stored";
    } else {
      root.dataset.snapshot = "failed";
      note("no Python snapshot", event.data.error);
    }
  });
  worker.addEventListener("error", (event) => {
    worker.terminate();
    root.dataset.snapshot = "failed";
    note("no Python snapshot", event.message);
  });
  worker.postMessage({
    indexURL: INDEX_URL, archive: `${SITE}py/modules.tar`, modules: MODULES, cache: CACHE, key: KEY,
  });
}
