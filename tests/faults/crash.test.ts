import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { openDatabase } from "../../db/index.ts";
import { adminClient, createFaultDatabase, ensureBuild, FAULTS_ENABLED, sleep, startPortal, type Portal } from "./portal.ts";

// Issue 14 item 9: kill -9 of the server under a stream of writes, on PostgreSQL and on the
// embedded database. After a restart every acknowledged write is there, row by row, whole (with its
// audit row), and nothing is there that was never sent.

interface Ledger {
  acknowledged: Map<string, number>; // name -> id answered
  inFlight: Set<string>; // sent, no answer before the kill
}

/** Writes religions from `writers` concurrent clients, and kills the process with SIGKILL mid-stream. */
async function writeUntilKilled(portal: Portal, writers: number, killAfterWrites: number): Promise<Ledger> {
  const client = await adminClient(portal);
  const ledger: Ledger = { acknowledged: new Map(), inFlight: new Set() };
  let dead = false;
  const writer = async (w: number) => {
    for (let i = 0; !dead && i < 2_000; i++) {
      const name = `crash-${w}-${i}`;
      ledger.inFlight.add(name);
      try {
        const res = await client.post("/backend/api/religion", { name });
        if (res.status === 200 || res.status === 201) {
          ledger.acknowledged.set(name, Number(res.body?.data?.id ?? res.body?.id));
          ledger.inFlight.delete(name);
        } else throw new Error(`${name}: ${res.status} ${res.text}`);
      } catch (error) {
        if (!dead) throw error;
        return; // the connection died with the process: this one stays "in flight"
      }
    }
  };
  const running = Array.from({ length: writers }, (_, w) => writer(w));
  // Kill in the middle of the stream: once enough writes were answered (a loaded machine is slow to
  // start them), or after a ceiling.
  const started = Date.now();
  while (ledger.acknowledged.size < killAfterWrites && Date.now() - started < 20_000) await sleep(20);
  await sleep(Math.random() * 50);
  dead = true;
  portal.child.kill("SIGKILL");
  await portal.exited;
  await Promise.allSettled(running);
  return ledger;
}

async function checkRows(databaseUrl: string | undefined, pgliteDir: string | undefined, ledger: Ledger): Promise<{ stored: number }> {
  const opened = await openDatabase({ databaseUrl, pgliteDir });
  try {
    const rows = await opened.db
      .selectFrom("religions")
      .select(["id", "name", "created_at", "updated_at"])
      .where("name", "like", "crash-%")
      .execute();
    const audits = await opened.db.selectFrom("audit_log").select(["entity_id"]).where("entity", "=", "religion").execute();
    const audited = new Set(audits.map((a) => String(a.entity_id)));
    const byName = new Map(rows.map((r) => [r.name, r]));
    expect(rows.length, "no duplicate rows").toBe(byName.size);
    for (const [name, id] of ledger.acknowledged) {
      const row = byName.get(name);
      expect(row, `${name} was acknowledged but is missing`).toBeDefined();
      if (Number.isFinite(id)) expect(row!.id).toBe(id);
      expect(row!.created_at, name).toBeTruthy();
      expect(audited.has(String(row!.id)), `${name} has no audit row`).toBe(true);
    }
    for (const row of rows) {
      expect(ledger.acknowledged.has(row.name) || ledger.inFlight.has(row.name), `${row.name} was never sent`).toBe(true);
      expect(audited.has(String(row.id)), `${row.name} is stored without its audit row`).toBe(true);
    }
    return { stored: rows.length };
  } finally {
    await opened.close();
  }
}

describe.skipIf(!FAULTS_ENABLED)("kill -9 under writes", () => {
  const dirs: string[] = [];
  beforeAll(() => ensureBuild(), 120_000);
  afterAll(() => {
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  test("on PostgreSQL: every acknowledged write survives, whole; a restart serves at once", async () => {
    const database = await createFaultDatabase();
    try {
      const portal = await startPortal({ env: { DATABASE_URL: database.url } });
      const ledger = await writeUntilKilled(portal, 4, 40);
      expect(ledger.acknowledged.size).toBeGreaterThan(5);
      const again = await startPortal({ env: { DATABASE_URL: database.url } });
      try {
        const client = await adminClient(again);
        expect((await client.post("/backend/api/religion", { name: "after-the-crash" })).status).toBe(201);
      } finally {
        await again.stop();
      }
      const { stored } = await checkRows(database.url, undefined, ledger);
      console.log(`kill -9 (PostgreSQL): ${ledger.acknowledged.size} acknowledged, ${ledger.inFlight.size} in flight, ${stored} stored`);
    } finally {
      await database.drop();
    }
  }, 120_000);

  test("on the embedded database: every acknowledged write survives, whole; the lock is taken over", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-fault-crash-"));
    dirs.push(dir);
    const portal = await startPortal({ env: { PGLITE_DIR: dir } });
    const ledger = await writeUntilKilled(portal, 2, 40);
    expect(ledger.acknowledged.size).toBeGreaterThan(5);
    expect(fs.existsSync(path.join(dir, "portal.lock"))).toBe(true); // left by the killed process
    const again = await startPortal({ env: { PGLITE_DIR: dir } });
    try {
      const client = await adminClient(again);
      expect((await client.post("/backend/api/religion", { name: "after-the-crash" })).status).toBe(201);
    } finally {
      await again.stop();
    }
    const { stored } = await checkRows(undefined, dir, ledger);
    console.log(`kill -9 (PGlite): ${ledger.acknowledged.size} acknowledged, ${ledger.inFlight.size} in flight, ${stored} stored`);
  }, 180_000);
});
