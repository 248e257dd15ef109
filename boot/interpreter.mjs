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
// normal boot; the player never sees an error for it. Cache Storage may also never answer (a
// browser bug, as IndexedDB's open() has had): every wait for it is bounded in time (CACHE_WAIT_MS,
// BYTES_WAIT_MS, WORKER_WAIT_MS below), and one that runs out counts as no snapshot.
//
// A restore that kills the tab (the renderer crashes) cannot be caught here, so each restore is
// written down first (localStorage, BOOT_MARK) and struck off once the table is ready. A boot
// that finds its mark still standing knows the last restore never finished: it drops the
// snapshot and boots the normal way. After GIVE_UP such boots in a row, a build stops using
// snapshots. Without localStorage (or where what it stores cannot be read back) no snapshot is
// used, since a crash could not be told.
//
// The state is on <html> for the tests and benchmarks: data-python="snapshot" or "fresh"
// (how this visit booted) and data-snapshot="kept", "stored", "failed", "refused" or "off" (what
// became of it; "refused": the browser gives this page no Cache Storage or no workers; "off":
// restores of this build died GIVE_UP times, so it boots without one).
// `_loadSnapshot` and `_makeSnapshot` are Pyodide's private options, hence the fallback.
import { loadPyodide as loadFresh, version } from "../vendor/pyodide/pyodide.mjs";

export { version };

// The modules the worker imports before it takes the snapshot; tools/build/build.py fills the list
// (every shipped module whose imports, at any depth, never reach js, pyscript or pyodide).
const MODULES = []; // replaced by tools/build/build.py

const SITE = new URL("../", import.meta.url).href;
const INDEX_URL = new URL("../vendor/pyodide/", import.meta.url).href;
const root = document.documentElement;
const CACHE = `rommi-python:${SITE}`;
const KEY = `${SITE}python.snapshot?pyodide=${version}&build=${root.dataset.build || "dev"}`;
// The note's key: its prefix from the one table of stores (py/ui/records/stores.py), then the site.
const SNAPSHOT_MARK_PREFIX = ""; // written by tools/build/build.py
const BOOT_MARK = `${SNAPSHOT_MARK_PREFIX}${SITE}`; // {key, restoring, failures}
const GIVE_UP = 2;
// How long a wait for Cache Storage may last. Each answers in milliseconds when storage works; a
// wait that runs out costs at most this much before the normal boot.
const CACHE_WAIT_MS = 3000; // opening the cache and finding the snapshot, or deleting it
const BYTES_WAIT_MS = 10000; // reading the snapshot's bytes (tens of MB; well under a second here)
const WORKER_WAIT_MS = 120000; // the worker's whole making and storing of a snapshot (seconds here)

// `promise`, or a rejection once `ms` have passed without an answer.
function bounded(promise, ms, what) {
  let timer;
  const late = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no answer in ${ms} ms`)), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

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
    const find = async () => (await storage.open(CACHE)).match(KEY);
    const hit = await bounded(find(), CACHE_WAIT_MS, "Cache Storage");
    if (!hit) return null;
    const bytes = bounded(hit.arrayBuffer(), BYTES_WAIT_MS, "the Python snapshot's bytes");
    bytes.catch(() => {}); // awaited by Pyodide, which reports it; unawaited, it is no page error
    return { bytes };
  } catch (error) {
    note("no Python snapshot (storage refused)", error);
    return null;
  }
}

async function dropSnapshots() {
  try {
    const storage = cacheStorage();
    if (storage) await bounded(storage.delete(CACHE), CACHE_WAIT_MS, "Cache Storage");
  } catch (error) {
    note("could not delete the Python snapshot", error);
  }
}

// This build's restore record, or null where localStorage is refused (then no snapshot is used:
// a restore that crashed could not be told from one that did not).
function readMark() {
  try {
    const mark = JSON.parse(localStorage.getItem(BOOT_MARK) || "null");
    return mark && mark.key === KEY ? mark : { key: KEY, restoring: false, failures: 0 };
  } catch {
    return null;
  }
}

// Whether the record was written where it can be read back: storage that takes writes but
// cannot read them (getItem throws or forgets) could not tell a restore that crashed.
function writeMark(mark) {
  try {
    const text = JSON.stringify(mark);
    localStorage.setItem(BOOT_MARK, text);
    return localStorage.getItem(BOOT_MARK) === text;
  } catch {
    return false;
  }
}

// The record as this boot leaves it: a restore still marked as running never finished. It is
// written back in any case, and null (no snapshot) where it cannot be read back.
async function settleMark() {
  const mark = readMark();
  if (!mark) return null;
  if (mark.restoring) {
    note("the last restore of the Python snapshot never finished, so it is dropped", "");
    await dropSnapshots();
    mark.restoring = false;
    mark.failures = (Number(mark.failures) || 0) + 1;
  }
  return writeMark(mark) ? mark : null;
}

// The page's modules' bytecode, compiled by the worker into the snapshot's heap, written where
// Python's import looks for it (snapshot.mjs says why); the heap's copy is let go. Where the
// files cannot be written, those modules are compiled as they are imported, as on a visit
// without a snapshot. <html data-bytecode> counts the files written.
const PLANT_BYTECODE = `
def plant():
    import os, sys
    held = sys.modules.pop("_rommi_bytecode", None)
    files = getattr(held, "files", {})
    for path, data in files.items():
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "wb") as pyc:
            pyc.write(data)
    return len(files)
