import http from "node:http";
import type { AddressInfo } from "node:net";
import pino from "pino";
import type { DB } from "../../db/index.ts";
import { hashPassword } from "../../server/auth/passwords.ts";
import { createHttpApp } from "../../server/http/app.ts";
import { createTestDatabase, TEST_ADMIN, type TestDatabase, type TestDatabaseOptions } from "./db.ts";

// A real HTTP server over a fresh, seeded database (no React Router pages), and a client that
// behaves like the browser plus axios of the old front-end: cookies, XSRF header, JSON headers.

export interface TestServer {
  url: string;
  db: DB;
  database: TestDatabase;
  admin: { username: string; password: string };
  /** A new client with an empty cookie jar. */
  client(): ApiClient;
  close(): Promise<void>;
}

export async function startTestServer(options: TestDatabaseOptions = {}): Promise<TestServer> {
  const database = await createTestDatabase({ seed: options.seed ?? true });
  const app = createHttpApp({ db: database.db, logger: pino({ level: process.env.TEST_LOG_LEVEL ?? "silent" }), secureCookies: false });
  const server = http.createServer(app);
  try {
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(0, "127.0.0.1", () => resolve());
    });
  } catch (error) {
    await database.close();
    throw error;
  }
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    db: database.db,
    database,
    admin: { ...TEST_ADMIN },
    client: () => new ApiClient(url),
    async close() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await database.close();
    },
  };
}

// Answers are JSON of many shapes; tests read them like the old front-end did.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = any;

export interface ApiResponse<T = Json> {
  status: number;
  headers: Headers;
  /** Parsed JSON when the answer is JSON, the text otherwise, null when empty. */
  body: T;
  text: string;
  /** The raw Set-Cookie header values of this answer. */
  setCookies: string[];
}

export interface RequestOptions {
  body?: unknown;
  headers?: Record<string, string>;
  /** Send X-XSRF-TOKEN from the cookie jar, as axios does (default true). */
  xsrf?: boolean;
}

export class ApiClient {
  readonly cookies = new Map<string, string>();
  constructor(readonly baseUrl: string) {}

  /** GET /backend/sanctum/csrf-cookie, the first call of the old front-end. */
  csrf(): Promise<ApiResponse> {
    return this.request("GET", "/backend/sanctum/csrf-cookie");
  }

  async login(username: string, password: string): Promise<ApiResponse> {
    if (!this.cookies.has("XSRF-TOKEN")) await this.csrf();
    return this.post("/backend/api/login", { username, password });
  }

  get<T = Json>(path: string, options: Omit<RequestOptions, "body"> = {}) {
    return this.request<T>("GET", path, options);
  }
  post<T = Json>(path: string, body?: unknown, options: RequestOptions = {}) {
    return this.request<T>("POST", path, { ...options, body });
  }
  put<T = Json>(path: string, body?: unknown, options: RequestOptions = {}) {
    return this.request<T>("PUT", path, { ...options, body });
  }
  delete<T = Json>(path: string, options: RequestOptions = {}) {
    return this.request<T>("DELETE", path, options);
  }

  async request<T = Json>(method: string, path: string, options: RequestOptions = {}): Promise<ApiResponse<T>> {
    const headers: Record<string, string> = {
      Accept: "application/json, text/plain, */*",
      "X-Requested-With": "XMLHttpRequest",
    };
    if (options.body !== undefined) headers["Content-Type"] = "application/json";
    const xsrf = this.cookies.get("XSRF-TOKEN");
    if (options.xsrf !== false && xsrf) headers["X-XSRF-TOKEN"] = xsrf;
    if (this.cookies.size) headers.Cookie = [...this.cookies].map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join("; ");
    Object.assign(headers, options.headers);

    const res = await fetch(this.baseUrl + path, {
      method,
      headers,
      body: options.body === undefined ? undefined : typeof options.body === "string" ? options.body : JSON.stringify(options.body),
      redirect: "manual",
    });
    const setCookies = res.headers.getSetCookie();
    for (const line of setCookies) this.store(parseSetCookie(line));
    const text = await res.text();
    let body: unknown = text || null;
    if (text && (res.headers.get("content-type") ?? "").includes("json")) body = JSON.parse(text);
    return { status: res.status, headers: res.headers, body: body as T, text, setCookies };
  }

  private store(cookie: SetCookie): void {
    const expired =
      cookie.attributes["max-age"] !== undefined
        ? Number(cookie.attributes["max-age"]) <= 0
        : cookie.attributes.expires !== undefined && new Date(cookie.attributes.expires).getTime() <= Date.now();
    if (expired || cookie.value === "") this.cookies.delete(cookie.name);
    else this.cookies.set(cookie.name, cookie.value);
  }
}

