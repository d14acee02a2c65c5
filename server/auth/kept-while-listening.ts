// What the database says, kept by this process while it can hear that it changed
// (docs/decisions/173-session-cache.md): the signed-in user of each session, the maintenance switch.
//
// Never older than the database, within the delivery of a NOTIFY:
// - the database sends `portal_auth` at the commit of anything that changes what is kept, and the
//   process clears every such cache on it (server/app.ts);
// - the process clears them too when it answers a request that may have changed data (server/http/
//   app.ts), so it never serves what its own request has just changed, even before the notification;
// - a value is used only while `active()` (the hub's LISTEN connection is up; PGlite always), and
//   the cache is cleared whenever that is not so;
// - a value lives at most `ttlMs`;
// - a read that started before a clear is not kept (the generation check): a change that commits
//   while a request is reading cannot be put back into the cache by that request.

export interface KeptWhileListeningOptions {
  /** Whether changes can reach this process now (the hub is listening). */
  active: () => boolean;
  ttlMs: number;
  /** At most this many values; the cache is emptied when it is full. */
  maxEntries?: number;
}

export interface KeepRules<V> {
  /** Whether a kept value younger than the TTL may still be answered. */
  fresh?: (value: V, now: number) => boolean;
  /** Whether a value just read is kept. */
  keep?: (value: V) => boolean;
}

export class KeptWhileListening<K, V> {
  private entries = new Map<K, { value: V; storedAt: number }>();
  private generation = 0;

  constructor(private readonly options: KeptWhileListeningOptions) {}

  clear(): void {
    this.generation++;
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }

  /** The value kept for `key` when it may be answered; else `read()`'s, kept when it may be. */
  async get(key: K, read: () => Promise<V>, rules: KeepRules<V> = {}): Promise<V> {
    if (!this.options.active()) {
      if (this.entries.size) this.clear();
      return read();
    }
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit) {
      if (now - hit.storedAt < this.options.ttlMs && (rules.fresh?.(hit.value, now) ?? true)) return hit.value;
      this.entries.delete(key);
    }
    const generation = this.generation;
    const value = await read();
    if (generation === this.generation && this.options.active() && (rules.keep?.(value) ?? true)) {
      if (this.entries.size >= (this.options.maxEntries ?? Infinity)) this.entries.clear();
      this.entries.set(key, { value, storedAt: now });
    }
    return value;
  }
}
