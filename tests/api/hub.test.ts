import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import { asOwner, HUB_TENANT_ID, inBarangay, inScope } from "../../db/tenant.ts";
import type { AuthUser } from "../../domain/session-user.ts";
import { HUB_PERMISSIONS } from "../../domain/permissions.ts";
import { seedHub } from "../../server/features/hub/seed.ts";
import * as hub from "../../server/features/hub/service.ts";
import { roleModelView } from "../../server/features/access/roles.ts";
import { BARANGAY_SUSPENDED } from "../../server/auth/sign-in.ts";
import { startTestServer, type ApiClient, type TestServer } from "../helpers/server.ts";

// Issue 29 item 3: the hub's administration — barangays created from their PSGC code, suspended
// and reactivated, each one's first administrator, the municipal officers — through the service
// and over HTTP, with every refusal the spec's 403. The test server's barangay 1 is an install's
// own (its Administrator `admin`), as on an install turned into a hub; the hub's administrator is
// seeded beside it by server/features/hub/seed.ts.

const HUB_ADMIN = { username: "hubadmin", password: "Hub-Passw0rd!" };
const MILAGROSA = "0403405057"; // Brgy. Milagrosa, City of Calamba, Laguna
const TURBINA = "0403405058"; // the next barangay of Calamba
const CALAMBA = "0403405000";
const STRONG = "Barangay-Passw0rd!";

let server: TestServer;
let hubAdmin: AuthUser;

async function signedIn(username: string, password: string): Promise<ApiClient> {
  const client = server.client();
  const res = await client.login(username, password);
  expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
  return client;
}

function ctxOf(user: AuthUser | null) {
  return { db: server.db, user };
}

beforeAll(async () => {
  server = await startTestServer();
  const result = await seedHub(server.db, { adminUsername: HUB_ADMIN.username, adminPassword: HUB_ADMIN.password });
  expect(result.adminCreated).toBe(true);
  const row = await asOwner(() =>
    server.db.selectFrom("users").select("id").where("username", "=", HUB_ADMIN.username).executeTakeFirstOrThrow(),
  );
  hubAdmin = {
    id: Number(row.id),
    barangayId: HUB_TENANT_ID,
    username: HUB_ADMIN.username,
    email: null,
    kind: "staff",
    new_user: false,
    last_sign_in_at: null,
    language: "en",
    user_profile: {
      firstname: "Hub",
      middlename: null,
      lastname: "Administrator",
      suffix: null,
      fullname: "Hub Administrator",
      image: "",
      hex_color: null,
    },
    roles: [],
    permissions: ["manage-barangays"],
  };
});
afterAll(async () => {
  await server?.close();
});

describe("the hub's permissions", () => {
  it("are held by the hub's roles and by no barangay role, the Administrator included", async () => {
    const grants = await asOwner(() =>
      server.db
        .selectFrom("role_permissions as rp")
        .innerJoin("permissions as p", "p.id", "rp.permission_id")
        .innerJoin("roles as r", "r.id", "rp.role_id")
        .select(["r.name", "r.barangay_id", "p.name as permission"])
        .where("p.name", "in", [...HUB_PERMISSIONS])
        .orderBy("r.name")
        .execute(),
    );
    expect(grants.every((g) => Number(g.barangay_id) === HUB_TENANT_ID)).toBe(true);
    expect(grants.map((g) => `${g.name}: ${g.permission}`)).toEqual([
      "Hub administrator: manage-barangays",
      "Municipal DILG officer: view-rollups",
      "Municipal treasurer: view-rollups",
    ]);
  });

  it("are not offered by a barangay's role editor, and a barangay role cannot be given one", async () => {
    const admin = await signedIn(server.admin.username, server.admin.password);
    const me = (await admin.get("/backend/api/userme")).body.data;
    const view = await roleModelView(ctxOf({ ...me, barangayId: 1 }));
    const names = JSON.stringify(view);
    for (const name of HUB_PERMISSIONS) expect(names).not.toContain(name);
    const hubIds = await asOwner(() =>
      server.db
        .selectFrom("permissions")
        .select("id")
        .where("name", "in", [...HUB_PERMISSIONS])
        .execute(),
    );
    const res = await admin.post("/backend/api/admin/role", { name: "Would-be hub", permissions: hubIds.map((p) => Number(p.id)) });
    expect(res.status).toBe(422);
    expect(res.body.errors.permissions).toBeDefined();
  });

  it("the seed run again keeps the barangay Administrator without them", async () => {
    const { seed } = await import("../../server/seed.ts");
    await seed(server.db, { adminUsername: server.admin.username, adminPassword: server.admin.password, demo: false });
    const me = (await (await signedIn(server.admin.username, server.admin.password)).get("/backend/api/userme")).body.data;
    for (const name of HUB_PERMISSIONS) expect(me.permissions).not.toContain(name);
  });
});

