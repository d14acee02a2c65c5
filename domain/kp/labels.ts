import { m } from "../i18n/index.ts";
import type { Label } from "../i18n/labels.ts";
import type { KpRuleId } from "./deadlines.ts";
import type { KpState, LUPON_POSITIONS, PangkatChoice, KP_HEARING_KINDS, KP_CATEGORIES, KP_PARTY_ROLES } from "../registry/kp.ts";

// The KP case's words in the reader's language (issue 33 item 4): its states, the deadlines of its
// clock, the dates of its record, the Pangkat's seats, its hearings, category and parties' roles.
// domain/kp/deadlines.ts and domain/registry/kp.ts keep the spec's English (the service's messages
// and the tests quote it); these say the same in the request's language (the server's loaders) or the
// document's (the case page). Each map is a `Record` over the domain's values, so a new state, rule
// or date without a message fails the typecheck. Where the registry already has the word as a term
// (messages/<locale>/resource.json) its message is reused, not written again; the rest are
// messages/<locale>/labels.json's `labels_kp_*`; `labelOf` (domain/i18n/labels.ts) reads one. A module
// of its own, so that only the pages that show a case carry these messages.

/** A case's state: "Filed", "In mediation" (KP_STATE_LABELS' words, the registry's filter options). */
export const KP_STATE_LABEL: Readonly<Record<KpState, Label>> = {
  filed: m.resource_term_filed,
  summoned: m.resource_term_summoned,
  mediation: m.resource_term_in_mediation,
  pangkat: m.resource_term_for_the_pangkat,
  conciliation: m.resource_term_in_conciliation,
  arbitration: m.resource_term_in_arbitration,
  settled: m.resource_term_settled,
  awarded: m.resource_term_awarded,
  repudiated: m.resource_term_repudiated,
  executed: m.resource_term_executed,
  certified_file_action: m.resource_term_certified_to_file_action,
  certified_bar_action: m.resource_term_certified_to_bar_action,
  dismissed: m.resource_term_dismissed,
  withdrawn: m.resource_term_withdrawn,
};

export const kpStateLabel = (state: KpState): string => KP_STATE_LABEL[state]();

/** What falls due on a case's clock (KP_RULES' labels). */
export const KP_RULE_LABEL: Readonly<Record<KpRuleId, Label>> = {
  summons: m.labels_kp_rule_summons,
  mediation: m.labels_kp_rule_mediation,
  pangkat_convene: m.labels_kp_rule_pangkat_convene,
  conciliation: m.labels_kp_rule_conciliation,
  arbitration_repudiation: m.labels_kp_rule_arbitration_repudiation,
  arbitration_award: m.labels_kp_rule_arbitration_award,
  settlement_repudiation: m.labels_kp_rule_settlement_repudiation,
  award_nullification: m.labels_kp_rule_award_nullification,
  transmittal_of_award: m.labels_kp_rule_transmittal_of_award,
  transmittal_of_settlement: m.labels_kp_rule_transmittal_of_settlement,
  execution: m.labels_kp_rule_execution,
  execution_hearing: m.labels_kp_rule_execution_hearing,
  execution_ruling: m.labels_kp_rule_execution_ruling,
  prescription_interruption: m.labels_kp_rule_prescription_interruption,
};

export const kpRuleLabel = (id: KpRuleId): string => KP_RULE_LABEL[id]();

/** The dated steps of a case's record, in the order the record lists them (its date columns). */
export const KP_DATE_LABEL = {
  filed_on: m.resource_term_filed,
  summoned_on: m.resource_term_summoned,
  mediation_started_on: m.labels_kp_date_mediation_started,
  referred_on: m.labels_kp_date_referred,
  pangkat_constituted_on: m.labels_kp_date_pangkat_constituted,
  conciliation_started_on: m.labels_kp_date_conciliation_started,
  conciliation_extended_on: m.labels_kp_date_conciliation_extended,
  arbitration_agreed_on: m.labels_kp_date_arbitration_agreed,
  settled_on: m.resource_term_settled,
  awarded_on: m.resource_term_awarded,
  repudiated_on: m.resource_term_repudiated,
  transmitted_on: m.labels_kp_date_transmitted,
  execution_moved_on: m.labels_kp_date_execution_moved,
  executed_on: m.resource_term_executed,
  certified_on: m.labels_kp_date_certified,
  counterclaim_barred_on: m.labels_kp_date_counterclaim_barred,
  closed_on: m.labels_kp_date_closed,
} as const satisfies Record<string, Label>;

