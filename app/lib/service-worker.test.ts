import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import vm from "node:vm";
import { describe, expect, it } from "vitest";
import { registerServiceWorker, SERVICE_WORKER_SCOPE, SERVICE_WORKER_URL } from "./service-worker.ts";

describe("registerServiceWorker (spec §7.1, §8)", () => {
  function container(result: () => Promise<unknown>) {
    const calls: [string, RegistrationOptions | undefined][] = [];
    return {
      calls,
      serviceWorker: {
        register: (url: string | URL, options?: RegistrationOptions) => {
          calls.push([String(url), options]);
          return result() as Promise<ServiceWorkerRegistration>;
        },
      },
    };
  }

  it("registers /sw.js with scope /", async () => {
    const registration = { scope: "https://portal.test/" };
    const nav = container(async () => registration);
    await expect(registerServiceWorker({ navigator: nav, dev: false })).resolves.toBe(registration);
    expect(nav.calls).toEqual([["/sw.js", { scope: "/" }]]);
    expect([SERVICE_WORKER_URL, SERVICE_WORKER_SCOPE]).toEqual(["/sw.js", "/"]);
  });

  it("is skipped in development", async () => {
    const nav = container(async () => ({}));
    await expect(registerServiceWorker({ navigator: nav, dev: true })).resolves.toBeNull();
    expect(nav.calls).toEqual([]);
  });

  it("swallows a failed registration", async () => {
    const nav = container(async () => {
      throw new DOMException("Failed to register a ServiceWorker", "SecurityError");
    });
    await expect(registerServiceWorker({ navigator: nav, dev: false })).resolves.toBeNull();
    expect(nav.calls).toHaveLength(1);
  });

  it.each([
    ["no serviceWorker", {}],
    ["no navigator", undefined],
  ])("swallows a browser without support (%s)", async (_label, navigator) => {
    await expect(registerServiceWorker({ navigator, dev: false })).resolves.toBeNull();
  });

  it("swallows a register that throws synchronously", async () => {
    const nav = {
      serviceWorker: {
        register: () => {
          throw new TypeError("boom");
        },
      },
    };
    await expect(registerServiceWorker({ navigator: nav, dev: false })).resolves.toBeNull();
  });
});

// --- public/sw.js, run in a sandbox with fake caches and network ------------------------------

const SW_SOURCE = readFileSync(fileURLToPath(new URL("../../public/sw.js", import.meta.url)), "utf8");
const ORIGIN = "https://portal.test";

type FakeRequest = { url: string; method: string; mode: string };
type Route = (url: string, init?: RequestInit) => Response | Promise<Response>;

function keyOf(input: string | FakeRequest | Request): string {
  const url = typeof input === "string" ? input : input.url;
  return new URL(url, ORIGIN).href;
}

class FakeCache {
  entries = new Map<string, Response>();
  async match(input: string | FakeRequest) {
    return this.entries.get(keyOf(input))?.clone();
  }
  async put(input: string | FakeRequest, response: Response) {
    const key = keyOf(input);
    this.entries.delete(key); // the spec re-appends on put
    this.entries.set(key, response.clone());
  }
  async keys() {
    return [...this.entries.keys()].map((url) => ({ url }));
  }
  async delete(input: string | FakeRequest) {
    return this.entries.delete(keyOf(input));
  }
}

function basic(body: string, init: ResponseInit = {}): Response {
  const response = new Response(body, { status: 200, ...init });
  Object.defineProperty(response, "type", { value: "basic" });
  return response;
}

