import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { asOwner, DEPLOYMENT_WIDE_TABLES, FIRST_BARANGAY_ID, inBarangay, inScope, setDefaultScope } from "../../db/tenant.ts";
import { visitorBarangay } from "../../server/http/tenancy.ts";
import { seed } from "../../server/seed.ts";
import { createUser, signedIn, startTestServer, type TestServer } from "../helpers/server.ts";

// Barangays as tenants (issue 29 items 1–3, DESIGN §14, decision 209): isolation by the database.
// Two barangays in one database — 1, the install's own, and 2 — each with a resident named for it.
// What is checked is what PostgreSQL refuses, whatever the application's own queries say.

let server: TestServer;
const SECOND = 2;

async function addResident(lastname: string) {
  await createUser(server.db, { username: null as unknown as string, kind: "resident", firstname: "Juan", lastname });
}

beforeAll(async () => {
  server = await startTestServer();
  await asOwner(() =>
    server.db
      .insertInto("barangays")
      .values({ id: SECOND, name: "Barangay Dos", psgc_code: "0403405057", city_psgc_code: "0403405000" })
      .execute(),
  );
  await inBarangay(SECOND, () => seed(server.db, { adminUsername: "dos-admin", adminPassword: "Dos-Admin-Passw0rd!", demo: false }));
  await addResident("Unoresident");
  await inBarangay(SECOND, () => addResident("Dosresident"));
}, 120_000);
afterAll(async () => {
  await server?.close();
});

const residentNames = () =>
  server.db
    .selectFrom("user_profiles")
    .innerJoin("users", "users.id", "user_profiles.user_id")
    .select("lastname")
    .where("users.kind", "=", "resident")
    .execute();

