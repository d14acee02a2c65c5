/* Barangay Portal service worker (issue 2 item 10; spec §7.1), scope "/".
 *
 * Kept small and safe:
 * - /assets/* (hashed file names, immutable): cache first, then network; the cache is trimmed.
 * - page navigations: network first; offline, "/" falls back to the cached anonymous app shell and
 *   every other page to a small built-in offline page.
 * - never touched (left to the browser): non-GET requests, other origins, /backend, /trpc, /ws,
 *   React Router data requests (*.data, /__manifest) and everything else.
 * The shell is "/" fetched WITHOUT cookies, so no signed-in user's data is ever stored.
 * Bump VERSION to drop every cache of an older worker.
 */
"use strict";

const VERSION = "v1";
const SHELL_CACHE = "portal-shell-" + VERSION;
const ASSET_CACHE = "portal-assets-" + VERSION;
const SHELL_URL = "/";
const MAX_ASSETS = 300;
const SHELL_MAX_AGE_MS = 60 * 60 * 1000; // refresh the cached shell at most once an hour
const CACHED_AT_HEADER = "X-SW-Cached-At";
const BYPASS = /^\/(?:backend|trpc|ws)(?:\/|$)/;
const ASSET = /^\/assets\//;
// Asset references in the shell's HTML: modulepreload links, stylesheets, the entry script.
const ASSET_REFERENCE = /\/assets\/[\w.\-/]+\.(?:js|mjs|css|woff2?|ttf|svg|png|jpe?g|webp|avif|ico)/g;

const OFFLINE_HTML =
  '<!doctype html><html lang="en"><head><meta charset="utf-8">' +
  '<meta name="viewport" content="width=device-width, initial-scale=1">' +
  '<meta name="theme-color" content="#eab308"><title>Offline | Portal</title>' +
  "<style>body{font-family:system-ui,sans-serif;display:flex;min-height:100vh;margin:0;align-items:center;" +
  "justify-content:center;text-align:center;padding:1.5rem;color:#1c1917;background:#fafaf9}" +
  "a{display:inline-block;margin-top:1rem;padding:.5rem 1rem;border-radius:.375rem;background:#eab308;color:#1c1917;" +
  "font-weight:600;text-decoration:none}@media (prefers-color-scheme:dark){body{color:#fafaf9;background:#1c1917}}</style>" +
  '</head><body><main><h1>You are offline</h1><p>The portal needs a connection for this page. ' +
  'Check the network and try again.</p><a href="">Try again</a></main></body></html>';

/** Fetches "/" without cookies and stores it with the assets it references. Best effort. */
async function cacheShell() {
  const response = await fetch(SHELL_URL, { credentials: "omit", cache: "no-store", redirect: "manual" });
  if (!response.ok || response.type !== "basic" || response.redirected) return false;
  const html = await response.text();
  const headers = new Headers(response.headers);
  headers.set(CACHED_AT_HEADER, String(Date.now()));
  // The body is stored decoded: drop the headers that describe the encoded one.
  headers.delete("Content-Encoding");
  headers.delete("Content-Length");
  const shell = await caches.open(SHELL_CACHE);
  await shell.put(SHELL_URL, new Response(html, { status: response.status, statusText: response.statusText, headers }));
  const assets = await caches.open(ASSET_CACHE);
  const urls = Array.from(new Set(html.match(ASSET_REFERENCE) || []));
  await Promise.all(
    urls.map(async (url) => {
      try {
        if (await assets.match(url)) return;
        const asset = await fetch(url);
        if (asset.ok && asset.type === "basic") await assets.put(url, asset);
      } catch (_) {
        /* one missing asset must not fail the install */
      }
    }),
  );
  await trimAssets();
  return true;
}

async function refreshShellIfStale() {
  try {
    const cached = await caches.match(SHELL_URL, { cacheName: SHELL_CACHE });
    const cachedAt = Number(cached && cached.headers.get(CACHED_AT_HEADER));
    if (cached && Date.now() - cachedAt < SHELL_MAX_AGE_MS) return;
    await cacheShell();
  } catch (_) {
    /* offline or quota: keep the old shell */
  }
}

/** Drops the oldest cached assets beyond MAX_ASSETS (keys() is in insertion order). */
async function trimAssets() {
  const cache = await caches.open(ASSET_CACHE);
  const keys = await cache.keys();
  for (const key of keys.slice(0, Math.max(0, keys.length - MAX_ASSETS))) await cache.delete(key);
}

async function cacheFirst(request) {
  const cache = await caches.open(ASSET_CACHE);
  const cached = await cache.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok && response.type === "basic") {
    await cache.put(request, response.clone());
    await trimAssets();
  }
  return response;
}

function offlineResponse() {
  return new Response(OFFLINE_HTML, {
    status: 503,
    statusText: "Offline",
    headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" },
  });
}

async function networkFirstNavigation(event, url) {
  try {
    const response = await fetch(event.request);
    event.waitUntil(refreshShellIfStale());
    return response;
  } catch (_) {
    if (url.pathname === SHELL_URL) {
      const shell = await caches.match(SHELL_URL, { cacheName: SHELL_CACHE });
      if (shell) return shell;
    }
    return offlineResponse();
  }
}

/** What the worker does with a request: "asset", "navigate", or null (leave it to the browser). */
function strategyFor(request) {
  if (request.method !== "GET") return null;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return null;
  if (BYPASS.test(url.pathname)) return null;
  if (request.mode === "navigate") return "navigate";
  if (ASSET.test(url.pathname)) return "asset";
  return null;
}

self.addEventListener("install", (event) => {
  event.waitUntil(
    cacheShell()
      .catch(() => false)
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(
          names
            .filter((name) => name.startsWith("portal-") && name !== SHELL_CACHE && name !== ASSET_CACHE)
            .map((name) => caches.delete(name)),
        ),
      )
      .then(() => self.clients.claim()),
  );
});

self.addEventListener("fetch", (event) => {
  const strategy = strategyFor(event.request);
  if (strategy === "navigate") event.respondWith(networkFirstNavigation(event, new URL(event.request.url)));
  else if (strategy === "asset") event.respondWith(cacheFirst(event.request));
});
