import { sql } from "kysely";
import { can } from "../../../app/lib/permissions.ts";
import { sumCentavos, toMoneyString } from "../../../app/lib/money.ts";
import type { ServiceContext } from "../../context.ts";
import { forbidden, ValidationError } from "../../errors.ts";
import { fullNameById } from "../../services/people-sql.ts";

// The COA registers of collections (issue 10 item 5; research notes §2, §3): the Report of
// Collections and Deposits (RCD) of a collector (or all) over a day or period — receipts issued in
// chronological and numerical order with the cancelled ones, totals per fund, the deposits — and
// the accountability for accountable forms of the period, which is also the monthly RAAF
// (beginning balance, receipts, issued, ending balance, each with quantity and serial range).

export interface RcdQuery {
  collector_id?: number | null;
  from: string;
  to: string;
}

export interface RcdCollection {
  date: string;
  number: string;
  payor: string;
  nature: string;
  fund: string;
  amount: string;
  cancelled: boolean;
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

const DATE = /^\d{4}-\d{2}-\d{2}$/;

function assertCanRead(ctx: ServiceContext): void {
  if (!can(ctx.user, "manage-report") && !can(ctx.user, "manage-remittance") && !can(ctx.user, "manage-collection")) throw forbidden();
}

export function checkPeriod(from: string, to: string): void {
  if (!DATE.test(from)) throw ValidationError.field("date_from", "The date from must be a date.");
  if (!DATE.test(to)) throw ValidationError.field("date_to", "The date to must be a date.");
  if (to < from) throw ValidationError.field("date_to", "The date to must not be before the date from.");
}

/**
 * The accountability of every pad over [from, to]: a form is used on its receipt's date, or on the
 * day it was voided; a pad is received on the day it was created (Manila time).
 */
export async function formAccountability(
  ctx: ServiceContext,
  from: string,
  to: string,
  collectorId?: number | null,
): Promise<FormAccountability[]> {
  const rows = await sql<{
    form: string;
    pad: string;
    received: string;
    position: number;
    number: string;
    used_on: string | null;
  }>`
    select ft.name as form, p.pad_code as pad, (p.created_at at time zone 'Asia/Manila')::date::text as received,
      n.position, n.number,
      case when c.id is not null then c.date_issued::text
           when n.state = 'void' then (n.updated_at at time zone 'Asia/Manila')::date::text end as used_on
    from form_pads p
    join form_types ft on ft.id = p.form_type_id
    join form_numbers n on n.form_pad_id = p.id
    left join collections c on c.form_number_id = n.id
    where p.deleted_at is null and (p.created_at at time zone 'Asia/Manila')::date <= ${to}::date
      ${collectorId ? sql`and exists (select 1 from form_pad_collectors pc where pc.form_pad_id = p.id and pc.user_id = ${collectorId})` : sql``}
    order by ft.name, p.pad_code, n.position`.execute(ctx.db);
  const pads = new Map<string, typeof rows.rows>();
  for (const r of rows.rows) {
    const key = `${r.form}\u0000${r.pad}`;
    // push, not a copy per number: a copy made a pad of 1,000 numbers cost 500,000 element copies
    // (issue 17 bench: 21.7 s for 1,000 pads).
    const list = pads.get(key);
    if (list) list.push(r);
    else pads.set(key, [r]);
  }
  const range = (list: typeof rows.rows): FormRange => ({
    qty: list.length,
    from: list[0]?.number ?? null,
    to: list.at(-1)?.number ?? null,
  });
  const out: FormAccountability[] = [];
  for (const list of pads.values()) {
    const receivedBefore = list[0].received < from;
    const unusedAt = (day: string) => list.filter((n) => n.used_on == null || n.used_on >= day);
    const beginning = receivedBefore ? unusedAt(from) : [];
    const receipt = receivedBefore ? [] : list;
    const issued = list.filter((n) => n.used_on != null && n.used_on >= from && n.used_on <= to);
    const ending = list.filter((n) => n.used_on == null || n.used_on > to);
    if (!beginning.length && !receipt.length && !issued.length && !ending.length) continue;
    out.push({
      form: list[0].form,
      pad: list[0].pad,
      beginning: range(beginning),
      receipt: range(receipt),
      issued: range(issued),
      ending: range(ending),
    });
  }
  return out;
}

export async function rcdData(ctx: ServiceContext, query: RcdQuery): Promise<RcdData> {
  assertCanRead(ctx);
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
    ])
    .where("c.date_issued", ">=", query.from)
    .where("c.date_issued", "<=", query.to)
    .orderBy("c.date_issued")
    .orderBy("c.form_pad_id")
    .orderBy("c.or_number");
  if (collectorId) q = q.where("c.collector_id", "=", collectorId);
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
    .orderBy("r.deposit_date")
    .orderBy("r.id");
  if (collectorId) d = d.where("r.collector_id", "=", collectorId);
  const deposits = (await d.execute()).map((r) => ({ ...r, amount: toMoneyString(r.amount) }));
  const collector = collectorId ? await fullNameById(ctx.db, collectorId) : null;
  return {
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
