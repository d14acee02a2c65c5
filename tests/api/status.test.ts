import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { SYSTEM_ADMIN_PERMISSION } from "../../domain/permissions.ts";
import { createUser, setMaintenance, signedIn, startTestServer, type TestServer, type TestUser } from "../helpers/server.ts";

// Spec §7.1 status, §8 (503 sets maintenance mode, unknown paths), and the health check.

let server: TestServer;
let viewer: TestUser;

beforeAll(async () => {
  server = await startTestServer();
  viewer = await createUser(server.db, { username: "viewer", roles: ["Viewer"] });
});
afterAll(async () => {
  await server?.close();
});
afterEach(async () => {
  await setMaintenance(server.db, false);
});

describe("GET /healthz", () => {
  it("answers 200 while the database answers", async () => {
    const res = await server.client().get("/healthz");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: "ok" });
  });
});

describe("GET /backend/api/status", () => {
  it("answers 200 when the portal is open", async () => {
    const res = await server.client().get("/backend/api/status");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: "ok" });
  });

  it("answers 503 when the maintenance_mode setting is true, and 200 again when it is false", async () => {
    await setMaintenance(server.db, true);
    const res = await server.client().get("/backend/api/status");
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ message: "Service Unavailable" });
    await setMaintenance(server.db, false);
    expect((await server.client().get("/backend/api/status")).status).toBe(200);
  });
});

describe("maintenance mode", () => {
  it("answers 503 to other API calls of signed-in non-administrators and of guests", async () => {
    const client = await signedIn(server, viewer);
    await setMaintenance(server.db, true);
    const res = await client.get("/backend/api/resident?search=juan");
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ message: "Service Unavailable" });
    expect((await server.client().get("/backend/api/resident")).status).toBe(503);
  });

  it("still lets people sign in, see who they are and sign out", async () => {
    await setMaintenance(server.db, true);
    const client = await signedIn(server, viewer);
    expect((await client.get("/backend/api/userme")).status).toBe(200);
    expect((await client.post("/backend/api/logout")).status).toBe(204);
    expect((await client.csrf()).status).toBe(204);
  });

  it("lets administrators, and only holders of the system-administrator permission, work through it", async () => {
    const admin = await signedIn(server, server.admin);
    const sysadmin = await signedIn(server, await createUser(server.db, { username: "sysadmin", permissions: [SYSTEM_ADMIN_PERMISSION] }));
    const secretary = await signedIn(server, await createUser(server.db, { username: "secretary", roles: ["Secretary"] }));
    await setMaintenance(server.db, true);
    expect((await admin.get("/backend/api/resident")).status).not.toBe(503);
    expect((await sysadmin.get("/backend/api/resident")).status).not.toBe(503);
    expect((await secretary.get("/backend/api/resident")).status).toBe(503);
  });
});

describe("unknown /backend paths", () => {
  it("answer 404 as JSON (signed out: 401, before any lookup, issue 14 item 6)", async () => {
    const client = await signedIn(server, server.admin);
    for (const path of ["/backend/api/no-such-thing", "/backend/nope", "/backend/api/admin/whatever/1"]) {
      expect((await server.client().get(path)).status, path).toBe(401);
      const res = await client.get(path);
      expect(res.status, path).toBe(404);
      expect(res.headers.get("content-type"), path).toMatch(/application\/json/);
      expect(res.body, path).toEqual({ message: "Not Found" });
    }
  });

  it("answer 404 to signed-in users too, for every method", async () => {
    const client = await signedIn(server, server.admin);
    expect((await client.post("/backend/api/no-such-thing", {})).status).toBe(404);
    expect((await client.delete("/backend/api/no-such-thing/1")).status).toBe(404);
  });
});

describe("security headers", () => {
  it("are on every answer, with a request id", async () => {
    const res = await server.client().get("/backend/api/status");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("x-frame-options")).toBe("DENY");
    expect(res.headers.get("content-security-policy")).toContain("default-src 'self'");
    expect(res.headers.get("x-request-id")).toMatch(/^[\w-]+$/);
    expect(res.headers.get("x-powered-by")).toBeNull();
  });

  it("echo a well-formed incoming request id and replace a malformed one", async () => {
    const kept = await server.client().get("/healthz", { headers: { "X-Request-Id": "abc-123" } });
    expect(kept.headers.get("x-request-id")).toBe("abc-123");
    const replaced = await server.client().get("/healthz", { headers: { "X-Request-Id": "bad id<script>" } });
    expect(replaced.headers.get("x-request-id")).not.toBe("bad id<script>");
  });
});
