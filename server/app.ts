// The areas register with the engine before anything uses a service (the composition root).
import "./features/index.ts";
import type { ErrorRequestHandler, Request, RequestHandler, Response } from "express";
import pino from "pino";
import { RouterContextProvider } from "react-router";
import { openDatabase, throughPgBouncer, type OpenedDatabase } from "../db/index.ts";
import { migrateToLatest } from "../db/migrate.ts";
import { openReplica, setReplicaDb } from "../db/replica.ts";
import { setDefaultScope } from "../db/tenant.ts";
import { waitForDatabase } from "../db/wait.ts";
import { parseEnv, type Env } from "./env.ts";
import { createHttpApp, securityHeaders } from "./http/app.ts";
import { finalErrorHandler, megabytes, methodNotAllowed, pageRequestHandler } from "./http/pages.ts";
import { requestIsSecure } from "./http/cookies.ts";
import { attachRealtime, hub } from "./http/realtime/hub.ts";
import { SessionCache } from "./auth/session-cache.ts";
import { seed, type SeedResult } from "./seed.ts";
import { seedHub } from "./features/hub/seed.ts";
import { setRuntimeInfo } from "./system/diagnostics.ts";
import { cacheMaintenanceMode, setMaintenanceFromEnv } from "./system/settings.ts";
import { startRetentionSchedule } from "./features/privacy/retention.ts";
import { startKpDeadlineSchedule } from "./features/kp/clock.ts";
import { startAppointmentSchedule } from "./features/appointments/clock.ts";
import { startImportResume } from "./features/resident-import/resume.ts";
import { requestContext } from "./http/pages/context.ts";
import type { Server } from "node:http";

// The application as one module of the SSR build (DESIGN §2): the bootstrap (server/index.ts)
// loads it from build/server/index.js, or through Vite in development, so the routes and this
// file share one copy of every module.

export interface StartedApp {
  /** The validated configuration (server/env.ts); the bootstrap listens on its PORT and HOST. */
  env: Env;
  handler: ReturnType<typeof createHttpApp>;
  database: OpenedDatabase;
  seedResult: SeedResult;
  migrated: string[];
  /** For the bootstrap's outer app, before its static files: 405 for unsupported methods. */
  beforeStatic: RequestHandler;
  /** The bootstrap's last error handler. */
  errorHandler: ErrorRequestHandler;
  attach(server: Server): void;
  close(): Promise<void>;
}

/**
 * The address of the realtime hub's LISTEN connection, which needs a session of its own: through
 * PgBouncer in transaction mode (DATABASE_URL with pgbouncer=true) a LISTEN hears nothing, so
 * DATABASE_DIRECT_URL must name the server itself or a session-mode entry (decision 216).
 */
function listenUrl(env: Env): string | undefined {
  if (env.DATABASE_DIRECT_URL) return env.DATABASE_DIRECT_URL;
  if (env.DATABASE_URL && throughPgBouncer(env.DATABASE_URL))
    throw new Error(
      "DATABASE_URL goes through PgBouncer (pgbouncer=true): set DATABASE_DIRECT_URL to the PostgreSQL server itself (or a session-mode PgBouncer entry) for the realtime LISTEN connection",
    );
  return env.DATABASE_URL;
}

