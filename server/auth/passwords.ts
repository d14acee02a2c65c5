import { availableParallelism } from "node:os";
import { hash, verify } from "@node-rs/argon2";

// argon2id with the library's defaults (19 MiB, t=2, p=1: OWASP's minimum recommendation).

// Each hash holds its 19 MiB while it runs, on one of libuv's four threads, and keeps a core busy.
// All four at once held 76 MiB on a 2-core machine where only two could run, and left no core for
// the pages. One core stays for everything else; the other sign-ins queue here, in order
// (decision 176).
const MAX_CONCURRENT_HASHES = Math.max(1, Math.min(4, availableParallelism() - 1));
let running = 0;
const waiting: (() => void)[] = [];

async function limited<T>(work: () => Promise<T>): Promise<T> {
  if (running >= MAX_CONCURRENT_HASHES) await new Promise<void>((resolve) => waiting.push(resolve));
  else running++;
  try {
    return await work();
  } finally {
    // Hand the slot straight to the next in line (running stays the same), or free it.
    const next = waiting.shift();
    if (next) next();
    else running--;
  }
}

export function hashPassword(password: string): Promise<string> {
  return limited(() => hash(password));
}

export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  if (!passwordHash) {
    // Spend the same time as a real check so a missing account is not told apart by timing.
    await limited(() => verify(DUMMY_HASH, password)).catch(() => false);
    return false;
  }
  try {
    return await limited(() => verify(passwordHash, password));
  } catch {
    return false;
  }
}

const DUMMY_HASH = "$argon2id$v=19$m=19456,t=2,p=1$NnOOoIjERVziwRKvfuQJVg$paFgpyZ/+3KJ30SrRi/zQXF1SfDTMlrURR2O9wI2xN8";

const LOWER = "abcdefghijkmnopqrstuvwxyz";
const UPPER = "ABCDEFGHJKLMNPQRSTUVWXYZ";
const DIGITS = "23456789";
const SYMBOLS = "!@#$%*-_+";

/** A strong random password: 16 characters with every class present, no look-alike letters. */
export function generatePassword(length = 16): string {
  const all = LOWER + UPPER + DIGITS + SYMBOLS;
  const pick = (set: string) => set[randomIndex(set.length)];
  const chars = [pick(LOWER), pick(UPPER), pick(DIGITS), pick(SYMBOLS)];
  while (chars.length < length) chars.push(pick(all));
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomIndex(i + 1);
    [chars[i], chars[j]] = [chars[j], chars[i]];
  }
  return chars.join("");
}

function randomIndex(n: number): number {
  const buf = new Uint32Array(1);
  const limit = Math.floor(0x1_0000_0000 / n) * n; // reject to avoid modulo bias
  do crypto.getRandomValues(buf);
  while (buf[0] >= limit);
  return buf[0] % n;
}

/** Password strength rule used by every form that sets a password. */
export function passwordProblem(password: string): string | null {
  if (password.length < 8) return "The password must be at least 8 characters.";
  if (password.length > 128) return "The password must not be greater than 128 characters.";
  const classes = [/[a-z]/, /[A-Z]/, /[0-9]/, /[^a-zA-Z0-9]/].filter((r) => r.test(password)).length;
  if (classes < 3) return "The password must contain at least three of: lower-case, upper-case, digits, symbols.";
  return null;
}