export type KpDateColumn = keyof typeof KP_DATE_LABEL;

/** A Pangkat member's seat (PANGKAT_ROLE_LABELS' words). */
export const PANGKAT_ROLE_LABEL: Readonly<Record<(typeof LUPON_POSITIONS)[number], Label>> = {
  chair: m.labels_kp_pangkat_chair,
  secretary: m.labels_kp_pangkat_secretary,
  member: m.resource_term_member_cap,
};

/** How a Pangkat member was chosen (PANGKAT_CHOICE_LABELS' words). */
export const PANGKAT_CHOICE_LABEL: Readonly<Record<PangkatChoice, Label>> = {
  parties: m.labels_kp_pangkat_by_parties,
  lot: m.labels_kp_pangkat_by_lot,
};

/** A Lupon member's position (LUPON_POSITION_LABELS' words, the registry's filter options). */
export const LUPON_POSITION_LABEL: Readonly<Record<(typeof LUPON_POSITIONS)[number], Label>> = {
  chair: m.resource_term_chair_punong_barangay,
  secretary: m.resource_term_lupon_secretary,
  member: m.resource_term_member_cap,
};

/** A hearing's kind, as a heading: "Mediation". */
export const KP_HEARING_LABEL: Readonly<Record<(typeof KP_HEARING_KINDS)[number], Label>> = {
  mediation: m.resource_term_mediation_cap,
  conciliation: m.resource_term_conciliation_cap,
  arbitration: m.resource_term_arbitration_cap,
  execution: m.resource_term_execution_cap,
};

/** A case's category: "Civil", "Criminal". */
export const KP_CATEGORY_LABEL: Readonly<Record<(typeof KP_CATEGORIES)[number], Label>> = {
  civil: m.resource_term_civil_cap,
  criminal: m.resource_term_criminal_cap,
};

/** A party's role within a sentence: "complainant". */
export const KP_PARTY_ROLE_LABEL: Readonly<Record<(typeof KP_PARTY_ROLES)[number], Label>> = {
  complainant: m.resource_term_complainant,
  respondent: m.resource_term_respondent,
  witness: m.resource_term_witness,
};

/**
 * The fields a step's dialog asks besides its date and reason (KP_COMMAND_FIELDS' labels and help
 * texts, which the service's messages quote in English): `[label, hint]`, the hint shown where the
 * registry gives the field one. domain/kp/labels.test.ts holds every such field to an entry here.
 */
export const KP_STEP_FIELD_LABEL: Readonly<Record<string, readonly [Label, Label?]>> = {
  minutes: [m.resource_term_minutes],
  chosen_by: [m.labels_kp_field_chosen_by],
  members: [m.labels_kp_field_members, m.labels_kp_field_members_hint],
  chair_id: [m.labels_kp_pangkat_chair, m.labels_kp_field_officer_hint],
  secretary_id: [m.labels_kp_pangkat_secretary, m.labels_kp_field_officer_hint],
  lupon_member_id: [m.labels_kp_field_member_leaving],
  replacement_id: [m.labels_kp_field_replacement, m.labels_kp_field_replacement_hint],
  days: [m.labels_kp_field_days, m.labels_kp_field_days_hint],
  terms: [m.labels_kp_field_terms, m.labels_kp_field_terms_hint],
  movant: [m.labels_kp_field_movant, m.labels_kp_field_movant_hint],
};

/** The words of a step field's fixed options, by the field's name. */
export const KP_STEP_OPTION_LABEL: Readonly<Record<string, Readonly<Record<string, Label>>>> = {
  chosen_by: PANGKAT_CHOICE_LABEL,
};