export async function startApp(options: { env?: Env; version?: string } = {}): Promise<StartedApp> {
  const env = options.env ?? parseEnv();
  // One line per request (DESIGN §2), written in blocks of 4 KB at most a second apart instead of
  // one write(2) per line: the profile of a list request at 32 clients showed the synchronous
  // writes at 3 % of the server's CPU. Pino flushes what is left when the process exits.
  const logDestination = pino.destination({ dest: 1, sync: false, minLength: 4096 });
  const logFlush = setInterval(() => logDestination.flush(), 1000);
  logFlush.unref();
  const logger = pino({ level: env.LOG_LEVEL, base: undefined }, logDestination);
  setMaintenanceFromEnv(env.MAINTENANCE_MODE);
  // A hub's code outside a request works in no barangay unless it names one (decision 209).
  if (env.PORTAL_HUB) setDefaultScope({ kind: "barangay", barangayId: null });

  const listenAddress = listenUrl(env); // refused before anything opens
  // An unreachable PostgreSQL server is tried again with backoff.
  if (env.DATABASE_URL) await waitForDatabase({ databaseUrl: env.DATABASE_URL, waitSeconds: env.DATABASE_WAIT_SECONDS });
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, pgliteDir: env.PGLITE_DIR });
  const { db } = database;
  const migrated = await migrateToLatest(db);
  // Reports, exports and roll-ups may read a streaming replica (decision 214).
  const replica = env.DATABASE_REPLICA_URL ? openReplica(env.DATABASE_REPLICA_URL) : null;
  setReplicaDb(replica?.db ?? null);
  // A hub seeds its own roles and administrator; each barangay is set up when the hub creates it.
  const admin = { adminUsername: env.ADMIN_USERNAME, adminPassword: env.ADMIN_PASSWORD };
  const seedResult = env.PORTAL_HUB ? await seedHub(db, admin) : await seed(db, { ...admin, demo: env.SEED_DEMO });
  setRuntimeInfo({ databaseKind: database.kind === "pglite" ? "PGlite (embedded)" : "PostgreSQL", version: options.version ?? "0.0.0" });
  await hub.start(db, listenAddress, database.pglite);
  // The daily retention run (at most once a day across processes).
  const retention = startRetentionSchedule(db, logger);
  // The KP deadlines told to the Punong Barangay and the Lupon secretary (once each, across processes).
  const kpDeadlines = startKpDeadlineSchedule(db, logger);
  // Appointments: the day-before reminders (once each) and the no-shows after the day (decision 207).
  const appointmentClock = startAppointmentSchedule(db, logger);
  // Resident imports stopped mid-commit or mid-undo go on from their last batch (decision 217).
  const importResume = startImportResume(db, logger);

  // Production loads the route bundle once, now: a rebuild of build/ while the server runs must not
  // break it. Development asks Vite on every request so edits show at once.
  const build =
    env.NODE_ENV === "development" ? () => import("virtual:react-router/server-build") : await import("virtual:react-router/server-build");
  const pageHandler = pageRequestHandler({
    build,
    db,
    mode: env.NODE_ENV === "development" ? "development" : "production",
    getLoadContext(req: Request, res: Response) {
      const context = new RouterContextProvider();
      context.set(requestContext, {
        db,
        user: req.user,
        sessionId: req.sessionId,
        csrfToken: req.csrfToken,
        ip: req.clientIp,
        requestId: req.id,
        userAgent: req.headers["user-agent"] ?? null,
        secureCookies: requestIsSecure(req),
        nonce: res.locals.cspNonce,
      });
      return context;
    },
  });

  // Decision 173: sessions kept per process while the hub hears the database's `portal_auth`.
  // Every cache of the process, cleared by the notification and by each write the process answers.
  const sessionCache = new SessionCache(() => hub.listening());
  const caches = [sessionCache, cacheMaintenanceMode(db, () => hub.listening())];
  const stopClearing = hub.onAuthChanged(() => {
    for (const cache of caches) cache.clear();
  });
  const handler = createHttpApp({
    sessionCache,
    caches,
    db,
    logger,
    secureCookies: env.SECURE_COOKIES,
    trustProxy: env.TRUST_PROXY,
    pageHandler,
    bodyLimits: { form: megabytes(env.FORM_BODY_LIMIT_MB), upload: megabytes(env.UPLOAD_BODY_LIMIT_MB) },
  });

  return {
    env,
    handler,
    database,
    seedResult,
    migrated,
    // 405 for unsupported methods, then the security headers, on static files too.
    beforeStatic: (req, res, next) => {
      req.app.locals.secureCookies ??= env.SECURE_COOKIES;
      methodNotAllowed(req, res, (error?: unknown) => (error ? next(error) : securityHeaders(req, res, next)));
    },
    errorHandler: finalErrorHandler,
    attach: (server) => attachRealtime(server),
    async close() {
      stopClearing();
      clearInterval(logFlush);
      try {
        logDestination.flushSync();
      } catch {
        /* nothing buffered, or the stream already ended */
      }
      retention.stop();
      kpDeadlines.stop();
      appointmentClock.stop();
      importResume.stop();
      await hub.stop();
      setReplicaDb(null);
      await replica?.close();
      await database.close();
    },
  };
}
