import { z } from "zod";
import type { ColumnDef, CommandDef, FieldDef, ResourceDef } from "./types";
import { flag } from "./people";
import {
  calendarDate,
  optionalCalendarDate,
  optionalId,
  optionalMoney,
  optionalText,
  requiredEnum,
  requiredId,
  requiredText,
} from "./fields";

// Katarungang Pambarangay (decision 200): the Lupon's members, the cases before it and
// their hearings. A case moves through the procedure of RA 7160 §§408–422 (research notes §3) only
// by the commands below, each recorded and audited; the law's exclusions (§408) are checked when a
// case is filed. Case records are confidential: only the holders of the KP permissions see them.

const STATUS: ColumnDef = { key: "status", label: "Status", kind: "status", sortable: true };
const P = "/manage/kp";

// ---- The Lupon --------------------------------------------------------------------------------

export const LUPON_POSITIONS = ["chair", "secretary", "member"] as const;
export const LUPON_POSITION_LABELS: Record<(typeof LUPON_POSITIONS)[number], string> = {
  chair: "Chair (Punong Barangay)",
  secretary: "Lupon secretary",
  member: "Member",
};

const luponMemberSchema = z
  .object({
    name: requiredText("name", 150),
    user_id: optionalId("resident"),
    position: requiredEnum("position", LUPON_POSITIONS),
    term_start: calendarDate("term_start"),
    term_end: optionalCalendarDate("term_end"),
    oath_date: optionalCalendarDate("oath_date", { notInFuture: true }),
  })
  .superRefine((v, ctx) => {
    if (v.term_end && v.term_start && v.term_end < v.term_start)
      ctx.addIssue({ code: "custom", path: ["term_end"], message: "The term end must be a date after or equal to the term start." });
  });

export const luponMember: ResourceDef<z.output<typeof luponMemberSchema>> = {
  name: "lupon_member",
  restPath: "lupon_member",
  storage: { kind: "table", table: "lupon_members" },
  path: `${P}/lupon`,
  labels: { singular: "Lupon member", plural: "Lupon members", title: "Lupong Tagapamayapa" },
  displayField: "name",
  undo: true,
  multiBody: "records",
  columns: [
    { key: "name", label: "Name", kind: "text", sortable: true },
    { key: "position", label: "Position", kind: "enum", sortable: true },
    { key: "term_start", label: "Term start", kind: "date", sortable: true },
    { key: "term_end", label: "Term end", kind: "date", sortable: true, hideOnMobile: true },
    { key: "oath_date", label: "Oath", kind: "date", sortable: true, hideOnMobile: true },
    STATUS,
  ],
  fields: [
    { name: "name", label: "Name", kind: "text", required: true, maxLength: 150 },
    {
      name: "user_id",
      label: "Resident",
      kind: "reference",
      reference: "resident",
      description: "The member's resident record, when the member lives in the barangay.",
    },
    { name: "position", label: "Position", kind: "enum", options: LUPON_POSITIONS, required: true },
    { name: "term_start", label: "Term start", kind: "date", required: true },
    { name: "term_end", label: "Term end", kind: "date", description: "Leave empty while the member serves (RA 7160 §400)." },
    { name: "oath_date", label: "Oath taken on", kind: "date", description: "KP Form 5, sworn before the Punong Barangay." },
  ],
  references: [{ key: "resident", foreignKey: "user_id", resource: "resident" }],
  searchable: ["name"],
  filters: [{ key: "position", label: "Position", options: LUPON_POSITIONS.map((p) => ({ value: p, label: LUPON_POSITION_LABELS[p] })) }],
  schema: { create: luponMemberSchema, update: luponMemberSchema },
  modals: ["create", "update", "delete", "restore"],
  defaultSort: { key: "term_start", order: "desc" },
};

// ---- Cases ----------------------------------------------------------------------------------

/** The states of a case (research notes §3). */
export const KP_STATES = [
  "filed",
  "summoned",
  "mediation",
  "pangkat",
  "conciliation",
  "arbitration",
  "settled",
  "awarded",
  "repudiated",
  "executed",
  "certified_file_action",
  "certified_bar_action",
  "dismissed",
  "withdrawn",
] as const;
export type KpState = (typeof KP_STATES)[number];

