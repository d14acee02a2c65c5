import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessionIdFromToken } from "../../server/auth/sessions.ts";
import { createUser, findSetCookie, signedIn, startTestServer, type TestServer } from "../helpers/server.ts";

// Spec §7.1 and DESIGN §6: the current user, logging out, CSRF on every state-changing call,
// sessions that expire or belong to a user who was blocked.

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

/** Every key anywhere in a JSON value. */
function keysOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(keysOf);
  if (value && typeof value === "object") return Object.entries(value).flatMap(([k, v]) => [k, ...keysOf(v)]);
  return [];
}

describe("GET /backend/api/userme", () => {
  it("answers 401 {message: 'Unauthenticated.'} without a session", async () => {
    const res = await server.client().get("/backend/api/userme");
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: "Unauthenticated." });
  });

  it("answers 401 for a made-up or malformed session cookie", async () => {
    for (const token of ["abcdefghijklmnopqrstuvwxyz234567", "not a token", "x".repeat(500)]) {
      const client = server.client();
      client.cookies.set("portal_session", token);
      const res = await client.get("/backend/api/userme");
      expect(res.status, token).toBe(401);
    }
  });

  it("answers the user with user_profile, roles and permissions, and never a password", async () => {
    const user = await createUser(server.db, {
      username: "maria",
      email: "maria@barangay.example",
      firstname: "Maria",
      lastname: "Santos",
      roles: ["Viewer"],
    });
    const client = await signedIn(server, user);
    const res = await client.get("/backend/api/userme");
    expect(res.status).toBe(200);
    const me = res.body.data;
    expect(me).toMatchObject({
      id: user.id,
      username: "maria",
      email: "maria@barangay.example",
      kind: "staff",
      new_user: true,
      user_profile: { firstname: "Maria", lastname: "Santos", fullname: "Maria Santos", image: "/default_avatar.png" },
    });
    expect(me.roles).toEqual([{ id: expect.any(Number), name: "Viewer" }]);
    expect(me.permissions).toContain("manage-resident");
    expect(me.permissions).toContain("view-household");
    expect(me.permissions).not.toContain("create-resident");
    expect(me.permissions).not.toContain("manage-user");
    expect([...me.permissions].sort()).toEqual(me.permissions);

    const hash = await server.db.selectFrom("users").select("password_hash").where("id", "=", user.id).executeTakeFirstOrThrow();
    for (const body of [res.text, JSON.stringify((await server.client().login(user.username, user.password)).body)]) {
      expect(keysOf(JSON.parse(body)).filter((k) => /password/i.test(k))).toEqual([]);
      expect(body).not.toContain(hash.password_hash!);
      expect(body).not.toContain("$argon2");
      expect(body).not.toContain(user.password);
    }
  });

  it("reads permissions fresh on every request", async () => {
    const user = await createUser(server.db, { username: "promoted", roles: ["Viewer"] });
    const client = await signedIn(server, user);
    expect((await client.get("/backend/api/userme")).body.data.permissions).not.toContain("manage-collection");
    const treasurer = await server.db.selectFrom("roles").select("id").where("name", "=", "Treasurer").executeTakeFirstOrThrow();
    await server.db.insertInto("user_roles").values({ user_id: user.id, role_id: treasurer.id }).execute();
    const res = await client.get("/backend/api/userme");
    expect(res.body.data.permissions).toContain("manage-collection");
    expect(res.body.data.roles.map((r: { name: string }) => r.name)).toEqual(["Treasurer", "Viewer"]);
  });
});

describe("POST /backend/api/logout", () => {
  it("revokes the session: the next userme is 401, even with the old cookie", async () => {
    const user = await createUser(server.db, { username: "leaving" });
    const client = await signedIn(server, user);
    const token = client.cookies.get("portal_session")!;
    expect((await client.get("/backend/api/userme")).status).toBe(200);

    const res = await client.post("/backend/api/logout");
    expect(res.status).toBe(204);
    const cleared = findSetCookie(res, "portal_session");
    expect(cleared).toBeDefined();
    expect(cleared!.value).toBe("");
    expect(new Date(cleared!.attributes.expires).getTime()).toBeLessThan(Date.now());

    expect((await client.get("/backend/api/userme")).status).toBe(401);
    const replay = server.client();
    replay.cookies.set("portal_session", token);
    expect((await replay.get("/backend/api/userme")).status).toBe(401);
    const row = await server.db.selectFrom("sessions").select("id").where("id", "=", sessionIdFromToken(token)).executeTakeFirst();
    expect(row).toBeUndefined();
  });

  it("ends only this browser's session", async () => {
    const user = await createUser(server.db, { username: "two-browsers" });
    const laptop = await signedIn(server, user);
    const phone = await signedIn(server, user);
    expect((await laptop.post("/backend/api/logout")).status).toBe(204);
    expect((await laptop.get("/backend/api/userme")).status).toBe(401);
    expect((await phone.get("/backend/api/userme")).status).toBe(200);
  });

  it("writes a logout row to the audit log", async () => {
    const user = await createUser(server.db, { username: "audit-logout" });
    const client = await signedIn(server, user);
    await client.post("/backend/api/logout");
    const rows = await server.db
      .selectFrom("audit_log")
      .select(["action", "user_id", "entity"])
      .where("entity_id", "=", String(user.id))
      .orderBy("id")
      .execute();
    expect(rows).toEqual([
      { action: "login", user_id: user.id, entity: "user" },
      { action: "logout", user_id: user.id, entity: "user" },
    ]);
  });

  it("is harmless without a session", async () => {
    const client = server.client();
    await client.csrf();
    expect((await client.post("/backend/api/logout")).status).toBe(204);
  });
});

