// Dates and times in Asia/Manila (spec §1, §9; DESIGN §5): timestamps are stored as timestamptz
// and always shown in Manila time, whatever the zone of the machine (server or browser).
// The Philippines has no daylight saving time (UTC+8 all year), but Intl does the conversion so
// nothing here assumes it.
//
// Input conventions:
// - a Date, an epoch-milliseconds number, or an ISO timestamp string ("2024-01-04T16:30:00Z",
//   "2024-01-04 16:30:00+00") is an INSTANT, shown as Manila wall time;
// - a "YYYY-MM-DD" string is a CALENDAR DATE (birth dates, issue dates) and is never shifted.

export const TIME_ZONE = "Asia/Manila";
const LOCALE = "en-US";

/**
 * The language a date is written in (issue 33 item 4): English as the spec writes it ("Jan 5, 2024",
 * en-US), or Filipino ("Ene 5, 2024", fil-PH). Every formatter takes it last and defaults to
 * English, so printed documents, exports and tests keep today's output; a screen passes its
 * reader's language (`getLocale()` of domain/i18n).
 */
export type DateLanguage = "en" | "fil";

/** The `Intl` locale of a date's language. */
export function dateLocale(language: DateLanguage = "en"): string {
  return language === "fil" ? "fil-PH" : LOCALE;
}

export type DateInput = Date | string | number;

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

export class InvalidDateError extends Error {
  constructor(value: unknown) {
    super(`Not a date: ${String(value)}.`);
    this.name = "InvalidDateError";
  }
}

/** The text of a "YYYY-MM-DD" calendar date, or null when the value is an instant. */
function dateOnlyText(value: DateInput): string | null {
  return typeof value === "string" && DATE_ONLY.test(value.trim()) ? value.trim() : null;
}

/** Parses a calendar date "YYYY-MM-DD" into its parts, checking it exists (no 2023-02-29). */
export function parseDateOnly(value: string): { year: number; month: number; day: number } {
  const match = DATE_ONLY.exec(value.trim());
  if (!match) throw new InvalidDateError(value);
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const check = new Date(Date.UTC(year, month - 1, day));
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) {
    throw new InvalidDateError(value);
  }
  return { year, month, day };
}

/** Whether a text is a calendar date "YYYY-MM-DD" that exists. */
export function isCalendarDate(value: string): boolean {
  try {
    parseDateOnly(value);
    return true;
  } catch {
    return false;
  }
}

/** An instant from a Date, epoch ms or ISO string; throws InvalidDateError for garbage. */
export function toInstant(value: DateInput): Date {
  let date: Date;
  if (value instanceof Date) date = value;
  else if (typeof value === "number") date = new Date(value);
  else if (dateOnlyText(value) !== null) {
    const { year, month, day } = parseDateOnly(value);
    // A calendar date as an instant: Manila midnight of that day.
    date = new Date(Date.UTC(year, month - 1, day) - 8 * 3_600_000);
  } else {
    // Postgres text form "2024-01-04 16:30:00+00" is not ISO for every engine: make it so.
    const text = value
      .trim()
      .replace(/^(\d{4}-\d{2}-\d{2}) (\d)/, "$1T$2")
      .replace(/([+-]\d{2})$/, "$1:00");
    date = new Date(text);
  }
  if (Number.isNaN(date.getTime())) throw new InvalidDateError(value);
  return date;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(key: string, options: Intl.DateTimeFormatOptions, language: DateLanguage = "en"): Intl.DateTimeFormat {
  const locale = dateLocale(language);
  key = `${locale}:${key}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, options);
    formatters.set(key, f);
  }
  return f;
}

/** Calendar-date strings are formatted in UTC from their own parts so they never shift a day. */
function calendarOrInstant(value: DateInput): { date: Date; timeZone: string } {
  const text = dateOnlyText(value);
  if (text !== null) {
    const { year, month, day } = parseDateOnly(text);
    return { date: new Date(Date.UTC(year, month - 1, day)), timeZone: "UTC" };
  }
  return { date: toInstant(value), timeZone: TIME_ZONE };
}

export type DateStyle = "medium" | "long" | "short";

/**
 * A date in Manila: "Jan 5, 2024" (medium, the default), "January 5, 2024" (long, for
 * certificates), "1/5/24" (short). null/undefined/"" give "". In Filipino: "Ene 5, 2024".
 */
export function formatDate(value: DateInput | null | undefined, style: DateStyle = "medium", language: DateLanguage = "en"): string {
  if (value === null || value === undefined || value === "") return "";
  const { date, timeZone } = calendarOrInstant(value);
  return formatter(`d:${style}:${timeZone}`, { dateStyle: style, timeZone }, language).format(date);
}

/** A date and time in Manila: "Jan 5, 2024, 12:30 AM". null/undefined/"" give "". */
export function formatDateTime(value: DateInput | null | undefined, language: DateLanguage = "en"): string {
  if (value === null || value === undefined || value === "") return "";
  const { date, timeZone } = calendarOrInstant(value);
  return formatter(`dt:${timeZone}`, { dateStyle: "medium", timeStyle: "short", timeZone }, language).format(date);
}

/** A time of day in Manila: "12:30 AM". */
export function formatTime(value: DateInput | null | undefined, language: DateLanguage = "en"): string {
  if (value === null || value === undefined || value === "") return "";
  return formatter("t", { timeStyle: "short", timeZone: TIME_ZONE }, language).format(toInstant(value));
}

/** The Manila calendar date of an instant as "YYYY-MM-DD" (date inputs, query strings, file names). */
export function toManilaDateString(value: DateInput): string {
  const text = dateOnlyText(value);
  if (text !== null) {
    parseDateOnly(text); // throws for a day that does not exist
    return text;
  }
  const parts = formatter("iso", { year: "numeric", month: "2-digit", day: "2-digit", timeZone: TIME_ZONE }).formatToParts(
    toInstant(value),
  );
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  return `${get("year")}-${get("month")}-${get("day")}`;
}

/** Today's date in Manila as "YYYY-MM-DD"; `now` is injectable for tests. */
export function todayInManila(now: DateInput = new Date()): string {
  return toManilaDateString(now);
}

/**
 * Age in whole years on a given day (default: today in Manila). The birthday counts from the day
 * itself; someone born on 29 February turns a year older on 1 March in common years.
 * Throws InvalidDateError when the birth date comes after the day.
 */
export function ageOn(birthDate: DateInput, on: DateInput = todayInManila()): number {
  const birth = parseDateOnly(toManilaDateString(birthDate));
  const day = parseDateOnly(toManilaDateString(on));
  let age = day.year - birth.year;
  if (day.month < birth.month || (day.month === birth.month && day.day < birth.day)) age -= 1;
  if (age < 0) throw new InvalidDateError(`${toManilaDateString(birthDate)} is after ${toManilaDateString(on)}`);
  return age;
}

/** The months' names in English, January first: a month label or a date spelled out on paper. */
export const ENGLISH_MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
] as const;
