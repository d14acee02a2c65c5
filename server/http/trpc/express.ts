import { createExpressMiddleware } from "@trpc/server/adapters/express";
import type { RequestHandler } from "express";
import type { DB } from "../../../db/index.ts";
import { serviceContextFor } from "../../context.ts";
import { csrfMismatch } from "../../errors.ts";
import { csrfHeaderMatches, isSafeMethod } from "../auth-middleware.ts";
import { appRouter } from "./router.ts";
import { toTrpcError } from "./init.ts";

/** The most calls one tRPC request may batch; the browser's client (app/lib/trpc-client.ts) sends at most as many. */
export const TRPC_MAX_BATCH = 50;

/**
 * The procedures that answer during maintenance, as REST's status and userme do: the browser asks
 * `system.status` to learn when maintenance ends. A batch with any other call is refused whole.
 */
const OPEN_IN_MAINTENANCE = new Set(["system.status", "auth.me"]);

export function trpcMiddleware(db: DB): RequestHandler {
  return createExpressMiddleware({
    router: appRouter,
    // A batch is bounded like any other input: more calls than this are a 400.
    maxBatchSize: TRPC_MAX_BATCH,
    maxBodySize: 1024 * 1024, // as REST's JSON bodies: 1 MB
    createContext: async ({ req, info }) => {
      if (!isSafeMethod(req.method) && !csrfHeaderMatches(req)) throw toTrpcError(csrfMismatch());
      const open = info.calls.length > 0 && info.calls.every((call) => OPEN_IN_MAINTENANCE.has(call.path));
      try {
        return await serviceContextFor({ db, user: req.user, ip: req.clientIp, sessionId: req.sessionId }, { open });
      } catch (error) {
        throw toTrpcError(error);
      }
    },
    onError: ({ error, req }) => {
      if (error.code === "INTERNAL_SERVER_ERROR") req.log?.error({ err: error.cause ?? error }, "trpc error");
    },
  });
}
