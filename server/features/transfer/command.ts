import fs from "node:fs";
import path from "node:path";
import { openDatabase, type OpenedDatabase } from "../../../db/index.ts";
import { describeDatabaseUrl } from "../../../db/wait.ts";
import { parseEnv } from "../../env.ts";
import { TransferError } from "./file.ts";

// What the three command lines share (scripts/barangay-export.ts, -import.ts, -remove.ts): the
// database the server would open (DATABASE_URL, else PGLITE_DIR; stop a PGlite portal first), and
// an exit that prints a refusal as it is and a stack only for a bug.

export interface CommandDatabase {
  database: OpenedDatabase;
  where: string;
  hub: boolean;
  version: string;
}

export async function openConfiguredDatabase(): Promise<CommandDatabase> {
  const env = parseEnv();
  const version = (JSON.parse(fs.readFileSync("package.json", "utf8")) as { version: string }).version;
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, pgliteDir: env.PGLITE_DIR, poolSize: 2 });
  const where = env.DATABASE_URL
    ? `the PostgreSQL database at ${describeDatabaseUrl(env.DATABASE_URL)}`
    : `the embedded database in ${path.resolve(env.PGLITE_DIR)}`;
  return { database, where, hub: env.PORTAL_HUB, version };
}

export function runCommand(name: string, main: () => Promise<number>): void {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      const message =
        error instanceof TransferError ? error.message : error instanceof Error ? (error.stack ?? error.message) : String(error);
      console.error(`${name} failed: ${message}`);
      process.exit(1);
    },
  );
}
