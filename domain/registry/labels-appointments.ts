import { m } from "../i18n/index.ts";
import type { Label } from "../i18n/labels.ts";
import type { AppointmentState } from "./appointments.ts";

// An appointment's state in the reader's language (issue 33 item 4). APPOINTMENT_STATE_LABELS
// (./appointments.ts) keeps the spec's English; its words are the registry's terms (the list's filter
// options), so this reuses the terms' messages. A new state without a message fails the typecheck.

export const APPOINTMENT_STATE_LABEL: Readonly<Record<AppointmentState, Label>> = {
  booked: m.resource_term_booked,
  arrived: m.resource_term_arrived,
  cancelled: m.resource_term_cancelled,
  no_show: m.resource_term_did_not_come,
};
