import { isUtf8 } from "node:buffer";
import express, { type NextFunction, type Request, type Response, type Router } from "express";
import type { DB } from "../../../db/index.ts";
import { serviceContextFor, type ServiceContext } from "../../context.ts";
import {
  AppError,
  csrfMismatch,
  isAppError,
  maintenance,
  nulFieldErrors,
  toAppError,
  unauthenticated,
  ValidationError,
} from "../../errors.ts";
import { csrfHeaderMatches, isSafeMethod, rotateXsrfToken } from "../auth-middleware.ts";
import { clearSessionCookie, setSessionCookie } from "../cookies.ts";
import { login, logout } from "../../auth/sign-in.ts";
import { absolutePagination, asLoginError, loginInput, referenceObjectsAsIds } from "./compat.ts";
import { registerOpenApiRoutes } from "./openapi.ts";
import { jsonInRequestLanguage } from "../in-language.ts";
import { isMaintenanceMode } from "../../system/settings.ts";

// The REST compatibility adapter of spec §7 under /backend (DESIGN §7). Thin: parse, call the
// service, shape the answer the way the Laravel back-end did.

declare module "express-serve-static-core" {
  interface Request {
    /** The request's service context, made (and admitted) by the adapter's gate below. */
    serviceContext?: ServiceContext;
  }
}

/**
 * The service context the adapter's gate made for this request (serviceContextFor). The adapters
 * pass their database too; the context already holds it.
 */
export function serviceContext(req: Request, _db?: DB): ServiceContext {
  if (!req.serviceContext) throw new Error(`No service context for ${req.method} ${req.originalUrl}: the REST gate did not run`);
  return req.serviceContext;
}

/** Wraps an async handler so thrown errors reach the error handler. */
export function handle(fn: (req: Request, res: Response) => Promise<unknown>) {
  return (req: Request, res: Response, next: NextFunction) => {
    fn(req, res).catch(next);
  };
}

export function requireUser(req: Request): NonNullable<Request["user"]> {
  if (!req.user) throw unauthenticated();
  return req.user;
}

// Calls that must work while maintenance mode is on, or before signing in.
const ALWAYS_OPEN = new Set(["/sanctum/csrf-cookie", "/api/status", "/api/login", "/api/logout", "/api/userme"]);

// The API's own description is public (server/http/rest/openapi.ts).
const PUBLIC_DOCS = new Set(["/api/openapi.json", "/api/docs"]);

export function restRouter(db: DB, extensions: ((router: Router, db: DB) => void)[] = []): Router {
  const router = express.Router();
  // Messages in the request's language (server/http/in-language.ts); English unchanged.
  router.use(jsonInRequestLanguage);
  // A JSON body that is not valid UTF-8 is refused (400), not stored with replacement characters.
  router.use(express.json({ limit: "1mb", verify: rejectInvalidUtf8 }));

  router.use((req, _res, next) => {
    if (!isSafeMethod(req.method) && !csrfHeaderMatches(req)) return next(csrfMismatch());
    // Signed out, every other call is a 401 before any record is looked up: no 403 or 404 tells
    // what exists. Maintenance (a setting, not a record) still answers 503 first.
    const open = ALWAYS_OPEN.has(req.path);
    const signedOutRefused = !req.user && !open && !PUBLIC_DOCS.has(req.path);
    serviceContextFor({ db, user: req.user, ip: req.clientIp, sessionId: req.sessionId }, { open }).then((ctx) => {
      req.serviceContext = ctx;
      next(signedOutRefused ? unauthenticated() : undefined);
    }, next);
  });

  // A NUL byte anywhere in the query or the JSON body is a 422 on its field:
  // Postgres refuses it in text, so it never reaches a query.
  router.use((req, _res, next) => {
    const errors = { ...nulFieldErrors(req.query), ...nulFieldErrors(req.body) };
    next(Object.keys(errors).length ? new ValidationError(errors) : undefined);
  });
  // Existing clients' shapes (server/http/rest/compat.ts).
  router.use(referenceObjectsAsIds);
  router.use(absolutePagination);

  router.get("/sanctum/csrf-cookie", (_req, res) => {
    res.status(204).end();
  });

  router.get(
    "/api/status",
    handle(async (_req, res) => {
      if (await isMaintenanceMode({ db })) throw maintenance();
      res.json({ status: "ok" });
    }),
  );

  router.post(
    "/api/login",
    handle(async (req, res) => {
      // Sanctum SPAs send `email` or `username`.
      const { input, field } = loginInput(req.body);
      const result = await login(
        { db, ip: req.clientIp, userAgent: req.headers["user-agent"] ?? null, previousSessionId: req.sessionId },
        input,
      ).catch((error: unknown) => {
        throw asLoginError(error, field);
      });
      setSessionCookie(res, req, result.token, result.expiresAt);
      rotateXsrfToken(res, req);
      res.json({ data: result.user });
    }),
  );

  router.post(
    "/api/logout",
    handle(async (req, res) => {
      await logout(serviceContext(req, db));
      clearSessionCookie(res, req);
      res.status(204).end();
    }),
  );

  router.get(
    "/api/userme",
    handle(async (req, res) => {
      res.json({ data: requireUser(req) });
    }),
  );

  // The OpenAPI document of every route of this router, public.
  registerOpenApiRoutes(router);
  for (const extend of extensions) extend(router, db);

  router.use((_req, _res, next) => next(new AppError(404, "Not Found")));
  router.use(restErrorHandler);
  return router;
}

function rejectInvalidUtf8(_req: unknown, _res: unknown, body: Buffer): void {
  if (!isUtf8(body)) throw Object.assign(new Error("The request body is not valid UTF-8."), { status: 400, expose: true });
}

/** Spec §8 statuses in Laravel's JSON shapes (DESIGN §6). */
export function restErrorHandler(raw: unknown, req: Request, res: Response, _next: NextFunction): void {
  // A unique key lost to a race is the 422 of the field (server/errors.ts fromDatabaseError).
  const error = toAppError(raw);
  // A path parameter that is not valid percent-encoding (`bank/%E0%A4%A`) names no record.
  if (error instanceof URIError) {
    res.status(404).json({ message: "Not Found" });
    return;
  }
  if (isAppError(error)) {
    if (error.headers) res.set(error.headers);
    const body: Record<string, unknown> = { message: error.message };
    if (error.errors) body.errors = error.errors;
    res.status(error.status).json(body);
    return;
  }
  if (error instanceof SyntaxError && "body" in (error as object)) {
    res.status(400).json({ message: "The request body is not valid JSON." });
    return;
  }
  // The body parser's own client errors (413 too large, 415 unsupported charset or encoding).
  const parserError = error as { status?: unknown; expose?: unknown; message?: unknown };
  if (typeof parserError?.status === "number" && parserError.status >= 400 && parserError.status < 500 && parserError.expose === true) {
    const message = parserError.status === 413 ? "The request body is too large." : String(parserError.message ?? "Bad Request");
    res.status(parserError.status).json({ message });
    return;
  }
  req.log?.error({ err: error }, "unhandled error");
  res.status(500).json({ message: "Server Error" });
}
