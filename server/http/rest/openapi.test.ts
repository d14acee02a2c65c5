import type { Router } from "express";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RESOURCES, restBase } from "../../../domain/registry/index.ts";
import { createHttpApp } from "../app.ts";
import { startTestServer, type TestServer } from "../../../tests/helpers/server.ts";
import { openApiPath, routesOf, type OpenApiDocument, type RegisteredRoute } from "./openapi.ts";

// The OpenAPI 3.1 document of every /backend route, from the registry's zod
// schemas, at GET /backend/api/openapi.json, and a readable page at GET /backend/api/docs.

let server: TestServer;
let doc: OpenApiDocument;
let registered: RegisteredRoute[];

/** The REST router of the app as server/http/app.ts builds it: the layer whose router serves /api/login. */
function restRouterOf(app: ReturnType<typeof createHttpApp>): Pick<Router, "stack"> {
  const layers = (app as unknown as { router: Pick<Router, "stack"> }).router.stack;
  for (const layer of layers) {
    const inner = (layer.handle as unknown as Partial<Pick<Router, "stack">>).stack;
    if (inner && routesOf({ stack: inner }).some((r) => r.path === "/api/login")) return { stack: inner };
  }
  throw new Error("no REST router found in the app");
}

beforeAll(async () => {
  server = await startTestServer();
  const res = await server.client().get("/backend/api/openapi.json");
  expect(res.status).toBe(200);
  doc = res.body as OpenApiDocument;
  registered = routesOf(restRouterOf(createHttpApp({ db: server.db, logger: pino({ level: "silent" }), secureCookies: false })));
});
afterAll(async () => {
  await server?.close();
});

const METHODS = new Set(["get", "put", "post", "delete", "options", "head", "patch", "trace"]);