export const KP_STATE_LABELS: Record<KpState, string> = {
  filed: "Filed",
  summoned: "Summoned",
  mediation: "In mediation",
  pangkat: "For the Pangkat",
  conciliation: "In conciliation",
  arbitration: "In arbitration",
  settled: "Settled",
  awarded: "Awarded",
  repudiated: "Repudiated",
  executed: "Executed",
  certified_file_action: "Certified to file action",
  certified_bar_action: "Certified to bar action",
  dismissed: "Dismissed",
  withdrawn: "Withdrawn",
};

export const KP_CATEGORIES = ["civil", "criminal"] as const;
export const KP_PARTY_ROLES = ["complainant", "respondent", "witness"] as const;
export const MAX_KP_PARTIES = 30;

/**
 * The venue grounds of §409: why the dispute is this barangay's. Parties living in different
 * barangays of the city go to the respondent's (any respondent, at the complainant's choice); a
 * dispute over real property goes where the property lies; one arising at a workplace or school,
 * where it is. The server refuses a ground the resident records contradict (decision 202).
 */
export const KP_VENUE_GROUNDS = ["same_barangay", "respondent_barangay", "property", "workplace"] as const;
export type KpVenueGround = (typeof KP_VENUE_GROUNDS)[number];
export const KP_VENUE_LABELS: Record<KpVenueGround, string> = {
  same_barangay: "The parties live here",
  respondent_barangay: "A respondent lives here",
  property: "The real property lies here",
  workplace: "The workplace or school is here",
};

/** §408(c): offences beyond the Lupon's authority. */
export const KP_MAX_IMPRISONMENT_DAYS = 365;
export const KP_MAX_FINE = 5000;

const partySchema = z
  .object({
    role: requiredEnum("role", KP_PARTY_ROLES),
    user_id: optionalId("resident"),
    name: optionalText("name", 150),
    address: optionalText("address", 255),
    outside_city: flag(),
  })
  .superRefine((v, ctx) => {
    if (v.user_id == null && !v.name)
      ctx.addIssue({ code: "custom", path: ["name"], message: "Pick the resident or type the name of the party." });
    if (v.user_id == null && v.name && !v.address)
      ctx.addIssue({ code: "custom", path: ["address"], message: "The address of a party who is not a resident is required." });
  });

/**
 * The law's exclusions (§408) and the parties the procedure needs, as far as the case's own answers
 * show them: each a field and the reason the Lupon may not take the case. The server adds what the
 * records show (an organization is no natural person).
 */
export function kpExclusions(v: {
  category: string;
  government_party: boolean;
  official_functions: boolean;
  penalty_imprisonment_days: number | null;
  penalty_fine: string | null;
  no_private_offended_party: boolean;
  property_elsewhere: boolean;
  barangays_adjoin: boolean;
  parties_agree_venue: boolean;
  parties: readonly { role: string; outside_city: boolean }[];
}): { path: (string | number)[]; message: string }[] {
  const out: { path: (string | number)[]; message: string }[] = [];
  if (v.government_party)
    out.push({
      path: ["government_party"],
      message:
        "The Lupon has no authority where the government or one of its subdivisions or instrumentalities is a party (RA 7160 §408(a)).",
    });
  if (v.official_functions)
    out.push({
      path: ["official_functions"],
      message: "The Lupon has no authority where a public officer is a party and the dispute concerns official functions (§408(b)).",
    });
  if (v.category === "criminal") {
    if ((v.penalty_imprisonment_days ?? 0) > KP_MAX_IMPRISONMENT_DAYS)
      out.push({
        path: ["penalty_imprisonment_days"],
        message: "An offence punishable by imprisonment of more than one year is outside the Lupon's authority (§408(c)).",
      });
    if (Number(v.penalty_fine ?? 0) > KP_MAX_FINE)
      out.push({
        path: ["penalty_fine"],
        message: "An offence punishable by a fine of more than ₱5,000.00 is outside the Lupon's authority (§408(c)).",
      });
    if (v.no_private_offended_party)
      out.push({
        path: ["no_private_offended_party"],
        message: "An offence with no private offended party is outside the Lupon's authority (§408(d)).",
      });
  }
  if (v.property_elsewhere && !v.parties_agree_venue)
    out.push({
      path: ["property_elsewhere"],
      message:
        "A dispute over real property in another city or municipality is outside the Lupon's authority unless the parties agree to bring it here (§408(e)).",
    });
  const outsider = v.parties.findIndex((p) => p.role !== "witness" && p.outside_city);
  if (outsider >= 0 && !(v.barangays_adjoin && v.parties_agree_venue))
    out.push({
      path: ["parties", outsider, "outside_city"],
      message:
        "The parties live in different cities or municipalities: the Lupon may take the case only when their barangays adjoin and the parties agree (§408(f)).",
    });
  if (!v.parties.some((p) => p.role === "complainant"))
    out.push({ path: ["parties"], message: "A complaint needs at least one complainant." });
  if (!v.parties.some((p) => p.role === "respondent"))
    out.push({ path: ["parties"], message: "A complaint needs at least one respondent." });
  return out;
}

