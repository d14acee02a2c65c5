// The domain's display words in the reader's language (issue 33 item 4): each area's labels module
// (domain/kp/labels.ts, domain/registry/labels-*.ts, domain/audit/labels.ts) maps the domain's
// values to message functions, typed over the values so that a new one without a message fails the
// typecheck. The message is called when the label is rendered, so it reads the request's language
// on the server and the document's in the browser.

import type { Locale } from "./paraglide/runtime.js";

/** A message function of a label: the text in the current language, or in the one named (`{ locale }`). */
export type Label = (inputs?: Record<string, never>, options?: { locale?: Locale }) => string;

/** A value's label from one of those maps; a value the map does not know (an older row, a new code) as it is. */
export function labelOf<K extends string>(map: Readonly<Record<K, Label>>, value: string): string {
  return Object.hasOwn(map, value) ? map[value as K]() : value;
}
