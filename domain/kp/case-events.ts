import type { KpHearingsTable, KpState } from "../../db/schema";
import type { CaseEvent } from "./deadlines";

// A stored KP case (decision 200: one date column per step) read as the dated events the deadline
// rules take (domain/kp/deadlines.ts, decision 201). The case's hearings add the meetings and
// hearings the columns do not hold. The later steps (decision 202: the Pangkat constituted, the
// conciliation extended, the motion for execution, the transmittal to the court) are dated columns
// too; a case read before they were recorded simply has none, and starts no rule on them.

/** The step dates of a stored case (db/schema.ts KpCasesTable, as read). */
export interface CaseDates {
  state: KpState;
  filed_on: string;
  summoned_on: string | null;
  mediation_started_on: string | null;
  referred_on: string | null;
  conciliation_started_on: string | null;
  arbitration_agreed_on: string | null;
  settled_on: string | null;
  awarded_on: string | null;
  repudiated_on: string | null;
  executed_on: string | null;
  certified_on: string | null;
  closed_on: string | null;
  /** The later steps (decision 202); absent on a row read without them. */
  pangkat_constituted_on?: string | null;
  conciliation_extended_on?: string | null;
  conciliation_extension_days?: number | null;
  execution_moved_on?: string | null;
  transmitted_on?: string | null;
}

type Hearing = Pick<KpHearingsTable, "kind" | "held_on">;

/** The case's dated events, in date order. */
export function caseEvents(row: CaseDates, hearings: readonly Hearing[] = []): CaseEvent[] {
  const events: CaseEvent[] = [];
  const add = (kind: CaseEvent["kind"], date: string | null) => {
    if (date) events.push({ kind, date });
  };
  add("filed", row.filed_on);
  add("summoned", row.summoned_on);
  add("mediation_hearing", row.mediation_started_on);
  add("referred_to_pangkat", row.referred_on);
  add("pangkat_constituted", row.pangkat_constituted_on ?? null);
  add("conciliation_hearing", row.conciliation_started_on);
  if (row.conciliation_extended_on)
    events.push({ kind: "conciliation_extended", date: row.conciliation_extended_on, days: row.conciliation_extension_days ?? undefined });
  add("arbitration_agreed", row.arbitration_agreed_on);
  add("settled", row.settled_on);
  add("awarded", row.awarded_on);
  add("repudiated", row.repudiated_on);
  add("transmitted", row.transmitted_on ?? null);
  add("execution_moved", row.execution_moved_on ?? null);
  add("executed", row.executed_on);
  if (row.state === "certified_bar_action") add("barred", row.certified_on);
  else add("certified_to_file_action", row.certified_on);
  if (row.state === "dismissed") add("dismissed", row.closed_on);
  if (row.state === "withdrawn") add("withdrawn", row.closed_on);
  for (const h of hearings) {
    if (h.kind === "mediation") add("mediation_hearing", h.held_on);
    else if (h.kind === "conciliation") add("conciliation_hearing", h.held_on);
    else if (h.kind === "execution") add("execution_heard", h.held_on);
  }
  return events.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
}
