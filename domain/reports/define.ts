import type { Orientation, PaperSize, ReportDef, ReportSectionDef } from "./types";

// What every report definition repeats, written once: the permission that opens the reports, the
// papers they print on, and the listing section's shape.

/** The permission that opens a report (spec §2.3). */
export const REPORT_PERMISSION = "manage-report";

export const PAPER = {
  a4Portrait: { size: "a4", orientation: "portrait" },
  a4Landscape: { size: "a4", orientation: "landscape" },
  letterLandscape: { size: "letter", orientation: "landscape" },
  longPortrait: { size: "long", orientation: "portrait" },
} as const satisfies Record<string, { size: PaperSize; orientation: Orientation }>;

/** A report opened with the reports' permission. */
export function reportDef(def: Omit<ReportDef, "permission">): ReportDef {
  return { permission: REPORT_PERMISSION, ...def };
}

/** A report's listing: every matching row, under the key "listing" (paged on screen, streamed in the export). */
export function listingSection(section: Omit<ReportSectionDef, "key" | "listing">): ReportSectionDef {
  return { key: "listing", listing: true, ...section };
}
