import { describe, it } from "vitest";
import { expectLabels } from "../../tests/helpers/labels.ts";
import { APPOINTMENT_STATE_LABELS } from "./appointments.ts";
import { PAYOR_KIND_LABELS } from "./collections.ts";
import { APPOINTMENT_STATE_LABEL } from "./labels-appointments.ts";
import { PAYOR_KIND_LABEL } from "./labels-collections.ts";
import { QUEUE_LANE_LABEL, QUEUE_STATE_LABEL } from "./labels-queue.ts";
import { RESIDENT_REQUEST_KIND_LABEL, RESIDENT_REQUEST_STATE_LABEL } from "./labels-resident-requests.ts";
import { QUEUE_LANE_LABELS, QUEUE_STATE_LABELS } from "./queue.ts";
import { RESIDENT_REQUEST_KIND_LABELS, RESIDENT_REQUEST_STATE_LABELS } from "./resident-requests.ts";

// The registry's value labels in the reader's language (domain/registry/labels-*.ts): each says the
// registry's English map word for word to an English reader, and Filipino to a Filipino one.

describe("the registry's value labels", () => {
  it("the queue's lanes and states (the office keeps 'Regular', 'Senior citizen' and 'Appointment')", () => {
    expectLabels(QUEUE_LANE_LABEL, QUEUE_LANE_LABELS, ["regular", "senior", "appointment"]);
    expectLabels(QUEUE_STATE_LABEL, QUEUE_STATE_LABELS);
  });

  it("an appointment's states", () => {
    expectLabels(APPOINTMENT_STATE_LABEL, APPOINTMENT_STATE_LABELS);
  });

  it("a resident's request's kinds and states", () => {
    expectLabels(RESIDENT_REQUEST_KIND_LABEL, RESIDENT_REQUEST_KIND_LABELS);
    expectLabels(RESIDENT_REQUEST_STATE_LABEL, RESIDENT_REQUEST_STATE_LABELS);
  });

  it("who pays an official receipt", () => {
    expectLabels(PAYOR_KIND_LABEL, PAYOR_KIND_LABELS);
  });
});
