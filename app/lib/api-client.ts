import { clearValidationErrors, setMaintenance, setValidationErrors } from "./client-state.ts";
import { ERROR_TIMEOUT_MS, notify as defaultNotify, type NotifyOptions } from "@domain/notify.ts";

// The one fetch wrapper every browser call goes through (spec §7 intro, §8).
//
// Every request carries the session cookie (credentials), JSON accept headers, the XMLHttpRequest
// header, and on state-changing methods the XSRF-TOKEN cookie echoed as X-XSRF-TOKEN (the
// double-submit check of server/http/auth-middleware.ts). Before each request the validation store
// is cleared. A failed response is handled as the error catalogue of spec §8 says, and is then
// still rejected to the caller as an ApiError.
//
// The tRPC client (trpc-client.ts) sends its requests through createFetch() below, so the same
// handling applies to /trpc.

export const STATUS_PATH = "/backend/api/status";
export const LOGIN_PATH = "/login";
export const XSRF_COOKIE = "XSRF-TOKEN";
export const XSRF_HEADER = "X-XSRF-TOKEN";

export const SOMETHING_WRONG = "Something is wrong!";
export const FORBIDDEN_MESSAGE = "You are not authorize to perform this action";
export const GENERIC_ERROR_MESSAGE = "Refresh the page or contact the system administrator for an assistance";
/** How long the 419 notification shows before the page reloads (the spec says "then reload"). */
export const CSRF_RELOAD_DELAY_MS = 1500;

/** A failed call: the HTTP status (0 for a network failure) and the parsed body, if any. */
export class ApiError extends Error {
  readonly status: number;
  readonly body: unknown;
  /** Field errors of a 422/400 body ({} otherwise). */
  readonly errors: Record<string, string[]>;

