// The dates a screen shows, in its reader's language (issue 33 item 4): "Nob 28, 2026, 4:38 PM" for
// a Filipino reader, the spec's "Nov 28, 2026, 4:38 PM" for an English one. domain/dates.ts keeps
// English as its default for what is printed and exported; a screen imports these instead, so no
// call site has to remember to pass the language.

import {
  formatDate as formatDateIn,
  formatDateTime as formatDateTimeIn,
  formatTime as formatTimeIn,
  type DateInput,
  type DateStyle,
} from "@domain/dates";
import { getLocale } from "@domain/i18n";

/** "Jan 5, 2024" (medium), "January 5, 2024" (long); in Filipino "Ene 5, 2024", "Enero 5, 2024". */
export function formatDate(value: DateInput | null | undefined, style: DateStyle = "medium"): string {
  return formatDateIn(value, style, getLocale());
}

/** "Jan 5, 2024, 12:30 AM" in Manila, in the reader's language. */
export function formatDateTime(value: DateInput | null | undefined): string {
  return formatDateTimeIn(value, getLocale());
}

/** "12:30 AM" in Manila, in the reader's language. */
export function formatTime(value: DateInput | null | undefined): string {
  return formatTimeIn(value, getLocale());
}
