import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serviceByName } from "../../server/engine/services.ts";
import { adminContext, insertResidents } from "../helpers/people.ts";
import { signedIn, startTestServer, type ApiClient, type TestServer } from "../helpers/server.ts";

// Names with numbers order as people count (migration 20261207000000): a barangay of twelve puroks
// reads "Purok 1, Purok 2, …, Purok 10", not "Purok 1, Purok 10, Purok 11, Purok 2", in the purok
// list, in every select of puroks and in the reports by purok.

let server: TestServer;
let admin: ApiClient;
const COUNTED = ["Purok 1", "purok 2", "Purok 9", "Purok 10", "Purok 11", "Purok 12", "Sitio Bagong Silang"];
const ids: Record<string, number> = {};

beforeAll(async () => {
  server = await startTestServer();
  admin = await signedIn(server, server.admin);
  // Inserted out of order, so neither id nor insertion order gives the counted order.
  for (const name of ["Purok 12", "Sitio Bagong Silang", "Purok 10", "purok 2", "Purok 1", "Purok 11", "Purok 9"])
    ids[name] = (await server.db.insertInto("puroks").values({ name }).returning("id").executeTakeFirstOrThrow()).id;
  // A household in each purok but the sitio, so the household report lists them.
  const heads = await insertResidents(
    server.db,
    COUNTED.slice(0, -1).map((name, i) => ({ firstname: "Head", lastname: `Family ${i}`, purok: name })),
  );
  for (const [i, name] of COUNTED.slice(0, -1).entries())
    await server.db
      .insertInto("households")
      .values({ household_head_user_id: heads[i], purok_id: ids[name], address: `${name} street` })
      .execute();
});

afterAll(async () => {
  await server?.close();
});

const ours = (names: string[]) => names.filter((n) => COUNTED.includes(n));

describe("the purok list and its selects", () => {
  it("sorts names by their numbers as counted, both ways", async () => {
    const asc = await admin.get("/backend/api/purok?sort=name&order=asc&per_page=100");
    expect(asc.status).toBe(200);
    expect(ours(asc.body.data.map((p: { name: string }) => p.name))).toEqual(COUNTED);
    const desc = await admin.get("/backend/api/purok?sort=name&order=desc&per_page=100");
    expect(ours(desc.body.data.map((p: { name: string }) => p.name))).toEqual([...COUNTED].reverse());
    // The list's default order is the same.
    const first = await admin.get("/backend/api/purok?per_page=100");
    expect(ours(first.body.data.map((p: { name: string }) => p.name))).toEqual(COUNTED);
  });

  it("offers puroks to a select in the same order", async () => {
    const options = await serviceByName("purok").options(adminContext(server.db));
    expect(ours(options.map((o) => o.label))).toEqual(COUNTED);
  });
});

describe("the reports by purok", () => {
  it("lists the household report's puroks and its listing in the same counted order", async () => {
    const res = await admin.get("/backend/api/reports/households?per_page=100");
    expect(res.status).toBe(200);
    const counted = COUNTED.slice(0, -1);
    expect(
      ours(res.body.data.sections.find((s: { key: string }) => s.key === "by_purok").rows.map((r: { purok: string }) => r.purok)),
    ).toEqual(counted);
    expect(ours(res.body.data.listing.rows.map((r: { purok: string }) => r.purok))).toEqual(counted);
  });
});

describe("the key", () => {
  it("orders digits by their value and text without regard to case", async () => {
    const names = ["Zone 12", "Zone 3-B", "zone 3-A", "7", "Bañga", "Purok 100", "Purok 99"];
    const sorted = await sql<{
      name: string;
    }>`select name from unnest(${names}::text[]) as n(name) order by portal_natural_key(name), name`.execute(server.db);
    expect(sorted.rows.map((r) => r.name)).toEqual(["7", "Bañga", "Purok 99", "Purok 100", "zone 3-A", "Zone 3-B", "Zone 12"]);
  });
});