  constructor(status: number, body: unknown, message?: string, options?: { cause?: unknown }) {
    super(message ?? messageOf(body) ?? (status ? `Request failed with status ${status}` : "Network request failed"), options);
    this.name = "ApiError";
    this.status = status;
    this.body = body;
    this.errors = fieldErrorsOf(body) ?? {};
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function messageOf(body: unknown): string | undefined {
  return isRecord(body) && typeof body.message === "string" ? body.message : undefined;
}

/** Laravel's {errors: {field: [msg]}}; a single string message per field is accepted too. */
function fieldErrorsOf(body: unknown): Record<string, string[]> | undefined {
  if (!isRecord(body) || !isRecord(body.errors)) return undefined;
  const out: Record<string, string[]> = {};
  for (const [field, messages] of Object.entries(body.errors)) {
    if (Array.isArray(messages)) out[field] = messages.map(String);
    else if (typeof messages === "string") out[field] = [messages];
  }
  return out;
}

// --- the browser around the wrapper, injectable for tests ---------------------------------------

export interface ApiDeps {
  fetch: typeof fetch;
  notify: (options: NotifyOptions) => unknown;
  /** Full-page navigation (the 401 log-out). */
  assign: (url: string) => void;
  reload: () => void;
  /** The current path, so a 401 on the login page does not reload the login page. */
  pathname: () => string;
  /** document.cookie */
  cookies: () => string;
  /** Whether a user is signed in (the 419 notice is only for signed-in users). */
  isSignedIn: () => boolean;
  setTimeout: (fn: () => void, ms: number) => unknown;
}

let signedIn = false;

/**
 * Tells the wrapper whether a user is signed in. The shell calls it with the root loader's user
 * (useSignedInSync below); a 401 sets it back to false.
 */
export function setSignedIn(value: boolean): void {
  signedIn = value;
}

export function isSignedIn(): boolean {
  return signedIn;
}

function browserDeps(): ApiDeps {
  const hasWindow = typeof window !== "undefined";
  return {
    fetch: (...args) => globalThis.fetch(...args),
    notify: defaultNotify,
    assign: (url) => (hasWindow ? window.location.assign(url) : undefined),
    reload: () => (hasWindow ? window.location.reload() : undefined),
    pathname: () => (hasWindow ? window.location.pathname : "/"),
    cookies: () => (typeof document !== "undefined" ? document.cookie : ""),
    isSignedIn,
    setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  };
}

let deps: ApiDeps | null = null;
function currentDeps(): ApiDeps {
  return (deps ??= browserDeps());
}

/** Replaces parts of the browser for tests; returns a function that restores the previous ones. */
export function configureApi(overrides: Partial<ApiDeps>): () => void {
  const previous = deps;
  deps = { ...currentDeps(), ...overrides };
  return () => {
    deps = previous;
  };
}

/** Reads one cookie from a Cookie header-style string, URI-decoded. */
export function readCookie(cookieString: string, name: string): string | null {
  for (const part of cookieString.split(";")) {
    const eq = part.indexOf("=");
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() !== name) continue;
    const raw = part.slice(eq + 1).trim();
    try {
      return decodeURIComponent(raw);
    } catch {
      return raw;
    }
  }
  return null;
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** Adds the headers of spec §7 to a request's headers (the caller's own headers win except X-XSRF-TOKEN). */
export function withPortalHeaders(method: string, headersInit: HeadersInit | undefined, d: ApiDeps = currentDeps()): Headers {
  const headers = new Headers(headersInit);
  if (!headers.has("Accept")) headers.set("Accept", "application/json");
  headers.set("X-Requested-With", "XMLHttpRequest");
  if (!SAFE_METHODS.has(method.toUpperCase())) {
    const token = readCookie(d.cookies(), XSRF_COOKIE);
    if (token) headers.set(XSRF_HEADER, token);
  }
  return headers;
}

// --- spec §8 ------------------------------------------------------------------------------------

export interface HandleOptions {
  /** Skip notifications and navigation (503 still sets maintenance mode). Used by checkStatus(). */
  silent?: boolean;
}

let reloadScheduled = false;
let loggingOut = false;

/** For tests: forget that a reload or log-out is already under way. */
export function resetApiClientState(): void {
  reloadScheduled = false;
  loggingOut = false;
}

/**
 * The error catalogue of spec §8 for one failed response. `status` 0 is a network failure.
 * Exported for the tRPC fetch, which reports several statuses per batch.
 */
export function handleApiError(status: number, body: unknown, options: HandleOptions = {}, d: ApiDeps = currentDeps()): void {
  switch (status) {
    case 419:
      if (options.silent || !d.isSignedIn()) return;
      d.notify({ title: SOMETHING_WRONG, type: "invalid", timeout: ERROR_TIMEOUT_MS });
      if (!reloadScheduled) {
        reloadScheduled = true;
        d.setTimeout(() => d.reload(), CSRF_RELOAD_DELAY_MS);
      }
      return;
    case 503:
      setMaintenance(true);
      return;
    case 401:
      setSignedIn(false);
      if (options.silent || loggingOut || d.pathname() === LOGIN_PATH) return;
      loggingOut = true;
      d.assign(LOGIN_PATH);
      return;
    case 422:
    case 400:
      setValidationErrors(fieldErrorsOf(body) ?? {});
      return;
    case 403:
      if (options.silent) return;
      d.notify({ title: SOMETHING_WRONG, message: FORBIDDEN_MESSAGE, type: "invalid", timeout: ERROR_TIMEOUT_MS });
      return;
    default:
      if (options.silent) return;
      d.notify({ title: SOMETHING_WRONG, message: GENERIC_ERROR_MESSAGE, type: "invalid", timeout: ERROR_TIMEOUT_MS });
  }
}

function isAbortError(error: unknown): boolean {
  return typeof error === "object" && error !== null && (error as { name?: unknown }).name === "AbortError";
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204 || response.status === 205) return null;
  const text = await response.text();
  if (text === "") return null;
  const type = response.headers.get("Content-Type") ?? "";
  if (type.includes("json")) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
}

