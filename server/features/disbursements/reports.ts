import { sql, type RawBuilder } from "kysely";
import { formatMoney, toCentavos, toMoneyString } from "../../../domain/money.ts";
import { chequeDisbursementsReport, chequeIssuancesReport, chequeRegistrationsReport } from "../../../domain/reports/disbursements.ts";
import type { ReportRow } from "../../../domain/reports/types.ts";
import { defineReport, sectionTotals } from "../reports/registry.ts";
import type { ReportFilters, ReportQueryArgs } from "../reports/types.ts";

// The queries of the three cheque registers (definitions in
// domain/reports/disbursements.ts). Filters: the period (cheque, deposit or registration
// date, both ends included) and the bank account.

const accountLabel = (alias: string) =>
  sql<string>`${sql.ref(`${alias}.account_name`)} || ' (' || ${sql.ref(`${alias}.account_number`)} || ')'`;

function dateBetween(column: RawBuilder<unknown>, f: ReportFilters): RawBuilder<boolean>[] {
  const out: RawBuilder<boolean>[] = [];
  if (f.period_from) out.push(sql<boolean>`${column} >= ${f.period_from}::date`);
  if (f.period_to) out.push(sql<boolean>`${column} <= ${f.period_to}::date`);
  return out;
}

function and(parts: RawBuilder<boolean>[]): RawBuilder<boolean> {
  return parts.length ? sql<boolean>`${sql.join(parts, sql` and `)}` : sql<boolean>`true`;
}

const money = (v: unknown) => (v == null ? null : toMoneyString(String(v)));

// ---- Report of cheques issued ----

function issuedWhere(f: ReportFilters) {
  const parts = dateBetween(sql`ci.cheque_date`, f);
  if (f.bank_account_id) parts.push(sql<boolean>`ci.bank_account_id = ${Number(f.bank_account_id)}`);
  return and(parts);
}

const LIVE = sql<boolean>`(ci.state = 'issued' and ci.deleted_at is null)`;

const issuedFrom = sql`cheque_issuances ci
  join cheque_numbers n on n.id = ci.cheque_number_id
  join disbursements d on d.id = ci.disbursement_id
  join bank_accounts a on a.id = ci.bank_account_id`;

defineReport("cheque-issuances", {
  async summary({ ctx, filters }: ReportQueryArgs) {
    const rows = (
      await sql<{ account: string; month: string; issued: number; cancelled: number; amount: string }>`
      select ${accountLabel("a")} as account, to_char(ci.cheque_date, 'YYYY-MM') as month,
        count(*) filter (where ${LIVE})::int as issued, count(*) filter (where not ${LIVE})::int as cancelled,
        coalesce(sum(ci.amount) filter (where ${LIVE}), 0)::numeric(14,2)::text as amount
      from ${issuedFrom} where ${issuedWhere(filters)}
      group by 1, 2 order by 1, 2`.execute(ctx.db)
    ).rows.map((r) => ({ ...r, amount: money(r.amount) }));
    const total = sectionTotals(chequeIssuancesReport, "by_account", rows);
    return {
      cards: [
        { key: "issued", label: "Cheques issued", value: total.issued, kind: "number" },
        { key: "cancelled", label: "Cancelled", value: total.cancelled, kind: "number", hint: "void or deleted, still listed" },
        { key: "amount", label: "Amount issued", value: total.amount, kind: "money" },
      ],
      sections: { by_account: { rows } },
    };
  },
  listing: {
    async count({ ctx, filters }) {
      return (await sql<{ n: number }>`select count(*)::int as n from ${issuedFrom} where ${issuedWhere(filters)}`.execute(ctx.db)).rows[0]
        .n;
    },
    async totals({ ctx, filters }) {
      const r = (
        await sql<{ amount: string; cancelled: string }>`
        select coalesce(sum(ci.amount) filter (where ${LIVE}), 0)::numeric(14,2)::text as amount,
          coalesce(sum(ci.amount) filter (where not ${LIVE}), 0)::numeric(14,2)::text as cancelled
        from ${issuedFrom} where ${issuedWhere(filters)}`.execute(ctx.db)
      ).rows[0];
      return { amount: money(r.amount), cancelled_amount: money(r.cancelled) };
    },
    async page({ ctx, filters }, offset, limit) {
      const rows = (
        await sql<ReportRow>`
        select ${accountLabel("a")} as account, ci.cheque_date, n.number, d.disbursement_number as dv_number, ci.payee,
          (select string_agg(distinct pn.name, ', ') from disbursement_lines l join payment_natures pn on pn.id = l.payment_nature_id
            where l.disbursement_id = d.id) as nature,
          case when ${LIVE} then ci.amount::text end as amount,
          case when not ${LIVE} then ci.amount::text end as cancelled_amount,
          case when ci.deleted_at is not null then 'Cancelled (deleted)' when ci.state = 'void' then 'Cancelled (void)' else 'Released' end as status
        from ${issuedFrom} where ${issuedWhere(filters)}
        order by a.account_name, a.id, length(n.number), n.number
        offset ${offset} limit ${limit}`.execute(ctx.db)
      ).rows;
      return rows.map((r) => ({ ...r, amount: money(r.amount), cancelled_amount: money(r.cancelled_amount) }));
    },
  },
});