const kpCaseSchema = z
  .object({
    title: requiredText("title", 200),
    nature: requiredText("nature", 200),
    category: requiredEnum("category", KP_CATEGORIES),
    complaint: requiredText("complaint", 5000),
    filed_on: calendarDate("filed_on", { label: "date filed", notInFuture: true }),
    government_party: flag(),
    official_functions: flag(),
    penalty_imprisonment_days: z.preprocess(
      (v) => (v === "" || v == null ? null : v),
      z.coerce
        .number({ error: "The imprisonment must be a number of days." })
        .int("The imprisonment must be a whole number of days.")
        .min(0, "The imprisonment must not be negative.")
        .max(100000, "The imprisonment must not be greater than 100000 days.")
        .nullable(),
    ),
    penalty_fine: optionalMoney("fine"),
    no_private_offended_party: flag(),
    property_elsewhere: flag(),
    barangays_adjoin: flag(),
    parties_agree_venue: flag(),
    venue_ground: requiredEnum("venue_ground", KP_VENUE_GROUNDS),
    venue_detail: optionalText("venue_detail", 255),
    parties: z
      .array(partySchema, { error: "The parties must be a list." })
      .max(MAX_KP_PARTIES, `A case has at most ${MAX_KP_PARTIES} parties and witnesses.`),
  })
  .superRefine((v, ctx) => {
    for (const issue of kpExclusions(v)) ctx.addIssue({ code: "custom", path: issue.path, message: issue.message });
    if ((v.venue_ground === "property" || v.venue_ground === "workplace") && !v.venue_detail)
      ctx.addIssue({
        code: "custom",
        path: ["venue_detail"],
        message:
          v.venue_ground === "property"
            ? "Say where in this barangay the real property lies (§409(c))."
            : "Name the workplace or school in this barangay where the dispute arose (§409(d)).",
      });
    const seen = new Map<number, string>();
    v.parties.forEach((p, i) => {
      if (p.user_id == null) return;
      const role = seen.get(p.user_id);
      if (role)
        ctx.addIssue({
          code: "custom",
          path: ["parties", i, "user_id"],
          message: role === p.role ? `The resident is already a ${role}.` : `The resident is already the case's ${role}.`,
        });
      seen.set(p.user_id, p.role);
    });
  });

export type KpCaseInput = z.output<typeof kpCaseSchema>;

const OPEN: readonly KpState[] = ["filed", "summoned", "mediation", "pangkat", "conciliation", "arbitration"];
const HEARD: readonly KpState[] = ["summoned", "mediation", "pangkat", "conciliation"];
/** Where a case's Pangkat sits: constituted for it, until the case leaves it (§§404–405). */
const PANGKAT_SITS: readonly KpState[] = ["pangkat", "conciliation", "arbitration"];

/**
 * The procedure (research notes §3) as commands. `from` is where the law allows each step; the
 * service says the law's reason when a step is asked in any other state (KP_STEP_RULES).
 */
