import { sql, type RawBuilder } from "kysely";
import { z } from "zod";
import { can } from "../../../domain/permissions.ts";
import { calendarDate, isCalendarDate, requiredId, requiredText } from "../../../domain/registry/fields.ts";
import { REMITTANCE_COMMANDS } from "../../../domain/registry/collections.ts";
import { boundedCount, pageNumber } from "../../../domain/registry/list-query.ts";
import type { Paginated } from "../../../domain/registry/types.ts";
import type { ServiceContext } from "../../context.ts";
import { AppError, forbidden, notFound, ValidationError } from "../../errors.ts";
import { recordRun, reverseRun } from "../../engine/commands.ts";
import { inTransaction } from "../../engine/transaction.ts";
import { paginate } from "../../engine/engine.ts";
import type { CollectionRow } from "./service.ts";
import { sumCentavos, toMoneyString } from "../../../domain/money.ts";
import { serviceFor } from "../../engine/services.ts";
import { fullNameOf } from "../../engine/people-sql.ts";
import { dayRemitted } from "../notifications/events.ts";

// Remittances (DESIGN §11, spec §7.3 `GET remittance/collection/day`): one row per collector and
// day with the day's receipts, their total and whether any still waits to be remitted. A day may
// have several remittances (decision 191): each records a deposit (date, bank account, reference),
// takes the RCD number that comes next in the collector's year, and covers the receipts issued and
// not yet remitted when it is made, which it locks (no cancel, restore or edit). Receipts issued
// afterwards wait for the next. The collector's latest remittance can be undone, with a reason,
// until the next is made: its receipts are unlocked and its RCD number is given to the next one.

/** A remittance as a day lists it. */
export interface RemittanceSummary {
  id: number;
  rcd_number: string;
  deposit_date: string;
  bank_account: { id: number; name: string; account_number: string; bank: string };
  deposit_reference: string;
  amount: string;
  receipt_count: number;
  remitted_at: string;
  remitted_by: string | null;
  /** Whether it is its collector's latest remittance, the only one that can be undone. */
  undoable: boolean;
}

export interface RemittanceDay {
  /** "collector_id:YYYY-MM-DD": the day's key in addresses. */
  id: string;
  date: string;
  collector: { id: number; fullname: string };
  /** Receipts issued that day, cancelled ones included (spec §2.4 "total_collection"). */
  total_collection: number;
  cancelled_count: number;
  /** Pesos of the valid receipts, "1500.00". */
  amount_collected: string;
  /** Receipts of the day not yet remitted (cancelled ones included: the RCD lists them) and their valid amount. */
  pending_count: number;
  pending_amount: string;
  /** Pending while a receipt of the day waits to be remitted. */
  status: "Pending" | "Remitted";
  /** The day's latest remittance (null before the first). */
  remittance: RemittanceSummary | null;
  /** Every remittance of the day not undone, oldest first. */
  remittances: RemittanceSummary[];
}

export interface DayQuery {
  page: number;
  per_page: number;
  filter: { collector_id?: string; date_from?: string; date_to?: string; status?: string };
}

/** The day-list query from an address or REST query (`filter[date_from]`, `filter[collector_id]`…). */
export function parseDayQuery(query: Record<string, unknown>): DayQuery {
  // `filter[key]` arrives nested (qs) or as a flat key (Express 5's simple parser, URLSearchParams).
  const filter: Record<string, unknown> = { ...(typeof query.filter === "object" && query.filter ? query.filter : {}) };
  for (const [key, value] of Object.entries(query)) {
    const m = /^filter\[([a-z_]+)\]$/.exec(key);
    if (m) filter[m[1]] = value;
  }
  const text = (v: unknown) => (typeof v === "string" ? v : undefined);
  const page = pageNumber(query.page);
  const perPage = boundedCount(query.per_page, 15, 100);
  const out: DayQuery["filter"] = {};
  const collector = text(filter.collector_id ?? query.collector_id);
  if (collector && /^\d{1,15}$/.test(collector)) out.collector_id = collector;
  const from = text(filter.date_from ?? filter.date_issued_from);
  const to = text(filter.date_to ?? filter.date_issued_to);
  if (from && isCalendarDate(from)) out.date_from = from;
  if (to && isCalendarDate(to)) out.date_to = to;
  const status = text(filter.status);
  if (status === "Pending" || status === "Remitted") out.status = status;
  return { page, per_page: perPage, filter: out };
}

function assertCanRead(ctx: ServiceContext): void {
  if (!can(ctx.user, "manage-remittance") && !can(ctx.user, "view-remittance")) throw forbidden();
}