describe("barangays", () => {
  let milagrosa: number;

  it("creates a barangay from its PSGC code, named and placed from the PSGC list, audited in the hub", async () => {
    const { barangay, message } = await hub.createBarangay(ctxOf(hubAdmin), { psgc_code: MILAGROSA });
    milagrosa = barangay.id;
    expect(barangay).toMatchObject({
      psgc_code: MILAGROSA,
      name: "Milagrosa",
      city_municipality: "City of Calamba",
      city_psgc_code: CALAMBA,
      province: "Laguna",
      region: "Region IV-A (CALABARZON)",
      status: "active",
      administrator: null,
    });
    expect(message).toContain("Milagrosa");
    // Barangay 1 has accounts (the install's own): a new row, and barangay 1 shows as not set up.
    expect(milagrosa).toBeGreaterThan(1);
    const list = await hub.listBarangays(ctxOf(hubAdmin));
    expect(list.find((b) => b.id === 1)).toMatchObject({ status: "not set up", administrator: server.admin.username });
    const audited = await asOwner(() =>
      server.db.selectFrom("audit_log").select(["barangay_id", "action", "user_id"]).where("entity", "=", "barangay").execute(),
    );
    expect(audited).toContainEqual({ barangay_id: HUB_TENANT_ID, action: "create", user_id: hubAdmin.id });
  });

  it("answers 422 on an unknown, malformed or already used code", async () => {
    for (const [code, message] of [
      ["0403405999", hub.MESSAGES.unknownCode],
      ["12345", "The PSGC code must be 10 digits."],
      [MILAGROSA, hub.MESSAGES.usedCode],
    ]) {
      const error = await hub.createBarangay(ctxOf(hubAdmin), { psgc_code: code }).catch((e: unknown) => e);
      expect(error).toMatchObject({ status: 422, errors: { psgc_code: [message] } });
    }
  });

  it("over HTTP: the hub administrator lists, creates (201) and is refused a duplicate (422)", async () => {
    const client = await signedIn(HUB_ADMIN.username, HUB_ADMIN.password);
    const created = await client.post("/backend/api/hub/barangays", { psgc_code: TURBINA });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ psgc_code: TURBINA, status: "active" });
    const again = await client.post("/backend/api/hub/barangays", { psgc_code: TURBINA });
    expect(again.status).toBe(422);
    expect(again.body.errors.psgc_code).toEqual([hub.MESSAGES.usedCode]);
    const list = await client.get("/backend/api/hub/barangays");
    expect(list.status).toBe(200);
    expect(list.body.data.map((b: { psgc_code: string | null }) => b.psgc_code)).toEqual(
      expect.arrayContaining([MILAGROSA, TURBINA, null]),
    );
    const search = await client.get(`/backend/api/hub/psgc/barangays?q=${encodeURIComponent("milagrosa calamba")}`);
    expect(search.body.data[0]).toMatchObject({ code: MILAGROSA, onHub: true });
  });

  it("creates the first administrator once: the barangay's roles seeded, its settings named, the audit in the hub", async () => {
    const input = { firstname: "Maria", lastname: "Santos", username: "milagrosa.admin", password: STRONG };
    const done = await hub.createFirstAdministrator(ctxOf(hubAdmin), milagrosa, input);
    expect(done.message).toContain("milagrosa.admin");
    const again = await hub
      .createFirstAdministrator(ctxOf(hubAdmin), milagrosa, { ...input, username: "milagrosa.admin2" })
      .catch((e: unknown) => e);
    expect(again).toMatchObject({ status: 422, errors: { username: [hub.MESSAGES.hasAdministrator] } });
    const { barangay, roles, info } = await inBarangay(milagrosa, async () => ({
      barangay: await server.db.selectFrom("users").select(["username", "barangay_id"]).execute(),
      roles: (await server.db.selectFrom("roles").select("name").execute()).map((r) => r.name),
      info: (await server.db.selectFrom("settings").select("value").where("key", "=", "barangay").executeTakeFirst())?.value,
    }));
    expect(barangay).toEqual([{ username: "milagrosa.admin", barangay_id: milagrosa }]);
    expect(roles).toContain("Administrator");
    expect(info).toMatchObject({ name: "Barangay Milagrosa", municipality: "City of Calamba", province: "Laguna" });
    expect((await hub.getBarangay(ctxOf(hubAdmin), milagrosa)).administrator).toBe("milagrosa.admin");
    const audited = await asOwner(() =>
      server.db.selectFrom("audit_log").select(["barangay_id", "after"]).where("action", "=", "create-administrator").execute(),
    );
    expect(audited).toHaveLength(1);
    expect(audited[0].barangay_id).toBe(HUB_TENANT_ID);
    expect(JSON.stringify(audited[0].after)).not.toContain(STRONG);
    // The new administrator signs in and works in their own barangay: a fresh barangay, no one else's records.
    const admin = await signedIn("milagrosa.admin", STRONG);
    const me = (await admin.get("/backend/api/userme")).body.data;
    expect(me.permissions).toContain("create-resident");
    for (const name of HUB_PERMISSIONS) expect(me.permissions).not.toContain(name);
    const residents = await admin.get("/backend/api/resident");
    expect(residents.status).toBe(200);
    expect(residents.body.meta.total).toBe(0);
  });

  it("refuses a taken username (any barangay's) and a weak password with 422, writing nothing", async () => {
    const real = (await hub.listBarangays(ctxOf(hubAdmin))).find((b) => b.psgc_code === TURBINA)!;
    const taken = await hub
      .createFirstAdministrator(ctxOf(hubAdmin), real.id, {
        firstname: "A",
        lastname: "B",
        username: server.admin.username,
        password: STRONG,
      })
      .catch((e: unknown) => e);
    expect(taken).toMatchObject({ status: 422, errors: { username: [hub.MESSAGES.usernameTaken] } });
    const weak = await hub
      .createFirstAdministrator(ctxOf(hubAdmin), real.id, { firstname: "A", lastname: "B", username: "real.admin", password: "short" })
      .catch((e: unknown) => e);
    expect(weak).toMatchObject({ status: 422 });
    expect((weak as { errors: Record<string, string[]> }).errors.password).toBeDefined();
    expect((await hub.getBarangay(ctxOf(hubAdmin), real.id)).administrator).toBeNull();
  });

  it("suspends with a reason (its administrator cannot sign in, a session ends), then reactivates", async () => {
    const client = await signedIn(HUB_ADMIN.username, HUB_ADMIN.password);
    const before = await signedIn("milagrosa.admin", STRONG);
    expect((await client.post(`/backend/api/hub/barangays/${milagrosa}/suspend`, {})).status).toBe(422);
    const suspended = await client.post(`/backend/api/hub/barangays/${milagrosa}/suspend`, { reason: "Unpaid hosting share" });
    expect(suspended.status).toBe(200);
    expect((await client.get(`/backend/api/hub/barangays/${milagrosa}`)).body.data).toMatchObject({
      status: "suspended",
      suspended_reason: "Unpaid hosting share",
    });
    const refused = await server.client().login("milagrosa.admin", STRONG);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(BARANGAY_SUSPENDED);
    expect((await before.get("/backend/api/resident")).status).toBe(401);
    // Barangay 1's administrator is not touched.
    await signedIn(server.admin.username, server.admin.password);
    expect((await client.post(`/backend/api/hub/barangays/${milagrosa}/suspend`, { reason: "again" })).status).toBe(422);
    expect((await client.post(`/backend/api/hub/barangays/${milagrosa}/reactivate`, {})).status).toBe(200);
    await signedIn("milagrosa.admin", STRONG);
    expect((await client.post(`/backend/api/hub/barangays/${milagrosa}/reactivate`, {})).status).toBe(422);
  });

  it("the hub administrator reads none of a barangay's records: the database shows the hub's tenant nothing", async () => {
    await inBarangay(milagrosa, () =>
      server.db.transaction().execute(async (trx) => {
        const { id } = await trx
          .insertInto("users")
          .values({ kind: "resident", username: null, email: null, password_hash: null })
          .returning("id")
          .executeTakeFirstOrThrow();
        await trx.insertInto("user_profiles").values({ user_id: id, firstname: "Juan", lastname: "Dela Cruz" }).execute();
      }),
    );
    const seen = await inBarangay(HUB_TENANT_ID, () =>
      server.db.selectFrom("user_profiles").select("firstname").where("firstname", "=", "Juan").execute(),
    );
    expect(seen).toEqual([]);
    const theirs = await inBarangay(milagrosa, () =>
      server.db.selectFrom("user_profiles").select("firstname").where("firstname", "=", "Juan").execute(),
    );
    expect(theirs).toHaveLength(1);
  });
});