describe("GET /backend/api/openapi.json", () => {
  it("is public OpenAPI 3.1", () => {
    expect(doc.openapi).toMatch(/^3\.1\.\d+$/);
    expect(doc.info).toMatchObject({ title: expect.any(String), version: expect.any(String) });
  });

  it("lists every route registered on the REST router", () => {
    expect(registered.length).toBeGreaterThan(100);
    const missing = registered.filter((r) => !doc.paths[openApiPath(r.path)]?.[r.method]).map((r) => `${r.method} ${r.path}`);
    expect(missing).toEqual([]);
    // ... and nothing the router does not serve.
    const served = new Set(registered.map((r) => `${r.method} ${openApiPath(r.path)}`));
    const extra = Object.entries(doc.paths)
      .flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m} ${path}`))
      .filter((k) => !served.has(k));
    expect(extra).toEqual([]);
  });

  it("has spec §7.2's calls of every registry entry, with bodies from the entry's zod schemas", () => {
    for (const def of RESOURCES) {
      const base = `/backend${restBase(def)}`;
      for (const [path, method] of [
        [base, "get"],
        [base, "post"],
        [`${base}/index_trashed`, "get"],
        [`${base}/{id}`, "get"],
        [`${base}/{id}`, "put"],
        [`${base}/{id}`, "delete"],
        [`${base}/restore`, "post"],
        [`${base}/multiple_delete_${def.restPath}`, "post"],
        [`${base}/multiple_restore_${def.restPath}`, "post"],
      ]) {
        expect(doc.paths[path]?.[method], `${method} ${path}`).toBeDefined();
      }
      const create = doc.paths[base].post.requestBody as { content: Record<string, { schema: { $ref: string } }> };
      expect(create.content["application/json"].schema.$ref).toBe(`#/components/schemas/${def.name}_create`);
      const schema = doc.components.schemas[`${def.name}_create`] as {
        type: string;
        properties: Record<string, unknown>;
        required?: string[];
      };
      expect(schema.type).toBe("object");
      // Every field of the entry's form is a property of the body (dotted names nest).
      for (const field of def.fields) {
        expect(Object.keys(schema.properties), `${def.name}.${field.name}`).toContain(field.name.split(".")[0]);
      }
    }
    const bankAccount = doc.components.schemas.bank_account_create as {
      properties: Record<string, { type?: string; enum?: string[] }>;
      required: string[];
    };
    expect(bankAccount.properties.fund_type.enum).toEqual(["General Fund", "SK Fund", "Trust Fund"]);
    expect(bankAccount.required).toEqual(expect.arrayContaining(["bank_id", "account_name", "account_number", "fund_type"]));
  });

  it("answers in Laravel's shapes", () => {
    const list = doc.paths["/backend/api/bank"].get.responses as Record<
      string,
      { content?: Record<string, { schema: { properties: Record<string, unknown> } }> }
    >;
    expect(Object.keys(list["200"].content!["application/json"].schema.properties)).toEqual(["data", "links", "meta"]);
    const create = doc.paths["/backend/api/bank"].post.responses as Record<string, unknown>;
    expect(create).toHaveProperty("201");
    expect(create["422"]).toEqual({ $ref: "#/components/responses/Unprocessable" });
    expect(doc.components.schemas.ValidationError).toMatchObject({ required: ["message", "errors"] });
    const login = doc.paths["/backend/api/login"].post as { security?: unknown[]; requestBody: unknown };
    expect(login.security).toEqual([]);
    expect(JSON.stringify(login.requestBody)).toContain("Credentials");
  });

  it("is structurally valid: methods, unique operation ids, declared path parameters, resolvable refs", () => {
    const ids = new Set<string>();
    for (const [path, ops] of Object.entries(doc.paths)) {
      expect(path.startsWith("/backend/")).toBe(true);
      expect(path).not.toMatch(/:/);
      const params = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);
      for (const [method, op] of Object.entries(ops)) {
        expect(METHODS.has(method), method).toBe(true);
        expect(typeof op.operationId).toBe("string");
        expect(ids.has(op.operationId as string), `duplicate ${String(op.operationId)}`).toBe(false);
        ids.add(op.operationId as string);
        expect(Object.keys(op.responses as object).length).toBeGreaterThan(0);
        for (const status of Object.keys(op.responses as object)) expect(status).toMatch(/^[1-5]\d\d$|^default$/);
        const declared = ((op.parameters as { name: string; in: string; required?: boolean; schema: unknown }[] | undefined) ?? []).filter(
          (p) => p.in === "path",
        );
        expect(declared.map((p) => p.name).sort()).toEqual([...params].sort());
        for (const p of declared) expect(p.required).toBe(true);
      }
    }
    // Every $ref points into the document's components and resolves.
    const refs = [...JSON.stringify(doc).matchAll(/"\$ref":"([^"]+)"/g)].map((m) => m[1]);
    expect(refs.length).toBeGreaterThan(0);
    for (const target of new Set(refs)) {
      expect(target).toMatch(/^#\/components\/(schemas|responses)\//);
      const [, , kind, name] = target.split("/");
      expect((doc.components as unknown as Record<string, Record<string, unknown>>)[kind][name], target).toBeDefined();
    }
    for (const [name, schema] of Object.entries(doc.components.schemas)) {
      expect(name).toMatch(/^[a-zA-Z0-9._-]+$/);
      expect(typeof schema).toBe("object");
      expect(schema).not.toHaveProperty("$schema");
    }
  });
});

describe("GET /backend/api/docs", () => {
  it("is a plain page of every path, without external assets", async () => {
    const res = await server.client().get("/backend/api/docs");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/text\/html/);
    const html = res.text;
    expect(html).toContain("<h1>Barangay Portal REST API</h1>");
    for (const path of Object.keys(doc.paths)) expect(html).toContain(path.replace(/&/g, "&amp;"));
    expect(html).not.toMatch(/<script|https?:\/\/(?!json-schema)/i);
  });
});
