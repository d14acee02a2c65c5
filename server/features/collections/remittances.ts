import { sql, type RawBuilder } from "kysely";
import { z } from "zod";
import { can } from "../../../app/lib/permissions.ts";
import { requiredId, requiredText } from "../../../app/resources/fields.ts";
import type { Paginated } from "../../../app/resources/types.ts";
import type { ServiceContext } from "../../context.ts";
import { AppError, forbidden, notFound, ValidationError } from "../../errors.ts";
import { audit } from "../../services/audit.ts";
import { inTransaction } from "../../resources/transaction.ts";
import { engineDb, paginate, type Row } from "../../resources/engine.ts";
import { serviceFor } from "../../resources/services.ts";
import { fullNameOf } from "../../services/people-sql.ts";
import { dayRemitted } from "../notifications/events.ts";

// Remittances (issue 10 item 5, DESIGN §11, spec §7.3 `GET remittance/collection/day`): one row
// per collector and day with the day's receipts, their total and whether the day is remitted.
// Remitting records the deposit (date, bank account, reference), marks the day's receipts
// processed and locks them: no cancel, restore or edit afterwards, and no new receipt that day.

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
  status: "Pending" | "Remitted";
  remittance: {
    id: number;
    deposit_date: string;
    bank_account: { id: number; name: string; account_number: string; bank: string };
    deposit_reference: string;
    amount: string;
    remitted_at: string;
    remitted_by: string | null;
  } | null;
}

