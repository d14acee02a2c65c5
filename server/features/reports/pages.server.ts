import { data, type MiddlewareFunction } from "react-router";
import { can } from "../../../domain/permissions.ts";
import { findReport, REPORTS } from "../../../domain/reports/registry.ts";
import {
  PAPER_SIZES,
  PRINT_LISTING_LIMIT,
  type Orientation,
  type PaperSize,
  type ReportResult,
  type ReportRow,
} from "../../../domain/reports/types.ts";
import { serviceByName } from "../../engine/services.ts";
import { getRequestContext, serviceContextOf } from "../../http/pages/context.ts";
import { pageUrl, rethrowForPage, type PageArgs } from "../../http/pages/page-kit.server.ts";
import { exportHeaders, exportReport } from "./export.ts";
import { listingRows, openReportReading, reportsFor, runReport } from "./index.ts";

// The page adapters of the reports: the hub, a report's page, its print view and its
// export. Thin: they read the address, call the reports layer and shape the loader data.

export type FilterOptions = Record<string, { value: string; label: string }[]>;

const NOT_AUTHORIZED = "You are not authorized to view this page.";

/**
 * The hub's guard: it opens for whoever may open some report (the reports' permission, or the KP
 * permission of the KP books alone) and lists only those (reportsFor).
 */
export const requireSomeReport: MiddlewareFunction<Response> = ({ context }) => {
  const user = getRequestContext(context).user;
  if (!REPORTS.some((def) => can(user, def.permission))) throw data(NOT_AUTHORIZED, { status: 403 });
};

/**
 * A report's page, print and export: the report's own permission (the KP books show case records:
 * view-kp_case, not the reports' general permission). An unknown report falls through to its 404.
 */
export const requireReportPermission: MiddlewareFunction<Response> = ({ context, params }) => {
  const def = findReport(params.report);
  const user = getRequestContext(context).user;
  if (def ? !can(user, def.permission) : !REPORTS.some((r) => can(user, r.permission))) throw data(NOT_AUTHORIZED, { status: 403 });
};

export function reportsHub(args: PageArgs) {
  const ctx = serviceContextOf(args.context);
  return {
    reports: reportsFor(ctx).map(({ def, built }) => ({
      name: def.name,
      title: def.title,
      answers: def.answers,
      built,
      arrivesWith: def.arrivesWith ?? null,
    })),
  };
}

async function filterOptions(args: PageArgs, name: string): Promise<FilterOptions> {
  const ctx = serviceContextOf(args.context);
  const out: FilterOptions = {};
  for (const filter of findReport(name)?.filters ?? [])
    if (filter.kind === "reference") out[filter.key] = await serviceByName(filter.resource).options(ctx);
  return out;
}

export type ReportPageData =
  | { name: string; pending: { issue: number; what: string }; result: null; options: FilterOptions }
  | { name: string; pending: null; result: ReportResult; options: FilterOptions };

export async function reportPage(args: PageArgs, name: string): Promise<ReportPageData> {
  const def = findReport(name);
  if (!def) throw data("The report could not be found.", { status: 404 });
  if (def.arrivesWith) return { name, pending: def.arrivesWith, result: null, options: {} };
  const ctx = serviceContextOf(args.context);
  try {
    const result = await runReport(ctx, name, pageUrl(args).searchParams);
    return { name, pending: null, result, options: await filterOptions(args, name) };
  } catch (error) {
    return rethrowForPage(error);
  }
}

export interface ReportPrintData {
  name: string;
  result: ReportResult;
  /** The printed listing (section=listing), at most PRINT_LISTING_LIMIT rows. */
  listing: { rows: ReportRow[]; total: number; truncated: boolean } | null;
  options: FilterOptions;
  paper: { size: PaperSize; orientation: Orientation };
  printedAt: string;
  printedBy: string;
}

export async function reportPrint(args: PageArgs, name: string): Promise<ReportPrintData> {
  const ctx = serviceContextOf(args.context);
  const params = pageUrl(args).searchParams;
  try {
    const withListing = params.get("section") === "listing";
    const result = await runReport(ctx, name, params, { perPage: 1 });
    let listing: ReportPrintData["listing"] = null;
    if (withListing && result.listing) {
      const rows: ReportRow[] = [];
      for await (const batch of listingRows(await openReportReading(ctx, name, params), PRINT_LISTING_LIMIT)) rows.push(...batch);
      listing = { rows, total: result.listing.meta.total, truncated: result.listing.meta.total > rows.length };
    }
    const def = findReport(name)!;
    const size = PAPER_SIZES.find((p) => p.value === params.get("size"))?.value ?? def.paper.size;
    const orientation =
      params.get("orientation") === "landscape"
        ? "landscape"
        : params.get("orientation") === "portrait"
          ? "portrait"
          : def.paper.orientation;
    return {
      name,
      result,
      listing,
      paper: { size, orientation },
      options: await filterOptions(args, name),
      printedAt: new Date().toISOString(),
      printedBy: ctx.user?.user_profile.fullname ?? "",
    };
  } catch (error) {
    return rethrowForPage(error);
  }
}

export async function reportDownload(args: PageArgs, name: string): Promise<Response> {
  const ctx = serviceContextOf(args.context);
  const params = pageUrl(args).searchParams;
  const format = params.get("format") === "csv" ? "csv" : "xlsx";
  try {
    const file = await exportReport(ctx, name, params, format);
    return new Response(file.body, { headers: exportHeaders(file) });
  } catch (error) {
    return rethrowForPage(error);
  }
}
