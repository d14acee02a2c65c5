import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RESOURCES, restBase } from "../../domain/registry/index.ts";
import { createUser, signedIn, startTestServer, type ApiClient, type TestServer } from "../helpers/server.ts";
import { sampleInput } from "../helpers/resources.ts";

// Issue 9 item 8 "REST for existing clients": login by e-mail, the §2.4 column keys on every row,
// a listed row PUT back unchanged, and Laravel's absolute pagination links.

let server: TestServer;
let admin: ApiClient;

beforeAll(async () => {
  server = await startTestServer();
  admin = await signedIn(server, server.admin);
});
afterAll(async () => {
  await server?.close();
});

describe("login", () => {
  it("accepts the username in `username`", async () => {
    await createUser(server.db, { username: "by.name", email: "by.name@example.ph", password: "Login-Passw0rd!" });
    const client = server.client();
    await client.csrf();
    const res = await client.post("/backend/api/login", { username: "by.name", password: "Login-Passw0rd!" });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data.username).toBe("by.name");
  });

  it("accepts `email` instead of `username`, as Sanctum SPAs send it", async () => {
    await createUser(server.db, { username: "by.mail", email: "by.mail@example.ph", password: "Login-Passw0rd!" });
    const client = server.client();
    await client.csrf();
    const res = await client.post("/backend/api/login", { email: "by.mail@example.ph", password: "Login-Passw0rd!" });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data.username).toBe("by.mail");
    expect((await client.get("/backend/api/userme")).body.data.email).toBe("by.mail@example.ph");
  });

  it("answers a wrong e-mail login on the email field, and a missing one on username", async () => {
    const client = server.client();
    await client.csrf();
    const wrong = await client.post("/backend/api/login", { email: "nobody@example.ph", password: "x" });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors).toEqual({ email: ["These credentials do not match our records."] });
    const none = await client.post("/backend/api/login", { password: "x" });
    expect(none.status).toBe(422);
    expect(none.body.errors).toHaveProperty("username");
  });
});

/** Spec §2.4's column keys per list (roles: the role fields of §3). */
const SPEC_COLUMNS: Record<string, string[]> = {
  bank: ["code", "name", "status"],
  bank_account: ["bank", "account_name", "account_number", "fund_type", "status"],
  cheque_book: ["cheque_book_code", "bank", "account_number", "series", "quanty_generated", "created_at", "status"],
  cheque_issuance: ["bank_account", "cheque_number", "payee", "amount", "description_with_nature_of_payment", "status", "date"],
  cheque_number: ["cheque_book_code", "bank_account", "number", "status"],
  collection: ["form_number", "issued_to", "processed", "status", "amount_paid", "date_issued", "created_by"],
  disbursement: ["disbursement_number", "payee", "amount", "particulars", "status", "voucher_date"],
  form_number: ["pad_code", "number", "form_type", "status"],
  form_pad: ["pad_code", "series", "quanty_generated", "form_type", "collectors", "status"],
  remittance: ["date", "total_collection", "amount_collected", "status"],
  transaction: ["reference_number", "transaction_type", "issued_to", "date_issued", "created_by"],
  business: ["name", "business_line", "location", "date_acquired", "created_at", "created_by", "owner"],
  business_line: ["name", "status"],
  collection_type: ["name", "fund_type", "status"],
  disaster_prone_area: ["purok", "disaster_types", "created_at", "created_by"],
  disbursement_type: ["name", "description", "status"],
  form_type: ["name", "description", "status"],
  household: ["household_head", "purok", "members_count", "coordinates", "created_at", "created_by"],
  non_resident: ["name", "status", "created_at", "created_by"],
  occupation: ["name", "status"],
  organization: ["name", "status", "created_at", "created_by"],
  payment_nature: ["name", "disbursement_type", "status"],
  permission: ["name", "description", "updated_at", "created_at"],
  purok: ["name", "status"],
  religion: ["name", "status"],
  resident: ["name", "zone", "status", "created_at", "created_by"],
  role: ["id", "name", "description", "permissions", "members", "updated_at", "created_at"],
  transaction_type: ["name", "status"],
  user: ["name", "username", "status", "roles", "lastsignin"],
};

const WITH_CRUD = RESOURCES.filter((def) => def.modals.includes("create") && def.modals.includes("update"));

/** Keys a row may change by being written at all. */
const VOLATILE = new Set(["updated_at", "updated_by"]);

