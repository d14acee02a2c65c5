import { AGE_GROUPS } from "./reports/registry";
import { PAPER } from "./reports/define";
import type {
  Orientation,
  PaperSize,
  ReportCard,
  ReportColumn,
  ReportReadFrom,
  ReportSectionDef,
  ReportSectionResult,
} from "./reports/types";

// The municipality's roll-ups (issue 29 item 4, DESIGN §14): what a municipal officer of the hub
// reads of the barangays of their city or municipality — the quarterly count of inhabitants (the
// columns of RBI Form C), the collections and remittances per fund, the certificates issued per
// type — one row per barangay and the total. Built on the reports' shapes (sections of typed
// columns, totals, paper) so that they print and export as every report does; the queries are in
// server/features/rollups/ and run in the roll-up scope (role portal_rollup: SELECT only, rows of
// the municipality's active barangays only). Plain data: no JSX, no SQL.

/** The permission that opens the roll-ups: a hub permission, held by the municipal officers' roles. */
export const ROLLUP_PERMISSION = "view-rollups";

/** How a roll-up's period is chosen: a year and quarter (Form C is quarterly), or a range of days. */
export type RollupPeriodKind = "quarter" | "range";

export interface RollupDef {
  /** The address segment: /hub/rollups/{name}. */
  name: string;
  title: string;
  /** The question it answers, on the roll-ups' index and under the title. */
  answers: string;
  period: RollupPeriodKind;
  sections: readonly ReportSectionDef[];
  /** A section's worksheet name in the XLSX, where its title is longer than a sheet's 31 characters. */
  sheets?: Readonly<Record<string, string>>;
  paper: { size: PaperSize; orientation: Orientation };
}

/** The period a roll-up covers: both ends included, Manila days. */
export interface RollupPeriod {
  kind: RollupPeriodKind;
  from: string;
  to: string;
  /** The chosen year and quarter (quarter roll-ups only). */
  year?: number;
  quarter?: number;
  /** "4th quarter 2026 (as of 31 December 2026)", "1 October 2026 to 27 November 2026". */
  label: string;
}

/** What a roll-up's page, print and export show. */
export interface RollupResult {
  name: string;
  title: string;
  municipality: { psgc_code: string; name: string; province: string | null; region: string | null };
  /** The active barangays read, in name order. */
  barangays: { id: number; name: string; psgc_code: string | null }[];
  period: RollupPeriod;
  generated_at: string;
  cards: ReportCard[];
  sections: ReportSectionResult[];
  /** Where its figures were read (decision 214); absent: the primary. */
  read_from?: ReportReadFrom;
}

// ---- periods ----

const QUARTER_NAMES = ["1st", "2nd", "3rd", "4th"] as const;
const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

