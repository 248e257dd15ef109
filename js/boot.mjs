// The boot: shows the loading stages, reports any failure in the page (#failure), then hands
// over to PyScript (vendor/pyscript/core.js), which runs py/main.py. Runs after the page is
// parsed and drawn (a module), after js/perf.mjs, js/tabs.mjs and js/dom.mjs (index.html lists
// them in that order); what must be there at the first paint (the language, the setup form, the
// page's words in Finnish) is done by index.html's inline scripts, whose window.rommiBoot this reads.
const root = document.documentElement;
const FI = window.rommiBoot.lang === "fi";
const byId = (id) => document.getElementById(id);
const STAGES = ["download", "start", "game"];
const PROGRESS = { download: 0, start: 70, game: 90 };  // percent at the start of each stage
let current = 0;
let state = "loading";  // then "ready" or "failed"
let slowTimer = 0;
const pageFetch = window.fetch;  // wrapped below while the page boots

function stage(name) {
  const index = STAGES.indexOf(name);
  if (state !== "loading" || index <= current) return;
  current = index;
  root.dataset.stage = name;
  byId("progress").value = PROGRESS[name];
  for (const item of byId("stages").children) {
    const at = STAGES.indexOf(item.dataset.stage);
    item.className = at < index ? "done" : at === index ? "active" : "";
    if (at === index) item.setAttribute("aria-current", "step");
    else item.removeAttribute("aria-current");
  }
}

function fail(message, detail) {
  if (state !== "loading") return;
  state = "failed";
  clearTimeout(slowTimer);
  root.dataset.boot = "failed";
  window.fetch = pageFetch;
  byId("loading").hidden = true;
  byId("failure").hidden = false;
  byId("failure-message").textContent = message;
  byId("failure-detail").textContent = detail || "";
  // Booted from a Python snapshot (boot/interpreter.mjs) and failed all the same: the next
  // visit boots afresh, so a snapshot that restores but misbehaves cannot fail every visit.
  if (root.dataset.python === "snapshot") {
    caches.keys().then((keys) => Promise.all(keys.filter((key) => key.startsWith("rommi-python:"))
      .map((key) => caches.delete(key)))).catch(() => {});
  }
}

// PyScript watches the whole document (and each shadow root) for new <script type="py">
// and py-* attributes: a MutationObserver on every change, with an XPath query over each
// element added. Once the table is ready no such thing is ever added, and the watch would
// cost every redraw (measured: adding and removing a seat of 27 elements took 0.35 ms with
// it, 0.08 ms without). So the observers made while PyScript loads that watch the whole
// document or a shadow root are noted here, and disconnected once the table is ready (below;
// rommiPerf.unwatched counts them).
const Watch = window.MutationObserver;
const theirs = [];
window.MutationObserver = class extends Watch {
  observe(target, options) {
    if (options?.subtree && (target === document || target instanceof ShadowRoot)) theirs.push(this);
    super.observe(target, options);
  }
};

// Ready: py/main.py sets <html data-ready="true"> when the table answers clicks.
new Watch(() => {
  if (root.dataset.ready === "true" && state === "loading") {
    state = "ready";
    window.rommiPerf.readyAt = performance.now();
    clearTimeout(slowTimer);
    window.fetch = pageFetch;
    for (const observer of theirs) observer.disconnect();
    window.rommiPerf.unwatched = theirs.length;
    byId("progress").value = 100;
  }
}).observe(root, { attributes: true, attributeFilter: ["data-ready"] });

slowTimer = setTimeout(() => { byId("slow").hidden = false; }, 30000);

// Can this browser run the game at all? If not, say why and load nothing more.
if (typeof WebAssembly !== "object" || typeof WebAssembly.instantiateStreaming !== "function") {
  fail("This browser cannot run Rommi: it has no WebAssembly (or it is turned off).",
       "Rommi runs Python in the page through WebAssembly. Any current Chrome, Edge, Firefox or Safari has it.");
} else if (typeof Worker !== "function") {
  // PyScript needs Web Workers even to load (it builds on the Worker class): without them its
  // import fails, and that would read as a file that failed to load. Said for what it is.
  fail(FI ? "Tämä selain ei pysty pyörittämään Rommia: siitä puuttuvat Web Workerit (tai ne on otettu pois käytöstä)."
          : "This browser cannot run Rommi: it has no Web Workers (or they are turned off).",
       FI ? "Rommi käynnistää Pythonin PyScriptillä, joka tarvitsee Web Workerit. Ne ovat kaikissa ajantasaisissa Chrome-, Edge-, Firefox- ja Safari-selaimissa."
          : "Rommi starts Python with PyScript, which needs Web Workers. Any current Chrome, Edge, Firefox or Safari has them.");
} else {
  start();
}

