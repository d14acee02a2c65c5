import { describe, expect, it } from "vitest";
import { stripNonNumeric, toNumeric } from "./numeric.ts";

describe("toNumeric (spec §5)", () => {
  it.each([
    ["", 0],
    [null, 0],
    [undefined, 0],
    ["   ", 0],
    ["abc", 0],
    [".", 0],
    ["..", 0],
    ["0", 0],
    ["42", 42],
    ["1500.5", 1500.5],
    ["₱1,500.50", 1500.5],
    ["PHP 2,000", 2000],
    ["12 pcs", 12],
    ["-12", 12], // the minus sign is stripped like any other character
    ["1.2.3", 1.2], // parseFloat stops at the second point
    ["1..5", 1],
    [".5", 0.5],
    ["5.", 5],
    ["007", 7],
    ["1e5", 15], // "e" is stripped
    ["1 000 000", 1000000],
    [42, 42],
    [-3.5, -3.5],
    [Number.NaN, 0],
    [Number.POSITIVE_INFINITY, 0],
  ] as const)("%j → %d", (input, expected) => {
    expect(toNumeric(input)).toBe(expected);
  });

  it("never gives NaN", () => {
    for (const input of ["", ".", "x", "..", ". .", "-", "e"]) expect(Number.isNaN(toNumeric(input))).toBe(false);
  });
});

describe("stripNonNumeric", () => {
  it.each([
    ["₱1,500.50", "1500.50"],
    ["-1.2.3", "1.2.3"],
    ["", ""],
    [null, ""],
    ["a1b2", "12"],
  ] as const)("%j → %j", (input, expected) => {
    expect(stripNonNumeric(input)).toBe(expected);
  });
});
