import type { Request, Response } from "express";
import { SESSION_COOKIE, SESSION_DAYS } from "../auth/sessions.ts";

export const XSRF_COOKIE = "XSRF-TOKEN";
export const XSRF_HEADER = "x-xsrf-token";
export const CSRF_FIELD = "_csrf";

export function parseCookies(header: string | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  if (!header) return out;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq < 0) continue;
    const name = part.slice(0, eq).trim();
    if (!name || name in out) continue;
    try {
      out[name] = decodeURIComponent(part.slice(eq + 1).trim());
    } catch {
      out[name] = part.slice(eq + 1).trim();
    }
  }
  return out;
}

export function setSessionCookie(res: Response, req: Request, token: string, expiresAt: Date): void {
  res.cookie(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: "lax",
    secure: req.app.locals.secureCookies === true,
    path: "/",
    expires: expiresAt,
  });
}

export function clearSessionCookie(res: Response, req: Request): void {
  res.clearCookie(SESSION_COOKIE, { httpOnly: true, sameSite: "lax", secure: req.app.locals.secureCookies === true, path: "/" });
}

export function setXsrfCookie(res: Response, req: Request, token: string): void {
  // Readable by scripts on purpose: the client sends it back as X-XSRF-TOKEN (DESIGN §6).
  res.cookie(XSRF_COOKIE, token, {
    httpOnly: false,
    sameSite: "lax",
    secure: req.app.locals.secureCookies === true,
    path: "/",
    maxAge: SESSION_DAYS * 24 * 60 * 60 * 1000,
  });
}

/** Set-Cookie header values for responses built outside express (React Router actions). */
export function sessionCookieHeader(token: string, expiresAt: Date, secure: boolean): string {
  return [`${SESSION_COOKIE}=${token}`, "Path=/", `Expires=${expiresAt.toUTCString()}`, "HttpOnly", "SameSite=Lax", secure ? "Secure" : ""]
    .filter(Boolean)
    .join("; ");
}

export function clearedSessionCookieHeader(secure: boolean): string {
  return [`${SESSION_COOKIE}=`, "Path=/", "Expires=Thu, 01 Jan 1970 00:00:00 GMT", "HttpOnly", "SameSite=Lax", secure ? "Secure" : ""]
    .filter(Boolean)
    .join("; ");
}
