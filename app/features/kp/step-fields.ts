// What each step of a KP case asks in its dialog (decision 200: every step takes its date; the
// hearings their minutes; a settlement or award its terms; the steps that keep a reason their
// reason, worded as the law names it). A command the registry gains later without an entry here
// still gets its dialog: its date, and its reason when the command asks one.

export interface StepField {
  /** The input's key, as the service reads it. */
  name: string;
  label: string;
  kind: "date" | "text" | "textarea" | "number" | "lupon" | "choice";
  required?: boolean;
  hint?: string;
  /** A choice's options (value, label). */
  options?: readonly (readonly [string, string])[];
  /** How many Lupon members a "lupon" field picks (one select each). */
  count?: number;
}

const date = (label: string, hint?: string): StepField => ({ name: "date", label, kind: "date", required: true, hint });
const minutes: StepField = { name: "minutes", label: "Minutes of the hearing", kind: "textarea" };
const terms: StepField = {
  name: "terms",
  label: "Terms",
  kind: "textarea",
  required: true,
  hint: "As the parties signed them, in the language or dialect they know (§411).",
};
const reason = (label: string, required: boolean, hint?: string): StepField => ({
  name: "reason",
  label,
  kind: "textarea",
  required,
  hint,
});

const FIELDS: Record<string, readonly StepField[]> = {
  summon: [date("Summons issued on", "Due the next working day after the complaint was received (§410(a)).")],
  recall_summons: [reason("Why the summons is recalled", true)],
  mediate: [date("Hearing held on"), minutes],
  refer_to_pangkat: [
    date("Referred on"),
    reason("Why mediation failed", false, "The parties did not agree, or the respondent did not appear (§410(b))."),
  ],
  constitute_pangkat: [
    date("Constituted on"),
    {
      name: "chosen_by",
      label: "Chosen by",
      kind: "choice",
      required: true,
      options: [
        ["parties", "The parties (from the Lupon list)"],
        ["lot", "Drawn by lot (the parties did not agree)"],
      ],
    },
    {
      name: "members",
      label: "Pangkat members",
      kind: "lupon",
      count: 3,
      hint: "The three the parties chose; leave empty when the Punong Barangay draws them by lot (§404).",
    },
  ],
  conciliate: [date("Hearing held on"), minutes],
  extend_conciliation: [
    date("Extended on"),
    { name: "days", label: "Days more (at most 15)", kind: "number", required: true },
    reason("Why the case is clearly meritorious", false),
  ],
  agree_to_arbitrate: [date("Agreement signed on")],
  award: [date("Award made on", "Only after the five days in which the agreement may be repudiated (§413)."), terms],
  settle: [date("Settlement signed on"), terms],
  repudiate: [
    date("Repudiated on", "Within ten days of the settlement or award (§418)."),
    reason("Ground", true, "Consent vitiated by fraud, violence or intimidation (§418)."),
  ],
  move_for_execution: [date("Motion filed on")],
  transmit: [date("Sent to the court on", "Within five days after the ten days to repudiate (§419).")],
  execute: [date("Executed on", "After the ten days to repudiate and within six months (§417)."), minutes],
  certify_file_action: [date("Certified on")],
  certify_bar_action: [date("Certified on"), reason("Finding", true, "The complainant wilfully failed to appear, after a hearing.")],
  certify_bar_counterclaim: [date("Certified on"), reason("Finding", true, "The respondent wilfully failed to appear, after a hearing.")],
  dismiss: [date("Dismissed on"), reason("Reason", true)],
  withdraw: [date("Withdrawn on"), reason("Reason", false)],
};

/** The fields of a step's dialog. */
export function stepFields(step: { name: string; reason: "required" | "optional" | null }): readonly StepField[] {
  const known = FIELDS[step.name];
  if (known) return known;
  return step.reason ? [date("Date"), reason("Reason", step.reason === "required")] : [date("Date")];
}
