import type { AuthUser } from "../domain/session-user.ts";
import type { Kysely, Transaction } from "kysely";
import type { Database } from "../db/schema.ts";
import { maintenance } from "./errors.ts";
import { bypassesMaintenance, isMaintenanceMode } from "./system/settings.ts";

/** The signed-in user as every layer sees it. Never carries the password hash. */
export type { AuthUser };

/** What every service takes first: the database (or the transaction it runs in) and who acts. */
export interface ServiceContext {
  db: Kysely<Database> | Transaction<Database>;
  user: AuthUser | null;
  ip?: string | null;
  /** The session the request came with, for calls that act on it (logout, password change). */
  sessionId?: string | null;
}

/**
 * The service context of one request, as each transport makes it before any service runs: the REST
 * adapter (server/http/rest/index.ts), tRPC's createContext (server/http/trpc/express.ts) and the pages' `auth`
 * guard (server/http/pages/guards.server.ts), and so every loader, action and export behind them.
 *
 * While maintenance mode is on, only a user who may work through it (docs/decisions/005) gets one;
 * anyone else, signed in or not, is refused here with 503. The rule lives in this one place so that
 * no transport can leave it out. `open` is for the few calls that must answer during maintenance:
 * the status check, signing in and out, and who is signed in.
 */
export async function serviceContextFor(request: ServiceContext, options: { open?: boolean } = {}): Promise<ServiceContext> {
  if (!options.open && !bypassesMaintenance(request.user) && (await isMaintenanceMode(request))) throw maintenance();
  return { db: request.db, user: request.user, ip: request.ip ?? null, sessionId: request.sessionId ?? null };
}