export const KP_CASE_COMMANDS = [
  {
    name: "file",
    label: "File",
    permission: "create",
    from: [],
    invokedBy: "write",
    message: "Successfully filed case {name}.",
  },
  {
    name: "summon",
    label: "Summon",
    permission: "update",
    from: ["filed"],
    to: "summoned",
    message: "Successfully summoned the respondent of case {name}.",
    confirm: "Issue the summons to the respondent of case {name} and notify the complainant?",
  },
  {
    name: "recall_summons",
    label: "Recall summons",
    permission: "update",
    from: ["summoned"],
    reverses: "summon",
    reason: "required",
    message: "Successfully recalled the summons of case {name}.",
    confirm: "Recall the summons of case {name}? It was issued by mistake and has not led to a hearing.",
  },
  {
    name: "mediate",
    label: "Record mediation",
    permission: "update",
    from: ["summoned", "mediation"],
    to: "mediation",
    message: "Successfully recorded a mediation hearing of case {name}.",
  },
  {
    name: "refer_to_pangkat",
    label: "Refer to the Pangkat",
    permission: "update",
    from: ["summoned", "mediation"],
    to: "pangkat",
    reason: "optional",
    message: "Successfully referred case {name} to the Pangkat ng Tagapagkasundo.",
    confirm: "Mediation of case {name} failed: refer it to the Pangkat?",
  },
  {
    name: "constitute_pangkat",
    label: "Constitute the Pangkat",
    permission: "update",
    from: ["pangkat"],
    message: "Successfully constituted the Pangkat of case {name}.",
  },
  {
    name: "elect_pangkat_officers",
    label: "Record the Pangkat's officers",
    permission: "update",
    from: PANGKAT_SITS,
    message: "Successfully recorded the chair and secretary of the Pangkat of case {name}.",
  },
  {
    name: "replace_pangkat_member",
    label: "Fill a Pangkat vacancy",
    permission: "update",
    from: PANGKAT_SITS,
    reason: "required",
    message: "Successfully filled the vacancy in the Pangkat of case {name}.",
  },
  {
    name: "conciliate",
    label: "Record conciliation",
    permission: "update",
    from: ["pangkat", "conciliation"],
    to: "conciliation",
    message: "Successfully recorded a conciliation hearing of case {name}.",
  },
  {
    name: "extend_conciliation",
    label: "Extend conciliation",
    permission: "update",
    from: ["conciliation"],
    reason: "optional",
    message: "Successfully extended the conciliation of case {name}.",
    confirm: "Extend the Pangkat's fifteen days for case {name}? The law allows it once, by at most fifteen days.",
  },
  {
    name: "agree_to_arbitrate",
    label: "Agree to arbitrate",
    permission: "update",
    from: ["mediation", "conciliation"],
    to: "arbitration",
    message: "Successfully recorded the agreement to arbitrate case {name}.",
  },
  {
    name: "award",
    label: "Award",
    permission: "update",
    from: ["arbitration"],
    to: "awarded",
    message: "Successfully recorded the arbitration award of case {name}.",
  },
  {
    name: "settle",
    label: "Settle",
    permission: "update",
    from: ["mediation", "conciliation"],
    to: "settled",
    message: "Successfully recorded the amicable settlement of case {name}.",
  },
  {
    name: "repudiate",
    label: "Repudiate",
    permission: "update",
    from: ["settled", "awarded"],
    to: "repudiated",
    reason: "required",
    message: "Successfully recorded the repudiation of case {name}.",
    destructive: true,
  },
  {
    name: "move_for_execution",
    label: "Motion for execution",
    permission: "update",
    from: ["settled", "awarded"],
    message: "Successfully recorded the motion for execution of case {name}.",
  },
  {
    name: "execute",
    label: "Execute",
    permission: "update",
    from: ["settled", "awarded"],
    to: "executed",
    message: "Successfully recorded the execution of case {name}.",
  },
  {
    name: "transmit",
    label: "Transmit to the court",
    permission: "update",
    from: ["settled", "awarded", "executed"],
    message: "Successfully recorded the transmittal of case {name} to the court.",
    confirm: "Record that the settlement or award of case {name} was sent to the city or municipal court?",
  },
  {
    name: "certify_file_action",
    label: "Certify to file action",
    permission: "update",
    from: ["pangkat", "conciliation", "repudiated"],
    to: "certified_file_action",
    message: "Successfully certified case {name} to file action.",
  },
  {
    name: "certify_bar_action",
    label: "Certify to bar action",
    permission: "update",
    from: HEARD,
    to: "certified_bar_action",
    reason: "required",
    message: "Successfully certified case {name} to bar action.",
    destructive: true,
  },
  {
    name: "certify_bar_counterclaim",
    label: "Certify to bar counterclaim",
    permission: "update",
    from: HEARD,
    reason: "required",
    message: "Successfully certified the respondent of case {name} barred from a counterclaim.",
  },
  {
    name: "dismiss",
    label: "Dismiss",
    permission: "update",
    from: OPEN,
    to: "dismissed",
    reason: "required",
    message: "Successfully dismissed case {name}.",
    destructive: true,
  },
  {
    name: "withdraw",
    label: "Withdraw",
    permission: "update",
    from: OPEN,
    to: "withdrawn",
    reason: "optional",
    message: "Successfully recorded the withdrawal of case {name}.",
    destructive: true,
  },
  {
    // A file kept with the case (server/features/kp/attachments.ts), uploaded by its own route.
    name: "attach",
    label: "Attach a file",
    permission: "update",
    from: KP_STATES,
    invokedBy: "service",
    message: "Successfully attached a file to case {name}.",
  },
  {
    name: "remove_attachment",
    label: "Remove an attachment",
    permission: "update",
    from: KP_STATES,
    invokedBy: "service",
    reason: "required",
    message: "Successfully removed an attachment of case {name}.",
    destructive: true,
  },
] as const satisfies readonly CommandDef[];

