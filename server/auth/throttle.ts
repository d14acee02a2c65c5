// Login throttling (DESIGN §6): after 5 failed attempts within a minute for one username and
// address, further attempts get 429 with Retry-After until the minute has passed. Kept in memory:
// one process serves the portal (DESIGN §2); a restart forgets the counts.

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
