// The areas register with the engine before the routes use a service (the composition root).
import "../features/index.ts";
import compression from "compression";
import express, { type Express, type RequestHandler } from "express";
import { randomFillSync, randomUUID } from "node:crypto";
import type { Logger } from "pino";
import type { DB } from "../../db/index.ts";
import { restRouter } from "./rest/index.ts";
import { registerResourceRoutes } from "./rest/resources.ts";
import { registerAccessRoutes } from "../features/access/rest.ts";
import { registerReportRoutes } from "../features/reports/rest.ts";
import { registerOfficialRoutes } from "../features/officials/rest.ts";
import { registerKpFormRoutes } from "../features/kp/forms-rest.ts";
import { registerKpRoutes } from "../features/kp/rest.ts";
import { registerQueueRoutes } from "../features/queue/rest.ts";
import { registerSetupRoutes } from "../features/setup/rest.ts";
import { registerAdminRoutes } from "../features/access/rest-admin.ts";
import { registerResidentImportRoutes } from "../features/resident-import/rest.ts";
import { trpcMiddleware } from "./trpc/express.ts";
import { databaseReachable } from "../system/diagnostics.ts";
import type { SessionCache } from "../auth/session-cache.ts";
import { authenticate, isSafeMethod } from "./auth-middleware.ts";
import { barangayOfRequest } from "./tenancy.ts";
import { localeOfRequest } from "./locale.ts";
import { requestIsSecure } from "./cookies.ts";
import { finalErrorHandler, methodNotAllowed, pageBodyGuard, type BodyLimits } from "./pages.ts";
import { trustedProxies } from "./trust-proxy.ts";

declare module "express-serve-static-core" {
  interface Request {
    log?: Logger;
  }
}

export interface HttpAppOptions {
  db: DB;
  logger: Logger;
  /** Secure cookies and HSTS: always, never, or "auto" (when the request came over HTTPS). */
  secureCookies: boolean | "auto";
  /** TRUST_PROXY: false, true or "loopback" (the proxy on this machine), or the proxies' addresses and ranges (server/http/trust-proxy.ts). */
  trustProxy?: boolean | string;
  /** React Router's request handler; absent in API-only tests. */
  pageHandler?: RequestHandler;
  /** Page action bodies; defaults 1 MB for forms, 6 MB for uploads. */
  bodyLimits?: BodyLimits;
  /** Sessions kept per process (decision 173); absent: every request reads its session. */
  sessionCache?: SessionCache;
  /** Every cache the process keeps of the database (the sessions among them): each write clears them all. */
  caches?: { clear(): void }[];
}

// Content-Security-Policy: scripts from our origin, and inline scripts only with
// this answer's nonce (React Router's hydration data); connections only to our own origin (the
// page's host over http/https and ws/wss); OpenStreetMap tiles for the maps.
// Everything but the nonce and the host is the same on every answer, so it is joined once.
const CSP_AFTER_SCRIPT = [
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https://*.tile.openstreetmap.org",
  "font-src 'self' data:",
].join("; ");
const CSP_AFTER_CONNECT = [
  "worker-src 'self'",
  "manifest-src 'self'",
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "object-src 'none'",
].join("; ");

function contentSecurityPolicy(nonce: string, host: string | undefined): string {
  const own = host && /^[a-z0-9.-]+(:\d{1,5})?$|^\[[0-9a-f:.]+\](:\d{1,5})?$/i.test(host) ? ` ws://${host} wss://${host}` : "";
  return `default-src 'self'; script-src 'self' 'nonce-${nonce}'; ${CSP_AFTER_SCRIPT}; connect-src 'self'${own}; ${CSP_AFTER_CONNECT}`;
}

// Nonces are cut from a block of CSPRNG bytes filled 256 nonces at a time: one randomBytes(16) per
// answer was 4 % of the CPU of a small API call (OpenSSL's per-call locking and fork check, and a
// getpid system call each time), while the bytes are the same generator's either way.
const NONCE_BYTES = 16;
const noncePool = Buffer.alloc(NONCE_BYTES * 256);
let noncePoolOffset = noncePool.length;

export function cspNonce(): string {
  if (noncePoolOffset === noncePool.length) {
    randomFillSync(noncePool);
    noncePoolOffset = 0;
  }
  const nonce = noncePool.toString("base64", noncePoolOffset, noncePoolOffset + NONCE_BYTES);
  noncePoolOffset += NONCE_BYTES;
  return nonce;
}

declare module "express-serve-static-core" {
  interface Locals {
    /** This answer's CSP nonce, handed to React Router's inline scripts (app/entry.server.tsx). */
    cspNonce?: string;
  }
}

