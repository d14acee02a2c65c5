import http from "node:http";
import type { AddressInfo } from "node:net";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../tests/helpers/db.ts";
import { ApiClient, createUser } from "../../tests/helpers/server.ts";
import { createHttpApp } from "../http/app.ts";
import { hub } from "../http/realtime/hub.ts";
import { cacheMaintenanceMode, isMaintenanceMode } from "../system/settings.ts";
import { SessionCache } from "./session-cache.ts";
import { createSession, sessionIdFromToken } from "./sessions.ts";

// Decision 173: a session is answered from the process's cache only while the
// database's `portal_auth` notifications can reach the process; anything that changes what a
// session check reads — by the portal or by hand in SQL — drops it, and so does every request
// that may have changed data, before its answer. On PGlite and (TEST_DATABASE_URL) PostgreSQL.

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase({ seed: true });
});
afterAll(async () => {
  await database?.close();
});

/** Waits until `check` holds, for the notification of a commit to arrive (at most 5 s). */
async function eventually(check: () => Promise<boolean>): Promise<void> {
  const until = Date.now() + 5_000;
  while (!(await check())) {
    if (Date.now() > until) throw new Error("the change did not reach the cache within 5 s");
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe("SessionCache", () => {
  it("answers a session from memory until it is cleared", async () => {
    const cache = new SessionCache(() => true);
    const user = await createUser(database.db, { username: "sc-memory", roles: ["Viewer"] });
    const { token, session } = await createSession(database.db, user.id);
    expect((await cache.validate(database.db, token))?.user.id).toBe(user.id);
    // Deleted behind the cache's back (no listener here): still answered from memory…
    await database.db.deleteFrom("sessions").where("id", "=", session.id).execute();
    expect((await cache.validate(database.db, token))?.user.id).toBe(user.id);
    // …until something clears it, as the notification does.
    cache.clear();
    expect(await cache.validate(database.db, token)).toBeNull();
  });

  it("reads the database every time while invalidations cannot reach the process", async () => {
    let listening = true;
    const cache = new SessionCache(() => listening);
    const user = await createUser(database.db, { username: "sc-inactive", roles: ["Viewer"] });
    const { token, session } = await createSession(database.db, user.id);
    expect(await cache.validate(database.db, token)).not.toBeNull();
    listening = false;
    await database.db.deleteFrom("sessions").where("id", "=", session.id).execute();
    expect(await cache.validate(database.db, token)).toBeNull();
    expect(cache.size).toBe(0);
  });

  it("does not keep a read that a clear overtook (a revocation committed during the read)", async () => {
    const cache = new SessionCache(() => true);
    const user = await createUser(database.db, { username: "sc-race", roles: ["Viewer"] });
    const { token } = await createSession(database.db, user.id);
    const reading = cache.validate(database.db, token);
    cache.clear();
    expect((await reading)?.user.id).toBe(user.id);
    expect(cache.size).toBe(0);
  });

  it("shares a frozen user: no request can change another's copy", async () => {
    const cache = new SessionCache(() => true);
    const user = await createUser(database.db, { username: "sc-frozen", roles: ["Viewer"] });
    const { token } = await createSession(database.db, user.id);
    await cache.validate(database.db, token);
    const cached = (await cache.validate(database.db, token))!.user;
    expect(() => (cached.permissions as string[]).push("manage-everything")).toThrow(TypeError);
    expect(Object.isFrozen(cached.user_profile)).toBe(true);
  });
});

/** The maintenance switch as SQL typed by hand would set it, behind the portal's back. */
async function switchMaintenanceBySql(on: boolean): Promise<void> {
  await database.db
    .insertInto("settings")
    .values({ key: "maintenance_mode", value: JSON.stringify(on) })
    .onConflict((oc) => oc.columns(["barangay_id", "key"]).doUpdateSet({ value: JSON.stringify(on) }))
    .execute();
}

describe("the maintenance switch kept per process", () => {
  it("is read once and answered from memory until it is cleared; not kept while inactive", async () => {
    let listening = true;
    const kept = cacheMaintenanceMode(database.db, () => listening);
    await switchMaintenanceBySql(false);
    expect(await isMaintenanceMode({ db: database.db })).toBe(false);
    await switchMaintenanceBySql(true); // no listener in this test: nothing clears it…
    expect(await isMaintenanceMode({ db: database.db })).toBe(false);
    kept.clear(); // …until the notification's listener (or a write of this process) does
    expect(await isMaintenanceMode({ db: database.db })).toBe(true);
    listening = false;
    await switchMaintenanceBySql(false);
    expect(await isMaintenanceMode({ db: database.db })).toBe(false);
    // A transaction's own handle is never answered from the cache of the database's.
    await database.db.transaction().execute(async (trx) => {
      await trx
        .updateTable("settings")
        .set({ value: JSON.stringify(true) })
        .where("key", "=", "maintenance_mode")
        .execute();
      expect(await isMaintenanceMode({ db: trx })).toBe(true);
    });
    await switchMaintenanceBySql(false);
  });
});

describe("over HTTP, with the hub listening", () => {
  let server: http.Server;
  let url: string;
  let cache: SessionCache;

  beforeAll(async () => {
    await hub.start(database.db, database.databaseUrl, database.pglite);
    cache = new SessionCache(() => hub.listening());
    const maintenance = cacheMaintenanceMode(database.db, () => hub.listening());
    hub.onAuthChanged(() => {
      cache.clear();
      maintenance.clear();
    });
    server = http.createServer(
      createHttpApp({
        db: database.db,
        logger: pino({ level: "silent" }),
        secureCookies: false,
        sessionCache: cache,
        caches: [cache, maintenance],
      }),
    );
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }, 60_000);

  afterAll(async () => {
    await hub.stop();
    await new Promise<void>((resolve) => {
      server?.close(() => resolve());
      server?.closeAllConnections();
    });
  });

  async function signIn(username: string, roles: string[]): Promise<ApiClient> {
    const user = await createUser(database.db, { username, roles });
    const client = new ApiClient(url);
    const res = await client.login(user.username, user.password);
    expect(res.status, res.text).toBe(200);
    return client;
  }

  it("a role taken away in SQL by hand shows at the requests after its commit", async () => {
    const client = await signIn("sc-role", ["Secretary"]);
    expect((await client.get("/backend/api/resident")).status).toBe(200);
    expect((await client.get("/backend/api/resident")).status).toBe(200);
    expect(cache.size).toBeGreaterThan(0);
    const me = await database.db.selectFrom("users").select("id").where("username", "=", "sc-role").executeTakeFirstOrThrow();
    await database.db.deleteFrom("user_roles").where("user_id", "=", me.id).execute();
    await eventually(async () => (await client.get("/backend/api/resident")).status === 403);
  });

  it("a session deleted in SQL by hand is refused after its commit", async () => {
    const client = await signIn("sc-revoked", ["Secretary"]);
    expect((await client.get("/backend/api/userme")).status).toBe(200);
    const token = client.cookies.get("portal_session")!;
    await database.db.deleteFrom("sessions").where("id", "=", sessionIdFromToken(token)).execute();
    await eventually(async () => (await client.get("/backend/api/userme")).status === 401);
  });

  it("signing out refuses the same cookie on the very next request, notification or not", async () => {
    const client = await signIn("sc-logout", ["Secretary"]);
    expect((await client.get("/backend/api/userme")).status).toBe(200);
    const token = client.cookies.get("portal_session")!;
    expect((await client.post("/backend/api/logout")).status).toBeLessThan(300);
    const replay = new ApiClient(url);
    replay.cookies.set("portal_session", token);
    expect((await replay.get("/backend/api/userme")).status).toBe(401);
  });

  it("maintenance switched on and off in SQL by hand reaches a secretary's requests after each commit", async () => {
    const client = await signIn("sc-maintenance", ["Secretary"]);
    expect((await client.get("/backend/api/resident")).status).toBe(200);
    expect((await client.get("/backend/api/resident")).status).toBe(200);
    await switchMaintenanceBySql(true);
    await eventually(async () => (await client.get("/backend/api/resident")).status === 503);
    await switchMaintenanceBySql(false);
    await eventually(async () => (await client.get("/backend/api/resident")).status === 200);
  });

  it("a user blocked in SQL by hand is refused after its commit", async () => {
    const target = await signIn("sc-blocked", ["Secretary"]);
    expect((await target.get("/backend/api/userme")).status).toBe(200);
    expect((await target.get("/backend/api/userme")).status).toBe(200);
    const row = await database.db.selectFrom("users").select("id").where("username", "=", "sc-blocked").executeTakeFirstOrThrow();
    await database.db.updateTable("users").set({ blocked_at: new Date() }).where("id", "=", row.id).execute();
    await eventually(async () => (await target.get("/backend/api/userme")).status === 401);
  });
});
