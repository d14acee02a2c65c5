import { AsyncResource } from "node:async_hooks";
import type { NextFunction, Request, RequestHandler, Response } from "express";
import { createReadableStreamFromReadable, writeReadableStreamToWritable } from "@react-router/node";
import { createRequestHandler, type RouterContextProvider, type ServerBuild } from "react-router";
import type { DB } from "../../db/index.ts";
import { isDatabaseUnavailable } from "../database-loss.ts";
import { isAppError, toAppError } from "../errors.ts";
import { csrfHeaderMatches, isSafeMethod } from "./auth-middleware.ts";
import { XSRF_COOKIE } from "./cookies.ts";
import { probeDatabase, unavailablePage } from "./database-health.ts";
import { m } from "../../domain/i18n/index.ts";
import { answerLocale } from "./locale.ts";
import { translatedMessage } from "../../domain/i18n/server-messages.ts";

// Page requests (React Router) with bounded bodies and a database that may go away.
//
// - A page action's body is read here, before React Router sees it, and only after the cheap
//   checks: the XSRF-TOKEN cookie must exist and a browser's Origin must be ours (otherwise 419,
//   nothing read); the limit depends on the session (anonymous posts: 64 KB, the login form needs
//   far less) and on the kind (forms FORM_BODY_LIMIT_MB, multipart uploads UPLOAD_BODY_LIMIT_MB);
//   a declared length over it is a 413 at once, and a body that grows past it stops being read.
// - A 500 while the database is unreachable becomes the maintenance screen (503).

declare module "express-serve-static-core" {
  interface Request {
    /** The page action's body, read and bounded by pageBodyGuard. */
    pageBody?: Buffer;
  }
}

export interface BodyLimits {
  /** application/x-www-form-urlencoded, text and anything else but multipart, in bytes. */
  form: number;
  /** multipart/form-data (photo uploads), in bytes. */
  upload: number;
}

/** No anonymous page action (sign-in, sign-out) needs more. */
export const ANONYMOUS_BODY_LIMIT = 64 * 1024;

export function megabytes(mb: number): number {
  return Math.round(mb * 1024 * 1024);
}

/** Whether a browser's Origin (or, without one, Referer) is this portal; absent means not a browser. */
export function originIsOurs(req: Request): boolean {
  const origin = req.headers.origin ?? (typeof req.headers.referer === "string" ? req.headers.referer : undefined);
  if (origin === undefined || origin === "null") return true;
  try {
    return new URL(origin).host.toLowerCase() === String(req.headers.host ?? "").toLowerCase();
  } catch {
    return false;
  }
}

function wantsJson(req: Request): boolean {
  return req.path.startsWith("/backend") || req.path.startsWith("/trpc") || (req.headers.accept ?? "").includes("application/json");
}

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A small page or JSON body for errors answered outside React Router; never a stack trace. */
export function sendError(req: Request, res: Response, status: number, message: string, headers: Record<string, string> = {}): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  res.set(headers);
  res.setHeader("Cache-Control", "no-store");
  // In the request's language (issue 33 item 4), or the visitor's before it is known; English as it was.
  const locale = answerLocale(req);
  message = translatedMessage(message, locale);
  if (wantsJson(req)) {
    res.status(status).json({ message });
    return;
  }
  if (status === 503) {
    res.status(503).type("html").send(unavailablePage());
    return;
  }
  res
    .status(status)
    .type("html")
    .send(
      `<!DOCTYPE html><html lang="${locale}"><head><meta charset="utf-8"><title>${status} | Portal</title></head>` +
        `<body><main><h1>${status}</h1><p>${escape(message)}</p><p><a href="/">${escape(m.server_error_go_home({}, { locale }))}</a></p></main></body></html>`,
    );
}

/**
 * Answers before the body is read, then discards what the client still sends for a moment (so that
 * it sees the answer instead of a reset connection), and closes the connection.
 */
