import { describe, expect, it } from "vitest";
import { compactNumber, compactPeso, dayTick, fullDay, fullMonth, monthTick } from "./chart-axes";

describe("the dashboard charts' axes", () => {
  it("label months and days on the calendar, whatever the browser's zone", () => {
    expect(monthTick("2026-03")).toBe("Mar");
    expect(monthTick("2026-01")).toBe("Jan 2026");
    expect(fullMonth("2026-03")).toBe("March 2026");
    expect(dayTick("2026-03-03")).toBe("Mar 3");
    expect(fullDay("2026-03-03")).toBe("Tuesday, March 3, 2026");
  });

  it("shorten amounts for an axis: ₱12k", () => {
    expect(compactPeso(0)).toBe("₱0");
    expect(compactPeso(950)).toBe("₱950");
    expect(compactPeso(12_000)).toBe("₱12k");
    expect(compactPeso(1_250)).toBe("₱1.3k");
    expect(compactPeso(1_500_000)).toBe("₱1.5M");
    expect(compactNumber(2_400)).toBe("2.4k");
    expect(compactNumber(312)).toBe("312");
  });
});