const pad = (n: number) => String(n).padStart(2, "0");
const isDay = (value: string | null | undefined): value is string =>
  !!value && /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`));

/** "27 November 2026". */
export function longDay(day: string): string {
  const [y, m, d] = day.split("-").map(Number);
  return `${d} ${MONTHS[m - 1]} ${y}`;
}

/** The first and last day of a quarter. */
export function quarterDays(year: number, quarter: number): { from: string; to: string } {
  const firstMonth = (quarter - 1) * 3 + 1;
  const last = new Date(Date.UTC(year, firstMonth + 2, 0)).getUTCDate();
  return { from: `${year}-${pad(firstMonth)}-01`, to: `${year}-${pad(firstMonth + 2)}-${pad(last)}` };
}

export function quarterOf(day: string): { year: number; quarter: number } {
  const [y, m] = day.split("-").map(Number);
  return { year: y, quarter: Math.floor((m - 1) / 3) + 1 };
}

/** The years a quarter may be chosen from: 2000 to this year. */
export function rollupYears(today: string): number[] {
  const thisYear = Number(today.slice(0, 4));
  return Array.from({ length: thisYear - 1999 }, (_, i) => thisYear - i);
}

type Params = URLSearchParams | Record<string, string | undefined>;
const read = (params: Params, key: string) => (params instanceof URLSearchParams ? params.get(key) : params[key]) ?? null;

/**
 * The period of the address (`?year=&quarter=` or `?from=&to=`), or the default: the current
 * quarter, up to today. A quarter still running is counted as of today; a range ends today at the
 * latest, and its ends are put in order.
 */
export function parseRollupPeriod(kind: RollupPeriodKind, params: Params, today: string): RollupPeriod {
  const current = quarterOf(today);
  if (kind === "quarter") {
    const yearText = read(params, "year");
    const quarterText = read(params, "quarter");
    const years = rollupYears(today);
    let year = yearText && /^\d{4}$/.test(yearText) && years.includes(Number(yearText)) ? Number(yearText) : current.year;
    let quarter = quarterText && /^[1-4]$/.test(quarterText) ? Number(quarterText) : current.quarter;
    if (year === current.year && quarter > current.quarter) [year, quarter] = [current.year, current.quarter];
    const days = quarterDays(year, quarter);
    const to = days.to > today ? today : days.to;
    return { kind, year, quarter, from: days.from, to, label: `${QUARTER_NAMES[quarter - 1]} quarter ${year} (as of ${longDay(to)})` };
  }
  let from = read(params, "from");
  let to = read(params, "to");
  if (!isDay(from)) from = quarterDays(current.year, current.quarter).from;
  if (!isDay(to) || to > today) to = today;
  if (from > to) [from, to] = [to, from];
  return { kind, from, to, label: from === to ? longDay(from) : `${longDay(from)} to ${longDay(to)}` };
}

/** The period as the address keeps it. */
export function rollupPeriodParams(period: RollupPeriod): Record<string, string> {
  return period.kind === "quarter" ? { year: String(period.year), quarter: String(period.quarter) } : { from: period.from, to: period.to };
}

export function rollupHref(name: string, period: RollupPeriod | null, suffix = "", extra: Record<string, string> = {}): string {
  const params = new URLSearchParams({ ...(period ? rollupPeriodParams(period) : {}), ...extra });
  const query = params.toString();
  return `/hub/rollups/${name}${suffix}${query ? `?${query}` : ""}`;
}

// ---- RBI Form C: the quarterly count of inhabitants ----

/**
 * Form C's age brackets: five-year bands from "under 5" (the re-drawing the research found,
 * /work/shared/research/rbi-import.md §4, [R11]), which are the PSA groups the residents report uses.
 */
export const FORM_C_AGE_BRACKETS = AGE_GROUPS.map((g, i) => ({
  key: `age_${i}`,
  label: i === 0 ? "Under 5" : g.to == null ? `${g.from}+` : `${g.from}–${g.to}`,
}));

/**
 * The Form C rows the registry can count. Labour force, unemployed and out-of-school children and
 * youth are Form C rows too, but the resident's record does not hold them (nor families): they are
 * left out rather than guessed.
 */
export const FORM_C_SECTORS = [
  { key: "pwd", label: "Persons with disability (PWD)" },
  { key: "ofw", label: "Overseas Filipino workers (OFW)" },
  { key: "indigenous", label: "Indigenous peoples (IP)" },
  { key: "foreign", label: "Foreign citizens" },
] as const;

const n = (key: string, label: string, extra: Partial<ReportColumn> = {}): ReportColumn => ({
  key,
  label,
  kind: "number",
  total: true,
  ...extra,
});
const barangayColumn: ReportColumn = { key: "barangay", label: "Barangay", kind: "text" };

export const inhabitantsRollup: RollupDef = {
  name: "inhabitants",
  title: "Quarterly count of inhabitants",
  answers: "How many inhabitants each barangay recorded as of the quarter's end, by sex, age bracket and sector (RBI Form C).",
  period: "quarter",
  paper: PAPER.a4Landscape,
  sheets: { ages: "Inhabitants by age bracket" },
  sections: [
    {
      key: "by_barangay",
      title: "Inhabitants per barangay",
      description:
        "Residents on record at the end of the quarter (registered by then, not removed by then); households likewise. " +
        "A resident may belong to several sectors.",
      totals: true,
      columns: [
        barangayColumn,
        n("households", "Households", { hideOnMobile: true }),
        n("male", "Male"),
        n("female", "Female"),
        n("not_stated", "Sex not stated", { hideOnMobile: true }),
        n("total", "Total"),
        ...FORM_C_SECTORS.map((s) =>
          n(s.key, s.key === "foreign" ? "Foreign" : s.key === "indigenous" ? "IP" : s.key.toUpperCase(), { hideOnMobile: true }),
        ),
      ],
    },
    {
      key: "ages",
      title: "Inhabitants per barangay by age bracket",
      description: "Age in whole years on the last day of the quarter (or today, while it runs).",
      totals: true,
      columns: [
        barangayColumn,
        ...FORM_C_AGE_BRACKETS.map((b) => n(b.key, b.label)),
        n("age_unknown", "Age not stated", { hideOnMobile: true }),
        n("total", "Total"),
      ],
    },
    {
      key: "form_c",
      title: "RBI Form C: the municipality",
      description:
        "The monitoring report's table (Indicator, Male, Female, Total) for every barangay together. Labour force, " +
        "unemployed, out-of-school children and youth, and families are not kept in the registry and are left out.",
      columns: [{ key: "indicator", label: "Indicator", kind: "text" }, n("male", "Male"), n("female", "Female"), n("total", "Total")],
    },
  ],
};

// ---- collections and remittances ----

/** The funds of a barangay's receipts, in the COA order. */
export const FUNDS = ["General Fund", "SK Fund", "Trust Fund"] as const;

const money = (key: string, label: string, extra: Partial<ReportColumn> = {}): ReportColumn => ({
  key,
  label,
  kind: "money",
  total: true,
  ...extra,
});
const fundKey = (fund: string) => fund.toLowerCase().replace(/[^a-z]+/g, "_");

export const collectionsRollup: RollupDef = {
  name: "collections",
  title: "Collections and remittances",
  answers: "What each barangay collected in the period per fund (General, SK, Trust), and how much of it was remitted.",
  period: "range",
  paper: PAPER.a4Landscape,
  sheets: { by_barangay: "Collections by barangay", by_barangay_fund: "Remittances by barangay, fund" },
  sections: [
    {
      key: "by_barangay",
      title: "Collections per barangay and fund",
      description: "Valid receipts issued in the period (cancelled ones not counted).",
      totals: true,
      columns: [barangayColumn, ...FUNDS.map((f) => money(fundKey(f), f)), money("total", "Total")],
    },
    {
      key: "by_barangay_fund",
      title: "Collections and remittances per barangay and fund",
      description: "Remitted: the period's receipts covered by a remittance (deposit) that stands; not remitted: the rest.",
      totals: true,
      columns: [
        barangayColumn,
        { key: "fund", label: "Fund", kind: "text" },
        n("receipts", "Receipts"),
        n("cancelled", "Cancelled", { hideOnMobile: true }),
        money("collected", "Collected"),
        money("remitted", "Remitted"),
        money("not_remitted", "Not remitted"),
      ],
    },
    {
      key: "by_fund",
      title: "The municipality per fund",
      totals: true,
      columns: [
        { key: "fund", label: "Fund", kind: "text" },
        n("receipts", "Receipts"),
        money("collected", "Collected"),
        money("remitted", "Remitted"),
        money("not_remitted", "Not remitted"),
      ],
    },
  ],
};

/** The key of a fund's column in the per-barangay table. */
export function fundColumnKey(fund: string): string {
  return fundKey(fund);
}

// ---- certificates issued ----

export const certificatesRollup: RollupDef = {
  name: "certificates",
  title: "Certificates issued",
  answers: "How many certificates each barangay issued in the period, per type, and their fees.",
  period: "range",
  paper: PAPER.a4Portrait,
  sheets: { by_barangay_type: "Certificates by barangay, type" },
  sections: [
    {
      key: "by_barangay",
      title: "Certificates per barangay",
      description: "Issued in the period; cancelled ones are counted apart and their fees left out.",
      totals: true,
      columns: [barangayColumn, n("issued", "Issued"), n("cancelled", "Cancelled"), money("fees", "Fees")],
    },
    {
      key: "by_barangay_type",
      title: "Certificates per barangay and type",
      totals: true,
      columns: [barangayColumn, { key: "type", label: "Type", kind: "text", wrap: true }, n("issued", "Issued"), money("fees", "Fees")],
    },
    {
      key: "by_type",
      title: "The municipality per type",
      description: "Types of the same name in different barangays are counted together.",
      totals: true,
      columns: [{ key: "type", label: "Type", kind: "text", wrap: true }, n("issued", "Issued"), money("fees", "Fees")],
    },
  ],
};

/** Every roll-up, in the index's order. */
export const ROLLUPS: readonly RollupDef[] = [inhabitantsRollup, collectionsRollup, certificatesRollup];

export function findRollup(name: string | undefined): RollupDef | undefined {
  return ROLLUPS.find((r) => r.name === name);
}
