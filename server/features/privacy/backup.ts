import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { asOwner } from "../../../db/tenant.ts";
import { ensureApplicationRoles, grantApplicationRoles } from "../../../db/roles.ts";
import { sql } from "kysely";
import { openDatabase, type DB, type OpenedDatabase } from "../../../db/index.ts";
import { describeDatabaseUrl } from "../../../db/wait.ts";

// Backup and restore of the whole portal in one file (docs/decisions/187):
//
// - PostgreSQL: a `pg_dump --format=custom` archive, restored by `pg_restore`. pg_dump takes a
//   consistent snapshot while the portal runs.
// - The embedded database (PGlite): PGlite's own dump of its data folder (`dumpDataDir`, a gzipped
//   tar), restored by starting PGlite on an empty folder with `loadDataDir`. PGlite allows one
//   process per folder, so the portal must be stopped for either.
//
// The portal's version is in the file's name (barangay-portal-0.1.0-postgres-….dump); a restore
// also names the last migration the backup holds and warns when this portal does not know it.

export type DatabaseKind = "postgres" | "pglite";

export interface DatabaseTarget {
  /** PostgreSQL; when absent, the embedded database in pgliteDir. */
  databaseUrl?: string;
  pgliteDir?: string;
}

export interface BackupResult {
  file: string;
  kind: DatabaseKind;
  bytes: number;
}

/** A refusal the command line prints as it is (no stack): a non-empty target, a wrong file. */
export class BackupError extends Error {}

/** barangay-portal-{version}-{kind}-{UTC time}.{dump|tar.gz}: sorts by time, names the version. */
export function backupFileName(version: string, kind: DatabaseKind, at = new Date()): string {
  const stamp = at.toISOString().replace(/[-:]/g, "").replace(/\.\d+Z$/, "Z"); // 20261123T155400Z
  return `barangay-portal-${version}-${kind}-${stamp}.${kind === "postgres" ? "dump" : "tar.gz"}`;
}

/** The file to write: `out` when it names a file, else a new name in `out` (a folder) or ./backups. */
export function backupPath(out: string | undefined, version: string, kind: DatabaseKind): string {
  const target = out ?? "backups";
  const isFolder = !out || (fs.existsSync(target) && fs.statSync(target).isDirectory()) || target.endsWith("/");
  if (!isFolder) return path.resolve(target);
  fs.mkdirSync(target, { recursive: true });
  return path.resolve(target, backupFileName(version, kind));
}

/** Writes a backup of the configured database to `file` (written aside first, then renamed). */
export function backupDatabase(target: DatabaseTarget, file: string): Promise<BackupResult> {
  // The whole database, every barangay's rows: as the owner (decision 209).
  return asOwner(() => backupAsOwner(target, file));
}

async function backupAsOwner(target: DatabaseTarget, file: string): Promise<BackupResult> {
  const partial = `${file}.partial`;
  try {
    if (target.databaseUrl) {
      await run("pg_dump", ["--format=custom", "--no-owner", "--no-privileges", `--file=${partial}`, `--dbname=${target.databaseUrl}`]);
    } else {
      const dir = target.pgliteDir ?? "./data";
      if (!holdsPgliteDatabase(dir)) throw new BackupError(`There is no embedded database in ${path.resolve(dir)} to back up.`);
      const database = await openPglite(dir);
      try {
        await writePgliteDump(database, partial);
      } finally {
        await database.close();
      }
    }
    fs.renameSync(partial, file);
  } finally {
    fs.rmSync(partial, { force: true });
  }
  return { file, kind: target.databaseUrl ? "postgres" : "pglite", bytes: fs.statSync(file).size };
}

/** The dump of an open embedded database (also an in-memory one, for tests). */
export async function writePgliteDump(database: OpenedDatabase, file: string): Promise<void> {
  if (!database.pglite) throw new Error("not an embedded database");
  const dump = await database.pglite.dumpDataDir("gzip");
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
}

export interface RestoreResult {
  kind: DatabaseKind;
  /** The newest migration in the restored database (its schema version). */
  lastMigration: string | null;
  /** Migrations the backup holds that this portal's migrations/ folder does not: a newer portal made it. */
  unknownMigrations: string[];
}

/** Which kind of backup a file is, from its first bytes. */
export function backupKindOf(file: string): DatabaseKind {
  const head = Buffer.alloc(5);
  const fd = fs.openSync(file, "r");
  try {
    fs.readSync(fd, head, 0, 5, 0);
  } finally {
    fs.closeSync(fd);
  }
  if (head.toString("latin1") === "PGDMP") return "postgres";
  if (head[0] === 0x1f && head[1] === 0x8b) return "pglite";
  throw new BackupError(`${file} is not a portal backup (neither a pg_dump custom archive nor an embedded database dump).`);
}

/** Restores `file` into an empty database of the configured kind; refuses one that holds tables. */
export function restoreDatabase(target: DatabaseTarget, file: string, migrationsDir: string): Promise<RestoreResult> {
  return asOwner(() => restoreAsOwner(target, file, migrationsDir));
}

