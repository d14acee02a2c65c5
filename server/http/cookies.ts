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

/**
 * Whether cookies get `Secure` and answers HSTS: SECURE_COOKIES=true always,
 * false never, auto (the default) when the request came over HTTPS — TLS here, or a proxy's
 * X-Forwarded-Proto: https. Believing that header costs nothing: a forged one only makes the
 * forger's own cookies Secure.
 */
export function requestIsSecure(req: Request): boolean {
  const setting = req.app.locals.secureCookies as boolean | "auto" | undefined;
  if (setting === true || setting === false || setting === undefined) return setting === true;
  if (req.secure) return true;
  const proto = req.headers["x-forwarded-proto"];
  return typeof proto === "string" && proto.split(",")[0].trim().toLowerCase() === "https";
}

export function setSessionCookie(res: Response, req: Request, token: string, expiresAt: Date): void {
  res.cookie(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: "lax",
    secure: requestIsSecure(req),
    path: "/",
    expires: expiresAt,
  });
}

export function clearSessionCookie(res: Response, req: Request): void {
  res.clearCookie(SESSION_COOKIE, { httpOnly: true, sameSite: "lax", secure: requestIsSecure(req), path: "/" });
}

export function setXsrfCookie(res: Response, req: Request, token: string): void {
  // Readable by scripts on purpose: the client sends it back as X-XSRF-TOKEN (DESIGN §6).
  res.cookie(XSRF_COOKIE, token, {
    httpOnly: false,
    sameSite: "lax",
    secure: requestIsSecure(req),
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

/** The XSRF-TOKEN cookie for responses built outside express (a new token at sign-in). */
export function xsrfCookieHeader(token: string, secure: boolean): string {
  return [`${XSRF_COOKIE}=${token}`, "Path=/", `Max-Age=${SESSION_DAYS * 24 * 60 * 60}`, "SameSite=Lax", secure ? "Secure" : ""]
    .filter(Boolean)
    .join("; ");
}

export function clearedSessionCookieHeader(secure: boolean): string {
  return [`${SESSION_COOKIE}=`, "Path=/", "Expires=Thu, 01 Jan 1970 00:00:00 GMT", "HttpOnly", "SameSite=Lax", secure ? "Secure" : ""]
    .filter(Boolean)
    .join("; ");
}
