import { expect, request, type APIRequestContext, type APIResponse } from "@playwright/test";
import { BASE_URL } from "./env";

// The REST adapter (spec §7, DESIGN §7) and tRPC as a signed-in user, for setting up what a test
// needs (users with a role, records to act on) without clicking through screens that other tests
// cover. Requests carry the headers of spec §7: the XSRF cookie's value, XMLHttpRequest, JSON.

type Method = "GET" | "POST" | "PUT" | "DELETE";

export interface CreatedUser {
  id: number;
  username: string;
  password: string;
  firstname: string;
  lastname: string;
  fullname: string;
}

let counter = 0;

/** A short name part that no other test, worker or earlier run of this server uses. */
export function uniqueId(): string {
  counter += 1;
  return `${Date.now().toString(36).slice(-5)}${process.pid.toString(36)}${counter}${Math.random().toString(36).slice(2, 5)}`;
}

export class PortalApi {
  private constructor(readonly context: APIRequestContext) {}

  /** Signs in through POST /backend/api/login (after the CSRF cookie call, as spec §7.1 does). */
  static async signIn(username: string, password: string, baseURL: string = BASE_URL): Promise<PortalApi> {
    const context = await request.newContext({
      baseURL,
      extraHTTPHeaders: { Accept: "application/json", "X-Requested-With": "XMLHttpRequest" },
    });
    const api = new PortalApi(context);
    const csrf = await context.get("/backend/sanctum/csrf-cookie");
    expect(csrf.ok(), "GET /backend/sanctum/csrf-cookie").toBe(true);
    await api.call("POST", "/backend/api/login", { username, password });
    return api;
  }

  private async xsrfToken(): Promise<string> {
    const { cookies } = await this.context.storageState();
    const cookie = cookies.find((c) => c.name === "XSRF-TOKEN");
    return cookie ? decodeURIComponent(cookie.value) : "";
  }

  /** The raw answer, whatever its status. */
  async send(method: Method, path: string, data?: unknown): Promise<APIResponse> {
    const headers: Record<string, string> = {};
    if (method !== "GET") headers["X-XSRF-TOKEN"] = await this.xsrfToken();
    return this.context.fetch(path, { method, headers, data: data === undefined ? undefined : data });
  }

  /** The JSON body of a successful answer; anything else fails the test with the body. */
  async call<T = unknown>(method: Method, path: string, data?: unknown): Promise<T> {
    const response = await this.send(method, path, data);
    const text = await response.text();
    if (!response.ok()) throw new Error(`${method} ${path} answered ${response.status()}: ${text.slice(0, 500)}`);
    return (text ? JSON.parse(text) : null) as T;
  }

  /** Cookies for a browser context signed in as this user. */
  storageState() {
    return this.context.storageState();
  }

  /** Clears the first-sign-in flag, so the welcome dialog does not cover the page. */
  async acknowledgeWelcome(): Promise<void> {
    await this.call("POST", "/trpc/auth.acknowledgeWelcome", {});
  }

  async setMaintenance(on: boolean): Promise<void> {
    await this.call("POST", "/trpc/system.setMaintenance", { on });
  }

  async roleId(name: string): Promise<number> {
    const body = await this.call<{ data: { id: number; name: string }[] }>(
      "GET",
      `/backend/api/admin/role?search=${encodeURIComponent(name)}&per_page=100`,
    );
    const role = body.data.find((r) => r.name === name);
    if (!role) throw new Error(`No role named ${name}`);
    return role.id;
  }

  /** A staff user holding one seeded role (POST {global_path}/user, spec §7.3, DESIGN §7). */
  async createUser(role: string, options: { welcomed?: boolean } = {}): Promise<CreatedUser> {
    const id = uniqueId();
    const user = {
      username: `e2e.${id}`,
      password: `E2e-${id}-Pass!`,
      firstname: "Tess",
      lastname: `${role.replace(/\W/g, "")} ${id}`,
    };
    const body = await this.call<{ data: { id: number } }>("POST", "/backend/api/user", {
      username: user.username,
      password: user.password,
      user_profile: { firstname: user.firstname, lastname: user.lastname },
      roles: [await this.roleId(role)],
    });
    if (options.welcomed) {
      const self = await PortalApi.signIn(user.username, user.password);
      await self.acknowledgeWelcome();
      await self.dispose();
    }
    return { ...user, id: body.data.id, fullname: `${user.firstname} ${user.lastname}` };
  }

  /** POST {global_path}/X with the entity's fields (spec §7.2). */
  async create<T extends { id: number } = { id: number; name?: string }>(restPath: string, fields: Record<string, unknown>): Promise<T> {
    const body = await this.call<{ data: T }>("POST", `/backend/api/${restPath}`, fields);
    return body.data;
  }

  async dispose(): Promise<void> {
    await this.context.dispose();
  }
}
