// Rommi's service worker: keeps a copy of the whole site so it boots and plays offline.
//
// tools/build.py replaces the next line with the build's version (a hash of the
// content) and the list of every file the page needs, relative to this file.
const BUILD = { version: "dev", files: [] }; // replaced by tools/build.py

// One cache per build and per scope, so two copies of Rommi on one origin
// (say /games/rommi/ and /test/rommi/) never delete each other's files.
const PREFIX = `rommi:${self.registration.scope}:`;
const CACHE = PREFIX + BUILD.version;

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    // "no-cache": revalidate with the server (a cheap 304) so this build never stores stale bytes.
    await cache.addAll(BUILD.files.map((url) => new Request(url, { cache: "no-cache" })));
  })());
});

// A new build waits until the page says it has finished booting, so one boot never mixes two builds.
self.addEventListener("message", (event) => {
  if (event.data === "activate") self.skipWaiting();
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const key of await caches.keys()) {
      if (key.startsWith(PREFIX) && key !== CACHE) await caches.delete(key);
    }
    await self.clients.claim();
  })());
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    const hit = (await cache.match(request, { ignoreSearch: true }))
      || (request.mode === "navigate" ? await cache.match("./") : undefined);
    return hit || fetch(request);
  })());
});