export type KpCommandName = (typeof KP_CASE_COMMANDS)[number]["name"];

/**
 * The steps the law takes once in a case, with the case's column that records each: the case page
 * stops offering one once it is taken. Their handlers refuse a repeat with the law's reason; this
 * only keeps a button from leading to that refusal.
 */
export const KP_ONCE_STEPS = {
  constitute_pangkat: "pangkat_constituted_on",
  extend_conciliation: "conciliation_extended_on",
  move_for_execution: "execution_moved_on",
  transmit: "transmitted_on",
  certify_bar_counterclaim: "counterclaim_barred_on",
} as const satisfies Partial<Record<KpCommandName, string>>;

/** Whether a step the law takes once was already taken in this case. */
export function stepTaken(name: string, row: Partial<Record<(typeof KP_ONCE_STEPS)[keyof typeof KP_ONCE_STEPS], string | null>>): boolean {
  const column = (KP_ONCE_STEPS as Partial<Record<string, (typeof KP_ONCE_STEPS)[keyof typeof KP_ONCE_STEPS]>>)[name];
  return column != null && row[column] != null;
}

/**
 * The steps no command takes back (decision 200): a settlement or award becomes final by law and
 * its only undoing is the law's repudiation, itself a step; a certification, a dismissal or a
 * withdrawal is issued to the parties. Only a summons issued by mistake is recalled.
 */
export const KP_IRREVERSIBLE_COMMANDS: readonly KpCommandName[] = KP_CASE_COMMANDS.filter(
  (c) => !("reverses" in c) && c.name !== "summon",
).map((c) => c.name);

/** Why the law allows a step only where it does: the refusal of a step asked in another state. */
export const KP_STEP_RULES: Record<KpCommandName, string> = {
  file: "A case is filed once, when its complaint is received.",
  summon: "The summons is issued once, on the next working day after the complaint is filed (§410(a)).",
  recall_summons: "Only a summons that has not led to a hearing is recalled.",
  mediate: "Mediation before the Punong Barangay follows the summons and comes before the Pangkat (§410(b)).",
  refer_to_pangkat:
    "A case goes to the Pangkat when mediation before the Punong Barangay fails or the respondent does not appear (§410(b)).",
  constitute_pangkat:
    "The Pangkat is constituted once the case is referred to it, after mediation before the Punong Barangay fails (§§404, 410(b)).",
  elect_pangkat_officers: "The Pangkat elects its chair and secretary once it is constituted, while it sits (§404).",
  replace_pangkat_member: "A vacancy in the Pangkat is filled while it sits on the case, the way its members were chosen (§404).",
  conciliate: "The Pangkat conciliates once it is constituted for the case (§410(d)).",
  extend_conciliation: "Only the Pangkat's conciliation is extended, once, by at most fifteen days, while its fifteen days run (§410(e)).",
  agree_to_arbitrate: "The parties agree to arbitrate during mediation or conciliation (§413).",
  award: "An arbitration award follows the parties' written agreement to arbitrate (§413).",
  settle: "An amicable settlement is reached in mediation before the Punong Barangay or in conciliation before the Pangkat (§§410–411).",
  repudiate: "Only an amicable settlement or an arbitration award is repudiated (§418).",
  move_for_execution: "Execution is moved on an amicable settlement or an arbitration award not complied with (§417, KP Form 23).",
  execute: "Only an amicable settlement or an arbitration award is executed by the Lupon (§417).",
  transmit: "Only an amicable settlement or an arbitration award is transmitted to the city or municipal court (§419).",
  certify_file_action:
    "A certification to file action is issued only after the Pangkat has been constituted and failed to settle, or after a repudiation (§412(a)).",
  certify_bar_action:
    "A complainant is barred from action only while the case is heard before the Punong Barangay or the Pangkat (KP Rules VI §8).",
  certify_bar_counterclaim:
    "A respondent is barred from a counterclaim only while the case is heard before the Punong Barangay or the Pangkat (KP Rules VI §8).",
  dismiss: "A case is dismissed only while it is still before the Lupon.",
  withdraw: "A complaint is withdrawn only while the case is still before the Lupon.",
  attach: "A file is attached to a case in any state, unless it is in the trash.",
  remove_attachment: "An attachment is removed from a case in any state, unless it is in the trash.",
};