function stable(row: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(row).filter(([k]) => !VOLATILE.has(k)));
}

describe.each(RESOURCES.map((def) => [def.name, def] as const))("%s rows", (name, def) => {
  const base = `/backend${restBase(def)}`;

  // Every list of spec §2.4 is in SPEC_COLUMNS; an entry that is no list of its own has none.
  it.runIf(name in SPEC_COLUMNS && def.modals.includes("create"))("carry spec §2.4's column keys", async () => {
    const created = await admin.post(base, await sampleInput(admin, def, "k"));
    expect(created.status, created.text).toBe(201);
    const list = await admin.get(`${base}?per_page=100&search=`);
    const row = list.body.data.find((r: { id: number }) => r.id === created.body.data.id);
    expect(row).toBeDefined();
    for (const key of SPEC_COLUMNS[name])
      expect(
        row,
        `${name}.${key}: a spec §2.4 column key missing from the row; alias it in the entry's select (decision 061)`,
      ).toHaveProperty(key);
    const one = await admin.get(`${base}/${created.body.data.id}`);
    for (const key of SPEC_COLUMNS[name])
      expect(one.body.data, `${name}.${key}: a spec §2.4 column key missing from the row`).toHaveProperty(key);
  });

  it.runIf(WITH_CRUD.includes(def))("can be PUT back as listed: 200 and unchanged", async () => {
    const created = await admin.post(base, await sampleInput(admin, def, "p"));
    expect(created.status, created.text).toBe(201);
    const id = created.body.data.id as number;
    const list = await admin.get(`${base}?per_page=100`);
    const row = list.body.data.find((r: { id: number }) => r.id === id);
    const before = await admin.get(`${base}/${id}`);
    const put = await admin.put(`${base}/${id}`, row);
    expect(put.status, put.text).toBe(200);
    const after = await admin.get(`${base}/${id}`);
    expect(stable(after.body.data)).toEqual(stable(before.body.data));
  });
});

describe("blocklist rows", () => {
  it("carry spec §2.4's column keys (Name, Username, Status, Roles)", async () => {
    const target = await createUser(server.db, { username: "blocked.keys", roles: ["Viewer"] });
    const add = await admin.post("/backend/api/blocklist", { user_id: target.id, reason: "Keys test" });
    expect(add.status, add.text).toBeLessThan(300);
    const list = await admin.get("/backend/api/blocklist?per_page=100");
    const row = list.body.data.find((r: { id: number }) => r.id === target.id);
    for (const key of ["name", "username", "status", "roles"]) expect(row, `blocklist.${key}`).toHaveProperty(key);
    expect(list.body.links.first).toBe(`${server.url}/backend/api/blocklist?per_page=100&page=1`);
  });
});

describe("relations given as objects", () => {
  it("are taken as their ids (bank: {id, name} for bank_id)", async () => {
    const bdo = await admin.post("/backend/api/bank", { code: "BDO", name: "Banco de Oro" });
    const lbp = await admin.post("/backend/api/bank", { code: "LBP", name: "Land Bank" });
    const account = await admin.post("/backend/api/bank_account", {
      bank: { id: bdo.body.data.id, name: "Banco de Oro" },
      account_name: "General Fund",
      account_number: "1234-5678",
      fund_type: "General Fund",
    });
    expect(account.status, account.text).toBe(201);
    expect(account.body.data.bank).toEqual({ id: bdo.body.data.id, name: "Banco de Oro" });
    const moved = await admin.put(`/backend/api/bank_account/${account.body.data.id}`, {
      ...account.body.data,
      bank_id: undefined,
      bank: { id: lbp.body.data.id, name: "Land Bank" },
    });
    expect(moved.status, moved.text).toBe(200);
    expect(moved.body.data.bank_id).toBe(lbp.body.data.id);
    const direct = await admin.put(`/backend/api/bank_account/${account.body.data.id}`, {
      ...moved.body.data,
      bank_id: { id: bdo.body.data.id },
    });
    expect(direct.status, direct.text).toBe(200);
    expect(direct.body.data.bank_id).toBe(bdo.body.data.id);
  });
});

