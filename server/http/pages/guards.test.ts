import { RouterContextProvider, type MiddlewareFunction } from "react-router";
import { describe, expect, it } from "vitest";
import { SYSTEM_ADMIN_PERMISSION } from "../../../domain/permissions.ts";
import type { AuthUser } from "../../context.ts";
import type { DB } from "../../../db/index.ts";
import { csrfGuard, guards, requirePermission } from "./guards.server.ts";
import { translatedMessage } from "../../../domain/i18n/server-messages.ts";
import { requestContext } from "./context.ts";

// DESIGN §6 and spec §6/§8: page guards, an unknown guard name is a 500 "Unknown middleware {name}".

type Args = Parameters<MiddlewareFunction<Response>>[0];

const USER: AuthUser = {
  id: 7,
  username: "clerk",
  email: null,
  kind: "staff",
  new_user: false,
  last_sign_in_at: null,
  language: "en",
  user_profile: {
    firstname: "Clerk",
    middlename: null,
    lastname: null,
    suffix: null,
    fullname: "Clerk",
    image: "/default_avatar.png",
    hex_color: null,
  },
  roles: [{ id: 2, name: "Viewer" }],
  permissions: ["manage-resident", "view-resident"],
};

function args(options: { url?: string; user?: AuthUser | null; init?: RequestInit; csrfToken?: string } = {}): Args {
  const request = new Request(options.url ?? "http://portal.test/dashboard", options.init);
  const context = new RouterContextProvider();
  context.set(requestContext, {
    // The guards below never reach the database: maintenance is read only for signed-in users
    // who pass the auth guard, and those cases use the query stub.
    db: maintenanceDb(false),
    user: options.user ?? null,
    sessionId: null,
    csrfToken: options.csrfToken ?? "token-123",
    ip: "127.0.0.1",
    requestId: "test",
    userAgent: null,
    secureCookies: false,
  });
  return { request, url: new URL(request.url), pattern: "/", params: {}, context } as unknown as Args;
}

/** A stand-in for the settings read of isMaintenanceMode. */
function maintenanceDb(on: boolean): DB {
  const chain = {
    select: () => chain,
    where: () => chain,
    executeTakeFirst: async () => (on ? { value: true } : undefined),
  };
  return { selectFrom: () => chain } as unknown as DB;
}

const next = () => Promise.resolve(new Response("ok"));

async function thrown(fn: () => unknown): Promise<unknown> {
  try {
    await fn();
  } catch (error) {
    return error;
  }
  throw new Error("expected the guard to throw");
}

describe("guards()", () => {
  it("turns an unknown name into a middleware that throws a 500 'Unknown middleware nope'", async () => {
    const [middleware] = guards("nope");
    expect(typeof middleware).toBe("function");
    const error = (await thrown(() => middleware(args({ user: USER }), next))) as { data: unknown; init: ResponseInit | null };
    expect(error.data).toBe("Unknown middleware nope");
    expect(error.init?.status).toBe(500);
  });

  it("keeps the order of the names, known and unknown", async () => {
    const list = guards("public", "nope", "auth");
    expect(list).toHaveLength(3);
    expect(await list[0](args(), next)).toBeUndefined();
    const error = (await thrown(() => list[1](args(), next))) as { data: unknown };
    expect(error.data).toBe("Unknown middleware nope");
  });

  it("auth sends a guest to /login with the way back", async () => {
    const [auth] = guards("auth");
    const res = (await thrown(() => auth(args({ url: "http://portal.test/manage/residents?page=2" }), next))) as Response;
    expect(res).toBeInstanceOf(Response);
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/login?redirectTo=%2Fmanage%2Fresidents%3Fpage%3D2");
  });

  it("auth sends a guest who asked for a page's data (a client navigation) back to the page itself", async () => {
    const [auth] = guards("auth");
    const url = "http://portal.test/manage/residents.data?page=2&_routes=routes%2Flayouts%2Fdefault";
    const res = (await thrown(() => auth(args({ url }), next))) as Response;
    expect(res.headers.get("location")).toBe("/login?redirectTo=%2Fmanage%2Fresidents%3Fpage%3D2");
  });

  it("auth sends a guest at / to /login without a way back", async () => {
    const [auth] = guards("auth");
    const res = (await thrown(() => auth(args({ url: "http://portal.test/" }), next))) as Response;
    expect(res.headers.get("location")).toBe("/login");
  });

  it("auth lets a signed-in user through, and answers 503 in maintenance unless they may bypass it", async () => {
    const [auth] = guards("auth");
    expect(await auth(args({ user: USER }), next)).toBeUndefined();

    // A user who holds manage-parameter but not the system-administrator permission still waits.
    const during = args({ user: { ...USER, permissions: [...USER.permissions, "manage-parameter"] } });
    during.context.set(requestContext, { ...during.context.get(requestContext), db: maintenanceDb(true) });
    const error = (await thrown(() => auth(during, next))) as { init: ResponseInit | null };
    expect(error.init?.status).toBe(503);

    const admin = args({ user: { ...USER, permissions: [SYSTEM_ADMIN_PERMISSION] } });
    admin.context.set(requestContext, { ...admin.context.get(requestContext), db: maintenanceDb(true) });
    expect(await auth(admin, next)).toBeUndefined();
  });

  it("guest sends a signed-in user to the dashboard", async () => {
    const [guest] = guards("guest");
    expect(await guest(args(), next)).toBeUndefined();
    const res = (await thrown(() => guest(args({ user: USER }), next))) as Response;
    expect(res.headers.get("location")).toBe("/dashboard");
  });
});

