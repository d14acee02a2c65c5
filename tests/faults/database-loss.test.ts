import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  adminClient,
  adminQuery,
  createFaultDatabase,
  ensureBuild,
  FAULTS_ENABLED,
  killConnections,
  sleep,
  startPortal,
  tryFetch,
  type FaultDatabase,
  type Portal,
} from "./portal.ts";

// Issue 14 item 1: terminating the server's connections used to crash the process (an unhandled
// "error" event on the LISTEN client and the notify pool); while the database was away REST
// answered 500 and pages a 500 error page.

describe.skipIf(!FAULTS_ENABLED)("database loss", () => {
  let database: FaultDatabase;
  let portal: Portal;

  beforeAll(async () => {
    ensureBuild();
    database = await createFaultDatabase();
    portal = await startPortal({ env: { DATABASE_URL: database.url } });
  }, 120_000);

  afterAll(async () => {
    await portal?.stop();
    await database?.drop();
  });

  test("repeated connection kills under a stream of writes: the process lives, nothing is lost, no 500", async () => {
    const client = await adminClient(portal);
    const statuses: Record<number, number> = {};
    const acknowledged = new Set<string>();
    const uncertain = new Set<string>(); // a 503 may come after the commit reached the server
    let stop = false;
    const okTimes: number[] = [];
    const killTimes: number[] = [];

    const writer = async (w: number) => {
      for (let i = 0; !stop && i < 400; i++) {
        const name = `fault-${w}-${i}`;
        for (let attempt = 0; attempt < 50; attempt++) {
          const res = await client.post("/backend/api/religion", { name });
          statuses[res.status] = (statuses[res.status] ?? 0) + 1;
          if (res.status === 200 || res.status === 201) {
            acknowledged.add(name);
            okTimes.push(Date.now());
            break;
          }
          if (res.status === 422 && uncertain.has(name)) {
            acknowledged.add(name); // the earlier attempt did commit
            break;
          }
          expect(res.status, `${name}: ${res.text}`).toBe(503);
          uncertain.add(name);
          await sleep(100);
        }
      }
    };

    const writers = [0, 1, 2].map(writer);
    let killed = 0;
    for (let k = 0; k < 6; k++) {
      await sleep(400);
      killTimes.push(Date.now());
      killed += await killConnections(database.name);
    }
    await sleep(800);
    stop = true;
    await Promise.all(writers);

    expect(killed).toBeGreaterThan(0);
    expect(portal.child.exitCode).toBeNull();
    expect(
      Object.keys(statuses)
        .map(Number)
        .filter((s) => s >= 500 && s !== 503),
    ).toEqual([]);
    const rows = await adminQuery<{ name: string }>("select name from religions where name like 'fault-%'", [], database.url);
    const stored = new Set(rows.map((r) => r.name));
    expect(rows.length).toBe(stored.size); // no duplicates
    for (const name of acknowledged) expect(stored.has(name), `${name} was acknowledged but is missing`).toBe(true);
    for (const name of stored) expect(acknowledged.has(name) || uncertain.has(name), `${name} was never acknowledged`).toBe(true);
    // Each stored record was written with its audit row, in one transaction.
    const audited = await adminQuery<{ n: string }>(
      "select count(*)::text as n from religions r where r.name like 'fault-%' and not exists (select 1 from audit_log a where a.entity = 'religion' and a.entity_id = r.id::text)",
      [],
      database.url,
    );
    expect(audited[0].n).toBe("0");
    expect(acknowledged.size).toBeGreaterThan(10);
    // How long after each kill the next write was acknowledged (reported, not asserted: DESIGN §9).
    const recovery = killTimes.map((k) => (okTimes.find((t) => t > k) ?? Number.NaN) - k);
    console.log(
      `database loss: ${killed} connections killed, ${acknowledged.size} writes acknowledged, statuses ${JSON.stringify(statuses)}, ` +
        `next acknowledged write after each kill: ${recovery.join(", ")} ms`,
    );
  }, 90_000);

  test("while the database is away: REST 503, pages the maintenance screen; the first request after it returns succeeds", async () => {
    const client = await adminClient(portal);
    await adminQuery(`alter database ${database.name} allow_connections false`);
    await killConnections(database.name);
    try {
      const status = await client.get("/backend/api/status");
      expect(status.status).toBe(503);
      expect(status.body).toEqual({ message: "Service Unavailable" });
      const write = await client.post("/backend/api/religion", { name: "while away" });
      expect(write.status).toBe(503);
      const cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
      const page = await tryFetch(`${portal.url}/dashboard`, { headers: { Cookie: cookie } });
      expect(page.status).toBe(503);
      expect(page.text).toContain("under maintenance");
      const anonymous = await tryFetch(`${portal.url}/login`);
      expect(anonymous.status).toBe(503);
      expect(anonymous.text).toContain("under maintenance");
      expect(anonymous.text).not.toMatch(/at .+\.(js|ts):\d+/);
    } finally {
      await adminQuery(`alter database ${database.name} allow_connections true`);
    }
    const started = Date.now();
    const back = await client.get("/backend/api/status");
    expect(back.status).toBe(200);
    const cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
    const page = await tryFetch(`${portal.url}/dashboard`, { headers: { Cookie: cookie } });
    expect(page.status).toBe(200);
    console.log(`database loss: first request after the database returned answered in ${Date.now() - started} ms`);
    expect(portal.child.exitCode).toBeNull();
  }, 60_000);
});

