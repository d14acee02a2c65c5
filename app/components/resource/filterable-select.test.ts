import { describe, expect, it } from "vitest";
import { filterOptions } from "./filterable-select";

const vouchers = [
  { value: "1", label: "2026-11-0001 — Juan Dela Cruz Hardware, ₱5,000.00" },
  { value: "2", label: "2026-11-0002 — Meralco, ₱12,430.55" },
  { value: "3", label: "2026-11-0003 — Santo Niño Catering, ₱8,000.00" },
];

describe("a searchable reference select", () => {
  it("keeps the choices holding every typed word, ignoring case and accents", () => {
    expect(filterOptions(vouchers, "nino", "").map((o) => o.value)).toEqual(["3"]);
    expect(filterOptions(vouchers, "DELA hardware", "").map((o) => o.value)).toEqual(["1"]);
    expect(filterOptions(vouchers, "2026-11-000", "").map((o) => o.value)).toEqual(["1", "2", "3"]);
    expect(filterOptions(vouchers, "  ", "")).toBe(vouchers);
  });

  it("never drops the one already chosen, so a filter does not change the form's value", () => {
    expect(filterOptions(vouchers, "meralco", "1").map((o) => o.value)).toEqual(["1", "2"]);
    expect(filterOptions(vouchers, "nothing like it", "2").map((o) => o.value)).toEqual(["2"]);
  });
});