// ---- Cheque disbursement record (cash in bank: deposits, cheques, running balance) ----

/**
 * Every account's cash-in-bank events as one list: its opening balance (kind -1, on its opening
 * date), deposits of remitted collections (kind 0) and live cheques (kind 1). The opening balance
 * is what the account held at the start of its opening date, so the portal's deposits and cheques
 * dated before it are in it already and are left out here.
 */
const EVENTS = sql`(
  select a.id as account_id, a.opening_date as date, -1 as kind, a.id as seq, null::text as reference,
    'Balance brought forward' as particulars, null::text as nature, a.opening_balance as deposit, 0::numeric as check_issued
  from bank_accounts a where a.opening_date is not null
  union all
  select x.* from (
    select r.bank_account_id as account_id, r.deposit_date as date, 0 as kind, r.id as seq, r.deposit_reference as reference,
      'Deposit of collections of ' || to_char(r.remit_date, 'Mon DD, YYYY') as particulars, null::text as nature,
      r.amount as deposit, 0::numeric as check_issued
    from remittances r where r.deleted_at is null
    union all
    select ci.bank_account_id, ci.cheque_date, 1, ci.id, d.disbursement_number || ' / ' || n.number, ci.payee,
      (select string_agg(distinct pn.name, ', ') from disbursement_lines l join payment_natures pn on pn.id = l.payment_nature_id
        where l.disbursement_id = d.id),
      0::numeric, ci.amount
    from cheque_issuances ci join cheque_numbers n on n.id = ci.cheque_number_id join disbursements d on d.id = ci.disbursement_id
    where ci.state = 'issued' and ci.deleted_at is null
  ) x join bank_accounts xa on xa.id = x.account_id
  where xa.opening_date is null or x.date >= xa.opening_date
)`;

function accountWhere(f: ReportFilters, column = sql`e.account_id`) {
  return f.bank_account_id ? sql<boolean>`${column} = ${Number(f.bank_account_id)}` : sql<boolean>`true`;
}

function openingSql(f: ReportFilters) {
  return f.period_from
    ? sql`(select coalesce(sum(p.deposit - p.check_issued), 0) from ${EVENTS} p where p.account_id = e.account_id and p.date < ${f.period_from}::date)`
    : sql`0::numeric`;
}

function ledger(f: ReportFilters) {
  return sql`(
    select e.*, ${accountLabel("a")} as account,
      ${openingSql(f)} + sum(e.deposit - e.check_issued) over (partition by e.account_id order by e.date, e.kind, e.seq) as balance
    from ${EVENTS} e join bank_accounts a on a.id = e.account_id
    where ${accountWhere(f)} and ${and(dateBetween(sql`e.date`, f))}
  )`;
}