describe("the database keeps each barangay's rows its own", () => {
  it("shows a barangay its own rows only, and a scope without a barangay nothing", async () => {
    const first = (await residentNames()).map((r) => r.lastname);
    const second = (await inBarangay(SECOND, residentNames)).map((r) => r.lastname);
    expect(first).toContain("Unoresident");
    expect(first).not.toContain("Dosresident");
    expect(second).toEqual(["Dosresident"]);
    expect(await inBarangay(null, residentNames)).toEqual([]);
    expect(await inBarangay(null, () => server.db.selectFrom("settings").select("key").execute())).toEqual([]);
    // The owner sees both.
    const all = (await asOwner(residentNames)).map((r) => r.lastname);
    expect(all).toEqual(expect.arrayContaining(["Unoresident", "Dosresident"]));
  });

  it("refuses a row written for another barangay, and a row written without one", async () => {
    await expect(server.db.insertInto("puroks").values({ name: "Purok Sampu", barangay_id: SECOND }).execute()).rejects.toThrow(
      /row-level security/,
    );
    await expect(inBarangay(null, () => server.db.insertInto("puroks").values({ name: "Purok Walo" }).execute())).rejects.toThrow(
      /row-level security|barangay_id/,
    );
    // An update or delete aimed at the other barangay's rows finds none.
    const dos = await asOwner(() =>
      server.db.selectFrom("user_profiles").select("user_id").where("lastname", "=", "Dosresident").executeTakeFirstOrThrow(),
    );
    const updated = await server.db
      .updateTable("user_profiles")
      .set({ lastname: "Taken" })
      .where("user_id", "=", dos.user_id)
      .executeTakeFirst();
    expect(Number(updated.numUpdatedRows)).toBe(0);
    const deleted = await server.db.deleteFrom("user_profiles").where("user_id", "=", dos.user_id).executeTakeFirst();
    expect(Number(deleted.numDeletedRows)).toBe(0);
    // Moving one's own row to the other barangay is refused too.
    const uno = await server.db
      .selectFrom("user_profiles")
      .select("user_id")
      .where("lastname", "=", "Unoresident")
      .executeTakeFirstOrThrow();
    await expect(
      server.db.updateTable("user_profiles").set({ barangay_id: SECOND }).where("user_id", "=", uno.user_id).execute(),
    ).rejects.toThrow(/row-level security/);
  });

  it("numbers and names per barangay: the same purok name and the first reference number in both", async () => {
    await server.db.insertInto("puroks").values({ name: "Purok Isa-Isa" }).execute();
    await inBarangay(SECOND, () => server.db.insertInto("puroks").values({ name: "Purok Isa-Isa" }).execute());
    const both = await asOwner(() =>
      server.db.selectFrom("puroks").select("barangay_id").where("name", "=", "Purok Isa-Isa").orderBy("barangay_id").execute(),
    );
    expect(both.map((r) => r.barangay_id)).toEqual([1, SECOND]);
  });

  it("lets the sign-in role read accounts and write nothing, and the roll-up role read only the barangays it names", async () => {
    const accounts = await inScope({ kind: "auth" }, () =>
      server.db.selectFrom("users").select("username").where("username", "in", ["admin", "dos-admin"]).execute(),
    );
    expect(accounts.map((r) => r.username).sort()).toEqual(["admin", "dos-admin"]);
    await expect(inScope({ kind: "auth" }, () => server.db.selectFrom("puroks").select("id").execute())).rejects.toThrow(
      /permission denied/,
    );
    await expect(
      inScope({ kind: "auth" }, () => server.db.updateTable("users").set({ new_user: false }).where("username", "=", "admin").execute()),
    ).rejects.toThrow(/permission denied/);
    const rolled = await inScope({ kind: "rollup", barangayIds: [SECOND] }, residentNames);
    expect(rolled.map((r) => r.lastname)).toEqual(["Dosresident"]);
    await expect(
      inScope({ kind: "rollup", barangayIds: [SECOND] }, () => server.db.insertInto("puroks").values({ name: "X" }).execute()),
    ).rejects.toThrow(/permission denied/);
  });

  it("leaves nothing of the scope on a pooled connection after its transaction", async () => {
    await inBarangay(SECOND, () => server.db.selectFrom("puroks").select("id").execute());
    // The owner's statements run without a scope of their own: what the connection holds shows.
    const after = await asOwner(
      async () =>
        (
          await sql<{
            role: string;
            barangay: string | null;
          }>`select current_user as role, current_setting('app.barangay_id', true) as barangay`.execute(server.db)
        ).rows,
    );
    for (const row of after) {
      expect(row.role).not.toBe("portal_app");
      expect(row.barangay ?? "").toBe("");
    }
  });
});

describe("the schema", () => {
  it("forces row-level security on every table that has a barangay_id, and the application's roles own none", async () => {
    const tables = await asOwner(
      async () =>
        (
          await sql<{ name: string; rls: boolean; forced: boolean; owner: string }>`
            select c.relname as name, c.relrowsecurity as rls, c.relforcerowsecurity as forced, pg_get_userbyid(c.relowner) as owner
            from pg_class c join pg_namespace n on n.oid = c.relnamespace
            where n.nspname = current_schema() and c.relkind = 'r'
              and exists (select 1 from pg_attribute a where a.attrelid = c.oid and a.attname = 'barangay_id' and not a.attisdropped)
              and c.relname <> 'barangays'`.execute(server.db)
        ).rows,
    );
    expect(tables.length).toBeGreaterThan(60);
    expect(tables.filter((t) => !t.rls || !t.forced).map((t) => t.name)).toEqual([]);
    expect(tables.filter((t) => t.owner.startsWith("portal_")).map((t) => t.name)).toEqual([]);
  });

  it("gives every table and view a barangay_id except the deployment's own tables, which the application's where clauses know by name", async () => {
    // The engine adds `barangay_id = …` to every query of an entry's table or view but these (DESIGN §14's second line).
    const withoutBarangay = await asOwner(
      async () =>
        (
          await sql<{ name: string }>`
            select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
            where n.nspname = current_schema() and c.relkind in ('r', 'v')
              and not exists (select 1 from pg_attribute a where a.attrelid = c.oid and a.attname = 'barangay_id' and not a.attisdropped)
            order by c.relname`.execute(server.db)
        ).rows.map((r) => r.name),
    );
    expect(withoutBarangay).toEqual([...DEPLOYMENT_WIDE_TABLES].sort());
  });

  it("leads every btree index of a barangay's table with barangay_id, or with a parent's reference", async () => {
    const indexes = await asOwner(
      async () =>
        (
          await sql<{ name: string; def: string }>`
            select i.indexname as name, i.indexdef as def from pg_indexes i
            where i.schemaname = current_schema() and i.indexdef like '% USING btree (%'
              and exists (select 1 from information_schema.columns c where c.table_schema = i.schemaname and c.table_name = i.tablename and c.column_name = 'barangay_id')
              and i.tablename <> 'barangays'`.execute(server.db)
        ).rows,
    );
    const stray = indexes.filter((i) => {
      const first = /USING btree \(([^,)\s]+)/.exec(i.def)?.[1] ?? "";
      // Unique across the deployment, on purpose (decision 209): a printed verification code finds its
      // barangay; user names, e-mails and session ids are how one signs in; anonymisations name global ids.
      const deploymentWide = /verification_code|^(sessions|users)_|^privacy_anonymisations_pk$/.test(i.name);
      return first !== "barangay_id" && first !== "id" && !/(_id|_by)$/.test(first) && !/_pkey$/.test(i.name) && !deploymentWide;
    });
    expect(stray.map((i) => i.def)).toEqual([]);
  });
});

