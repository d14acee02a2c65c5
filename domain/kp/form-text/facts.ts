import { ENGLISH_MONTHS } from "../../dates";
import type { KpCaptionLabels, KpFill, KpFormBlock, KpFormKey, KpInline, KpSignature } from "../forms";

// What the form texts of both languages read (the server fills it from the records, decision 203)
// and the small helpers the texts are written with.

export interface KpFormPerson {
  name: string;
  address: string | null;
}

/** A case's records as the forms print them; dates are "YYYY-MM-DD" or null. */
export interface KpFormCase {
  docket_number: string;
  title: string;
  nature: string;
  complaint: string;
  terms: string | null;
  filed_on: string;
  /** The day the complaint was received (Manila), from its time stamp. */
  received_on: string | null;
  summoned_on: string | null;
  mediation_started_on: string | null;
  referred_on: string | null;
  pangkat_constituted_on: string | null;
  conciliation_started_on: string | null;
  arbitration_agreed_on: string | null;
  settled_on: string | null;
  awarded_on: string | null;
  repudiated_on: string | null;
  executed_on: string | null;
  certified_on: string | null;
  counterclaim_barred_on: string | null;
  execution_moved_on: string | null;
  /** The finding of a bar, a dismissal's reason. */
  outcome_reason: string | null;
  /** The ground of the repudiation, as recorded with its step. */
  repudiation_reason: string | null;
  /** The finding behind the bar of the counterclaim, as recorded with its step. */
  counterclaim_reason: string | null;
  /** The first execution hearing (on the motion). */
  execution_hearing_on: string | null;
}

export interface KpFormFacts {
  barangay: { name: string; municipality: string; province: string };
  case: KpFormCase | null;
  complainants: KpFormPerson[];
  respondents: KpFormPerson[];
  witnesses: KpFormPerson[];
  /** The party who moved for execution (KP Form 23). */
  movant: KpFormPerson | null;
  /** Who the case's settlement or arbitration was before: the Punong Barangay or the Pangkat. */
  forum: "punong_barangay" | "pangkat";
  officials: {
    punong_barangay: string;
    barangay_secretary: string;
    lupon_secretary: string;
    pangkat_chair: string;
    pangkat_secretary: string;
    /** The Pangkat's serving members, chairman first. */
    pangkat: string[];
  };
  /** The Lupon's serving members (Forms 1, 4, 6), chairman and secretary first. */
  lupon: { name: string; position: string }[];
  /** The person a per-member form is addressed to (a Lupon member, or a chosen Pangkat member). */
  member: {
    name: string;
    position: string;
    term_start: string | null;
    term_end: string | null;
    oath_date: string | null;
    chosen_on: string | null;
    chosen_by: "parties" | "lot" | null;
  } | null;
  /** The day of the print (Forms whose own date the records do not hold print it blank instead). */
  today: string;
}

/** The words a language's texts are drawn with. */
export interface KpFormTexts {
  republic: string;
  province: (name: string) => string;
  municipality: (name: string) => string;
  office: string;
  caption: KpCaptionLabels;
  /** "KP Handbook (2004) No. 21": the later number, printed small. */
  laterNumber: (n: number) => string;
  verify: string;
  forms: Record<KpFormKey, (f: KpFormFacts) => KpFormBlock[]>;
}

/** A value filled in, or a blank line of `width` em when the records hold none. */
export function fill(value: string | null | undefined, width = 12): KpFill {
  return { fill: value ? value : null, width };
}
export function blank(width = 12): KpFill {
  return { fill: null, width };
}

/** A paragraph: the template's text, with its values as fills (a plain string value is text). */
export function para(strings: TemplateStringsArray, ...values: KpInline[]): KpFormBlock {
  const parts: KpInline[] = [];
  strings.forEach((s, i) => {
    if (s) parts.push(s);
    if (i < values.length) parts.push(values[i]);
  });
  return { kind: "p", parts, indent: true };
}
/** The same, not indented. */
export function line(strings: TemplateStringsArray, ...values: KpInline[]): KpFormBlock {
  const block = para(strings, ...values);
  return { ...block, indent: false } as KpFormBlock;
}

export const heading = (text: string): KpFormBlock => ({ kind: "heading", text });
export const small = (text: string): KpFormBlock => ({ kind: "small", text });
/** The line under a heading: "(MEDIATION PROCEEDINGS)". */
export const subtitle = (text: string): KpFormBlock => ({ kind: "small", text, align: "center" });
/** The label under a name: "Complainant/s". */
export const label = (text: string): KpFormBlock => ({ kind: "small", text, indent: true });
export const signatures = (items: KpSignature[], layout: "right" | "pairs" | "left" = "right"): KpFormBlock => ({
  kind: "signatures",
  items,
  layout,
});
export const lines = (count: number): KpFormBlock => ({ kind: "lines", count });

const FIL_MONTHS = [
  "Enero",
  "Pebrero",
  "Marso",
  "Abril",
  "Mayo",
  "Hunyo",
  "Hulyo",
  "Agosto",
  "Setyembre",
  "Oktubre",
  "Nobyembre",
  "Disyembre",
];

function parts(date: string): [number, number, number] {
  const [y, m, d] = date.slice(0, 10).split("-").map(Number);
  return [y, m, d];
}

/** "March 2, 2026". */
export function enDate(date: string | null | undefined): string | null {
  if (!date) return null;
  const [y, m, d] = parts(date);
  return `${ENGLISH_MONTHS[m - 1]} ${d}, ${y}`;
}
function ordinal(n: number): string {
  const t = n % 100;
  if (t >= 11 && t <= 13) return `${n}th`;
  return `${n}${["th", "st", "nd", "rd"][n % 10] ?? "th"}`;
}
/** "2nd day of March, 2026" (the forms' "this ___ day of ___"). */
export function enDayOf(date: string | null | undefined): string | null {
  if (!date) return null;
  const [y, m, d] = parts(date);
  return `${ordinal(d)} day of ${ENGLISH_MONTHS[m - 1]}, ${y}`;
}
/** "ika-2 ng Marso, 2026". */
export function filDate(date: string | null | undefined): string | null {
  if (!date) return null;
  const [y, m, d] = parts(date);
  return `ika-${d} ng ${FIL_MONTHS[m - 1]}, ${y}`;
}
/** "ika-2 araw ng Marso, 2026" (the forms' "ika-___ araw ng ___"). */
export function filDayOf(date: string | null | undefined): string | null {
  if (!date) return null;
  const [y, m, d] = parts(date);
  return `ika-${d} araw ng ${FIL_MONTHS[m - 1]}, ${y}`;
}

/** "Ana Reyes, Ben Cruz and Carla Lim" in the language's "and". */
export function joinNames(people: readonly { name: string }[], and: string): string | null {
  const names = people.map((p) => p.name).filter(Boolean);
  if (names.length === 0) return null;
  if (names.length === 1) return names[0];
  return `${names.slice(0, -1).join(", ")} ${and} ${names[names.length - 1]}`;
}

/** The members the Punong Barangay appoints: the Lupon without its chair, who is the Punong Barangay by law (§399(a)). */
export function appointed(f: KpFormFacts): KpFormFacts["lupon"] {
  return f.lupon.filter((m) => m.position !== "chair");
}

/** One signature line per person, under a role; one unnamed line when there is nobody. */
export function partyLines(people: readonly KpFormPerson[], role: string): KpSignature[] {
  return people.length ? people.map((p) => ({ name: p.name, role })) : [{ name: "", role }];
}
