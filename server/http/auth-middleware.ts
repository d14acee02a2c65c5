import { encodeBase32LowerCaseNoPadding } from "@oslojs/encoding";
import type { NextFunction, Request, Response } from "express";
import type { DB } from "../../db/index.ts";
import type { SessionCache } from "../auth/session-cache.ts";
import { SESSION_COOKIE, validateSessionToken } from "../auth/sessions.ts";
import type { AuthUser } from "../context.ts";
import { parseCookies, setSessionCookie, setXsrfCookie, XSRF_COOKIE } from "./cookies.ts";

declare module "express-serve-static-core" {
  interface Request {
    id: string;
    user: AuthUser | null;
    sessionId: string | null;
    csrfToken: string;
    clientIp: string | null;
  }
}

export function newCsrfToken(): string {
  const bytes = new Uint8Array(20);
  crypto.getRandomValues(bytes);
  return encodeBase32LowerCaseNoPadding(bytes);
}

/** A new XSRF token at sign-in: a token known before signing in is no use after. */
export function rotateXsrfToken(res: Response, req: Request): string {
  req.csrfToken = newCsrfToken();
  setXsrfCookie(res, req, req.csrfToken);
  return req.csrfToken;
}

/**
 * Resolves the session cookie into req.user for every transport (pages, REST, tRPC), and makes
 * sure the browser holds an XSRF-TOKEN cookie. With a session cache (production: decision 173) the
 * session is answered from it when it may be.
 */
export function authenticate(db: DB, sessions?: SessionCache) {
  return async (req: Request, res: Response, next: NextFunction) => {
    try {
      req.cookies = parseCookies(req.headers.cookie);
      req.clientIp = req.ip ?? req.socket.remoteAddress ?? null;
      req.user = null;
      req.sessionId = null;
      const token = req.cookies[SESSION_COOKIE];
      if (token) {
        const valid = sessions ? await sessions.validate(db, token) : await validateSessionToken(db, token);
        if (valid) {
          req.user = valid.user;
          req.sessionId = valid.session.id;
          if (valid.renewed) setSessionCookie(res, req, token, valid.session.expiresAt);
        }
      }
      req.csrfToken = req.cookies[XSRF_COOKIE] || newCsrfToken();
      if (!req.cookies[XSRF_COOKIE]) setXsrfCookie(res, req, req.csrfToken);
      next();
    } catch (error) {
      next(error);
    }
  };
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export function isSafeMethod(method: string): boolean {
  return SAFE_METHODS.has(method.toUpperCase());
}

/** Double-submit check for REST and tRPC: the cookie must come back as X-XSRF-TOKEN. */
export function csrfHeaderMatches(req: Request): boolean {
  const cookie = req.cookies[XSRF_COOKIE];
  const header = req.headers["x-xsrf-token"];
  return !!cookie && typeof header === "string" && timingSafeEqualText(cookie, header);
}

export function timingSafeEqualText(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}
