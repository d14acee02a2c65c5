// Database loss: which errors mean "the database is not there", and whether a
// loss has been seen since the last successful probe (server/http/database-health.ts). No imports:
// server/errors.ts maps these errors to 503 on every transport.

// SQLSTATE classes and codes that mean "the database is not there", not "the query is wrong":
// 08 connection exception, 57P01–57P03 admin shutdown / crash shutdown / cannot connect now,
// 3D000 database does not exist (dropped), 55000 with "not currently accepting connections",
// 53300 too many connections, 25006 a write on a server that stopped taking writes (a primary
// being demoted by pg_auto_failover, decision 213: its connections end when it restarts as standby).
const UNAVAILABLE_CODES = new Set([
  "57P01",
  "57P02",
  "57P03",
  "3D000",
  "53300",
  "08000",
  "08001",
  "08003",
  "08004",
  "08006",
  "08P01",
  "25006",
]);
const UNAVAILABLE_ERRNO = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
]);
const UNAVAILABLE_MESSAGES = [
  "Connection terminated",
  "connection terminated",
  "Client has encountered a connection error",
  "timeout exceeded when trying to connect",
  "not currently accepting connections",
  "terminating connection due to administrator command",
  "Client was closed and is not queryable",
  "Cannot use a pool after calling end",
];

/** True when the error says the database cannot be reached (as opposed to a bad query). */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== "object" || depth > 3) return false;
  const e = error as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
  if (typeof e.code === "string" && (UNAVAILABLE_CODES.has(e.code) || UNAVAILABLE_ERRNO.has(e.code))) {
    markDatabaseDown();
    return true;
  }
  if (typeof e.message === "string" && UNAVAILABLE_MESSAGES.some((m) => (e.message as string).includes(m))) {
    markDatabaseDown();
    return true;
  }
  if (Array.isArray(e.errors) && e.errors.some((inner) => isDatabaseUnavailable(inner, depth + 1))) return true;
  return isDatabaseUnavailable(e.cause, depth + 1);
}

let downSince: number | null = null;

export function markDatabaseDown(): void {
  downSince ??= Date.now();
}

export function markDatabaseUp(): void {
  downSince = null;
}

/** When the last loss was seen and no successful probe has followed it since. */
export function databaseDownSince(): number | null {
  return downSince;
}
