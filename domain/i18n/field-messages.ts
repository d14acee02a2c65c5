import {
  server_field_required,
  server_field_string,
  server_field_max_characters,
  server_field_min_characters,
  server_field_not_greater,
  server_field_at_least,
  server_field_selected_invalid,
  server_field_invalid,
  server_field_date_invalid,
  server_field_in_future,
  server_field_negative,
  server_field_amount,
  server_field_greater_than_zero,
  server_field_number,
  server_field_whole_number,
  server_field_email,
  server_field_list,
  server_field_time,
  server_field_taken,
  server_field_nul,
  server_password_strength,
} from "./paraglide/messages.js";
import { getLocale, type Locale } from "./paraglide/runtime.js";
import { compilePatterns, translateByPatterns, translateErrors, type Pattern } from "./message-patterns.ts";
import { termIn } from "./terms.ts";

// The field messages of a form's own validation in the browser (Conform runs the registry's zod
// schema on blur before anything is posted), in the reader's language (issue 33 item 4): the same
// English messages the server answers ("The last name field is required."), read back by the
// server area's field messages only (not the whole area), with the field's name from the
// registry's terms that the forms load anyway. English unchanged.

const FIELD_MESSAGES = {
  server_field_required,
  server_field_string,
  server_field_max_characters,
  server_field_min_characters,
  server_field_not_greater,
  server_field_at_least,
  server_field_selected_invalid,
  server_field_invalid,
  server_field_date_invalid,
  server_field_in_future,
  server_field_negative,
  server_field_amount,
  server_field_greater_than_zero,
  server_field_number,
  server_field_whole_number,
  server_field_email,
  server_field_list,
  server_field_time,
  server_field_taken,
  server_field_nul,
  server_password_strength,
};

let patterns: Pattern[] | null = null;

/** A field message in a language (by default the page's); English, and any other text, unchanged. */
export function translatedFieldMessage(english: string, locale: Locale = getLocale()): string {
  patterns ??= compilePatterns(FIELD_MESSAGES);
  return translateByPatterns(patterns, english, locale, termIn, translatedFieldMessage);
}

/**
 * A Conform submission with its field messages in the page's language: wrap `parseWithZod` in a
 * form's `onValidate` with it. The submission itself is returned, its `error` translated in place.
 */
export function validatedInLanguage<S extends object>(submission: S, locale: Locale = getLocale()): S {
  // Conform's submission: `error` on a failed one only.
  const failed = submission as { error?: Record<string, string[] | null> | null };
  if (failed.error) failed.error = translateErrors(failed.error, locale, translatedFieldMessage);
  return submission;
}
