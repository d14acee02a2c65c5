import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser, findSetCookie, startTestServer, type TestServer } from "../helpers/server.ts";

// Spec §7.1 and DESIGN §6: the CSRF cookie, signing in by username or e-mail, Laravel's error shapes.

const MISMATCH = "These credentials do not match our records.";
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

describe("GET /backend/sanctum/csrf-cookie", () => {
  it("answers 204 and sets a script-readable XSRF-TOKEN cookie", async () => {
    const client = server.client();
    const res = await client.csrf();
    expect(res.status).toBe(204);
    const cookie = findSetCookie(res, "XSRF-TOKEN");
    expect(cookie).toBeDefined();
    expect(cookie!.value).toMatch(/^[a-z2-7]{20,}$/);
    expect(cookie!.attributes).not.toHaveProperty("httponly");
    expect(cookie!.attributes.path).toBe("/");
    expect(cookie!.attributes.samesite?.toLowerCase()).toBe("lax");
    expect(client.cookies.get("XSRF-TOKEN")).toBe(cookie!.value);
  });

  it("keeps the token a browser already holds", async () => {
    const client = server.client();
    await client.csrf();
    const first = client.cookies.get("XSRF-TOKEN");
    const again = await client.csrf();
    expect(findSetCookie(again, "XSRF-TOKEN")).toBeUndefined();
    expect(client.cookies.get("XSRF-TOKEN")).toBe(first);
  });

  it("gives different browsers different tokens", async () => {
    const a = server.client();
    const b = server.client();
    await a.csrf();
    await b.csrf();
    expect(a.cookies.get("XSRF-TOKEN")).not.toBe(b.cookies.get("XSRF-TOKEN"));
  });
});

