import type { DB } from "../../db/index.ts";
import { KeptWhileListening } from "./kept-while-listening.ts";
import { sessionIdFromToken, SESSION_DAYS, validateSessionToken, type ValidatedSession } from "./sessions.ts";

// The signed-in user of a session, kept by this process for a short while (see
// docs/decisions/173-session-cache.md). A request that finds its session here skips the one query
// of decision 172; the profile of a list request at 32 clients showed each round trip to the
// database (its writev and read) as the largest part of the server's own CPU.
//
// Kept as server/auth/kept-while-listening.ts keeps values: the database notifies `portal_auth` at
// the commit of anything that changes what the session query reads (migration 20261205020000).
// Besides its rules, a session near its expiry (the sliding renewal of decision 172) or past it
// always goes to the database, and a renewed one (answered with a new cookie) is kept by the next
// request.

const TTL_MS = 30_000;
const MAX_ENTRIES = 10_000;
const DAY_MS = 24 * 60 * 60 * 1000;

export class SessionCache {
  private readonly kept: KeptWhileListening<string, ValidatedSession | null>;

  /** `active` says whether invalidations can reach this process now (the hub is listening). */
  constructor(active: () => boolean) {
    this.kept = new KeptWhileListening({ active, ttlMs: TTL_MS, maxEntries: MAX_ENTRIES });
  }

  clear(): void {
    this.kept.clear();
  }

  get size(): number {
    return this.kept.size;
  }

  /** validateSessionToken, answered from the cache when it may be. */
  validate(db: DB, token: string): Promise<ValidatedSession | null> {
    return this.kept.get(
      sessionIdFromToken(token),
      async () => {
        const valid = await validateSessionToken(db, token);
        return valid && { ...valid, user: deepFreeze(valid.user) };
      },
      {
        fresh: (valid, now) => !!valid && valid.session.expiresAt.getTime() - now >= (SESSION_DAYS / 2) * DAY_MS,
        keep: (valid) => !!valid && !valid.renewed,
      },
    );
  }
}

/** A cached user is shared by every request of its session: nothing may change it in place. */
function deepFreeze<T>(value: T): T {
  if (value && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}
