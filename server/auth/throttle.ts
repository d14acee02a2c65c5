// Login throttling (DESIGN §6). The services use the database-backed functions at the end of this
// file (docs/decisions/072): per account and per address, kept in `login_failures`.
// The in-memory LoginThrottle class is the earlier version, kept for its unit tests.
import { sql } from "kysely";
import type { DB } from "../../db/index.ts";

export const MAX_ATTEMPTS = 5;
export const WINDOW_MS = 60_000;

interface Bucket {
  failures: number[];
}

export class LoginThrottle {
  private buckets = new Map<string, Bucket>();
  constructor(private now: () => number = Date.now) {}

  key(login: string, ip: string | null | undefined): string {
    return `${login.trim().toLowerCase()}|${ip ?? ""}`;
  }

  /** Seconds to wait before the next attempt, or 0 when an attempt is allowed. */
  retryAfter(key: string): number {
    const bucket = this.prune(key);
    if (!bucket || bucket.failures.length < MAX_ATTEMPTS) return 0;
    const oldest = bucket.failures[bucket.failures.length - MAX_ATTEMPTS];
    return Math.max(1, Math.ceil((oldest + WINDOW_MS - this.now()) / 1000));
  }

  fail(key: string): void {
    const bucket = this.prune(key) ?? { failures: [] };
    bucket.failures.push(this.now());
    this.buckets.set(key, bucket);
  }

  clear(key: string): void {
    this.buckets.delete(key);
  }

  private prune(key: string): Bucket | undefined {
    const bucket = this.buckets.get(key);
    if (!bucket) return undefined;
    const since = this.now() - WINDOW_MS;
    bucket.failures = bucket.failures.filter((t) => t > since);
    if (bucket.failures.length === 0) {
      this.buckets.delete(key);
      return undefined;
    }
    return bucket;
  }
}

export const loginThrottle = new LoginThrottle();

// ---------------------------------------------------------------------------------------------
// See docs/decisions/072-login-throttle-in-the-database.md: the counts live in the
// database (`login_failures`), so a restart or a second process does not reset them, and they are
// kept per account (a username and its e-mail are one account), per address, and per password
// check. The in-memory LoginThrottle above is no longer used by the services.

/** Failures a minute before 429: one account, from anywhere. */
export const ACCOUNT_MAX_ATTEMPTS = MAX_ATTEMPTS;
/** Failures a minute before 429: one address, whatever the accounts (an office shares one address). */
export const ADDRESS_MAX_ATTEMPTS = 20;

export interface ThrottleKey {
  key: string;
  max: number;
}

/** The keys of one sign-in attempt: the account (or the name typed, when no account has it) and the address. */
export function loginKeys(userId: number | null, login: string, ip: string | null | undefined): ThrottleKey[] {
  const keys: ThrottleKey[] = [
    { key: userId != null ? `user:${userId}` : `login:${login.trim().toLowerCase()}`, max: ACCOUNT_MAX_ATTEMPTS },
  ];
  if (ip) keys.push({ key: `ip:${ip}`, max: ADDRESS_MAX_ATTEMPTS });
  return keys;
}

/** Seconds to wait before the next attempt (the longest of the keys), or 0. */
export async function throttledFor(db: DB, keys: ThrottleKey[]): Promise<number> {
  let wait = 0;
  for (const { key, max } of keys) {
    // The max-th latest failure within the minute: while it is there, the key is throttled until it leaves.
    const row = await db
      .selectFrom("login_failures")
      .select(sql<number>`ceil(extract(epoch from (at + interval '60 seconds' - now())))::int`.as("wait"))
      .where("key", "=", key)
      .where("at", ">", sql<Date>`now() - interval '60 seconds'`)
      .orderBy("at", "desc")
      .offset(max - 1)
      .limit(1)
      .executeTakeFirst();
    if (row) wait = Math.max(wait, Math.max(1, Number(row.wait)));
  }
  return wait;
}

export async function recordFailure(db: DB, keys: ThrottleKey[]): Promise<void> {
  await db
    .insertInto("login_failures")
    .values(keys.map(({ key }) => ({ key })))
    .execute();
  await db
    .deleteFrom("login_failures")
    .where("at", "<", sql<Date>`now() - interval '1 hour'`)
    .execute();
}

/** A successful sign-in clears its account's count (never the address's: one good account must not reset it). */
export async function clearFailures(db: DB, key: string): Promise<void> {
  await db.deleteFrom("login_failures").where("key", "=", key).execute();
}
