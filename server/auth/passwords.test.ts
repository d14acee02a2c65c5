import { describe, expect, it } from "vitest";
import { generatePassword, hashPassword, passwordProblem, verifyPassword } from "./passwords.ts";

describe("generatePassword", () => {
  it("makes 16 characters by default, with every class present", () => {
    for (let i = 0; i < 200; i++) {
      const password = generatePassword();
      expect(password).toHaveLength(16);
      expect(password).toMatch(/[a-z]/);
      expect(password).toMatch(/[A-Z]/);
      expect(password).toMatch(/[2-9]/);
      expect(password).toMatch(/[!@#$%*\-_+]/);
      expect(passwordProblem(password)).toBeNull();
    }
  });

  it("leaves out look-alike characters", () => {
    const all = Array.from({ length: 200 }, () => generatePassword(32)).join("");
    expect(all).not.toMatch(/[lIO01]/);
  });

  it("honours the length asked for", () => {
    expect(generatePassword(24)).toHaveLength(24);
    expect(generatePassword(8)).toHaveLength(8);
  });

  it("does not repeat itself", () => {
    const seen = new Set(Array.from({ length: 500 }, () => generatePassword()));
    expect(seen.size).toBe(500);
  });

  it("uses the whole alphabet, not a biased corner of it", () => {
    const counts = new Map<string, number>();
    for (const ch of Array.from({ length: 400 }, () => generatePassword(32)).join("")) counts.set(ch, (counts.get(ch) ?? 0) + 1);
    // 25 lower-case (no l) + 24 upper-case (no I, O) + 8 digits (no 0, 1) + 9 symbols
    expect(counts.size).toBe(66);
    for (const n of counts.values()) expect(n).toBeGreaterThan(50); // about 194 each
  });
});

describe("passwordProblem", () => {
  it("accepts a password with three classes and 8 or more characters", () => {
    expect(passwordProblem("Barangay1")).toBeNull();
    expect(passwordProblem("barangay-1")).toBeNull();
    expect(passwordProblem("BARANGAY!1")).toBeNull();
  });

  it("refuses short, long and simple passwords with a reason", () => {
    expect(passwordProblem("Ab1!")).toBe("The password must be at least 8 characters.");
    expect(passwordProblem("Ab1!".repeat(33))).toBe("The password must not be greater than 128 characters.");
    expect(passwordProblem("barangayhall")).toMatch(/at least three of/);
    expect(passwordProblem("Barangayhall")).toMatch(/at least three of/);
    expect(passwordProblem("12345678")).toMatch(/at least three of/);
  });
});

describe("hashPassword / verifyPassword", () => {
  it("stores argon2id and verifies only the right password", async () => {
    const hash = await hashPassword("Barangay-2026");
    expect(hash).toMatch(/^\$argon2id\$/);
    expect(hash).not.toContain("Barangay-2026");
    expect(await verifyPassword(hash, "Barangay-2026")).toBe(true);
    expect(await verifyPassword(hash, "barangay-2026")).toBe(false);
  });

  it("answers false for a missing or broken hash instead of throwing", async () => {
    expect(await verifyPassword(null, "anything")).toBe(false);
    expect(await verifyPassword("not-a-hash", "anything")).toBe(false);
  });

  it("answers every one of a burst of sign-ins, each with its own result (they queue past the cores)", async () => {
    const hash = await hashPassword("Barangay-2026");
    // Right, wrong, missing account and broken hash, twelve of them at once: more than any core count here.
    const kinds = [
      () => verifyPassword(hash, "Barangay-2026"),
      () => verifyPassword(hash, "wrong-password"),
      () => verifyPassword(null, "anything"),
      () => verifyPassword("not-a-hash", "anything"),
    ];
    const attempts = Array.from({ length: 12 }, (_, i) => kinds[i % 4]());
    const results = await Promise.all(attempts);
    expect(results).toEqual(Array.from({ length: 12 }, (_, i) => i % 4 === 0));
    // The queue let go of every slot: a later check still runs.
    expect(await verifyPassword(hash, "Barangay-2026")).toBe(true);
  });
});
