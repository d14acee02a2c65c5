import fs from "node:fs";
import http from "node:http";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  ADMIN,
  createFaultDatabase,
  ensureBuild,
  FAULTS_ENABLED,
  startPortal,
  tryFetch,
  type FaultDatabase,
  type Portal,
} from "./portal.ts";

// Issue 14 item 3: page actions read the body before any auth or CSRF check, without a limit (an
// anonymous 200 MB form post took the process from 153 to 770 MB); redirectTo took anything.

function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

interface Posted {
  status: number;
  sentMb: number;
  peakRssMb: number;
  ms: number;
}

/** Streams `mb` megabytes (chunked, no length) to the page, watching the server's memory. */
function postLarge(portal: Portal, path: string, mb: number, headers: Record<string, string>): Promise<Posted> {
  const url = new URL(portal.url + path);
  const started = Date.now();
  let peak = rssMb(portal.pid);
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(portal.pid))), 25);
  return new Promise((resolve) => {
    let sent = 0;
    let status = 0;
    const chunk = Buffer.alloc(1024 * 1024, "a");
    const done = () => {
      clearInterval(sampler);
      peak = Math.max(peak, rssMb(portal.pid));
      resolve({ status, sentMb: Math.round(sent / 1024 / 1024), peakRssMb: Math.round(peak), ms: Date.now() - started });
    };
    const req = http.request({ host: url.hostname, port: url.port, path: url.pathname + url.search, method: "POST", headers }, (res) => {
      status = res.statusCode ?? 0;
      res.resume();
      res.on("end", () => {
        req.destroy();
        done();
      });
    });
    req.on("error", () => {
      if (status) return;
      done();
    });
    const pump = () => {
      while (sent < mb * 1024 * 1024 && !status && !req.destroyed) {
        sent += chunk.length;
        if (!req.write(chunk)) return void req.once("drain", pump);
      }
      if (!status && !req.destroyed) req.end();
    };
    pump();
  });
}

describe.skipIf(!FAULTS_ENABLED)("bounded bodies on page actions", () => {
  let database: FaultDatabase;
  let portal: Portal;
  let xsrf = "";
  let session = "";

  beforeAll(async () => {
    ensureBuild();
    database = await createFaultDatabase();
    portal = await startPortal({ env: { DATABASE_URL: database.url } });
    const client = portal.client();
    expect((await client.login(ADMIN.username, ADMIN.password)).status).toBe(200);
    xsrf = client.cookies.get("XSRF-TOKEN")!;
    session = client.cookies.get("portal_session")!;
  }, 120_000);

  afterAll(async () => {
    await portal?.stop();
    await database?.drop();
  });

  test("an anonymous 200 MB form post is refused before it is read; memory stays flat", async () => {
    const before = rssMb(portal.pid);
    const form = { "content-type": "application/x-www-form-urlencoded" };
    const noCookie = await postLarge(portal, "/login", 200, form);
    const anonymous = await postLarge(portal, "/login", 200, { ...form, cookie: `XSRF-TOKEN=${xsrf}` });
    const signedIn = await postLarge(portal, "/dashboard", 200, { ...form, cookie: `XSRF-TOKEN=${xsrf}; portal_session=${session}` });
    const upload = await postLarge(portal, "/manage/residents", 50, {
      "content-type": "multipart/form-data; boundary=xyz",
      cookie: `XSRF-TOKEN=${xsrf}; portal_session=${session}`,
    });
    console.log(
      `bodies: rss before ${Math.round(before)} MB; no cookie ${JSON.stringify(noCookie)}; anonymous ${JSON.stringify(anonymous)}; ` +
        `signed in ${JSON.stringify(signedIn)}; multipart ${JSON.stringify(upload)}`,
    );
    expect(noCookie.status).toBe(419);
    expect(anonymous.status).toBe(413);
    expect(signedIn.status).toBe(413);
    expect(upload.status).toBe(413);
    for (const r of [noCookie, anonymous, signedIn, upload]) expect(r.peakRssMb - before).toBeLessThan(60);
    // A declared length over the limit is refused without reading anything.
    const declared = await tryFetch(`${portal.url}/login`, {
      method: "POST",
      headers: { ...form, cookie: `XSRF-TOKEN=${xsrf}`, "content-length": String(10 * 1024 * 1024) },
      body: "x".repeat(10 * 1024 * 1024),
    });
    expect(declared.status).toBe(413);
    expect((await tryFetch(`${portal.url}/healthz`)).status).toBe(200);
  }, 120_000);

  test("a cross-site form post is refused before its body is read", async () => {
    const res = await tryFetch(`${portal.url}/login`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", cookie: `XSRF-TOKEN=${xsrf}`, origin: "https://evil.example" },
      body: `_csrf=${xsrf}&username=admin&password=x`,
    });
    expect(res.status).toBe(419);
  });

  test("redirectTo: control characters, NUL and malformed percent-encoding are 4xx; only same-origin page paths are followed", async () => {
    for (const bad of ["%00", "%E0%A4%A", "%2Fdashboard%09x", "/dash%0d%0aSet-Cookie:%20x=1", "%"]) {
      const res = await tryFetch(`${portal.url}/login?redirectTo=${bad}`);
      expect(res.status, `GET /login?redirectTo=${bad}`).toBeGreaterThanOrEqual(400);
      expect(res.status, `GET /login?redirectTo=${bad}`).toBeLessThan(500);
      expect(res.text).not.toMatch(/^\s+at /m);
    }
    const signIn = async (redirectTo: string) => {
      const body = new URLSearchParams({ _csrf: xsrf, username: ADMIN.username, password: ADMIN.password, redirectTo });
      return tryFetch(`${portal.url}/login`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", cookie: `XSRF-TOKEN=${xsrf}` },
        body: body.toString(),
      });
    };
    const cases: [string, string | number][] = [
      ["/manage/residents?page=2", "/manage/residents?page=2"],
      ["/dashboard.data", "/dashboard"],
      // Issue 16 item 7: a data URL leads to its page (never to a `.data` 404).
      ["/manage/residents.data?page=2", "/manage/residents?page=2"],
      ["https://evil.example/", "/dashboard"],
      ["//evil.example/", "/dashboard"],
      ["/\\evil.example", "/dashboard"],
      ["/dash\tboard", 400],
      ["/x\r\nSet-Cookie: a=b", 400],
      ["/x\u0000y", 400],
    ];
    for (const [to, expected] of cases) {
      const res = await signIn(to);
      if (typeof expected === "number") {
        expect(res.status, JSON.stringify(to)).toBeGreaterThanOrEqual(expected);
        expect(res.status, JSON.stringify(to)).toBeLessThan(500);
        continue;
      }
      expect(res.status, JSON.stringify(to)).toBe(302);
      expect(res.headers.get("location"), JSON.stringify(to)).toBe(expected);
    }
  }, 60_000);
});