plant()
`;

function plantBytecode(pyodide) {
  const scope = pyodide.toPy({});
  try {
    root.dataset.bytecode = String(pyodide.runPython(PLANT_BYTECODE, { globals: scope }));
  } catch (error) {
    root.dataset.bytecode = "0";
    note("the page's Python is compiled as it is imported", error);
  } finally {
    scope.destroy();
  }
}

function strikeOffWhenReady(mark) {
  whenReady(() => writeMark({ key: KEY, restoring: false, failures: 0 }));
}

export async function loadPyodide(options = {}) {
  const config = { ...options, indexURL: INDEX_URL };
  const mark = await settleMark();
  const usable = mark !== null && mark.failures < GIVE_UP;
  const snapshot = usable ? await storedSnapshot() : null;
  if (snapshot && writeMark({ ...mark, restoring: true })) {
    try {
      const pyodide = await loadFresh({ ...config, _loadSnapshot: snapshot.bytes });
      // The heap holds the module-level random generator as it was when the snapshot was taken.
      pyodide.runPython("import random; random.seed()");
      plantBytecode(pyodide);
      root.dataset.python = "snapshot";
      root.dataset.snapshot = "kept";
      strikeOffWhenReady(mark);
      return pyodide;
    } catch (error) {
      writeMark(mark);
      note("the Python snapshot did not restore, so Python starts afresh", error);
      await dropSnapshots();
    }
  }
  const pyodide = await loadFresh(config);
  root.dataset.python = "fresh";
  if (!usable) {
    root.dataset.snapshot = mark ? "off" : "refused";
  } else {
    whenReady(() => setTimeout(whenIdle(storeSnapshot), 1000));
  }
  return pyodide;
}

const whenIdle = (task) => () =>
  window.requestIdleCallback ? requestIdleCallback(task, { timeout: 5000 }) : setTimeout(task, 1000);

// `task` once py/main.py has set <html data-ready="true"> (the table answers clicks).
function whenReady(task) {
  if (root.dataset.ready === "true") return task();
  const watch = new MutationObserver(() => {
    if (root.dataset.ready !== "true") return;
    watch.disconnect();
    task();
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
  // A worker whose Cache Storage never answers would hold a whole second Python for ever.
  const timer = setTimeout(() => {
    worker.terminate();
    root.dataset.snapshot = "failed";
    note("no Python snapshot", `no answer from the worker in ${WORKER_WAIT_MS} ms`);
  }, WORKER_WAIT_MS);
  worker.addEventListener("message", (event) => {
    clearTimeout(timer);
    worker.terminate();
    if (event.data.stored) {
      root.dataset.snapshot = "stored";
    } else {
      root.dataset.snapshot = "failed";
      note("no Python snapshot", event.data.error);
    }
  });
  worker.addEventListener("error", (event) => {
    clearTimeout(timer);
    worker.terminate();
    root.dataset.snapshot = "failed";
    note("no Python snapshot", event.message);
  });
  worker.postMessage({
    indexURL: INDEX_URL, archive: `${SITE}py/modules.tar`, modules: MODULES, cache: CACHE, key: KEY,
  });
}