/** A collector's day: "collector_id" and "YYYY-MM-DD". */
interface DayKey {
  collector_id: string | number;
  date: string;
}

/**
 * The days of the list, each a collector and a date: a day with a remittance (not undone), or with
 * a receipt not yet remitted (`remittance_id is null`, the partial index
 * `collections_unremitted_day_idx`). Neither side groups every receipt: the remittances are a few
 * rows a day, the unremitted receipts the last days'. A remittance always covers a receipt of its
 * day and receipts are never deleted, so every such day has receipts.
 */
function dayKeys(filter: DayQuery["filter"]): RawBuilder<unknown> {
  /** The filter on a collector column and a date column. */
  const within = (collector: string, date: string) =>
    sql.join(
      [
        ...(filter.collector_id ? [sql`${sql.ref(collector)} = ${Number(filter.collector_id)}`] : []),
        ...(filter.date_from ? [sql`${sql.ref(date)} >= ${filter.date_from}::date`] : []),
        ...(filter.date_to ? [sql`${sql.ref(date)} <= ${filter.date_to}::date`] : []),
        sql`true`,
      ],
      sql` and `,
    );
  const remitted = sql`
    select distinct r.collector_id, r.remit_date as date_issued from remittances r
    where r.deleted_at is null and ${within("r.collector_id", "r.remit_date")}`;
  const pending = sql`
    select distinct c.collector_id, c.date_issued from collections c
    where c.remittance_id is null and ${within("c.collector_id", "c.date_issued")}`;
  if (filter.status === "Pending") return pending;
  if (filter.status === "Remitted") return sql`${remitted} except ${pending}`;
  return sql`${remitted} union ${pending}`;
}

/** The remittances of a day (alias `d`: collector_id, date_issued) as JSON, oldest first. */
const remittancesOfDay = sql<RemittanceSummary[]>`(
  select coalesce(jsonb_agg(jsonb_build_object(
    'id', r.id, 'rcd_number', r.rcd_number, 'deposit_date', r.deposit_date::text, 'deposit_reference', r.deposit_reference,
    'amount', r.amount::text, 'receipt_count', r.receipt_count, 'remitted_at', r.created_at, 'remitted_by', ${fullNameOf("rp")},
    'bank_account', jsonb_build_object('id', ba.id, 'name', ba.account_name, 'account_number', ba.account_number, 'bank', b.name),
    'undoable', r.id = (select max(l.id) from remittances l where l.collector_id = r.collector_id and l.deleted_at is null)
  ) order by r.id), '[]'::jsonb)
  from remittances r
  join bank_accounts ba on ba.id = r.bank_account_id
  join banks b on b.id = ba.bank_id
  left join user_profiles rp on rp.user_id = r.created_by
  where r.collector_id = d.collector_id and r.remit_date = d.date_issued and r.deleted_at is null)`;

/**
 * The figures of the given days, or of the days of one collector and date range: the receipts are
 * counted per day first, then each day gathers its remittances.
 */
function daysQuery(ctx: ServiceContext, filter: Pick<DayQuery["filter"], "collector_id" | "date_from" | "date_to">, days?: DayKey[]) {
  let counted = ctx.db
    .selectFrom("collections as c")
    .select([
      "c.collector_id",
      "c.date_issued",
      sql<number>`count(*)::int`.as("total_collection"),
      sql<number>`(count(*) filter (where c.deleted_at is not null))::int`.as("cancelled_count"),
      sql<string>`coalesce(sum(c.amount_paid) filter (where c.deleted_at is null), 0)::numeric(14,2)::text`.as("amount_collected"),
      sql<number>`(count(*) filter (where c.remittance_id is null))::int`.as("pending_count"),
      sql<string>`coalesce(sum(c.amount_paid) filter (where c.deleted_at is null and c.remittance_id is null), 0)::numeric(14,2)::text`.as(
        "pending_amount",
      ),
    ])
    .groupBy(["c.collector_id", "c.date_issued"]);
  if (days)
    counted = counted.where(
      sql<boolean>`(c.collector_id, c.date_issued) in (${sql.join(days.map((d) => sql`(${Number(d.collector_id)}::bigint, ${d.date}::date)`))})`,
    );
  if (filter.collector_id) counted = counted.where("c.collector_id", "=", Number(filter.collector_id));
  if (filter.date_from) counted = counted.where("c.date_issued", ">=", filter.date_from);
  if (filter.date_to) counted = counted.where("c.date_issued", "<=", filter.date_to);
  return ctx.db
    .selectFrom(counted.as("d"))
    .innerJoin("user_profiles as cp", "cp.user_id", "d.collector_id")
    .select([
      "d.collector_id",
      sql<string>`d.date_issued::text`.as("date"),
      fullNameOf("cp").as("collector_name"),
      "d.total_collection",
      "d.cancelled_count",
      "d.amount_collected",
      "d.pending_count",
      "d.pending_amount",
      remittancesOfDay.as("remittances"),
    ]);
}

