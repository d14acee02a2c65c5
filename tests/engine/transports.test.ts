import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import routes from "../../app/routes.ts";
import { requestContext } from "../../server/http/pages/context.ts";
import { RESOURCES, restBase } from "../../domain/registry/index.ts";
import type { ResourceDef } from "../../domain/registry/types.ts";
import { loadAuthUser } from "../../server/auth/sessions.ts";
import type { ServiceContext } from "../../server/context.ts";
import { isAppError } from "../../server/errors.ts";
import { serviceByName } from "../../server/engine/services.ts";
import { sampleInput } from "../helpers/resources.ts";
import { createUser, signedIn, startTestServer, type ApiClient, type ApiResponse, type TestServer } from "../helpers/server.ts";

/** Every transport deletes with a reason: an issued receipt's cancel asks one (decision 192); other entries ignore it. */
const DELETE_REASON = "Checked by the transports test";

// One way in (DESIGN §10, issue 9 item 1): every registry entry's rules — permission, validation,
// hooks, restore rules — give the same outcome and leave the same database state whichever way
// the call comes: the service itself, REST, tRPC or the page's form action (posted as a browser
// without JavaScript posts it). Reads agree too: REST list, tRPC list, the page and the CSV export.

let server: TestServer;
let admin: ApiClient;
let nobody: ApiClient;
let adminCtx: ServiceContext;
let nobodyCtx: ServiceContext;

beforeAll(async () => {
  server = await startTestServer();
  admin = await signedIn(server, server.admin);
  const user = await createUser(server.db, { username: "no-rights", permissions: ["manage-parameter"] });
  nobody = await signedIn(server, user);
  const adminRow = await server.db.selectFrom("users").select("id").where("username", "=", server.admin.username).executeTakeFirstOrThrow();
  adminCtx = { db: server.db, user: await loadAuthUser(server.db, adminRow.id) };
  nobodyCtx = { db: server.db, user: await loadAuthUser(server.db, user.id) };
});
afterAll(async () => {
  await server?.close();
});

/** What a caller can tell of an answer: success, or the refusal's status. */
type Outcome = "ok" | "403" | "404" | "422" | `other ${number}`;
type Who = "admin" | "nobody";
type Op =
  | { kind: "create"; input: unknown }
  | { kind: "update"; id: number; input: unknown }
  | { kind: "delete"; id: number }
  | { kind: "restore"; id: number }
  | { kind: "restoreMany"; ids: number[] };

interface Transport {
  name: string;
  run(def: ResourceDef, who: Who, op: Op): Promise<Outcome>;
}

function statusOutcome(status: number): Outcome {
  if (status >= 200 && status < 400) return "ok";
  if (status === 403 || status === 404 || status === 422) return String(status) as Outcome;
  return `other ${status}`;
}

const serviceTransport: Transport = {
  name: "service",
  async run(def, who, op) {
    const ctx = who === "admin" ? adminCtx : nobodyCtx;
    const service = serviceByName(def.name);
    try {
      if (op.kind === "create") await service.create(ctx, op.input);
      else if (op.kind === "update") await service.update(ctx, op.id, op.input);
      else if (op.kind === "delete") await service.remove(ctx, op.id, { reason: DELETE_REASON });
      else if (op.kind === "restore") await service.restore(ctx, op.id);
      else await service.restoreMany(ctx, op.ids);
      return "ok";
    } catch (error) {
      if (isAppError(error)) return statusOutcome(error.status);
      throw error;
    }
  },
};

const client = (who: Who) => (who === "admin" ? admin : nobody);

const restTransport: Transport = {
  name: "REST",
  async run(def, who, op) {
    const base = `/backend${restBase(def)}`;
    const c = client(who);
    let res: ApiResponse;
    if (op.kind === "create") res = await c.post(base, op.input);
    else if (op.kind === "update") res = await c.put(`${base}/${op.id}`, op.input);
    else if (op.kind === "delete") res = await c.delete(`${base}/${op.id}?reason=${encodeURIComponent(DELETE_REASON)}`);
    else if (op.kind === "restore") res = await c.post(`${base}/restore`, { id: op.id });
    else
      res = await c.post(
        `${base}/multiple_restore_${def.restPath}`,
        def.multiBody === "ids" ? { ids: op.ids } : op.ids.map((id) => ({ id })),
      );
    return statusOutcome(res.status);
  },
};

