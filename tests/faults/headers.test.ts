import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { parseSetCookie } from "../helpers/server.ts";
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

// Issue 14 item 7: the CSP allowed 'unsafe-inline' scripts and any ws:/wss: connection; static
// files had no security headers; pages and personal data could be cached; Secure cookies and HSTS
// were off unless SECURE_COOKIES=true.

describe.skipIf(!FAULTS_ENABLED)("security headers", () => {
  let database: FaultDatabase;
  let portal: Portal;

  beforeAll(async () => {
    ensureBuild();
    database = await createFaultDatabase();
    portal = await startPortal({ env: { DATABASE_URL: database.url } });
  }, 120_000);

  afterAll(async () => {
    await portal?.stop();
    await database?.drop();
  });

  test("CSP: scripts by nonce, no 'unsafe-inline'; connect-src only the portal's own origin; every inline script carries the nonce", async () => {
    const res = await tryFetch(`${portal.url}/login`);
    expect(res.status).toBe(200);
    const csp = res.headers.get("content-security-policy") ?? "";
    const directives = Object.fromEntries(
      csp
        .split(";")
        .map((d) => d.trim().split(/\s+/))
        .map(([k, ...v]) => [k, v]),
    );
    expect(directives["script-src"]).not.toContain("'unsafe-inline'");
    const nonce = directives["script-src"].find((v: string) => v.startsWith("'nonce-"))?.slice(7, -1);
    expect(nonce).toMatch(/^[A-Za-z0-9+/=]{16,}$/);
    const host = new URL(portal.url).host;
    expect(directives["connect-src"].sort()).toEqual(["'self'", `ws://${host}`, `wss://${host}`].sort());
    const scripts = [...res.text.matchAll(/<script\b([^>]*)>/g)].map((m) => m[1]);
    expect(scripts.length).toBeGreaterThan(0);
    for (const attrs of scripts) {
      if (/\bsrc=/.test(attrs)) continue;
      expect(attrs, "an inline script without the nonce").toContain(`nonce="${nonce}"`);
    }
    // A fresh nonce for every answer.
    const again = await tryFetch(`${portal.url}/login`);
    expect(again.headers.get("content-security-policy")).not.toBe(csp);
  });

  test("static files get the security headers too", async () => {
    for (const path of ["/favicon.svg", "/color-mode.js"]) {
      const res = await tryFetch(portal.url + path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get("content-security-policy"), path).toContain("default-src 'self'");
      expect(res.headers.get("x-content-type-options"), path).toBe("nosniff");
      expect(res.headers.get("x-frame-options"), path).toBe("DENY");
    }
  });

  test("Cache-Control: no-store on pages and on answers with personal data", async () => {
    const client = portal.client();
    expect((await client.login(ADMIN.username, ADMIN.password)).status).toBe(200);
    const cookie = [...client.cookies].map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join("; ");
    for (const path of ["/dashboard", "/manage/residents", "/system/users", "/login"]) {
      const res = await tryFetch(portal.url + path, { headers: { cookie } });
      expect(res.headers.get("cache-control"), path).toContain("no-store");
    }
    for (const path of ["/backend/api/userme", "/backend/api/user", "/trpc/system.status"]) {
      const res = await client.get(path);
      expect(res.headers.get("cache-control"), path).toContain("no-store");
    }
  });

  test("Secure cookies and HSTS by default behind HTTPS; neither over plain HTTP", async () => {
    const plain = await tryFetch(`${portal.url}/login`);
    expect(plain.headers.get("strict-transport-security")).toBeNull();
    for (const line of plain.headers.getSetCookie()) expect(parseSetCookie(line).attributes.secure, line).toBeUndefined();

    const https = await tryFetch(`${portal.url}/login`, { headers: { "X-Forwarded-Proto": "https" } });
    expect(https.headers.get("strict-transport-security")).toContain("max-age=");
    const cookies = https.headers.getSetCookie();
    expect(cookies.length).toBeGreaterThan(0);
    for (const line of cookies) expect(parseSetCookie(line).attributes.secure, line).toBe("");

    const client = portal.client();
    await client.request("GET", "/backend/sanctum/csrf-cookie", { headers: { "X-Forwarded-Proto": "https" } });
    const login = await client.request("POST", "/backend/api/login", {
      body: { username: ADMIN.username, password: ADMIN.password },
      headers: { "X-Forwarded-Proto": "https" },
    });
    expect(login.status).toBe(200);
    for (const line of login.setCookies) expect(parseSetCookie(line).attributes.secure, line).toBe("");
  });
});