export interface SetCookie {
  name: string;
  value: string;
  /** Attribute names in lower case; flags (HttpOnly, Secure) map to "". */
  attributes: Record<string, string>;
}

export function parseSetCookie(line: string): SetCookie {
  const [pair, ...attrs] = line.split(";");
  const eq = pair.indexOf("=");
  const name = pair.slice(0, eq).trim();
  let value = pair.slice(eq + 1).trim();
  try {
    value = decodeURIComponent(value);
  } catch {
    /* keep it raw */
  }
  const attributes: Record<string, string> = {};
  for (const attr of attrs) {
    const i = attr.indexOf("=");
    const key = (i < 0 ? attr : attr.slice(0, i)).trim().toLowerCase();
    if (key) attributes[key] = i < 0 ? "" : attr.slice(i + 1).trim();
  }
  return { name, value, attributes };
}

/** The Set-Cookie of one cookie name in an answer, parsed. */
export function findSetCookie(res: ApiResponse, name: string): SetCookie | undefined {
  return res.setCookies.map(parseSetCookie).find((c) => c.name === name);
}

export interface TestUserOptions {
  username: string;
  password?: string;
  email?: string | null;
  kind?: "staff" | "resident" | "non_resident" | "organization";
  firstname?: string;
  lastname?: string | null;
  /** Names of existing (seeded) roles, e.g. "Viewer". */
  roles?: string[];
  /** Permission names granted through a role made for this user. */
  permissions?: string[];
  blocked?: boolean;
  deleted?: boolean;
}

export interface TestUser {
  id: number;
  username: string;
  password: string;
  email: string | null;
}

/** Creates a user straight in the database, with its profile, roles and permissions. */
export async function createUser(db: DB, options: TestUserOptions): Promise<TestUser> {
  const password = options.password ?? "Test-Passw0rd!";
  const now = new Date();
  const { id } = await db
    .insertInto("users")
    .values({
      kind: options.kind ?? "staff",
      username: options.username,
      email: options.email ?? null,
      password_hash: await hashPassword(password),
      blocked_at: options.blocked ? now : null,
      deleted_at: options.deleted ? now : null,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await db
    .insertInto("user_profiles")
    .values({
      user_id: id,
      firstname: options.firstname ?? "Test",
      lastname: options.lastname === undefined ? options.username : options.lastname,
    })
    .execute();

  const roleIds: number[] = [];
  for (const name of options.roles ?? []) {
    const role = await db.selectFrom("roles").select("id").where("name", "=", name).executeTakeFirst();
    if (!role) throw new Error(`No role named ${name}; is the database seeded?`);
    roleIds.push(role.id);
  }
  if (options.permissions?.length) {
    const { id: roleId } = await db
      .insertInto("roles")
      .values({ name: `test-role-${options.username}`, description: "Made by a test" })
      .returning("id")
      .executeTakeFirstOrThrow();
    const permissions = await db.selectFrom("permissions").select(["id", "name"]).where("name", "in", options.permissions).execute();
    const missing = options.permissions.filter((n) => !permissions.some((p) => p.name === n));
    if (missing.length) throw new Error(`Unknown permissions: ${missing.join(", ")}`);
    await db
      .insertInto("role_permissions")
      .values(permissions.map((p) => ({ role_id: roleId, permission_id: p.id })))
      .execute();
    roleIds.push(roleId);
  }
  if (roleIds.length)
    await db
      .insertInto("user_roles")
      .values(roleIds.map((role_id) => ({ user_id: id, role_id })))
      .execute();
  return { id, username: options.username, password, email: options.email ?? null };
}

/** Turns the maintenance_mode setting on or off, straight in the database. */
export async function setMaintenance(db: DB, on: boolean): Promise<void> {
  await db
    .insertInto("settings")
    .values({ key: "maintenance_mode", value: JSON.stringify(on) })
    .onConflict((oc) => oc.columns(["barangay_id", "key"]).doUpdateSet({ value: JSON.stringify(on) }))
    .execute();
}

/** A signed-in client for the given credentials; fails loudly when the login is refused. */
export async function signedIn(server: TestServer, credentials: { username: string; password: string }): Promise<ApiClient> {
  const client = server.client();
  const res = await client.login(credentials.username, credentials.password);
  if (res.status !== 200) throw new Error(`login as ${credentials.username} answered ${res.status}: ${res.text}`);
  return client;
}