// --- apiFetch -----------------------------------------------------------------------------------

export type QueryValue = string | number | boolean | null | undefined | readonly (string | number | boolean)[];

export interface ApiOptions extends Omit<RequestInit, "body" | "method" | "headers"> {
  method?: string;
  headers?: HeadersInit;
  /** A plain object or array is sent as JSON; FormData, Blob, URLSearchParams and strings as they are. */
  body?: unknown;
  /** Query parameters appended to the path; null and undefined are left out, arrays repeat the key (key[]=a&key[]=b). */
  query?: Record<string, QueryValue>;
  /** What to resolve with: the parsed body (default), or the Response itself (file downloads). */
  responseType?: "json" | "response";
  silent?: boolean;
}

/** "/backend/x" + {search: "juan", page: 2} → "/backend/x?search=juan&page=2" */
export function withQuery(path: string, query: Record<string, QueryValue> | undefined): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === null || value === undefined) continue;
    if (typeof value === "object") for (const item of value) params.append(`${key}[]`, String(item));
    else params.append(key, String(value));
  }
  const qs = params.toString();
  if (!qs) return path;
  return `${path}${path.includes("?") ? "&" : "?"}${qs}`;
}

function isJsonBody(body: unknown): boolean {
  if (body === undefined || body === null) return false;
  if (typeof body !== "object") return typeof body === "number" || typeof body === "boolean";
  return !(
    (typeof FormData !== "undefined" && body instanceof FormData) ||
    (typeof Blob !== "undefined" && body instanceof Blob) ||
    (typeof URLSearchParams !== "undefined" && body instanceof URLSearchParams) ||
    body instanceof ArrayBuffer ||
    ArrayBuffer.isView(body) ||
    (typeof ReadableStream !== "undefined" && body instanceof ReadableStream)
  );
}

/**
 * Calls the back-end. Resolves with the parsed JSON body (null for an empty body); rejects with
 * an ApiError after the spec §8 handling. An aborted request (AbortController) is rejected with
 * the AbortError as it is, without any notification: the caller cancelled it.
 */
export async function apiFetch<T = unknown>(path: string, options: ApiOptions = {}): Promise<T> {
  const d = currentDeps();
  const { query, body, headers: headersInit, responseType = "json", silent, method: rawMethod, ...rest } = options;
  const method = (rawMethod ?? (body === undefined ? "GET" : "POST")).toUpperCase();
  const headers = withPortalHeaders(method, headersInit, d);
  let requestBody: BodyInit | undefined;
  if (isJsonBody(body)) {
    requestBody = JSON.stringify(body);
    if (!headers.has("Content-Type")) headers.set("Content-Type", "application/json");
  } else if (body !== undefined && body !== null) {
    requestBody = body as BodyInit;
  }

  clearValidationErrors();
  let response: Response;
  try {
    response = await d.fetch(withQuery(path, query), { ...rest, method, headers, body: requestBody, credentials: "include" });
  } catch (error) {
    if (isAbortError(error)) throw error;
    handleApiError(0, null, { silent }, d);
    throw new ApiError(0, null, undefined, { cause: error });
  }

  if (!response.ok) {
    const errorBody = await readBody(response).catch(() => null);
    handleApiError(response.status, errorBody, { silent }, d);
    throw new ApiError(response.status, errorBody);
  }
  if (responseType === "response") return response as T;
  return (await readBody(response)) as T;
}

/** Shorthands: api.get("/backend/api/userme"), api.post(path, body), … */
export const api = {
  get: <T = unknown>(path: string, options: Omit<ApiOptions, "method" | "body"> = {}) => apiFetch<T>(path, { ...options, method: "GET" }),
  post: <T = unknown>(path: string, body?: unknown, options: Omit<ApiOptions, "method" | "body"> = {}) =>
    apiFetch<T>(path, { ...options, method: "POST", body }),
  put: <T = unknown>(path: string, body?: unknown, options: Omit<ApiOptions, "method" | "body"> = {}) =>
    apiFetch<T>(path, { ...options, method: "PUT", body }),
  patch: <T = unknown>(path: string, body?: unknown, options: Omit<ApiOptions, "method" | "body"> = {}) =>
    apiFetch<T>(path, { ...options, method: "PATCH", body }),
  delete: <T = unknown>(path: string, options: Omit<ApiOptions, "method"> = {}) => apiFetch<T>(path, { ...options, method: "DELETE" }),
};

