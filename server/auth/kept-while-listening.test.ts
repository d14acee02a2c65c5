import { afterEach, describe, expect, it, vi } from "vitest";
import { KeptWhileListening } from "./kept-while-listening.ts";

// The rules every per-process cache of decision 173 keeps (the sessions, the maintenance switch):
// kept until cleared or older than the TTL, never while the process cannot hear changes, never a
// read that a clear overtook.

function counter(values: number[] = []) {
  let reads = 0;
  return {
    read: async () => values[reads++] ?? reads,
    get reads() {
      return reads;
    },
  };
}

afterEach(() => {
  vi.useRealTimers();
});

describe("KeptWhileListening", () => {
  it("answers from memory until cleared, then reads again", async () => {
    const cache = new KeptWhileListening<string, number>({ active: () => true, ttlMs: 30_000 });
    const source = counter([10, 20]);
    expect(await cache.get("a", source.read)).toBe(10);
    expect(await cache.get("a", source.read)).toBe(10);
    expect(source.reads).toBe(1);
    cache.clear();
    expect(await cache.get("a", source.read)).toBe(20);
    expect(source.reads).toBe(2);
  });

  it("reads again once a value is older than the TTL", async () => {
    vi.useFakeTimers({ now: new Date("2026-11-26T00:00:00Z") });
    const cache = new KeptWhileListening<string, number>({ active: () => true, ttlMs: 30_000 });
    const source = counter([1, 2]);
    expect(await cache.get("a", source.read)).toBe(1);
    vi.setSystemTime(new Date("2026-11-26T00:00:29Z"));
    expect(await cache.get("a", source.read)).toBe(1);
    vi.setSystemTime(new Date("2026-11-26T00:00:30Z"));
    expect(await cache.get("a", source.read)).toBe(2);
  });

  it("keeps nothing while inactive, and empties itself when it finds it is", async () => {
    let listening = true;
    const cache = new KeptWhileListening<string, number>({ active: () => listening, ttlMs: 30_000 });
    const source = counter([1, 2, 3]);
    await cache.get("a", source.read);
    expect(cache.size).toBe(1);
    listening = false;
    expect(await cache.get("a", source.read)).toBe(2);
    expect(cache.size).toBe(0);
    expect(await cache.get("a", source.read)).toBe(3);
    expect(cache.size).toBe(0);
  });

  it("does not keep a read that a clear overtook", async () => {
    const cache = new KeptWhileListening<string, string>({ active: () => true, ttlMs: 30_000 });
    let release!: () => void;
    const slow = cache.get("a", () => new Promise<string>((resolve) => (release = () => resolve("before the change"))));
    cache.clear(); // the change commits while the read is under way
    release();
    expect(await slow).toBe("before the change");
    expect(cache.size).toBe(0);
    expect(await cache.get("a", async () => "after")).toBe("after");
  });

  it("follows the caller's rules: what may be answered, what may be kept", async () => {
    const cache = new KeptWhileListening<string, number>({ active: () => true, ttlMs: 30_000 });
    const rules = { fresh: (value: number) => value < 100, keep: (value: number) => value % 2 === 0 };
    expect(await cache.get("odd", async () => 1, rules)).toBe(1);
    expect(cache.size).toBe(0);
    await cache.get("big", async () => 200, rules);
    expect(await cache.get("big", async () => 202, rules)).toBe(202); // kept, but not fresh
    await cache.get("small", async () => 4, rules);
    expect(await cache.get("small", async () => 6, rules)).toBe(4);
  });

  it("empties itself when full", async () => {
    const cache = new KeptWhileListening<number, number>({ active: () => true, ttlMs: 30_000, maxEntries: 3 });
    for (const key of [1, 2, 3]) await cache.get(key, async () => key);
    expect(cache.size).toBe(3);
    await cache.get(4, async () => 4);
    expect(cache.size).toBe(1);
  });
});