type DayRow = Awaited<ReturnType<ReturnType<typeof daysQuery>["executeTakeFirstOrThrow"]>>;

function toDay(row: DayRow): RemittanceDay {
  const remittances = row.remittances.map((r) => ({
    ...r,
    id: Number(r.id),
    bank_account: { ...r.bank_account, id: Number(r.bank_account.id) },
  }));
  return {
    id: `${row.collector_id}:${row.date}`,
    date: row.date,
    collector: { id: Number(row.collector_id), fullname: row.collector_name },
    total_collection: row.total_collection,
    cancelled_count: row.cancelled_count,
    amount_collected: row.amount_collected,
    pending_count: row.pending_count,
    pending_amount: row.pending_amount,
    status: row.pending_count > 0 || remittances.length === 0 ? "Pending" : "Remitted",
    remittance: remittances.at(-1) ?? null,
    remittances,
  };
}

/** GET remittance/collection/day: one row per collector and day, newest first. */
export async function remittanceDays(
  ctx: ServiceContext,
  query: DayQuery,
  path = "/manage/remittances",
): Promise<Paginated<RemittanceDay>> {
  assertCanRead(ctx);
  const keys = dayKeys(query.filter);
  // The page's days, a date's collectors by name then id, with the total beside them: the days
  // are listed once, and each collector's name read once (the list names them: a collector without
  // a profile has no row, as in the receipts' inner join).
  const { rows: page } = await sql<DayKey & { total: number }>`
    with k as (${keys}),
    names as (select cp.user_id, ${fullNameOf("cp")} as name from user_profiles cp where cp.user_id in (select collector_id from k))
    select k.collector_id, k.date_issued::text as date, (count(*) over ())::int as total
    from k join names n on n.user_id = k.collector_id
    order by k.date_issued desc, n.name, k.collector_id
    limit ${query.per_page} offset ${(query.page - 1) * query.per_page}`.execute(ctx.db);
  // Past the last page the total is counted alone.
  const total =
    page[0]?.total ??
    (
      await sql<{ total: number }>`
        with k as (${keys})
        select count(*)::int as total from k where exists (select 1 from user_profiles cp where cp.user_id = k.collector_id)`.execute(
        ctx.db,
      )
    ).rows[0].total;
  const figures = page.length ? await daysQuery(ctx, {}, page).execute() : [];
  const byDay = new Map(figures.map((r) => [`${r.collector_id}:${r.date}`, r]));
  const rows = page.flatMap((d) => byDay.get(`${d.collector_id}:${d.date}`) ?? []);
  const lastPage = Math.max(1, Math.ceil(total / query.per_page));
  return paginate(rows.map(toDay), total, query.page, query.per_page, lastPage, path);
}

/** One collector's day with its receipts in numerical order, cancelled ones included (the `search` child). */
export async function remittanceDay(
  ctx: ServiceContext,
  collectorId: number,
  date: string,
): Promise<{ day: RemittanceDay; receipts: CollectionRow[] }> {
  assertCanRead(ctx);
  if (!isCalendarDate(date)) throw notFound("day");
  const row = await daysQuery(ctx, { collector_id: String(collectorId), date_from: date, date_to: date }).executeTakeFirst();
  if (!row) throw notFound("day");
  const receipts = await serviceFor("collection").readRows(ctx, (q) =>
    q.where("t.collector_id", "=", collectorId).where("t.date_issued", "=", date).orderBy("t.form_pad_id").orderBy("t.or_number"),
  );
  return { day: toDay(row), receipts };
}

export const remitSchema = z.object({
  collector_id: requiredId("collector_id"),
  date: calendarDate("date"),
  deposit_date: calendarDate("deposit_date"),
  bank_account_id: requiredId("bank_account_id"),
  deposit_reference: requiredText("deposit_reference", 100),
});

export const undoRemittanceSchema = z.object({ reason: requiredText("reason", 500) });

function assertCanRemit(ctx: ServiceContext): void {
  if (!can(ctx.user, "manage-remittance") || !can(ctx.user, "update-collection")) throw forbidden();
}

/**
 * Serialises a collector's remittances (numbering, "the latest" for undo) for the rest of the
 * transaction. Two remittances of one day already meet on the day's receipts' row locks; this one
 * also orders those of different days.
 */
