import { m } from "../i18n/index.ts";
import type { Label } from "../i18n/labels.ts";
import type { PAYOR_KINDS } from "./collections.ts";

// Who pays an official receipt, in the reader's language (issue 33 item 4): PAYOR_KIND_LABELS
// (./collections.ts) keeps the spec's English for the service's messages; the kinds that are
// registry terms reuse their messages, "Typed name" is messages/<locale>/labels.json's. A new kind
// without a message fails the typecheck.

export const PAYOR_KIND_LABEL: Readonly<Record<(typeof PAYOR_KINDS)[number], Label>> = {
  name: m.labels_payor_typed_name,
  resident: m.resource_term_resident_cap,
  non_resident: m.resource_term_non_resident_cap,
  organization: m.resource_term_organization_cap,
};
