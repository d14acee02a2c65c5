import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCOUNT_BLOCKED } from "../../server/auth/sign-in.ts";
import { passwordProblem } from "../../server/auth/passwords.ts";
import { createUser, signedIn, startTestServer, type ApiClient, type TestServer } from "../helpers/server.ts";

// The REST contract of issue 5 (spec §7.3 users, blocklist, roles, permissions, settings; §8
// messages) and its safety rules, over HTTP against a real database.

let server: TestServer;
let admin: ApiClient;
let adminId: number;

beforeAll(async () => {
  server = await startTestServer();
  admin = await signedIn(server, server.admin);
  adminId = (await admin.get("/backend/api/userme")).body.data.id;
});

afterAll(async () => {
  await server?.close();
});

let seq = 0;
const uniq = (prefix: string) => `${prefix}${++seq}${Date.now() % 100000}`;

async function roleId(name: string): Promise<number> {
  const row = await server.db.selectFrom("roles").select("id").where("name", "=", name).executeTakeFirstOrThrow();
  return Number(row.id);
}

async function permissionIds(names: string[]): Promise<number[]> {
  const rows = await server.db.selectFrom("permissions").select(["id", "name"]).where("name", "in", names).execute();
  expect(rows.length).toBe(names.length);
  return rows.map((r) => Number(r.id));
}

async function newStaff(client: ApiClient, overrides: Record<string, unknown> = {}) {
  const username = uniq("staff.");
  const res = await client.post("/backend/api/user", {
    username,
    email: `${username}@example.ph`,
    password: "Kalayaan-1898!",
    user_profile: { firstname: "Maria", middlename: "Santos", lastname: "Dela Cruz" },
    roles: [],
    ...overrides,
  });
  expect(res.status, res.text).toBe(201);
  return { id: res.body.data.id as number, username, password: "Kalayaan-1898!", row: res.body.data };
}

