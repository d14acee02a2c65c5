import { sql } from "kysely";
import { can } from "../../../domain/permissions.ts";
import { sumCentavos, toMoneyString } from "../../../domain/money.ts";
import { isCalendarDate } from "../../../domain/registry/fields.ts";
import type { ServiceContext } from "../../context.ts";
import { AppError, forbidden, notFound, ValidationError } from "../../errors.ts";
import { fullNameById } from "../../engine/people-sql.ts";

// The COA registers of collections (research notes §2, §3): the Report of
// Collections and Deposits (RCD) of a collector (or all) over a day or period — receipts issued in
// chronological and numerical order with the cancelled ones, totals per fund, the deposits — and
// the accountability for accountable forms of the period, which is also the monthly RAAF
// (beginning balance, receipts, issued, ending balance, each with quantity and serial range).

export interface RcdQuery {
  collector_id?: number | null;
  from: string;
  to: string;
  /** One remittance's RCD: its receipts and deposit under its number (collector and dates follow from it). */
  remittance_id?: number | null;
}

export interface RcdCollection {
  date: string;
  number: string;
  payor: string;
  nature: string;
  fund: string;
  amount: string;
  cancelled: boolean;
  /** Why a cancelled receipt was cancelled. */
  cancel_reason: string | null;
}

export interface FormRange {
  qty: number;
  from: string | null;
  to: string | null;
}

export interface FormAccountability {
  form: string;
  pad: string;
  beginning: FormRange;
  receipt: FormRange;
  issued: FormRange;
  ending: FormRange;
}

export interface RcdData {
  /** The remittance's RCD number; null for an RCD over a period. */
  rcd_number: string | null;
  collector: string | null;
  from: string;
  to: string;
  collections: RcdCollection[];
  total: string;
  funds: { fund: string; amount: string }[];
  deposits: { date: string; bank: string; reference: string; amount: string }[];
  depositTotal: string;
  forms: FormAccountability[];
}

function assertCanRead(ctx: ServiceContext): void {
  if (!can(ctx.user, "manage-report") && !can(ctx.user, "manage-remittance") && !can(ctx.user, "manage-collection")) throw forbidden();
}

export function checkPeriod(from: string, to: string): void {
  if (!isCalendarDate(from)) throw ValidationError.field("date_from", "The date from is not a valid date.");
  if (!isCalendarDate(to)) throw ValidationError.field("date_to", "The date to is not a valid date.");
  if (to < from) throw ValidationError.field("date_to", "The date to must not be before the date from.");
}

/** A day as the report counts it: a receipt's date, a voided form's last change, a pad's creation (Manila time). */
const manilaDay = (column: string) => sql<string>`(${sql.ref(column)} at time zone 'Asia/Manila')::date`;

/**
 * When a pad's forms are used, against the period: before it, in it, after it, or not at all. Each
 * balance is a union of these: beginning = in + after + unused, issued = in, ending = after + unused.
 */
type Use = "before" | "in" | "after" | "unused";

interface UseFigures {
  id: string;
  use: Use;
  qty: number;
  /** Positions of the first and last form of the pad used so. */
  first: number;
  last: number;
}

/**
 * The accountability of every pad over [from, to]: a form is used on its receipt's date, or on the
 * day it was voided; a pad is received on the day it was created (Manila time).
 *
 * Bounded by the period (decision 178), not by every number ever received: a pad
 * received before the period whose every form was used before it has no row, so only the pads
 * with a form unused at the period's start (an available one, a receipt or a void dated from the
 * start on) or received in the period are read, each found by index. Of those, a pad with no form
 * used by the period's end ("untouched": the stock) is all beginning (or receipt) and all ending:
 * its first and last forms are two index probes. Only the pads used by the period's end and not
 * used up before it (the pads in use in the period) are read number by number, aggregated in SQL.
 * This relies on what pads, issuing and voiding keep true (DESIGN §11): a pad's numbers are one
 * run of positions generated together and never deleted one by one; a form is `available` exactly
 * when no receipt and no void uses it; a receipt's pad is its number's pad; a void is never issued.
 */