defineReport("cheque-disbursements", {
  async summary({ ctx, filters }: ReportQueryArgs) {
    const rows = (
      await sql<{ account: string; opening: string; deposits: string; cheques: string }>`
      select ${accountLabel("a")} as account,
        coalesce(sum(e.deposit - e.check_issued) filter (where e.kind = -1 ${filters.period_from ? sql`or e.date < ${filters.period_from}::date` : sql``}), 0)::numeric(14,2)::text as opening,
        coalesce(sum(e.deposit) filter (where e.kind = 0 and ${and(dateBetween(sql`e.date`, filters))}), 0)::numeric(14,2)::text as deposits,
        coalesce(sum(e.check_issued) filter (where e.kind = 1 and ${and(dateBetween(sql`e.date`, filters))}), 0)::numeric(14,2)::text as cheques
      from ${EVENTS} e join bank_accounts a on a.id = e.account_id
      where ${accountWhere(filters)} ${filters.period_to ? sql`and e.date <= ${filters.period_to}::date` : sql``}
      group by a.id, 1 order by 1`.execute(ctx.db)
    ).rows.map((r) => {
      const closing = toCentavos(r.opening) + toCentavos(r.deposits) - toCentavos(r.cheques);
      return {
        account: r.account,
        opening: money(r.opening),
        deposits: money(r.deposits),
        cheques: money(r.cheques),
        closing: toMoneyString(closing),
      };
    });
    const total = sectionTotals(chequeDisbursementsReport, "by_account", rows);
    return {
      cards: [
        { key: "cheques", label: "Checks issued", value: total.cheques, kind: "money" },
        { key: "deposits", label: "Deposits", value: total.deposits, kind: "money" },
        { key: "closing", label: "Closing balance", value: total.closing, kind: "money", hint: formatMoney(total.closing) },
      ],
      sections: { by_account: { rows } },
    };
  },
  listing: {
    async count({ ctx, filters }) {
      return (await sql<{ n: number }>`select count(*)::int as n from ${ledger(filters)} x`.execute(ctx.db)).rows[0].n;
    },
    async totals({ ctx, filters }) {
      const r = (
        await sql<{ deposit: string; check_issued: string }>`
        select coalesce(sum(x.deposit) filter (where x.kind = 0), 0)::numeric(14,2)::text as deposit,
          coalesce(sum(x.check_issued), 0)::numeric(14,2)::text as check_issued
        from ${ledger(filters)} x`.execute(ctx.db)
      ).rows[0];
      return { deposit: money(r.deposit), check_issued: money(r.check_issued), balance: null };
    },
    async page({ ctx, filters }, offset, limit) {
      const rows = (
        await sql<ReportRow>`
        select x.account, x.date, x.reference, x.particulars, x.nature,
          case when x.kind = 0 then x.deposit::numeric(14,2)::text end as deposit,
          case when x.kind = 1 then x.check_issued::numeric(14,2)::text end as check_issued,
          x.balance::numeric(14,2)::text as balance
        from ${ledger(filters)} x
        order by x.account, x.account_id, x.date, x.kind, x.seq
        offset ${offset} limit ${limit}`.execute(ctx.db)
      ).rows;
      return rows.map((r) => ({ ...r, deposit: money(r.deposit), check_issued: money(r.check_issued), balance: money(r.balance) }));
    },
  },
});

// ---- Cheque registrations (the cheque part of the RAAF) ----

/** "0004501–0004550, 0004560" from sorted serials: consecutive runs joined. */
export function serialRanges(numbers: string[]): string {
  if (!numbers.length) return "";
  const sorted = [...numbers].sort((a, b) => a.length - b.length || a.localeCompare(b));
  const runs: [string, string][] = [];
  for (const n of sorted) {
    const last = runs.at(-1);
    if (last && BigInt(n) === BigInt(last[1]) + 1n) last[1] = n;
    else runs.push([n, n]);
  }
  return runs.map(([a, b]) => (a === b ? a : `${a}–${b}`)).join(", ");
}

