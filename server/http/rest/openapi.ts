import type { Router } from "express";
import { z } from "zod";
import { RESOURCES, restBase } from "../../../domain/registry/index.ts";
import type { ColumnDef, ResourceDef } from "../../../domain/registry/types.ts";
import { DEFAULT_PER_PAGE, MAX_PER_PAGE } from "../../../domain/registry/list-query.ts";

// The OpenAPI 3.1 document of every /backend route, served at
// GET /backend/api/openapi.json with a plain server-rendered page at GET /backend/api/docs.
//
// The paths and methods come from the REST router itself (its Express stack), so a route cannot
// be registered without appearing here. What each route takes and answers comes from the
// registry: spec §7.2's calls of every entry get their request bodies from the entry's zod
// schemas (zod 4's own JSON Schema output) and their answers in Laravel's shapes (DESIGN §7);
// §7.1 and §7.3's extras are described by the table below. Public: it describes shapes, never
// data (docs/decisions/060-rest-compatibility.md).

type JsonSchema = Record<string, unknown>;
type Operation = Record<string, unknown>;

const HTTP_METHODS = ["get", "post", "put", "patch", "delete"] as const;

export interface RegisteredRoute {
  method: (typeof HTTP_METHODS)[number];
  /** The Express path, "/api/bank/:id". */
  path: string;
}

/**
 * A middleware that hands some requests to a router of its own (server/http/rest/resources.ts: one per
 * registry entry) names that router here, so its routes are listed in place.
 */
export function withNestedRouter<T extends object>(middleware: T, nested: Pick<Router, "stack">): T {
  return Object.assign(middleware, { nestedRouter: nested });
}

/** Every route of an Express router, in registration order (HEAD and OPTIONS left out). */
export function routesOf(router: Pick<Router, "stack">): RegisteredRoute[] {
  const out: RegisteredRoute[] = [];
  for (const layer of router.stack) {
    const nested = (layer.handle as { nestedRouter?: Pick<Router, "stack"> } | undefined)?.nestedRouter;
    if (nested) {
      out.push(...routesOf(nested));
      continue;
    }
    const route = layer.route as { path: unknown; methods: Record<string, boolean> } | undefined;
    if (!route || typeof route.path !== "string") continue;
    for (const method of HTTP_METHODS) if (route.methods[method]) out.push({ method, path: route.path });
  }
  return out;
}

/** "/api/bank/:id" → "/backend/api/bank/{id}". */
export function openApiPath(expressPath: string, prefix = "/backend"): string {
  return prefix + expressPath.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, "{$1}");
}

/** A zod schema as JSON Schema 2020-12 (what OpenAPI 3.1 uses), for what a client sends. */
export function inputSchema(schema: z.ZodType): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, {
    target: "draft-2020-12",
    io: "input",
    unrepresentable: "any",
  }) as JsonSchema;
  return rest;
}

// --- shared shapes --------------------------------------------------------------------------------

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const json = (schema: JsonSchema) => ({ "application/json": { schema } });
const nullable = (schema: JsonSchema): JsonSchema => ({ anyOf: [schema, { type: "null" }] });

const PERSON: JsonSchema = {
  type: "object",
  properties: { id: { type: "integer" }, fullname: { type: ["string", "null"] } },
  required: ["id"],
};
const REFERENCE: JsonSchema = {
  type: "object",
  properties: { id: { type: "integer" }, name: { type: ["string", "null"] } },
  required: ["id"],
};

function columnSchema(column: ColumnDef): JsonSchema {
  switch (column.kind) {
    case "money":
      return { type: "string", pattern: "^\\d+\\.\\d{2}$", examples: ["1500.00"] };
    case "date":
      return nullable({ type: "string", format: "date" });
    case "datetime":
      return nullable({ type: "string", format: "date-time" });
    case "status":
      return { type: "string", examples: ["Active", "Trashed"] };
    case "person":
      return nullable(ref("Person"));
    case "reference":
      return nullable(ref("Reference"));
    case "list":
      return { type: "array", items: {} };
    case "number":
      return nullable({ type: "number" });
    default:
      return nullable({ type: "string" });
  }
}

