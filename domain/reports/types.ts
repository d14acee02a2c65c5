import type { FilterDef } from "../registry/types";

// The reports layer (DESIGN §12), isomorphic half: what a report is — its name, title, the
// question it answers, its filters (the registry's FilterDef kinds, so the address, REST and export
// read them with the same `parseFilters`), its sections (tables) with typed columns and totals,
// its chart and its paper. The server half (server/features/reports/) holds the queries, keyed by the same
// name. Plain data: no JSX, no SQL.

/** How a cell reads, prints and exports: numbers and money are typed cells in XLSX, never text. */
export type ReportColumnKind = "text" | "number" | "money" | "date" | "percent";

export interface ReportColumn {
  key: string;
  label: string;
  kind: ReportColumnKind;
  /** Summed into the totals row (number and money columns). */
  total?: boolean;
  /** Hidden on narrow screens (still printed and exported). */
  hideOnMobile?: boolean;
  /** Long text that wraps on screen (other cells keep to one line and the table scrolls). */
  wrap?: boolean;
  /** Kept on one line on paper too, where cells wrap to fit the sheet (a docket number; dates always are). */
  nowrap?: boolean;
}

/**
 * A picture of one section's rows (Recharts, shadcn chart style):
 * - `bar`: one bar per row of `x`, one series per `series` entry (stacked when `stacked`);
 * - `pyramid`: a population pyramid, two series drawn left and right of the axis;
 * - `pie`: the first series per row of `x`.
 */
export interface ReportChart {
  kind: "bar" | "pyramid" | "pie";
  title: string;
  section: string;
  x: string;
  series: readonly { key: string; label: string }[];
  stacked?: boolean;
  /** Horizontal bars (long category names). */
  horizontal?: boolean;
}

export interface ReportSectionDef {
  key: string;
  title: string;
  description?: string;
  /** The columns, unless the server sends its own (a crosstab whose columns are data). */
  columns: readonly ReportColumn[];
  /** Add a totals row (sum of every column with `total`). */
  totals?: boolean;
  /**
   * A listing: every matching row, paginated on the page, streamed in the export, printed up to
   * PRINT_LISTING_LIMIT rows. Other sections are aggregates, small enough to send whole.
   */
  listing?: boolean;
  /** On paper its rows run on from the page it starts on (a register of tall rows), instead of keeping together. */
  runsOn?: boolean;
}

export type PaperSize = "a4" | "letter" | "long";
export type Orientation = "portrait" | "landscape";

export const PAPER_SIZES: readonly { value: PaperSize; label: string; css: string }[] = [
  { value: "a4", label: "A4 (210 × 297 mm)", css: "A4" },
  { value: "letter", label: "Letter (8.5 × 11 in)", css: "letter" },
  { value: "long", label: "Long bond (8.5 × 13 in)", css: "8.5in 13in" },
];

export interface ReportDef {
  /** The address segment and REST name: /manage/reports/{name}, /backend/api/reports/{name}. */
  name: string;
  title: string;
  /** The page's and the print's heading when "{title} report" does not read (the KP record book); see reportHeading. */
  heading?: string;
  /** The question it answers, shown on the hub and under the title. */
  answers: string;
  /** The permission that opens it (spec §2.3: manage-report). */
  permission: string;
  filters: readonly FilterDef[];
  sections: readonly ReportSectionDef[];
  charts?: readonly ReportChart[];
  paper: { size: PaperSize; orientation: Orientation };
  /** Not built yet: the hub and the page say "Arrives with issue N" (never a 404). */
  arrivesWith?: { issue: number; what: string };
}

export interface ReportCard {
  key: string;
  label: string;
  value: number | string;
  kind: "number" | "money" | "text";
  hint?: string;
}

export type ReportRow = Record<string, string | number | null>;

export interface ReportSectionResult {
  key: string;
  /** Present when the columns are data (a crosstab); otherwise the definition's columns apply. */
  columns?: ReportColumn[];
  rows: ReportRow[];
  totals: ReportRow | null;
}

export interface ReportListingPage {
  section: string;
  rows: ReportRow[];
  totals: ReportRow | null;
  meta: { total: number; page: number; per_page: number; last_page: number };
}

/**
 * A report printed as a letter (the KP monthly transmittal to the court): its addressee and the
 * paragraphs before its tables. The print view draws it under the letterhead.
 */
export interface ReportLetter {
  /** The addressee's lines: "The Presiding Judge", the court, the place. */
  to: string[];
  salutation: string;
  body: string[];
}

/** A signature line a report's print ends with, in place of the default "Prepared by / Noted by". */
export interface ReportSignature {
  /** "Prepared by:", "Very truly yours:". */
  label: string;
  name: string;
  /** The signer's position under the line. */
  title: string;
}

/** What a report's page, print view and REST call answer. */
export interface ReportResult {
  name: string;
  title: string;
  filters: Record<string, string>;
  generated_at: string;
  cards: ReportCard[];
  sections: ReportSectionResult[];
  listing: ReportListingPage | null;
  /** The report is a letter (its addressee and opening), when its query says so. */
  letter?: ReportLetter | null;
  /** Who signs the printed report, when its query names them. */
  signatures?: ReportSignature[] | null;
  /** Where its figures were read (decision 214); absent: the primary. */
  read_from?: ReportReadFrom;
}

/**
 * Where a report or roll-up was read (docs/decisions/214-replica-reads.md): the primary, or a
 * streaming replica that was `lag_seconds` behind it (0 when it had applied everything).
 */
export type ReportReadFrom = { source: "primary" } | { source: "replica"; lag_seconds: number };

/** A report read from a replica further behind than this says so on its page. */
export const REPLICA_LAG_NOTE_SECONDS = 60;

/** The line a report's page shows when it was read from a replica more than a minute behind; else null. */
export function replicaLagNote(readFrom: ReportReadFrom | undefined): string | null {
  if (readFrom?.source !== "replica" || readFrom.lag_seconds <= REPLICA_LAG_NOTE_SECONDS) return null;
  const minutes = Math.floor(readFrom.lag_seconds / 60);
  const behind =
    minutes < 60
      ? `${minutes} minute${minutes === 1 ? "" : "s"}`
      : `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, "0")} min`;
  return `Read from the database's replica, ${behind} behind: entries made since then are not counted yet.`;
}

export const PRINT_LISTING_LIMIT = 5000;
export const LISTING_PER_PAGE = 50;

/** A report's heading on its page and its print: "Residents report", or its own (the KP record book). */
export function reportHeading(def: Pick<ReportDef, "title" | "heading">): string {
  return def.heading ?? `${def.title} report`;
}

/** The columns of a section: the server's (crosstab) or the definition's. */
export function sectionColumns(def: ReportDef, result: ReportSectionResult | ReportListingPage): readonly ReportColumn[] {
  const key = "key" in result ? result.key : result.section;
  return ("columns" in result && result.columns) || def.sections.find((s) => s.key === key)?.columns || [];
}