export async function formAccountability(
  ctx: ServiceContext,
  from: string,
  to: string,
  collectorId?: number | null,
): Promise<FormAccountability[]> {
  const received = manilaDay("p.created_at");
  const voidedOn = manilaDay("n.updated_at");
  const pads = await sql<{ id: string; form: string; pad: string; received: string; touched: boolean }>`
    select p.id, ft.name as form, p.pad_code as pad, ${received}::text as received,
      (exists (select 1 from collections c where c.form_pad_id = p.id and c.date_issued <= ${to}::date)
        or exists (select 1 from form_numbers n where n.form_pad_id = p.id and n.state = 'void' and ${voidedOn} <= ${to}::date)) as touched
    from form_pads p
    join form_types ft on ft.id = p.form_type_id
    where p.deleted_at is null and ${received} <= ${to}::date
      ${collectorId ? sql`and exists (select 1 from form_pad_collectors pc where pc.form_pad_id = p.id and pc.user_id = ${collectorId})` : sql``}
      and (${received} >= ${from}::date
        or exists (select 1 from form_numbers n where n.form_pad_id = p.id and n.state = 'available')
        or exists (select 1 from collections c where c.form_pad_id = p.id and c.date_issued >= ${from}::date)
        or exists (select 1 from form_numbers n where n.form_pad_id = p.id and n.state = 'void' and ${voidedOn} >= ${from}::date))
    order by ft.name, p.pad_code`.execute(ctx.db);
  if (pads.rows.length === 0) return [];
  const touched = pads.rows.filter((p) => p.touched).map((p) => p.id);
  const untouched = pads.rows.filter((p) => !p.touched).map((p) => p.id);
  // Per pad and use: a count and the positions of its first and last form. A pad not used by the
  // period's end is one run of unused positions (or used after the period: the same balances).
  const figures = await sql<UseFigures>`
    select n.form_pad_id as id,
      case when u.used_on is null then 'unused' when u.used_on < ${from}::date then 'before'
           when u.used_on <= ${to}::date then 'in' else 'after' end as use,
      count(*)::int as qty, min(n.position) as first, max(n.position) as last
    from form_numbers n
    left join collections c on c.form_number_id = n.id and c.form_pad_id = any(${touched}::bigint[])
    cross join lateral (select case when c.form_number_id is not null then c.date_issued when n.state = 'void' then ${voidedOn} end as used_on) u
    where n.form_pad_id = any(${touched}::bigint[])
    group by 1, 2
    union all
    select u.id, 'unused', l.position - f.position + 1, f.position, l.position
    from unnest(${untouched}::bigint[]) as u(id)
    cross join lateral (select n.position from form_numbers n where n.form_pad_id = u.id order by n.position limit 1) f
    cross join lateral (select n.position from form_numbers n where n.form_pad_id = u.id order by n.position desc limit 1) l`.execute(
    ctx.db,
  );
  const uses = new Map<string, UseFigures[]>();
  for (const f of figures.rows) {
    const list = uses.get(String(f.id));
    if (list) list.push(f);
    else uses.set(String(f.id), [f]);
  }
  /** A balance: the forms of the given uses, their count and first and last positions. */
  const balance = (list: UseFigures[], kinds: Use[]) => {
    const parts = list.filter((f) => kinds.includes(f.use));
    return {
      qty: parts.reduce((n, f) => n + Number(f.qty), 0),
      first: parts.length ? Math.min(...parts.map((f) => Number(f.first))) : null,
      last: parts.length ? Math.max(...parts.map((f) => Number(f.last))) : null,
    };
  };
  type Balance = ReturnType<typeof balance>;
  const rows: { id: string; form: string; pad: string; balances: Balance[] }[] = [];
  for (const p of pads.rows) {
    const list = uses.get(String(p.id));
    if (!list) continue; // a pad without numbers has nothing to account for
    const receivedBefore = p.received < from;
    const empty: Balance = { qty: 0, first: null, last: null };
    const balances = [
      receivedBefore ? balance(list, ["in", "after", "unused"]) : empty,
      receivedBefore ? empty : balance(list, ["before", "in", "after", "unused"]),
      balance(list, ["in"]),
      balance(list, ["after", "unused"]),
    ];
    if (balances.some((b) => b.qty > 0)) rows.push({ id: String(p.id), form: p.form, pad: p.pad, balances });
  }
  // The numbers printed at the first and last positions, each looked up once.
  const wanted = new Map<string, [string, number]>();
  for (const row of rows)
    for (const b of row.balances)
      for (const position of [b.first, b.last]) if (position != null) wanted.set(`${row.id}:${position}`, [row.id, position]);
  const printed = await sql<{ id: string; position: number; number: string }>`
    select n.form_pad_id as id, n.position, n.number from form_numbers n
    join unnest(${[...wanted.values()].map((w) => w[0])}::bigint[], ${[...wanted.values()].map((w) => w[1])}::int[]) as w(pad, position)
      on n.form_pad_id = w.pad and n.position = w.position`.execute(ctx.db);
  const numberAt = new Map(printed.rows.map((r) => [`${r.id}:${r.position}`, r.number]));
  const range = (id: string, b: Balance): FormRange => ({
    qty: b.qty,
    from: b.first == null ? null : (numberAt.get(`${id}:${b.first}`) ?? null),
    to: b.last == null ? null : (numberAt.get(`${id}:${b.last}`) ?? null),
  });
  return rows.map(({ id, form, pad, balances: [beginning, receipt, issued, ending] }) => ({
    form,
    pad,
    beginning: range(id, beginning),
    receipt: range(id, receipt),
    issued: range(id, issued),
    ending: range(id, ending),
  }));
}