/**
 * The security headers of every answer, static files included (the bootstrap mounts this before
 * them): CSP with a fresh nonce, nosniff, no framing, referrer and permissions policies, and HSTS
 * when the request came over HTTPS (SECURE_COOKIES, server/http/cookies.ts).
 */
export const securityHeaders: RequestHandler = (req, res, next) => {
  // Production sets them once before the static files (server/index.ts); the app's own chain
  // would set them again with a second nonce.
  if (res.locals.cspNonce) return next();
  const nonce = cspNonce();
  res.locals.cspNonce = nonce;
  res.setHeader("Content-Security-Policy", contentSecurityPolicy(nonce, req.headers.host));
  res.setHeader("X-Content-Type-Options", "nosniff");
  res.setHeader("X-Frame-Options", "DENY");
  res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
  res.setHeader("Permissions-Policy", "camera=(), microphone=(), geolocation=(self)");
  res.setHeader("Cross-Origin-Opener-Policy", "same-origin");
  if (requestIsSecure(req)) res.setHeader("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
  next();
};

/** The middleware chain of DESIGN §2, in order. */
export function createHttpApp(options: HttpAppOptions): Express {
  const app = express();
  app.disable("x-powered-by");
  // Every answer of this app is "Cache-Control: no-store" (below), so an ETag is never used; Express
  // would hash each JSON body to make one (SHA-1 of a list page on every request).
  app.set("etag", false);
  app.locals.secureCookies = options.secureCookies;
  if (options.trustProxy) app.set("trust proxy", trustedProxies(options.trustProxy));

  // 1. request id, one log line per request, compression, security headers
  app.use((req, res, next) => {
    const incoming = req.headers["x-request-id"];
    req.id = typeof incoming === "string" && /^[\w-]{1,64}$/.test(incoming) ? incoming : randomUUID();
    // The request's own logger is made only when something logs through it (errors): a pino child
    // per request cost every answer its bindings.
    let log: Logger | undefined;
    Object.defineProperty(req, "log", {
      configurable: true,
      enumerable: false,
      get: () => (log ??= options.logger.child({ reqId: req.id })),
    });
    res.setHeader("X-Request-Id", req.id);
    const started = process.hrtime.bigint();
    res.on("finish", () => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      options.logger.info(
        {
          reqId: req.id,
          method: req.method,
          url: req.originalUrl,
          status: res.statusCode,
          ms: Math.round(ms * 10) / 10,
          userId: req.user?.id,
        },
        "request",
      );
    });
    next();
  });
  app.use(methodNotAllowed);
  app.use(compression());
  app.use(securityHeaders);
  // Pages and API answers hold personal data: never stored by the browser or a proxy, unless the
  // route says otherwise (static files are served before this app, with their own caching).
  app.use((_req, res, next) => {
    res.setHeader("Cache-Control", "no-store");
    next();
  });

  app.get("/healthz", (_req, res, next) => {
    databaseReachable({ db: options.db })
      .then((ok) => res.status(ok ? 200 : 503).json({ status: ok ? "ok" : "database unreachable" }))
      .catch(next);
  });

  const caches = options.caches ?? [];
  if (caches.length) {
    // A request that may have changed data drops the cache before its answer leaves (decision
    // 173): whatever it revoked (its own logout, a block, a role) is never served from this
    // process's cache afterwards, even before the database's notification arrives.
    app.use((req, res, next) => {
      if (!isSafeMethod(req.method)) {
        const writeHead = res.writeHead;
        res.writeHead = function (this: typeof res, ...args: Parameters<typeof writeHead>) {
          for (const cache of caches) cache.clear();
          return writeHead.apply(this, args);
        } as typeof writeHead;
      }
      next();
    });
  }
  app.use(authenticate(options.db, options.sessionCache));
  app.use(barangayOfRequest(options.db));
  app.use(localeOfRequest(options.db));
  // 2. REST adapter, 3. tRPC, 4. pages
  // The named paths (user/generate_username, admin/role/role_model_view, ...) come before the
  // registry's "{id}" routes.
  app.use(
    "/backend",
    restRouter(options.db, [
      registerAccessRoutes,
      registerAdminRoutes,
      registerReportRoutes,
      registerOfficialRoutes,
      registerKpRoutes,
      registerKpFormRoutes,
      registerQueueRoutes,
      registerSetupRoutes,
      registerResidentImportRoutes,
      registerResourceRoutes,
    ]),
  );
  app.use("/trpc", trpcMiddleware(options.db));
  if (options.pageHandler) {
    app.use(pageBodyGuard(options.bodyLimits ?? { form: 1024 * 1024, upload: 6 * 1024 * 1024 }));
    app.use(options.pageHandler);
  }
  app.use(finalErrorHandler);
  return app;
}