function loadWorker(route: Route) {
  const stores = new Map<string, FakeCache>();
  const fetches: { url: string; init?: RequestInit }[] = [];
  const listeners = new Map<string, (event: unknown) => void>();
  let skipped = 0;
  let claimed = 0;
  const caches = {
    open: async (name: string) => {
      if (!stores.has(name)) stores.set(name, new FakeCache());
      return stores.get(name)!;
    },
    keys: async () => [...stores.keys()],
    delete: async (name: string) => stores.delete(name),
    match: async (input: string, options?: { cacheName?: string }) => {
      const names = options?.cacheName ? [options.cacheName] : [...stores.keys()];
      for (const name of names) {
        const hit = await stores.get(name)?.match(input);
        if (hit) return hit;
      }
      return undefined;
    },
  };
  const self = {
    location: { origin: ORIGIN },
    addEventListener: (type: string, fn: (event: unknown) => void) => listeners.set(type, fn),
    skipWaiting: async () => void skipped++,
    clients: { claim: async () => void claimed++ },
  };
  const sandbox = {
    self,
    caches,
    fetch: async (input: string | FakeRequest, init?: RequestInit) => {
      const url = keyOf(input);
      fetches.push({ url, init });
      return route(url, init);
    },
    Response,
    Headers,
    URL,
  };
  vm.runInNewContext(SW_SOURCE, sandbox, { filename: "sw.js" });

  async function dispatch(type: string, extra: Record<string, unknown> = {}) {
    const waits: Promise<unknown>[] = [];
    let responded: Promise<Response> | undefined;
    const event = {
      ...extra,
      waitUntil: (p: Promise<unknown>) => void waits.push(p),
      respondWith: (p: Promise<Response>) => {
        responded = p;
      },
    };
    listeners.get(type)!(event);
    const response = responded ? await responded : undefined;
    await Promise.all(waits);
    return { response, handled: responded !== undefined };
  }

  return {
    stores,
    fetches,
    skipped: () => skipped,
    claimed: () => claimed,
    install: () => dispatch("install"),
    activate: () => dispatch("activate"),
    fetch: (path: string, init: { method?: string; mode?: string; origin?: string } = {}) =>
      dispatch("fetch", {
        request: { url: new URL(path, init.origin ?? ORIGIN).href, method: init.method ?? "GET", mode: init.mode ?? "cors" },
      }),
  };
}

const SHELL_HTML =
  '<!doctype html><html><head><link rel="modulepreload" href="/assets/entry.client-AbC12.js"/>' +
  '<link rel="stylesheet" href="/assets/root-x_y-9.css"/></head><body><script type="module">import("/assets/entry.client-AbC12.js");' +
  'import("/assets/manifest-77.js")</script></body></html>';

function onlineRoutes(overrides: Record<string, () => Response | Promise<Response>> = {}): Route {
  return (url) => {
    const path = new URL(url).pathname;
    if (overrides[path]) return overrides[path]();
    if (path === "/") return basic(SHELL_HTML, { headers: { "Content-Type": "text/html", "Content-Encoding": "gzip" } });
    if (path.startsWith("/assets/")) return basic(`/* ${path} */`, { headers: { "Content-Type": "text/javascript" } });
    return basic(`page ${path}`, { headers: { "Content-Type": "text/html" } });
  };
}

const offline: Route = () => {
  throw new TypeError("Failed to fetch");
};