describe("users (spec §7.3 user calls)", () => {
  it("generates a unique username from the name and a strong password, answering {data}", async () => {
    const first = await admin.get("/backend/api/user/generate_username?firstname=Juan&lastname=Dela%20Cruz");
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ data: "juan.delacruz" });
    await createUser(server.db, { username: "juan.delacruz" });
    const second = await admin.get("/backend/api/user/generate_username?firstname=Ju%C3%A1n&lastname=Dela%20Cruz");
    expect(second.body.data).toBe("juan.delacruz2");
    const none = await admin.get("/backend/api/user/generate_username");
    expect(none.status).toBe(422);

    const pw = await admin.get("/backend/api/user/generate_password");
    expect(pw.status).toBe(200);
    expect(typeof pw.body.data).toBe("string");
    expect(passwordProblem(pw.body.data)).toBeNull();
    expect(pw.headers.get("cache-control")).toContain("no-store");
    const again = await admin.get("/backend/api/user/generate_password");
    expect(again.body.data).not.toBe(pw.body.data);
  });

  it("creates a user with roles, lists name, username, status, roles and last sign-in, never the password", async () => {
    const viewer = await roleId("Viewer");
    const { id, username, row } = await newStaff(admin, { roles: [viewer] });
    expect(row.roles).toEqual([{ id: viewer, name: "Viewer" }]);
    expect(row.status).toBe("Active");
    expect(row).not.toHaveProperty("password");
    expect(row).not.toHaveProperty("password_hash");
    const list = await admin.get(`/backend/api/user?search=${username}`);
    expect(list.status).toBe(200);
    expect(list.body.data).toHaveLength(1);
    expect(list.body.data[0]).toMatchObject({ id, username, name: "Maria Santos Dela Cruz", status: "Active", roles: [{ id: viewer, name: "Viewer" }], last_sign_in_at: null });
    expect(JSON.stringify(list.body)).not.toContain("Kalayaan-1898!");

    const dup = await admin.post("/backend/api/user", { username: username.toUpperCase(), password: "Kalayaan-1898!", user_profile: { firstname: "A", lastname: "B" } });
    expect(dup.status).toBe(422);
    expect(dup.body.errors.username).toEqual(["The username has already been taken."]);
  });

  it("refuses a weak password, a bad username and unknown roles with 422", async () => {
    const base = { username: uniq("weak."), user_profile: { firstname: "Weak", lastname: "Password" } };
    const weak = await admin.post("/backend/api/user", { ...base, password: "password" });
    expect(weak.status).toBe(422);
    expect(weak.body.errors.password[0]).toMatch(/three of/);
    const missing = await admin.post("/backend/api/user", base);
    expect(missing.body.errors.password).toEqual(["The password field is required."]);
    const badName = await admin.post("/backend/api/user", { ...base, username: "no spaces allowed", password: "Kalayaan-1898!" });
    expect(badName.body.errors.username[0]).toMatch(/may contain only/);
    const roles = await admin.post("/backend/api/user", { ...base, password: "Kalayaan-1898!", roles: [999999] });
    expect(roles.status).toBe(422);
    expect(roles.body.errors.roles).toEqual(["The selected roles are invalid."]);
  });

  it("changes roles on update and the user's next request follows them", async () => {
    const { id, username, password } = await newStaff(admin);
    const client = await signedIn(server, { username, password });
    expect((await client.get("/backend/api/non_resident")).status).toBe(403);
    const upd = await admin.put(`/backend/api/user/${id}`, { username, user_profile: { firstname: "Maria", lastname: "Dela Cruz" }, roles: [await roleId("Viewer")] });
    expect(upd.status, upd.text).toBe(200);
    expect(upd.body.message).toBe("Successfully updated.");
    expect((await client.get("/backend/api/non_resident")).status).toBe(200);
    // Roles left out of an update stay as they are.
    const keep = await admin.put(`/backend/api/user/${id}`, { username, user_profile: { firstname: "María", lastname: "Dela Cruz" } });
    expect(keep.body.data.roles.map((r: { name: string }) => r.name)).toEqual(["Viewer"]);
  });

  it("sets a user's language (issue 33 item 4): English, Filipino or the barangay's; audited; the user's next request reads it", async () => {
    const { id, username, password, row } = await newStaff(admin, { language: "fil" });
    expect(row.language).toBe("fil");
    const client = await signedIn(server, { username, password });
    expect((await client.get("/backend/api/userme")).body.data.language).toBe("fil");
    const profile = { firstname: "Maria", lastname: "Dela Cruz" };
    // Left out of an update, it is kept.
    expect((await admin.put(`/backend/api/user/${id}`, { username, user_profile: profile })).body.data.language).toBe("fil");
    const bad = await admin.put(`/backend/api/user/${id}`, { username, user_profile: profile, language: "de" });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.language).toEqual(["The selected language is invalid."]);
    const en = await admin.put(`/backend/api/user/${id}`, { username, user_profile: profile, language: "en" });
    expect(en.status, en.text).toBe(200);
    expect(en.body.data.language).toBe("en");
    await expect.poll(async () => (await client.get("/backend/api/userme")).body.data.language).toBe("en");
    const audited = await server.db
      .selectFrom("audit_log")
      .select(["before", "after"])
      .where("entity", "=", "user")
      .where("entity_id", "=", String(id) as never)
      .where("action", "=", "update")
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    expect(audited).toMatchObject({ before: { language: "fil" }, after: { language: "en" } });
    // The barangay's: stored as null ("barangay" from the form, "" or null over REST), read as the barangay's default.
    for (const language of ["barangay", "", null]) {
      await admin.put(`/backend/api/user/${id}`, { username, user_profile: profile, language: "fil" });
      const res = await admin.put(`/backend/api/user/${id}`, { username, user_profile: profile, language });
      expect(res.body.data.language, String(language)).toBeNull();
    }
    await expect.poll(async () => (await client.get("/backend/api/userme")).body.data.language).toBe("en");
    // A new user without one follows the barangay.
    expect((await newStaff(admin)).row.language).toBeNull();
  });

  it("resets a password: generated and answered once, or given and never echoed; every session ends", async () => {
    const { id, username, password } = await newStaff(admin);
    const client = await signedIn(server, { username, password });
    const reset = await admin.post("/backend/api/user/reset_password", { id });
    expect(reset.status).toBe(200);
    expect(reset.body.message).toBe("Successfully reset.");
    const generated = reset.body.data.password as string;
    expect(passwordProblem(generated)).toBeNull();
    expect((await client.get("/backend/api/userme")).status).toBe(401);
    expect((await server.client().login(username, password)).status).toBe(422);
    await signedIn(server, { username, password: generated });

    const given = await admin.post("/backend/api/user/reset_password", { id, password: "Bagong-Pass123" });
    expect(given.status).toBe(200);
    expect(given.body.data).toEqual({ id });
    await signedIn(server, { username, password: "Bagong-Pass123" });
    const weak = await admin.post("/backend/api/user/reset_password", { id, password: "short" });
    expect(weak.status).toBe(422);
    expect(weak.body.errors.password).toBeDefined();

    const audit = await server.db.selectFrom("audit_log").select(["before", "after"]).where("action", "=", "reset_password").execute();
    expect(audit.length).toBeGreaterThanOrEqual(2);
    expect(JSON.stringify(audit)).not.toContain("Bagong-Pass123");
    expect(JSON.stringify(audit)).not.toContain(generated);
  });

  it("gates reset, delete, update and restore as spec §6 says", async () => {
    const target = await newStaff(admin);
    const editor = await createUser(server.db, { username: uniq("editor."), permissions: ["manage-user", "update-user"] });
    const client = await signedIn(server, editor);
    expect((await client.post("/backend/api/user/reset_password", { id: target.id })).status).toBe(403);
    expect((await client.delete(`/backend/api/user/${target.id}`)).status).toBe(403);
    expect((await client.post("/backend/api/user/restore", { id: target.id })).status).toBe(403);
    expect((await client.get("/backend/api/user/generate_password")).status).toBe(200);
    const upd = await client.put(`/backend/api/user/${target.id}`, { username: target.username, user_profile: { firstname: "Edited", lastname: "By Editor" } });
    expect(upd.status).toBe(200);
    const nobody = await signedIn(server, await createUser(server.db, { username: uniq("nobody.") }));
    expect((await nobody.get("/backend/api/user/generate_username?firstname=a&lastname=b")).status).toBe(403);
    expect((await nobody.get("/backend/api/user/generate_password")).status).toBe(403);
  });

  it("deletes, restores and multi-deletes through the user calls with their messages", async () => {
    const a = await newStaff(admin);
    const b = await newStaff(admin);
    const client = await signedIn(server, a);
    const del = await admin.delete(`/backend/api/user/${a.id}`);
    expect(del.status).toBe(200);
    expect(del.body.message).toBe("Successfully deleted Maria Santos Dela Cruz.");
    expect(del.body.data.status).toBe("Trashed");
    expect((await client.get("/backend/api/userme")).status).toBe(401);
    const res = await admin.post("/backend/api/user/restore", { id: a.id });
    expect(res.body.message).toBe("Successfully restored Maria Santos Dela Cruz.");
    const many = await admin.post("/backend/api/user/multiple_delete_user", [{ id: a.id }, { id: b.id }]);
    expect(many.body).toMatchObject({ data: 2, message: "Successfully removed 2 users." });
    const back = await admin.post("/backend/api/user/multiple_restore_user", [{ id: a.id }, { id: b.id }]);
    expect(back.body).toMatchObject({ data: 2, message: "Successfully restored 2 users." });
  });
});

