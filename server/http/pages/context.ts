import { createContext, type RouterContextProvider } from "react-router";
import type { DB } from "../../../db/index.ts";
import type { AuthUser, ServiceContext } from "../../context.ts";

/** What the HTTP layer hands every loader, action and route middleware. */
export interface RequestContext {
  db: DB;
  user: AuthUser | null;
  sessionId: string | null;
  csrfToken: string;
  ip: string | null;
  requestId: string;
  userAgent: string | null;
  secureCookies: boolean;
  /** The Content-Security-Policy nonce of this answer's inline scripts. */
  nonce?: string;
}

export const requestContext = createContext<RequestContext>();

export function getRequestContext(context: Readonly<RouterContextProvider>): RequestContext {
  return context.get(requestContext);
}

/** The service context of a page request: the same shape REST and tRPC hand to services. */
export function serviceContextOf(context: Readonly<RouterContextProvider>): ServiceContext {
  const rc = context.get(requestContext);
  return { db: rc.db, user: rc.user, ip: rc.ip, sessionId: rc.sessionId };
}
