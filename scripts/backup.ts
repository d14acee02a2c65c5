// `npm run backup [-- --out FILE|FOLDER]` (docs/decisions/187): one file holding the
// whole portal — a pg_dump custom archive on PostgreSQL (DATABASE_URL), a dump of the embedded
// database otherwise (PGLITE_DIR; stop the portal first). By default it goes to ./backups, named
// barangay-portal-{version}-{kind}-{time}.
import fs from "node:fs";
import { backupDatabase, backupPath, runCommand } from "../server/features/privacy/backup.ts";
import { parseEnv } from "../server/env.ts";

const USAGE = "Usage: npm run backup [-- --out FILE|FOLDER]";

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  const outAt = args.indexOf("--out");
  if (args.some((a) => a === "--help" || a === "-h") || (outAt >= 0 && !args[outAt + 1])) {
    console.error(USAGE);
    return 2;
  }
  const env = parseEnv();
  const version = (JSON.parse(fs.readFileSync("package.json", "utf8")) as { version: string }).version;
  const file = backupPath(outAt >= 0 ? args[outAt + 1] : process.env.BACKUP_DIR, version, env.DATABASE_URL ? "postgres" : "pglite");
  const started = performance.now();
  const result = await backupDatabase({ databaseUrl: env.DATABASE_URL, pgliteDir: env.PGLITE_DIR }, file);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`Backup of Portal ${version} (${result.kind === "postgres" ? "PostgreSQL" : "embedded database"}) written in ${seconds} s:`);
  console.log(`  ${result.file} (${(result.bytes / 1024 / 1024).toFixed(1)} MB)`);
  return 0;
}

runCommand("Backup", main);
