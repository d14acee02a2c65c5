import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { sql } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { openDatabase, type OpenedDatabase } from "../../db/index.ts";
import { inBarangay } from "../../db/tenant.ts";
import { openNotificationSocket } from "../api/notifications-socket.ts";
import {
  adminClient,
  adminQuery,
  createFaultDatabase,
  ensureBuild,
  FAULTS_ENABLED,
  ROOT,
  sleep,
  startPortal,
  type FaultDatabase,
  type Portal,
} from "../faults/portal.ts";
import { freeOpsPort, postgresFolder, runAsPostgres } from "./pg-cluster.ts";

// Issue 30 item 6 (docs/decisions/216-pgbouncer.md): the portal through PgBouncer in transaction
// mode, on a port in 55500–55599, in front of the CI PostgreSQL with 3 server connections. What needs
// a session either works there or has its own connection:
// - the portal migrates, seeds and serves through it (DATABASE_URL with pgbouncer=true): its
//   transactions' SET LOCAL scope and transaction-level advisory locks need nothing more;
// - named prepared statements would break (another client's statement on the same server
//   connection), so pgbouncer=true names none;
// - LISTEN hears nothing through it: the realtime hub listens on DATABASE_DIRECT_URL, and the bell
//   works;
// - no session-level advisory lock is used anywhere in the server.

const PGBOUNCER = ["/usr/sbin/pgbouncer", "/usr/bin/pgbouncer"].find((f) => fs.existsSync(f));
if (FAULTS_ENABLED && !PGBOUNCER && !process.env.CI)
  console.log("tests/ops/pgbouncer.test.ts skipped: PgBouncer is not installed (apt-get install -y pgbouncer)");

const SERVER_CONNECTIONS = 3;