export interface DayQuery {
  page: number;
  per_page: number;
  filter: { collector_id?: string; date_from?: string; date_to?: string; status?: string };
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The day-list query from an address or REST query (`filter[date_from]`, `filter[collector_id]`…). */
export function parseDayQuery(query: Record<string, unknown>): DayQuery {
  // `filter[key]` arrives nested (qs) or as a flat key (Express 5's simple parser, URLSearchParams).
  const filter: Record<string, unknown> = { ...(typeof query.filter === "object" && query.filter ? query.filter : {}) };
  for (const [key, value] of Object.entries(query)) {
    const m = /^filter\[([a-z_]+)\]$/.exec(key);
    if (m) filter[m[1]] = value;
  }
  const text = (v: unknown) => (typeof v === "string" ? v : undefined);
  const page = Math.max(1, Number.parseInt(String(query.page ?? "1"), 10) || 1);
  const perPage = Math.min(100, Math.max(1, Number.parseInt(String(query.per_page ?? "15"), 10) || 15));
  const out: DayQuery["filter"] = {};
  const collector = text(filter.collector_id ?? query.collector_id);
  if (collector && /^\d{1,15}$/.test(collector)) out.collector_id = collector;
  const from = text(filter.date_from ?? filter.date_issued_from);
  const to = text(filter.date_to ?? filter.date_issued_to);
  if (from && DATE.test(from)) out.date_from = from;
  if (to && DATE.test(to)) out.date_to = to;
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
 * The days of the list, each a collector and a date (issue 17 item 7, decision 178): a remitted
 * day is its `remittances` row (one per collector and day), a pending day one with a receipt not
 * yet remitted (`remittance_id is null`, the partial index `collections_unremitted_day_idx`) and
 * no remittance. Neither side groups every receipt: the remittances are one row a day, the
 * unremitted receipts the last days'. This relies on what remitting keeps true (DESIGN §11): it
 * needs a receipt that day and marks every receipt of the day, receipts are never deleted and keep
 * their collector and date, and a remitted day takes no new receipt — so a remittance's day has a
 * receipt, and a receipt with a remittance lies on a remitted day.
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
    select r.collector_id, r.remit_date as date_issued from remittances r where ${within("r.collector_id", "r.remit_date")}`;
  const pending = sql`
    select d.collector_id, d.date_issued from (
      select distinct c.collector_id, c.date_issued from collections c
      where c.remittance_id is null and ${within("c.collector_id", "c.date_issued")}
    ) d
    where not exists (select 1 from remittances r where r.collector_id = d.collector_id and r.remit_date = d.date_issued)`;
  return filter.status === "Remitted" ? remitted : filter.status === "Pending" ? pending : sql`${remitted} union all ${pending}`;
}

/* eslint-disable @typescript-eslint/no-explicit-any -- one query shared by the list's page, one day and the remit answer */
/**
 * The figures of the given days, or of the days of one collector and date range: the receipts are
 * counted per day first, then each day meets its remittance (at most one, the unique
 * collector-and-day index), its deposit account and its remitter once.
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
    .leftJoin("remittances as r", (j) => j.onRef("r.collector_id", "=", "d.collector_id").onRef("r.remit_date", "=", "d.date_issued"))
    .leftJoin("bank_accounts as ba", "ba.id", "r.bank_account_id")
    .leftJoin("banks as b", "b.id", "ba.bank_id")
    .leftJoin("user_profiles as rp", "rp.user_id", "r.created_by")
    .select([
      "d.collector_id",
      sql<string>`d.date_issued::text`.as("date"),
      fullNameOf("cp").as("collector_name"),
      "d.total_collection",
      "d.cancelled_count",
      "d.amount_collected",
      sql<unknown>`case when r.id is null then null else jsonb_build_object(
        'id', r.id, 'deposit_date', r.deposit_date::text, 'deposit_reference', r.deposit_reference,
        'amount', r.amount::text, 'remitted_at', r.created_at, 'remitted_by', ${fullNameOf("rp")},
        'bank_account', jsonb_build_object('id', ba.id, 'name', ba.account_name, 'account_number', ba.account_number, 'bank', b.name)
      ) end`.as("remittance"),
    ]);
}

function toDay(row: any): RemittanceDay {
  return {
    id: `${row.collector_id}:${row.date}`,
    date: row.date,
    collector: { id: Number(row.collector_id), fullname: row.collector_name },
    total_collection: row.total_collection,
    cancelled_count: row.cancelled_count,
    amount_collected: row.amount_collected,
    status: row.remittance ? "Remitted" : "Pending",
    remittance: row.remittance
      ? {
          ...row.remittance,
          id: Number(row.remittance.id),
          bank_account: { ...row.remittance.bank_account, id: Number(row.remittance.bank_account.id) },
        }
      : null,
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
): Promise<{ day: RemittanceDay; receipts: Row[] }> {
  assertCanRead(ctx);
  if (!DATE.test(date)) throw notFound("day");
  const row = await daysQuery(ctx, { collector_id: String(collectorId), date_from: date, date_to: date }).executeTakeFirst();
  if (!row) throw notFound("day");
  const engine = serviceFor("collection");
  const receipts = (await engine
    .baseQuery(engineDb(ctx))
    .where("t.collector_id", "=", collectorId)
    .where("t.date_issued", "=", date)
    .orderBy("t.form_pad_id")
    .orderBy("t.or_number")
    .execute()) as Row[];
  return { day: toDay(row), receipts: receipts.map((r) => engine.present(r)) };
}

export const remitSchema = z.object({
  collector_id: requiredId("collector_id"),
  date: z.string({ error: "The date field is required." }).regex(DATE, "The date must be a date."),
  deposit_date: z.string({ error: "The deposit date field is required." }).regex(DATE, "The deposit date must be a date."),
  bank_account_id: requiredId("bank_account_id"),
  deposit_reference: requiredText("deposit_reference", 100),
});

/** Remits one collector's day: records the deposit and locks the day's receipts. */
export async function remitDay(ctx: ServiceContext, input: unknown): Promise<RemittanceDay> {
  if (!can(ctx.user, "manage-remittance") || !can(ctx.user, "update-collection")) throw forbidden();
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
    // Lock the day's receipts: a cancel or restore waiting on them sees the day remitted after.
    const receipts = await tx.db
      .selectFrom("collections")
      .select(["id", "amount_paid", "deleted_at", "remittance_id"])
      .where("collector_id", "=", v.collector_id)
      .where("date_issued", "=", v.date)
      .forUpdate()
      .execute();
    if (receipts.length === 0) throw ValidationError.field("date", "The collector issued no receipt that day.");
    if (receipts.some((r) => r.remittance_id != null)) throw new AppError(422, `The collections of ${v.date} are already remitted.`);
    const valid = receipts.filter((r) => !r.deleted_at);
    const amount = (
      await sql<{ total: string }>`select coalesce(sum(amount_paid), 0)::numeric(14,2)::text as total from collections
        where collector_id = ${v.collector_id} and date_issued = ${v.date} and deleted_at is null`.execute(tx.db)
    ).rows[0].total;
    const actor = tx.user?.id ?? null;
    const remittance = await tx.db
      .insertInto("remittances")
      .values({
        collector_id: v.collector_id,
        remit_date: v.date,
        receipt_count: valid.length,
        amount,
        deposit_date: v.deposit_date,
        bank_account_id: v.bank_account_id,
        deposit_reference: v.deposit_reference,
        created_by: actor,
        updated_by: actor,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await tx.db
      .updateTable("collections")
      .set({ remittance_id: remittance.id, updated_at: sql`now()`, updated_by: actor })
      .where(
        "id",
        "in",
        receipts.map((r) => r.id),
      )
      .execute();
    await audit(tx, {
      entity: "remittance",
      entityId: remittance.id,
      action: "remit",
      after: { ...v, amount, receipt_count: valid.length },
    });
    for (const r of receipts)
      await audit(tx, { entity: "collection", entityId: r.id, action: "remit", after: { remittance_id: remittance.id } });
    await dayRemitted(tx, { remittanceId: remittance.id, collectorId: v.collector_id, date: v.date, amount, receipts: valid.length });
    const day = await daysQuery(tx, { collector_id: String(v.collector_id), date_from: v.date, date_to: v.date }).executeTakeFirstOrThrow();
    return toDay(day);
  });
}

/** Whether a collector's day is remitted (no new receipt is issued on it). */
export async function isDayRemitted(ctx: ServiceContext, collectorId: number, date: string): Promise<boolean> {
  const row = await ctx.db
    .selectFrom("remittances")
    .select("id")
    .where("collector_id", "=", collectorId)
    .where("remit_date", "=", date)
    .executeTakeFirst();
  return !!row;
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