describe.each(WITH_CRUD.filter((def) => def.fields.some((f) => f.kind === "reference")).map((def) => [def.name, def] as const))(
  "%s reference fields given as records",
  (_name, def) => {
    it("are taken as their ids", async () => {
      const input = await sampleInput(admin, def, "o");
      const ids: Record<string, number> = {};
      for (const field of def.fields.filter((f) => f.kind === "reference")) {
        const parts = field.name.split(".");
        let node = input as Record<string, unknown>;
        for (const part of parts.slice(0, -1)) node = node[part] as Record<string, unknown>;
        const key = parts[parts.length - 1];
        if (node[key] == null) continue;
        ids[field.name] = node[key] as number;
        node[key] = { id: node[key], name: "as listed" };
      }
      const created = await admin.post(`/backend${restBase(def)}`, input);
      expect(created.status, created.text).toBe(201);
      for (const [name, id] of Object.entries(ids)) {
        const stored = name.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], created.body.data);
        // Resident profile references are answered as records ({id, name}) inside user_profile.
        expect(typeof stored === "object" && stored !== null ? (stored as { id: number }).id : stored, name).toBe(id);
      }
    });
  },
);

describe("many-to-many relations as listed", () => {
  it("a user's roles [{id, name}] and a role's permissions and members are taken as ids", async () => {
    const perms = (await admin.get("/backend/api/admin/permission?per_page=3")).body.data as { id: number }[];
    const role = await admin.post("/backend/api/admin/role", {
      name: "Listed Role",
      description: "x",
      permissions: perms.map((p) => p.id),
    });
    expect(role.status, role.text).toBe(201);
    const user = await admin.post("/backend/api/user", {
      username: "listed.user",
      password: "Sample-Passw0rd!",
      user_profile: { firstname: "Listed", lastname: "User" },
      roles: [role.body.data.id],
    });
    expect(user.status, user.text).toBe(201);
    const listedUser = (await admin.get("/backend/api/user?per_page=100")).body.data.find(
      (r: { id: number }) => r.id === user.body.data.id,
    );
    expect(listedUser.roles).toEqual([{ id: role.body.data.id, name: "Listed Role" }]);
    const putUser = await admin.put(`/backend/api/user/${user.body.data.id}`, listedUser);
    expect(putUser.status, putUser.text).toBe(200);
    expect(putUser.body.data.roles).toEqual(listedUser.roles);

    const listedRole = (await admin.get("/backend/api/admin/role?per_page=100")).body.data.find(
      (r: { id: number }) => r.id === role.body.data.id,
    );
    expect(listedRole.members.map((m: { id: number }) => m.id)).toEqual([user.body.data.id]);
    const putRole = await admin.put(`/backend/api/admin/role/${role.body.data.id}`, listedRole);
    expect(putRole.status, putRole.text).toBe(200);
    expect(stable(putRole.body.data)).toEqual(stable(listedRole));
  });
});

describe("pagination links", () => {
  it("are absolute URLs, as Laravel gives them, and keep the other query keys", async () => {
    for (let i = 0; i < 3; i++) await admin.post("/backend/api/occupation", { name: `Pager ${i}` });
    const res = await admin.get("/backend/api/occupation?per_page=1&search=Pager&page=2");
    expect(res.status).toBe(200);
    const origin = server.url;
    expect(res.body.meta.path).toBe(`${origin}/backend/api/occupation`);
    expect(res.body.links).toEqual({
      first: `${origin}/backend/api/occupation?per_page=1&search=Pager&page=1`,
      last: `${origin}/backend/api/occupation?per_page=1&search=Pager&page=3`,
      prev: `${origin}/backend/api/occupation?per_page=1&search=Pager&page=1`,
      next: `${origin}/backend/api/occupation?per_page=1&search=Pager&page=3`,
    });
    const pages = res.body.meta.links.filter((l: { url: string | null }) => l.url);
    for (const link of pages) expect(link.url).toMatch(new RegExp(`^${origin}/backend/api/occupation\\?per_page=1&search=Pager&page=\\d$`));
  });

  it("follow the forwarded host and protocol only where the proxy is trusted", async () => {
    const res = await admin.get("/backend/api/occupation?per_page=1", {
      headers: { "X-Forwarded-Host": "evil.example", "X-Forwarded-Proto": "https" },
    });
    expect(res.body.links.first).toBe(`${server.url}/backend/api/occupation?per_page=1&page=1`);
  });

  it("of the index_trashed path name that path", async () => {
    const res = await admin.get("/backend/api/occupation/index_trashed?per_page=1");
    expect(res.body.links.first).toBe(`${server.url}/backend/api/occupation/index_trashed?per_page=1&page=1`);
  });
});
