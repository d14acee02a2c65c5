import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import { todayInManila } from "../../domain/dates.ts";
import { dashboard, lastMonths } from "../../server/features/dashboard/service.ts";
import { createTestDatabase, type TestDatabase } from "../helpers/db.ts";
import { adminContext, insertResidents, purokId } from "../helpers/people.ts";
import type { DB } from "../../db/index.ts";

// Issue 34, the dashboard (docs/decisions/220-dashboard-tallies.md): its population, households,
// this month's collections and the unremitted receipts come from dashboard_tallies, which the writes
// keep in their own transaction. The dashboard must never be stale after a write the user just made:
// every figure is compared with what counting the rows themselves answers (the statements the
// dashboard ran before the tallies), after each kind of change, on PGlite and (with
// TEST_DATABASE_URL) on PostgreSQL.

let database: TestDatabase;

/** The dashboard's figures counted from the rows, as it read them before the tallies. */
async function counted(db: DB) {
  const today = todayInManila();
  const monthStart = `${today.slice(0, 7)}-01`;
  const months = lastMonths(today);
  const trend = async (from: ReturnType<typeof sql>) => {
    const { rows } = await sql<{ month: string; n: number }>`
      select to_char(created_at at time zone 'Asia/Manila', 'YYYY-MM') as month, count(*)::int as n from (${from}) t group by 1`.execute(
      db,
    );
    return months.map((month) => ({ month, value: rows.filter((r) => r.month <= month).reduce((sum, r) => sum + Number(r.n), 0) }));
  };
  const residents = sql`select u.created_at, p.sex from user_profiles p join users u on u.id = p.user_id
    where u.kind = 'resident' and u.deleted_at is null`;
  const [population] = (
    await sql<{ total: number; male: number; female: number }>`
      select count(*)::int as total, count(*) filter (where sex = 'Male')::int as male, count(*) filter (where sex = 'Female')::int as female
      from (${residents}) r`.execute(db)
  ).rows;
  const [households] = (await sql<{ total: number }>`select count(*)::int as total from households where deleted_at is null`.execute(db))
    .rows;
  const days = (
    await sql<{ day: string; count: number; amount: string }>`
      select date_issued::text as day, count(*)::int as count, sum(amount_paid)::numeric(14,2)::text as amount
      from collections where deleted_at is null and date_issued between ${monthStart}::date and ${today}::date group by 1 order by 1`.execute(
      db,
    )
  ).rows;
  const [pending] = (
    await sql<{ count: number; amount: string; collectors: number }>`
      select count(*)::int as count, coalesce(sum(amount_paid), 0)::numeric(14,2)::text as amount, count(distinct collector_id)::int as collectors
      from collections where deleted_at is null and remittance_id is null`.execute(db)
  ).rows;
  const todayRow = days.find((d) => d.day === today);
  const cents = (amount: string) => Math.round(Number(amount) * 100);
  const monthCents = days.reduce((sum, d) => sum + cents(d.amount), 0);
  return {
    population: { total: population.total, male: population.male, female: population.female, trend: await trend(residents) },
    households: { total: households.total, trend: await trend(sql`select created_at from households where deleted_at is null`) },
    collections: {
      today: { count: todayRow?.count ?? 0, amount: todayRow?.amount ?? "0.00" },
      month: { count: days.reduce((sum, d) => sum + d.count, 0), amount: (monthCents / 100).toFixed(2) },
      days: days.map((d) => ({ day: d.day, amount: Number(d.amount) })),
    },
    remittances: { pending: { count: pending.count, amount: pending.amount }, collectors: pending.collectors },
  };
}

async function expectExact(db: DB = database.db) {
  const shown = await dashboard(adminContext(db));
  const expected = await counted(db);
  expect({
    population: shown.population,
    households: shown.households,
    collections: shown.collections,
    remittances: shown.remittances,
  }).toEqual(expected);
  return expected;
}

beforeAll(async () => {
  database = await createTestDatabase({ seed: { demo: true } });
});
afterAll(async () => {
  await database?.close();
});

