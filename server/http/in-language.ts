import type { RequestHandler } from "express";
import { baseLocale, getLocale, type Locale } from "../../domain/i18n/index.ts";
import { translatedErrors, translatedMessage } from "../../domain/i18n/server-messages.ts";

// The server's English messages leave in the request's language (issue 33 item 4): services and
// their tests keep the spec's English; each transport's edge (REST and JSON error bodies here, tRPC's
// error formatter, the page actions' 422s, flashes and error pages) passes what it answers through
// domain/i18n/server-messages.ts. An English request gets today's bytes.

/** A JSON answer's `message` and `errors` in a language; any other body, or English, as it is. */
export function translatedBody<T>(body: T, locale: Locale = getLocale()): T {
  if (locale === baseLocale || typeof body !== "object" || body === null || Array.isArray(body)) return body;
  const { message, errors } = body as { message?: unknown; errors?: unknown };
  if (typeof message !== "string" && !isFieldErrors(errors)) return body;
  const out: Record<string, unknown> = { ...(body as Record<string, unknown>) };
  if (typeof message === "string") out.message = translatedMessage(message, locale);
  if (isFieldErrors(errors)) out.errors = translatedErrors(errors, locale);
  return out as T;
}

function isFieldErrors(value: unknown): value is Record<string, string[]> {
  return typeof value === "object" && value !== null && !Array.isArray(value) && Object.values(value).every((v) => Array.isArray(v));
}

/**
 * Every JSON answer of the routes after it (the REST adapter's bodies and its error handler's) with
 * its `message` and `errors` in the request's language.
 */
export const jsonInRequestLanguage: RequestHandler = (_req, res, next) => {
  const locale = getLocale();
  if (locale === baseLocale) return next();
  const json = res.json.bind(res);
  res.json = ((body: unknown) => json(translatedBody(body, locale))) as typeof res.json;
  next();
};
