import { m } from "../i18n/index.ts";
import type { Label } from "../i18n/labels.ts";
import type { ResidentRequestKind, ResidentRequestState } from "./resident-requests.ts";

// A resident's request's kind and state in the reader's language (issue 33 item 4). The English maps
// (./resident-requests.ts) stay the spec's; their words are the registry's terms (the list's filter
// options), so these reuse the terms' messages. A new kind or state without a message fails the
// typecheck.

export const RESIDENT_REQUEST_KIND_LABEL: Readonly<Record<ResidentRequestKind, Label>> = {
  certificate: m.resource_term_certificate,
  correction: m.resource_term_correction_of_record,
};

export const RESIDENT_REQUEST_STATE_LABEL: Readonly<Record<ResidentRequestState, Label>> = {
  requested: m.resource_term_requested,
  approved: m.resource_term_approved,
  refused: m.resource_term_refused,
  ready: m.resource_term_ready_to_claim,
  released: m.resource_term_released,
  resolved: m.resource_term_corrected,
};
