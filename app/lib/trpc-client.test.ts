import { TRPCClientError } from "@trpc/client";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { configureApi, createFetch, FORBIDDEN_MESSAGE, resetApiClientState, setSignedIn } from "./api-client.ts";
import { getClientState, setClientState } from "./client-state.ts";
import type { NotifyOptions } from "@domain/notify.ts";
import { createPortalTrpcClient, trpcErrorStatus, trpcFieldErrors } from "./trpc-client.ts";

// The tRPC client over a fake server: requests go through the portal's fetch wrapper, so the
// headers of spec §7 and the handling of spec §8 apply, and the caller still gets a TRPCClientError.

type Call = { url: string; init: RequestInit };
let calls: Call[];
let notices: NotifyOptions[];
let assigned: string[];
let respond: (call: Call) => Response;
let restore: () => void;

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

beforeEach(() => {
  calls = [];
  notices = [];
  assigned = [];
  resetApiClientState();
  setSignedIn(true);
  setClientState({ maintenance: false, validationErrors: {} });
  restore = configureApi({
    fetch: (async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const call = { url: String(input), init };
      calls.push(call);
      return respond(call);
    }) as typeof fetch,
    notify: (options) => notices.push(options),
    assign: (url) => assigned.push(url),
    reload: () => undefined,
    pathname: () => "/dashboard",
    cookies: () => "XSRF-TOKEN=tok123",
    setTimeout: () => undefined,
  });
});

afterEach(() => {
  restore();
  setSignedIn(false);
});

describe("trpc client", () => {
  it("sends a query as GET /trpc/<path> with the portal headers", async () => {
    respond = () => json(200, [{ result: { data: { maintenance: false } } }]);
    const client = createPortalTrpcClient(createFetch());
    await expect(client.system.status.query()).resolves.toEqual({ maintenance: false });
    expect(calls).toHaveLength(1);
    const url = new URL(calls[0].url, "http://portal.test");
    expect(url.pathname).toBe("/trpc/system.status");
    expect(url.searchParams.get("batch")).toBe("1");
    expect(calls[0].init.method).toBe("GET");
    expect(calls[0].init.credentials).toBe("include");
    const headers = new Headers(calls[0].init.headers);
    expect(headers.get("X-Requested-With")).toBe("XMLHttpRequest");
    expect(headers.get("Accept")).toBe("application/json");
    expect(headers.has("X-XSRF-TOKEN")).toBe(false);
  });

  it("batches concurrent queries into one request", async () => {
    respond = () => json(200, [{ result: { data: { maintenance: false } } }, { result: { data: null } }]);
    const client = createPortalTrpcClient(createFetch());
    const [status, me] = await Promise.all([client.system.status.query(), client.auth.me.query()]);
    expect(status).toEqual({ maintenance: false });
    expect(me).toBeNull();
    expect(calls).toHaveLength(1);
    expect(new URL(calls[0].url, "http://portal.test").pathname).toBe("/trpc/system.status,auth.me");
  });

  it("sends a mutation as POST with the XSRF header and a JSON body", async () => {
    respond = () => json(200, [{ result: { data: { maintenance: true } } }]);
    const client = createPortalTrpcClient(createFetch());
    await client.system.setMaintenance.mutate({ on: true });
    expect(calls[0].init.method).toBe("POST");
    expect(new Headers(calls[0].init.headers).get("X-XSRF-TOKEN")).toBe("tok123");
    expect(JSON.parse(String(calls[0].init.body))).toEqual({ 0: { on: true } });
  });

  it("403: notification, then the caller gets a TRPCClientError with the status", async () => {
    respond = () =>
      json(403, [{ error: { message: "This action is unauthorized.", code: -32003, data: { code: "FORBIDDEN", httpStatus: 403 } } }]);
    const client = createPortalTrpcClient(createFetch());
    const error = await client.system.sendTestNotification.mutate().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TRPCClientError);
    expect(trpcErrorStatus(error)).toBe(403);
    expect(notices.map((n) => n.message)).toEqual([FORBIDDEN_MESSAGE]);
  });

  it("422: field errors reach the validation store and the caller", async () => {
    const errors = { on: ["Invalid input: expected boolean, received string"] };
    respond = () =>
      json(422, [{ error: { message: "Invalid input", code: -32022, data: { code: "UNPROCESSABLE_CONTENT", httpStatus: 422, errors } } }]);
    const client = createPortalTrpcClient(createFetch());
    const error = await client.system.setMaintenance.mutate({ on: true }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TRPCClientError);
    expect(trpcFieldErrors(error)).toEqual(errors);
    expect(getClientState().validationErrors).toEqual(errors);
    expect(notices).toEqual([]);
  });

  it("401 logs out, 503 sets maintenance mode", async () => {
    const client = createPortalTrpcClient(createFetch());
    respond = () => json(401, [{ error: { message: "Unauthenticated.", code: -32001, data: { code: "UNAUTHORIZED", httpStatus: 401 } } }]);
    await expect(client.system.diagnostics.query()).rejects.toBeInstanceOf(TRPCClientError);
    expect(assigned).toEqual(["/login"]);

    respond = () => json(503, [{ error: { message: "Service Unavailable", code: -32603, data: { httpStatus: 503 } } }]);
    await expect(client.system.status.query()).rejects.toBeInstanceOf(TRPCClientError);
    expect(getClientState().maintenance).toBe(true);
  });

  it("helpers give 0 and {} for errors that are not tRPC's", () => {
    expect(trpcErrorStatus(new Error("x"))).toBe(0);
    expect(trpcFieldErrors("x")).toEqual({});
  });
});