describe("municipal officers", () => {
  it("creates a hub user with a municipal role and the city it reads, audited", async () => {
    const client = await signedIn(HUB_ADMIN.username, HUB_ADMIN.password);
    const input = {
      firstname: "Ana",
      lastname: "Reyes",
      username: "calamba.dilg",
      password: STRONG,
      role: "Municipal DILG officer",
      city_psgc_code: CALAMBA,
    };
    const res = await client.post("/backend/api/hub/officers", input);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const list = await client.get("/backend/api/hub/officers");
    expect(list.body.data).toEqual([
      expect.objectContaining({
        username: "calamba.dilg",
        fullname: "Ana Reyes",
        role: "Municipal DILG officer",
        city: "City of Calamba",
        province: "Laguna",
      }),
    ]);
    const row = await asOwner(() =>
      server.db.selectFrom("municipal_officers").select(["barangay_id", "city_psgc_code"]).executeTakeFirstOrThrow(),
    );
    expect(row).toEqual({ barangay_id: HUB_TENANT_ID, city_psgc_code: CALAMBA });
    const officer = await signedIn("calamba.dilg", STRONG);
    const me = (await officer.get("/backend/api/userme")).body.data;
    expect(me.permissions).toEqual(["view-rollups"]);
    // 422s: a username taken, an unknown city, a role that is not municipal.
    for (const [change, field] of [
      [{ username: "calamba.dilg" }, "username"],
      [{ username: "x.officer", city_psgc_code: "0403405999" }, "city_psgc_code"],
      [{ username: "x.officer", role: "Administrator" }, "role"],
    ] as const) {
      const bad = await client.post("/backend/api/hub/officers", { ...input, ...change });
      expect(bad.status).toBe(422);
      expect(bad.body.errors[field]).toBeDefined();
    }
    const audited = await asOwner(() =>
      server.db.selectFrom("audit_log").select(["barangay_id"]).where("entity", "=", "municipal_officer").execute(),
    );
    expect(audited).toEqual([{ barangay_id: HUB_TENANT_ID }]);
  });
});