defineReport("cheque-registrations", {
  async summary({ ctx, filters, today }: ReportQueryArgs) {
    const from = filters.period_from ?? "0001-01-01";
    const to = filters.period_to ?? today;
    // When a leaf left "available": its cheque's writing, or its last change (spoiling) otherwise.
    const leaves = (
      await sql<{
        account_id: number;
        account: string;
        book_id: number;
        book: string;
        series: string;
        received: string;
        number: string;
        state: string;
        used_on: string | null;
        void_reason: string | null;
      }>`
      select a.id as account_id, ${accountLabel("a")} as account, b.id as book_id, b.cheque_book_code as book,
        b.series_start || '–' || b.series_end as series, (b.created_at at time zone 'Asia/Manila')::date::text as received,
        n.number, n.state, n.void_reason,
        case when n.state = 'available' then null
          else (coalesce((select ci.created_at from cheque_issuances ci where ci.cheque_number_id = n.id), n.updated_at) at time zone 'Asia/Manila')::date::text
        end as used_on
      from cheque_numbers n join cheque_books b on b.id = n.cheque_book_id join bank_accounts a on a.id = n.bank_account_id
      where b.deleted_at is null ${filters.bank_account_id ? sql`and n.bank_account_id = ${Number(filters.bank_account_id)}` : sql``}
        and (b.created_at at time zone 'Asia/Manila')::date <= ${to}::date
      order by a.account_name, a.id, b.id, length(n.number), n.number`.execute(ctx.db)
    ).rows;

    type Acc = { form: string; begin: string[]; received: string[]; issued: string[]; ending: string[] };
    const raaf = new Map<number, Acc>();
    const books = new Map<
      number,
      {
        account: string;
        book: string;
        series: string;
        received: string;
        all: string[];
        issued: number;
        spoiled: number;
        remaining: string[];
      }
    >();
    const spoiled: ReportRow[] = [];
    for (const l of leaves) {
      const acc = raaf.get(l.account_id) ?? { form: `Checks — ${l.account}`, begin: [], received: [], issued: [], ending: [] };
      raaf.set(l.account_id, acc);
      const receivedBefore = l.received < from;
      const usedBefore = l.used_on != null && l.used_on < from;
      const usedInPeriod = l.used_on != null && l.used_on >= from && l.used_on <= to;
      if (receivedBefore && !usedBefore) acc.begin.push(l.number);
      if (!receivedBefore) acc.received.push(l.number);
      if (usedInPeriod) acc.issued.push(l.number);
      if (!usedBefore && !usedInPeriod) acc.ending.push(l.number);
      const book = books.get(l.book_id) ?? {
        account: l.account,
        book: l.book,
        series: l.series,
        received: l.received,
        all: [],
        issued: 0,
        spoiled: 0,
        remaining: [],
      };
      books.set(l.book_id, book);
      book.all.push(l.number);
      if (l.state === "issued") book.issued++;
      if (l.state === "void") book.spoiled++;
      if (l.state === "available") book.remaining.push(l.number);
      // A blank leaf spoiled (not a voided cheque's, which the cheque registers list).
      if (
        l.state === "void" &&
        usedInPeriod &&
        l.void_reason &&
        !l.void_reason.startsWith("Cheque voided") &&
        !l.void_reason.startsWith("Voided with cheque")
      )
        spoiled.push({ account: l.account, number: l.number, date: l.used_on, reason: l.void_reason });
    }
    const raafRows: ReportRow[] = [...raaf.values()].map((a) => ({
      form: a.form,
      begin_qty: a.begin.length,
      begin_serials: serialRanges(a.begin),
      received_qty: a.received.length,
      received_serials: serialRanges(a.received),
      issued_qty: a.issued.length,
      issued_serials: serialRanges(a.issued),
      ending_qty: a.ending.length,
      ending_serials: serialRanges(a.ending),
    }));
    const bookRows: ReportRow[] = [...books.values()].map((b) => ({
      account: b.account,
      book: b.book,
      serials: b.series,
      received: b.received,
      leaves: b.all.length,
      issued: b.issued,
      spoiled: b.spoiled,
      remaining: b.remaining.length,
      remaining_serials: serialRanges(b.remaining),
    }));
    const total = sectionTotals(chequeRegistrationsReport, "books", bookRows);
    return {
      cards: [
        { key: "books", label: "Cheque books", value: bookRows.length, kind: "number" },
        { key: "issued", label: "Leaves issued", value: total.issued, kind: "number" },
        { key: "spoiled", label: "Leaves spoiled", value: total.spoiled, kind: "number" },
        { key: "remaining", label: "Leaves remaining", value: total.remaining, kind: "number" },
      ],
      sections: { raaf: { rows: raafRows }, books: { rows: bookRows }, spoiled: { rows: spoiled } },
    };
  },
});
