// Rommi's service worker: keeps a copy of the whole site so it boots and plays offline.
//
// tools/build/build.py replaces the next line with the build's version (a hash of the
// content) and the list of every file the page needs, relative to this file.
const BUILD = { version: "dev", files: [] }; // replaced by tools/build/build.py

// One cache per build and per scope, so two copies of Rommi on one origin
// (say /games/rommi/ and /test/rommi/) never delete each other's files.
const PREFIX = `rommi:${self.registration.scope}:`;
const CACHE = PREFIX + BUILD.version;

// Cache Storage may never answer (a browser bug): a page's request must not wait for it for
// ever. A look-up not answered in LOOKUP_WAIT_MS goes to the network; after one such silence
// the next look-ups wait only SILENT_WAIT_MS, until the cache answers in time again. Offline,
// where the network fails, the request still takes the cache's late answer: a slow cache on a
// busy machine must not cost offline play. Installing and cleaning up give up after SETUP_WAIT_MS.
const LOOKUP_WAIT_MS = 3000;
const SILENT_WAIT_MS = 100;
const SETUP_WAIT_MS = 60000;
let silent = false;

// `promise`, or a rejection once `ms` have passed without an answer.
function bounded(promise, ms) {
  let timer;
  const late = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`Cache Storage: no answer in ${ms} ms`)), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

self.addEventListener("install", (event) => {
  event.waitUntil(bounded((async () => {
    const cache = await caches.open(CACHE);
    // "no-cache": revalidate with the server (a cheap 304) so this build never stores stale bytes.
    await cache.addAll(BUILD.files.map((url) => new Request(url, { cache: "no-cache" })));
  })(), SETUP_WAIT_MS));
});

// A new build waits until the page says it has finished booting, so one boot never mixes two builds.
self.addEventListener("message", (event) => {
  if (event.data === "activate") self.skipWaiting();
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    try {
      await bounded((async () => {
        for (const key of await caches.keys()) {
          if (key.startsWith(PREFIX) && key !== CACHE) await caches.delete(key);
        }
      })(), SETUP_WAIT_MS);
    } catch {
      // old copies are left for the next activation: the page's requests wait for this one
    }
    await self.clients.claim();
  })());
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith((async () => {
    const lookup = (async () => {
      const cache = await caches.open(CACHE);
      return (await cache.match(request, { ignoreSearch: true }))
        || (request.mode === "navigate" ? await cache.match("./") : undefined);
    })();
    lookup.catch(() => {}); // a refusal is the same as a miss
    let hit;
    try {
      hit = await bounded(lookup, silent ? SILENT_WAIT_MS : LOOKUP_WAIT_MS);
      silent = false;
    } catch {
      silent = true;
    }
    if (hit) return hit;
    try {
      return await fetch(request);
    } catch (error) {
      const late = await lookup.catch(() => undefined);
      if (late) return late;
      throw error;
    }
  })());
});
