import { databaseClient, describeServers, parseMultiHostUrl } from "./multi-host.ts";

// Start-up against a PostgreSQL server that is not there yet: the portal tries
// again with backoff for DATABASE_WAIT_SECONDS, then stops with a message that names DATABASE_URL
// and the host it tried.

export interface WaitOptions {
  databaseUrl: string;
  /** How long to keep trying, in seconds; 0 tries once. */
  waitSeconds: number;
  log?: (message: string) => void;
}

/** Where a connection string points, without its password: "host:port/database". */
export function describeDatabaseUrl(databaseUrl: string): string {
  const multiHost = parseMultiHostUrl(databaseUrl);
  if (multiHost) return describeServers(multiHost, databaseUrl);
  try {
    const url = new URL(databaseUrl);
    const host = url.hostname || "localhost";
    const port = url.port || "5432";
    return `${host}:${port}${url.pathname}`;
  } catch {
    return "(an unreadable address)";
  }
}

export async function waitForDatabase({ databaseUrl, waitSeconds, log = console.error }: WaitOptions): Promise<void> {
  const deadline = Date.now() + waitSeconds * 1000;
  const where = describeDatabaseUrl(databaseUrl);
  let delay = 250;
  let attempt = 0;
  for (;;) {
    attempt++;
    const client = databaseClient(databaseUrl, { connectionTimeoutMillis: 5_000 });
    client.on("error", () => {}); // a connection that dies while we close it must not end the process
    try {
      await client.connect();
      await client.query("select 1");
      await client.end().catch(() => {});
      if (attempt > 1) log(`The database at ${where} answered after ${attempt} attempts.`);
      return;
    } catch (error) {
      await client.end().catch(() => {});
      const reason = error instanceof Error ? error.message || (error as NodeJS.ErrnoException).code || String(error) : String(error);
      if (Date.now() + delay > deadline) {
        throw new Error(
          `Cannot reach the PostgreSQL server at ${where} given by DATABASE_URL: ${reason}. ` +
            `Tried ${attempt} time${attempt === 1 ? "" : "s"} over ${waitSeconds} s (DATABASE_WAIT_SECONDS). ` +
            "Check that the server runs and that DATABASE_URL is right, or unset DATABASE_URL to use the embedded database.",
        );
      }
      if (attempt === 1)
        log(`The database at ${where} (DATABASE_URL) is not reachable yet: ${reason}. Trying again for up to ${waitSeconds} s.`);
      await new Promise((resolve) => setTimeout(resolve, delay));
      delay = Math.min(delay * 2, 5_000);
    }
  }
}