function refuse(req: Request, res: Response, status: number, message: string): void {
  sendError(req, res, status, message);
  const timer = setTimeout(() => req.socket.destroy(), 2_000);
  timer.unref();
  req.on("end", () => clearTimeout(timer));
  req.resume();
}

/** Reads a page action's body within its limit, after the checks that need no body. */
export function pageBodyGuard(limits: BodyLimits): RequestHandler {
  return (req, res, next) => {
    if (isSafeMethod(req.method)) return next();
    // CSRF first: without the cookie no token can match, and a browser's Origin must be ours.
    // A matching X-XSRF-TOKEN header settles it now; a `_csrf` field is checked by csrfGuard.
    if (!req.cookies[XSRF_COOKIE] || !originIsOurs(req)) return refuse(req, res, 419, "CSRF token mismatch.");
    if (req.headers["x-xsrf-token"] !== undefined && !csrfHeaderMatches(req)) return refuse(req, res, 419, "CSRF token mismatch.");
    const multipart = String(req.headers["content-type"] ?? "").startsWith("multipart/");
    const limit = !req.user ? ANONYMOUS_BODY_LIMIT : multipart ? limits.upload : limits.form;
    const declared = Number(req.headers["content-length"] ?? 0);
    if (declared > limit) return refuse(req, res, 413, "The request body is too large.");

    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    // The body's last chunk may arrive in the socket's own async context: the page must still run in
    // the request's (its barangay, set by server/http/tenancy.ts through AsyncLocalStorage). Without
    // the binding, a hub's page actions ran in no barangay when the body came after this middleware
    // (issue 29: "The selected purok is invalid." on a hub, intermittently).
    const resume = AsyncResource.bind(next);
    const finish = (error?: { status: number; message: string }) => {
      if (done) return;
      done = true;
      req.off("data", onData);
      req.off("end", onEnd);
      req.off("error", onError);
      if (error) return refuse(req, res, error.status, error.message);
      req.pageBody = Buffer.concat(chunks, size);
      resume();
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) return finish({ status: 413, message: "The request body is too large." });
      chunks.push(chunk);
    };
    const onEnd = () => finish();
    const onError = () => finish({ status: 400, message: "The request body could not be read." });
    req.on("data", onData);
    req.on("end", onEnd);
    req.on("error", onError);
  };
}

export interface PageHandlerOptions {
  build: ServerBuild | (() => ServerBuild | Promise<ServerBuild>);
  mode: string;
  db: DB;
  getLoadContext: (req: Request, res: Response) => RouterContextProvider;
}

/**
 * React Router's Express adapter (@react-router/express 8.4), reading the body that
 * pageBodyGuard bounded, and answering the maintenance screen when a 500 comes from a lost database.
 */
export function pageRequestHandler(options: PageHandlerOptions): RequestHandler {
  const handleRequest = createRequestHandler(options.build, options.mode);
  return async (req: Request, res: Response, next: NextFunction) => {
    try {
      const request = toWebRequest(req, res);
      const response = await handleRequest(request, options.getLoadContext(req, res));
      if (response.status === 500 && !(await probeDatabase(options.db))) {
        await response.body?.cancel();
        return sendError(req, res, 503, "Service Unavailable", { "Retry-After": "5" });
      }
      await sendResponse(res, response);
    } catch (error) {
      next(error);
    }
  };
}

function toWebRequest(req: Request, res: Response): globalThis.Request {
  const [, hostPortStr] = req.get("host")?.split(":") ?? [];
  const hostPort = Number.parseInt(hostPortStr ?? "", 10);
  const host = `${req.hostname.split(/[\\/?#@]/)[0] || "localhost"}${Number.isSafeInteger(hostPort) ? `:${hostPort}` : ""}`;
  const url = new URL(`${req.protocol}://${host}${req.originalUrl}`);
  let controller: AbortController | null = new AbortController();
  const signal = controller.signal;
  res.on("finish", () => (controller = null));
  res.on("close", () => controller?.abort());
  const headers = new Headers();
  for (const [key, values] of Object.entries(req.headers)) {
    if (!values) continue;
    if (Array.isArray(values)) for (const value of values) headers.append(key, value);
    else headers.set(key, values);
  }
  const init: RequestInit & { duplex?: "half" } = { method: req.method, headers, signal };
  if (req.method !== "GET" && req.method !== "HEAD") {
    if (req.pageBody) {
      init.body = new Blob([new Uint8Array(req.pageBody)]);
      headers.delete("content-length");
    } else {
      init.body = createReadableStreamFromReadable(req);
      init.duplex = "half";
    }
  }
  return new globalThis.Request(url.href, init);
}