/** A row as the API answers it: the audit columns and the entry's list columns; more keys may follow. */
function rowSchema(def: ResourceDef): JsonSchema {
  const properties: Record<string, JsonSchema> = {
    id: { type: "integer" },
    status: { type: "string" },
    created_at: { type: "string", format: "date-time" },
    updated_at: { type: "string", format: "date-time" },
    deleted_at: nullable({ type: "string", format: "date-time" }),
    created_by: nullable(ref("Person")),
    updated_by: nullable(ref("Person")),
  };
  for (const column of def.columns) properties[column.key] = columnSchema(column);
  for (const reference of def.references ?? []) properties[reference.foreignKey] ??= nullable({ type: "integer" });
  if (def.storage.kind === "user") {
    Object.assign(properties, {
      username: nullable({ type: "string" }),
      email: nullable({ type: "string" }),
      user_profile: {
        type: "object",
        properties: { firstname: { type: "string" }, fullname: { type: "string" }, image: { type: "string" } },
      },
    });
  }
  return { type: "object", description: `A ${def.labels.singular} as listed.`, properties, required: ["id"], additionalProperties: true };
}

const LIST_PARAMETERS = [
  { name: "page", in: "query", schema: { type: "integer", minimum: 1, default: 1 } },
  { name: "per_page", in: "query", schema: { type: "integer", minimum: 1, maximum: MAX_PER_PAGE, default: DEFAULT_PER_PAGE } },
  { name: "search", in: "query", schema: { type: "string", maxLength: 200 } },
  { name: "sort", in: "query", description: "A sortable column key of the list.", schema: { type: "string" } },
  { name: "order", in: "query", schema: { type: "string", enum: ["asc", "desc"] } },
  { name: "status", in: "query", schema: { type: "string", enum: ["all", "active", "trashed"], default: "all" } },
];

function filterParameters(def: ResourceDef) {
  return (def.filters ?? []).map((f) => ({ name: `filter[${f.key}]`, in: "query", description: f.label, schema: { type: "string" } }));
}

const COMPONENTS = {
  schemas: {
    Message: { type: "object", properties: { message: { type: "string" } }, required: ["message"] },
    ValidationError: {
      type: "object",
      description: "Laravel's 422: the first message, and every field's messages by dotted path.",
      properties: {
        message: { type: "string" },
        errors: { type: "object", additionalProperties: { type: "array", items: { type: "string" } } },
      },
      required: ["message", "errors"],
    },
    Count: { type: "object", properties: { data: { type: "integer", minimum: 0 }, message: { type: "string" } }, required: ["data"] },
    Person: PERSON,
    Reference: REFERENCE,
    PaginationLinks: {
      type: "object",
      description: "Absolute URLs that keep the request's other query keys.",
      properties: {
        first: { type: "string" },
        last: { type: "string" },
        prev: { type: ["string", "null"] },
        next: { type: ["string", "null"] },
      },
      required: ["first", "last", "prev", "next"],
    },
    PaginationMeta: {
      type: "object",
      properties: {
        current_page: { type: "integer" },
        from: { type: ["integer", "null"] },
        last_page: { type: "integer" },
        links: {
          type: "array",
          items: {
            type: "object",
            properties: { url: { type: ["string", "null"] }, label: { type: "string" }, active: { type: "boolean" } },
          },
        },
        path: { type: "string" },
        per_page: { type: "integer" },
        to: { type: ["integer", "null"] },
        total: { type: "integer" },
      },
      required: ["current_page", "from", "last_page", "links", "path", "per_page", "to", "total"],
    },
    Credentials: {
      type: "object",
      description: "`username` (or the account's e-mail in it), or `email`, as Sanctum SPAs send.",
      properties: {
        username: { type: "string", maxLength: 255 },
        email: { type: "string", maxLength: 255 },
        password: { type: "string", maxLength: 1024 },
      },
      required: ["password"],
    },
    Records: {
      description: "The selected records (their ids count), or {ids: [...]}.",
      anyOf: [
        {
          type: "array",
          items: { anyOf: [{ type: "integer" }, { type: "object", properties: { id: { type: "integer" } }, required: ["id"] }] },
        },
        { type: "object", properties: { ids: { type: "array", items: { type: "integer" } } }, required: ["ids"] },
      ],
    },
    Record: {
      type: "object",
      description: "The record; its id is what counts.",
      properties: { id: { type: "integer" } },
      required: ["id"],
    },
  } as Record<string, JsonSchema>,
  responses: {
    Unauthenticated: { description: "Not signed in.", content: json(ref("Message")) },
    Forbidden: { description: "This action is unauthorized.", content: json(ref("Message")) },
    NotFound: { description: "No such record or path.", content: json(ref("Message")) },
    CsrfMismatch: { description: "CSRF token mismatch: send the XSRF-TOKEN cookie back as X-XSRF-TOKEN.", content: json(ref("Message")) },
    Unprocessable: { description: "The given data was invalid.", content: json(ref("ValidationError")) },
    TooManyAttempts: { description: "Too many login attempts; see Retry-After.", content: json(ref("Message")) },
    Maintenance: { description: "Maintenance mode.", content: json(ref("Message")) },
  },
  securitySchemes: {
    session: { type: "apiKey", in: "cookie", name: "portal_session", description: "Set by POST /backend/api/login." },
    xsrf: {
      type: "apiKey",
      in: "header",
      name: "X-XSRF-TOKEN",
      description: "The XSRF-TOKEN cookie (GET /backend/sanctum/csrf-cookie) echoed on every state-changing request.",
    },
  },
};