/** How a Pangkat member is chosen (§404): by the parties from the Lupon's list, or by lot when they do not agree. */
export const PANGKAT_CHOICES = ["parties", "lot"] as const;
export type PangkatChoice = (typeof PANGKAT_CHOICES)[number];
export const PANGKAT_CHOICE_LABELS: Record<PangkatChoice, string> = {
  parties: "Chosen by the parties",
  lot: "Drawn by lot",
};
export const PANGKAT_ROLE_LABELS: Record<(typeof LUPON_POSITIONS)[number], string> = {
  chair: "Pangkat chair",
  secretary: "Pangkat secretary",
  member: "Member",
};
/** The Pangkat's size (§404), and the longest extension of its fifteen days (§410(e)). */
export const PANGKAT_SIZE = 3;
export const KP_MAX_EXTENSION_DAYS = 15;

const STEP_DATE: FieldDef = {
  name: "date",
  label: "Date",
  kind: "date",
  description: "The day of the step; empty for today. Never before the case's last recorded step.",
};
const MINUTES: FieldDef = { name: "minutes", label: "Minutes", kind: "textarea", maxLength: 10000 };
const TERMS: FieldDef = {
  name: "terms",
  label: "Terms",
  kind: "textarea",
  required: true,
  maxLength: 10000,
  description: "In a language or dialect the parties know (§411).",
};
const CHOSEN_BY: FieldDef = {
  name: "chosen_by",
  label: "Chosen",
  kind: "enum",
  options: PANGKAT_CHOICES,
  optionLabels: PANGKAT_CHOICE_LABELS,
  required: true,
};
const CHAIR: FieldDef = { name: "chair_id", label: "Pangkat chair", kind: "reference", reference: "lupon_member" };
const SECRETARY: FieldDef = { name: "secretary_id", label: "Pangkat secretary", kind: "reference", reference: "lupon_member" };

/**
 * The input of each step beyond its reason (the command's `reason`), for the case page's forms and
 * the REST body: the names the service reads. A step not listed takes only its date.
 */
export const KP_COMMAND_FIELDS: Record<
  Exclude<KpCommandName, "file" | "recall_summons" | "attach" | "remove_attachment">,
  readonly FieldDef[]
