import { sql } from "kysely";
import type { DB } from "../../db/index.ts";
import { markDatabaseDown, markDatabaseUp } from "../database-loss.ts";

// Database loss: while the database is unreachable, pages show the maintenance
// screen and REST and tRPC answer 503 instead of 500; the first request after it returns succeeds.

const PROBE_TIMEOUT_MS = 2_000;

/**
 * A quick `select 1` with a time limit. Only run when a loss was seen: while the database is
 * healthy this costs nothing.
 */
export async function probeDatabase(db: DB): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      sql`select 1`.execute(db),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error("timeout exceeded when trying to connect")), PROBE_TIMEOUT_MS);
      }),
    ]);
    markDatabaseUp();
    return true;
  } catch {
    markDatabaseDown();
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/** The page answered while the database is away: the maintenance screen, without the database. */
export function unavailablePage(): string {
  return `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="refresh" content="15"><title>Maintenance | Portal</title>
<style>body{font-family:system-ui,sans-serif;display:flex;min-height:100vh;margin:0;align-items:center;justify-content:center;text-align:center;background:#fafafa;color:#18181b}main{max-width:28rem;padding:2rem}h1{font-size:1.5rem}p{color:#52525b}a{color:#a16207}</style>
</head><body><main data-maintenance="database">
<h1>We’ll be back shortly</h1>
<p>The portal is under maintenance. Please try again in a few minutes; nothing you saved was lost.</p>
<p><a href="">Check again</a></p>
</main></body></html>`;
}
