import { createExpressMiddleware } from "@trpc/server/adapters/express";
import type { RequestHandler } from "express";
import type { DB } from "../../db/index.ts";
import { csrfMismatch } from "../errors.ts";
import { csrfHeaderMatches, isSafeMethod } from "../http/auth-middleware.ts";
import { appRouter } from "./router.ts";
import { toTrpcError } from "./init.ts";

export function trpcMiddleware(db: DB): RequestHandler {
  return createExpressMiddleware({
    router: appRouter,
    createContext: ({ req }) => {
      if (!isSafeMethod(req.method) && !csrfHeaderMatches(req)) throw toTrpcError(csrfMismatch());
      return { db, user: req.user, ip: req.clientIp, sessionId: req.sessionId };
    },
    onError: ({ error, req }) => {
      if (error.code === "INTERNAL_SERVER_ERROR") req.log?.error({ err: error.cause ?? error }, "trpc error");
    },
  });
}