describe("safety rules", () => {
  let manager: ApiClient;
  let managerId: number;

  beforeAll(async () => {
    // Holds every user, role and blocklist right but not the Administrator role.
    const m = await createUser(server.db, {
      username: "safety.manager",
      permissions: [
        "manage-user",
        "view-user",
        "create-user",
        "update-user",
        "delete-user",
        "restore-user",
        "manage-role",
        "create-role",
        "update-role",
        "delete-role",
        "manage-blocklist",
        "create-blocklist",
        "delete-blocklist",
      ],
    });
    managerId = m.id;
    manager = await signedIn(server, m);
  });

  it("refuses to delete, block or strip the last Administrator", async () => {
    const del = await manager.delete(`/backend/api/user/${adminId}`);
    expect(del.status).toBe(422);
    expect(del.body.message).toBe("The last Administrator cannot be deleted.");
    const many = await manager.post("/backend/api/user/multiple_delete_user", [{ id: adminId }]);
    expect(many.status).toBe(422);
    const block = await manager.post("/backend/api/blocklist", { user_id: adminId });
    expect(block.status).toBe(422);
    expect(block.body.message).toBe("The last Administrator cannot be blocked.");
    const strip = await manager.put(`/backend/api/user/${adminId}`, { username: "admin", user_profile: { firstname: "Barangay", lastname: "Administrator" }, roles: [] });
    expect(strip.status).toBe(422);
    expect(strip.body.message).toBe("The last Administrator cannot lose the Administrator role.");
    const members = await manager.put(`/backend/api/admin/role/${await roleId("Administrator")}`, { name: "Administrator", members: [] });
    expect(members.status).toBe(422);
    expect(members.body.message).toBe("The last Administrator cannot lose the Administrator role.");
    const me = await admin.get("/backend/api/userme");
    expect(me.status).toBe(200);
    expect(me.body.data.roles.map((r: { name: string }) => r.name)).toContain("Administrator");
  });

  it("lets a second Administrator be removed while one remains", async () => {
    const second = await newStaff(admin, { roles: [await roleId("Administrator")] });
    const del = await manager.delete(`/backend/api/user/${second.id}`);
    expect(del.status).toBe(200);
    await admin.post("/backend/api/user/restore", { id: second.id });
    const blocked = await manager.post("/backend/api/blocklist", { user_id: second.id });
    expect(blocked.status).toBe(201);
    // Blocked administrators do not count: the seeded one is now the last again.
    expect((await manager.delete(`/backend/api/user/${adminId}`)).status).toBe(422);
    await manager.delete(`/backend/api/blocklist/${second.id}`);
  });

  it("refuses to let users delete or block themselves", async () => {
    const del = await manager.delete(`/backend/api/user/${managerId}`);
    expect(del.status).toBe(422);
    expect(del.body.message).toBe("You cannot delete your own account.");
    const block = await manager.post("/backend/api/blocklist", { id: managerId });
    expect(block.status).toBe(422);
    expect(block.body.message).toBe("You cannot block your own account.");
    const other = await newStaff(admin);
    const many = await manager.post("/backend/api/user/multiple_delete_user", [{ id: other.id }, { id: managerId }]);
    expect(many.status).toBe(422);
    const still = await admin.get(`/backend/api/user/${other.id}`);
    expect(still.body.data.status).toBe("Active");
  });

  it("refuses to take your own manage-user or manage-role away", async () => {
    const ownRole = (await manager.get("/backend/api/userme")).body.data.roles[0];
    const stripSelf = await manager.put(`/backend/api/user/${managerId}`, { username: "safety.manager", user_profile: { firstname: "Safety", lastname: "Manager" }, roles: [] });
    expect(stripSelf.status).toBe(422);
    expect(stripSelf.body.message).toMatch(/^You cannot remove your own manage-(user|role) permission/);

    const withoutRole = await manager.put(`/backend/api/admin/role/${ownRole.id}`, { name: ownRole.name, permissions: await permissionIds(["manage-user", "update-user"]) });
    expect(withoutRole.status).toBe(422);
    expect(withoutRole.body.message).toBe("You cannot remove your own manage-role permission: you would be locked out.");
    const leave = await manager.put(`/backend/api/admin/role/${ownRole.id}`, { name: ownRole.name, members: [] });
    expect(leave.status).toBe(422);
    const del = await manager.delete(`/backend/api/admin/role/${ownRole.id}`);
    expect(del.status).toBe(422);
    expect((await manager.get("/backend/api/admin/role")).status).toBe(200);

    // An administrator whose other role also grants the rights may change this one.
    const admins = await admin.put(`/backend/api/user/${adminId}`, { username: "admin", user_profile: { firstname: "Barangay", lastname: "Administrator" }, roles: [] });
    expect(admins.status).toBe(422);
  });

  it("keeps the Administrator role whole: not deleted, not renamed, every permission", async () => {
    const id = await roleId("Administrator");
    const del = await admin.delete(`/backend/api/admin/role/${id}`);
    expect(del.status).toBe(422);
    expect(del.body.message).toBe("The Administrator role cannot be deleted.");
    const rename = await admin.put(`/backend/api/admin/role/${id}`, { name: "Boss" });
    expect(rename.status).toBe(422);
    expect(rename.body.errors.name).toEqual(["The Administrator role cannot be renamed."]);
    const fewer = await admin.put(`/backend/api/admin/role/${id}`, { name: "Administrator", permissions: await permissionIds(["manage-user"]) });
    expect(fewer.status).toBe(422);
    expect(fewer.body.errors.permissions).toEqual(["The Administrator role always holds every permission."]);
    const describe = await admin.put(`/backend/api/admin/role/${id}`, { name: "Administrator", description: "Everything." });
    expect(describe.status).toBe(200);
  });
});

