import type { PGlite } from "@electric-sql/pglite";
import { Kysely, PGliteDialect, PostgresDialect } from "kysely";
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { multiHostClientClass, parseMultiHostUrl } from "./multi-host.ts";
import type { Database } from "./schema.ts";
import { ScopedDialect } from "./tenant.ts";

export type DB = Kysely<Database>;

// Postgres types read the same on both drivers: bigint ids as numbers (identity values stay
// far below 2^53), numeric money as exact strings, dates as Date (DESIGN §5).
const INT8 = 20;
const NUMERIC = 1700;
const DATE = 1082;
pg.types.setTypeParser(INT8, (v) => Number(v));
pg.types.setTypeParser(DATE, (v) => v); // a calendar date stays "YYYY-MM-DD"

export interface OpenedDatabase {
  db: DB;
  kind: "pglite" | "postgres";
  /** The embedded database itself (PGlite only), e.g. to dump its data folder. */
  pglite?: PGlite;
  /** Closes the pool or the embedded database and releases the data-folder lock. */
  close(): Promise<void>;
}

export interface OpenOptions {
  databaseUrl?: string;
  /** PGlite data folder; "memory://" for an in-memory database (tests). */
  pgliteDir?: string;
  /** Starts PGlite from a dumped data folder (PGlite's dumpDataDir), e.g. a migrated test template. */
  pgliteLoadDataDir?: Blob;
  poolSize?: number;
}

/**
 * The PostgreSQL pool of the portal (and of the benchmark's floor, which must run the same way).
 * A URL of several servers (`postgres://h1:p1,h2:p2/db?target_session_attrs=read-write`, decision
 * 213) gives each new connection to the first server that takes writes (db/multi-host.ts); a URL
 * of one server is read by pg itself, as always.
 */
export function postgresPool(databaseUrl: string, poolSize = 10): pg.Pool {
  const multiHost = parseMultiHostUrl(databaseUrl);
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: poolSize,
    ...(multiHost ? { Client: multiHostClientClass(databaseUrl, multiHost) } : {}),
  });
  // An idle connection that the server closes (restart, admin command) must not crash the process;
  // the pool replaces it on the next checkout.
  pool.on("error", (error) => console.error(`database connection lost: ${error.message}`));
  pool.on("connect", (client) => {
    // A connection killed while checked out between two statements (inside a transaction) emits
    // "error" on the client itself: handled here, the query in flight fails and the pool drops the
    // client, instead of the process ending.
    client.on("error", (error) => console.error(`database connection lost: ${error.message}`));
    if (!throughPgBouncer(databaseUrl)) prepareStatements(client);
  });
  return pool;
}

/**
 * A URL with `pgbouncer=true` reaches PostgreSQL through PgBouncer in transaction mode (decision
 * 216): each transaction may run on another server connection, so no statement is named (Debian's
 * PgBouncer 1.18 cannot carry prepared statements between them). pg ignores the parameter itself.
 */