/**
 * React writes a page in chunks of about 2 KB, and each `res.write` went to the socket as a
 * write(2) of its own: about a hundred for the residents list (the profile of the page at
 * 32 clients showed the socket writes at 7–8 % of the server's CPU). The body's chunks are
 * gathered during one turn of the event loop and written together at its end (or at `end()`), so
 * what React hands over at once leaves in one write. Only the page handler's own body copy
 * (writeReadableStreamToWritable, which neither passes callbacks nor waits for drain) goes through it.
 */
function batchWrites(res: Response): void {
  const write = res.write.bind(res) as (chunk: Uint8Array) => boolean;
  const end = res.end.bind(res) as (...args: unknown[]) => Response;
  let pending: Uint8Array[] = [];
  let scheduled = false;
  const flush = () => {
    scheduled = false;
    if (!pending.length || res.writableEnded) return;
    const chunks = pending;
    pending = [];
    write(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks));
  };
  res.write = ((chunk: Uint8Array | string) => {
    pending.push(typeof chunk === "string" ? Buffer.from(chunk) : chunk);
    if (!scheduled) {
      scheduled = true;
      setImmediate(flush);
    }
    return true;
  }) as Response["write"];
  res.end = ((...args: unknown[]) => {
    flush();
    return end(...args);
  }) as Response["end"];
}

async function sendResponse(res: Response, response: globalThis.Response): Promise<void> {
  if (res.destroyed || res.writableEnded) {
    await response.body?.cancel();
    return;
  }
  res.statusMessage = response.statusText;
  res.status(response.status);
  // A route's own Cache-Control (or any single header) replaces the default; cookies add up.
  for (const [key, value] of response.headers.entries()) {
    if (key === "set-cookie") res.append(key, value);
    else res.setHeader(key, value);
  }
  if (response.headers.get("Content-Type")?.match(/text\/event-stream/i)) res.flushHeaders();
  if (response.body) {
    try {
      batchWrites(res);
      await writeReadableStreamToWritable(response.body, res);
    } catch (error) {
      if (res.destroyed || res.writableEnded) return;
      throw error;
    }
  } else res.end();
}

/** The last error handler: spec §8 shapes, 503 for a lost database, never a stack trace. */
export function finalErrorHandler(error: unknown, req: Request, res: Response, _next: NextFunction): void {
  const appError = toAppError(error);
  if (isAppError(appError)) return sendError(req, res, appError.status, appError.message, appError.headers);
  if (isDatabaseUnavailable(error)) return sendError(req, res, 503, "Service Unavailable", { "Retry-After": "5" });
  const status = (error as { status?: unknown; expose?: unknown })?.status;
  if (typeof status === "number" && status >= 400 && status < 500) {
    return sendError(req, res, status, status === 413 ? "The request body is too large." : status === 404 ? "Not Found" : "Bad Request");
  }
  if (req.log) req.log.error({ err: error }, "unhandled error");
  else console.error("unhandled error", error);
  sendError(req, res, 500, "Server Error");
}

/** Methods the portal answers; anything else (TRACE, TRACK, PROPFIND, ...) is a 405. */
export const ALLOWED_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];

export const methodNotAllowed: RequestHandler = (req, res, next) => {
  if (ALLOWED_METHODS.includes(req.method)) return next();
  const message = `The ${req.method} method is not supported for this route. Supported methods: ${ALLOWED_METHODS.join(", ")}.`;
  sendError(req, res, 405, message, { Allow: ALLOWED_METHODS.join(", ") });
};