async function lockCollectorRemittances(tx: ServiceContext, collectorId: number): Promise<void> {
  await sql`select pg_advisory_xact_lock(${REMITTANCE_LOCK_SPACE}, ${collectorId}::int)`.execute(tx.db);
}
/** The advisory lock space of the collectors' remittances (any fixed number no other lock uses). */
const REMITTANCE_LOCK_SPACE = 26_02;

/** Remittances are recorded rows outside the registry (their screens are the day list and the RCD). */
const REMITTANCES = { entity: "remittance", table: "remittances" } as const;
const REMIT = { entity: "remittance", command: REMITTANCE_COMMANDS.remit.name, audit: REMITTANCE_COMMANDS.remit.audit };
const UNDO_REMIT = {
  entity: "remittance",
  command: REMITTANCE_COMMANDS.undo.name,
  audit: REMITTANCE_COMMANDS.undo.audit,
  reverses: REMITTANCE_COMMANDS.remit.name,
};

/**
 * The next RCD number of a collector for a day: "YYYY-MM-NNN", NNN counting the collector's
 * remittances of the year (not undone) — the LGU RCD's "Report No." (research notes §2b). Call
 * under lockCollectorRemittances.
 */
async function nextRcdNumber(tx: ServiceContext, collectorId: number, date: string): Promise<string> {
  const year = date.slice(0, 4);
  const row = await sql<{ last: number | null }>`
    select max(split_part(rcd_number, '-', 3)::int) as last from remittances
    where collector_id = ${collectorId} and deleted_at is null and rcd_number like ${`${year}-%`}`.execute(tx.db);
  return `${date.slice(0, 7)}-${String(Number(row.rows[0]?.last ?? 0) + 1).padStart(3, "0")}`;
}

/** What a remittance answers, on every transport: "Successfully remitted 2 receipts of 2026-11-16 (RCD 2026-11-004)." */
export function remittedMessage(day: RemittanceDay): string {
  const count = day.remittance?.receipt_count ?? 0;
  return `Successfully remitted ${count} receipt${count === 1 ? "" : "s"} of ${day.date} (RCD ${day.remittance?.rcd_number}).`;
}

/** What undoing a remittance answers: its receipts wait to be remitted again. */
export function undoneMessage(day: RemittanceDay): string {
  return `Remittance undone: ${day.pending_count} receipt${day.pending_count === 1 ? "" : "s"} of ${day.date} wait to be remitted again.`;
}

/** The day of a collector as the list shows it, inside the caller's transaction. */
async function dayOf(tx: ServiceContext, collectorId: number, date: string): Promise<RemittanceDay> {
  return toDay(await daysQuery(tx, { collector_id: String(collectorId), date_from: date, date_to: date }).executeTakeFirstOrThrow());
}

/**
 * Remits a collector's receipts of one day that are not yet remitted: records the deposit under
 * the next RCD number and locks them. Receipts issued later that day wait for the next remittance.
 */
export async function remitDay(ctx: ServiceContext, input: unknown): Promise<RemittanceDay> {
  assertCanRemit(ctx);
  const parsed = remitSchema.safeParse(input ?? {});
  if (!parsed.success) throw ValidationError.fromZod(parsed.error);
  const v = parsed.data;
  if (v.deposit_date < v.date) throw ValidationError.field("deposit_date", "The deposit date must not be before the day it remits.");
  return inTransaction(ctx, async (tx) => {
    const account = await tx.db
      .selectFrom("bank_accounts")
      .select("id")
      .where("id", "=", v.bank_account_id)
      .where("deleted_at", "is", null)
      .executeTakeFirst();
    if (!account) throw ValidationError.field("bank_account_id", "The selected bank account is invalid.");
    await lockCollectorRemittances(tx, v.collector_id);
    // Lock the receipts it covers: a cancel or restore waiting on them sees them remitted after.
    const receipts = await tx.db
      .selectFrom("collections")
      .select(["id", sql<string>`amount_paid::text`.as("amount_paid"), "deleted_at"])
      .where("collector_id", "=", v.collector_id)
      .where("date_issued", "=", v.date)
      .where("remittance_id", "is", null)
      .orderBy("id")
      .forUpdate()
      .execute();
    if (receipts.length === 0) {
      const any = await tx.db
        .selectFrom("collections")
        .select("id")
        .where("collector_id", "=", v.collector_id)
        .where("date_issued", "=", v.date)
        .executeTakeFirst();
      if (!any) throw ValidationError.field("date", "The collector issued no receipt that day.");
      throw new AppError(422, `The collections of ${v.date} are already remitted; receipts issued later wait for the next remittance.`);
    }
    const valid = receipts.filter((r) => !r.deleted_at);
    const amount = toMoneyString(sumCentavos(valid.map((r) => r.amount_paid)));
    const rcdNumber = await nextRcdNumber(tx, v.collector_id, v.date);
    // The remittance and the receipts it locks, recorded as one run: its undo replays it backwards.
    const remittanceId = await recordRun(tx, REMIT, null, null, async (recorder) => {
      const id = await recorder.insert(REMITTANCES, {
        collector_id: v.collector_id,
        remit_date: v.date,
        receipt_count: valid.length,
        amount,
        deposit_date: v.deposit_date,
        bank_account_id: v.bank_account_id,
        deposit_reference: v.deposit_reference,
        rcd_number: rcdNumber,
      });
      await recorder.subjectIs(id);
      for (const r of receipts) await recorder.change("collection", Number(r.id), { remittance_id: id });
      return id;
    });
    await dayRemitted(tx, { remittanceId, collectorId: v.collector_id, date: v.date, amount, receipts: valid.length });
    return dayOf(tx, v.collector_id, v.date);
  });
}

