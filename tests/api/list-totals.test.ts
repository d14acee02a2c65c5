import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import { parseListQuery } from "../../domain/registry/list-query.ts";
import { serviceFor } from "../../server/engine/services.ts";
import { createTestDatabase, type TestDatabase } from "../helpers/db.ts";
import { adminContext, insertResidents } from "../helpers/people.ts";

// Issue 17 items 2 and 3 (docs/decisions/171, 170): an unfiltered list's meta.total comes from
// the maintained row_counts and its name-ordered pages from user_profiles alone. DESIGN §7's meta
// must stay exact for what the user sees: these tests compare every figure with a plain count(*)
// and every page with the rows in name order, after each kind of change, on PGlite and (with
// TEST_DATABASE_URL) on PostgreSQL.

let database: TestDatabase;
const residents = serviceFor("resident");
const households = serviceFor("household");

const listOf = (params: string) => parseListQuery(new URLSearchParams(params), residents.def);

async function counted(status: "all" | "active" | "trashed") {
  const where = status === "active" ? sql`and deleted_at is null` : status === "trashed" ? sql`and deleted_at is not null` : sql``;
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from users where kind = 'resident' ${where}`.execute(database.db);
  return rows[0].n;
}

async function expectTotalsExact() {
  const ctx = adminContext(database.db);
  for (const status of ["all", "active", "trashed"] as const) {
    const query = listOf(status === "all" ? "" : `status=${status}`);
    expect(await residents.count(ctx, query), status).toBe(await counted(status));
    expect((await residents.list(ctx, query)).meta.total, status).toBe(await counted(status));
  }
}

beforeAll(async () => {
  database = await createTestDatabase({ seed: true });
});
afterAll(async () => {
  await database?.close();
});

describe("meta.total of an unfiltered list (row_counts)", () => {
  it("follows inserts, trashing, restoring and deleting, one row or many at a time", async () => {
    await expectTotalsExact();
    const ids = await insertResidents(database.db, [
      { firstname: "Ana", lastname: "Reyes" },
      { firstname: "Ben", lastname: "Cruz" },
      { firstname: "Carla", lastname: "Santos", deleted: true },
      { firstname: "Staff", lastname: "Member", kind: "staff" },
    ]);
    await expectTotalsExact();
    await database.db.updateTable("users").set({ deleted_at: new Date() }).where("id", "in", ids.slice(0, 2)).execute();
    await expectTotalsExact();
    await database.db.updateTable("users").set({ deleted_at: null }).where("id", "=", ids[0]).execute();
    await expectTotalsExact();
    await database.db.deleteFrom("user_profiles").where("user_id", "=", ids[1]).execute();
    await database.db.deleteFrom("users").where("id", "=", ids[1]).execute();
    await expectTotalsExact();
    await sql`insert into users (kind) select 'resident' from generate_series(1, 25)`.execute(database.db);
    await expectTotalsExact();
  });

  it("is exact inside a transaction, and a rolled-back change leaves it as it was", async () => {
    const before = await counted("all");
    await expect(
      database.db.transaction().execute(async (trx) => {
        await insertResidents(trx, [{ firstname: "Dina", lastname: "Lopez" }]);
        expect(await residents.count(adminContext(trx), listOf(""))).toBe(before + 1);
        throw new Error("roll back");
      }),
    ).rejects.toThrow("roll back");
    expect(await residents.count(adminContext(database.db), listOf(""))).toBe(before);
    await expectTotalsExact();
  });

  it("counts the matches when a search narrows the list", async () => {
    await insertResidents(database.db, [
      { firstname: "Zaldy", lastname: "Quirante" },
      { firstname: "Zeny", lastname: "Quirante", deleted: true },
    ]);
    const ctx = adminContext(database.db);
    expect((await residents.list(ctx, listOf("search=Quirante"))).meta.total).toBe(2);
    expect((await residents.list(ctx, listOf("search=Quirante&status=trashed"))).meta.total).toBe(1);
  });

  it("counts households too", async () => {
    const ctx = adminContext(database.db);
    const query = parseListQuery(new URLSearchParams(""), households.def);
    const plain = async () => (await sql<{ n: number }>`select count(*)::int as n from households`.execute(database.db)).rows[0].n;
    expect(await households.count(ctx, query)).toBe(await plain());
  });
});

describe("a list page in name order (user_profiles_kind_sort_idx)", () => {
  it("answers the same rows, in the same order, as sorting every resident by name", async () => {
    await insertResidents(database.db, [
      { firstname: "Ñino", lastname: "de Guzman" },
      { firstname: "Eli", lastname: "De Leon", deleted: true },
      { firstname: "Fe", lastname: "Abad" },
      { firstname: "Gil", lastname: "abad" },
    ]);
    const ctx = adminContext(database.db);
    for (const [status, where] of [
      ["all", sql``],
      ["active", sql`and u.deleted_at is null`],
      ["trashed", sql`and u.deleted_at is not null`],
    ] as const) {
      for (const order of ["asc", "desc"] as const) {
        const direction = order === "desc" ? sql`desc` : sql`asc`;
        const expected = (
          await sql<{ id: number }>`
            select u.id from users u join user_profiles p on p.user_id = u.id where u.kind = 'resident' ${where}
            order by p.sort_name ${direction}, u.id ${direction}
          `.execute(database.db)
        ).rows.map((r) => Number(r.id));
        const pages: number[] = [];
        for (let page = 1; page <= Math.ceil(expected.length / 5) + 1; page++) {
          const result = await residents.list(ctx, listOf(`sort=name&order=${order}&per_page=5&page=${page}&status=${status}`));
          pages.push(...result.data.map((r) => Number(r.id)));
        }
        expect(pages, `${status} ${order}`).toEqual(expected);
      }
    }
  });

  it("follows a resident who is trashed or renamed", async () => {
    const [id] = await insertResidents(database.db, [{ firstname: "Hugo", lastname: "Aaaron" }]);
    const ctx = adminContext(database.db);
    const first = async (status: string) =>
      Number((await residents.list(ctx, listOf(`sort=name&status=${status}&per_page=5`))).data[0]?.id);
    expect(await first("active")).toBe(id);
    await database.db.updateTable("users").set({ deleted_at: new Date() }).where("id", "=", id).execute();
    expect(await first("active")).not.toBe(id);
    expect(await first("trashed")).toBe(id);
    await database.db.updateTable("users").set({ deleted_at: null }).where("id", "=", id).execute();
    await database.db.updateTable("user_profiles").set({ lastname: "Zzyzx" }).where("user_id", "=", id).execute();
    expect(await first("active")).not.toBe(id);
  });
});