/**
 * The status call of spec §4 and §7.1, run on start and on a maintenance check: success turns
 * maintenance mode off, any failure turns it on. Silent (no notification, no redirect): the
 * maintenance screen is the message. Resolves true when the back-end is up.
 */
export async function checkStatus(): Promise<boolean> {
  try {
    await apiFetch(STATUS_PATH, { method: "GET", silent: true });
    setMaintenance(false);
    return true;
  } catch {
    setMaintenance(true);
    return false;
  }
}

// --- a fetch for libraries (tRPC) ---------------------------------------------------------------

/**
 * The statuses inside a body: tRPC puts each error's HTTP status in error.data.httpStatus (a batch
 * answers 207 when they differ) and the field errors in error.data.errors.
 */
function trpcErrorsOf(body: unknown): { status: number; body: unknown }[] {
  const items = Array.isArray(body) ? body : [body];
  const out: { status: number; body: unknown }[] = [];
  for (const item of items) {
    if (!isRecord(item) || !isRecord(item.error)) continue;
    const error = item.error;
    const data = isRecord(error.data) ? error.data : {};
    const status = typeof data.httpStatus === "number" ? data.httpStatus : 500;
    out.push({ status, body: { message: error.message, errors: data.errors } });
  }
  return out;
}

/**
 * A fetch with the headers and spec §8 handling of apiFetch that resolves with the Response even
 * when it failed, for libraries that read the response themselves and reject on their own (tRPC
 * turns it into a TRPCClientError). Network failures are handled and rethrown.
 */
export function createFetch(options: HandleOptions = {}): (input: RequestInfo | URL, init?: RequestInit) => Promise<Response> {
  return async (input, init = {}) => {
    const d = currentDeps();
    const method = (init.method ?? (typeof Request !== "undefined" && input instanceof Request ? input.method : "GET")).toUpperCase();
    const headers = withPortalHeaders(method, init.headers, d);
    clearValidationErrors();
    let response: Response;
    try {
      response = await d.fetch(input, { ...init, method, headers, credentials: "include" });
    } catch (error) {
      if (!isAbortError(error)) handleApiError(0, null, options, d);
      throw error;
    }
    if (response.status >= 400 || response.status === 207) {
      const body = await readBody(response.clone()).catch(() => null);
      const errors = trpcErrorsOf(body);
      if (errors.length === 0 && response.status >= 400) errors.push({ status: response.status, body });
      // One notice per distinct status; the field errors of every 422/400 in a batch are merged.
      const merged: Record<string, string[]> = {};
      let validation = false;
      const seen = new Set<number>();
      for (const error of errors) {
        if (error.status === 422 || error.status === 400) {
          validation = true;
          Object.assign(merged, fieldErrorsOf(error.body) ?? {});
        } else if (!seen.has(error.status)) {
          seen.add(error.status);
          handleApiError(error.status, error.body, options, d);
        }
      }
      if (validation) handleApiError(422, { errors: merged }, options, d);
    }
    return response;
  };
}

// --- React ------------------------------------------------------------------------------------

/** Keeps the wrapper's signed-in flag in step with the root loader's user. */
export function useSignedInSync(isUserSignedIn: boolean): void {
  // Set during render (not in an effect) so a request fired by a child effect already sees it;
  // idempotent, so React's double render in StrictMode is harmless. Never on the server, where
  // module state would be shared between requests.
  if (typeof window !== "undefined") setSignedIn(isUserSignedIn);
}