describe("blocklist ({global_path}/blocklist, spec §7.3)", () => {
  it("blocks a user: their live session ends at once and sign-in is refused with its own message", async () => {
    const target = await newStaff(admin, { roles: [await roleId("Viewer")] });
    const live = await signedIn(server, target);
    expect((await live.get("/backend/api/userme")).status).toBe(200);

    const add = await admin.post("/backend/api/blocklist", { user_id: target.id, reason: "Left the office" });
    expect(add.status, add.text).toBe(201);
    expect(add.body.message).toBe(`Successfully blocked ${target.username}.`);
    expect(add.body.data).toMatchObject({ id: target.id, username: target.username, status: "Blocked", blocked_reason: "Left the office", roles: [{ name: "Viewer" }] });
    expect(add.body.data.blocked_by).toMatchObject({ id: adminId });

    expect((await live.get("/backend/api/userme")).status).toBe(401);
    const sessions = await server.db.selectFrom("sessions").select("id").where("user_id", "=", target.id).execute();
    expect(sessions).toHaveLength(0);
    const login = await server.client().login(target.username, target.password);
    expect(login.status).toBe(403);
    expect(login.body.message).toBe(ACCOUNT_BLOCKED);

    const again = await admin.post("/backend/api/blocklist", { id: target.id });
    expect(again.status).toBe(422);
    expect(again.body.errors.user_id[0]).toMatch(/already on the blocklist/);

    const users = await admin.get(`/backend/api/user?search=${target.username}`);
    expect(users.body.data[0].status).toBe("Blocked");
  });

  it("lists with params (Name, Username, Status, Roles), reads one and updates the reason", async () => {
    const target = await newStaff(admin);
    await admin.post("/backend/api/blocklist", { id: target.id });
    const list = await admin.get(`/backend/api/blocklist?search=${target.username}&per_page=5`);
    expect(list.status).toBe(200);
    expect(list.body.meta).toMatchObject({ per_page: 5, total: 1 });
    expect(list.body.data[0]).toMatchObject({ id: target.id, name: "Maria Santos Dela Cruz", username: target.username, status: "Blocked", roles: [] });
    expect(list.body.data[0]).not.toHaveProperty("password_hash");
    const one = await admin.get(`/backend/api/blocklist/${target.id}`);
    expect(one.body.data.username).toBe(target.username);
    const put = await admin.put(`/backend/api/blocklist/${target.id}`, { reason: "Lost laptop" });
    expect(put.status).toBe(200);
    expect(put.body.data.blocked_reason).toBe("Lost laptop");
    const notBlocked = await newStaff(admin);
    expect((await admin.get(`/backend/api/blocklist/${notBlocked.id}`)).status).toBe(404);
    expect((await admin.put(`/backend/api/blocklist/${notBlocked.id}`, { reason: "x" })).status).toBe(404);
    const count = await admin.get("/backend/api/blocklist/count");
    expect(count.body.data).toBeGreaterThanOrEqual(1);
  });

  it("removes one ('Successfully removed {username}.') or many ('Successfully removed {n} users.'), and restores", async () => {
    const a = await newStaff(admin);
    const b = await newStaff(admin);
    for (const u of [a, b]) expect((await admin.post("/backend/api/blocklist", { user_id: u.id })).status).toBe(201);
    const del = await admin.delete(`/backend/api/blocklist/${a.id}`);
    expect(del.status).toBe(200);
    expect(del.body.message).toBe(`Successfully removed ${a.username}.`);
    await signedIn(server, a);
    expect((await admin.delete(`/backend/api/blocklist/${a.id}`)).status).toBe(404);

    const restore = await admin.post("/backend/api/blocklist/restore", { id: a.id });
    expect(restore.status).toBe(200);
    expect(restore.body.data.status).toBe("Blocked");
    const many = await admin.post("/backend/api/blocklist/multiple-destroy", [{ id: a.id }, { id: b.id }]);
    expect(many.body).toMatchObject({ data: 2, message: "Successfully removed 2 users." });
    const back = await admin.post("/backend/api/blocklist/multiple_restore_user", [{ id: a.id }, { id: b.id }]);
    expect(back.body).toMatchObject({ data: 2, message: "Successfully restored 2 users." });
    await admin.post("/backend/api/blocklist/multiple-destroy", { ids: [a.id, b.id] });
  });

  it("resets a password and generates credentials under its own path", async () => {
    const a = await newStaff(admin);
    await admin.post("/backend/api/blocklist", { user_id: a.id });
    const reset = await admin.post("/backend/api/blocklist/reset_password", { id: a.id });
    expect(reset.body.message).toBe("Successfully reset.");
    expect(passwordProblem(reset.body.data.password)).toBeNull();
    expect((await admin.get("/backend/api/blocklist/generate_username?firstname=Pedro&lastname=Penduko")).body.data).toBe("pedro.penduko");
    expect(typeof (await admin.get("/backend/api/blocklist/generate_password")).body.data).toBe("string");
  });

  it("gates: manage-blocklist lists, create-blocklist adds, delete-blocklist removes", async () => {
    const target = await newStaff(admin);
    const reader = await signedIn(server, await createUser(server.db, { username: uniq("reader."), permissions: ["manage-blocklist"] }));
    expect((await reader.get("/backend/api/blocklist")).status).toBe(200);
    expect((await reader.post("/backend/api/blocklist", { user_id: target.id })).status).toBe(403);
    await admin.post("/backend/api/blocklist", { user_id: target.id });
    expect((await reader.delete(`/backend/api/blocklist/${target.id}`)).status).toBe(403);
    expect((await reader.post("/backend/api/blocklist/multiple-destroy", [{ id: target.id }])).status).toBe(403);
    expect((await reader.post("/backend/api/blocklist/restore", { id: target.id })).status).toBe(403);
    const nobody = await signedIn(server, await createUser(server.db, { username: uniq("nobody.") }));
    expect((await nobody.get("/backend/api/blocklist")).status).toBe(403);
    const anon = server.client();
    await anon.csrf();
    expect((await anon.get("/backend/api/blocklist")).status).toBe(401);
    const still = await admin.get(`/backend/api/blocklist/${target.id}`);
    expect(still.body.data.status).toBe("Blocked");
  });
});