const dataOf = (schema: JsonSchema): JsonSchema => ({
  type: "object",
  properties: { data: schema, message: { type: "string" } },
  required: ["data"],
});

function ok(description: string, schema: JsonSchema, status = "200"): Record<string, unknown> {
  return { [status]: { description, content: json(schema) } };
}

function errorResponses(method: string, open: boolean): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (!open)
    Object.assign(out, { 401: { $ref: "#/components/responses/Unauthenticated" }, 403: { $ref: "#/components/responses/Forbidden" } });
  if (method !== "get") out[419] = { $ref: "#/components/responses/CsrfMismatch" };
  out[422] = { $ref: "#/components/responses/Unprocessable" };
  out[503] = { $ref: "#/components/responses/Maintenance" };
  return out;
}

// --- what each route is ---------------------------------------------------------------------------

interface Described {
  summary: string;
  tag: string;
  requestBody?: JsonSchema;
  responses: Record<string, unknown>;
  parameters?: unknown[];
  /** Answers without a session (the calls of spec §7.1 before signing in). */
  open?: boolean;
}

/** Spec §7.2's calls of one registry entry, by "method path". */
function entryOperations(def: ResourceDef): Map<string, Described> {
  const base = restBase(def);
  const tag = def.labels.title;
  const row = ref(`${def.name}_row`);
  const list: Described = {
    summary: `List ${def.labels.plural} (active and trashed, with a status column)`,
    tag,
    parameters: [...LIST_PARAMETERS, ...filterParameters(def)],
    responses: ok("Laravel's paginated resource.", {
      type: "object",
      properties: { data: { type: "array", items: row }, links: ref("PaginationLinks"), meta: ref("PaginationMeta") },
      required: ["data", "links", "meta"],
    }),
  };
  const ops = new Map<string, Described>([
    [`get ${base}`, list],
    [`get ${base}/index_trashed`, { ...list, summary: `${list.summary}; the path of spec §7.2's index_trashed reads` }],
    [
      `get ${base}/count`,
      {
        summary: `Count ${def.labels.plural}`,
        tag,
        parameters: [...LIST_PARAMETERS.slice(2), ...filterParameters(def)],
        responses: ok("The count.", ref("Count")),
      },
    ],
    [
      `get ${base}/:id`,
      {
        summary: `One ${def.labels.singular}`,
        tag,
        responses: { ...ok("The record.", dataOf(row)), 404: { $ref: "#/components/responses/NotFound" } },
      },
    ],
    [
      `post ${base}`,
      {
        summary: `Create a ${def.labels.singular}`,
        tag,
        requestBody: ref(`${def.name}_create`),
        responses: ok("Successfully saved.", dataOf(row), "201"),
      },
    ],
    [
      `put ${base}/:id`,
      {
        summary: `Update a ${def.labels.singular} (a row as listed may be sent back: relations as {id} objects count as ids, other keys are ignored)`,
        tag,
        requestBody: ref(`${def.name}_update`),
        responses: { ...ok("Successfully updated.", dataOf(row)), 404: { $ref: "#/components/responses/NotFound" } },
      },
    ],
    [
      `delete ${base}/:id`,
      {
        summary: `${def.voidWording ? "Void" : def.deletion === "hard" ? "Delete for good" : "Delete (to the trash)"} a ${def.labels.singular}`,
        tag,
        responses: { ...ok("The record as it is now.", dataOf(row)), 404: { $ref: "#/components/responses/NotFound" } },
      },
    ],
    [
      `post ${base}/restore`,
      { summary: `Restore a ${def.labels.singular}`, tag, requestBody: ref("Record"), responses: ok("The restored record.", dataOf(row)) },
    ],
    [
      `post ${base}/multiple_delete_${def.restPath}`,
      {
        summary: `Delete the selected ${def.labels.plural}`,
        tag,
        requestBody: ref("Records"),
        responses: ok("How many changed.", ref("Count")),
      },
    ],
    [
      `post ${base}/multiple_restore_${def.restPath}`,
      {
        summary: `Restore the selected ${def.labels.plural}`,
        tag,
        requestBody: ref("Records"),
        responses: ok("How many changed.", ref("Count")),
      },
    ],
  ]);
  return ops;
}

