import { AsyncLocalStorage } from "node:async_hooks";
import type { Request, RequestHandler } from "express";
import { sql } from "kysely";
import type { DB } from "../../db/index.ts";
import { scopedBarangayId } from "../../db/tenant.ts";
import { baseLocale, languageOf, type Locale } from "../../domain/i18n/index.ts";
import { overwriteServerAsyncLocalStorage } from "../../domain/i18n/paraglide/runtime.js";

// The language of a request (docs/decisions/219, issue 33 item 4), set after its user and barangay
// are known (server/http/tenancy.ts) and kept in Paraglide's AsyncLocalStorage for everything the
// request renders or answers: pages, 422 messages, toasts.
//
// - A signed-in user reads their own language, else their barangay's default (resolved with the
//   session's read, server/auth/sessions.ts).
// - A visitor reads Filipino when the browser asks for it first (Accept-Language fil or tl, the
//   older code for Tagalog), English when it asks for English first, and otherwise the default of
//   the barangay the request is in (English on a hub's pages outside any barangay).

const requestLocale = new AsyncLocalStorage<{ locale?: Locale; origin?: string; messageCalls?: Set<string> }>();
overwriteServerAsyncLocalStorage(requestLocale);

/** The first of our languages an Accept-Language header asks for, by its q-values. */
export function acceptedLanguage(header: string | undefined): Locale | null {
  if (!header) return null;
  const asked = header
    .split(",")
    .map((part, index) => {
      const [tag, ...params] = part.trim().toLowerCase().split(";");
      const q = params.map((p) => /^\s*q=([\d.]+)/.exec(p)?.[1]).find(Boolean);
      return { tag: tag.split("-")[0], q: q === undefined ? 1 : Number(q), index };
    })
    .filter((a) => a.tag && a.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { tag } of asked) {
    if (tag === "fil" || tag === "tl") return "fil";
    if (tag === "en") return "en";
  }
  return null;
}

async function barangayDefault(db: DB): Promise<Locale> {
  const id = scopedBarangayId();
  if (id == null) return baseLocale;
  const row = (await sql<{ default_language: string }>`select default_language from barangays where id = ${id}`.execute(db)).rows[0];
  return languageOf(row?.default_language) ?? baseLocale;
}

/** Runs the rest of the request in its language. */
export function localeOfRequest(db: DB): RequestHandler {
  return (req, _res, next) => {
    if (req.user) return requestLocale.run({ locale: req.user.language }, next);
    const asked = acceptedLanguage(req.headers["accept-language"]);
    if (asked) return requestLocale.run({ locale: asked }, next);
    barangayDefault(db).then(
      (locale) => requestLocale.run({ locale }, next),
      () => requestLocale.run({ locale: baseLocale }, next),
    );
  };
}

/** Runs `fn` in a language (jobs and notifications written for a user other than the request's). */
export function inLanguage<T>(locale: Locale, fn: () => T): T {
  return requestLocale.run({ locale }, fn);
}

/**
 * The language to answer a request in, wherever it is answered: its own once localeOfRequest has
 * run; before that (a 405 for a TRACE, the session's or the barangay's own refusal, which are
 * answered ahead of the session and the barangay) the visitor's Accept-Language, else English —
 * the signed-in user's choice and the barangay's default are not known yet there, and reading
 * them would cost a query on a request that is refused anyway.
 */
export function answerLocale(req: Request): Locale {
  return requestLocale.getStore()?.locale ?? acceptedLanguage(req.headers["accept-language"]) ?? baseLocale;
}
