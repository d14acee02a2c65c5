// `npm run restore FILE` (docs/decisions/187): restores a backup of `npm run backup`
// into an EMPTY database of the configured kind — the PostgreSQL database of DATABASE_URL (created
// when missing) or the embedded database folder PGLITE_DIR — and refuses one that holds tables.
// Start the portal on it afterwards: it applies any newer migrations.
import { restoreDatabase, runCommand } from "../server/features/privacy/backup.ts";
import { describeDatabaseUrl } from "../db/wait.ts";
import { migrationsFolder } from "../db/migrate.ts";
import { parseEnv } from "../server/env.ts";
import path from "node:path";

const USAGE = "Usage: npm run restore FILE   (into the empty database of DATABASE_URL, or the empty folder PGLITE_DIR)";

async function main(): Promise<number> {
  const file = process.argv[2];
  if (!file || file.startsWith("-")) {
    console.error(USAGE);
    return 2;
  }
  const env = parseEnv();
  const where = env.DATABASE_URL ? `the PostgreSQL database at ${describeDatabaseUrl(env.DATABASE_URL)}` : `the embedded database in ${path.resolve(env.PGLITE_DIR)}`;
  console.log(`Restoring ${file} into ${where} …`);
  const started = performance.now();
  const result = await restoreDatabase({ databaseUrl: env.DATABASE_URL, pgliteDir: env.PGLITE_DIR }, file, migrationsFolder());
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`Restored in ${seconds} s. Last migration in the backup: ${result.lastMigration ?? "none"}.`);
  if (result.unknownMigrations.length) {
    console.warn(
      `Warning: the backup was made by a newer portal (migrations this one does not have: ${result.unknownMigrations.join(", ")}). ` +
        `Run that version of the portal on it.`,
    );
  }
  return 0;
}

runCommand("Restore", main);