/** The extras of spec §7.1 and §7.3 (and the portal's own), by "method path"; anything else gets a generic entry. */
const EXTRAS: Record<string, Omit<Described, "responses"> & { responses?: Record<string, unknown> }> = {
  "get /sanctum/csrf-cookie": {
    summary: "Set the XSRF-TOKEN cookie",
    tag: "Session",
    open: true,
    responses: { 204: { description: "The cookie is set." } },
  },
  "get /api/status": {
    summary: "Status (fails with 503 in maintenance mode)",
    tag: "Session",
    open: true,
    responses: ok("Up.", { type: "object", properties: { status: { type: "string" } } }),
  },
  "post /api/login": {
    summary: "Sign in by username or e-mail",
    tag: "Session",
    open: true,
    requestBody: ref("Credentials"),
    responses: {
      ...ok("The signed-in user; the session cookie is set.", dataOf({ type: "object" })),
      429: { $ref: "#/components/responses/TooManyAttempts" },
    },
  },
  "post /api/logout": { summary: "Sign out", tag: "Session", open: true, responses: { 204: { description: "Signed out." } } },
  "get /api/userme": { summary: "The signed-in user", tag: "Session", responses: ok("The user.", dataOf({ type: "object" })) },
  "get /api/openapi.json": {
    summary: "This document",
    tag: "Documentation",
    open: true,
    responses: ok("OpenAPI 3.1.", { type: "object" }),
  },
  "get /api/docs": {
    summary: "This document as a page",
    tag: "Documentation",
    open: true,
    responses: { 200: { description: "HTML.", content: { "text/html": { schema: { type: "string" } } } } },
  },
  "post /api/user/reset_password": { summary: "Reset a user's password (a given one, or a generated one answered once)", tag: "Users" },
  "get /api/user/generate_username": { summary: "A free username from a name", tag: "Users" },
  "get /api/user/generate_password": { summary: "A strong password", tag: "Users" },
  "get /api/remittance/collection/day": { summary: "Remittances per collector and day", tag: "Remittances" },
  "put /api/cheque-issuance/void/:id": { summary: "Void a cheque issuance (and the issuances tied to it)", tag: "Cheque Issuances" },
  "put /api/cheque-issuance/unvoid/:id": { summary: "Unvoid a cheque issuance (reverses exactly its void)", tag: "Cheque Issuances" },
  "post /api/household/check_household": {
    summary: "Check that the people of a household are free to join it",
    tag: "Households",
    requestBody: { type: "object" },
  },
  "post /api/disaster_prone_area/check_disaster_prone_area": {
    summary: "Check that a purok is not listed yet (422 with the existing entry)",
    tag: "Disaster Prone Areas",
    requestBody: { type: "object" },
  },
  "get /api/admin/role/role_model_view": { summary: "Data for the role form", tag: "Roles" },
  "get /api/admin/permission/permission_model_view": { summary: "Data for the permission form", tag: "Permissions" },
  // The seal and the logo that the prints show.
  "get /api/barangay_image": { summary: "The addresses of the barangay seal and the municipal logo (null where none)", tag: "Officials" },
  "post /api/barangay_image/:kind": {
    summary: "Upload the seal or the logo (kind: seal or logo; the image bytes or a multipart file; JPEG, PNG or WebP up to 2 MB)",
    tag: "Officials",
  },
  "delete /api/barangay_image/:kind": { summary: "Remove the seal or the logo", tag: "Officials" },
  // The hall's queue (decision 206).
  "post /api/queue/call-next": {
    summary: "Call the next ticket to a window ({window_id}); data is null when no one waits",
    tag: "Queue",
    requestBody: { type: "object" },
  },
  "get /api/queue/board": { summary: "What the hall's display shows: each window's ticket, the last called, the lines", tag: "Queue" },
  // A KP case's hearings and attachments, for the KP permissions and the case's Pangkat (decision 202).
  "get /api/kp_case/:id/hearings": { summary: "A KP case's hearings with their minutes (logged in the access log)", tag: "KP Cases" },
  "get /api/kp_case/:id/attachment": { summary: "A KP case's attachments (logged in the access log)", tag: "KP Cases" },
  "post /api/kp_case/:id/attachment": {
    summary:
      "Attach a file to a KP case (a multipart file and description, or the bytes with ?file_name=; PDF, JPEG, PNG or WebP up to 5 MB)",
    tag: "KP Cases",
  },
  "get /api/kp_case/:id/attachment/:attachment": {
    summary: "Download one attachment of a KP case (logged in the access log)",
    tag: "KP Cases",
  },
  "delete /api/kp_case/:id/attachment/:attachment": { summary: "Remove an attachment of a KP case ({reason})", tag: "KP Cases" },
  "get /api/kp_pangkat/cases": { summary: "The KP cases on whose Pangkat the signed-in user sits", tag: "KP Cases" },
};