describe("POST /backend/api/login", () => {
  it("signs in by username: {data: user} and an HttpOnly, SameSite=Lax portal_session cookie", async () => {
    const client = server.client();
    const res = await client.login(server.admin.username, server.admin.password);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ username: server.admin.username, kind: "staff" });
    expect(res.body.data.roles.map((r: { name: string }) => r.name)).toContain("Administrator");
    expect(res.body.data.permissions).toContain("manage-user");

    const cookie = findSetCookie(res, "portal_session");
    expect(cookie).toBeDefined();
    expect(cookie!.value).toMatch(/^[a-z2-7]{32}$/);
    expect(cookie!.attributes).toHaveProperty("httponly");
    expect(cookie!.attributes.samesite?.toLowerCase()).toBe("lax");
    expect(cookie!.attributes.path).toBe("/");
    expect(cookie!.attributes).not.toHaveProperty("secure"); // secureCookies is off in this server
    const expires = new Date(cookie!.attributes.expires).getTime();
    expect(expires).toBeGreaterThan(Date.now() + 29 * 24 * 3600 * 1000);

    const me = await client.get("/backend/api/userme");
    expect(me.status).toBe(200);
    expect(me.body.data.username).toBe(server.admin.username);
  });

  it("signs in by e-mail address, in any letter case", async () => {
    const user = await createUser(server.db, { username: "by-mail", email: "clerk@barangay.example", roles: ["Viewer"] });
    const client = server.client();
    const res = await client.login("Clerk@Barangay.Example", user.password);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: user.id, username: "by-mail", email: "clerk@barangay.example" });
    expect(client.cookies.has("portal_session")).toBe(true);
  });

  it("stores only the SHA-256 of the token, never the token itself", async () => {
    const user = await createUser(server.db, { username: "hashed-token" });
    const client = server.client();
    await client.login(user.username, user.password);
    const token = client.cookies.get("portal_session")!;
    const rows = await server.db.selectFrom("sessions").select(["id", "user_id"]).where("user_id", "=", user.id).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0].id).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0].id).not.toContain(token);
  });

  it("records last_sign_in_at and writes a login row to the audit log", async () => {
    const user = await createUser(server.db, { username: "audited" });
    const before = await server.db.selectFrom("users").select("last_sign_in_at").where("id", "=", user.id).executeTakeFirstOrThrow();
    expect(before.last_sign_in_at).toBeNull();

    const client = server.client();
    const res = await client.login(user.username, user.password);
    expect(res.status).toBe(200);
    expect(res.body.data.last_sign_in_at).not.toBeNull();

    const after = await server.db.selectFrom("users").select("last_sign_in_at").where("id", "=", user.id).executeTakeFirstOrThrow();
    expect(after.last_sign_in_at).toBeInstanceOf(Date);
    const rows = await server.db
      .selectFrom("audit_log")
      .selectAll()
      .where("entity", "=", "user")
      .where("entity_id", "=", String(user.id))
      .execute();
    expect(rows.map((r) => r.action)).toEqual(["login"]);
    expect(rows[0].user_id).toBe(user.id);
    expect(rows[0].ip).toBeTruthy();
  });

  it("refuses a wrong password with 422 and Laravel's error shape, and sets no session", async () => {
    const client = server.client();
    const res = await client.login(server.admin.username, "not-the-password");
    expect(res.status).toBe(422);
    expect(res.body).toEqual({ message: MISMATCH, errors: { username: [MISMATCH] } });
    expect(findSetCookie(res, "portal_session")).toBeUndefined();
    expect((await client.get("/backend/api/userme")).status).toBe(401);
  });

  it("answers an unknown user exactly like a wrong password", async () => {
    const res = await server.client().login("nobody-here", "whatever-password");
    expect(res.status).toBe(422);
    expect(res.body).toEqual({ message: MISMATCH, errors: { username: [MISMATCH] } });
  });

  it("names every missing field with 422", async () => {
    const client = server.client();
    await client.csrf();
    const res = await client.post("/backend/api/login", {});
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({
      username: ["The username field is required."],
      password: ["The password field is required."],
    });
    expect(res.body.message).toBe("The username field is required. (and 1 more error)");

    const blank = await client.post("/backend/api/login", { username: "   ", password: "x" });
    expect(blank.status).toBe(422);
    expect(blank.body.errors).toEqual({ username: ["The username field is required."] });
  });

  it("answers a body that is not JSON with 400", async () => {
    const client = server.client();
    await client.csrf();
    const res = await client.post("/backend/api/login", "{not json");
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: "The request body is not valid JSON." });
  });

  it("answers an oversized body with 413 and an unknown charset with 415, not a server error", async () => {
    const client = server.client();
    await client.csrf();
    const big = await client.post("/backend/api/login", { username: "x".repeat(1_100_000), password: "y" });
    expect(big.status).toBe(413);
    expect(big.body).toEqual({ message: "The request body is too large." });
    const charset = await client.post("/backend/api/login", "{}", { headers: { "Content-Type": "application/json; charset=klingon" } });
    expect(charset.status).toBe(415);
    expect(charset.body.message).toMatch(/charset/i);
  });

  it("throttles: the 6th failure within a minute is 429 with Retry-After and the wait in the message", async () => {
    const user = await createUser(server.db, { username: "throttled" });
    const client = server.client();
    for (let i = 1; i <= 5; i++) {
      const res = await client.login(user.username, `wrong-${i}`);
      expect(res.status, `attempt ${i}`).toBe(422);
    }
    const sixth = await client.login(user.username, "wrong-6");
    expect(sixth.status).toBe(429);
    const retryAfter = Number(sixth.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(sixth.body.message).toBe(`Too many login attempts. Please try again in ${retryAfter} seconds.`);

    // Even the right password waits, and no session is made.
    const right = await client.login(user.username, user.password);
    expect(right.status).toBe(429);
    expect(findSetCookie(right, "portal_session")).toBeUndefined();

    // The lock is per username: others still sign in from the same address.
    expect((await server.client().login(server.admin.username, server.admin.password)).status).toBe(200);
  });

  it("refuses a blocked user with its own message, after checking the password", async () => {
    const user = await createUser(server.db, { username: "blocked-one", blocked: true });
    const client = server.client();
    const wrong = await client.login(user.username, "wrong-password");
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors).toEqual({ username: [MISMATCH] });

    const res = await client.login(user.username, user.password);
    expect(res.status).toBe(403);
    expect(res.body.message).toMatch(/blocked/i);
    expect(res.body.message).not.toBe(MISMATCH);
    expect(res.body.errors.username).toEqual([res.body.message]);
    expect(findSetCookie(res, "portal_session")).toBeUndefined();
    const sessions = await server.db.selectFrom("sessions").select("id").where("user_id", "=", user.id).execute();
    expect(sessions).toHaveLength(0);
  });

  it("refuses a deleted user as unknown", async () => {
    const user = await createUser(server.db, { username: "deleted-one", deleted: true });
    const res = await server.client().login(user.username, user.password);
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ username: [MISMATCH] });
    expect(findSetCookie(res, "portal_session")).toBeUndefined();
  });

  it("refuses a user without a password (residents who never got one)", async () => {
    const user = await createUser(server.db, { username: "no-password", kind: "resident" });
    await server.db.updateTable("users").set({ password_hash: null }).where("id", "=", user.id).execute();
    const res = await server.client().login(user.username, "");
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ password: ["The password field is required."] });
    const again = await server.client().login(user.username, "anything-at-all");
    expect(again.status).toBe(422);
    expect(again.body.errors).toEqual({ username: [MISMATCH] });
  });
});
