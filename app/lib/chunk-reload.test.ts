import { describe, expect, it } from "vitest";
import {
  CHUNK_RELOAD_KEY,
  CHUNK_RELOAD_THROTTLE_MS,
  installChunkReload,
  isChunkLoadError,
  reloadAfterChunkError,
  type ChunkReloadDeps,
} from "./chunk-reload.ts";

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
  };
}

function harness(start = 1_700_000_000_000, initial: Record<string, string> = {}) {
  const storage = memoryStorage(initial);
  let time = start;
  let reloads = 0;
  const deps: ChunkReloadDeps = { storage, now: () => time, reload: () => void (reloads += 1) };
  return {
    deps,
    storage,
    advance: (ms: number) => void (time += ms),
    reloads: () => reloads,
  };
}

describe("isChunkLoadError", () => {
  it.each([
    [new TypeError("Failed to fetch dynamically imported module: https://x/assets/route-abc.js"), true],
    [new TypeError("error loading dynamically imported module: https://x/assets/a.js"), true],
    [new TypeError("Importing a module script failed."), true],
    [new Error("Unable to preload CSS for /assets/app-123.css"), true],
    [new Error("Loading chunk 42 failed."), true],
    [new Error("Loading CSS chunk vendors-main failed"), true],
    [Object.assign(new Error("whatever"), { name: "ChunkLoadError" }), true],
    ["Failed to fetch dynamically imported module", true],
    [new TypeError("Failed to fetch"), false], // an API call, not a chunk
    [new Error("Cannot read properties of undefined"), false],
    [null, false],
    [undefined, false],
    [42, false],
  ])("%s → %s", (error, expected) => {
    expect(isChunkLoadError(error)).toBe(expected);
  });
});

describe("reloadAfterChunkError: at most once per 60 s (spec §8, §9)", () => {
  it("reloads the first time and remembers when, under 'nuxt-reload'", () => {
    const h = harness(1_000_000);
    expect(reloadAfterChunkError(h.deps)).toBe(true);
    expect(h.reloads()).toBe(1);
    expect(CHUNK_RELOAD_KEY).toBe("nuxt-reload");
    expect(h.storage.data.get("nuxt-reload")).toBe("1000000");
  });

  it.each([
    [0, false],
    [1, false],
    [CHUNK_RELOAD_THROTTLE_MS - 1, false],
    [CHUNK_RELOAD_THROTTLE_MS, true],
    [CHUNK_RELOAD_THROTTLE_MS + 1, true],
    [10 * 60_000, true],
  ])("a second error %i ms later reloads: %s", (later, expected) => {
    const h = harness();
    reloadAfterChunkError(h.deps);
    h.advance(later);
    expect(reloadAfterChunkError(h.deps)).toBe(expected);
    expect(h.reloads()).toBe(expected ? 2 : 1);
  });

  it("the throttle survives the reload (it is read back from storage)", () => {
    const start = 5_000_000;
    const h = harness(start + 30_000, { [CHUNK_RELOAD_KEY]: String(start) });
    expect(reloadAfterChunkError(h.deps)).toBe(false);
    h.advance(30_000);
    expect(reloadAfterChunkError(h.deps)).toBe(true);
  });

  it.each([["garbage"], [""], ["-5"]])("an unreadable stored value %j does not block the reload", (stored) => {
    const h = harness(1_000_000, { [CHUNK_RELOAD_KEY]: stored });
    expect(reloadAfterChunkError(h.deps)).toBe(true);
  });

  it("a stored time in the future (clock changed) does not block forever", () => {
    const h = harness(1_000_000, { [CHUNK_RELOAD_KEY]: String(1_000_000 + 3_600_000) });
    expect(reloadAfterChunkError(h.deps)).toBe(true);
  });

  it("without usable sessionStorage it does not reload (no endless loop)", () => {
    let reloads = 0;
    expect(reloadAfterChunkError({ storage: null, now: () => 1, reload: () => void reloads++ })).toBe(false);
    const throwing = {
      getItem: () => {
        throw new Error("SecurityError");
      },
      setItem: () => undefined,
    };
    expect(reloadAfterChunkError({ storage: throwing, now: () => 1, reload: () => void reloads++ })).toBe(false);
    expect(reloads).toBe(0);
  });
});

describe("installChunkReload", () => {
  function fire(target: EventTarget, event: Event) {
    target.dispatchEvent(event);
    return event;
  }
  function rejectionEvent(reason: unknown): Event {
    return Object.assign(new Event("unhandledrejection", { cancelable: true }), { reason });
  }

  it("reloads on an unhandled chunk-load rejection, once per 60 s, and ignores other errors", () => {
    const target = new EventTarget();
    const h = harness();
    const uninstall = installChunkReload(target as unknown as Window, h.deps);
    fire(target, rejectionEvent(new Error("boom")));
    expect(h.reloads()).toBe(0);
    fire(target, rejectionEvent(new TypeError("Failed to fetch dynamically imported module: /assets/x.js")));
    expect(h.reloads()).toBe(1);
    fire(target, rejectionEvent(new TypeError("Failed to fetch dynamically imported module: /assets/x.js")));
    expect(h.reloads()).toBe(1);
    uninstall();
    h.advance(CHUNK_RELOAD_THROTTLE_MS);
    fire(target, rejectionEvent(new TypeError("Failed to fetch dynamically imported module: /assets/x.js")));
    expect(h.reloads()).toBe(1); // unhooked
  });

  it("prevents Vite's preloadError only when it reloads", () => {
    const target = new EventTarget();
    const h = harness();
    installChunkReload(target as unknown as Window, h.deps);
    const preload = () => Object.assign(new Event("vite:preloadError", { cancelable: true }), { payload: new Error("Unable to preload CSS for /assets/a.css") });
    const first = fire(target, preload());
    expect(first.defaultPrevented).toBe(true);
    expect(h.reloads()).toBe(1);
    const second = fire(target, preload());
    expect(second.defaultPrevented).toBe(false); // throttled: let the error through
  });

  it("reloads on a window error carrying a chunk error, and on a failed /assets script element", () => {
    const target = new EventTarget();
    const h = harness();
    installChunkReload(target as unknown as Window, h.deps);
    fire(target, Object.assign(new Event("error"), { error: new TypeError("Importing a module script failed.") }));
    expect(h.reloads()).toBe(1);

    h.advance(CHUNK_RELOAD_THROTTLE_MS);
    const script = new EventTarget();
    Object.assign(script, { tagName: "SCRIPT", src: "https://portal.test/assets/entry.client-abc.js" });
    const event = new Event("error");
    Object.defineProperty(event, "target", { value: script });
    fire(target, event);
    expect(h.reloads()).toBe(2);

    h.advance(CHUNK_RELOAD_THROTTLE_MS);
    const image = new EventTarget();
    Object.assign(image, { tagName: "IMG", src: "https://portal.test/assets/logo.png" });
    const imageEvent = new Event("error");
    Object.defineProperty(imageEvent, "target", { value: image });
    fire(target, imageEvent);
    expect(h.reloads()).toBe(2); // a broken image is no reason to reload
  });
});