describe("roles and permissions ({admin_path})", () => {
  it("serves role_model_view: permissions as a matrix of entities and actions, and the staff", async () => {
    const res = await admin.get("/backend/api/admin/role/role_model_view");
    expect(res.status).toBe(200);
    const view = res.body.data;
    expect(view.actions.slice(0, 6)).toEqual(["manage", "view", "create", "update", "delete", "restore"]);
    const bank = view.rows.find((r: { entity: string }) => r.entity === "bank");
    expect(Object.keys(bank.cells).sort()).toEqual(["create", "delete", "manage", "restore", "update", "view"]);
    expect(bank.cells.update.name).toBe("update-bank");
    expect(view.rows.find((r: { entity: string }) => r.entity === "report").cells.restore).toBeUndefined();
    expect(view.users.some((u: { id: number }) => u.id === adminId)).toBe(true);
    const nobody = await signedIn(server, await createUser(server.db, { username: uniq("nobody.") }));
    expect((await nobody.get("/backend/api/admin/role/role_model_view")).status).toBe(403);
  });

  it("creates a role with permissions and members; a permission taken away is refused on the next request", async () => {
    const member = await newStaff(admin);
    const client = await signedIn(server, member);
    expect((await client.get("/backend/api/bank")).status).toBe(403);
    const perms = await permissionIds(["manage-bank", "view-bank", "create-bank"]);
    const created = await admin.post("/backend/api/admin/role", { name: "Kagawad", description: "Council member", permissions: perms, members: [member.id] });
    expect(created.status, created.text).toBe(201);
    expect(created.body.data).toMatchObject({ name: "Kagawad", permissions_count: 3, members_count: 1 });
    expect(created.body.data.permissions.map((p: { name: string }) => p.name).sort()).toEqual(["create-bank", "manage-bank", "view-bank"]);
    expect(created.body.data.members[0]).toMatchObject({ id: member.id, fullname: "Maria Santos Dela Cruz" });
    const id = created.body.data.id;

    expect((await client.get("/backend/api/bank")).status).toBe(200);
    const narrowed = await admin.put(`/backend/api/admin/role/${id}`, { name: "Kagawad", permissions: perms.slice(1) });
    expect(narrowed.status).toBe(200);
    const manageBank = (await permissionIds(["manage-bank"]))[0];
    const stillHas = narrowed.body.data.permissions.some((p: { id: number }) => p.id === manageBank);
    expect((await client.get("/backend/api/bank")).status).toBe(stillHas ? 200 : 403);
    const without = await admin.put(`/backend/api/admin/role/${id}`, { name: "Kagawad", permissions: await permissionIds(["view-bank"]) });
    expect(without.body.data.permissions_count).toBe(1);
    expect((await client.get("/backend/api/bank")).status).toBe(403);

    const list = await admin.get("/backend/api/admin/role?search=Kagawad");
    expect(list.body.data).toHaveLength(1);
    const bad = await admin.post("/backend/api/admin/role", { name: "Bad", permissions: [999999] });
    expect(bad.status).toBe(422);
    const dup = await admin.post("/backend/api/admin/role", { name: "kagawad" });
    expect(dup.body.errors.name).toEqual(["The name has already been taken."]);

    const del = await admin.delete(`/backend/api/admin/role/${id}`);
    expect(del.status).toBe(200);
    expect(del.body.message).toBe("Successfully deleted Kagawad.");
    expect((await admin.get(`/backend/api/admin/role/${id}`)).status).toBe(404);
    const me = await client.get("/backend/api/userme");
    expect(me.body.data.roles).toEqual([]);
  });

  it("serves permission_model_view and validates permission names as action-entity", async () => {
    const view = await admin.get("/backend/api/admin/permission/permission_model_view");
    expect(view.status).toBe(200);
    expect(view.body.data.actions).toContain("manage");
    expect(view.body.data.entities).toContain("cheque_book");
    for (const name of ["Approve Disbursement", "approve_disbursement", "approve-", "-x", "approve-disbursement-2"]) {
      const bad = await admin.post("/backend/api/admin/permission", { name, description: "x" });
      expect(bad.status, name).toBe(422);
      expect(bad.body.errors.name[0]).toMatch(/action and an entity/);
    }
    const ok = await admin.post("/backend/api/admin/permission", { name: "Approve-Disbursement", description: "Approve vouchers" });
    expect(ok.status, ok.text).toBe(201);
    expect(ok.body.data.name).toBe("approve-disbursement");
    // The Administrator holds every permission, the new one included.
    expect((await admin.get("/backend/api/userme")).body.data.permissions).toContain("approve-disbursement");
    const list = await admin.get("/backend/api/admin/permission?search=approve-disb");
    expect(list.body.data[0]).toMatchObject({ name: "approve-disbursement", description: "Approve vouchers" });
    expect(list.body.data[0]).toHaveProperty("updated_at");
    expect(list.body.data[0]).toHaveProperty("created_at");
    const upd = await admin.put(`/backend/api/admin/permission/${ok.body.data.id}`, { name: "approve-disbursement", description: "Approve disbursement vouchers" });
    expect(upd.status).toBe(200);
    const del = await admin.delete(`/backend/api/admin/permission/${ok.body.data.id}`);
    expect(del.body.message).toBe("Successfully deleted approve-disbursement.");
  });

  it("refuses to rename or delete a built-in permission", async () => {
    const [id] = await permissionIds(["manage-user"]);
    const rename = await admin.put(`/backend/api/admin/permission/${id}`, { name: "manage-people", description: "x" });
    expect(rename.status).toBe(422);
    const del = await admin.delete(`/backend/api/admin/permission/${id}`);
    expect(del.status).toBe(422);
    const describe = await admin.put(`/backend/api/admin/permission/${id}`, { name: "manage-user", description: "Open the list of staff accounts" });
    expect(describe.status).toBe(200);
  });
});

