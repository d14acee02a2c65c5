import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { seed } from "../../server/seed.ts";
import { createTestDatabase, TEST_ADMIN, type TestDatabase } from "../helpers/db.ts";

// Issue 26 item 11: the demo data shows a living office — a newcomer opens every screen and report
// and finds something in it, and the data agrees with the rules the services keep.

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase({ seed: { demo: true } });
});
afterAll(async () => {
  await database?.close();
});

describe("the demo office", () => {
  it("has a month of certificates, paid and free, most paid by receipts whose lines name them", async () => {
    const figures = await sql<{ total: number; free: number; paid: number; unpaid: number; months: number }>`
      select count(*)::int as total,
        (count(*) filter (where amount = 0))::int as free,
        (count(*) filter (where collection_id is not null))::int as paid,
        (count(*) filter (where amount > 0 and collection_id is null))::int as unpaid,
        count(distinct to_char(date_issued, 'YYYY-MM'))::int as months
      from transactions`.execute(database.db);
    const f = figures.rows[0];
    expect(f.total).toBeGreaterThan(20);
    expect(f.free).toBeGreaterThan(0);
    expect(f.paid).toBeGreaterThan(f.total / 2);
    expect(f.unpaid).toBeGreaterThan(0);
    // Every paid certificate's receipt is active, has a line for it, and the lines add up to its fee.
    const wrong = await sql<{ reference_number: string }>`
      select t.reference_number from transactions t join collections c on c.id = t.collection_id
      where c.deleted_at is not null
        or (select coalesce(sum(l.amount), 0) from collection_lines l where l.collection_id = c.id and l.transaction_id = t.id) <> t.amount`.execute(
      database.db,
    );
    expect(wrong.rows).toEqual([]);
    // Reference numbers are gapless per month, and the service's counter continues after them.
    const gaps = await sql<{ period: string }>`
      select m.period from (
        select to_char(date_issued, 'YYYY-MM') as period, count(*)::int as n, max(split_part(reference_number, '-', 3)::int) as last
        from transactions group by 1
      ) m left join number_series s on s.series = 'transaction' and s.period = m.period
      where m.last <> m.n or s.last_number is distinct from m.n`.execute(database.db);
    expect(gaps.rows).toEqual([]);
  });

  it("has a day with two remittances, each with its own RCD number, and pending receipts of the last days", async () => {
    const twice = await sql<{ n: number }>`
      select count(*)::int as n from (
        select collector_id, remit_date from remittances where deleted_at is null group by 1, 2 having count(*) > 1) d`.execute(
      database.db,
    );
    expect(twice.rows[0].n).toBeGreaterThanOrEqual(1);
    const duplicates = await sql<{ n: number }>`
      select count(*)::int as n from (
        select collector_id, rcd_number from remittances where deleted_at is null group by 1, 2 having count(*) > 1) d`.execute(
      database.db,
    );
    expect(duplicates.rows[0].n).toBe(0);
    // What each remittance says it covers is what its receipts add up to.
    const mismatched = await sql<{ id: number }>`
      select r.id from remittances r
      where r.amount <> (select coalesce(sum(c.amount_paid), 0) from collections c where c.remittance_id = r.id and c.deleted_at is null)
        or r.receipt_count <> (select count(*) from collections c where c.remittance_id = r.id and c.deleted_at is null)`.execute(
      database.db,
    );
    expect(mismatched.rows).toEqual([]);
    const pending = await database.db.selectFrom("collections").select("id").where("remittance_id", "is", null).executeTakeFirst();
    expect(pending).toBeDefined();
    const cancelled = await database.db.selectFrom("collections").select("cancel_reason").where("deleted_at", "is not", null).execute();
    expect(cancelled.length).toBeGreaterThan(0);
    for (const c of cancelled) expect(c.cancel_reason).toBeTruthy();
  });

  it("has a voucher with two cheques, one voided and one issued", async () => {
    const vouchers = await sql<{ n: number }>`
      select count(*)::int as n from disbursements d
      where (select count(*) from cheque_issuances ci where ci.disbursement_id = d.id and ci.state = 'void') = 1
        and (select count(*) from cheque_issuances ci where ci.disbursement_id = d.id and ci.state = 'issued') = 1`.execute(database.db);
    expect(vouchers.rows[0].n).toBeGreaterThanOrEqual(1);
  });

  it("is added once: seeding again adds nothing", async () => {
    const count = async () =>
      (await sql<{ n: number }>`select (select count(*) from transactions) + (select count(*) from collections) as n`.execute(database.db))
        .rows[0].n;
    const before = await count();
    await seed(database.db, { adminUsername: TEST_ADMIN.username, adminPassword: TEST_ADMIN.password, demo: true });
    expect(await count()).toBe(before);
  });
});

describe("the demo office, whatever the day it is seeded", () => {
  // The demo is laid out from today back: a weekend or a Monday must still give a day with two
  // remittances and certificates waiting at the window (CI runs at any hour; Manila is UTC+8).
  it.each(["2026-11-28T02:00:00Z", "2026-11-30T02:00:00Z"])("seeded at %s", async (now) => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date(now));
    const other = await createTestDatabase({ seed: { demo: true } });
    try {
      const figures = await sql<{ unpaid: number; twice: number }>`
        select (select count(*) from transactions where amount > 0 and collection_id is null)::int as unpaid,
          (select count(*) from (select 1 from remittances where deleted_at is null group by collector_id, remit_date having count(*) > 1) d)::int as twice`.execute(
        other.db,
      );
      expect(figures.rows[0].unpaid).toBeGreaterThan(0);
      expect(figures.rows[0].twice).toBeGreaterThanOrEqual(1);
    } finally {
      vi.useRealTimers();
      await other.close();
    }
  });
});
