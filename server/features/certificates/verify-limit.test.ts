import { describe, expect, it } from "vitest";
import { verifyLookupWait } from "./verify-limit.ts";

describe("verify lookups", () => {
  it("allow 30 a minute per address, then ask to wait until the minute is over", () => {
    const t0 = 1_000_000;
    for (let i = 0; i < 30; i++) expect(verifyLookupWait("203.0.113.9", t0 + i)).toBe(0);
    expect(verifyLookupWait("203.0.113.9", t0 + 30_000)).toBe(30);
    expect(verifyLookupWait("198.51.100.1", t0 + 30_000)).toBe(0);
    expect(verifyLookupWait("203.0.113.9", t0 + 60_000)).toBe(0);
  });
});
