import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { RESOURCES } from "../../domain/registry/index.ts";
import { openDatabase, type OpenedDatabase } from "../../db/index.ts";
import { createUser, type ApiClient } from "../helpers/server.ts";
import { createFaultDatabase, ensureBuild, FAULTS_ENABLED, startPortal, tryFetch, type FaultDatabase, type Portal } from "./portal.ts";

// Issue 14 item 6: /Maps listed puroks, households and hazards to any signed-in user; anonymous
// REST calls answered 403 or 404 depending on whether the record existed; the Viewer's REST and
// page permissions must agree.

describe.skipIf(!FAULTS_ENABLED)("least privilege and enumeration", () => {
  let database: FaultDatabase;
  let portal: Portal;
  let opened: OpenedDatabase;

  beforeAll(async () => {
    ensureBuild();
    database = await createFaultDatabase();
    portal = await startPortal({ env: { DATABASE_URL: database.url } });
    opened = await openDatabase({ databaseUrl: database.url, poolSize: 2 });
  }, 120_000);

  afterAll(async () => {
    await opened?.close();
    await portal?.stop();
    await database?.drop();
  });

  const signIn = async (username: string, password: string): Promise<ApiClient> => {
    const client = portal.client();
    expect((await client.login(username, password)).status).toBe(200);
    return client;
  };
  const page = (client: ApiClient, path: string) =>
    tryFetch(portal.url + path, { headers: { cookie: [...client.cookies].map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join("; ") } });

  test("/Maps needs a permission", async () => {
    const nobody = await createUser(opened.db, { username: "no-roles" });
    const viewer = await createUser(opened.db, { username: "map-viewer", roles: ["Viewer"] });
    const none = await signIn(nobody.username, nobody.password);
    expect((await page(none, "/Maps")).status).toBe(403);
    expect((await page(none, "/maps")).status).toBe(403);
    const v = await signIn(viewer.username, viewer.password);
    expect((await page(v, "/maps")).status).toBe(200);
  });

  test("anonymous REST calls answer 401 before any lookup, whether the record exists or not", async () => {
    const anonymous = portal.client();
    await anonymous.csrf();
    for (const path of ["/backend/api/user/1", "/backend/api/user/999999", "/backend/api/religion/1", "/backend/api/no-such-thing"]) {
      for (const method of ["GET", "DELETE", "PUT"]) {
        const res = await anonymous.request(method, path, method === "PUT" ? { body: { name: "x" } } : {});
        expect(res.status, `${method} ${path}`).toBe(401);
        expect(res.body).toEqual({ message: "Unauthenticated." });
      }
    }
    expect((await anonymous.get("/backend/api/status")).status).toBe(200);
  });

  test("the Viewer's REST and page permissions agree on every list", async () => {
    const viewer = await createUser(opened.db, { username: "agreeing-viewer", roles: ["Viewer"] });
    const client = await signIn(viewer.username, viewer.password);
    const disagreements: string[] = [];
    for (const def of RESOURCES) {
      const prefix = def.restPrefix === "admin" ? "/backend/api/admin/" : "/backend/api/";
      const rest = (await client.get(`${prefix}${def.restPath}`)).status;
      const html = (await page(client, def.path)).status;
      const allowed = (s: number) => (s === 200 ? "allowed" : s === 403 ? "refused" : `answered ${s}`);
      if (allowed(rest) !== allowed(html)) disagreements.push(`${def.name}: REST ${rest}, page ${html} (${def.path})`);
    }
    expect(disagreements).toEqual([]);
  }, 60_000);
});
