import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  api,
  apiFetch,
  ApiError,
  checkStatus,
  configureApi,
  createFetch,
  CSRF_RELOAD_DELAY_MS,
  FORBIDDEN_MESSAGE,
  GENERIC_ERROR_MESSAGE,
  isSignedIn,
  readCookie,
  resetApiClientState,
  setSignedIn,
  SOMETHING_WRONG,
  withQuery,
  type ApiDeps,
} from "./api-client.ts";
import { getClientState, setClientState } from "./client-state.ts";
import type { NotifyOptions } from "@domain/notify.ts";

type FetchCall = { url: string; init: RequestInit };

function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json", ...headers } });
}

let calls: FetchCall[];
let notices: NotifyOptions[];
let assigned: string[];
let reloads: number;
let timers: { fn: () => void; ms: number }[];
let pathname: string;
let cookie: string;
let restore: () => void;
let respond: (call: FetchCall) => Response | Promise<Response>;

function install(extra: Partial<ApiDeps> = {}) {
  restore = configureApi({
    fetch: (async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const call = { url: String(input), init };
      calls.push(call);
      return respond(call);
    }) as typeof fetch,
    notify: (options) => notices.push(options),
    assign: (url) => assigned.push(url),
    reload: () => {
      reloads += 1;
    },
    pathname: () => pathname,
    cookies: () => cookie,
    setTimeout: (fn, ms) => timers.push({ fn, ms }),
    ...extra,
  });
}

beforeEach(() => {
  calls = [];
  notices = [];
  assigned = [];
  reloads = 0;
  timers = [];
  pathname = "/dashboard";
  cookie = "portal_session=secret; XSRF-TOKEN=abc%2Bdef%3D%3D; theme=dark";
  respond = () => json(200, { data: "ok" });
  resetApiClientState();
  setSignedIn(true);
  setClientState({ maintenance: false, validationErrors: {} });
  install();
});

afterEach(() => {
  restore();
  setSignedIn(false);
});

function headersOf(call: FetchCall): Headers {
  return new Headers(call.init.headers);
}