describe("CSRF (DESIGN §6)", () => {
  it("answers 419 'CSRF token mismatch.' to a state-changing call without X-XSRF-TOKEN", async () => {
    const client = server.client();
    await client.csrf();
    const res = await client.post(
      "/backend/api/login",
      { username: server.admin.username, password: server.admin.password },
      { xsrf: false },
    );
    expect(res.status).toBe(419);
    expect(res.body).toEqual({ message: "CSRF token mismatch." });
    expect(findSetCookie(res, "portal_session")).toBeUndefined();
  });

  it("answers 419 when the header does not match the cookie, or there is no cookie", async () => {
    const client = server.client();
    await client.csrf();
    const wrong = await client.post("/backend/api/login", { username: "a", password: "b" }, { headers: { "X-XSRF-TOKEN": "forged" } });
    expect(wrong.status).toBe(419);
    const fresh = server.client();
    const none = await fresh.post("/backend/api/login", { username: "a", password: "b" }, { headers: { "X-XSRF-TOKEN": "forged" } });
    expect(none.status).toBe(419);
  });

  it("guards logout too: a forged logout leaves the session alive", async () => {
    const client = await signedIn(server, server.admin);
    const res = await client.post("/backend/api/logout", undefined, { xsrf: false });
    expect(res.status).toBe(419);
    expect((await client.get("/backend/api/userme")).status).toBe(200);
  });

  it("lets safe methods through without the header", async () => {
    const client = await signedIn(server, server.admin);
    expect((await client.get("/backend/api/userme", { xsrf: false })).status).toBe(200);
  });
});

describe("session life", () => {
  it("refuses an expired session and removes its row", async () => {
    const user = await createUser(server.db, { username: "expired" });
    const client = await signedIn(server, user);
    const id = sessionIdFromToken(client.cookies.get("portal_session")!);
    await server.db
      .updateTable("sessions")
      .set({ expires_at: new Date(Date.now() - 60_000) })
      .where("id", "=", id)
      .execute();
    const res = await client.get("/backend/api/userme");
    expect(res.status).toBe(401);
    expect(await server.db.selectFrom("sessions").select("id").where("id", "=", id).executeTakeFirst()).toBeUndefined();
  });

  it("slides the expiry forward when half of it is used, and sends the cookie again", async () => {
    const user = await createUser(server.db, { username: "sliding" });
    const client = await signedIn(server, user);
    const id = sessionIdFromToken(client.cookies.get("portal_session")!);
    const tenDays = new Date(Date.now() + 10 * 24 * 3600 * 1000);
    await server.db.updateTable("sessions").set({ expires_at: tenDays }).where("id", "=", id).execute();

    const res = await client.get("/backend/api/userme");
    expect(res.status).toBe(200);
    const cookie = findSetCookie(res, "portal_session");
    expect(cookie?.value).toBe(client.cookies.get("portal_session"));
    const row = await server.db.selectFrom("sessions").select("expires_at").where("id", "=", id).executeTakeFirstOrThrow();
    expect(row.expires_at.getTime()).toBeGreaterThan(Date.now() + 29 * 24 * 3600 * 1000);
    expect(new Date(cookie!.attributes.expires).getTime()).toBeGreaterThan(Date.now() + 29 * 24 * 3600 * 1000);

    // Fresh again: the next request does not resend it.
    expect(findSetCookie(await client.get("/backend/api/userme"), "portal_session")).toBeUndefined();
  });

  it("blocking a user ends their live session at the next request", async () => {
    const user = await createUser(server.db, { username: "to-block" });
    const client = await signedIn(server, user);
    expect((await client.get("/backend/api/userme")).status).toBe(200);
    await server.db.updateTable("users").set({ blocked_at: new Date() }).where("id", "=", user.id).execute();
    const res = await client.get("/backend/api/userme");
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: "Unauthenticated." });
    expect(await server.db.selectFrom("sessions").select("id").where("user_id", "=", user.id).execute()).toEqual([]);
  });

  it("deleting a user ends their live session at the next request", async () => {
    const user = await createUser(server.db, { username: "to-delete" });
    const client = await signedIn(server, user);
    await server.db.updateTable("users").set({ deleted_at: new Date() }).where("id", "=", user.id).execute();
    expect((await client.get("/backend/api/userme")).status).toBe(401);
  });
});