describe("the dashboard's tallies (decision 220)", () => {
  it("start from the rows already there", async () => {
    const figures = await expectExact();
    // The demo data has something in every widget, so the comparison means something.
    expect(figures.population.total).toBeGreaterThan(0);
    expect(figures.population.male).toBeGreaterThan(0);
    expect(figures.households.total).toBeGreaterThan(0);
    expect(figures.remittances.pending.count).toBeGreaterThan(0);
  });

  it("follow residents added, trashed, restored, changed and deleted, one or many at a time", async () => {
    const db = database.db;
    const ids = await insertResidents(db, [
      { firstname: "Ana", lastname: "Reyes", sex: "Female" },
      { firstname: "Ben", lastname: "Cruz", sex: "Male" },
      { firstname: "Carla", lastname: "Santos", sex: "Female", deleted: true },
      { firstname: "Staff", lastname: "Member", kind: "staff" },
    ]);
    await expectExact();
    await db.updateTable("users").set({ deleted_at: new Date() }).where("id", "in", ids.slice(0, 2)).execute();
    await expectExact();
    await db.updateTable("users").set({ deleted_at: null }).where("id", "in", ids.slice(0, 3)).execute();
    await expectExact();
    await db.updateTable("user_profiles").set({ sex: "Male" }).where("user_id", "=", ids[0]).execute();
    await db.updateTable("user_profiles").set({ lastname: "Reyes-Cruz" }).where("user_id", "=", ids[1]).execute();
    await expectExact();
    // A resident whose account was made long ago counts in that month of the trend.
    await db.updateTable("users").set({ kind: "staff" }).where("id", "=", ids[1]).execute();
    await expectExact();
    // An account deleted outright takes its profile with it; so does a profile deleted on its own.
    await db.deleteFrom("users").where("id", "=", ids[2]).execute();
    await expectExact();
    await db.deleteFrom("user_profiles").where("user_id", "=", ids[0]).execute();
    await expectExact();
    // Many in one statement each: accounts made across the last two years, then their profiles.
    await sql`insert into users (kind, created_at)
      select 'resident', now() - make_interval(days => g * 7) from generate_series(1, 120) g`.execute(db);
    await sql`insert into user_profiles (user_id, firstname, lastname, sex, date_of_birth, civil_status, purok_id)
      select u.id, 'Bulk', 'Resident ' || u.id, case when u.id % 2 = 0 then 'Male' else 'Female' end, '1990-01-01', 'Single', ${await purokId(db, "Purok 1")}
      from users u left join user_profiles p on p.user_id = u.id where p.user_id is null and u.kind = 'resident'`.execute(db);
    const figures = await expectExact();
    // The trend rises across the window: the bulk accounts were spread over two years.
    expect(figures.population.trend[0].value).toBeLessThan(figures.population.trend[11].value);
    await sql`update users set deleted_at = now() where id in (select user_id from user_profiles where firstname = 'Bulk' and user_id % 3 = 0)`.execute(
      db,
    );
    await expectExact();
  });

  it("follow households added, trashed and restored", async () => {
    const db = database.db;
    const [head] = await insertResidents(db, [{ firstname: "Dado", lastname: "Household" }]);
    const purok = await purokId(db, "Purok 1");
    const { id } = await db
      .insertInto("households")
      .values({ household_head_user_id: head, purok_id: purok, address: "Blk 1 Lot 2" })
      .returning("id")
      .executeTakeFirstOrThrow();
    await expectExact();
    await db.updateTable("households").set({ deleted_at: new Date() }).where("id", "=", id).execute();
    await expectExact();
    await db.updateTable("households").set({ deleted_at: null, address: "Blk 1 Lot 3" }).where("id", "=", id).execute();
    await expectExact();
  });

  it("follow receipts issued today, cancelled, changed, remitted and taken back from a remittance", async () => {
    const db = database.db;
    const today = todayInManila();
    const form = await db
      .selectFrom("form_numbers as n")
      .innerJoin("form_pad_collectors as c", "c.form_pad_id", "n.form_pad_id")
      .select(["n.id", "n.form_pad_id", "n.number", "c.user_id"])
      .where("n.state", "=", "available")
      .orderBy("n.id")
      .executeTakeFirstOrThrow();
    const type = await db.selectFrom("collection_types").select(["id", "fund_type"]).orderBy("id").executeTakeFirstOrThrow();
    const { id } = await db
      .insertInto("collections")
      .values({
        form_number_id: form.id,
        form_pad_id: form.form_pad_id,
        or_number: form.number,
        date_issued: today,
        payor_kind: "name",
        issued_to: "Juan Dela Cruz",
        collection_type_id: type.id,
        fund_type: type.fund_type,
        amount_paid: "150.25",
        payment_mode: "Cash",
        collector_id: form.user_id,
        verification_code: `TALLY${Date.now()}`,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const issued = await expectExact();
    expect(issued.collections.today.count).toBeGreaterThan(0);
    await db.updateTable("collections").set({ amount_paid: "99.75" }).where("id", "=", id).execute();
    await expectExact();
    const remittance = await db.selectFrom("remittances").select("id").orderBy("id").executeTakeFirstOrThrow();
    await db
      .updateTable("collections")
      .set({ remittance_id: remittance.id })
      .where("remittance_id", "is", null)
      .where("deleted_at", "is", null)
      .execute();
    const remitted = await expectExact();
    expect(remitted.remittances.pending.count).toBe(0);
    await db.updateTable("collections").set({ remittance_id: null }).where("id", "=", id).execute();
    await expectExact();
    await db.updateTable("collections").set({ deleted_at: new Date(), cancel_reason: "Wrong amount" }).where("id", "=", id).execute();
    await expectExact();
  });

  it("are exact inside a transaction, and a rolled-back change leaves them as they were", async () => {
    const before = await expectExact();
    await expect(
      database.db.transaction().execute(async (trx) => {
        await insertResidents(trx, [{ firstname: "Ella", lastname: "Lopez", sex: "Female" }]);
        await trx.updateTable("households").set({ deleted_at: new Date() }).where("deleted_at", "is", null).execute();
        const inside = await expectExact(trx);
        expect(inside.population.total).toBe(before.population.total + 1);
        expect(inside.households.total).toBe(0);
        throw new Error("roll back");
      }),
    ).rejects.toThrow("roll back");
    expect(await expectExact()).toEqual(before);
  });
});