async function rejection(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => {
      throw new Error("expected a rejection");
    },
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe("request headers (spec §7)", () => {
  it.each(["GET", "HEAD", "OPTIONS"])("%s: credentials, JSON accept, XMLHttpRequest, no XSRF header", async (method) => {
    respond = () => new Response(null, { status: 200 });
    await apiFetch("/backend/api/userme", { method });
    const [call] = calls;
    expect(call.init.method).toBe(method);
    expect(call.init.credentials).toBe("include");
    const headers = headersOf(call);
    expect(headers.get("Accept")).toBe("application/json");
    expect(headers.get("X-Requested-With")).toBe("XMLHttpRequest");
    expect(headers.has("X-XSRF-TOKEN")).toBe(false);
  });

  it.each(["POST", "PUT", "PATCH", "DELETE", "post"])("%s carries X-XSRF-TOKEN from the cookie, decoded", async (method) => {
    await apiFetch("/backend/api/logout", { method });
    const headers = headersOf(calls[0]);
    expect(headers.get("X-XSRF-TOKEN")).toBe("abc+def==");
    expect(headers.get("X-Requested-With")).toBe("XMLHttpRequest");
    expect(calls[0].init.method).toBe(method.toUpperCase());
  });

  it("sends no XSRF header when there is no cookie", async () => {
    cookie = "";
    await apiFetch("/backend/api/logout", { method: "POST" });
    expect(headersOf(calls[0]).has("X-XSRF-TOKEN")).toBe(false);
  });

  it("sends a plain object as JSON and defaults to POST when there is a body", async () => {
    await apiFetch("/backend/api/login", { body: { username: "admin", password: "pw" } });
    const [call] = calls;
    expect(call.init.method).toBe("POST");
    expect(call.init.body).toBe('{"username":"admin","password":"pw"}');
    expect(headersOf(call).get("Content-Type")).toBe("application/json");
  });

  it("passes FormData through untouched, without a JSON content type", async () => {
    const form = new FormData();
    form.set("file", "x");
    await api.post("/backend/upload", form);
    expect(calls[0].init.body).toBe(form);
    expect(headersOf(calls[0]).has("Content-Type")).toBe(false);
  });

  it("keeps the caller's headers and Accept", async () => {
    await apiFetch("/backend/report", { headers: { Accept: "application/pdf", "X-Custom": "1" } });
    const headers = headersOf(calls[0]);
    expect(headers.get("Accept")).toBe("application/pdf");
    expect(headers.get("X-Custom")).toBe("1");
  });

  it("appends query parameters", async () => {
    await api.get("/backend/global/resident", { query: { search: "dela cruz", page: 2, empty: undefined, none: null } });
    expect(calls[0].url).toBe("/backend/global/resident?search=dela+cruz&page=2");
  });

  it.each([
    ["/x", undefined, "/x"],
    ["/x", {}, "/x"],
    ["/x", { a: "1" }, "/x?a=1"],
    ["/x?a=1", { b: true }, "/x?a=1&b=true"],
    ["/x", { ids: [1, 2] }, "/x?ids%5B%5D=1&ids%5B%5D=2"],
  ] as const)("withQuery(%j, %j) → %j", (path, query, expected) => {
    expect(withQuery(path, query)).toBe(expected);
  });

  it.each([
    ["a=1; XSRF-TOKEN=tok", "tok"],
    ["XSRF-TOKEN=a%20b", "a b"],
    ["XSRF-TOKEN=%E0%A4%A", "%E0%A4%A"], // malformed escape: raw value
    ["X-XSRF-TOKEN=no; other=1", null],
    ["", null],
  ])("readCookie(%j) → %j", (cookies, expected) => {
    expect(readCookie(cookies, "XSRF-TOKEN")).toBe(expected);
  });
});

describe("responses", () => {
  it("resolves with the parsed JSON body", async () => {
    respond = () => json(200, { data: { id: 1 } });
    await expect(apiFetch("/backend/api/userme")).resolves.toEqual({ data: { id: 1 } });
  });

  it.each([204, 205])("resolves %i with null", async (status) => {
    respond = () => new Response(null, { status });
    await expect(apiFetch("/backend/api/logout", { method: "POST" })).resolves.toBeNull();
  });

  it("resolves a non-JSON body as text", async () => {
    respond = () => new Response("plain", { status: 200, headers: { "Content-Type": "text/plain" } });
    await expect(apiFetch("/x")).resolves.toBe("plain");
  });

  it("can hand back the Response itself (downloads)", async () => {
    const response = new Response("pdf", { status: 200 });
    respond = () => response;
    await expect(apiFetch("/x", { responseType: "response" })).resolves.toBe(response);
  });

  it("clears the validation store before each request", async () => {
    setClientState({ validationErrors: { name: ["Required."] } });
    let seenDuringRequest: unknown = "not called";
    respond = () => {
      seenDuringRequest = getClientState().validationErrors;
      return json(200, {});
    };
    await apiFetch("/x");
    expect(seenDuringRequest).toEqual({});
    expect(getClientState().validationErrors).toEqual({});
  });
});

describe("the error catalogue (spec §8)", () => {
  it("419 when signed in: notification, then a reload, and the caller still gets the error", async () => {
    respond = () => json(419, { message: "CSRF token mismatch." });
    const error = await rejection(apiFetch("/backend/x", { method: "POST" }));
    expect(error.status).toBe(419);
    expect(error.message).toBe("CSRF token mismatch.");
    expect(notices).toEqual([{ title: SOMETHING_WRONG, type: "invalid", timeout: 20_000 }]);
    expect(reloads).toBe(0); // after the delay, so the notice can be read
    expect(timers.map((t) => t.ms)).toEqual([CSRF_RELOAD_DELAY_MS]);
    timers[0].fn();
    expect(reloads).toBe(1);
  });

  it("419 twice schedules one reload", async () => {
    respond = () => json(419, { message: "CSRF token mismatch." });
    await rejection(apiFetch("/a", { method: "POST" }));
    await rejection(apiFetch("/b", { method: "POST" }));
    expect(timers).toHaveLength(1);
  });

  it("419 when signed out: no notification, no reload, still rejected", async () => {
    setSignedIn(false);
    respond = () => json(419, { message: "CSRF token mismatch." });
    const error = await rejection(apiFetch("/backend/api/login", { method: "POST", body: {} }));
    expect(error.status).toBe(419);
    expect(notices).toEqual([]);
    expect(timers).toEqual([]);
  });

  it("503 sets maintenance mode, without a notification", async () => {
    respond = () => json(503, { message: "Service Unavailable" });
    const error = await rejection(apiFetch("/backend/x"));
    expect(error.status).toBe(503);
    expect(getClientState().maintenance).toBe(true);
    expect(notices).toEqual([]);
  });

  it("401 logs the user out with a full navigation to /login", async () => {
    respond = () => json(401, { message: "Unauthenticated." });
    const error = await rejection(apiFetch("/backend/api/userme"));
    expect(error.status).toBe(401);
    expect(assigned).toEqual(["/login"]);
    expect(isSignedIn()).toBe(false);
    expect(notices).toEqual([]);
  });

  it("401 navigates once for concurrent failures", async () => {
    respond = () => json(401, { message: "Unauthenticated." });
    await Promise.all([rejection(apiFetch("/a")), rejection(apiFetch("/b"))]);
    expect(assigned).toEqual(["/login"]);
  });

  it("401 on the login page does not reload the login page", async () => {
    pathname = "/login";
    respond = () => json(401, { message: "Unauthenticated." });
    await rejection(apiFetch("/backend/api/userme"));
    expect(assigned).toEqual([]);
  });

  it.each([422, 400])("%i puts the field errors in the validation store", async (status) => {
    const errors = { username: ["The username field is required."], password: ["Too short.", "Too simple."] };
    respond = () => json(status, { message: "The username field is required. (and 2 more errors)", errors });
    const error = await rejection(apiFetch("/backend/api/login", { method: "POST", body: {} }));
    expect(error.status).toBe(status);
    expect(error.errors).toEqual(errors);
    expect(getClientState().validationErrors).toEqual(errors);
    expect(notices).toEqual([]);
  });

  it.each([
    [{ message: "The request body is not valid JSON." }, {}],
    [{ errors: { name: "One message" } }, { name: ["One message"] }],
    [null, {}],
  ])("400/422 without a Laravel errors map: %j → %j", async (body, expected) => {
    setClientState({ validationErrors: { stale: ["x"] } });
    respond = () => json(422, body);
    await rejection(apiFetch("/x", { method: "POST" }));
    expect(getClientState().validationErrors).toEqual(expected);
  });

  it("403: not authorized notification (20 s)", async () => {
    respond = () => json(403, { message: "This action is unauthorized." });
    const error = await rejection(apiFetch("/backend/x", { method: "DELETE" }));
    expect(error.status).toBe(403);
    expect(notices).toEqual([{ title: SOMETHING_WRONG, message: FORBIDDEN_MESSAGE, type: "invalid", timeout: 20_000 }]);
    expect(FORBIDDEN_MESSAGE).toBe("You are not authorize to perform this action");
  });

  it.each([500, 404, 409, 429, 502])("%i: the generic notification (20 s)", async (status) => {
    respond = () => json(status, { message: "Server Error" });
    const error = await rejection(apiFetch("/backend/x"));
    expect(error.status).toBe(status);
    expect(notices).toEqual([{ title: SOMETHING_WRONG, message: GENERIC_ERROR_MESSAGE, type: "invalid", timeout: 20_000 }]);
    expect(GENERIC_ERROR_MESSAGE).toBe("Refresh the page or contact the system administrator for an assistance");
    expect(getClientState().maintenance).toBe(false);
    expect(assigned).toEqual([]);
  });

  it("a non-JSON error body is kept as text", async () => {
    respond = () => new Response("Bad Gateway", { status: 502, headers: { "Content-Type": "text/html" } });
    const error = await rejection(apiFetch("/x"));
    expect(error.body).toBe("Bad Gateway");
    expect(error.message).toBe("Request failed with status 502");
  });

  it("a network failure: the generic notification and an ApiError with status 0", async () => {
    const cause = new TypeError("Failed to fetch");
    respond = () => {
      throw cause;
    };
    const error = await rejection(apiFetch("/backend/x"));
    expect(error.status).toBe(0);
    expect(error.cause).toBe(cause);
    expect(notices).toHaveLength(1);
    expect(notices[0].message).toBe(GENERIC_ERROR_MESSAGE);
  });

  it("an aborted request is rejected as it is, without a notification", async () => {
    const abort = new DOMException("The operation was aborted.", "AbortError");
    respond = () => {
      throw abort;
    };
    await expect(apiFetch("/backend/global/resident")).rejects.toBe(abort);
    expect(notices).toEqual([]);
  });

  it("silent calls only set maintenance mode", async () => {
    for (const status of [401, 403, 419, 500]) {
      respond = () => json(status, {});
      await rejection(apiFetch("/x", { silent: true }));
    }
    expect(notices).toEqual([]);
    expect(assigned).toEqual([]);
    expect(timers).toEqual([]);
  });
});

describe("checkStatus (spec §4)", () => {
  it("success turns maintenance mode off", async () => {
    setClientState({ maintenance: true });
    respond = () => json(200, { status: "ok" });
    await expect(checkStatus()).resolves.toBe(true);
    expect(calls[0].url).toBe("/backend/api/status");
    expect(calls[0].init.method).toBe("GET");
    expect(getClientState().maintenance).toBe(false);
  });

  it.each([
    ["503", () => json(503, { message: "Service Unavailable" })],
    ["500", () => json(500, { message: "Server Error" })],
    [
      "a network failure",
      () => {
        throw new TypeError("Failed to fetch");
      },
    ],
  ])("%s turns it on, silently", async (_label, response) => {
    respond = response;
    await expect(checkStatus()).resolves.toBe(false);
    expect(getClientState().maintenance).toBe(true);
    expect(notices).toEqual([]);
  });
});

describe("createFetch (the fetch given to tRPC)", () => {
  const trpcFetch = () => createFetch();

  it("adds the portal headers and resolves with the failed Response itself", async () => {
    respond = () => json(403, [{ error: { message: "This action is unauthorized.", code: -32003, data: { httpStatus: 403 } } }]);
    const response = await trpcFetch()("/trpc/system.setMaintenance?batch=1", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: '{"0":{"on":true}}',
    });
    expect(response.status).toBe(403);
    await expect(response.json()).resolves.toHaveLength(1); // the body is still unread for tRPC
    const headers = headersOf(calls[0]);
    expect(headers.get("X-XSRF-TOKEN")).toBe("abc+def==");
    expect(headers.get("content-type")).toBe("application/json");
    expect(calls[0].init.credentials).toBe("include");
    expect(notices[0].message).toBe(FORBIDDEN_MESSAGE);
  });

  it("handles every distinct status of a 207 batch once and merges field errors", async () => {
    respond = () =>
      json(207, [
        { result: { data: 1 } },
        { error: { message: "a", data: { httpStatus: 422, errors: { name: ["Required."] } } } },
        { error: { message: "b", data: { httpStatus: 422, errors: { code: ["Taken."] } } } },
        { error: { message: "c", data: { httpStatus: 403 } } },
        { error: { message: "d", data: { httpStatus: 403 } } },
      ]);
    await trpcFetch()("/trpc/a,b,c,d,e?batch=1");
    expect(getClientState().validationErrors).toEqual({ name: ["Required."], code: ["Taken."] });
    expect(notices).toHaveLength(1);
    expect(notices[0].message).toBe(FORBIDDEN_MESSAGE);
  });

  it("reads a single (unbatched) tRPC error and an error with no tRPC shape", async () => {
    respond = () => json(503, { error: { message: "Service Unavailable", data: { httpStatus: 503 } } });
    await trpcFetch()("/trpc/system.status");
    expect(getClientState().maintenance).toBe(true);

    respond = () => new Response("oops", { status: 500 });
    await trpcFetch()("/trpc/system.status");
    expect(notices.at(-1)?.message).toBe(GENERIC_ERROR_MESSAGE);
  });

  it("leaves successful responses alone", async () => {
    respond = () => json(200, [{ result: { data: { maintenance: false } } }]);
    const response = await trpcFetch()("/trpc/system.status?batch=1");
    expect(response.status).toBe(200);
    expect(notices).toEqual([]);
  });

  it("handles a network failure and rethrows it", async () => {
    const failure = new TypeError("Failed to fetch");
    respond = () => {
      throw failure;
    };
    await expect(trpcFetch()("/trpc/system.status")).rejects.toBe(failure);
    expect(notices[0].message).toBe(GENERIC_ERROR_MESSAGE);
  });

  it("uses the default browser fetch when nothing is injected", async () => {
    restore();
    const spy = vi.spyOn(globalThis, "fetch").mockResolvedValue(json(200, { ok: true }));
    restore = configureApi({ cookies: () => "", notify: () => undefined });
    await expect(apiFetch("http://portal.test/backend/api/status")).resolves.toEqual({ ok: true });
    expect(spy).toHaveBeenCalledOnce();
  });
});
