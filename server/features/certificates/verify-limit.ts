// The public verify page is rate-limited (DESIGN §11): a code has 128 bits, so guessing is
// hopeless, but a flood of lookups from one address is still refused. 30 lookups a minute per
// address, counted in memory (one process; decision 003 takes the same view of login throttling).

const WINDOW_MS = 60_000;
const LIMIT = 30;
const hits = new Map<string, { start: number; count: number }>();

/** Counts a lookup; answers the seconds to wait when the address is over its limit, else 0. */
export function verifyLookupWait(address: string | null, now = Date.now()): number {
  const key = address ?? "unknown";
  const entry = hits.get(key);
  if (!entry || now - entry.start >= WINDOW_MS) {
    hits.set(key, { start: now, count: 1 });
    if (hits.size > 10_000) for (const [k, v] of hits) if (now - v.start >= WINDOW_MS) hits.delete(k);
    return 0;
  }
  entry.count += 1;
  return entry.count > LIMIT ? Math.ceil((entry.start + WINDOW_MS - now) / 1000) : 0;
}
