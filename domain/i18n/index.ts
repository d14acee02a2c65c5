import { baseLocale, getLocale, isLocale, locales, overwriteGetLocale, type Locale } from "./paraglide/runtime.js";

// The portal's two languages (docs/decisions/219-filipino-and-english.md, issue 33 item 4).
//
// The messages live in catalog files a translator edits, one pair per area:
// `messages/en/<area>.json` (the spec's English, the source) and `messages/fil/<area>.json`.
// Paraglide JS compiles them (`npm run i18n`, and Vite's plugin in dev and build) into
// `domain/i18n/paraglide/` — one typed function per message, so a page's bundle holds only the
// messages it uses and a key that does not exist fails the typecheck.
//
// Which language a message is rendered in:
// - on the server, the request's (server/http/locale.ts: the signed-in user's own choice, else their
//   barangay's default; a visitor's browser when it asks for Filipino, else the barangay's default),
//   kept per request in AsyncLocalStorage; outside a request, English;
// - in the browser, the language of the document the server rendered (`<html lang>`), so that
//   hydration renders the same words.

export { m } from "./paraglide/messages.js";
export { baseLocale, getLocale, isLocale, locales, type Locale };

/** The languages as a user picks them, each named in itself. */
export const LANGUAGE_NAMES: Record<Locale, string> = { en: "English", fil: "Filipino" };

/** The `Intl` locale of a language: dates and numbers as the Philippines writes them in it. */
export function intlLocale(locale: Locale = getLocale()): string {
  return locale === "fil" ? "fil-PH" : "en-PH";
}

/** A language from a form, a column or a header; anything else is not one of ours. */
export function languageOf(value: unknown): Locale | null {
  return typeof value === "string" && isLocale(value) ? value : null;
}

if (typeof document !== "undefined") {
  overwriteGetLocale(() => languageOf(document.documentElement.lang) ?? baseLocale);
}
