import { describe, expect, it } from "vitest";
import { collectionsReport } from "@domain/reports/collections";
import { isWideSection } from "./format";
import { REPORTS } from "@domain/reports/registry";
import type { ReportDef } from "@domain/reports/types";

const section = (def: ReportDef, key: string) => def.sections.find((s) => s.key === key)!;

describe("isWideSection: a report's wide tables take the whole row at 1440 px (issue 26 item 10)", () => {
  it("spans the accountability for forms, the deposits and every listing", () => {
    for (const key of ["forms", "deposits", "listing"]) {
      const s = section(collectionsReport, key);
      expect(isWideSection(s.columns, s.listing), key).toBe(true);
    }
  });
  it("keeps a small crosstab (a name and a few counts) to half the row", () => {
    expect(isWideSection(section(collectionsReport, "by_fund").columns)).toBe(false);
    const residents = REPORTS.find((r) => r.name === "residents")!;
    const listing = residents.sections.find((s) => s.listing)!;
    expect(isWideSection(listing.columns, true)).toBe(true);
  });
});