describe.skipIf(!FAULTS_ENABLED)("the database dropped under the server", () => {
  test("DROP DATABASE … WITH (FORCE): the process lives and answers 503, never 500", async () => {
    ensureBuild();
    const database = await createFaultDatabase();
    const portal = await startPortal({ env: { DATABASE_URL: database.url } });
    try {
      const client = await adminClient(portal);
      await database.drop();
      for (const path of ["/backend/api/status", "/backend/api/userme", "/backend/api/religion"])
        expect((await client.get(path)).status, path).toBe(503);
      expect((await client.post("/backend/api/religion", { name: "gone" })).status).toBe(503);
      expect((await tryFetch(`${portal.url}/login`)).status).toBe(503);
      expect((await tryFetch(`${portal.url}/healthz`)).status).toBe(503);
      await sleep(500); // the LISTEN connection's reconnect attempts fail quietly
      expect(portal.child.exitCode).toBeNull();
    } finally {
      await portal.stop();
    }
  }, 60_000);
});

describe.skipIf(!FAULTS_ENABLED)("start-up without the database", () => {
  beforeAll(() => ensureBuild(), 120_000);

  test("an unreachable DATABASE_URL is retried, then the message names DATABASE_URL and the host", async () => {
    const started = Date.now();
    const portal = await startPortal({
      env: { DATABASE_URL: "postgres://postgres@127.0.0.1:9/portal", DATABASE_WAIT_SECONDS: "2" },
      waitReady: false,
    });
    const { code } = await portal.exited;
    expect(code).toBe(1);
    expect(portal.output()).toContain("DATABASE_URL");
    expect(portal.output()).toContain("127.0.0.1:9");
    expect(portal.output()).not.toMatch(/^\s+at /m); // a message, not a stack trace
    expect(Date.now() - started).toBeGreaterThan(1_500);
  }, 30_000);

  test("a database that comes up during the wait is used", async () => {
    const database = await createFaultDatabase();
    await adminQuery(`alter database ${database.name} allow_connections false`);
    const portal = await startPortal({ env: { DATABASE_URL: database.url, DATABASE_WAIT_SECONDS: "30" }, waitReady: false });
    /** Waits until the portal's output matches (a slow start-up on a loaded machine takes seconds). */
    const outputMatching = async (pattern: RegExp): Promise<RegExpExecArray> => {
      const until = Date.now() + 40_000;
      for (;;) {
        const match = pattern.exec(portal.output());
        if (match) return match;
        if (Date.now() > until) throw new Error(`no ${pattern} in the portal's output:\n${portal.output()}`);
        await new Promise((r) => setTimeout(r, 50));
      }
    };
    try {
      // The database comes up only once the portal has found it unreachable and is waiting.
      await outputMatching(/not reachable yet/);
      await adminQuery(`alter database ${database.name} allow_connections true`);
      const url = (await outputMatching(/Ready in \d+ ms: (http:\/\/\S+)/))[1];
      expect((await tryFetch(`${url}/backend/api/status`)).status).toBe(200);
    } finally {
      await portal.stop();
      await database.drop();
    }
  }, 60_000);
});
