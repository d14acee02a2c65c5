import { KP_COMMAND_FIELDS, PANGKAT_SIZE } from "@domain/registry/kp";
import type { FieldDef } from "@domain/registry/types";

// What each step of a KP case asks in its dialog: the registry's fields of the command
// (KP_COMMAND_FIELDS, the names the service reads) and its reason when the command keeps one, so a
// step the registry gains appears with its fields without a change here. The page words the date
// and the reason as the step names them; the choices (Lupon members, the Pangkat, the parties) come
// from the case.

/** Where a select's choices come from. */
export type ChoiceSource = "lupon" | "pangkat" | "parties" | "static";

export interface StepField {
  /** The input's key, as the service reads it. */
  name: string;
  label: string;
  kind: "date" | "text" | "textarea" | "number" | "select" | "multi-select";
  required?: boolean;
  hint?: string;
  source?: ChoiceSource;
  /** Fixed options of an enum (value, label). */
  options?: readonly (readonly [string, string])[];
  /** How many selects a multi-select draws (the Pangkat's three). */
  count?: number;
}

/** The date as each step names it. */
const DATE_LABELS: Record<string, [string, string?]> = {
  summon: ["Summons issued on", "Due the next working day after the complaint was received (§410(a))."],
  mediate: ["Hearing held on"],
  refer_to_pangkat: ["Referred on"],
  constitute_pangkat: ["Constituted on"],
  elect_pangkat_officers: ["Elected on"],
  replace_pangkat_member: ["Vacancy filled on"],
  conciliate: ["Hearing held on"],
  extend_conciliation: ["Extended on"],
  agree_to_arbitrate: ["Agreement signed on"],
  award: ["Award made on", "Only after the five days in which the agreement may be repudiated (§413)."],
  settle: ["Settlement signed on"],
  repudiate: ["Repudiated on", "Within ten days of the settlement or award (§418)."],
  move_for_execution: ["Motion filed on"],
  execute: ["Executed on", "After the ten days to repudiate and within six months (§417)."],
  transmit: ["Sent to the court on", "Five days after the ten days to repudiate, or after the award (§419)."],
  certify_file_action: ["Certified on"],
  certify_bar_action: ["Certified on"],
  certify_bar_counterclaim: ["Certified on"],
  dismiss: ["Dismissed on"],
  withdraw: ["Withdrawn on"],
};

/** The reason as each step names it. */
const REASON_LABELS: Record<string, [string, string?]> = {
  recall_summons: ["Why the summons is recalled"],
  refer_to_pangkat: ["Why mediation failed", "The parties did not agree, or the respondent did not appear (§410(b))."],
  replace_pangkat_member: ["Why the seat is vacant", "Resignation, disqualification, death…"],
  extend_conciliation: ["Why the case is clearly meritorious"],
  repudiate: ["Ground", "Consent vitiated by fraud, violence or intimidation (§418)."],
  certify_bar_action: ["Finding", "The complainant wilfully failed to appear, after a hearing."],
  certify_bar_counterclaim: ["Finding", "The respondent wilfully failed to appear, after a hearing."],
};

const DATE: FieldDef = { name: "date", label: "Date", kind: "date" };

function stepField(step: string, f: FieldDef): StepField {
  const base = { name: f.name, label: f.label, required: f.required, hint: f.description };
  if (f.kind === "date") {
    const [label, hint] = DATE_LABELS[step] ?? [f.label];
    return { ...base, label, hint, kind: "date", required: true };
  }
  if (f.kind === "textarea") return { ...base, kind: "textarea" };
  if (f.kind === "enum")
    return { ...base, kind: "select", source: "static", options: (f.options ?? []).map((o) => [o, f.optionLabels?.[o] ?? o]) };
  // The Pangkat's seats are named among its members; a new member among the Lupon's.
  if (f.kind === "reference")
    return {
      ...base,
      kind: "select",
      source: step !== "constitute_pangkat" && ["lupon_member_id", "chair_id", "secretary_id"].includes(f.name) ? "pangkat" : "lupon",
    };
  if (f.kind === "multi-reference") return { ...base, kind: "multi-select", source: "lupon", count: PANGKAT_SIZE };
  // The movant is a party, named by its place among the case's parties.
  if (f.name === "movant") return { ...base, kind: "select", source: "parties" };
  return { ...base, kind: f.kind === "number" ? "number" : "text" };
}

/** The fields of a step's dialog. */
export function stepFields(step: { name: string; reason: "required" | "optional" | null }): StepField[] {
  const defs =
    (KP_COMMAND_FIELDS as Partial<Record<string, readonly FieldDef[]>>)[step.name] ?? (step.name === "recall_summons" ? [] : [DATE]);
  const fields = defs.map((f) => stepField(step.name, f));
  if (step.reason) {
    const [label, hint] = REASON_LABELS[step.name] ?? ["Reason"];
    fields.push({ name: "reason", label, hint, kind: "textarea", required: step.reason === "required" });
  }
  return fields;
}
