import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { openDatabase, type DB } from "../../db/index.ts";
import { migrateTo, migrateToLatest } from "../../db/migrate.ts";
import "../../server/features/index.ts"; // the areas, composed before the seed uses their services
import { seed, type SeedOptions } from "../../server/seed.ts";
import type { PGlite } from "@electric-sql/pglite";

// One database per test file (DESIGN §9): a fresh database on the PostgreSQL server named by
// TEST_DATABASE_URL, or an in-memory PGlite when it is not set.
//
// A fresh PGlite runs initdb and every migration: seconds per test file. Under Vitest the first
// test file to need one dumps its freshly migrated data folder into the run's template folder
// (made by tests/helpers/global-setup.ts); later files start from that dump instead.

/** The run's template folder, set by global-setup.ts for the test workers. */
export const PGLITE_TEMPLATE_ENV = "PORTAL_TEST_PGLITE_TEMPLATE";

export interface TestDatabase {
  db: DB;
  kind: "pglite" | "postgres";
  /** The connection string of the fresh database (postgres only). */
  databaseUrl?: string;
  /** The embedded database (pglite only), e.g. for the realtime hub's listen. */
  pglite?: PGlite;
  /** Closes the connections and drops the database. */
  close(): Promise<void>;
}

export interface TestDatabaseOptions {
  /** Runs server/seed.ts after migrating (permissions, roles, the administrator). */
  seed?: Partial<SeedOptions> | boolean;
  /** Migrates only up to this migration (no seed): for a test of a frozen migration on the schema of its day. */
  migrateTo?: string;
}

export const TEST_ADMIN = { username: "admin", password: "Admin-Passw0rd!" } as const;

export function usingPostgres(): boolean {
  return !!process.env.TEST_DATABASE_URL;
}

export async function createTestDatabase(options: TestDatabaseOptions = {}): Promise<TestDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  let test: TestDatabase;
  if (serverUrl) {
    const name = `portal_test_${randomBytes(6).toString("hex")}`;
    await adminQuery(serverUrl, `create database ${name}`);
    const databaseUrl = withDatabase(serverUrl, name);
    const opened = await openDatabase({ databaseUrl, poolSize: 5 });
    test = {
      db: opened.db,
      kind: "postgres",
      databaseUrl,
      close: async () => {
        await opened.close();
        await adminQuery(serverUrl, `drop database if exists ${name} with (force)`);
      },
    };
  } else {
    const templateDir = options.migrateTo ? undefined : process.env[PGLITE_TEMPLATE_ENV];
    const template = templateDir && fs.existsSync(templateDir) ? path.join(templateDir, "migrated.tar") : null;
    const fromTemplate = !!template && fs.existsSync(template);
    const opened = await openDatabase({
      pgliteDir: "memory://",
      pgliteLoadDataDir: fromTemplate ? new Blob([fs.readFileSync(template)]) : undefined,
    });
    test = { db: opened.db, kind: "pglite", pglite: opened.pglite, close: () => opened.close() };
    if (template && !fromTemplate) {
      try {
        await migrateToLatest(test.db);
        const dump = await opened.pglite!.dumpDataDir("none");
        const partial = `${template}.${process.pid}`;
        fs.writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
        fs.renameSync(partial, template); // atomic: other workers see the whole file or none
      } catch (error) {
        await test.close().catch(() => {});
        throw error;
      }
    }
  }
  try {
    if (options.migrateTo) {
      await migrateTo(test.db, options.migrateTo);
      return test;
    }
    await migrateToLatest(test.db); // nothing to do when started from the template
    if (options.seed) {
      const given = options.seed === true ? {} : options.seed;
      await seed(test.db, { adminUsername: TEST_ADMIN.username, adminPassword: TEST_ADMIN.password, demo: false, ...given });
    }
  } catch (error) {
    await test.close().catch(() => {});
    throw error;
  }
  return test;
}

function withDatabase(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

async function adminQuery(serverUrl: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}
