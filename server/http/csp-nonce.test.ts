import { describe, expect, test } from "vitest";
import { cspNonce } from "./app.ts";

// Every answer's CSP nonce is 16 fresh random bytes, also across the
// refills of the pooled random block the nonces are cut from.
describe("cspNonce", () => {
  test("gives 16 random bytes in base64, never the same twice across several refills", () => {
    const seen = new Set<string>();
    for (let i = 0; i < 256 * 3 + 7; i++) {
      const nonce = cspNonce();
      expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      expect(Buffer.from(nonce, "base64")).toHaveLength(16);
      seen.add(nonce);
    }
    expect(seen.size).toBe(256 * 3 + 7);
  });
});
