import { RouterContextProvider } from "react-router";
import type { DB } from "../../db/index.ts";
import { loadAuthUser } from "../../server/auth/sessions.ts";
import { requestContext } from "../../server/http/pages/context.ts";

/**
 * The router context a page's loader or action runs with, for a user of the test database, as the
 * page layout's middleware would set it: tests call route modules directly through it.
 */
export async function pageContext(db: DB, userId: number, requestId = "page-test"): Promise<RouterContextProvider> {
  const context = new RouterContextProvider();
  context.set(requestContext, {
    db,
    user: await loadAuthUser(db, userId),
    sessionId: null,
    csrfToken: "test",
    ip: "203.0.113.9",
    requestId,
    userAgent: "vitest",
    secureCookies: false,
  });
  return context;
}
