import type { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  createUser,
  setMaintenance,
  signedIn,
  startTestServer,
  type ApiClient,
  type TestServer,
  type TestUser,
} from "../helpers/server.ts";
import { pageContext } from "../helpers/page-context.ts";

// Maintenance mode stops everyone but those who may work through it (the Administrator role) on
// every transport: REST, tRPC, pages (loaders and actions) and exports. The rule is the service
// context's (server/context.ts serviceContextFor), so each transport inherits it; /trpc used to
// skip it. Pages run in process here, behind their layout's middleware as React Router runs them
// (tests/faults/maintenance.test.ts asks the same over HTTP with the real pages).

let server: TestServer;
let secretary: TestUser;
let staff: ApiClient;
let admin: ApiClient;
let adminId: number;

beforeAll(async () => {
  server = await startTestServer();
  secretary = await createUser(server.db, { username: "maint-secretary", roles: ["Secretary"] });
  staff = await signedIn(server, secretary);
  admin = await signedIn(server, server.admin);
  adminId = (await server.db.selectFrom("users").select("id").where("username", "=", server.admin.username).executeTakeFirstOrThrow()).id;
});

afterAll(async () => {
  await setMaintenance(server.db, false);
  await server?.close();
});

beforeEach(async () => {
  await setMaintenance(server.db, true);
});

const query = (client: ApiClient, path: string, input?: unknown) =>
  client.get(`/trpc/${path}${input === undefined ? "" : `?input=${encodeURIComponent(JSON.stringify(input))}`}`);

type Args = { request: Request; context: RouterContextProvider; params: Record<string, string>; url: URL };
type Middleware = (args: Args, next: () => Promise<unknown>) => Promise<unknown>;
type RouteModule = { middleware?: Middleware[]; loader?: (args: Args) => Promise<unknown>; action?: (args: Args) => Promise<unknown> };

/**
 * A page request as React Router runs it: the layout's middleware (its guards), then the route's
 * loader or action. Answers the status the page would get.
 */
async function page(
  layoutFile: string,
  routeFile: string,
  path: string,
  userId: number,
  init: RequestInit = {},
  params: Record<string, string> = {},
) {
  const layout = (await import(layoutFile)) as RouteModule;
  const route = (await import(routeFile)) as RouteModule;
  const url = new URL(`http://portal.test${path}`);
  const context = await pageContext(server.db, userId, "maintenance-test");
  const args: Args = { request: new Request(url, init), context, params, url };
  const handler = init.method && init.method !== "GET" ? route.action! : route.loader!;
  try {
    let result: unknown;
    const run = async (i: number): Promise<unknown> => {
      const middleware = layout.middleware?.[i];
      if (!middleware) return (result = await handler(args));
      await middleware(args, () => run(i + 1));
      return result;
    };
    await run(0);
    if (result instanceof Response) {
      await result.body?.cancel();
      return result.status;
    }
    return 200;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown.status;
    const status = (thrown as { init?: ResponseInit | null }).init?.status;
    if (status) return status;
    throw thrown;
  }
}

const DEFAULT_LAYOUT = "../../app/routes/layouts/default.tsx";

describe("maintenance on every transport", () => {
  it("REST: staff get 503; sign-in, who am I and sign-out still answer; administrators work", async () => {
    expect((await staff.get("/backend/api/resident")).status).toBe(503);
    expect((await staff.post("/backend/api/religion", { name: "Closed" })).status).toBe(503);
    expect((await staff.get("/backend/api/userme")).status).toBe(200);
    expect((await admin.get("/backend/api/resident")).status).toBe(200);
  });

  it("tRPC: staff get 503 on queries and mutations, and nothing is written", async () => {
    const list = await query(staff, "resource.list", { resource: "religion" });
    expect(list.status).toBe(503);
    expect(list.body.error.message).toBe("Service Unavailable");
    expect(list.body.error.data.httpStatus).toBe(503);
    expect((await query(staff, "notifications.since", { after: 0 })).status).toBe(503);
    const create = await staff.post("/trpc/resource.create", { resource: "religion", data: { name: "Written in maintenance" } });
    expect(create.status).toBe(503);
    const written = await server.db.selectFrom("religions").select("id").where("name", "=", "Written in maintenance").execute();
    expect(written).toEqual([]);
    // A guest is refused the same way.
    expect((await query(server.client(), "resource.list", { resource: "religion" })).status).toBe(503);
  });

  it("tRPC: the status check and who am I still answer; a batch with another call is refused whole", async () => {
    const status = await query(staff, "system.status");
    expect(status.status).toBe(200);
    expect(status.body.result.data).toEqual({ maintenance: true });
    expect((await query(staff, "auth.me")).body.result.data).toMatchObject({ id: secretary.id });
    const batch = await staff.get(
      `/trpc/system.status,resource.list?batch=1&input=${encodeURIComponent(JSON.stringify({ 1: { resource: "religion" } }))}`,
    );
    expect(batch.status).toBe(503);
  });

  it("tRPC: administrators work through it", async () => {
    expect((await query(admin, "resource.list", { resource: "religion" })).status).toBe(200);
    expect((await admin.post("/trpc/resource.create", { resource: "religion", data: { name: "Admin in maintenance" } })).status).toBe(200);
    expect((await admin.post("/trpc/system.setMaintenance", { on: false })).status).toBe(200);
    expect((await query(staff, "resource.list", { resource: "religion" })).status).toBe(200);
  });

  it("pages: a loader and an action answer 503 to staff, and run for administrators", async () => {
    expect(await page(DEFAULT_LAYOUT, "../../app/routes/dashboard.tsx", "/dashboard", secretary.id)).toBe(503);
    const post = { method: "POST", body: new URLSearchParams({ intent: "create", name: "Posted in maintenance" }) };
    expect(await page(DEFAULT_LAYOUT, "../../app/routes/resource-list.tsx", "/system/parameters/religions", secretary.id, post)).toBe(503);
    expect(await page(DEFAULT_LAYOUT, "../../app/routes/dashboard.tsx", "/dashboard", adminId)).toBe(200);
  });

  it("exports: a list's CSV and a report's file answer 503 to staff, and download for administrators", async () => {
    const csv = (userId: number) =>
      page(DEFAULT_LAYOUT, "../../app/routes/export.tsx", "/export/resident", userId, {}, { resource: "resident" });
    expect(await csv(secretary.id)).toBe(503);
    expect(await csv(adminId)).toBe(200);
    expect((await staff.get("/backend/api/reports/residents/export.csv")).status).toBe(503);
    expect((await admin.get("/backend/api/reports/residents/export.csv")).status).toBe(200);
  });

  it("with maintenance off, staff are served on every transport again", async () => {
    await setMaintenance(server.db, false);
    expect((await staff.get("/backend/api/resident")).status).toBe(200);
    expect((await query(staff, "resource.list", { resource: "resident" })).status).toBe(200);
    expect(await page(DEFAULT_LAYOUT, "../../app/routes/dashboard.tsx", "/dashboard", secretary.id)).toBe(200);
    expect((await staff.get("/backend/api/reports/residents/export.csv")).status).toBe(200);
  });
});
