import type { DB } from "../../db/index.ts";
import { sessionIdFromToken, SESSION_DAYS, validateSessionToken, type ValidatedSession } from "./sessions.ts";

// The signed-in user of a session, kept by this process for a short while (issue 17 item 4,
// docs/decisions/173-session-cache.md). A request that finds its session here skips the one query
// of decision 172; the profile of a list request at 32 clients showed each round trip to the
// database (its writev and read) as the largest part of the server's own CPU.
//
// Never older than what the database says, within the delivery of a NOTIFY:
// - the database sends `portal_auth` at the commit of anything that changes what the session
//   query reads (migration 20261205020000), and every process drops its whole cache on it;
// - the process drops it too when it answers any request that may have changed data (a POST, PUT,
//   PATCH or DELETE, before its answer's headers), so the same process never serves what its own
//   request has just revoked, even before the notification comes back;
// - it is used only while the process is listening (the LISTEN connection is up; PGlite always),
//   and dropped whenever that connection is lost or made again;
// - an entry lives at most TTL_MS, and a session near its expiry (the sliding renewal of decision
//   172) or past it always goes to the database.
// A read that started before a drop is not stored (the generation check), so a revocation that
// commits while a request is reading the session cannot be put back into the cache by it.

const TTL_MS = 30_000;
const MAX_ENTRIES = 10_000;
const DAY_MS = 24 * 60 * 60 * 1000;

interface Entry {
  value: ValidatedSession;
  storedAt: number;
}

export class SessionCache {
  private entries = new Map<string, Entry>();
  private generation = 0;

  /** `active` says whether invalidations can reach this process now (the hub is listening). */
  constructor(private readonly active: () => boolean) {}

  clear(): void {
    this.generation++;
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }

  /** validateSessionToken, answered from the cache when it may be. */
  async validate(db: DB, token: string): Promise<ValidatedSession | null> {
    if (!this.active()) {
      if (this.entries.size) this.clear();
      return validateSessionToken(db, token);
    }
    const id = sessionIdFromToken(token);
    const now = Date.now();
    const hit = this.entries.get(id);
    if (hit) {
      const fresh = now - hit.storedAt < TTL_MS && hit.value.session.expiresAt.getTime() - now >= (SESSION_DAYS / 2) * DAY_MS;
      if (fresh) return hit.value;
      this.entries.delete(id);
    }
    const generation = this.generation;
    const valid = await validateSessionToken(db, token);
    // Renewed sessions answer with a new cookie; the next request stores the renewed session.
    if (valid && !valid.renewed && generation === this.generation && this.active()) {
      if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
      this.entries.set(id, { value: { ...valid, user: deepFreeze(valid.user) }, storedAt: now });
    }
    return valid;
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