async function restoreAsOwner(target: DatabaseTarget, file: string, migrationsDir: string): Promise<RestoreResult> {
  if (!fs.existsSync(file)) throw new BackupError(`There is no file ${file}.`);
  const kind = backupKindOf(file);
  const wanted: DatabaseKind = target.databaseUrl ? "postgres" : "pglite";
  if (kind !== wanted) {
    throw new BackupError(
      kind === "postgres"
        ? `${path.basename(file)} is a PostgreSQL backup: set DATABASE_URL to an empty PostgreSQL database to restore it.`
        : `${path.basename(file)} is a backup of the embedded database: unset DATABASE_URL and set PGLITE_DIR to an empty folder to restore it.`,
    );
  }
  if (target.databaseUrl) {
    await createDatabaseIfMissing(target.databaseUrl);
    const database = await openDatabase({ databaseUrl: target.databaseUrl, poolSize: 1 });
    try {
      await refuseNonEmpty(database.db, `the PostgreSQL database at ${describeDatabaseUrl(target.databaseUrl)}`);
      // The policies name the application's roles: they must exist before the restore.
      await ensureApplicationRoles(database.db);
    } finally {
      await database.close();
    }
    await run("pg_restore", ["--no-owner", "--no-privileges", "--exit-on-error", "--single-transaction", `--dbname=${target.databaseUrl}`, file]);
    const restored = await openDatabase({ databaseUrl: target.databaseUrl, poolSize: 1 });
    try {
      // Restored without privileges: the application's roles get theirs again.
      if ((await userTables(restored.db)).includes("barangays")) await grantApplicationRoles(restored.db);
      return { kind, ...(await migrationState(restored.db, migrationsDir)) };
    } finally {
      await restored.close();
    }
  }

  const dir = path.resolve(target.pgliteDir ?? "./data");
  if (holdsPgliteDatabase(dir)) {
    // A folder PGlite has initialised but that holds no table counts as empty; it is cleared.
    const existing = await openPglite(dir);
    try {
      await refuseNonEmpty(existing.db, `the embedded database in ${dir}`);
    } finally {
      await existing.close();
    }
    for (const entry of fs.readdirSync(dir)) fs.rmSync(path.join(dir, entry), { recursive: true, force: true });
  } else if (fs.existsSync(dir) && fs.readdirSync(dir).some((entry) => entry !== "portal.lock")) {
    throw new BackupError(`${dir} is not empty and holds no embedded database: restore into an empty or new folder.`);
  }
  const restored = await openDatabase({ pgliteDir: dir, pgliteLoadDataDir: new Blob([fs.readFileSync(file)]) });
  try {
    return { kind, ...(await migrationState(restored.db, migrationsDir)) };
  } finally {
    await restored.close();
  }
}

/** Every user table of the database (the public schema, where the migrations put them). */
export async function userTables(db: DB): Promise<string[]> {
  const rows = await sql<{ name: string }>`
    select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and c.relkind in ('r', 'p') order by c.relname`.execute(db);
  return rows.rows.map((r) => r.name);
}

async function refuseNonEmpty(db: DB, where: string): Promise<void> {
  const found = await sql<{ name: string }>`
    select n.nspname || '.' || c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname not in ('pg_catalog', 'information_schema', 'pg_toast') and n.nspname not like 'pg_temp%'
      and n.nspname not like 'pg_toast_temp%' and c.relkind in ('r', 'p', 'v', 'm', 'S', 'f')
    order by 1 limit 3`.execute(db);
  if (found.rows.length) {
    throw new BackupError(
      `Refusing to restore: ${where} is not empty (it holds ${found.rows.map((r) => r.name).join(", ")}${found.rows.length === 3 ? ", …" : ""}). ` +
        `Restore into a new, empty database.`,
    );
  }
}

async function migrationState(db: DB, migrationsDir: string): Promise<Omit<RestoreResult, "kind">> {
  const known = new Set(
    fs.existsSync(migrationsDir) ? fs.readdirSync(migrationsDir).map((f) => f.replace(/\.(ts|js|mjs)$/, "")) : [],
  );
  const applied = (await userTables(db)).includes("kysely_migration")
    ? (await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db)).rows.map((r) => r.name)
    : [];
  return { lastMigration: applied.at(-1) ?? null, unknownMigrations: applied.filter((name) => !known.has(name)) };
}

function holdsPgliteDatabase(dir: string): boolean {
  return fs.existsSync(path.join(dir, "PG_VERSION"));
}

async function openPglite(dir: string): Promise<OpenedDatabase> {
  try {
    return await openDatabase({ pgliteDir: dir });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (/in use by another Portal process/.test(message)) throw new BackupError(message);
    throw error;
  }
}

async function createDatabaseIfMissing(databaseUrl: string): Promise<void> {
  const url = new URL(databaseUrl);
  const name = decodeURIComponent(url.pathname.slice(1));
  if (!name) throw new BackupError("DATABASE_URL names no database.");
  url.pathname = "/postgres";
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    const found = await client.query("select 1 from pg_database where datname = $1", [name]);
    if (found.rowCount === 0) await client.query(`create database "${name.replace(/"/g, '""')}"`);
  } finally {
    await client.end();
  }
}


/** Runs pg_dump or pg_restore; their own message is the error when they fail. */
function run(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ["ignore", "inherit", "pipe"] });
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.on("error", (error: NodeJS.ErrnoException) =>
      reject(
        error.code === "ENOENT"
          ? new BackupError(`${command} was not found: install the PostgreSQL client tools (Debian: apt-get install postgresql-client).`)
          : error,
      ),
    );
    child.on("close", (code) => (code === 0 ? resolve() : reject(new BackupError(`${command} failed (exit ${code}): ${stderr.trim()}`))));
  });
}

/** Runs a command line's main: its exit code, or 1 with the refusal's message (a stack only for a bug). */
export function runCommand(name: string, main: () => Promise<number>): void {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(`${name} failed: ${error instanceof BackupError ? error.message : error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      process.exit(1);
    },
  );
}
