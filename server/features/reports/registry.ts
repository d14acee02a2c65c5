import { scopeKey } from "../../../db/tenant.ts";
import { can } from "../../../domain/permissions.ts";
import { todayInManila } from "../../../domain/dates.ts";
import { toCentavos, toMoneyString } from "../../../domain/money.ts";
import { boundedCount, pageNumber, parseFilters } from "../../../domain/registry/list-query.ts";
import { findReport, REPORTS } from "../../../domain/reports/registry.ts";
import {
  LISTING_PER_PAGE,
  type ReportColumn,
  type ReportDef,
  type ReportListingPage,
  type ReportReadFrom,
  type ReportResult,
  type ReportRow,
  type ReportSectionResult,
} from "../../../domain/reports/types.ts";
import type { ServiceContext } from "../../context.ts";
import { AppError, forbidden, unauthenticated } from "../../errors.ts";
import { reportReads } from "./replica-reads.ts";
import type { ReportFilters, ReportListingQuery, ReportQuery, ReportQueryArgs } from "./types.ts";

// The one way into a report for the page, the print view, REST and the export: the permission
// check, the filter parsing, the totals and the listing's pages live here once.

const QUERIES = new Map<string, ReportQuery>();

/** Registers the query of a report of domain/reports/registry.ts (server/features/reports/index.ts imports each). */
export function defineReport(name: string, query: ReportQuery): void {
  if (!findReport(name)) throw new Error(`defineReport: no report "${name}" in domain/reports/registry.ts`);
  QUERIES.set(name, query);
}

export function isBuilt(def: ReportDef): boolean {
  return !def.arrivesWith && QUERIES.has(def.name);
}

/** The reports the user may open, in the hub's order, each with whether it is built. */
export function reportsFor(ctx: ServiceContext): { def: ReportDef; built: boolean }[] {
  return REPORTS.filter((def) => can(ctx.user, def.permission)).map((def) => ({ def, built: isBuilt(def) }));
}

type Params = URLSearchParams | Record<string, unknown>;

export interface OpenReport {
  def: ReportDef;
  query: ReportQuery;
  args: ReportQueryArgs;
}

/** Checks the user and the report, and parses the filters: 401, 403, 404 (unknown or not built yet). */
export function openReport(ctx: ServiceContext, name: string, params: Params): OpenReport {
  if (!ctx.user) throw unauthenticated();
  const def = findReport(name);
  if (!def) throw new AppError(404, "The report could not be found.");
  if (!can(ctx.user, def.permission)) throw forbidden();
  const query = QUERIES.get(def.name);
  if (!query || def.arrivesWith)
    throw new AppError(404, `The ${def.title.toLowerCase()} report arrives with issue ${def.arrivesWith?.issue ?? "?"}.`);
  const filters: ReportFilters = parseFilters(params, def.filters);
  return { def, query, args: { ctx, filters, today: todayInManila() } };
}

export interface ReadingReport extends OpenReport {
  readFrom: ReportReadFrom;
}

/**
 * openReport, with the report's queries reading where reportReads decides: the streaming replica
 * when one is configured and holds what the user wrote, otherwise the primary (decision 214).
 */
export async function openReportReading(ctx: ServiceContext, name: string, params: Params): Promise<ReadingReport> {
  const open = openReport(ctx, name, params);
  const reads = await reportReads(ctx);
  return { ...open, args: { ...open.args, ctx: reads.ctx }, readFrom: reads.readFrom };
}

/** Sums the `total` columns of rows: numbers as numbers, money exactly in centavos. */
export function totalsOf(columns: readonly ReportColumn[], rows: readonly ReportRow[], label = "Total"): ReportRow {
  const out: ReportRow = {};
  columns.forEach((column, i) => {
    if (i === 0 && !column.total) out[column.key] = label;
    else if (!column.total) out[column.key] = null;
    else if (column.kind === "money")
      out[column.key] = toMoneyString(rows.reduce((s, r) => s + toCentavos(String(r[column.key] ?? "0")), 0));
    else out[column.key] = rows.reduce((s, r) => s + Number(r[column.key] ?? 0), 0);
  });
  return out;
}

/** The sums of a section's `total` columns, as its totals row shows them: the figures a query's cards repeat. */
export function sectionTotals(def: ReportDef, section: string, rows: readonly ReportRow[]): Record<string, string | number> {
  const columns = (def.sections.find((s) => s.key === section)?.columns ?? []).filter((c) => c.total);
  const out: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(totalsOf(columns, rows))) if (value != null) out[key] = value;
  return out;
}