const trpcTransport: Transport = {
  name: "tRPC",
  async run(def, who, op) {
    const c = client(who);
    const call = (procedure: string, input: unknown) => c.post(`/trpc/resource.${procedure}`, input);
    let res: ApiResponse;
    if (op.kind === "create") res = await call("create", { resource: def.name, data: op.input });
    else if (op.kind === "update") res = await call("update", { resource: def.name, id: op.id, data: op.input });
    else if (op.kind === "delete") res = await call("remove", { resource: def.name, id: op.id, reason: DELETE_REASON });
    else if (op.kind === "restore") res = await call("restore", { resource: def.name, id: op.id });
    else res = await call("restoreMany", { resource: def.name, ids: op.ids });
    return statusOutcome(res.status === 200 ? 200 : (res.body?.error?.data?.httpStatus ?? res.status));
  },
};

/** A JSON body as the names a form posts (Conform's: user_profile.firstname, members[0].user_id). */
function formOf(value: unknown, prefix: string, out: URLSearchParams): URLSearchParams {
  if (Array.isArray(value)) value.forEach((item, i) => formOf(item, `${prefix}[${i}]`, out));
  else if (value && typeof value === "object") for (const [k, v] of Object.entries(value)) formOf(v, prefix ? `${prefix}.${k}` : k, out);
  else if (typeof value === "boolean") {
    if (value) out.append(prefix, "on");
  } else if (value != null) out.append(prefix, String(value));
  return out;
}

/** The route module of a registry entry's list page, found in the route table (app/routes.ts). */
type RouteEntry = { id?: string; file: string; children?: RouteEntry[] };
function routeFileOf(def: ResourceDef): string {
  const walk = (entries: RouteEntry[]): string | undefined => {
    for (const entry of entries) {
      if (entry.id === `resource-${def.name}`) return entry.file;
      const inner = entry.children && walk(entry.children);
      if (inner) return inner;
    }
  };
  const file = walk(routes as RouteEntry[]);
  if (!file) throw new Error(`no list route for ${def.name}`);
  return file;
}

type RouteArgs = { request: Request; context: RouterContextProvider; params: Record<string, string>; url?: URL };
type RouteFunction = (args: RouteArgs) => Promise<unknown>;

/** A request context as the HTTP layer builds it for a signed-in user. */
function pageContext(who: Who): RouterContextProvider {
  const ctx = who === "admin" ? adminCtx : nobodyCtx;
  const context = new RouterContextProvider();
  context.set(requestContext, {
    db: server.db,
    user: ctx.user,
    sessionId: null,
    csrfToken: "test",
    ip: "127.0.0.1",
    requestId: "transports-test",
    userAgent: "vitest",
    secureCookies: false,
  });
  return context;
}

/** The outcome of a page loader or action: a redirect or data is success, a thrown `data(…, {status})` its status. */
function pageOutcome(result: unknown): Outcome {
  if (result instanceof Response) {
    // A refusal some screens show as a toast after the redirect (flash type "invalid") is a 422.
    const flash = /portal_flash=([^;]+)/.exec(result.headers.get("Set-Cookie") ?? "");
    if (flash && JSON.parse(Buffer.from(flash[1], "base64url").toString("utf8")).type === "invalid") return "422";
    return statusOutcome(result.status);
  }
  const init = (result as { init?: { status?: number } | null } | null)?.init;
  return statusOutcome(init?.status ?? 200);
}

/**
 * The page transport calls the list route's own action in process, with the form a browser
 * without JavaScript posts. (The HTTP layer in front of it — session, CSRF — is tested by the
 * e2e suite against the production build; the question here is which rules the action reaches.)
 */