export async function rcdData(ctx: ServiceContext, query: RcdQuery): Promise<RcdData> {
  assertCanRead(ctx);
  const remittance = query.remittance_id
    ? await ctx.db
        .selectFrom("remittances")
        .select(["id", "collector_id", sql<string>`remit_date::text`.as("date"), "rcd_number", "deleted_at", "undo_reason"])
        .where("id", "=", query.remittance_id)
        .executeTakeFirst()
    : null;
  if (query.remittance_id && !remittance) throw notFound("remittance");
  if (remittance?.deleted_at)
    throw new AppError(422, `RCD ${remittance.rcd_number} was undone (${remittance.undo_reason}); it is not a report.`);
  if (remittance) query = { collector_id: Number(remittance.collector_id), from: remittance.date, to: remittance.date };
  checkPeriod(query.from, query.to);
  const collectorId = query.collector_id ?? null;
  let q = ctx.db
    .selectFrom("collections as c")
    .select([
      sql<string>`c.date_issued::text`.as("date"),
      "c.or_number as number",
      "c.issued_to as payor",
      sql<string>`(select string_agg(l.nature, '; ' order by l.position) from collection_lines l where l.collection_id = c.id)`.as(
        "nature",
      ),
      "c.fund_type as fund",
      sql<string>`c.amount_paid::text`.as("amount"),
      sql<boolean>`c.deleted_at is not null`.as("cancelled"),
      "c.cancel_reason",
    ])
    .where("c.date_issued", ">=", query.from)
    .where("c.date_issued", "<=", query.to)
    .orderBy("c.date_issued")
    .orderBy("c.form_pad_id")
    .orderBy("c.or_number");
  if (collectorId) q = q.where("c.collector_id", "=", collectorId);
  if (remittance) q = q.where("c.remittance_id", "=", remittance.id);
  const collections = (await q.execute()).map((r) => ({
    ...r,
    nature: r.nature ?? "",
    amount: r.cancelled ? "0.00" : toMoneyString(r.amount),
  }));
  const funds = new Map<string, string[]>();
  for (const c of collections) if (!c.cancelled) funds.set(c.fund, [...(funds.get(c.fund) ?? []), c.amount]);
  let d = ctx.db
    .selectFrom("remittances as r")
    .innerJoin("bank_accounts as a", "a.id", "r.bank_account_id")
    .innerJoin("banks as b", "b.id", "a.bank_id")
    .select([
      sql<string>`r.deposit_date::text`.as("date"),
      sql<string>`b.name || ' ' || a.account_number`.as("bank"),
      "r.deposit_reference as reference",
      sql<string>`r.amount::text`.as("amount"),
    ])
    .where("r.remit_date", ">=", query.from)
    .where("r.remit_date", "<=", query.to)
    .where("r.deleted_at", "is", null)
    .orderBy("r.deposit_date")
    .orderBy("r.id");
  if (collectorId) d = d.where("r.collector_id", "=", collectorId);
  if (remittance) d = d.where("r.id", "=", remittance.id);
  const deposits = (await d.execute()).map((r) => ({ ...r, amount: toMoneyString(r.amount) }));
  const collector = collectorId ? await fullNameById(ctx.db, collectorId) : null;
  return {
    rcd_number: remittance?.rcd_number ?? null,
    collector,
    from: query.from,
    to: query.to,
    collections,
    total: toMoneyString(sumCentavos(collections.map((c) => c.amount))),
    funds: [...funds].map(([fund, amounts]) => ({ fund, amount: toMoneyString(sumCentavos(amounts)) })),
    deposits,
    depositTotal: toMoneyString(sumCentavos(deposits.map((x) => x.amount))),
    forms: await formAccountability(ctx, query.from, query.to, collectorId),
  };
}

/** The RAAF of a month ("2026-11"): every pad's accountability from the 1st to the month's end. */
export async function raafData(
  ctx: ServiceContext,
  month: string,
): Promise<{ month: string; from: string; to: string; forms: FormAccountability[] }> {
  assertCanRead(ctx);
  if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(month)) throw ValidationError.field("month", "The month must be YYYY-MM.");
  const [y, m] = month.split("-").map(Number);
  const from = `${month}-01`;
  const to = new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
  return { month, from, to, forms: await formAccountability(ctx, from, to) };
}
