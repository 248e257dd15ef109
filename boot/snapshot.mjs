// The worker that makes Rommi's Python snapshot (see interpreter.mjs): a throwaway Pyodide
// imports the modules it is told, and its heap is stored in Cache Storage under the key it is
// given, in place of any older snapshot. It runs apart from the page because a Python that
// is to be snapshotted may not read the page (Pyodide refuses document, window, storage).
import { loadPyodide } from "../vendor/pyodide/pyodide.mjs";

self.addEventListener("message", async (event) => {
  const { indexURL, archive, modules, cache, key } = event.data;
  try {
    const [pyodide, packed] = await Promise.all([
      loadPyodide({ indexURL, _makeSnapshot: true }),
      fetch(archive).then((response) => {
        if (!response.ok) throw new Error(`${archive}: HTTP ${response.status}`);
        return response.arrayBuffer();
      }),
    ]);
    // Where PyScript unpacks the same archive in the page (its "files": "./*").
    pyodide.unpackArchive(packed, "gztar", { extractDir: "." });
    pyodide.globals.set("rommi_modules", pyodide.toPy(modules));
    pyodide.runPython("import importlib\nfor name in rommi_modules: importlib.import_module(name)\ndel rommi_modules, name, importlib");
    const snapshot = pyodide.makeMemorySnapshot();
    const store = await caches.open(cache);
    for (const old of await store.keys()) await store.delete(old);
    await store.put(key, new Response(snapshot, { headers: { "content-type": "application/octet-stream" } }));
    self.postMessage({ stored: true, bytes: snapshot.byteLength });
  } catch (error) {
    self.postMessage({ stored: false, error: String(error && error.message ? error.message : error) });
  }
});