describe.skipIf(!FAULTS_ENABLED || (!PGBOUNCER && !process.env.CI))("PgBouncer in transaction mode", () => {
  let database: FaultDatabase;
  let dir = "";
  let port = 0;
  let portal: Portal | undefined;
  const bouncerUrl = (flag: boolean) => `postgres://postgres@127.0.0.1:${port}/${database.name}${flag ? "?pgbouncer=true" : ""}`;
  const opened: OpenedDatabase[] = [];

  beforeAll(async () => {
    ensureBuild();
    database = await createFaultDatabase();
    const server = new URL(database.url);
    dir = postgresFolder("portal-pgbouncer-");
    port = await freeOpsPort();
    fs.writeFileSync(path.join(dir, "users.txt"), '"postgres" ""\n');
    fs.writeFileSync(
      path.join(dir, "pgbouncer.ini"),
      [
        "[databases]",
        `${database.name} = host=${server.hostname} port=${server.port || 5432} dbname=${database.name}`,
        "[pgbouncer]",
        "listen_addr = 127.0.0.1",
        `listen_port = ${port}`,
        `unix_socket_dir = ${dir}`,
        "auth_type = trust",
        `auth_file = ${dir}/users.txt`,
        "pool_mode = transaction",
        `default_pool_size = ${SERVER_CONNECTIONS}`,
        "max_client_conn = 200",
        "admin_users = postgres",
        `pidfile = ${dir}/pgbouncer.pid`,
        `logfile = ${dir}/pgbouncer.log`,
        "ignore_startup_parameters = extra_float_digits",
        "",
      ].join("\n"),
    );
    if (process.getuid?.() === 0) spawnSync("chown", ["-R", "postgres:postgres", dir]);
    runAsPostgres(PGBOUNCER!, ["-d", path.join(dir, "pgbouncer.ini")]);
  }, 120_000);

  afterAll(async () => {
    for (const o of opened) await o.close().catch(() => {});
    await portal?.stop();
    const pidFile = path.join(dir, "pgbouncer.pid");
    if (fs.existsSync(pidFile)) process.kill(Number(fs.readFileSync(pidFile, "utf8")), "SIGTERM");
    await sleep(200);
    await database?.drop();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  test("pgbouncer=true without DATABASE_DIRECT_URL is refused before anything opens", async () => {
    const refused = await startPortal({ env: { DATABASE_URL: bouncerUrl(true) }, waitReady: false });
    const { code } = await refused.exited;
    expect(code).toBe(1);
    expect(refused.output()).toMatch(/set DATABASE_DIRECT_URL to the PostgreSQL server itself/);
    const [{ migrated }] = await adminQuery<{ migrated: string | null }>(
      "select to_regclass('kysely_migration')::text as migrated",
      [],
      database.url,
    );
    expect(migrated).toBeNull();
  });

  test("the portal migrates, seeds and serves through it; its pool of 10 uses at most 3 server connections", async () => {
    portal = await startPortal({
      env: { DATABASE_URL: bouncerUrl(true), DATABASE_DIRECT_URL: database.url },
      timeoutMs: 120_000,
    });
    const admin = await adminClient(portal);
    // Writes in parallel: each a transaction with its scope SET LOCAL, audited.
    const created = await Promise.all(
      Array.from({ length: 12 }, (_, i) => admin.post("/backend/api/purok", { name: `Purok Bouncer ${i + 1}` })),
    );
    expect(created.map((r) => r.status)).toEqual(created.map(() => 201));
    const list = await admin.get("/backend/api/purok?per_page=50");
    expect(list.status, list.text).toBe(200);
    expect(list.body.data.filter((p: { name: string }) => p.name.startsWith("Purok Bouncer"))).toHaveLength(12);
    const [{ n }] = await adminQuery<{ n: number }>(
      "select count(*)::int as n from pg_stat_activity where datname = $1 and pid <> pg_backend_pid() and query not ilike 'listen%'",
      [database.name],
      database.url,
    );
    expect(n).toBeLessThanOrEqual(SERVER_CONNECTIONS);
    console.log(`the portal's pool held ${n} server connections through PgBouncer (pool size ${SERVER_CONNECTIONS})`);
  }, 150_000);

  test("LISTEN hears nothing through PgBouncer; the realtime hub listens on DATABASE_DIRECT_URL and the bell works", async () => {
    // Through PgBouncer: the LISTEN's server connection goes back to the pool after it.
    const through = new pg.Client({ connectionString: bouncerUrl(false) });
    const heard: string[] = [];
    through.on("notification", (m) => heard.push(m.payload ?? ""));
    through.on("error", () => {});
    await through.connect();
    await through.query("listen ops_bouncer_probe");
    await adminQuery("select pg_notify('ops_bouncer_probe', 'hello')", [], database.url);
    await sleep(1_000);
    expect(heard).toEqual([]);
    await through.end().catch(() => {});

    // The portal's hub: a LISTEN backend of its own, directly on the server.
    const listeners = await adminQuery<{ n: number }>(
      "select count(*)::int as n from pg_stat_activity where datname = $1 and query ilike 'listen%'",
      [database.name],
    );
    expect(listeners[0].n).toBeGreaterThanOrEqual(1);
    const admin = await adminClient(portal!);
    const socket = await openNotificationSocket(portal!.url, admin.cookies);
    try {
      // The /test page's notification to oneself: written through PgBouncer, heard on the direct LISTEN.
      const sent = await admin.post("/trpc/system.sendTestNotification", {});
      expect(sent.status, sent.text).toBe(200);
      const pushed = await Promise.race([socket.next((n) => n.title === "Test notification"), sleep(5_000).then(() => null)]);
      expect(pushed?.message).toBe("Notifications reach this browser.");
    } finally {
      socket.close();
    }
  });

  test("transaction-level advisory locks hold through it; the server takes no session-level lock", async () => {
    const a = new pg.Client({ connectionString: bouncerUrl(false) });
    const b = new pg.Client({ connectionString: bouncerUrl(false) });
    await Promise.all([a.connect(), b.connect()]);
    try {
      await a.query("begin");
      expect((await a.query("select pg_try_advisory_xact_lock(30, 6) as got")).rows[0].got).toBe(true);
      await b.query("begin");
      expect((await b.query("select pg_try_advisory_xact_lock(30, 6) as got")).rows[0].got).toBe(false);
      await b.query("rollback");
      await a.query("commit");
      await b.query("begin");
      expect((await b.query("select pg_try_advisory_xact_lock(30, 6) as got")).rows[0].got).toBe(true);
      await b.query("commit");
    } finally {
      await Promise.all([a.end(), b.end()]);
    }
    // A session-level lock (pg_advisory_lock) would stay on a server connection another client gets next.
    const sessionLocks: string[] = [];
    const walk = (folder: string) => {
      for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
        const file = path.join(folder, entry.name);
        if (entry.isDirectory()) walk(file);
        else if (/\.(ts|mjs)$/.test(entry.name) && !/\.test\.ts$/.test(entry.name))
          for (const line of fs.readFileSync(file, "utf8").split("\n"))
            if (/pg_(try_)?advisory_(un)?lock(_shared)?\s*\(/.test(line)) sessionLocks.push(`${path.relative(ROOT, file)}: ${line.trim()}`);
      }
    };
    for (const folder of ["server", "db", "scripts", "migrations"]) walk(path.join(ROOT, folder));
    expect(sessionLocks).toEqual([]);
  });

  test("named prepared statements break across pooled server connections; pgbouncer=true names none", async () => {
    // Six client connections, three server connections: the same statement named on each client
    // connection meets its own name again on a server connection another client prepared it on.
    const run = async (flag: boolean) => {
      const o = await openDatabase({ databaseUrl: bouncerUrl(flag), poolSize: 6 });
      opened.push(o);
      const results = await Promise.allSettled(
        Array.from({ length: 24 }, (_, i) =>
          inBarangay(1, () =>
            o.db
              .selectFrom("puroks")
              .select(sql<number>`count(*)::int`.as("n"))
              .where("id", ">", i % 2)
              .execute(),
          ),
        ),
      );
      return results.filter((r) => r.status === "rejected").map((r) => String((r as PromiseRejectedResult).reason));
    };
    const named = await run(false);
    expect(named.length).toBeGreaterThan(0);
    expect(named[0]).toMatch(/prepared statement "k[^"]+" (already exists|does not exist)/);
    expect(await run(true)).toEqual([]);
  });
});
