import http from "node:http";
import type { AddressInfo } from "node:net";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHttpApp } from "../../server/http/app.ts";
import { trustedProxies } from "../../server/http/trust-proxy.ts";
import { createTestDatabase, TEST_ADMIN, type TestDatabase } from "../helpers/db.ts";
import { ApiClient } from "../helpers/server.ts";

// TRUST_PROXY=true means the reverse proxy on this machine (README): the address it hands on, the
// last of X-Forwarded-For, is the client, whatever else the header says. A client on this machine
// reaches the portal through that proxy as 127.0.0.1; what it forges in front of that must not
// become its address, or every made-up address gets a throttle and a rate limit of its own. The
// verify pages' limit over HTTP is in tests/faults/trusted-proxy.test.ts.

let database: TestDatabase;
let server: http.Server;
let url: string;

beforeAll(async () => {
  database = await createTestDatabase({ seed: true });
  // What server/env.ts makes of TRUST_PROXY=true.
  const app = createHttpApp({ db: database.db, logger: pino({ level: "silent" }), secureCookies: false, trustProxy: "loopback" });
  server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => {
    server?.close(() => resolve());
    server?.closeAllConnections();
  });
  await database?.close();
});

/** Signs in through the proxy with this X-Forwarded-For; answers the address the session was opened from. */
async function sessionAddress(forwardedFor: string): Promise<string | null> {
  const client = new ApiClient(url);
  await client.csrf();
  const res = await client.post("/backend/api/login", TEST_ADMIN, { headers: { "X-Forwarded-For": forwardedFor } });
  expect(res.status, res.text).toBe(200);
  const row = await database.db.selectFrom("sessions").select("ip").orderBy("created_at", "desc").limit(1).executeTakeFirstOrThrow();
  return row.ip;
}

describe("TRUST_PROXY=true: the loopback proxy, and the address before it is the client", () => {
  it("a client the proxy reports is that client; what it forged in front is not believed", async () => {
    expect(await sessionAddress("198.51.100.9")).toBe("198.51.100.9");
    expect(await sessionAddress("203.0.113.50, 198.51.100.9")).toBe("198.51.100.9");
    // A client on this machine, through the proxy: the proxy appends 127.0.0.1.
    expect(await sessionAddress("203.0.113.51, 127.0.0.1")).toBe("127.0.0.1");
    expect(await sessionAddress("203.0.113.52, ::1")).toBe("::1");
    expect(await sessionAddress("203.0.113.53, 10.0.0.1, 127.0.0.1")).toBe("127.0.0.1");
  });

  it("made-up addresses in front of the proxy's do not escape the per-address login throttle", async () => {
    const statuses: number[] = [];
    for (let n = 0; n < 21; n++) {
      const client = new ApiClient(url);
      await client.csrf();
      const res = await client.post(
        "/backend/api/login",
        { username: `nobody-${n}`, password: "wrong" },
        { headers: { "X-Forwarded-For": `203.0.113.${n}, 127.0.0.1` } },
      );
      statuses.push(res.status);
    }
    // 20 failures a minute per address: the 21st from 127.0.0.1 is refused, whatever it claimed.
    expect(statuses.slice(0, 20).every((s) => s === 422)).toBe(true);
    expect(statuses[20]).toBe(429);
  });
});

describe("trustedProxies()", () => {
  it("trusts a loopback address only as the connection's peer", () => {
    const trust = trustedProxies("loopback");
    expect(trust("127.0.0.1", 0)).toBe(true);
    expect(trust("::1", 0)).toBe(true);
    expect(trust("::ffff:127.0.0.1", 0)).toBe(true);
    expect(trust("127.0.0.1", 1)).toBe(false);
    expect(trust("198.51.100.9", 0)).toBe(false);
    expect(trust("not an address", 0)).toBe(false);
    expect(trustedProxies(true)("127.0.0.1", 0)).toBe(true);
  });

  it("trusts a chain of listed proxies, but a loopback address past the first hop is a client", () => {
    const trust = trustedProxies("10.0.0.5, 172.18.0.0/16, loopback");
    expect(trust("10.0.0.5", 0)).toBe(true);
    expect(trust("172.18.3.4", 1)).toBe(true);
    expect(trust("10.0.0.6", 0)).toBe(false);
    expect(trust("127.0.0.1", 0)).toBe(true);
    expect(trust("127.0.0.1", 2)).toBe(false);
    const ranges = trustedProxies("uniquelocal,linklocal");
    expect(["10.1.2.3", "172.31.0.1", "192.168.1.10", "fd00::1", "169.254.1.1", "fe80::1"].every((a) => ranges(a, 1))).toBe(true);
    expect(ranges("8.8.8.8", 0)).toBe(false);
  });
});