describe("requirePermission", () => {
  it("answers 403 without the permission", async () => {
    expect(await requirePermission("manage-resident")(args({ user: USER }), next)).toBeUndefined();
    const error = (await thrown(() => requirePermission("manage-user")(args({ user: USER }), next))) as { init: ResponseInit | null };
    expect(error.init?.status).toBe(403);
    const guest = (await thrown(() => requirePermission("manage-user")(args(), next))) as { init: ResponseInit | null };
    expect(guest.init?.status).toBe(403);
  });
});

describe("csrfGuard", () => {
  const post = (body: BodyInit, headers: Record<string, string> = {}) =>
    args({ url: "http://portal.test/manage/residents", init: { method: "POST", body, headers }, csrfToken: "token-123" });

  it("lets safe methods through", async () => {
    expect(await csrfGuard(args(), next)).toBeUndefined();
  });

  it("accepts the token in the _csrf field or the X-XSRF-TOKEN header", async () => {
    expect(await csrfGuard(post(new URLSearchParams({ _csrf: "token-123", name: "x" })), next)).toBeUndefined();
    expect(await csrfGuard(post("{}", { "content-type": "application/json", "x-xsrf-token": "token-123" }), next)).toBeUndefined();
  });

  it("answers 419 to a missing or wrong token", async () => {
    for (const a of [
      post(new URLSearchParams({ name: "x" })),
      post(new URLSearchParams({ _csrf: "token-124" })),
      post("{}", { "content-type": "application/json" }),
      post("{}", { "content-type": "application/json", "x-xsrf-token": "nope" }),
    ]) {
      const error = (await thrown(() => csrfGuard(a, next))) as { data: unknown; init: ResponseInit | null };
      expect(error.init?.status).toBe(419);
      expect(error.data).toBe("CSRF token mismatch.");
    }
  });

  it("answers a Filipino reader's 419 in Filipino (the error page shows its text)", async () => {
    const { inLanguage } = await import("../locale.ts");
    const error = (await inLanguage("fil", () => thrown(() => csrfGuard(post(new URLSearchParams({ name: "x" })), next)))) as {
      data: unknown;
      init: ResponseInit | null;
    };
    expect(error.init?.status).toBe(419);
    expect(error.data).not.toBe("CSRF token mismatch.");
    expect(error.data).toBe(translatedMessage("CSRF token mismatch.", "fil"));
  });

  it("leaves the form readable for the action", async () => {
    const a = post(new URLSearchParams({ _csrf: "token-123", name: "Juan" }));
    await csrfGuard(a, next);
    expect((await a.request.formData()).get("name")).toBe("Juan");
  });
});
