import { m } from "../i18n/index.ts";
import type { Label } from "../i18n/labels.ts";
import type { QueueLane, QueueState } from "./queue.ts";

// The queue's lanes and ticket states in the reader's language (issue 33 item 4). QUEUE_LANE_LABELS
// and QUEUE_STATE_LABELS (./queue.ts) keep the spec's English; their words are the registry's terms
// (its filter options), so these reuse the terms' messages. Typed over the values: a new lane or
// state without a message fails the typecheck. Its own module, so the kiosk and the window carry
// only these messages.

export const QUEUE_LANE_LABEL: Readonly<Record<QueueLane, Label>> = {
  regular: m.resource_term_regular,
  senior: m.resource_term_senior_citizen,
  pwd: m.resource_term_person_with_disability,
  pregnant: m.resource_term_pregnant_woman,
  appointment: m.resource_term_appointment,
};

export const QUEUE_STATE_LABEL: Readonly<Record<QueueState, Label>> = {
  waiting: m.resource_term_waiting,
  called: m.resource_term_being_served,
  done: m.resource_term_done,
  skipped: m.resource_term_skipped,
  transferred: m.resource_term_transferred,
};
