import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { openDatabase, type OpenedDatabase } from "../../db/index.ts";
import { createUser, type ApiClient } from "../helpers/server.ts";
import { adminClient, createFaultDatabase, ensureBuild, FAULTS_ENABLED, startPortal, tryFetch, type FaultDatabase, type Portal } from "./portal.ts";

// Maintenance mode over HTTP on the real server, on all four transports: REST, tRPC, pages (a
// loader and an action) and exports (a list's CSV, a report's file on its page and over REST).
// Staff get 503 everywhere, administrators work through it. /trpc used to answer staff as usual.

describe.skipIf(!FAULTS_ENABLED)("maintenance on every transport", () => {
  let database: FaultDatabase;
  let portal: Portal;
  let opened: OpenedDatabase;
  let admin: ApiClient;
  let staff: ApiClient;

  beforeAll(async () => {
    ensureBuild();
    database = await createFaultDatabase();
    portal = await startPortal({ env: { DATABASE_URL: database.url } });
    opened = await openDatabase({ databaseUrl: database.url, poolSize: 2 });
    admin = await adminClient(portal);
    const secretary = await createUser(opened.db, { username: "maint-secretary", roles: ["Secretary"] });
    staff = portal.client();
    expect((await staff.login(secretary.username, secretary.password)).status).toBe(200);
  }, 120_000);

  afterAll(async () => {
    await opened?.close();
    await portal?.stop();
    await database?.drop();
  });

  const cookie = (client: ApiClient) => [...client.cookies].map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join("; ");
  const get = async (client: ApiClient, path: string) => (await tryFetch(portal.url + path, { headers: { cookie: cookie(client) } })).status;
  /** A page form posted as the browser does without JavaScript: the CSRF token in `_csrf`. */
  const postForm = async (client: ApiClient, path: string, fields: Record<string, string>) =>
    (
      await tryFetch(portal.url + path, {
        method: "POST",
        headers: { cookie: cookie(client), "content-type": "application/x-www-form-urlencoded", origin: portal.url },
        body: new URLSearchParams({ ...fields, _csrf: client.cookies.get("XSRF-TOKEN") ?? "" }).toString(),
      })
    ).status;
  const trpcQuery = (client: ApiClient, path: string, input: unknown) => get(client, `/trpc/${path}?input=${encodeURIComponent(JSON.stringify(input))}`);

  /** Every transport, one call each, as `client`. */
  const everyTransport = async (client: ApiClient) => ({
    rest: (await client.get("/backend/api/resident")).status,
    trpc: await trpcQuery(client, "resource.list", { resource: "religion" }),
    trpcMutation: (await client.post("/trpc/resource.create", { resource: "religion", data: { name: `By trpc ${Math.random()}` } })).status,
    page: await get(client, "/dashboard"),
    pageAction: await postForm(client, "/system/parameters/religions", { intent: "create", name: `By form ${Math.random()}` }),
    listExport: await get(client, "/export/resident"),
    reportExport: await get(client, "/manage/reports/residents/export?format=csv"),
    restExport: (await client.get("/backend/api/reports/residents/export.csv")).status,
  });

  test("staff get 503 on REST, tRPC, pages and exports; the status check still answers", async () => {
    expect((await admin.post("/trpc/system.setMaintenance", { on: true })).status).toBe(200);
    expect(await everyTransport(staff)).toEqual({
      rest: 503,
      trpc: 503,
      trpcMutation: 503,
      page: 503,
      pageAction: 503,
      listExport: 503,
      reportExport: 503,
      restExport: 503,
    });
    const status = await staff.get("/trpc/system.status");
    expect(status.status).toBe(200);
    expect(status.body.result.data).toEqual({ maintenance: true });
    expect((await staff.get("/backend/api/userme")).status).toBe(200);
  }, 60_000);

  test("administrators work through it on every transport", async () => {
    const answers = await everyTransport(admin);
    expect(Object.values(answers).every((s) => s < 400), JSON.stringify(answers)).toBe(true);
  }, 60_000);

  test("switched off, staff are served again", async () => {
    expect((await admin.post("/trpc/system.setMaintenance", { on: false })).status).toBe(200);
    expect((await staff.get("/backend/api/resident")).status).toBe(200);
    expect(await trpcQuery(staff, "resource.list", { resource: "religion" })).toBe(200);
    expect(await get(staff, "/dashboard")).toBe(200);
    expect(await get(staff, "/export/resident")).toBe(200);
  }, 60_000);
});
