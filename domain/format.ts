import { dateLocale, formatDate, formatDateTime, TIME_ZONE, toInstant, type DateLanguage } from "./dates";
import { formatMoney, toMoneyString } from "./money";
import type { ColumnDef, ColumnKind } from "./registry/types";

// Plain-text renderings of a cell by its column kind (DESIGN §4): the table's fallbacks, the
// title attributes and the CSV export share them, so a value reads the same everywhere.

/** A `{fullname}` person, a `{name}` reference, or a bare string. */
export function personName(value: unknown): string {
  if (value == null) return "";
  if (typeof value === "object") {
    const v = value as { fullname?: unknown; name?: unknown };
    return String(v.fullname ?? v.name ?? "");
  }
  return String(value);
}

export function referenceName(value: unknown): string {
  if (value == null) return "";
  if (typeof value === "object") {
    const v = value as { name?: unknown; label?: unknown; fullname?: unknown };
    return String(v.name ?? v.label ?? v.fullname ?? "");
  }
  return String(value);
}

function safe<T>(fn: () => T, fallback: T): T {
  try {
    return fn();
  } catch {
    return fallback;
  }
}

/**
 * The value as people read it in the table: ₱1,500.00, Jan 5, 2024, 12:30 AM (Manila). `language`
 * (default English, as exports and prints write it) spells the dates of a screen in its reader's
 * language ("Ene 5, 2024"); money reads ₱1,500.00 in both.
 */
export function displayText(kind: ColumnKind, value: unknown, language: DateLanguage = "en"): string {
  if (value == null || value === "") return "";
  switch (kind) {
    case "money":
      return safe(() => formatMoney(value as string | number), String(value));
    case "date":
      return safe(() => formatDate(value as string | Date, "medium", language), String(value));
    case "datetime":
      return safe(() => formatDateTime(value as string | Date, language), String(value));
    case "person":
      return personName(value);
    case "reference":
      return referenceName(value);
    case "list":
      return Array.isArray(value) ? value.map((v) => referenceName(v)).join(", ") : String(value);
    case "number":
      return typeof value === "number" ? value.toLocaleString(dateLocale(language)) : String(value);
    default:
      return String(value);
  }
}

const manilaStamp = new Intl.DateTimeFormat("en-CA", {
  timeZone: TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  hourCycle: "h23",
});

/** "2024-01-05 00:30:00" in Manila: sortable and read by spreadsheets as a date-time. */
export function manilaTimestamp(value: unknown): string {
  return safe(() => {
    const parts = manilaStamp.formatToParts(toInstant(value as string | Date));
    const get = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
    return `${get("year")}-${get("month")}-${get("day")} ${get("hour")}:${get("minute")}:${get("second")}`;
  }, String(value));
}

/** The value as a CSV cell: money as 1500.00, dates ISO-like in Manila, names as text. */
export function exportText(kind: ColumnKind, value: unknown): string {
  if (value == null || value === "") return "";
  switch (kind) {
    case "money":
      return safe(() => toMoneyString(value as string | number), String(value));
    case "date":
      return value instanceof Date ? manilaTimestamp(value).slice(0, 10) : String(value).slice(0, 10);
    case "datetime":
      return manilaTimestamp(value);
    case "number":
      return String(value);
    default:
      return displayText(kind, value);
  }
}

/** One CSV field per RFC 4180; text that a spreadsheet would run as a formula is defused. */
export function csvField(text: string, kind: ColumnKind = "text"): string {
  let out = text;
  if (kind !== "money" && kind !== "number" && /^[=+\-@\t\r]/.test(out)) out = `'${out}`;
  return /[",\r\n]/.test(out) ? `"${out.replace(/"/g, '""')}"` : out;
}

export function csvRow(columns: readonly ColumnDef[], row: Record<string, unknown>): string {
  return columns.map((c) => csvField(exportText(c.kind, row[c.key]), c.kind)).join(",") + "\r\n";
}

export function csvHeader(columns: readonly ColumnDef[]): string {
  return columns.map((c) => csvField(c.label)).join(",") + "\r\n";
}

// Words that start with a vowel letter but a consonant sound ("a unit", "a user", "a one-time fee"),
// and with a silent h ("an hour").
const CONSONANT_SOUND = /^(uni|use|usu|uti|ure|euro?|eu|one\b|once\b|ubi)/;
const SILENT_H = /^(hour|honou?r|honest|heir)/;

/** "a purok", "an occupation", "a user", "an hour": the indefinite article by the word's sound. */
export function withArticle(noun: string): string {
  const word = noun.trim().toLowerCase();
  const vowelSound = SILENT_H.test(word) || (/^[aeiou]/.test(word) && !CONSONANT_SOUND.test(word));
  return `${vowelSound ? "an" : "a"} ${noun.trim()}`;
}

/** The empty choice of a reference select: "Select an occupation", "Select a purok". */
export function selectPlaceholder(label: string): string {
  return `Select ${withArticle(label.toLowerCase())}`;
}