/**
 * Undoes a remittance, the reverse of remitDay: only the collector's latest, only before the next
 * is made, with a reason. Its receipts are unlocked (pending again); the remittance stays, deleted,
 * with the reason, and its RCD number goes to the next remittance.
 */
export async function undoRemittance(ctx: ServiceContext, id: number, input: unknown): Promise<RemittanceDay> {
  assertCanRemit(ctx);
  const parsed = undoRemittanceSchema.safeParse(input ?? {});
  if (!parsed.success) throw ValidationError.fromZod(parsed.error);
  const { reason } = parsed.data;
  return inTransaction(ctx, async (tx) => {
    const found = await tx.db.selectFrom("remittances").select("collector_id").where("id", "=", id).executeTakeFirst();
    if (!found) throw notFound("remittance");
    await lockCollectorRemittances(tx, Number(found.collector_id));
    const remittance = await tx.db
      .selectFrom("remittances")
      .select(["id", "collector_id", sql<string>`remit_date::text`.as("remit_date"), "rcd_number", "deleted_at", "amount", "receipt_count"])
      .where("id", "=", id)
      .forUpdate()
      .executeTakeFirstOrThrow();
    if (remittance.deleted_at) throw new AppError(422, `Remittance RCD ${remittance.rcd_number} is already undone.`);
    const latest = await tx.db
      .selectFrom("remittances")
      .select(["id", "rcd_number"])
      .where("collector_id", "=", remittance.collector_id)
      .where("deleted_at", "is", null)
      .orderBy("id", "desc")
      .limit(1)
      .executeTakeFirstOrThrow();
    if (Number(latest.id) !== id)
      throw new AppError(
        422,
        `Only the collector's latest remittance (RCD ${latest.rcd_number}) can be undone; RCD ${remittance.rcd_number} is followed by it.`,
      );
    // The recorded remit run, replayed backwards: its receipts are pending again and the remittance
    // is deleted; it keeps the reason, and its RCD number goes to the next remittance.
    await reverseRun(
      tx,
      UNDO_REMIT,
      id,
      reason,
      (entity, rowId) => (entity === "remittance" ? `RCD ${remittance.rcd_number}` : `${entity} #${rowId}`),
      { removedWith: { undo_reason: reason } },
    );
    return dayOf(tx, Number(remittance.collector_id), remittance.remit_date);
  });
}

/** The staff who issued receipts, for the collector filter. */
export async function collectorOptions(ctx: ServiceContext): Promise<{ value: string; label: string }[]> {
  assertCanRead(ctx);
  const rows = await ctx.db
    .selectFrom("user_profiles as p")
    .select(["p.user_id", fullNameOf("p").as("name")])
    .where("p.user_id", "in", ctx.db.selectFrom("collections").select("collector_id").distinct())
    .orderBy("p.sort_name")
    .execute();
  return rows.map((r) => ({ value: String(r.user_id), label: r.name }));
}

/** Active bank accounts for the deposit. */
export async function depositAccounts(ctx: ServiceContext): Promise<{ value: string; label: string }[]> {
  const rows = await ctx.db
    .selectFrom("bank_accounts as a")
    .innerJoin("banks as b", "b.id", "a.bank_id")
    .select(["a.id", "a.account_name", "a.account_number", "b.code"])
    .where("a.deleted_at", "is", null)
    .orderBy("a.account_name")
    .execute();
  return rows.map((r) => ({ value: String(r.id), label: `${r.code} ${r.account_number} — ${r.account_name}` }));
}