describe("over HTTP", () => {
  it("a user of one barangay lists that barangay's residents only, and signs in without naming it", async () => {
    const dos = await signedIn(server, { username: "dos-admin", password: "Dos-Admin-Passw0rd!" });
    const list = await dos.get("/backend/api/resident?per_page=100");
    expect(list.status).toBe(200);
    const names = JSON.stringify(list.body);
    expect(names).toContain("Dosresident");
    expect(names).not.toContain("Unoresident");
    const uno = await signedIn(server, server.admin);
    const theirs = JSON.stringify((await uno.get("/backend/api/resident?per_page=100")).body);
    expect(theirs).toContain("Unoresident");
    expect(theirs).not.toContain("Dosresident");
  });

  it("keeps each barangay's lists, counts, searches and reads its own by the application's conditions too, with row-level security off", async () => {
    // DESIGN §14: the policies are the first line, the services' own `barangay_id = …` the second.
    const tables = ["users", "user_profiles", "resident_words", "name_words", "row_counts", "puroks"];
    const switchPolicies = (on: boolean) =>
      asOwner(async () => {
        for (const table of tables)
          await sql.raw(on ? `alter table ${table} enable row level security` : `alter table ${table} disable row level security`).execute(server.db);
      });
    const uno = await signedIn(server, server.admin);
    const dos = await signedIn(server, { username: "dos-admin", password: "Dos-Admin-Passw0rd!" });
    const unoResident = await asOwner(() =>
      server.db.selectFrom("user_profiles").select("user_id").where("lastname", "=", "Unoresident").executeTakeFirstOrThrow(),
    );
    await inBarangay(SECOND, () => server.db.insertInto("puroks").values({ name: "Purok Dos-Dos" }).execute());
    const dosCount = (await dos.get("/backend/api/resident/count")).body;
    const dosPuroks = (await dos.get("/backend/api/purok?per_page=100")).body.data;
    expect(dosPuroks.length).toBeGreaterThan(0);
    await switchPolicies(false);
    try {
      const list = JSON.stringify((await dos.get("/backend/api/resident?per_page=100")).body);
      expect(list).toContain("Dosresident");
      expect(list).not.toContain("Unoresident");
      expect((await dos.get("/backend/api/resident/count")).body).toEqual(dosCount);
      expect((await dos.get("/backend/api/resident?per_page=100&search=Unoresident")).body.data).toEqual([]);
      expect(JSON.stringify((await dos.get("/backend/api/resident?search=unoresident")).body)).not.toContain("Unoresident");
      expect(JSON.stringify((await dos.get("/backend/api/resident?search=juan")).body)).not.toContain("Unoresident");
      expect(JSON.stringify((await uno.get("/backend/api/resident?search=juan")).body)).toContain("Unoresident");
      expect((await dos.get(`/backend/api/resident/${unoResident.user_id}`)).status).toBe(404);
      expect((await dos.get("/backend/api/purok?per_page=100")).body.data).toEqual(dosPuroks);
    } finally {
      await switchPolicies(true);
    }
  });

  it("refuses the sign-in of a suspended barangay's users, and ends their sessions", async () => {
    const dos = await signedIn(server, { username: "dos-admin", password: "Dos-Admin-Passw0rd!" });
    await asOwner(() =>
      server.db.updateTable("barangays").set({ status: "suspended", suspended_at: new Date() }).where("id", "=", SECOND).execute(),
    );
    try {
      expect((await dos.get("/backend/api/resident")).status).toBe(401);
      const again = await server.client().login("dos-admin", "Dos-Admin-Passw0rd!");
      expect(again.status).toBe(403);
      expect(again.text).toContain("suspended");
    } finally {
      await asOwner(() =>
        server.db.updateTable("barangays").set({ status: "active", suspended_at: null }).where("id", "=", SECOND).execute(),
      );
    }
  });

  it("on a hub, no barangay adds, renames or deletes a permission: the list is every barangay's", async () => {
    const admin = await signedIn(server, server.admin);
    const existing = await server.db.selectFrom("permissions").select("id").where("name", "=", "view-resident").executeTakeFirstOrThrow();
    setDefaultScope({ kind: "barangay", barangayId: null });
    try {
      expect((await admin.post("/backend/api/admin/permission", { name: "approve-disbursement", description: "x" })).status).toBe(403);
      expect((await admin.put(`/backend/api/admin/permission/${existing.id}`, { name: "view-residentx", description: "x" })).status).toBe(
        403,
      );
      expect((await admin.delete(`/backend/api/admin/permission/${existing.id}`)).status).toBe(403);
    } finally {
      setDefaultScope({ kind: "barangay", barangayId: FIRST_BARANGAY_ID });
    }
    expect(await server.db.selectFrom("permissions").select("name").where("id", "=", existing.id).executeTakeFirstOrThrow()).toEqual({
      name: "view-resident",
    });
    // A single barangay's administrator keeps the spec's permission screens.
    expect((await admin.post("/backend/api/admin/permission", { name: "approve-disbursement", description: "x" })).status).toBe(201);
  });

  it("finds a hub visitor's barangay from the verification code, read as the verify page reads it", async () => {
    await inBarangay(SECOND, async () => {
      const type = await server.db
        .insertInto("transaction_types")
        .values({ name: "Tenancy clearance" })
        .returning("id")
        .executeTakeFirstOrThrow();
      const resident = await server.db
        .selectFrom("user_profiles")
        .select("user_id")
        .where("lastname", "=", "Dosresident")
        .executeTakeFirstOrThrow();
      return server.db
        .insertInto("transactions")
        .values({
          reference_number: "2026-11-0001",
          transaction_type_id: type.id,
          issued_to_user_id: resident.user_id,
          date_issued: "2026-11-28",
          verification_code: "10QH0ZXK7M",
        })
        .execute();
    });
    // As printed, and as typed off the paper: lower case, a dash, O for 0, L for 1.
    expect(await visitorBarangay(server.db, "/verify/transaction/10QH0ZXK7M", {})).toBe(SECOND);
    expect(await visitorBarangay(server.db, "/verify/transaction/lOqh-ozxk7m", {})).toBe(SECOND);
    expect(await visitorBarangay(server.db, "/verify/transaction/NOTACODE", {})).toBeNull();
    expect(await visitorBarangay(server.db, "/verify/transaction/%E0%A4%A", {})).toBeNull();
    expect(await visitorBarangay(server.db, "/verify/kp/KP-1", { b: "0403405057" })).toBe(SECOND);
  });
});