describe("public/sw.js", () => {
  it("install caches the anonymous shell and the assets it references, then skips waiting", async () => {
    const sw = loadWorker(onlineRoutes());
    await sw.install();
    expect(sw.fetches[0]).toMatchObject({ url: `${ORIGIN}/`, init: { credentials: "omit" } });
    const shell = sw.stores.get("portal-shell-v1")!;
    const cachedShell = await shell.match("/");
    expect(await cachedShell!.text()).toBe(SHELL_HTML);
    expect(Number(cachedShell!.headers.get("X-SW-Cached-At"))).toBeGreaterThan(0);
    expect(cachedShell!.headers.has("Content-Encoding")).toBe(false);
    const assets = sw.stores.get("portal-assets-v1")!;
    expect([...assets.entries.keys()].sort()).toEqual([
      `${ORIGIN}/assets/entry.client-AbC12.js`,
      `${ORIGIN}/assets/manifest-77.js`,
      `${ORIGIN}/assets/root-x_y-9.css`,
    ]);
    expect(sw.skipped()).toBe(1);
  });

  it("install survives a missing asset and a network failure", async () => {
    const sw = loadWorker(onlineRoutes({ "/assets/manifest-77.js": () => new Response("gone", { status: 404 }) }));
    await sw.install();
    expect(sw.stores.get("portal-assets-v1")!.entries.size).toBe(2);

    const down = loadWorker(offline);
    await expect(down.install()).resolves.toBeDefined();
    expect(down.skipped()).toBe(1);
    expect(down.stores.get("portal-shell-v1")).toBeUndefined();
  });

  it("does not cache a redirected or failed shell", async () => {
    const sw = loadWorker(onlineRoutes({ "/": () => new Response("", { status: 500 }) }));
    await sw.install();
    expect(sw.stores.get("portal-shell-v1")).toBeUndefined();
  });

  it.each([
    ["a POST", "/backend/api/login", { method: "POST" }],
    ["a POST navigation (a form)", "/login", { method: "POST", mode: "navigate" }],
    ["the REST API", "/backend/api/status", {}],
    ["a REST download opened as a page", "/backend/report.pdf", { mode: "navigate" }],
    ["tRPC", "/trpc/system.status?batch=1", {}],
    ["the websocket path", "/ws", {}],
    ["React Router data", "/dashboard.data", {}],
    ["React Router's manifest", "/__manifest?p=%2Fdashboard", {}],
    ["another origin's asset", "/assets/a.js", { origin: "https://cdn.example" }],
    ["a public file", "/favicon.svg", {}],
  ])("leaves %s to the browser", async (_label, path, init) => {
    const sw = loadWorker(onlineRoutes());
    const { handled } = await sw.fetch(path, init);
    expect(handled).toBe(false);
    expect(sw.fetches).toEqual([]);
  });

  it("serves /assets cache first", async () => {
    const sw = loadWorker(onlineRoutes());
    const first = await sw.fetch("/assets/route-1.js");
    expect(await first.response!.text()).toBe("/* /assets/route-1.js */");
    expect(sw.fetches).toHaveLength(1);
    const second = await sw.fetch("/assets/route-1.js");
    expect(await second.response!.text()).toBe("/* /assets/route-1.js */");
    expect(sw.fetches).toHaveLength(1); // from the cache
  });

  it("does not cache a failed asset response", async () => {
    const sw = loadWorker(onlineRoutes({ "/assets/missing.js": () => new Response("no", { status: 404 }) }));
    const { response } = await sw.fetch("/assets/missing.js");
    expect(response!.status).toBe(404);
    expect(sw.stores.get("portal-assets-v1")!.entries.size).toBe(0);
  });

  it("keeps at most 300 assets, dropping the oldest", async () => {
    const sw = loadWorker(onlineRoutes());
    for (let i = 0; i < 305; i++) await sw.fetch(`/assets/chunk-${i}.js`);
    const keys = [...sw.stores.get("portal-assets-v1")!.entries.keys()];
    expect(keys).toHaveLength(300);
    expect(keys[0]).toBe(`${ORIGIN}/assets/chunk-5.js`);
  });

  it("navigations go to the network first", async () => {
    const sw = loadWorker(onlineRoutes());
    await sw.install();
    const { response } = await sw.fetch("/dashboard", { mode: "navigate" });
    expect(await response!.text()).toBe("page /dashboard");
  });

  it("offline, '/' falls back to the cached shell", async () => {
    let online = true;
    const routes = onlineRoutes();
    const sw = loadWorker((url, init) => (online ? routes(url, init) : offline(url, init)));
    await sw.install();
    online = false;
    const { response } = await sw.fetch("/", { mode: "navigate" });
    expect(await response!.text()).toBe(SHELL_HTML);
  });

  it.each(["/dashboard", "/"])("offline without a cached page, %s gets the offline page", async (path) => {
    const sw = loadWorker(offline);
    const { response } = await sw.fetch(path, { mode: "navigate" });
    expect(response!.status).toBe(503);
    expect(response!.headers.get("Content-Type")).toMatch(/text\/html/);
    expect(await response!.text()).toContain("You are offline");
  });

  it("refreshes a stale shell after an online navigation", async () => {
    const sw = loadWorker(onlineRoutes());
    await sw.install();
    const shell = sw.stores.get("portal-shell-v1")!;
    const old = await shell.match("/");
    await shell.put("/", new Response("old shell", { headers: { "X-SW-Cached-At": String(Date.now() - 2 * 3_600_000) } }));
    await sw.fetch("/dashboard", { mode: "navigate" });
    expect(await (await shell.match("/"))!.text()).toBe(await old!.text());

    // A fresh shell is left alone.
    const before = sw.fetches.length;
    await sw.fetch("/dashboard", { mode: "navigate" });
    expect(sw.fetches.length).toBe(before + 1);
  });

  it("activate drops the caches of older workers only, then claims the clients", async () => {
    const sw = loadWorker(onlineRoutes());
    for (const name of ["portal-shell-v0", "portal-assets-v0", "portal-shell-v1", "portal-assets-v1", "someone-else"]) {
      sw.stores.set(name, new FakeCache());
    }
    await sw.activate();
    expect([...sw.stores.keys()].sort()).toEqual(["portal-assets-v1", "portal-shell-v1", "someone-else"]);
    expect(sw.claimed()).toBe(1);
  });
});