// Everything else, once the browser is known to be able to run the game.
function start() {
  // A <script>, <link> or <img> that failed to load, or an uncaught error (Python tracebacks arrive here).
  addEventListener("error", (event) => {
    const target = event.target;
    if (target && target !== window && (target.src || target.href)) {
      fail("A file the game needs failed to load.", target.src || target.href);
    } else if (/PythonError/.test(event.message || "")) {
      fail(`Python stopped with an error while starting the game: ${event.message.trim().split("\n").pop()}`,
           event.message);
    } else {
      fail("The game stopped with an error while starting.", event.message || String(event.error));
    }
  }, true);
  addEventListener("unhandledrejection", (event) => {
    const reason = event.reason;
    const text = (reason && (reason.stack || reason.message)) || String(reason);
    const lost = /fetch|load|import|network|404|MIME/i.test(text);
    fail(lost ? "A file the game needs failed to load." : "The game stopped with an error while starting.", text);
  });
  // PyScript reports its own errors (a config or file that failed, a Python error) as a .py-error box;
  // while booting, its text goes into our failure panel instead.
  new MutationObserver((records) => {
    for (const record of records) {
      for (const node of record.addedNodes) {
        if (state === "ready" || node.nodeType !== 1 || !node.classList.contains("py-error")) continue;
        const text = node.textContent;
        if (/PythonError|Traceback/.test(text)) {
          const last = text.trim().split("\n").pop();
          fail(`Python stopped with an error while starting the game: ${last}`, text);
        } else {
          fail("The game could not start.", text);
        }
        if (!byId("failure-detail").textContent.includes(text)) byId("failure-detail").textContent += "\n" + text;
        node.remove();
      }
    }
  }).observe(document.body, { childList: true });

  // Watch the page's downloads while it boots: a file that fails is named in the page (Pyodide
  // itself only warns when the wasm fails, then hangs), and the two big ones (the wasm and the
  // standard library) are counted, through a copy of each response, to show stage 1's progress.
  const BIG = new Map([["pyodide.asm.wasm", null], ["python_stdlib.zip", null]]);
  function showBytes() {
    let got = 0, total = 0, done = 0;
    for (const file of BIG.values()) {
      if (!file) continue;
      got += file.got; total += file.total; done += file.done ? 1 : 0;
    }
    const item = byId("stages").children[0];
    const mb = (n) => (n / 1048576).toFixed(1);
    const word = FI ? "Ladataan Pythonia" : "Downloading Python";
    item.textContent = total && done < BIG.size
      ? (FI ? `${word} (${mb(got)} / ${mb(total)} Mt)` : `${word} (${mb(got)} of ${mb(total)} MB)`) : word;
    if (total && current === 0) byId("progress").value = Math.min(PROGRESS.start, PROGRESS.start * got / total);
    if (done === BIG.size) stage("start");
  }
  async function count(name, response) {
    const file = { got: 0, total: Number(response.headers.get("content-length")) || 0, done: false };
    BIG.set(name, file);
    try {
      const reader = response.body.getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        file.got += value.byteLength;
        showBytes();
      }
    } catch {
      return;  // the page's own read of this response reports the failure
    }
    file.done = true;
    showBytes();
  }
  window.fetch = function (resource, options) {
    const url = String(resource && resource.url ? resource.url : resource);
    const answer = pageFetch.call(this, resource, options);
    if (state !== "loading") return answer;
    const name = url.split("?")[0].split("/").pop();
    return answer.then((response) => {
      const type = response.headers.get("content-type") || "";
      if (!response.ok) {
        fail("A file the game needs failed to load.", `${response.url || url}: HTTP ${response.status}`);
      } else if (name.endsWith(".wasm") && !type.startsWith("application/wasm")) {
        fail("The server sends the game's WebAssembly with the wrong type, so the browser cannot start it.",
             `${name} came as "${type}"; it must be served as "application/wasm".`);
      } else if (BIG.has(name) && !BIG.get(name) && response.body) {
        count(name, response.clone());
      }
      return response;
    }, (error) => {
      fail("A file the game needs failed to load.", `${url}: ${error.message}`);
      throw error;
    });
  };
  // Stage 3: the interpreter is up; our files are copied in and py/main.py runs.
  addEventListener("py:progress", (event) => { if (event.detail === "Loaded interpreter") stage("game"); });
  document.querySelector('script[type="py"]').addEventListener("py:ready", () => stage("game"));

  // Offline copy: registered only after the first boot, so it never competes with it. A newer
  // build's worker is let in only now that this page has all its files; the next visit uses it.
  addEventListener("py:all-done", () => {
    if (state === "failed" || !window.isSecureContext || !("serviceWorker" in navigator)) return;
    let controlled = Boolean(navigator.serviceWorker.controller);
    const letIn = (worker) => { if (worker) worker.postMessage("activate"); };
    navigator.serviceWorker.addEventListener("controllerchange", () => {
      if (controlled) {
        byId("offline").textContent = FI ? "Uusi versio on valmis: lataa sivu uudelleen pelataksesi sitä."
          : "A new version is ready: reload the page to play it.";
      }
      controlled = true;
    });
    navigator.serviceWorker.register("./sw.js")
      .then((registration) => {
        letIn(registration.waiting);
        registration.addEventListener("updatefound", () => {
          const worker = registration.installing;
          worker.addEventListener("statechange", () => { if (worker.state === "installed") letIn(worker); });
        });
        return navigator.serviceWorker.ready;
      })
      .then(() => { byId("offline").hidden = false; })
      .catch((error) => console.info("Rommi: no offline copy:", error.message));
  }, { once: true });

  // PyScript keeps a small cache in IndexedDB and cannot start without it. Where the browser
  // refuses it (a cross-site frame with storage blocked, some private windows: the getter
  // throws, open() fails or never answers, or it is missing) an in-memory stand-in holds it
  // for this visit.
  const memoryIndexedDB = () => {
    const later = (request, result) => setTimeout(() => {
      request.result = result;
      if (request.onsuccess) request.onsuccess({ target: request });
    });
    const store = (data) => {
      const ask = (result) => { const request = {}; later(request, result); return request; };
      return {
        count: () => ask(data.size), clear: () => ask(data.clear()), delete: (k) => ask(data.delete(k)),
        get: (k) => ask(data.get(k)), getKey: (k) => ask(data.has(k) ? k : undefined),
        getAllKeys: () => ask([...data.keys()]), put: (v, k) => ask(data.set(k, v) && k),
      };
    };
    const bases = new Map();
    return {
      open(name) {
        if (!bases.has(name)) bases.set(name, new Map());
        const data = bases.get(name);
        const db = { objectStoreNames: { length: 1 }, close() {}, transaction: () => ({ objectStore: () => store(data) }) };
        const request = {};
        later(request, db);
        return request;
      },
    };
  };
  // A browser bug can leave open() unanswered for ever (no success, no error): after
  // IDB_WAIT_MS (it answers in milliseconds when it works) the stand-in is used all the same.
  const IDB_WAIT_MS = 2000;
  const indexedDBWorks = () => new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), IDB_WAIT_MS);
    const answer = (works) => { clearTimeout(timer); resolve(works); };
    try {
      const request = indexedDB.open("rommi-probe");
      request.onsuccess = () => { request.result.close(); answer(true); };
      request.onerror = () => answer(false);
      request.onblocked = () => answer(false);
    } catch {
      answer(false);
    }
  });

  indexedDBWorks().then((works) => {
    if (!works) {
      Object.defineProperty(window, "indexedDB", { configurable: true, value: memoryIndexedDB() });
      root.dataset.storage = "memory";
    }
    // Relative to this module (js/), where fetch and the worker's address are relative to the page.
    return import("../vendor/pyscript/core.js").finally(() => { window.MutationObserver = Watch; });
  }).catch((error) => {
    fail("A file the game needs failed to load.", "vendor/pyscript/core.js: " + error.message);
  });
}
