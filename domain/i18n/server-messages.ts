import { getLocale, type Locale } from "./paraglide/runtime.js";
import * as compiled from "./paraglide/messages.js";
import { compilePatterns, translateByPatterns, translateErrors, type Pattern, type Term } from "./message-patterns.ts";
import { termIn } from "./terms.ts";

// The server's words in the reader's language (issue 33 item 4, docs/decisions/219): services,
// schemas and their tests keep the spec's English ("The name field is required.", "Successfully
// saved."), and the edge that answers a user — a REST or tRPC error body, a page action's 422, a
// flash message, an error page, a notification for its recipient — hands the English text to
// `translatedMessage`, which recognises it by the English messages of the `server` area
// (messages/en/server.json) and renders the same message in the reader's language with the same
// parameters. English, and any text no message matches, comes back as it was, byte for byte.
//
// Each English message is compiled once into an anchored pattern: its words literal, each
// `{param}` a capture (digits for the counting parameters, any text for the rest). The longest
// literal text wins when two match ("Successfully deleted {count} {noun}." before "Successfully
// deleted {name}."). A parameter that is itself a message (`{message}`) is translated in turn; a
// field's or a record's name (`{field}`, `{what}`, `{noun}`) goes through `fieldTerm`.
//
// Server-only: it holds every message of the area (the browser never imports it).

let compiledPatterns: { messages: Pattern[]; notifications: Pattern[] } | null = null;

/**
 * The server area's patterns, most specific first: the notifications' (`server_notification_…`,
 * whose texts are short and loose, "{reference} paid") apart from the rest, so that an error or a
 * toast is never read as a notification.
 */
function serverPatterns(kind: "messages" | "notifications"): Pattern[] {
  if (!compiledPatterns) {
    const messages = compiled as unknown as Record<string, unknown>;
    compiledPatterns = {
      messages: compilePatterns(messages, (key) => key.startsWith("server_") && !key.startsWith("server_notification_")),
      notifications: compilePatterns(messages, (key) => key.startsWith("server_notification_")),
    };
  }
  return compiledPatterns[kind];
}

let termOf: Term | null = null;

/**
 * How a field's or record's English name reads in a language ("last name" → "apelyido"): the
 * `resource` area's terms (domain/i18n/terms.ts termIn) unless another function is registered here
 * (null: the terms again); a name without a term keeps its English.
 */
export function useFieldTerms(term: Term | null): void {
  termOf = term;
}

function fieldTerm(english: string, locale: Locale): string | null | undefined {
  return (termOf ?? termIn)(english, locale);
}

function translated(english: string, locale: Locale, kind: "messages" | "notifications"): string {
  return translateByPatterns(serverPatterns(kind), english, locale, fieldTerm, translatedMessage);
}

/**
 * A server message (a 422's field message, an error text, a success message) in a language, by
 * default the request's: English comes back unchanged, as does a text that no message of
 * messages/en/server.json matches.
 */
export function translatedMessage(english: string, locale: Locale = getLocale()): string {
  return translated(english, locale, "messages");
}

/** A notification's title or text (the bell) in its recipient's language; otherwise as translatedMessage. */
export function translatedNotification(english: string, locale: Locale): string {
  return translated(english, locale, "notifications");
}

/** A 422's field messages (`{field: [messages]}`) in a language; the same object for English. */
export function translatedErrors<T extends Record<string, readonly string[] | null | undefined>>(
  errors: T,
  locale: Locale = getLocale(),
): T {
  return translateErrors(errors, locale, translatedMessage);
}
