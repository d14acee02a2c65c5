// Dates the shell shows (spec §1: Asia/Manila), in the reader's language (issue 33 item 4). The
// general date helpers live in domain/dates.ts.

import { getLocale, m, type Locale } from "@domain/i18n";
import { dateLocale } from "@domain/dates";

export const MANILA_TIME_ZONE = "Asia/Manila";

/** "Saturday, November 21, 2026" in Asia/Manila; in Filipino "Sabado, Nobyembre 21, 2026". */
export function longDateInManila(date: Date = new Date(), language: Locale = getLocale()): string {
  return new Intl.DateTimeFormat(dateLocale(language), {
    timeZone: MANILA_TIME_ZONE,
    weekday: "long",
    year: "numeric",
    month: "long",
    day: "numeric",
  }).format(date);
}

/** The hour of the day (0–23) in Asia/Manila. */
export function hourInManila(date: Date = new Date()): number {
  const hour = new Intl.DateTimeFormat("en-US", { timeZone: MANILA_TIME_ZONE, hour: "numeric", hourCycle: "h23" }).format(date);
  return Number(hour) % 24;
}

/** "Good morning" before noon, "Good afternoon" until 6 pm, "Good evening" after (Manila time), in the reader's language. */
export function greetingFor(date: Date = new Date()): string {
  const hour = hourInManila(date);
  if (hour < 12) return m.shell_greeting_morning();
  if (hour < 18) return m.shell_greeting_afternoon();
  return m.shell_greeting_evening();
}
