import { KP_COMMAND_FIELDS, PANGKAT_SIZE } from "@domain/registry/kp";
import type { FieldDef } from "@domain/registry/types";
import { m } from "@domain/i18n";
import { labelOf } from "@domain/i18n/labels";
import { KP_STEP_FIELD_LABEL, KP_STEP_OPTION_LABEL } from "@domain/kp/labels";

/** A label or hint: a message, read when the dialog renders (the locale is the request's). */
type Text = () => string;

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
const DATE_LABELS: Record<string, [Text, Text?]> = {
  summon: [m.office_kp_step_summon_date, m.office_kp_step_summon_hint],
  mediate: [m.office_kp_step_hearing_date],
  refer_to_pangkat: [m.office_kp_step_refer_date],
  constitute_pangkat: [m.office_kp_step_constitute_date],
  elect_pangkat_officers: [m.office_kp_step_elect_date],
  replace_pangkat_member: [m.office_kp_step_replace_date],
  conciliate: [m.office_kp_step_hearing_date],
  extend_conciliation: [m.office_kp_step_extend_date],
  agree_to_arbitrate: [m.office_kp_step_arbitrate_date],
  award: [m.office_kp_step_award_date, m.office_kp_step_award_hint],
  settle: [m.office_kp_step_settle_date],
  repudiate: [m.office_kp_step_repudiate_date, m.office_kp_step_repudiate_hint],
  move_for_execution: [m.office_kp_step_motion_date],
  execute: [m.office_kp_step_execute_date, m.office_kp_step_execute_hint],
  transmit: [m.office_kp_step_transmit_date, m.office_kp_step_transmit_hint],
  certify_file_action: [m.office_kp_step_certify_date],
  certify_bar_action: [m.office_kp_step_certify_date],
  certify_bar_counterclaim: [m.office_kp_step_certify_date],
  dismiss: [m.office_kp_step_dismiss_date],
  withdraw: [m.office_kp_step_withdraw_date],
};

/** The reason as each step names it. */
const REASON_LABELS: Record<string, [Text, Text?]> = {
  recall_summons: [m.office_kp_step_recall_reason],
  refer_to_pangkat: [m.office_kp_step_refer_reason, m.office_kp_step_refer_reason_hint],
  replace_pangkat_member: [m.office_kp_step_replace_reason, m.office_kp_step_replace_reason_hint],
  extend_conciliation: [m.office_kp_step_extend_reason],
  repudiate: [m.office_kp_step_repudiate_reason, m.office_kp_step_repudiate_reason_hint],
  certify_bar_action: [m.office_kp_step_finding, m.office_kp_step_bar_action_hint],
  certify_bar_counterclaim: [m.office_kp_step_finding, m.office_kp_step_bar_counterclaim_hint],
};

/** A step the registry gives no fields: its date only (built when the dialog renders). */
const date = (): FieldDef => ({ name: "date", label: m.office_kp_step_date(), kind: "date" });

function stepField(step: string, f: FieldDef): StepField {
  // The registry's words in the reader's language (domain/kp/labels.ts); its English where it has none.
  const [fieldLabel, fieldHint] = KP_STEP_FIELD_LABEL[f.name] ?? [];
  const base = { name: f.name, label: fieldLabel?.() ?? f.label, required: f.required, hint: f.description && (fieldHint?.() ?? f.description) };
  if (f.kind === "date") {
    const [label, hint] = DATE_LABELS[step] ?? [() => f.label];
    return { ...base, label: label(), hint: hint?.(), kind: "date", required: true };
  }
  if (f.kind === "textarea") return { ...base, kind: "textarea" };
  if (f.kind === "enum")
    return {
      ...base,
      kind: "select",
      source: "static",
      options: (f.options ?? []).map((o) => [o, KP_STEP_OPTION_LABEL[f.name] ? labelOf(KP_STEP_OPTION_LABEL[f.name], o) : (f.optionLabels?.[o] ?? o)]),
    };
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
    (KP_COMMAND_FIELDS as Partial<Record<string, readonly FieldDef[]>>)[step.name] ?? (step.name === "recall_summons" ? [] : [date()]);
  const fields = defs.map((f) => stepField(step.name, f));
  if (step.reason) {
    const [label, hint] = REASON_LABELS[step.name] ?? [m.office_common_reason];
    fields.push({ name: "reason", label: label(), hint: hint?.(), kind: "textarea", required: step.reason === "required" });
  }
  return fields;
}