function tagOf(path: string): string {
  const segment = path.replace(/^\/api\/(admin\/)?/, "").split("/")[0] || "General";
  return segment.replace(/[_-]/g, " ").replace(/\b\w/g, (c) => c.toUpperCase());
}

function describeRoute(route: RegisteredRoute, registry: Map<string, Described>): Described {
  const key = `${route.method} ${route.path}`;
  const known = registry.get(key);
  if (known) return known;
  const extra = EXTRAS[key];
  const generic: Described = {
    summary: `${route.method.toUpperCase()} ${route.path.replace(/^\/api\//, "")}`,
    tag: tagOf(route.path),
    requestBody: route.method === "get" || route.method === "delete" ? undefined : { type: "object" },
    responses: ok("Success.", { type: "object", properties: { data: {}, message: { type: "string" } } }),
  };
  return extra ? { ...generic, ...extra, responses: extra.responses ?? generic.responses } : generic;
}

function operationId(route: RegisteredRoute): string {
  return `${route.method}_${route.path
    .replace(/^\/+/, "")
    .replace(/:([A-Za-z0-9_]+)/g, "by_$1")
    .replace(/[^A-Za-z0-9]+/g, "_")}`;
}

export interface OpenApiDocument {
  openapi: string;
  info: Record<string, unknown>;
  servers: { url: string }[];
  tags: { name: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: typeof COMPONENTS;
}

/** The document for the routes of the REST router mounted at `prefix`. */
export function buildOpenApi(routes: RegisteredRoute[], options: { prefix?: string; version?: string } = {}): OpenApiDocument {
  const registry = new Map<string, Described>();
  const schemas: Record<string, JsonSchema> = { ...COMPONENTS.schemas };
  for (const def of RESOURCES) {
    for (const [key, op] of entryOperations(def)) registry.set(key, op);
    schemas[`${def.name}_row`] = rowSchema(def);
    schemas[`${def.name}_create`] = inputSchema(def.schema.create);
    schemas[`${def.name}_update`] = inputSchema(def.schema.update);
  }
  const paths: OpenApiDocument["paths"] = {};
  const tags = new Set<string>();
  const seen = new Set<string>();
  for (const route of routes) {
    // A path registered twice (an extra that hands on to the generated route) is one operation.
    const key = `${route.method} ${route.path}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const described = describeRoute(route, registry);
    const path = openApiPath(route.path, options.prefix);
    const pathParameters = [...route.path.matchAll(/:([A-Za-z_][A-Za-z0-9_]*)/g)].map((m) => ({
      name: m[1],
      in: "path",
      required: true,
      schema: m[1] === "id" ? { type: "integer", minimum: 1 } : { type: "string" },
    }));
    const operation: Operation = {
      operationId: operationId(route),
      summary: described.summary,
      tags: [described.tag],
      ...(pathParameters.length || described.parameters ? { parameters: [...pathParameters, ...(described.parameters ?? [])] } : {}),
      ...(described.requestBody ? { requestBody: { required: true, content: json(described.requestBody) } } : {}),
      responses: { ...described.responses, ...errorResponses(route.method, !!described.open) },
      ...(described.open ? { security: [] } : {}),
    };
    tags.add(described.tag);
    (paths[path] ??= {})[route.method] = operation;
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "Barangay Portal REST API",
      version: options.version ?? "1",
      description:
        "The Laravel-compatible REST adapter of spec §7 under /backend. Sign in with POST /backend/api/login after GET /backend/sanctum/csrf-cookie; " +
        "send the XSRF-TOKEN cookie back as X-XSRF-TOKEN on every state-changing request. Errors are Laravel's shapes: 422 {message, errors}, 401, 403, 404, 419, 429, 503 {message}.",
    },
    servers: [{ url: "/" }],
    tags: [...tags].sort().map((name) => ({ name })),
    paths,
    components: { ...COMPONENTS, schemas },
  };
}

// --- the readable page ----------------------------------------------------------------------------

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/** Resolves a component $ref for display (one level; rows and inputs are flat enough). */
function shown(schema: unknown, doc: OpenApiDocument): unknown {
  const target = (schema as { $ref?: string } | undefined)?.$ref;
  if (typeof target === "string" && target.startsWith("#/components/schemas/"))
    return doc.components.schemas[target.slice("#/components/schemas/".length)];
  return schema;
}

/** A plain page of every path, method, parameter and body: no scripts, no external assets. */
export function renderDocsPage(doc: OpenApiDocument): string {
  const byTag = new Map<string, string[]>();
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const tag = (op.tags as string[])[0];
      const params = ((op.parameters as { name: string; in: string }[] | undefined) ?? [])
        .map((p) => `<code>${escapeHtml(p.name)}</code> (${p.in})`)
        .join(", ");
      const body = (op.requestBody as { content: Record<string, { schema: unknown }> } | undefined)?.content["application/json"]?.schema;
      const statuses = Object.keys(op.responses as object).join(" ");
      const html = `<section class="op" id="${escapeHtml(String(op.operationId))}">
<h3><span class="m m-${method}">${method.toUpperCase()}</span> <code>${escapeHtml(path)}</code></h3>
<p>${escapeHtml(String(op.summary))}${op.security ? " <em>(no sign-in needed)</em>" : ""}</p>
${params ? `<p>Parameters: ${params}</p>` : ""}
${body ? `<details><summary>Request body</summary><pre>${escapeHtml(JSON.stringify(shown(body, doc), null, 2))}</pre></details>` : ""}
<p class="st">Answers: ${escapeHtml(statuses)}</p>
</section>`;
      byTag.set(tag, [...(byTag.get(tag) ?? []), html]);
    }
  }
  const tags = [...byTag.keys()].sort();
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(String(doc.info.title))}</title>
<style>
body{font:15px/1.5 system-ui,sans-serif;margin:0 auto;max-width:60rem;padding:1rem 1.5rem;color:#1c1917;background:#fff}
h1{font-size:1.6rem}h2{margin-top:2rem;border-bottom:2px solid #eab308}h3{font-size:1rem;margin:.2rem 0}
code,pre{font-family:ui-monospace,monospace}pre{background:#f5f5f4;padding:.6rem;overflow:auto;font-size:13px}
.op{border:1px solid #e7e5e4;border-radius:6px;padding:.5rem .8rem;margin:.6rem 0}.st{color:#57534e;font-size:13px}
.m{display:inline-block;min-width:4.2rem;text-align:center;border-radius:4px;color:#fff;font-size:12px;padding:1px 4px}
.m-get{background:#1d4ed8}.m-post{background:#15803d}.m-put,.m-patch{background:#a16207}.m-delete{background:#b91c1c}
nav a{margin-right:.8rem}
</style></head><body>
<h1>${escapeHtml(String(doc.info.title))}</h1>
<p>${escapeHtml(String(doc.info.description))}</p>
<p>Machine-readable: <a href="openapi.json">openapi.json</a> (OpenAPI ${escapeHtml(doc.openapi)}).</p>
<nav>${tags.map((t) => `<a href="#tag-${escapeHtml(t.replace(/\s+/g, "-"))}">${escapeHtml(t)}</a>`).join(" ")}</nav>
${tags.map((t) => `<h2 id="tag-${escapeHtml(t.replace(/\s+/g, "-"))}">${escapeHtml(t)}</h2>\n${byTag.get(t)!.join("\n")}`).join("\n")}
</body></html>`;
}

/** GET /api/openapi.json and GET /api/docs on the REST router; the document is built on first use. */
export function registerOpenApiRoutes(router: Router): void {
  let cached: OpenApiDocument | null = null;
  const documentOf = () => (cached ??= buildOpenApi(routesOf(router)));
  router.get("/api/openapi.json", (_req, res) => {
    res.json(documentOf());
  });
  router.get("/api/docs", (_req, res) => {
    res.type("html").send(renderDocsPage(documentOf()));
  });
}
