import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { openDatabase, type OpenedDatabase } from "../../db/index.ts";
import { createUser } from "../helpers/server.ts";
import { openNotificationSocket } from "../api/notifications-socket.ts";
import { adminClient, createFaultDatabase, ensureBuild, FAULTS_ENABLED, startPortal, type FaultDatabase, type Portal } from "./portal.ts";

// Issue 15 item 4: several portal processes on one PostgreSQL. Two production server processes on
// a database of their own; an event raised over HTTP on process A reaches a user whose socket is
// connected to process B (the notifications trigger's NOTIFY reaches every process's LISTEN).
// The embedded database keeps working with its one process.

describe.skipIf(!FAULTS_ENABLED)("notifications across two server processes on one PostgreSQL", () => {
  let database: FaultDatabase;
  let a: Portal;
  let b: Portal;
  let opened: OpenedDatabase;

  beforeAll(async () => {
    ensureBuild();
    database = await createFaultDatabase();
    // Ceilings for a loaded 2-core machine, not speed checks.
    a = await startPortal({ env: { DATABASE_URL: database.url }, timeoutMs: 150_000 });
    // Started after A has migrated and seeded, as a second replica would be.
    b = await startPortal({ env: { DATABASE_URL: database.url }, timeoutMs: 150_000 });
    opened = await openDatabase({ databaseUrl: database.url, poolSize: 2 });
  }, 600_000);

  afterAll(async () => {
    await opened?.close();
    await a?.stop();
    await b?.stop();
    await database?.drop();
  });

  test("a user blocked through process A is announced on a socket connected to process B, and stored once", async () => {
    const watcher = await createUser(opened.db, { username: "two-watcher", permissions: ["view-blocklist"] });
    const target = await createUser(opened.db, { username: "two-target", roles: ["Viewer"] });
    const onB = b.client();
    expect((await onB.login(watcher.username, watcher.password)).status).toBe(200);
    const socket = await openNotificationSocket(b.url, onB.cookies);
    try {
      const admin = await adminClient(a);
      const res = await admin.post("/backend/api/blocklist", { user_id: target.id, reason: "two processes" });
      expect(res.status, res.text).toBeLessThan(300);
      const pushed = await socket.next((n) => n.title === "two-target blocked");
      expect(pushed.link).toBe(`/system/blocklist/${target.id}`);
      // One row for the watcher, whichever processes listen.
      const rows = await opened.db.selectFrom("notifications").select("id").where("user_id", "=", watcher.id).execute();
      expect(rows.map((r) => Number(r.id))).toEqual([pushed.id]);
      // Exactly once on this socket although both processes heard the NOTIFY: a second event
      // arrives right after the first, with no copy between them.
      const second = await createUser(opened.db, { username: "two-target2", roles: ["Viewer"] });
      expect((await admin.post("/backend/api/blocklist", { user_id: second.id, reason: null })).status).toBeLessThan(300);
      await socket.next((n) => n.title === "two-target2 blocked");
      expect(socket.received.map((n) => n.title)).toEqual(["two-target blocked", "two-target2 blocked"]);
    } finally {
      socket.close();
    }
  }, 60_000);

  test("catch-up through B answers what was raised on A while the socket was away", async () => {
    const user = await createUser(opened.db, { username: "two-away", roles: ["Viewer"] });
    const onB = b.client();
    expect((await onB.login(user.username, user.password)).status).toBe(200);
    const admin = await adminClient(a);
    expect((await admin.post("/trpc/system.setMaintenance", { on: true })).status).toBe(200);
    expect((await admin.post("/trpc/system.setMaintenance", { on: false })).status).toBe(200);
    const res = await onB.get(`/trpc/notifications.since?input=${encodeURIComponent(JSON.stringify({ after: 0 }))}`);
    expect(res.status, res.text).toBe(200);
    expect(res.body.result.data.missed.map((n: { title: string }) => n.title)).toEqual(["Maintenance mode is on", "Maintenance mode is off"]);
  }, 60_000);
});

describe.skipIf(!FAULTS_ENABLED)("notifications on the embedded database (one process)", () => {
  test("maintenance switched by the administrator reaches another signed-in user's socket", async () => {
    ensureBuild();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-fault-notif-"));
    const portal = await startPortal({ env: { PGLITE_DIR: dir }, timeoutMs: 150_000 });
    try {
      const admin = await adminClient(portal);
      // A second staff account, made through the portal (the embedded database has one process).
      const viewerRole = await admin.get("/backend/api/admin/role?search=Viewer&per_page=100");
      const roleId = viewerRole.body.data.find((r: { name: string }) => r.name === "Viewer").id;
      const created = await admin.post("/backend/api/user", {
        username: "pglite-viewer",
        password: "Viewer-Passw0rd!",
        user_profile: { firstname: "Vera", lastname: "Viewer" },
        roles: [roleId],
      });
      expect(created.status, created.text).toBe(201);
      const viewer = portal.client();
      expect((await viewer.login("pglite-viewer", "Viewer-Passw0rd!")).status).toBe(200);
      const socket = await openNotificationSocket(portal.url, viewer.cookies);
      try {
        expect((await admin.post("/trpc/system.setMaintenance", { on: true })).status).toBe(200);
        const pushed = await socket.next((n) => n.title === "Maintenance mode is on");
        expect(pushed.topic).toBe("system");
        expect((await admin.post("/trpc/system.setMaintenance", { on: false })).status).toBe(200);
      } finally {
        socket.close();
      }
    } finally {
      await portal.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 600_000);
});