describe("settings (spec §7.3 /settings/*)", () => {
  it("updates the account (username, e-mail) with unique checks", async () => {
    const me = await newStaff(admin);
    const client = await signedIn(server, me);
    const taken = await client.post("/backend/api/settings/account", { username: "ADMIN", email: null });
    expect(taken.status).toBe(422);
    expect(taken.body.errors.username).toEqual(["The username has already been taken."]);
    const name = uniq("renamed.");
    const ok = await client.post("/backend/api/settings/account", { username: name, email: `${name}@example.ph` });
    expect(ok.status).toBe(200);
    expect(ok.body.message).toBe("Successfully updated.");
    expect(ok.body.data.username).toBe(name);
    await signedIn(server, { username: name, password: me.password });
  });

  it("updates identity with its own message", async () => {
    const me = await newStaff(admin);
    const client = await signedIn(server, me);
    const res = await client.post("/backend/api/settings/identity", { firstname: "Ma. Luisa", middlename: "", lastname: "Peñaflor", suffix: "Jr." });
    expect(res.status, res.text).toBe(200);
    expect(res.body.message).toBe("Successfully updated identity information.");
    expect(res.body.data.user_profile.fullname).toBe("Ma. Luisa Peñaflor Jr.");
    const missing = await client.post("/backend/api/settings/identity", { firstname: "" });
    expect(missing.status).toBe(422);
    expect(missing.body.errors.firstname).toEqual(["The first name field is required."]);
  });

  it("changes the password: current one required, strength checked, other sessions signed out", async () => {
    const me = await newStaff(admin);
    const client = await signedIn(server, me);
    const other = await signedIn(server, me);
    const wrong = await client.post("/backend/api/settings/password", { current_password: "nope", password: "Bagong-Pass123", password_confirmation: "Bagong-Pass123" });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors.current_password).toEqual(["The current password is incorrect."]);
    const weak = await client.post("/backend/api/settings/password", { current_password: me.password, password: "abc" });
    expect(weak.status).toBe(422);
    const mismatch = await client.post("/backend/api/settings/password", { current_password: me.password, password: "Bagong-Pass123", password_confirmation: "Other-Pass123" });
    expect(mismatch.body.errors.password_confirmation).toBeDefined();
    const ok = await client.post("/backend/api/settings/password", { current_password: me.password, password: "Bagong-Pass123", password_confirmation: "Bagong-Pass123" });
    expect(ok.status, ok.text).toBe(200);
    expect(ok.body.message).toBe("Successfully updated password.");
    expect(ok.body.data.signed_out).toBe(1);
    expect((await client.get("/backend/api/userme")).status).toBe(200);
    expect((await other.get("/backend/api/userme")).status).toBe(401);
    await signedIn(server, { username: me.username, password: "Bagong-Pass123" });
    expect(JSON.stringify(ok.body)).not.toContain("Bagong-Pass123");
  });

  it("stores notification preferences; a topic never chosen is on", async () => {
    const me = await newStaff(admin);
    const client = await signedIn(server, me);
    const before = await client.get("/backend/api/settings");
    expect(before.body.data.notifications).toEqual({
      security: true,
      records: true,
      certificates: true,
      finance: true,
      kp: true,
      appointments: true,
      system: true,
    });
    const res = await client.post("/backend/api/settings/notifications", { security: true, finance: true });
    expect(res.body.data).toEqual({
      security: true,
      records: false,
      certificates: false,
      finance: true,
      kp: false,
      appointments: false,
      system: false,
    });
    const after = await client.get("/backend/api/settings");
    expect(after.body.data.notifications.records).toBe(false);
  });

  it("lists your sessions and signs out the others", async () => {
    const me = await newStaff(admin);
    const client = await signedIn(server, me);
    const other = await signedIn(server, me);
    const third = await signedIn(server, me);
    const sessions = await client.get("/backend/api/settings/sessions");
    expect(sessions.body.data).toHaveLength(3);
    expect(sessions.body.data.filter((s: { current: boolean }) => s.current)).toHaveLength(1);
    expect(sessions.body.data[0]).toHaveProperty("device");
    const notCurrent = sessions.body.data.find((s: { current: boolean }) => !s.current);
    const one = await client.delete(`/backend/api/settings/sessions/${notCurrent.key}`);
    expect(one.status).toBe(200);
    const n = [await other.get("/backend/api/userme"), await third.get("/backend/api/userme")].filter((r) => r.status === 401).length;
    expect(n).toBe(1);
    const res = await client.post("/backend/api/settings/sessions/sign-out-others");
    expect(res.body.data).toBe(1);
    expect((await client.get("/backend/api/userme")).status).toBe(200);
    expect((await other.get("/backend/api/userme")).status).toBe(401);
    expect((await third.get("/backend/api/userme")).status).toBe(401);
  });

  it("uploads and removes your photo; a file that is not an image is refused", async () => {
    const me = await newStaff(admin);
    const client = await signedIn(server, me);
    const upload = (body: Uint8Array, type: string) =>
      fetch(`${server.url}/backend/api/settings/photo`, {
        method: "POST",
        body: new Blob([new Uint8Array(body)]),
        headers: {
          "Content-Type": type,
          Accept: "application/json",
          "X-XSRF-TOKEN": client.cookies.get("XSRF-TOKEN")!,
          Cookie: [...client.cookies].map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join("; "),
        },
      });
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: "#eab308" } }).png().toBuffer();
    const ok = await upload(new Uint8Array(png), "image/png");
    expect(ok.status).toBe(200);
    const body = await ok.json();
    expect(body.message).toBe("Successfully updated photo.");
    expect(body.data.image).toMatch(new RegExp(`^/photos/user/${me.id}\\.webp\\?v=`));
    expect((await client.get("/backend/api/userme")).body.data.user_profile.image).toBe(body.data.image);
    const bad = await upload(new TextEncoder().encode("not an image"), "image/png");
    expect(bad.status).toBe(422);
    const removed = await client.delete("/backend/api/settings/photo");
    expect(removed.body.message).toBe("Successfully removed photo.");
    expect((await client.get("/backend/api/userme")).body.data.user_profile.image).toBe("/default_avatar.png");
  });

  it("answers 401 to a signed-out client", async () => {
    const anon = server.client();
    await anon.csrf();
    for (const path of ["account", "identity", "password", "notifications"]) expect((await anon.post(`/backend/api/settings/${path}`, {})).status).toBe(401);
  });
});