> = {
  summon: [STEP_DATE],
  mediate: [STEP_DATE, MINUTES],
  refer_to_pangkat: [STEP_DATE],
  constitute_pangkat: [
    STEP_DATE,
    CHOSEN_BY,
    {
      name: "members",
      label: "The three members",
      kind: "multi-reference",
      reference: "lupon_member",
      description:
        "Chosen by the parties: three Lupon members serving on the date, none a party or witness. Drawn by lot: leave empty, the server draws.",
    },
    { ...CHAIR, description: "Elected by the three; may be recorded later." },
    { ...SECRETARY, description: "Elected by the three; may be recorded later." },
  ],
  elect_pangkat_officers: [STEP_DATE, { ...CHAIR, required: true }, { ...SECRETARY, required: true }],
  replace_pangkat_member: [
    STEP_DATE,
    { name: "lupon_member_id", label: "Member leaving", kind: "reference", reference: "lupon_member", required: true },
    CHOSEN_BY,
    {
      name: "replacement_id",
      label: "Replacement",
      kind: "reference",
      reference: "lupon_member",
      description: "Chosen by the parties; drawn by lot: leave empty.",
    },
  ],
  conciliate: [STEP_DATE, MINUTES],
  extend_conciliation: [
    STEP_DATE,
    { name: "days", label: "Days more", kind: "number", description: "At most 15; empty for 15 (§410(e))." },
  ],
  agree_to_arbitrate: [STEP_DATE],
  award: [STEP_DATE, TERMS],
  settle: [STEP_DATE, TERMS],
  repudiate: [STEP_DATE],
  move_for_execution: [
    STEP_DATE,
    {
      name: "movant",
      label: "Movant",
      kind: "number",
      required: true,
      description: "The party who moves: a complainant or respondent, by its place in the case's parties (0 the first).",
    },
  ],
  execute: [STEP_DATE, MINUTES],
  transmit: [STEP_DATE],
  certify_file_action: [STEP_DATE],
  certify_bar_action: [STEP_DATE],
  certify_bar_counterclaim: [STEP_DATE],
  dismiss: [STEP_DATE],
  withdraw: [STEP_DATE],
};

export const kpCase: ResourceDef<KpCaseInput> = {
  name: "kp_case",
  restPath: "kp_case",
  storage: { kind: "table", table: "kp_cases" },
  path: `${P}/cases`,
  labels: { singular: "KP case", plural: "KP cases", title: "KP Cases" },
  displayField: "docket_number",
  undo: false,
  multiBody: "records",
  countable: true,
  columns: [
    { key: "docket_number", label: "Docket No.", kind: "text", sortable: true },
    { key: "title", label: "Title", kind: "text", sortable: true },
    { key: "nature", label: "Nature", kind: "text", sortable: true, hideOnMobile: true },
    { key: "state_label", label: "State", kind: "enum" },
    { key: "filed_on", label: "Filed on", kind: "date", sortable: true },
    STATUS,
  ],
  fields: [
    { name: "title", label: "Title", kind: "text", required: true, maxLength: 200, placeholder: "Reyes vs. Santos" },
    {
      name: "nature",
      label: "Nature of the dispute",
      kind: "text",
      required: true,
      maxLength: 200,
      placeholder: "Collection of a sum of money",
    },
    { name: "category", label: "Category", kind: "enum", options: KP_CATEGORIES, required: true },
    { name: "complaint", label: "Complaint", kind: "textarea", required: true, maxLength: 5000 },
    { name: "filed_on", label: "Date filed", kind: "date", required: true },
    { name: "government_party", label: "The government or one of its instrumentalities is a party", kind: "checkbox" },
    { name: "official_functions", label: "A public officer is a party and it concerns official functions", kind: "checkbox" },
    {
      name: "penalty_imprisonment_days",
      label: "Maximum imprisonment (days)",
      kind: "number",
      description: "Criminal cases: the longest imprisonment the offence carries.",
    },
    { name: "penalty_fine", label: "Maximum fine", kind: "money", description: "Criminal cases: the largest fine the offence carries." },
    { name: "no_private_offended_party", label: "The offence has no private offended party", kind: "checkbox" },
    { name: "property_elsewhere", label: "Real property in another city or municipality", kind: "checkbox" },
    { name: "barangays_adjoin", label: "The parties' barangays adjoin", kind: "checkbox" },
    { name: "parties_agree_venue", label: "The parties agree to bring the dispute here", kind: "checkbox" },
    {
      name: "venue_ground",
      label: "Venue (§409)",
      kind: "enum",
      options: KP_VENUE_GROUNDS,
      optionLabels: KP_VENUE_LABELS,
      required: true,
      description: "Why the dispute is this barangay's: where the parties live, the property lies, or the workplace or school is.",
    },
    {
      name: "venue_detail",
      label: "Property, workplace or school",
      kind: "text",
      maxLength: 255,
      description: "Where the property lies, or the workplace or school (those grounds).",
    },
  ],
  children: [
    {
      key: "parties",
      table: "kp_case_parties",
      parentKey: "case_id",
      columns: ["role", "user_id", "name", "address", "outside_city"],
      orderColumn: "position",
      references: [{ key: "user", foreignKey: "user_id", resource: "resident" }],
      fields: [
        { name: "role", label: "Role", kind: "enum", options: KP_PARTY_ROLES, required: true },
        { name: "user_id", label: "Resident", kind: "reference", reference: "resident" },
        { name: "name", label: "Name (not a resident)", kind: "text", maxLength: 150 },
        { name: "address", label: "Address (not a resident)", kind: "text", maxLength: 255 },
        { name: "outside_city", label: "Lives outside this city or municipality", kind: "checkbox" },
      ],
      labels: { singular: "party", plural: "parties" },
      max: MAX_KP_PARTIES,
    },
  ],
  searchable: ["docket_number", "title", "nature"],
  filters: [
    { key: "state", label: "State", options: KP_STATES.map((s) => ({ value: s, label: KP_STATE_LABELS[s] })) },
    { key: "category", label: "Category", options: KP_CATEGORIES.map((c) => ({ value: c, label: c[0].toUpperCase() + c.slice(1) })) },
    { kind: "date-range", key: "filed_on", label: "Filed on" },
  ],
  schema: { create: kpCaseSchema, update: kpCaseSchema },
  modals: ["create", "update", "delete", "restore"],
  stateColumn: "state",
  // A case entered by mistake is trashed while it is only filed; once summoned it ends by its steps.
  restorableStates: ["filed"],
  // Every step is taken on the case's own page, which asks what the step needs (its date, minutes,
  // terms, the Pangkat's members); the list's rows open that page.
  commands: KP_CASE_COMMANDS.map((command) => ({ ...command, ownScreen: true as const })),
  defaultSort: { key: "docket_number", order: "desc" },
  // The case's own page (/manage/kp/cases/{id}): its record, clock, steps and forms.
  rowLinks: [{ key: "view", label: "Open case", href: "/manage/kp/cases/{id}", main: true, onTrashed: true }],
};

