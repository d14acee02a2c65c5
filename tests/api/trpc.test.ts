import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser, signedIn, startTestServer, type ApiClient, type TestServer, type TestUser } from "../helpers/server.ts";

// tRPC at /trpc (DESIGN §1, §6): queries read the session, mutations need the XSRF header, errors
// carry the same statuses and field maps as REST.

let server: TestServer;
let viewer: TestUser;

beforeAll(async () => {
  server = await startTestServer();
  viewer = await createUser(server.db, { username: "trpc-viewer", roles: ["Viewer"] });
});
afterAll(async () => {
  await server?.close();
});

const query = (client: ApiClient, path: string, input?: unknown) =>
  client.get(`/trpc/${path}${input === undefined ? "" : `?input=${encodeURIComponent(JSON.stringify(input))}`}`);

describe("auth.me", () => {
  it("is null for a guest", async () => {
    const res = await query(server.client(), "auth.me");
    expect(res.status).toBe(200);
    expect(res.body.result.data).toBeNull();
  });

  it("is the signed-in user, without a password hash", async () => {
    const client = await signedIn(server, viewer);
    const res = await query(client, "auth.me");
    expect(res.status).toBe(200);
    expect(res.body.result.data).toMatchObject({ id: viewer.id, username: "trpc-viewer", roles: [{ name: "Viewer" }] });
    expect(res.text).not.toMatch(/password/i);
  });
});

describe("mutations", () => {
  it("are refused without the X-XSRF-TOKEN header, and change nothing", async () => {
    const admin = await signedIn(server, server.admin);
    const res = await admin.post("/trpc/system.setMaintenance", { on: true }, { xsrf: false });
    expect(res.status).toBe(419);
    expect(res.body.error.message).toBe("CSRF token mismatch.");
    expect(res.body.error.data.httpStatus).toBe(419);
    const setting = await server.db.selectFrom("settings").select("value").where("key", "=", "maintenance_mode").executeTakeFirst();
    expect(setting).toBeUndefined();
  });

  it("run with the header, and write an audit_log row", async () => {
    const admin = await signedIn(server, server.admin);
    const on = await admin.post("/trpc/system.setMaintenance", { on: true });
    expect(on.status).toBe(200);
    expect((await query(admin, "system.status")).body.result.data).toEqual({ maintenance: true });
    const off = await admin.post("/trpc/system.setMaintenance", { on: false });
    expect(off.status).toBe(200);
    expect((await query(server.client(), "system.status")).body.result.data).toEqual({ maintenance: false });

    const rows = await server.db
      .selectFrom("audit_log")
      .select(["entity", "entity_id", "action", "before", "after", "user_id"])
      .where("entity", "=", "setting")
      .orderBy("id")
      .execute();
    const adminId = (await admin.get("/backend/api/userme")).body.data.id;
    expect(rows).toEqual([
      {
        entity: "setting",
        entity_id: "maintenance_mode",
        action: "update",
        before: { value: null },
        after: { value: true },
        user_id: adminId,
      },
      {
        entity: "setting",
        entity_id: "maintenance_mode",
        action: "update",
        before: { value: true },
        after: { value: false },
        user_id: adminId,
      },
    ]);
  });

  it("answer 401 to a guest and 403 to a user without the permission", async () => {
    const guest = server.client();
    await guest.csrf();
    const anonymous = await guest.post("/trpc/system.setMaintenance", { on: true });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.error.message).toBe("Unauthenticated.");

    const client = await signedIn(server, viewer);
    const res = await client.post("/trpc/system.setMaintenance", { on: true });
    expect(res.status).toBe(403);
    expect(res.body.error.message).toBe("This action is unauthorized.");
    expect((await query(client, "system.status")).body.result.data).toEqual({ maintenance: false });
  });

  it("answer bad input with 422-style field errors", async () => {
    const admin = await signedIn(server, server.admin);
    const res = await admin.post("/trpc/system.setMaintenance", { on: "yes" });
    expect(res.status).toBe(422);
    expect(res.body.error.data.httpStatus).toBe(422);
    expect(Object.keys(res.body.error.data.errors)).toEqual(["on"]);
  });
});

describe("system.diagnostics", () => {
  it("is for administrators only", async () => {
    const admin = await signedIn(server, server.admin);
    const res = await query(admin, "system.diagnostics");
    expect(res.status).toBe(200);
    expect(res.body.result.data).toMatchObject({ node: process.version, maintenance: false });
    expect(res.body.result.data.database.version).toMatch(/PostgreSQL/);

    const client = await signedIn(server, viewer);
    expect((await query(client, "system.diagnostics")).status).toBe(403);
  });
});

describe("unknown procedures", () => {
  it("answer 404", async () => {
    const res = await query(server.client(), "no.such.procedure");
    expect(res.status).toBe(404);
    expect(res.body.error.data.code).toBe("NOT_FOUND");
  });
});
