import { describe, expect, it } from "vitest";
import { LoginThrottle, MAX_ATTEMPTS, WINDOW_MS } from "./throttle.ts";

// DESIGN §6: 5 failed logins a minute per username and address, then 429 with Retry-After.

function throttleAt(start = 1_000_000) {
  const clock = { now: start };
  return { clock, throttle: new LoginThrottle(() => clock.now) };
}

describe("LoginThrottle", () => {
  it("allows five failures and locks at the sixth attempt", () => {
    const { throttle } = throttleAt();
    const key = throttle.key("juan", "10.0.0.1");
    expect(MAX_ATTEMPTS).toBe(5);
    for (let i = 0; i < MAX_ATTEMPTS; i++) {
      expect(throttle.retryAfter(key), `before failure ${i + 1}`).toBe(0);
      throttle.fail(key);
    }
    expect(throttle.retryAfter(key)).toBe(60);
  });

  it("counts down the wait from the oldest of the last five failures", () => {
    const { clock, throttle } = throttleAt();
    const key = throttle.key("juan", "10.0.0.1");
    for (let i = 0; i < 5; i++) {
      throttle.fail(key);
      clock.now += 1_000; // failures at 0 s, 1 s, 2 s, 3 s, 4 s
    }
    // now = 5 s: the first failure leaves the window at 60 s
    expect(throttle.retryAfter(key)).toBe(55);
    clock.now += 54_500;
    expect(throttle.retryAfter(key)).toBe(1);
    clock.now += 500; // exactly 60 s after the first failure: four remain in the window
    expect(throttle.retryAfter(key)).toBe(0);
    throttle.fail(key);
    expect(throttle.retryAfter(key)).toBeGreaterThan(0);
  });

  it("forgets failures older than the window", () => {
    const { clock, throttle } = throttleAt();
    const key = throttle.key("juan", null);
    for (let i = 0; i < 4; i++) throttle.fail(key);
    clock.now += WINDOW_MS + 1;
    for (let i = 0; i < 4; i++) throttle.fail(key);
    expect(throttle.retryAfter(key)).toBe(0);
  });

  it("never answers less than one second while locked", () => {
    const { clock, throttle } = throttleAt();
    const key = throttle.key("juan", "1.1.1.1");
    for (let i = 0; i < 5; i++) throttle.fail(key);
    clock.now += WINDOW_MS - 1;
    expect(throttle.retryAfter(key)).toBe(1);
  });

  it("clears the count after a successful login", () => {
    const { throttle } = throttleAt();
    const key = throttle.key("juan", "1.1.1.1");
    for (let i = 0; i < 5; i++) throttle.fail(key);
    throttle.clear(key);
    expect(throttle.retryAfter(key)).toBe(0);
  });

  it("keys by username (trimmed, any case) and address", () => {
    const { throttle } = throttleAt();
    expect(throttle.key("  Juan ", "1.1.1.1")).toBe(throttle.key("juan", "1.1.1.1"));
    expect(throttle.key("juan", "1.1.1.1")).not.toBe(throttle.key("juan", "2.2.2.2"));
    expect(throttle.key("juan", "1.1.1.1")).not.toBe(throttle.key("maria", "1.1.1.1"));

    const locked = throttle.key("juan", "1.1.1.1");
    for (let i = 0; i < 5; i++) throttle.fail(locked);
    expect(throttle.retryAfter(locked)).toBeGreaterThan(0);
    expect(throttle.retryAfter(throttle.key("juan", "2.2.2.2"))).toBe(0);
    expect(throttle.retryAfter(throttle.key("maria", "1.1.1.1"))).toBe(0);
  });
});