const pageTransport: Transport = {
  name: "page",
  async run(def, who, op) {
    const form = new URLSearchParams();
    form.set("intent", op.kind === "restoreMany" ? "restore-many" : op.kind);
    if (op.kind === "create" || op.kind === "update") formOf(op.input, "", form);
    if (op.kind === "update" || op.kind === "delete" || op.kind === "restore") form.set("id", String(op.id));
    if (op.kind === "delete") form.set("reason", DELETE_REASON);
    if (op.kind === "restoreMany") for (const id of op.ids) form.append("ids", String(id));
    const mod = (await import(`../../app/${routeFileOf(def)}`)) as { action: RouteFunction };
    const request = new Request(`http://portal.test${def.path}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: form.toString(),
    });
    try {
      return pageOutcome(await mod.action({ request, context: pageContext(who), params: {} }));
    } catch (error) {
      if (isAppError(error)) return statusOutcome(error.status);
      return pageOutcome(error);
    }
  },
};

const TRANSPORTS = [serviceTransport, restTransport, trpcTransport, pageTransport];

const tableOf = (def: ResourceDef) => (def.storage.kind === "user" ? "users" : def.storage.table);

/** The row as stored, "absent", or "trashed"/"active": the database state the outcomes must agree on. */
async function stateOf(def: ResourceDef, id: number | null): Promise<string> {
  if (id == null) return "none";
  const row = await server.db
    .selectFrom(tableOf(def) as "users")
    .select(def.deletion === "hard" ? ["id"] : ["id", "deleted_at"])
    .where("id", "=", id)
    .executeTakeFirst();
  if (!row) return "absent";
  return "deleted_at" in row && row.deleted_at ? "trashed" : "active";
}

async function countOf(def: ResourceDef): Promise<number> {
  const row = await server.db
    .selectFrom(tableOf(def) as "users")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The id of the row a create just made (page actions redirect without it): the newest row. */
async function newestId(def: ResourceDef): Promise<number> {
  const row = await server.db
    .selectFrom(tableOf(def) as "users")
    .select("id")
    .orderBy("id", "desc")
    .executeTakeFirstOrThrow();
  return row.id;
}

// Entries whose rows are only generated (form numbers of a pad, issue 10) have no create to run.
describe.each(RESOURCES.filter((def) => def.modals.includes("create")).map((def) => [def.name, def] as const))(
  "%s through service, REST, tRPC and page",
  (_name, def) => {
    it("gives the same outcome and database state for refusals and the whole life cycle", async () => {
      const results: Record<string, string[]> = {};
      for (const transport of TRANSPORTS) {
        const log: string[] = [];
        const before = await countOf(def);
        const input = await sampleInput(admin, def, transport.name.slice(0, 1));
        // Refused without permission: nothing written.
        log.push(
          `create by nobody: ${await transport.run(def, "nobody", { kind: "create", input })}, rows +${(await countOf(def)) - before}`,
        );
        // Bad input: nothing written.
        log.push(`create {}: ${await transport.run(def, "admin", { kind: "create", input: {} })}, rows +${(await countOf(def)) - before}`);
        // The life cycle.
        log.push(`create: ${await transport.run(def, "admin", { kind: "create", input })}, rows +${(await countOf(def)) - before}`);
        const id = await newestId(def);
        log.push(`update by nobody: ${await transport.run(def, "nobody", { kind: "update", id, input })}`);
        log.push(`update: ${await transport.run(def, "admin", { kind: "update", id, input })}, ${await stateOf(def, id)}`);
        log.push(`delete by nobody: ${await transport.run(def, "nobody", { kind: "delete", id })}, ${await stateOf(def, id)}`);
        log.push(`delete: ${await transport.run(def, "admin", { kind: "delete", id })}, ${await stateOf(def, id)}`);
        log.push(`restore by nobody: ${await transport.run(def, "nobody", { kind: "restore", id })}, ${await stateOf(def, id)}`);
        log.push(`restore: ${await transport.run(def, "admin", { kind: "restore", id })}, ${await stateOf(def, id)}`);
        log.push(`restore missing: ${await transport.run(def, "admin", { kind: "restore", id: 987654321 })}`);
        results[transport.name] = log;
      }
      for (const transport of TRANSPORTS.slice(1))
        expect(results[transport.name], `${transport.name} differs from the service`).toEqual(results.service);
      // The outcomes themselves (so that four equally wrong answers cannot pass).
      expect(results.service.slice(0, 3)).toEqual(["create by nobody: 403, rows +0", "create {}: 422, rows +0", "create: ok, rows +1"]);
      expect(results.service[6]).toBe(def.deletion === "hard" ? "delete: ok, absent" : "delete: ok, trashed");
    });
  },
);

describe("restore rules hold on every transport (the tRPC restore bypass of issue 9)", () => {
  it("a trashed disaster-prone area is not restored while its purok has another active entry", async () => {
    const outcomes: string[] = [];
    for (const transport of TRANSPORTS) {
      const purok = (await admin.post("/backend/api/purok", { name: `Purok rule ${transport.name}` })).body.data.id;
      const first = await admin.post("/backend/api/disaster_prone_area", {
        purok_id: purok,
        disaster_types: ["Flood"],
        affected_area: "Riverside",
      });
      expect(first.status).toBe(201);
      expect((await admin.delete(`/backend/api/disaster_prone_area/${first.body.data.id}`)).status).toBe(200);
      const second = await admin.post("/backend/api/disaster_prone_area", {
        purok_id: purok,
        disaster_types: ["Landslide"],
        affected_area: "Hillside",
      });
      expect(second.status).toBe(201);
      const def = RESOURCES.find((d) => d.name === "disaster_prone_area")!;
      const one = await transport.run(def, "admin", { kind: "restore", id: first.body.data.id });
      const many = await transport.run(def, "admin", { kind: "restoreMany", ids: [first.body.data.id] });
      outcomes.push(`${transport.name}: ${one}/${many}, ${await stateOf(def, first.body.data.id)}`);
    }
    expect(outcomes).toEqual(TRANSPORTS.map((t) => `${t.name}: 422/422, trashed`));
  });

  it("a trashed household is not restored while its head heads another active household", async () => {
    const outcomes: string[] = [];
    const def = RESOURCES.find((d) => d.name === "household")!;
    for (const transport of TRANSPORTS) {
      const body = await sampleInput(admin, def, transport.name.slice(0, 1));
      const first = await admin.post("/backend/api/household", body);
      expect(first.status, first.text).toBe(201);
      expect((await admin.delete(`/backend/api/household/${first.body.data.id}`)).status).toBe(200);
      const second = await admin.post("/backend/api/household", { ...body, address: "Another house" });
      expect(second.status, second.text).toBe(201);
      const one = await transport.run(def, "admin", { kind: "restore", id: first.body.data.id });
      const many = await transport.run(def, "admin", { kind: "restoreMany", ids: [first.body.data.id] });
      outcomes.push(`${transport.name}: ${one}/${many}, ${await stateOf(def, first.body.data.id)}`);
    }
    expect(outcomes).toEqual(TRANSPORTS.map((t) => `${t.name}: 422/422, trashed`));
  });
});

describe("reads agree", () => {
  it.each(RESOURCES.map((def) => [def.name, def] as const))(
    "%s: REST list, tRPC list, page and CSV export show the same rows",
    async (_name, def) => {
      const rest = await admin.get(`/backend${restBase(def)}?per_page=100&sort=id`);
      expect(rest.status).toBe(200);
      const trpc = await admin.get(
        `/trpc/resource.list?input=${encodeURIComponent(JSON.stringify({ resource: def.name, query: { per_page: 100 } }))}`,
      );
      expect(trpc.status).toBe(200);
      expect(trpc.body.result.data.meta.total).toBe(rest.body.meta.total);
      // The CSV export (app/routes/export.tsx) and the list page's loader, in process as above.
      const exportModule = (await import("../../app/routes/export.tsx")) as unknown as { loader: RouteFunction };
      const exportUrl = new URL(`http://portal.test/export/${def.name}`);
      const csv = (await exportModule.loader({
        request: new Request(exportUrl),
        context: pageContext("admin"),
        params: { resource: def.name },
        url: exportUrl,
      })) as Response;
      expect(csv.status).toBe(200);
      const lines = (await csv.text())
        .replace(/^\uFEFF/, "")
        .trim()
        .split(/\r?\n/);
      expect(lines.length - 1).toBe(rest.body.meta.total);
      const listModule = (await import(`../../app/${routeFileOf(def)}`)) as { loader: RouteFunction };
      const page = (await listModule.loader({
        request: new Request(`http://portal.test${def.path}?per_page=100`),
        context: pageContext("admin"),
        params: {},
      })) as { data: { page: { meta: { total: number } } } };
      expect(page.data.page.meta.total).toBe(rest.body.meta.total);
    },
  );
});
