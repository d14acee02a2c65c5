import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  adminClient,
  adminQuery,
  createFaultDatabase,
  ensureBuild,
  FAULTS_ENABLED,
  startPortal,
  tryFetch,
  type FaultDatabase,
  type Portal,
} from "./portal.ts";
import type { ApiClient } from "../helpers/server.ts";

// Issue 14 item 9: 50 parallel creates of one unique value, and oversized and malformed bodies on
// every transport, against a real server process: nothing lost, nothing partial, no 5xx.

describe.skipIf(!FAULTS_ENABLED)("parallel and malformed input", () => {
  let database: FaultDatabase;
  let portal: Portal;
  let admin: ApiClient;

  beforeAll(async () => {
    ensureBuild();
    database = await createFaultDatabase();
    portal = await startPortal({ env: { DATABASE_URL: database.url } });
    admin = await adminClient(portal);
  }, 120_000);

  afterAll(async () => {
    await portal?.stop();
    await database?.drop();
  });

  const count = async (name: string) =>
    Number((await adminQuery<{ n: string }>("select count(*)::text as n from religions where name = $1", [name], database.url))[0].n);

  test("50 parallel creates of one unique value: one 201, 49 × 422 on the field, one row, one audit row", async () => {
    const results = await Promise.all(Array.from({ length: 50 }, () => admin.post("/backend/api/religion", { name: "Parallel Faith" })));
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 422)).toHaveLength(49);
    for (const r of results.filter((r) => r.status === 422)) expect(Object.keys(r.body.errors)).toEqual(["name"]);
    expect(await count("Parallel Faith")).toBe(1);
    const audits = await adminQuery<{ n: string }>(
      "select count(*)::text as n from audit_log a join religions r on a.entity = 'religion' and a.entity_id = r.id::text where r.name = 'Parallel Faith'",
      [],
      database.url,
    );
    expect(audits[0].n).toBe("1");
  }, 60_000);

  test("oversized and malformed bodies on REST, tRPC and pages: 4xx, never 5xx, nothing written", async () => {
    const xsrf = admin.cookies.get("XSRF-TOKEN")!;
    const cookie = [...admin.cookies].map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join("; ");
    const json = { "content-type": "application/json", cookie, "x-xsrf-token": xsrf };
    const deep = "[".repeat(20_000) + "]".repeat(20_000);
    const cases: [string, string, RequestInit][] = [
      [
        "REST 2 MB JSON",
        "/backend/api/religion",
        { method: "POST", headers: json, body: JSON.stringify({ name: "x".repeat(2 * 1024 * 1024) }) },
      ],
      ["REST malformed JSON", "/backend/api/religion", { method: "POST", headers: json, body: '{"name": "Broken' }],
      ["REST deeply nested JSON", "/backend/api/religion", { method: "POST", headers: json, body: deep }],
      ["REST array body", "/backend/api/religion", { method: "POST", headers: json, body: '["name"]' }],
      ["REST number body", "/backend/api/religion", { method: "POST", headers: json, body: "42" }],
      ["REST NUL in a field", "/backend/api/religion", { method: "POST", headers: json, body: JSON.stringify({ name: "Nul\u0000Faith" }) }],
      [
        "REST invalid UTF-8",
        "/backend/api/religion",
        {
          method: "POST",
          headers: json,
          body: new Uint8Array([0x7b, 0x22, 0x6e, 0x61, 0x6d, 0x65, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]),
        },
      ],
      [
        "REST unknown charset",
        "/backend/api/religion",
        { method: "POST", headers: { ...json, "content-type": "application/json; charset=klingon" }, body: "{}" },
      ],
      [
        "REST gzip that is not",
        "/backend/api/religion",
        { method: "POST", headers: { ...json, "content-encoding": "gzip" }, body: "not gzip" },
      ],
      ["REST name as object", "/backend/api/religion", { method: "POST", headers: json, body: JSON.stringify({ name: { $gt: "" } }) }],
      ["REST huge id", "/backend/api/religion/99999999999999999999999", { headers: json }],
      ["REST malformed percent id", "/backend/api/religion/%E0%A4%A", { headers: json }],
      ["REST 64 KB query", `/backend/api/religion?search=${"a".repeat(64 * 1024)}`, { headers: json }],
      ["tRPC malformed input", "/trpc/resource.create", { method: "POST", headers: json, body: "{nope" }],
      [
        "tRPC wrong shape",
        "/trpc/resource.create",
        { method: "POST", headers: json, body: JSON.stringify({ resource: "religion", data: [1, 2] }) },
      ],
      [
        "tRPC 2 MB input",
        "/trpc/resource.create",
        { method: "POST", headers: json, body: JSON.stringify({ resource: "religion", data: { name: "y".repeat(2 * 1024 * 1024) } }) },
      ],
      ["tRPC huge batch", `/trpc/${Array(500).fill("system.status").join(",")}?batch=1`, { headers: json }],
      [
        "page malformed form",
        "/system/parameters/religions",
        // Form decoding is lenient (WHATWG): "%ZZ" stays as typed. A duplicate name, so nothing is written.
        {
          method: "POST",
          headers: { cookie, "content-type": "application/x-www-form-urlencoded" },
          body: `_csrf=${xsrf}&intent=create&name=Parallel+Faith&%ZZ=%`,
        },
      ],
      [
        "page broken multipart",
        "/manage/residents",
        {
          method: "POST",
          headers: { cookie, "content-type": "multipart/form-data; boundary=zz" },
          body: `--zz\r\nContent-Disposition: form-data; name="_csrf"\r\n\r\n${xsrf}\r\n--zz\r\nbroken`,
        },
      ],
      [
        "page 2 MB form",
        "/system/parameters/religions",
        {
          method: "POST",
          headers: { cookie, "content-type": "application/x-www-form-urlencoded" },
          body: `_csrf=${xsrf}&intent=create&name=${"z".repeat(2 * 1024 * 1024)}`,
        },
      ],
    ];
    const before = Number((await adminQuery<{ n: string }>("select count(*)::text as n from religions", [], database.url))[0].n);
    const answers: string[] = [];
    for (const [label, path, init] of cases) {
      const res = await tryFetch(portal.url + path, init);
      answers.push(`${label}: ${res.status}`);
      if (label !== "page malformed form") expect(res.status, `${label}: ${res.text.slice(0, 300)}`).toBeGreaterThanOrEqual(400);
      expect(res.status, `${label}: ${res.text.slice(0, 300)}`).toBeLessThan(500);
      expect(res.text, label).not.toMatch(/^\s+at .+:\d+/m);
    }
    console.log(`inputs: ${answers.join("; ")}`);
    const after = Number((await adminQuery<{ n: string }>("select count(*)::text as n from religions", [], database.url))[0].n);
    expect(after).toBe(before);
    expect((await tryFetch(`${portal.url}/healthz`)).status).toBe(200);
  }, 60_000);
});