function listingDef(def: ReportDef) {
  return def.sections.find((s) => s.listing);
}

async function listingPage(open: OpenReport, listing: ReportListingQuery, page: number, perPage: number): Promise<ReportListingPage> {
  const section = listingDef(open.def)!;
  const [total, totals] = await Promise.all([listing.count(open.args), listing.totals?.(open.args) ?? Promise.resolve(null)]);
  const lastPage = Math.max(1, Math.ceil(total / perPage));
  const current = Math.min(Math.max(1, page), lastPage);
  const rows = await listing.page(open.args, (current - 1) * perPage, perPage);
  const totalsRow = section.totals && totals ? { [section.columns[0].key]: "Total", ...totals } : null;
  return { section: section.key, rows, totals: totalsRow, meta: { total, page: current, per_page: perPage, last_page: lastPage } };
}

function readPage(params: Params): number {
  return pageNumber(params instanceof URLSearchParams ? params.get("page") : params.page);
}

/** The most listing rows one page of a report holds (the REST `per_page`). */
export const REPORT_MAX_PER_PAGE = 500;

/**
 * Identical report queries in flight at the same moment share one run (per database handle and
 * barangay: a run reads the rows of the scope that started it, decision 209): a report opened by
 * several people at once, or a burst of the same request, costs one scan. Nothing is kept once the
 * run ends, so an answer is never older than the request that receives it.
 */
const IN_FLIGHT = new WeakMap<object, Map<string, Promise<unknown>>>();
function shared<T>(open: OpenReport, key: string, run: () => Promise<T>): Promise<T> {
  let runs = IN_FLIGHT.get(open.args.ctx.db);
  if (!runs) IN_FLIGHT.set(open.args.ctx.db, (runs = new Map()));
  const id = `${scopeKey()}|${open.def.name}|${open.args.today}|${JSON.stringify(Object.entries(open.args.filters).sort())}|${key}`;
  const found = runs.get(id) as Promise<T> | undefined;
  if (found) return found;
  const started = run().finally(() => runs.delete(id));
  runs.set(id, started);
  return started;
}

/** A report's cards, aggregate sections with totals, and one page of its listing. */
export async function runReport(
  ctx: ServiceContext,
  name: string,
  params: Params,
  /** perPage: rows of the listing's page, as a number or a query's text; bounded here. */
  options: { perPage?: number | string | null; listing?: boolean } = {},
): Promise<ReportResult> {
  const open = await openReportReading(ctx, name, params);
  const { def, query, args } = open;
  // The aggregates and the listing's page are independent: run them side by side.
  const listingQuery = options.listing === false ? undefined : query.listing;
  const page = readPage(params);
  const perPage = boundedCount(options.perPage, LISTING_PER_PAGE, REPORT_MAX_PER_PAGE);
  const [summary, listing] = await Promise.all([
    shared(open, "summary", () => query.summary(args)),
    listingQuery ? shared(open, `listing:${page}:${perPage}`, () => listingPage(open, listingQuery, page, perPage)) : Promise.resolve(null),
  ]);
  const sections: ReportSectionResult[] = def.sections
    .filter((s) => !s.listing)
    .map((s) => {
      const found = summary.sections[s.key] ?? { rows: [] };
      const columns = found.columns ?? s.columns;
      return { key: s.key, columns: found.columns, rows: found.rows, totals: s.totals ? totalsOf(columns, found.rows) : null };
    });
  return {
    name: def.name,
    title: def.title,
    filters: { ...summary.defaults, ...args.filters },
    generated_at: new Date().toISOString(),
    cards: summary.cards,
    sections,
    listing,
    ...(summary.letter ? { letter: summary.letter } : {}),
    ...(summary.signatures ? { signatures: summary.signatures } : {}),
    ...(open.readFrom.source === "replica" ? { read_from: open.readFrom } : {}),
  };
}

/** Every row of a report's listing, a batch at a time (export, print). */
export async function* listingRows(open: OpenReport, limit = Infinity): AsyncGenerator<ReportRow[]> {
  const listing = open.query.listing;
  if (!listing) return;
  let sent = 0;
  const source =
    listing.batches?.(open.args) ??
    (async function* () {
      for (let offset = 0; ; offset += 1000) {
        const rows = await listing.page(open.args, offset, 1000);
        if (rows.length) yield rows;
        if (rows.length < 1000) return;
      }
    })();
  for await (const batch of source) {
    const room = limit - sent;
    if (room <= 0) return;
    const rows = batch.length > room ? batch.slice(0, room) : batch;
    sent += rows.length;
    yield rows;
  }
}
