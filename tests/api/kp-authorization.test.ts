import type { RouteConfigEntry } from "@react-router/dev/routes";
import type { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser, signedIn, startTestServer, type ApiClient, type ApiResponse, type TestServer } from "../helpers/server.ts";
import { pageContext } from "../helpers/page-context.ts";
import { RESOURCES, restBase } from "../../domain/registry/index.ts";
import { userCommands, type ResourceDef } from "../../domain/registry/types.ts";
import { REPORTS } from "../../domain/reports/registry.ts";
import { SEEDED_ROLES } from "../../server/seed.ts";
import routes from "../../app/routes.ts";

// The authorization matrix of the Katarungang Pambarangay area (issue 31 item 6, decision 205):
// every seeded role, a user with no role and a reader holding view-kp_case alone, against every KP
// entry point — each KP registry entry's REST and tRPC calls (list, count, get, create, update,
// delete, restore and every command of the entry), every page under /manage/kp (read from
// app/routes.ts), the print routes among them, and the KP reports (read from the report registry:
// page, print, export, REST). The expected answer comes from the permissions the role holds, as the
// seed gives them: without the permission an entry point is a 403 that says nothing of the case;
// with it the call gets past the gate — a read answers 200, a write 200/201 or the 422 of its input
// or of the case's state (the permission is checked first, so a 422 proves the gate was passed).
// Everything is read from the registries, so a command, an entry or a page added later is in the
// matrix without an edit here.

let server: TestServer;

/** The KP entries: every registry entry under /manage/kp. */
const KP_ENTRIES: ResourceDef[] = RESOURCES.filter((def) => def.path.startsWith("/manage/kp/"));
/** The KP reports: those opened by a KP permission (never by the reports' general one). */
const KP_REPORTS = REPORTS.filter((def) => /-(kp_case|lupon_member|kp_hearing)$/.test(def.permission));

interface Who {
  label: string;
  permissions: readonly string[];
  client: ApiClient;
  id: number;
}
const WHO: Who[] = [];
const READER_PERMISSIONS = ["view-kp_case"];

const holds = (who: Who, ...any: string[]) => any.some((p) => who.permissions.includes(p));

/** A row of each entry to read, update and run commands on; another to delete and restore. */
const rowOf: Record<string, number> = {};
const trashOf: Record<string, number> = {};
let caseId = 0;
let admin: ApiClient;

const CASE_BODY = {
  title: "Matrix vs. Gate",
  nature: "Damage to property",
  category: "civil",
  complaint: "The respondent's goat ate the complainant's vegetables.",
  filed_on: "2026-02-02",
  venue_ground: "workplace",
  venue_detail: "The public market of San Isidro",
  parties: [
    { role: "complainant", name: "Maria Matrix", address: "Purok 1, San Isidro" },
    { role: "respondent", name: "Gary Gate", address: "Purok 2, San Isidro" },
  ],
};

/** A valid new record of the entries the matrix knows how to fill; others are sent `{}` (their 422 passes the gate). */
function sampleOf(name: string): Record<string, unknown> {
  if (name === "kp_case") return CASE_BODY;
  if (name === "lupon_member") return { name: "Lito Lupon", position: "member", term_start: "2025-01-01" };
  if (name === "kp_hearing") return { case_id: caseId, kind: "mediation", held_on: "2026-02-05", minutes: "Heard." };
  return {};
}