// ---- Hearings -------------------------------------------------------------------------------

export const KP_HEARING_KINDS = ["mediation", "conciliation", "arbitration", "execution"] as const;

const kpHearingSchema = z.object({
  case_id: requiredId("case_id"),
  kind: requiredEnum("kind", KP_HEARING_KINDS),
  held_on: calendarDate("held_on", { label: "hearing date", notInFuture: true }),
  minutes: optionalText("minutes", 10000),
});

export const kpHearing: ResourceDef<z.output<typeof kpHearingSchema>> = {
  name: "kp_hearing",
  restPath: "kp_hearing",
  storage: { kind: "table", table: "kp_hearings" },
  path: `${P}/hearings`,
  labels: { singular: "KP hearing", plural: "KP hearings", title: "KP Hearings" },
  displayField: "held_on",
  undo: true,
  multiBody: "records",
  columns: [
    { key: "case", label: "Case", kind: "reference", sortable: true },
    { key: "kind", label: "Kind", kind: "enum", sortable: true },
    { key: "held_on", label: "Held on", kind: "date", sortable: true },
    STATUS,
  ],
  fields: [
    { name: "case_id", label: "Case", kind: "reference", reference: "kp_case", required: true },
    { name: "kind", label: "Kind", kind: "enum", options: KP_HEARING_KINDS, required: true },
    { name: "held_on", label: "Held on", kind: "date", required: true },
    { name: "minutes", label: "Minutes", kind: "textarea", maxLength: 10000 },
  ],
  references: [{ key: "case", foreignKey: "case_id", resource: "kp_case" }],
  searchable: ["minutes"],
  filters: [
    { kind: "reference", key: "case_id", label: "Case", resource: "kp_case" },
    { key: "kind", label: "Kind", options: KP_HEARING_KINDS.map((k) => ({ value: k, label: k[0].toUpperCase() + k.slice(1) })) },
    { kind: "date-range", key: "held_on", label: "Held on" },
  ],
  schema: { create: kpHearingSchema, update: kpHearingSchema },
  modals: ["create", "update", "delete", "restore"],
  defaultSort: { key: "held_on", order: "desc" },
};
