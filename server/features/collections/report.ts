import { sql } from "kysely";
import { collectionsReport } from "../../../domain/reports/collections.ts";
import { defineReport, sectionTotals } from "../reports/registry.ts";
import type { ReportQueryArgs } from "../reports/types.ts";
import { formAccountability } from "./registers.ts";

// The query of the collections report (domain/reports/collections.ts): the RCD's data on
// the reports layer, filtered by date issued, collector and collection type.

function period(args: ReportQueryArgs): { from: string; to: string } {
  const from = args.filters.date_issued_from ?? `${args.today.slice(0, 7)}-01`;
  return { from, to: args.filters.date_issued_to ?? args.today };
}

function where(args: ReportQueryArgs) {
  const { from, to } = period(args);
  const f = args.filters;
  return sql`c.date_issued between ${from}::date and ${to}::date
    ${f.collector_id ? sql`and c.collector_id = ${Number(f.collector_id)}` : sql``}
    ${f.collection_type_id ? sql`and c.collection_type_id = ${Number(f.collection_type_id)}` : sql``}`;
}

defineReport("collections", {
  async summary(args) {
    const { ctx, filters } = args;
    const { from, to } = period(args);
    const funds = await sql<{ fund: string; receipts: number; amount: string }>`
      select c.fund_type as fund, count(*)::int as receipts, coalesce(sum(c.amount_paid), 0)::numeric(14,2)::text as amount
      from collections c where ${where(args)} and c.deleted_at is null group by 1 order by 1`.execute(ctx.db);
    const counts = await sql<{ receipts: number; cancelled: number }>`
      select count(*)::int as receipts, (count(*) filter (where c.deleted_at is not null))::int as cancelled
      from collections c where ${where(args)}`.execute(ctx.db);
    const deposits = await sql<{ date: string; bank: string; reference: string; amount: string }>`
      select r.deposit_date::text as date, b.name || ' ' || a.account_number as bank, r.deposit_reference as reference, r.amount::text as amount
      from remittances r join bank_accounts a on a.id = r.bank_account_id join banks b on b.id = a.bank_id
      where r.remit_date between ${from}::date and ${to}::date and r.deleted_at is null
        ${filters.collector_id ? sql`and r.collector_id = ${Number(filters.collector_id)}` : sql``}
      order by r.deposit_date, r.id`.execute(ctx.db);
    const forms = await formAccountability(ctx, from, to, filters.collector_id ? Number(filters.collector_id) : null);
    const total = sectionTotals(collectionsReport, "by_fund", funds.rows);
    return {
      cards: [
        { key: "receipts", label: "Receipts issued", value: counts.rows[0]?.receipts ?? 0, kind: "number", hint: `${from} to ${to}` },
        { key: "cancelled", label: "Cancelled", value: counts.rows[0]?.cancelled ?? 0, kind: "number" },
        { key: "amount", label: "Amount collected", value: total.amount, kind: "money" },
      ],
      sections: {
        by_fund: { rows: funds.rows },
        deposits: { rows: deposits.rows },
        forms: {
          rows: forms.map((f) => ({
            form: `${f.form} (${f.pad})`,
            beginning_qty: f.beginning.qty,
            beginning_from: f.beginning.from,
            beginning_to: f.beginning.to,
            receipt_qty: f.receipt.qty,
            receipt_from: f.receipt.from,
            receipt_to: f.receipt.to,
            issued_qty: f.issued.qty,
            issued_from: f.issued.from,
            issued_to: f.issued.to,
            ending_qty: f.ending.qty,
            ending_from: f.ending.from,
            ending_to: f.ending.to,
          })),
        },
      },
    };
  },
  listing: {
    async count(args) {
      const r = await sql<{ n: number }>`select count(*)::int as n from collections c where ${where(args)}`.execute(args.ctx.db);
      return r.rows[0]?.n ?? 0;
    },
    async totals(args) {
      const r = await sql<{
        amount: string;
      }>`select coalesce(sum(c.amount_paid) filter (where c.deleted_at is null), 0)::numeric(14,2)::text as amount
        from collections c where ${where(args)}`.execute(args.ctx.db);
      return { amount: r.rows[0]?.amount ?? "0.00" };
    },
    async page(args, offset, limit) {
      const r = await sql<{ date: string; number: string; payor: string; nature: string; fund: string; status: string; amount: string }>`
        select c.date_issued::text as date, c.or_number as number, c.issued_to as payor,
          (select string_agg(l.nature, '; ' order by l.position) from collection_lines l where l.collection_id = c.id) as nature,
          c.fund_type as fund, case when c.deleted_at is null then 'Issued' else 'Cancelled' end as status,
          case when c.deleted_at is null then c.amount_paid else 0 end::numeric(14,2)::text as amount
        from collections c where ${where(args)}
        order by c.date_issued, c.form_pad_id, c.or_number limit ${limit} offset ${offset}`.execute(args.ctx.db);
      return r.rows;
    },
  },
});
