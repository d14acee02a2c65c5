import { baseLocale, getLocale, m, type Locale } from "../i18n/index.ts";
import { translatedMessage } from "../i18n/server-messages.ts";

// The import's words about a row in the reader's language (issue 33 item 4). The dry run stores
// its reasons, notes and likely-duplicate reasons in English (the spec's language, and what the
// audit and the tests read); the review screen, the REST rows and the downloaded error report
// render them in the language of whoever reads them, through the server area's messages.
//
// A likely duplicate's reason is a list the matcher builds from parts (rbi.ts likelySameKeys:
// "same surname, same first name, same birth date") inside a sentence ("… as row 4 of this
// file"); the sentence is a message, and each part is replaced by its own, longest first (one part,
// "surname differs, same middle name (maiden name?)", holds another).

type Part = (inputs?: Record<string, never>, options?: { locale?: Locale }) => string;

const MATCH_PARTS: readonly Part[] = [
  m.server_import_maiden_name,
  m.server_import_same_surname,
  m.server_import_same_first_name,
  m.server_import_same_middle_name,
  m.server_import_middle_initial_matches,
  m.server_import_middle_missing,
  m.server_import_same_birth_date,
  m.server_import_birth_swapped,
];

/** A reason, a note or a likely duplicate's reason the import wrote, in a language (the request's by default). */
export function importTextIn(english: string, locale: Locale = getLocale()): string {
  let text = translatedMessage(english, locale);
  if (locale === baseLocale) return text;
  const parts = MATCH_PARTS.map((part) => [part({}, { locale: baseLocale }), part({}, { locale })] as const).sort(
    (a, b) => b[0].length - a[0].length,
  );
  for (const [english, translated] of parts) text = text.replaceAll(english, translated);
  return text;
}

/**
 * A row's texts in a language: its reasons, its notes, its likely duplicate's reason and the
 * matched resident's name ("Juan Dela Cruz, born 1980-05-12", as the review's query writes it).
 */
export function importRowIn<T extends { reasons: string[]; notes: string[]; match_reason: string | null; match_name?: string | null }>(
  row: T,
  locale: Locale = getLocale(),
): T {
  if (locale === baseLocale) return row;
  return {
    ...row,
    reasons: row.reasons.map((text) => importTextIn(text, locale)),
    notes: row.notes.map((text) => importTextIn(text, locale)),
    match_reason: row.match_reason == null ? null : importTextIn(row.match_reason, locale),
    ...(row.match_name ? { match_name: translatedMessage(row.match_name, locale) } : {}),
  };
}
