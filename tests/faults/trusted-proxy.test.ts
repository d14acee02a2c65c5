import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createFaultDatabase, ensureBuild, FAULTS_ENABLED, startPortal, tryFetch, type FaultDatabase, type Portal } from "./portal.ts";

// The verify pages' rate limit with TRUST_PROXY=true (the reverse proxy on this machine, README):
// it keys on the address the proxy hands on, the last of X-Forwarded-For. A client on this machine
// comes through the proxy as 127.0.0.1 and may put any made-up address in front of that; 30 such
// lookups used to be answered, each made-up address counted on its own.

describe.skipIf(!FAULTS_ENABLED)("the verify pages behind TRUST_PROXY=true", () => {
  let database: FaultDatabase;
  let portal: Portal;

  beforeAll(async () => {
    ensureBuild();
    database = await createFaultDatabase();
    portal = await startPortal({ env: { DATABASE_URL: database.url, TRUST_PROXY: "true" } });
  }, 120_000);

  afterAll(async () => {
    await portal?.stop();
    await database?.drop();
  });

  /** The statuses of `count` lookups, the n-th sent with the X-Forwarded-For `forwardedFor(n)`. */
  const lookups = async (path: (n: number) => string, count: number, forwardedFor: (n: number) => string) => {
    const statuses: number[] = [];
    for (let n = 0; n < count; n++) statuses.push((await tryFetch(portal.url + path(n), { headers: { "X-Forwarded-For": forwardedFor(n) } })).status);
    return statuses;
  };
  const receipt = (n: number) => `/verify/collection?number=${n}&date=2026-01-01&amount=1`;
  const certificate = (n: number) => `/verify/transaction/${"A".repeat(20)}${String(n).padStart(6, "0")}`;

  test("a forged header in front of the proxy's own entry: the receipt page refuses the 21st lookup", async () => {
    const statuses = await lookups(receipt, 30, (n) => `203.0.113.${n}, 127.0.0.1`);
    expect(statuses.slice(0, 20)).toEqual(Array(20).fill(200));
    expect(statuses.slice(20)).toEqual(Array(10).fill(429));
  }, 60_000);

  test("the same for a client elsewhere: its made-up addresses share its one limit", async () => {
    const statuses = await lookups(receipt, 21, (n) => `198.51.100.${n}, 192.0.2.77`);
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.filter((s) => s === 200)).toHaveLength(20);
  }, 60_000);

  test("the certificate page keys on the same address (30 lookups a minute)", async () => {
    const statuses = await lookups(certificate, 35, (n) => `203.0.113.${n}, 127.0.0.1`);
    expect(statuses.slice(0, 30).every((s) => s !== 429)).toBe(true);
    expect(statuses.slice(30)).toEqual(Array(5).fill(429));
  }, 60_000);

  test("different clients the proxy reports are counted apart", async () => {
    const statuses = await lookups(receipt, 25, (n) => `192.0.2.${100 + n}`);
    expect(statuses).toEqual(Array(25).fill(200));
  }, 60_000);
});
