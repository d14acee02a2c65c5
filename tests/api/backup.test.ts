import { asOwner } from "../../db/tenant.ts";
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type DB } from "../../db/index.ts";
import { migrateToLatest } from "../../db/migrate.ts";
import { seed } from "../../server/seed.ts";
import { userTables } from "../../server/features/privacy/backup.ts";
import { createTestDatabase, TEST_ADMIN, usingPostgres, type TestDatabase } from "../helpers/db.ts";

// Issue 18 item 5: `npm run backup` writes one file and `npm run restore FILE` brings it back into
// an empty database, on the embedded database (this run without TEST_DATABASE_URL) and on
// PostgreSQL (the run with it). The demo data goes round trip through the real command lines and
// every table is compared row by row, with the identity counters.

const root = path.resolve(import.meta.dirname, "../..");
const tsx = path.join(root, "node_modules/.bin/tsx");
const version = (JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8")) as { version: string }).version;
const work = fs.mkdtempSync(path.join(os.tmpdir(), "portal-backup-test-"));

/** Runs an npm script's command line as `npm run backup|restore` does, with the given database. */
function cli(script: "backup" | "restore", args: string[], env: Record<string, string>) {
  const clean = { ...process.env };
  delete clean.DATABASE_URL;
  delete clean.PGLITE_DIR;
  const result = spawnSync(tsx, [path.join(root, "scripts", `${script}.ts`), ...args], {
    cwd: root,
    env: { ...clean, ...env },
    encoding: "utf8",
    timeout: 300_000,
  });
  return { code: result.status, out: `${result.stdout}${result.stderr}` };
}

/** Every row of every table, as sorted JSON texts, and every identity counter. */
/** Every row of every table, read as the database's owner (the whole database, every barangay's rows). */
function snapshot(db: DB): Promise<{ tables: Record<string, string[]>; sequences: Record<string, string | null> }> {
  return asOwner(() => snapshotAsOwner(db));
}

async function snapshotAsOwner(db: DB): Promise<{ tables: Record<string, string[]>; sequences: Record<string, string | null> }> {
  const tables: Record<string, string[]> = {};
  for (const table of await userTables(db)) {
    const rows = await sql<{ r: string }>`select row_to_json(t)::text as r from ${sql.table(table)} t`.execute(db);
    tables[table] = rows.rows.map((row) => row.r).sort();
  }
  const seqs = await sql<{ name: string; last_value: string | null }>`
    select sequencename as name, last_value::text from pg_sequences where schemaname = 'public' order by 1`.execute(db);
  return { tables, sequences: Object.fromEntries(seqs.rows.map((s) => [s.name, s.last_value])) };
}

function expectSameData(restored: Awaited<ReturnType<typeof snapshot>>, original: Awaited<ReturnType<typeof snapshot>>) {
  expect(Object.keys(restored.tables)).toEqual(Object.keys(original.tables));
  for (const [table, rows] of Object.entries(original.tables)) {
    expect(restored.tables[table]!.length, `rows of ${table}`).toBe(rows.length);
    expect(restored.tables[table], `rows of ${table}`).toEqual(rows);
  }
  expect(restored.sequences).toEqual(original.sequences);
}

afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

describe.skipIf(usingPostgres())("backup and restore on the embedded database (PGlite)", () => {
  const source = path.join(work, "source");
  let original: Awaited<ReturnType<typeof snapshot>>;

  beforeAll(async () => {
    const opened = await openDatabase({ pgliteDir: source });
    try {
      await migrateToLatest(opened.db);
      await seed(opened.db, { adminUsername: TEST_ADMIN.username, adminPassword: TEST_ADMIN.password, demo: true });
      original = await snapshot(opened.db);
    } finally {
      await opened.close();
    }
  }, 300_000);

  it("round-trips the demo data: every table row by row", async () => {
    expect(original.tables.user_profiles!.length).toBeGreaterThan(50); // the demo residents are there

    const backup = cli("backup", ["--out", work], { PGLITE_DIR: source });
    expect(backup.out).toContain(`Backup of Portal ${version} (embedded database)`);
    expect(backup.code).toBe(0);
    const file = fs.readdirSync(work).find((f) => f.endsWith(".tar.gz"))!;
    expect(file).toMatch(new RegExp(`^barangay-portal-${version.replace(/\./g, "\\.")}-pglite-\\d{8}T\\d{6}Z\\.tar\\.gz$`));

    const target = path.join(work, "restored");
    const restore = cli("restore", [path.join(work, file)], { PGLITE_DIR: target });
    expect(restore.out).toContain("Restored in");
    expect(restore.code).toBe(0);

    const restored = await openDatabase({ pgliteDir: target });
    try {
      expectSameData(await snapshot(restored.db), original);
    } finally {
      await restored.close();
    }

    // The restored folder now holds the portal: a second restore into it is refused, and it is unchanged.
    const again = cli("restore", [path.join(work, file)], { PGLITE_DIR: target });
    expect(again.code).toBe(1);
    expect(again.out).toMatch(/Refusing to restore: the embedded database in .*restored is not empty/);
  }, 300_000);

  it("refuses a PostgreSQL archive into the embedded database, and a file that is no backup", () => {
    const fake = path.join(work, "fake.dump");
    fs.writeFileSync(fake, "PGDMP and then nothing");
    const wrongKind = cli("restore", [fake], { PGLITE_DIR: path.join(work, "never") });
    expect(wrongKind.code).toBe(1);
    expect(wrongKind.out).toContain("is a PostgreSQL backup: set DATABASE_URL");
    const text = path.join(work, "notes.txt");
    fs.writeFileSync(text, "hello");
    const notBackup = cli("restore", [text], { PGLITE_DIR: path.join(work, "never") });
    expect(notBackup.code).toBe(1);
    expect(notBackup.out).toContain("is not a portal backup");
    expect(fs.existsSync(path.join(work, "never"))).toBe(false);
  });
});

describe.skipIf(!usingPostgres())("backup and restore on PostgreSQL", () => {
  let source: TestDatabase;
  let original: Awaited<ReturnType<typeof snapshot>>;
  const serverUrl = process.env.TEST_DATABASE_URL ?? "";
  const targetName = `portal_test_restore_${randomBytes(6).toString("hex")}`;
  const targetUrl = (() => {
    if (!serverUrl) return "";
    const url = new URL(serverUrl);
    url.pathname = `/${targetName}`;
    return url.toString();
  })();

  beforeAll(async () => {
    source = await createTestDatabase({ seed: { demo: true } });
    original = await snapshot(source.db);
  }, 300_000);

  afterAll(async () => {
    await source?.close();
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    await client.query(`drop database if exists ${targetName} with (force)`);
    await client.end();
  });

  it("round-trips the demo data: every table row by row", async () => {
    expect(original.tables.user_profiles!.length).toBeGreaterThan(50);
    const file = path.join(work, "portal.dump");
    const backup = cli("backup", ["--out", file], { DATABASE_URL: source.databaseUrl! });
    expect(backup.out).toContain(`Backup of Portal ${version} (PostgreSQL)`);
    expect(backup.code).toBe(0);
    expect(fs.readFileSync(file).subarray(0, 5).toString("latin1")).toBe("PGDMP"); // a pg_dump custom archive

    // The target database does not exist yet: restore creates it.
    const restore = cli("restore", [file], { DATABASE_URL: targetUrl });
    expect(restore.out).toContain("Restored in");
    expect(restore.code).toBe(0);
    const restored = await openDatabase({ databaseUrl: targetUrl, poolSize: 1 });
    try {
      expectSameData(await snapshot(restored.db), original);
    } finally {
      await restored.close();
    }

    const again = cli("restore", [file], { DATABASE_URL: targetUrl });
    expect(again.code).toBe(1);
    expect(again.out).toContain(`Refusing to restore: the PostgreSQL database at 127.0.0.1:5432/${targetName}`);
    expect(again.out).toContain("is not empty");
  }, 300_000);
});
