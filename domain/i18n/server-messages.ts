import { baseLocale, getLocale, type Locale } from "./paraglide/runtime.js";
import * as compiled from "./paraglide/messages.js";
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

type MessageFunction = (inputs?: Record<string, unknown>, options?: { locale?: Locale }) => string;

interface Pattern {
  key: string;
  regex: RegExp;
  params: string[];
  /** How many characters of the message are its own words: the more, the more specific. */
  literal: number;
  render: MessageFunction;
}

/** Parameters that count: they match digits only, so that "{count} {noun}" never takes a name. */
const NUMBER_PARAMS = new Set(["count", "max", "seconds", "days"]);
/** Parameters that are a field's or a record's name in English. */
const TERM_PARAMS = new Set(["field", "what", "noun"]);
/** Parameters that are a whole message of their own. */
const MESSAGE_PARAMS = new Set(["message"]);

const OPEN = "\u0001";
const CLOSE = "\u0002";

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** The English text of a message with each parameter marked, read from its compiled function. */
function markedTemplate(render: MessageFunction): string {
  const marks = new Proxy({}, { get: (_target, name) => (typeof name === "string" ? `${OPEN}${name}${CLOSE}` : undefined) });
  return render(marks as Record<string, unknown>, { locale: baseLocale });
}

export function compilePattern(key: string, render: MessageFunction): Pattern {
  const template = markedTemplate(render);
  const params: string[] = [];
  let source = "^";
  let literal = 0;
  const parts = template.split(new RegExp(`${OPEN}(\\w+)${CLOSE}`));
  parts.forEach((part, index) => {
    if (index % 2 === 0) {
      source += escapeRegex(part);
      literal += part.length;
    } else {
      params.push(part);
      source += NUMBER_PARAMS.has(part) ? "(\\d[\\d,]*)" : "(.+?)";
    }
  });
  return { key, regex: new RegExp(`${source}$`, "s"), params, literal, render };
}

let compiledPatterns: { messages: Pattern[]; notifications: Pattern[] } | null = null;

/**
 * The server area's patterns, most specific first: the notifications' (`server_notification_…`,
 * whose texts are short and loose, "{reference} paid") apart from the rest, so that an error or a
 * toast is never read as a notification.
 */
function serverPatterns(kind: "messages" | "notifications"): Pattern[] {
  if (!compiledPatterns) {
    const all = Object.entries(compiled as unknown as Record<string, unknown>)
      .filter(([key, value]) => key.startsWith("server_") && typeof value === "function")
      .map(([key, value]) => compilePattern(key, value as MessageFunction))
      .sort((a, b) => b.literal - a.literal || a.params.length - b.params.length);
    compiledPatterns = {
      messages: all.filter((p) => !p.key.startsWith("server_notification_")),
      notifications: all.filter((p) => p.key.startsWith("server_notification_")),
    };
  }
  return compiledPatterns[kind];
}

type Term = (english: string, locale: Locale) => string | null | undefined;
let termOf: Term | null = null;

/**
 * How a field's or record's English name reads in a language ("last name" → "apelyido"): the
 * `resource` area's terms (domain/i18n/terms.ts termIn) unless another function is registered here
 * (null: the terms again); a name without a term keeps its English.
 */
export function useFieldTerms(term: Term | null): void {
  termOf = term;
}

function fieldTerm(english: string, locale: Locale): string {
  return (termOf ?? termIn)(english, locale) ?? english;
}

function translated(english: string, locale: Locale, kind: "messages" | "notifications"): string {
  if (locale === baseLocale || !english) return english;
  for (const pattern of serverPatterns(kind)) {
    const match = pattern.regex.exec(english);
    if (!match) continue;
    const params: Record<string, string> = {};
    pattern.params.forEach((name, i) => {
      const value = match[i + 1];
      params[name] = MESSAGE_PARAMS.has(name) ? translatedMessage(value, locale) : TERM_PARAMS.has(name) ? fieldTerm(value, locale) : value;
      // After a number Filipino drops the plural's "mga": "3 residente", not "3 mga residente".
      if (name === "noun" && pattern.params.includes("count")) params[name] = params[name].replace(/^mga\s+/i, "");
    });
    return pattern.render(params, { locale });
  }
  return english;
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
  if (locale === baseLocale) return errors;
  const out: Record<string, string[] | null | undefined> = {};
  for (const [field, messages] of Object.entries(errors))
    out[field] = messages ? messages.map((text) => translatedMessage(text, locale)) : messages;
  return out as T;
}
