// The worker that makes Rommi's Python snapshot (see interpreter.mjs): a throwaway Pyodide
// imports the modules it is told, and its heap is stored in Cache Storage under the key it is
// given, in place of any older snapshot. It runs apart from the page because a Python that
// is to be snapshotted may not read the page (Pyodide refuses document, window, storage).
//
// The modules that do read the page are compiled here too, though not imported: their bytecode
// goes into the heap (the module _rommi_bytecode, path by path), and the page writes it out as
// .pyc files as soon as the snapshot is restored (interpreter.mjs), so that importing them
// skips the compiler, the slowest part of a restored boot after the restore itself. They are
// "checked" hash-based .pyc files (PEP 552): Python compares each with its source's hash, so
// a source that differs is compiled afresh, as without them.
import { loadPyodide } from "../vendor/pyodide/pyodide.mjs";

// Every unpacked module not imported above, compiled into the heap (see above).
const COMPILE = `
def _compile():
    import importlib.util, os, py_compile, sys, types
    held = {os.path.abspath(m.__file__) for m in list(sys.modules.values()) if getattr(m, "__file__", None)}
    mode = py_compile.PycInvalidationMode.CHECKED_HASH
    kept = types.ModuleType("_rommi_bytecode")
    kept.files = {}
    for folder, _, names in os.walk("."):
        for name in names:
            path = os.path.abspath(os.path.join(folder, name))
            if name.endswith(".py") and path not in held:
                cached = importlib.util.cache_from_source(path)
                py_compile.compile(path, cfile=cached, doraise=True, invalidation_mode=mode)
                with open(cached, "rb") as pyc:
                    kept.files[cached] = pyc.read()
    sys.modules["_rommi_bytecode"] = kept
_compile()
del _compile
`;

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
    pyodide.runPython(COMPILE);
    const snapshot = pyodide.makeMemorySnapshot();
    const store = await caches.open(cache);
    for (const old of await store.keys()) await store.delete(old);
    await store.put(key, new Response(snapshot, { headers: { "content-type": "application/octet-stream" } }));
    self.postMessage({ stored: true, bytes: snapshot.byteLength });
  } catch (error) {
    self.postMessage({ stored: false, error: String(error && error.message ? error.message : error) });
  }
});