beforeAll(async () => {
  server = await startTestServer();
  admin = await signedIn(server, server.admin);
  const people = [
    ...SEEDED_ROLES.map((role) => ({ label: role.name, roles: [role.name], permissions: role.permissions() })),
    { label: "no role", roles: [] as string[], permissions: [] as string[] },
    { label: "a reader (view-kp_case only)", roles: [] as string[], permissions: READER_PERMISSIONS, custom: true },
  ];
  for (const [i, p] of people.entries()) {
    const user = await createUser(server.db, {
      username: `kp-matrix-${i}`,
      roles: p.roles,
      ...("custom" in p ? { permissions: p.permissions } : {}),
    });
    const who: Who = { label: p.label, permissions: p.permissions, client: await signedIn(server, user), id: user.id };
    WHO.push(who);
  }
  // The fixtures, made by the Administrator.
  const made = await admin.post("/backend/api/kp_case", CASE_BODY);
  expect(made.status, made.text).toBe(201);
  caseId = made.body.data.id;
  for (const def of KP_ENTRIES) {
    const base = `/backend${restBase(def)}`;
    for (const into of [rowOf, trashOf]) {
      const res = await admin.post(base, sampleOf(def.name));
      if (res.status === 201) into[def.name] = res.body.data.id;
    }
    // An entry the matrix cannot fill: any row the commands made, else an id no row has (a 404 past the gate).
    rowOf[def.name] ??= 999_999;
    trashOf[def.name] ??= 999_998;
  }
});
afterAll(async () => {
  await server?.close();
});

describe("who holds the KP permissions", () => {
  it("is the Administrator, the Punong Barangay and the Secretary alone among the seeded roles", () => {
    const kp = (p: string) => /-(lupon_member|kp_case|kp_hearing)$/.test(p) || KP_ENTRIES.some((def) => p.endsWith(`-${def.name}`));
    expect(SEEDED_ROLES.filter((role) => role.permissions().some(kp)).map((role) => role.name)).toEqual([
      "Administrator",
      "Punong Barangay",
      "Secretary",
    ]);
  });
});

/** What the expectation says: 403 without the permission; with it, one of `allowed`. */
function expectGate(res: ApiResponse | { status: number; text?: string }, who: Who, permitted: boolean, allowed: number[], what: string) {
  const label = `${who.label}: ${what} → ${res.status} ${String(res.text ?? "").slice(0, 200)}`;
  if (!permitted) {
    expect(res.status, label).toBe(403);
    // A refusal names nothing of the case.
    expect(String(res.text ?? ""), label).not.toMatch(/Matrix|Gate|goat/);
  } else expect(allowed, label).toContain(res.status);
}

const PASSED = [200, 201, 404, 409, 422];