describe("refusals (403)", () => {
  const CALLS: [method: "get" | "post", path: string, body?: unknown][] = [
    ["get", "/backend/api/hub/barangays"],
    ["post", "/backend/api/hub/barangays", { psgc_code: "0403405059" }],
    ["get", "/backend/api/hub/barangays/2"],
    ["post", "/backend/api/hub/barangays/2/suspend", { reason: "x" }],
    ["post", "/backend/api/hub/barangays/2/reactivate", {}],
    ["post", "/backend/api/hub/barangays/1/psgc", { psgc_code: "0403405059" }],
    ["post", "/backend/api/hub/barangays/3/administrator", { firstname: "A", lastname: "B", username: "sneaky.admin", password: STRONG }],
    ["get", "/backend/api/hub/officers"],
    [
      "post",
      "/backend/api/hub/officers",
      { firstname: "A", lastname: "B", username: "sneaky", password: STRONG, role: "Municipal treasurer", city_psgc_code: CALAMBA },
    ],
    ["get", "/backend/api/hub/psgc/barangays?q=calamba"],
    ["get", "/backend/api/hub/psgc/cities?q=calamba"],
  ];

  async function expectRefused(client: ApiClient, status: number) {
    for (const [method, path, body] of CALLS) {
      const res = method === "get" ? await client.get(path) : await client.post(path, body);
      expect(res.status, `${method} ${path}`).toBe(status);
    }
  }

  it("a barangay's Administrator gets 403 on every hub call", async () => {
    await expectRefused(await signedIn(server.admin.username, server.admin.password), 403);
  });

  it("a municipal officer gets 403 on every hub administration call", async () => {
    await expectRefused(await signedIn("calamba.dilg", STRONG), 403);
  });

  it("a visitor gets 401", async () => {
    const visitor = server.client();
    await visitor.csrf();
    await expectRefused(visitor, 401);
  });

  it("a barangay user holding manage-barangays by some mistake is still refused: the hub's calls are the hub's users'", async () => {
    const barangayUser: AuthUser = { ...hubAdmin, id: 1, barangayId: 1 };
    await expect(hub.listBarangays(ctxOf(barangayUser))).rejects.toMatchObject({ status: 403 });
    await expect(hub.createBarangay(ctxOf(barangayUser), { psgc_code: "0403405059" })).rejects.toMatchObject({ status: 403 });
    await expect(hub.listBarangays(ctxOf(null))).rejects.toMatchObject({ status: 401 });
  });

  it("the hub administrator gets 403 on a barangay's calls (holding none of their permissions)", async () => {
    const client = await signedIn(HUB_ADMIN.username, HUB_ADMIN.password);
    for (const path of ["/backend/api/resident", "/backend/api/collection", "/backend/api/admin/role", "/backend/api/user"])
      expect((await client.get(path)).status, path).toBe(403);
  });

  it("nothing was written by the refused calls", async () => {
    const count = await asOwner(() =>
      server.db
        .selectFrom("barangays")
        .select(sql<number>`count(*)::int`.as("n"))
        .executeTakeFirstOrThrow(),
    );
    expect(count.n).toBe(4); // the hub, barangay 1, Milagrosa, Turbina
    const sneaky = await inScope({ kind: "auth" }, () =>
      server.db.selectFrom("users").select("id").where("username", "like", "sneaky%").execute(),
    );
    expect(sneaky).toEqual([]);
  });
});
