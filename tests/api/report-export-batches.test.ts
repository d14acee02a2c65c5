import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signedIn, startTestServer, type ApiClient, type TestServer } from "../helpers/server.ts";

// An export reads the residents report's listing a batch at a time, each batch by keyset after
// the last row of the one before (server/features/reports/residents.ts, 250 rows a query). With more
// residents in a purok than a batch holds, every one is listed once, in the listing's order (name,
// then id; same-named residents side by side across a batch's edge), and no trashed one.

let server: TestServer;
let admin: ApiClient;
const RESIDENTS = 620; // two whole batches and part of a third in Purok Uno, plus three in Dos

beforeAll(async () => {
  server = await startTestServer();
  admin = await signedIn(server, server.admin);
  const db = server.db;
  const uno = (await db.insertInto("puroks").values({ name: "Purok Uno" }).returning("id").executeTakeFirstOrThrow()).id;
  const dos = (await db.insertInto("puroks").values({ name: "Purok Dos" }).returning("id").executeTakeFirstOrThrow()).id;
  // Names repeat every 7 residents, so rows with the same name meet at the batches' edges.
  await sql`
    with made as (
      insert into users (kind, deleted_at) select 'resident', case when i % 50 = 0 then now() end from generate_series(1, ${RESIDENTS + 3}) as i
      returning id
    ), numbered as (select id, row_number() over (order by id) as i from made)
    insert into user_profiles (user_id, firstname, lastname, sex, purok_id)
    select id, 'Juan', 'Cruz ' || (i % 7), 'Male', case when i > ${RESIDENTS} then ${dos}::int else ${uno}::int end from numbered
  `.execute(db);
});

afterAll(async () => {
  await server?.close();
});

async function csv(path: string): Promise<string[][]> {
  const res = await fetch(server.url + path, {
    headers: { Cookie: [...admin.cookies].map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join("; ") },
  });
  expect(res.status).toBe(200);
  const lines = (await res.text())
    .replace(/^\uFEFF/, "")
    .trim()
    .split("\r\n");
  return lines.slice(1).map((line) => line.split(","));
}

describe("the residents report's export, batch by batch", () => {
  it("lists every active resident of a purok once, in the listing's order, across batches", async () => {
    const expected = (
      await server.db
        .selectFrom("user_profiles as p")
        .innerJoin("users as u", "u.id", "p.user_id")
        .innerJoin("puroks as k", "k.id", "p.purok_id")
        .select(["p.lastname"])
        .where("u.deleted_at", "is", null)
        .where("k.name", "=", "Purok Uno")
        .orderBy("p.sort_name")
        .orderBy("p.user_id")
        .execute()
    ).map((r) => r.lastname);
    expect(expected.length).toBeGreaterThan(500); // more than two batches

    const rows = await csv("/backend/api/reports/residents/export.csv");
    const uno = rows.filter((r) => r[0] === "Purok Uno");
    expect(uno.map((r) => r[1])).toEqual(expected);
    expect(rows.filter((r) => r[0] === "Purok Dos")).toHaveLength(3);
    expect(rows).toHaveLength(expected.length + 3);
  });
});