describe.each(KP_ENTRIES.map((def) => [def.name, def] as const))("the %s entry over REST and tRPC", (name, def) => {
  const base = () => `/backend${restBase(def)}`;
  const trpc = (who: Who, proc: string, input: unknown, mutation = false) =>
    mutation
      ? who.client.post(`/trpc/resource.${proc}`, input)
      : who.client.get(`/trpc/resource.${proc}?input=${encodeURIComponent(JSON.stringify(input))}`);

  it("list, count and get: 200 for the holders of its permissions, 403 for everyone else", async () => {
    for (const who of WHO) {
      const manage = holds(who, `manage-${name}`);
      const read = holds(who, `manage-${name}`, `view-${name}`);
      const one = rowOf[name] === 999_999 ? [200, 404] : [200];
      expectGate(await who.client.get(base()), who, manage, [200], "REST list");
      expectGate(await who.client.get(`${base()}/count`), who, manage, [200], "REST count");
      expectGate(await who.client.get(`${base()}/${rowOf[name]}`), who, read, one, "REST get");
      expectGate(await trpc(who, "list", { resource: name }), who, manage, [200], "tRPC list");
      expectGate(await trpc(who, "get", { resource: name, id: rowOf[name] }), who, read, one, "tRPC get");
    }
  });

  it("create, update, delete and restore: past the gate with their permission, 403 without", async () => {
    for (const who of WHO) {
      const sample = sampleOf(name);
      expectGate(await who.client.post(base(), sample), who, holds(who, `create-${name}`), PASSED, "REST create");
      expectGate(
        await trpc(who, "create", { resource: name, data: sample }, true),
        who,
        holds(who, `create-${name}`),
        PASSED,
        "tRPC create",
      );
      expectGate(await who.client.put(`${base()}/${rowOf[name]}`, sample), who, holds(who, `update-${name}`), PASSED, "REST update");
      expectGate(
        await trpc(who, "update", { resource: name, id: rowOf[name], data: sample }, true),
        who,
        holds(who, `update-${name}`),
        PASSED,
        "tRPC update",
      );
      expectGate(
        await who.client.delete(`${base()}/${trashOf[name]}?reason=Entered%20twice`),
        who,
        holds(who, `delete-${name}`),
        PASSED,
        "REST delete",
      );
      expectGate(
        await who.client.post(`${base()}/restore`, { id: trashOf[name] }),
        who,
        holds(who, `restore-${name}`),
        PASSED,
        "REST restore",
      );
      expectGate(
        await trpc(who, "remove", { resource: name, id: trashOf[name], reason: "Entered twice" }, true),
        who,
        holds(who, `delete-${name}`),
        PASSED,
        "tRPC remove",
      );
      expectGate(
        await trpc(who, "restore", { resource: name, id: trashOf[name] }, true),
        who,
        holds(who, `restore-${name}`),
        PASSED,
        "tRPC restore",
      );
    }
  });

  const commands = userCommands(def);
  it.runIf(commands.length > 0).each(commands.map((c) => [c.name, c] as const))(
    "command %s: past the gate with its permission, 403 without",
    async (command, def) => {
      const permission = `${def.permission}-${name}`;
      for (const who of WHO) {
        const body = { reason: "The matrix asks", date: "2026-02-03" };
        expectGate(await who.client.put(`${base()}/${command}/${rowOf[name]}`, body), who, holds(who, permission), PASSED, "REST");
        expectGate(
          await trpc(who, "command", { resource: name, command, id: rowOf[name], input: body }, true),
          who,
          holds(who, permission),
          PASSED,
          "tRPC",
        );
      }
    },
  );
});

// ---- Pages -------------------------------------------------------------------------------------

interface PageRoute {
  path: string;
  file: string;
  id?: string;
}

/** Every route of app/routes.ts with its whole path. */
function flatten(entries: readonly RouteConfigEntry[], parent = ""): PageRoute[] {
  return entries.flatMap((entry) => {
    const path = [parent, entry.path ?? ""].filter(Boolean).join("/");
    return [{ path, file: entry.file, id: entry.id }, ...flatten(entry.children ?? [], path)];
  });
}

const KP_PAGES = flatten(routes).filter((r) => r.path.startsWith("manage/kp"));

/**
 * The permissions that open a KP page: an entry's list page its `manage-` permission; the Lupon's
 * pages (its forms) the Lupon's; every other page of a case (the case page, its forms, whatever
 * comes) the case's.
 */
function pagePermissions(route: PageRoute): string[] {
  const entry = route.id?.startsWith("resource-") ? route.id.slice("resource-".length) : null;
  if (entry) return [`manage-${entry}`];
  if (/^manage\/kp\/(lupon|forms)/.test(route.path)) return ["view-lupon_member", "manage-lupon_member"];
  return ["view-kp_case", "manage-kp_case"];
}

/** A page's address with its parameters filled: the matrix's case, the first form of its kind. */
function address(path: string): string {
  return path
    .replace(":case_id", String(caseId))
    .replace(/lupon\/forms\/:form/, "lupon/forms/1")
    .replace(":form", "7")
    .replace(/:(\w+)\?/g, "")
    .replace(/:(\w+)/g, "1");
}

type Module = {
  loader?: (args: unknown) => Promise<unknown> | unknown;
  middleware?: ((args: unknown, next: () => Promise<unknown>) => unknown)[];
};