export function throughPgBouncer(databaseUrl: string): boolean {
  return /[?&]pgbouncer=(true|1|yes)(&|#|$)/i.test(databaseUrl);
}

/** Statements each connection keeps prepared at most; later new texts run unnamed. */
const PREPARED_PER_CONNECTION = 1000;
const DATA_STATEMENT = /^\s*(select|insert|update|delete|with)\b/i;

/**
 * Runs every data statement as a named prepared statement, named by a hash of its text
 * (docs/decisions/174-prepared-statements.md). The plans of the residents list showed planning
 * at 1.8 ms against 0.7 ms of execution for the page's rows (bench/plans/list_page1.txt): a
 * statement prepared once per connection is parsed once, and after five runs PostgreSQL may keep
 * one generic plan for it. Kysely sends the same text for the same query shape with other values,
 * so the set of texts is small; a connection stops naming new texts after PREPARED_PER_CONNECTION
 * to bound the server's memory. Utility statements (begin, commit, DDL, LISTEN) stay unnamed.
 */
function prepareStatements(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  const prepared = new Set<string>();
  client.query = ((...args: unknown[]) => {
    const [text, values, callback] = args;
    if (typeof text === "string" && Array.isArray(values) && callback === undefined && DATA_STATEMENT.test(text)) {
      const name = `k${createHash("sha1").update(text).digest("base64url")}`;
      if (prepared.has(name) || prepared.size < PREPARED_PER_CONNECTION) {
        prepared.add(name);
        return query({ name, text, values });
      }
    }
    return query(...args);
  }) as typeof client.query;
}

export async function openDatabase(options: OpenOptions): Promise<OpenedDatabase> {
  if (options.databaseUrl) {
    const pool = postgresPool(options.databaseUrl, options.poolSize);
    const db = new Kysely<Database>({ dialect: new ScopedDialect(new PostgresDialect({ pool }), true) });
    return { db, kind: "postgres", close: () => db.destroy() };
  }
  const dir = options.pgliteDir ?? "./data";
  const inMemory = dir.startsWith("memory://");
  const releaseLock = inMemory ? () => {} : lockDataFolder(dir);
  try {
    // Loaded only for the embedded database: a server on PostgreSQL never holds it.
    const [{ PGlite }, { citext }, { pg_trgm }, { unaccent }, { fuzzystrmatch }, { btree_gin }] = await Promise.all([
      import("@electric-sql/pglite"),
      import("@electric-sql/pglite/contrib/citext"),
      import("@electric-sql/pglite/contrib/pg_trgm"),
      import("@electric-sql/pglite/contrib/unaccent"),
      import("@electric-sql/pglite/contrib/fuzzystrmatch"),
      import("@electric-sql/pglite/contrib/btree_gin"),
    ]);
    const pglite = await PGlite.create(inMemory ? dir : path.resolve(dir), {
      extensions: { citext, pg_trgm, unaccent, fuzzystrmatch, btree_gin },
      loadDataDir: options.pgliteLoadDataDir,
      parsers: { [INT8]: (v: string) => Number(v), [NUMERIC]: (v: string) => v, [DATE]: (v: string) => v },
    });
    const db = new Kysely<Database>({ dialect: new ScopedDialect(new PGliteDialect({ pglite }), false) });
    return {
      db,
      kind: "pglite",
      pglite,
      close: async () => {
        await db.destroy();
        releaseLock();
      },
    };
  } catch (error) {
    releaseLock();
    throw error;
  }
}

/**
 * PGlite allows one process per data folder (DESIGN §2). A lock file holding our pid and our
 * process's start time refuses a second process with a clear message. A lock is stale, and taken
 * over, when its pid no longer runs or now belongs to another process (a different start time, or
 * for a lock without one, a process that is not a portal).
 */
export function lockDataFolder(dir: string): () => void {
  fs.mkdirSync(dir, { recursive: true });
  const lockPath = path.join(dir, "portal.lock");
  const ours = `${process.pid}\n${processStartTime(process.pid) ?? ""}\n`;
  try {
    fs.writeFileSync(lockPath, ours, { flag: "wx" });
  } catch {
    const [pidText, started] = fs.readFileSync(lockPath, "utf8").split("\n");
    const holder = Number(pidText);
    if (holder && holder !== process.pid && lockHolderRuns(holder, started?.trim() || null)) {
      throw new Error(
        `The database folder ${path.resolve(dir)} is in use by another Portal process (pid ${holder}). ` +
          `Stop that process first, or set PGLITE_DIR to another folder or DATABASE_URL to a PostgreSQL server.`,
      );
    }
    fs.writeFileSync(lockPath, ours);
  }
  return () => {
    try {
      if (Number(fs.readFileSync(lockPath, "utf8").split("\n")[0]) === process.pid) fs.unlinkSync(lockPath);
    } catch {
      /* already gone */
    }
  };
}

function processIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** The process's start time in clock ticks since boot (Linux /proc), or null where unknown. */
function processStartTime(pid: number): string | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    // The command name (field 2) may hold spaces and parentheses: count from the last ")".
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19] ?? null;
  } catch {
    return null;
  }
}

/** Whether the lock's holder still runs: the same pid and start time, or a portal process. */
function lockHolderRuns(pid: number, started: string | null): boolean {
  if (!processIsAlive(pid)) return false;
  const now = processStartTime(pid);
  if (now === null) return true; // no /proc: a live pid is taken as the holder
  if (started) return now === started;
  try {
    const cmdline = fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").join(" ");
    return /server\/index\.ts|scripts\/start\.mjs|build\/server\/index\.js|db\/cli\.ts/.test(cmdline);
  } catch {
    return true;
  }
}
