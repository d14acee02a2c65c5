import { describe, expect, test } from "vitest";
import { databaseDownSince, isDatabaseUnavailable, markDatabaseUp } from "./database-loss.ts";

// Which errors answer 503 "database unavailable" rather than 500 (spec's error contract), among
// them what a failover does to the portal's connections (decision 213).
describe("a lost database", () => {
  test("a connection ended, refused, or no writable server among several: unavailable", () => {
    markDatabaseUp();
    expect(isDatabaseUnavailable(new Error("Connection terminated unexpectedly"))).toBe(true);
    expect(databaseDownSince()).not.toBeNull();
    expect(isDatabaseUnavailable(Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:55401"), { code: "ECONNREFUSED" }))).toBe(true);
    // db/multi-host.ts: no server among the URL's takes writes.
    expect(isDatabaseUnavailable(Object.assign(new Error("No writable database server among a:1,b:2/portal"), { code: "08001" }))).toBe(
      true,
    );
    // A primary being demoted refuses writes before its connections end.
    expect(isDatabaseUnavailable(Object.assign(new Error("cannot execute INSERT in a read-only transaction"), { code: "25006" }))).toBe(
      true,
    );
  });

  test("a wrong query is not a lost database", () => {
    markDatabaseUp();
    expect(isDatabaseUnavailable(Object.assign(new Error('relation "x" does not exist'), { code: "42P01" }))).toBe(false);
    expect(isDatabaseUnavailable(Object.assign(new Error("duplicate key value"), { code: "23505" }))).toBe(false);
    expect(databaseDownSince()).toBeNull();
  });
});