/** The page as the router runs it for a signed-in user: the route's own middleware, then its loader. */
async function openPage(route: PageRoute, path: string, userId: number): Promise<{ status: number; text: string }> {
  const mod = (await import(`../../app/${route.file}`)) as Module;
  const url = new URL(`http://portal.test/${path}`);
  const context: RouterContextProvider = await pageContext(server.db, userId, "kp-matrix");
  // The parameters by name, read off the route's pattern against the address.
  const pattern = route.path.split("/");
  const parts = path.split("/");
  const params: Record<string, string> = {};
  pattern.forEach((seg, i) => {
    if (seg.startsWith(":") && parts[i] !== undefined) params[seg.replace(/^:|\?$/g, "")] = parts[i];
  });
  const args = { request: new Request(url), context, params, url, pattern: `/${route.path}` };
  try {
    for (const mw of mod.middleware ?? []) await mw(args, async () => undefined);
    await mod.loader?.(args);
    return { status: 200, text: "" };
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status, text: await thrown.text() };
    const init = (thrown as { init?: ResponseInit | null }).init;
    if (init?.status) return { status: init.status, text: JSON.stringify((thrown as { data?: unknown }).data) };
    return { status: 500, text: thrown instanceof Error ? thrown.message : String(thrown) };
  }
}

describe("the KP pages", () => {
  it("are read from the routes: the lists, the case page and the print routes", () => {
    expect(KP_PAGES.map((r) => r.path)).toEqual(
      expect.arrayContaining(["manage/kp/cases", "manage/kp/cases/:case_id", "manage/kp/cases/:case_id/forms/:form/print"]),
    );
  });

  it.each(KP_PAGES.map((r) => [r.path, r] as const))(
    "%s: opens for the holders of its permission, 403 for everyone else",
    async (_p, route) => {
      const path = address(route.path);
      for (const who of WHO) {
        const res = await openPage(route, path, who.id);
        expectGate(res, who, holds(who, ...pagePermissions(route)), [200, 404, 409], `page /${path}`);
      }
    },
  );
});

// ---- Reports -----------------------------------------------------------------------------------

const REPORT_PAGES = flatten(routes).filter((r) => r.path.startsWith("manage/reports/:report"));

describe.runIf(KP_REPORTS.length > 0)("the KP reports", () => {
  it.each(KP_REPORTS.map((r) => [r.name, r] as const))("%s: page, print, export and REST by its permission", async (report, def) => {
    for (const who of WHO) {
      const permitted = holds(who, def.permission);
      for (const route of REPORT_PAGES) {
        const path = route.path.replace(":report", report);
        expectGate(await openPage(route, path, who.id), who, permitted, [200], `page /${path}`);
      }
      expectGate(await who.client.get(`/backend/api/reports/${report}`), who, permitted, [200], "REST report");
      expectGate(await who.client.get(`/backend/api/reports/${report}/export.csv`), who, permitted, [200], "REST export");
    }
  });
});

// ---- The access log ----------------------------------------------------------------------------

describe("a case view", () => {
  it("writes the access log for the one who may see it; a refused view writes nothing of the case", async () => {
    const rows = () =>
      server.db
        .selectFrom("access_log")
        .select(["created_by", "entity", "entity_id", "action"])
        .where("entity", "=", "kp_case")
        .where("entity_id", "=", caseId)
        .orderBy("id")
        .execute();
    const before = (await rows()).length;
    const secretary = WHO.find((w) => w.label === "Secretary")!;
    const viewer = WHO.find((w) => w.label === "Viewer")!;
    expect((await secretary.client.get(`/backend/api/kp_case/${caseId}`)).status).toBe(200);
    expect((await viewer.client.get(`/backend/api/kp_case/${caseId}`)).status).toBe(403);
    const after = await rows();
    expect(after.length).toBe(before + 1);
    expect(after.at(-1)).toMatchObject({ created_by: secretary.id, action: "view" });
    expect(after.some((r) => Number(r.created_by) === viewer.id)).toBe(false);
  });
});
