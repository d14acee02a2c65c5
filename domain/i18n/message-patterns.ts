import { baseLocale, type Locale } from "./paraglide/runtime.js";
import { dateLocale } from "../dates.ts";

// The engine of domain/i18n/server-messages.ts (the server's set) and domain/i18n/field-messages.ts
// (the field messages the browser's form validation shows): an English message recognised by the
// English text of a catalog message, rendered in another language with the same parameters.
//
// Each message is compiled once into an anchored pattern: its words literal, each `{param}` a
// capture (digits for the counting parameters, any text for the rest). The longest literal text
// wins when two match ("Successfully deleted {count} {noun}." before "Successfully deleted
// {name}."). A parameter that is itself a message (`{message}`) is translated in turn; a field's or
// a record's name (`{field}`, `{what}`, `{noun}`) goes through the given terms, as does the name
// in a `{record}` ("receipt #12").

export type MessageFunction = (inputs?: Record<string, unknown>, options?: { locale?: Locale }) => string;

export interface Pattern {
  key: string;
  regex: RegExp;
  params: string[];
  /** How many characters of the message are its own words: the more, the more specific. */
  literal: number;
  render: MessageFunction;
}

/** How a field's or record's English name reads in a language, or null without a term. */
export type Term = (english: string, locale: Locale) => string | null | undefined;

/** Parameters that count: they match digits only, so that "{count} {noun}" never takes a name. */
const NUMBER_PARAMS = new Set(["count", "max", "seconds", "days"]);
/** Parameters that are a field's or a record's name, or a record's state ("issued"), in English. */
const TERM_PARAMS = new Set(["field", "what", "noun", "state"]);
/** Parameters that name one record as the engine describes it ("receipt #12"): its name a term, its number kept. */
const RECORD_PARAMS = new Set(["record"]);
const RECORD = /^(.+?) (#\d+)$/;
/** Parameters that are a whole message of their own. */
const MESSAGE_PARAMS = new Set(["message"]);
/** Parameters that are a date ("date", "next_date", "due"): an English one is written again in the language. */
const DATE_PARAM = /(^|_)date$|^due$/;

const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];
const ENGLISH_DATE = new RegExp(
  `^(?:(Sunday|Monday|Tuesday|Wednesday|Thursday|Friday|Saturday), )?(${MONTHS.map((m) => `${m.slice(0, 3)}(?:${m.slice(3)})?`).join("|")}) (\\d{1,2}), (\\d{4})$`,
);

/**
 * A date the services wrote in English ("Saturday, November 28, 2026", "Nov 28, 2026") in another
 * language with the same parts ("Sabado, Nobyembre 28, 2026"); any other text (an ISO date, a
 * range) as it is. The services keep writing English dates, so that the spec's messages stay byte
 * for byte; the reader's language is chosen here, at the edge, like the words around them.
 */
export function localizedDate(text: string, locale: Locale): string {
  const match = ENGLISH_DATE.exec(text);
  if (!match || locale === baseLocale) return text;
  const [, weekday, month, day, year] = match;
  const date = new Date(
    Date.UTC(
      Number(year),
      MONTHS.findIndex((m) => m.startsWith(month.slice(0, 3))),
      Number(day),
    ),
  );
  return date.toLocaleDateString(dateLocale(locale), {
    timeZone: "UTC",
    ...(weekday ? { weekday: "long" } : {}),
    month: month.length > 3 ? "long" : "short",
    day: "numeric",
    year: "numeric",
  });
}

/**
 * A `{verb}`: a command's label in the past tense as the engine writes it ("approved", "voided",
 * "cancelled", "record the pangkat's officersed" from server/engine/engine.ts pastTense), read
 * back as the label's term with a capital, as on its button ("Aprubahan"); null without a term.
 */
function commandLabel(past: string, locale: Locale, term: Term): string | null {
  if (!past.endsWith("d")) return null;
  // "-ed" (void), "-d" after an "e" (approve), or "-ed" after a doubled letter (cancel, remit).
  for (const cut of [2, 1, 3]) {
    const label = term(past.slice(0, -cut), locale);
    if (label) return label.charAt(0).toUpperCase() + label.slice(1);
  }
  return null;
}

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

/** The patterns of some compiled messages, most specific first. */
export function compilePatterns(messages: Record<string, unknown>, keep: (key: string) => boolean = () => true): Pattern[] {
  return Object.entries(messages)
    .filter(([key, value]) => keep(key) && typeof value === "function")
    .map(([key, value]) => compilePattern(key, value as MessageFunction))
    .sort((a, b) => b.literal - a.literal || a.params.length - b.params.length);
}

/**
 * An English message in a language by the first pattern it matches; English, and a text no pattern
 * matches, unchanged. `inner` translates a `{message}` parameter.
 */
export function translateByPatterns(
  patterns: readonly Pattern[],
  english: string,
  locale: Locale,
  term: Term,
  inner: (message: string, locale: Locale) => string,
): string {
  if (locale === baseLocale || !english) return english;
  for (const pattern of patterns) {
    const match = pattern.regex.exec(english);
    if (!match) continue;
    const params: Record<string, string> = {};
    pattern.params.forEach((name, i) => {
      const value = match[i + 1];
      params[name] = MESSAGE_PARAMS.has(name)
        ? innerMessages(value, locale, inner)
        : TERM_PARAMS.has(name)
          ? (term(value, locale) ?? value)
          : RECORD_PARAMS.has(name)
            ? value.replace(RECORD, (_, noun: string, id: string) => `${term(noun, locale) ?? noun} ${id}`)
            : name === "verb"
              ? (commandLabel(value, locale, term) ?? value)
              : DATE_PARAM.test(name)
                ? localizedDate(value, locale)
                : value;
      // After a number Filipino drops the plural's "mga": "3 residente", not "3 mga residente".
      if (name === "noun" && pattern.params.includes("count")) params[name] = params[name].replace(/^mga\s+/i, "");
    });
    return pattern.render(params, { locale });
  }
  return english;
}

/**
 * A `{message}` parameter: one message, or several joined by spaces ("Nothing was deleted: … cannot
 * be. Receipt 1 is remitted. Receipt 2 is remitted.") read sentence by sentence when they are not one.
 */
function innerMessages(value: string, locale: Locale, inner: (message: string, locale: Locale) => string): string {
  const whole = inner(value, locale);
  if (whole !== value) return whole;
  const sentences = value.split(/(?<=[.!?)]) (?=[A-Z"“])/);
  return sentences.length < 2 ? value : sentences.map((sentence) => inner(sentence, locale)).join(" ");
}

/** Field messages (`{field: [messages]}`, a 422's or Conform's) in a language; the same object for English. */
export function translateErrors<T extends Record<string, readonly string[] | null | undefined>>(
  errors: T,
  locale: Locale,
  translate: (english: string, locale: Locale) => string,
): T {
  if (locale === baseLocale) return errors;
  const out: Record<string, string[] | null | undefined> = {};
  for (const [field, messages] of Object.entries(errors))
    out[field] = messages ? messages.map((text) => translate(text, locale)) : messages;
  return out as T;
}
