import { data } from "react-router";
import { findResource } from "../../../domain/registry/index.ts";
import { PERSONAL_DATA_ENTRIES } from "../../../domain/registry/audit.ts";
import type { ResourceDef } from "../../../domain/registry/types.ts";
import type { ServiceContext } from "../../context.ts";
import { serviceByName } from "../../engine/services.ts";
import { ValidationError } from "../../errors.ts";
import { rethrowForPage } from "../../http/pages/page-kit.server.ts";
import { recordHistory } from "./history.ts";
import { recordAccessBy } from "./access-log.ts";
import { BREACH_COLUMNS, BREACH_PAGE_SIZE, breachEvents, breachSummary, parseBreachQuery } from "./breach.ts";
import { csvHeader, csvRow } from "../../../domain/format.ts";

// Page adapters of record history and the access log (decisions 180, 181): the History tab and
// page of any registry record, and the access rows of the pages that open a person's record in
// full or print it.

/** A route's record id, or a 404 page. */
export function recordIdOf(raw: string | undefined): number {
  const id = Number(raw);
  if (!Number.isSafeInteger(id) || id < 1) throw data("This page could not be found.", { status: 404 });
  return id;
}

/**
 * The History of one record for a page: the entry named by `entity` (a registry name), the record's
 * name when it still exists, and a page of entries (`?page=`). 403 without view-audit.
 */
export async function historyPage(ctx: ServiceContext, entity: string, id: number, url: URL) {
  const def = findResource(entity);
  if (!def || def.readOnly) throw data("This page could not be found.", { status: 404 });
  const history = await recordHistory(ctx, def.name, id, url.searchParams.get("page")).catch((error) => rethrowForPage(error));
  // The record's name, for the heading; a record removed for good keeps its history without one.
  const engine = serviceByName(def.name);
  const name = await engine
    .read(ctx, id)
    .then((row) => engine.displayName(row))
    .catch(() => `#${id}`);
  return { history, name, title: def.labels.title, listPath: def.path };
}

/** The history tab of a record page whose parent route names its record `:<entity>_id`. */
export function entityOfParams(params: Record<string, string | undefined>): { entity: string; id: number } {
  const key = Object.keys(params).find((k) => k.endsWith("_id") && findResource(k.slice(0, -3)));
  if (!key) throw data("This page could not be found.", { status: 404 });
  return { entity: key.slice(0, -3), id: recordIdOf(params[key]) };
}

/**
 * Logs that a person's record was opened in full (a page view) or printed. Runs after the page's
 * own read succeeded, so a refused or missing record logs nothing.
 */
export async function logRecordAccess(
  ctx: ServiceContext,
  entry: {
    entity: string;
    id: number;
    record: string;
    action: "view" | "print";
    subjectId?: number | null;
    reason?: string | null;
    detail?: string | null;
  },
): Promise<void> {
  await recordAccessBy(ctx, {
    entity: entry.entity,
    entityId: entry.id,
    record: entry.record,
    action: entry.action,
    subjectId: entry.subjectId ?? null,
    reason: entry.reason ?? null,
    detail: entry.detail ?? null,
  });
}

/** The person a record is about, by the entry's column that names them. */
const SUBJECT_COLUMN: Record<string, string> = {
  resident: "id",
  non_resident: "id",
  organization: "id",
  transaction: "issued_to_user_id",
  household: "household_head_user_id",
  business: "owner_user_id",
  collection: "issued_to_user_id",
};

/** Payee kinds of a voucher whose payee_id is a person's record (a business is not a person). */
const PERSON_PAYEE_KINDS = ["Resident", "Non-resident", "Organization"];

/** A voucher's payee when the payee is a person's record; a typed name or a business is no one's. */
async function voucherPayee(ctx: ServiceContext, disbursementId: number): Promise<number | null> {
  const row = await ctx.db
    .selectFrom("disbursements")
    .select(["payee_kind", "payee_id"])
    .where("id", "=", disbursementId)
    .executeTakeFirst();
  return row && row.payee_id != null && PERSON_PAYEE_KINDS.includes(row.payee_kind) ? Number(row.payee_id) : null;
}

/** The person a printed record is about: by a column of the row, or, for vouchers and cheques, their payee. */
async function subjectOf(ctx: ServiceContext, entity: string, id: number, row: Record<string, unknown>): Promise<number | null> {
  if (entity === "disbursement") return voucherPayee(ctx, id);
  if (entity === "cheque_issuance") return row.disbursement_id == null ? null : voucherPayee(ctx, Number(row.disbursement_id));
  const column = SUBJECT_COLUMN[entity];
  return column ? Number(row[column]) || null : null;
}

/**
 * Logs the print view of one record (a certificate, a household record, a receipt, a voucher, a
 * cheque): its name and the person it is about, read after the page's own read succeeded.
 */
export async function logRecordPrint(ctx: ServiceContext, entity: string, id: number, detail?: string): Promise<void> {
  const engine = serviceByName(entity);
  const row = await engine.read(ctx, id);
  const subject = await subjectOf(ctx, entity, id, row);
  await logRecordAccess(ctx, { entity, id, record: engine.displayName(row), action: "print", subjectId: subject, detail });
}

/** Logs a CSV export of a list of personal data (the entries of PERSONAL_DATA_ENTRIES). */
export async function logListExport(ctx: ServiceContext, def: ResourceDef, rows: number, filename: string, query: string): Promise<void> {
  if (!PERSONAL_DATA_ENTRIES.includes(def.name)) return;
  await recordAccessBy(ctx, {
    entity: def.name,
    record: `${def.labels.title} (${rows} ${rows === 1 ? "row" : "rows"})`,
    action: "export",
    detail: `${filename}${query ? `; ${decodeURIComponent(query)}` : ""}`,
  });
}

/** The breach query page: the range's summary by user, a page of the timeline, and the user choices. */
export async function breachPage(ctx: ServiceContext, url: URL) {
  let query;
  try {
    query = parseBreachQuery(url.searchParams);
  } catch (error) {
    if (error instanceof ValidationError)
      return { query: null, errors: error.errors, summary: [], events: [], total: 0, pageSize: BREACH_PAGE_SIZE, users: [] };
    throw error;
  }
  const [summary, timeline, users] = await Promise.all([
    breachSummary(ctx, query),
    breachEvents(ctx, query),
    serviceByName("user")
      .options(ctx)
      .catch(() => []),
  ]).catch((error) => rethrowForPage(error));
  return { query, errors: null, summary, events: timeline.events, total: timeline.total, pageSize: BREACH_PAGE_SIZE, users };
}

/**
 * The breach query as a CSV file (every event of the range, oldest first), for the report to the
 * NPC. The export is itself an access to personal data, so it writes its own access row.
 */
export async function breachCsv(ctx: ServiceContext, url: URL): Promise<Response> {
  let query;
  try {
    query = parseBreachQuery(url.searchParams);
  } catch (error) {
    if (error instanceof ValidationError)
      throw data(
        Object.values(error.errors ?? {})
          .flat()
          .join(" "),
        { status: 422 },
      );
    throw error;
  }
  const { events } = await breachEvents(ctx, query, { limit: 1_000_000, offset: 0 }).catch((error) => rethrowForPage(error));
  const label = `Breach query ${query.from} to ${query.to}`;
  await recordAccessBy(ctx, { entity: "access_log", record: label, action: "export", detail: `${events.length} events` });
  const body = "\uFEFF" + csvHeader(BREACH_COLUMNS) + events.map((e) => csvRow(BREACH_COLUMNS, e)).join("");
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="breach-query-${query.from}-to-${query.to}.csv"`,
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
