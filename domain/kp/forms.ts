import type { BarangayImages } from "../officials/images";
// The Katarungang Pambarangay forms (decision 203; research notes §5): each form the procedure
// issues, by its 1992 number (KP Circular No. 1) with the later 1–28 number shown small, its titles
// in English and Filipino, the step that issues it, who signs, and when a case may print it. The
// texts are in ./form-text/{en,fil}.ts; the server fills them from the records.

export const KP_FORM_LANGUAGES = ["en", "fil"] as const;
export type KpFormLanguage = (typeof KP_FORM_LANGUAGES)[number];
export const KP_FORM_LANGUAGE_LABELS: Record<KpFormLanguage, string> = { en: "English", fil: "Filipino" };

export const KP_FORM_PAPERS = ["a4", "letter", "long"] as const;
export type KpFormPaper = (typeof KP_FORM_PAPERS)[number];
export const KP_FORM_PAPER_LABELS: Record<KpFormPaper, string> = {
  a4: "A4 (210 × 297 mm)",
  letter: "Letter (8.5 × 11 in)",
  long: "Long bond (8.5 × 13 in)",
};
/** The sheet in millimetres (width × height) and its @page size. */
export const KP_FORM_SHEETS: Record<KpFormPaper, { width: number; height: number; css: string }> = {
  a4: { width: 210, height: 297, css: "A4" },
  letter: { width: 215.9, height: 279.4, css: "letter" },
  long: { width: 215.9, height: 330.2, css: "8.5in 13in" },
};

/** The barangay's choice for its forms (the setting `kp_forms`); the print bar switches per print. */
export interface KpFormSettings {
  language: KpFormLanguage;
  paper: KpFormPaper;
}
/**
 * English and long bond until the barangay chooses: the 1992 forms were issued in English, and
 * long bond is the paper barangay halls file court papers on.
 */
export const DEFAULT_KP_FORM_SETTINGS: KpFormSettings = { language: "en", paper: "long" };

export const KP_FORM_KEYS = [
  "1",
  "2",
  "3",
  "4",
  "5",
  "6",
  "7",
  "8",
  "9",
  "10",
  "11",
  "12",
  "13",
  "14",
  "15",
  "16",
  "17",
  "18",
  "19",
  "20",
  "20-a",
  "20-b",
  "21",
  "22",
  "23",
  "24",
  "25",
] as const;
/** A form's key in the address: its 1992 number written lower-case ("9", "20-a"). */
export type KpFormKey = (typeof KP_FORM_KEYS)[number];

export interface KpFormDef {
  key: KpFormKey;
  /** The 1992 number as printed ("20-A"). */
  number: string;
  /** The number in the later 1–28 set (LGSP KP Handbook), printed small beside it. */
  later: number;
  /** Lupon formation forms print from the Lupon's members; case forms from a case. */
  scope: "lupon" | "case";
  /** A form addressed to one person: a Lupon member (`?member=` its id) or a chosen Pangkat member. */
  perMember?: "lupon" | "pangkat";
  title: Record<KpFormLanguage, string>;
  /** The step or state that issues it (research notes §3). */
  issuedAt: string;
  /** Who signs it. */
  signers: string;
  /** A certification the parties take to court: it carries the public verification link and QR. */
  certification?: boolean;
}

const form = (def: KpFormDef): KpFormDef => def;

export const KP_FORMS: readonly KpFormDef[] = [
  form({
    key: "1",
    number: "1",
    later: 1,
    scope: "lupon",
    title: { en: "Notice to Constitute the Lupon", fil: "Paunawa sa Pagbuo ng Lupon" },
    issuedAt: "Lupon formation, within the first 15 days of the Punong Barangay's term (§399(c)); posted three weeks",
    signers: "Punong Barangay",
  }),
  form({
    key: "2",
    number: "2",
    later: 2,
    scope: "lupon",
    perMember: "lupon",
    title: { en: "Appointment", fil: "Paghirang" },
    issuedAt: "Lupon formation, within 10 days after the posting (§399(d))",
    signers: "Punong Barangay; attested by the Barangay Secretary",
  }),
  form({
    key: "3",
    number: "3",
    later: 3,
    scope: "lupon",
    perMember: "lupon",
    title: { en: "Notice of Appointment", fil: "Paunawa ng Paghirang" },
    issuedAt: "Lupon formation, with the appointment",
    signers: "Barangay Secretary",
  }),
  form({
    key: "4",
    number: "4",
    later: 4,
    scope: "lupon",
    title: { en: "List of Appointed Lupon Members", fil: "Talaan ng mga Hinirang na Kasapi ng Lupon" },
    issuedAt: "Lupon formation; posted for the whole term (§399(e))",
    signers: "Punong Barangay",
  }),
  form({
    key: "5",
    number: "5",
    later: 5,
    scope: "lupon",
    perMember: "lupon",
    title: { en: "Lupon Member's Oath Statement", fil: "Panunumpa ng Kasapi ng Lupon" },
    issuedAt: "On taking office (§400)",
    signers: "The member, sworn before the Punong Barangay",
  }),
  form({
    key: "6",
    number: "6",
    later: 6,
    scope: "lupon",
    perMember: "lupon",
    title: { en: "Withdrawal of Appointment", fil: "Pagbawi ng Paghirang" },
    issuedAt: "Any time, for incapacity to discharge the duties (§400)",
    signers: "Punong Barangay, with the concurrence of a majority of all the Lupon members",
  }),
  form({
    key: "7",
    number: "7",
    later: 7,
    scope: "case",
    title: { en: "Complainant's Form", fil: "Pormularyo ng Maysumbong" },
    issuedAt: "Filing of the complaint",
    signers: "The complainant; received by the Punong Barangay or the Lupon secretary",
  }),
  form({
    key: "8",
    number: "8",
    later: 8,
    scope: "case",
    title: { en: "Notice of Hearing (Mediation Proceedings)", fil: "Paunawa ng Pagdinig (Pamamagitan)" },
    issuedAt: "Summons, the next working day after filing (§410(a))",
    signers: "Punong Barangay",
  }),
  form({
    key: "9",
    number: "9",
    later: 9,
    scope: "case",
    title: { en: "Summons", fil: "Patawag" },
    issuedAt: "Summons, the next working day after filing (§410(a)); the officer's return on its back",
    signers: "Punong Barangay; the serving officer signs the return",
  }),
  form({
    key: "10",
    number: "10",
    later: 10,
    scope: "case",
    title: { en: "Notice for Constitution of Pangkat", fil: "Paunawa sa Pagbuo ng Pangkat" },
    issuedAt: "Referral to the Pangkat after mediation fails (§410(b))",
    signers: "Punong Barangay",
  }),
  form({
    key: "11",
    number: "11",
    later: 11,
    scope: "case",
    perMember: "pangkat",
    title: { en: "Notice to Chosen Pangkat Member", fil: "Paunawa sa Napiling Kasapi ng Pangkat" },
    issuedAt: "Constitution of the Pangkat (§404)",
    signers: "Punong Barangay or the Lupon secretary",
  }),
  form({
    key: "12",
    number: "12",
    later: 12,
    scope: "case",
    title: { en: "Notice of Hearing (Conciliation Proceedings)", fil: "Paunawa ng Pagdinig (Pagkakasundo)" },
    issuedAt: "Conciliation before the Pangkat, convened within 3 days of its constitution (§410(e))",
    signers: "Pangkat chairman",
  }),
  form({
    key: "13",
    number: "13",
    later: 13,
    scope: "case",
    title: { en: "Subpoena Letter", fil: "Liham-Subpoena" },
    issuedAt: "Conciliation before the Pangkat",
    signers: "Pangkat chairman",
  }),
  form({
    key: "14",
    number: "14",
    later: 14,
    scope: "case",
    title: { en: "Agreement for Arbitration", fil: "Kasunduan sa Paghahatol" },
    issuedAt: "Agreement to arbitrate, in mediation or conciliation (§413)",
    signers: "The parties; attested by the Punong Barangay or the Pangkat chairman",
  }),
  form({
    key: "15",
    number: "15",
    later: 15,
    scope: "case",
    title: { en: "Arbitration Award", fil: "Hatol ng Paghahatol" },
    issuedAt: "Award, after the 5 days to repudiate the agreement and within 10 days (§413)",
    signers: "Punong Barangay, or all the Pangkat members; attested by the Lupon secretary",
  }),
  form({
    key: "16",
    number: "16",
    later: 16,
    scope: "case",
    title: { en: "Amicable Settlement", fil: "Kasunduang Pag-aayos" },
    issuedAt: "Settlement in mediation or conciliation (§411)",
    signers: "The parties; attested by the Punong Barangay or the Pangkat chairman",
  }),
  form({
    key: "17",
    number: "17",
    later: 17,
    scope: "case",
    title: { en: "Repudiation", fil: "Pagtanggi" },
    issuedAt: "Within 10 days of the settlement or award (§418)",
    signers: "The party repudiating, sworn before the Punong Barangay or the Pangkat chairman",
  }),
  form({
    key: "18",
    number: "18",
    later: 18,
    scope: "case",
    title: {
      en: "Notice of Hearing (Re: Failure to Appear) — Complainant",
      fil: "Paunawa ng Pagdinig (Ukol sa Hindi Pagharap) — Maysumbong",
    },
    issuedAt: "The complainant fails to appear after the summons (KP Rules VI §8)",
    signers: "Punong Barangay or the Pangkat chairman",
  }),
  form({
    key: "19",
    number: "19",
    later: 19,
    scope: "case",
    title: {
      en: "Notice of Hearing (Re: Failure to Appear) — Respondent",
      fil: "Paunawa ng Pagdinig (Ukol sa Hindi Pagharap) — Ipinagsusumbong",
    },
    issuedAt: "The respondent fails to appear after the summons (KP Rules VI §8)",
    signers: "Punong Barangay or the Pangkat chairman",
  }),
  form({
    key: "20",
    number: "20",
    later: 20,
    scope: "case",
    certification: true,
    title: { en: "Certification to File Action", fil: "Katibayan Upang Makapaghain ng Usapin" },
    issuedAt: "Certification to file action: mediation and conciliation failed (§412(a))",
    signers: "Lupon secretary; attested by the Lupon chairman",
  }),
  form({
    key: "20-a",
    number: "20-A",
    later: 21,
    scope: "case",
    certification: true,
    title: {
      en: "Certification to File Action (from the Pangkat Secretary)",
      fil: "Katibayan Upang Makapaghain ng Usapin (mula sa Kalihim ng Pangkat)",
    },
    issuedAt: "Certification to file action: no settlement before the Pangkat, or a repudiation (§412(a), §418)",
    signers: "Pangkat secretary; attested by the Pangkat chairman",
  }),
  form({
    key: "20-b",
    number: "20-B",
    later: 22,
    scope: "case",
    certification: true,
    title: {
      en: "Certification to File Action (Respondent's Failure to Appear)",
      fil: "Katibayan Upang Makapaghain ng Usapin (Hindi Pagharap ng Ipinagsusumbong)",
    },
    issuedAt: "Certification to file action: the respondent failed to appear before the Pangkat (KP Rules VI §8)",
    signers: "Pangkat secretary; attested by the Pangkat chairman",
  }),
  form({
    key: "21",
    number: "21",
    later: 23,
    scope: "case",
    certification: true,
    title: { en: "Certification to Bar Action", fil: "Katibayan ng Pagbabawal sa Pagsasakdal" },
    issuedAt: "Certification to bar action: the complainant wilfully failed to appear (KP Rules VI §8)",
    signers: "Lupon or Pangkat secretary; attested by the Lupon or Pangkat chairman",
  }),
  form({
    key: "22",
    number: "22",
    later: 24,
    scope: "case",
    certification: true,
    title: { en: "Certification to Bar Counterclaim", fil: "Katibayan ng Pagbabawal sa Ganting-Sumbong" },
    issuedAt: "Certification to bar counterclaim: the respondent wilfully failed to appear (KP Rules VI §8)",
    signers: "Lupon or Pangkat secretary; attested by the Lupon or Pangkat chairman",
  }),
  form({
    key: "23",
    number: "23",
    later: 25,
    scope: "case",
    title: { en: "Motion for Execution", fil: "Mosyon para sa Pagpapatupad" },
    issuedAt: "A final settlement or award not complied with, within six months (§417)",
    signers: "The movant party",
  }),
  form({
    key: "24",
    number: "24",
    later: 26,
    scope: "case",
    title: { en: "Notice of Hearing (Re: Motion for Execution)", fil: "Paunawa ng Pagdinig (Ukol sa Mosyon para sa Pagpapatupad)" },
    issuedAt: "The motion for execution, heard within 5 days (KP Rules VII)",
    signers: "Punong Barangay",
  }),
  form({
    key: "25",
    number: "25",
    later: 27,
    scope: "case",
    title: { en: "Notice of Execution", fil: "Paunawa ng Pagpapatupad" },
    issuedAt: "Execution by the Lupon (§417)",
    signers: "Punong Barangay, in the name of the Lupon",
  }),
];

export function findKpForm(key: string | undefined | null): KpFormDef | undefined {
  const k = String(key ?? "").toLowerCase();
  return KP_FORMS.find((f) => f.key === k);
}

/** "KP Form No. 20-A" / "Pormularyo ng KP Blg. 20-A". */
export function kpFormNumberLabel(def: Pick<KpFormDef, "number">, language: KpFormLanguage): string {
  return language === "fil" ? `Pormularyo ng KP Blg. ${def.number}` : `KP Form No. ${def.number}`;
}

/** What a case shows the forms' rules: its state and the dates of its steps. */
export interface KpFormCaseFacts {
  docket_number: string;
  state: string;
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
  /** Chosen Pangkat members still serving. */
  pangkat_members: number;
}

/**
 * Why a case may not print a form yet (null: it may). A form the law issues at a step prints once
 * the case has taken that step; the forms a party or an officer fills in by hand at a later time
 * (the repudiation, the motion for execution, the notices of hearing on a failure to appear) print
 * with those lines blank from the step that opens them (decision 203 lists each).
 */
export function kpFormRefusal(def: KpFormDef, c: KpFormCaseFacts): string | null {
  const no = (what: string) => `Case ${c.docket_number}: ${what}, so ${kpFormNumberLabel(def, "en")} (${def.title.en}) is not issued yet.`;
  const heardStates = ["summoned", "mediation", "pangkat", "conciliation", "arbitration"];
  const finalOf = c.settled_on ?? c.awarded_on;
  switch (def.key) {
    case "7":
      return null;
    case "8":
    case "9":
      return c.summoned_on ? null : no("the respondent has not been summoned");
    case "10":
      return c.referred_on ? null : no("the case has not been referred to the Pangkat");
    case "11":
      return c.pangkat_members > 0 ? null : no("no Pangkat member has been chosen");
    case "12":
    case "13":
      return c.pangkat_constituted_on ? null : no("the Pangkat has not been constituted");
    case "14":
      return c.arbitration_agreed_on ? null : no("the parties have not agreed to arbitrate");
    case "15":
      return c.awarded_on ? null : no("no arbitration award has been made");
    case "16":
      return c.settled_on ? null : no("no amicable settlement has been reached");
    case "17":
      return finalOf ? null : no("there is no settlement or award to repudiate");
    case "18":
    case "19":
      // The notice of a hearing on a party's absence: from the summons, while the case is heard,
      // and after a bar for the record.
      if (!c.summoned_on) return no("the respondent has not been summoned");
      return heardStates.includes(c.state) || c.state === "certified_bar_action" || c.counterclaim_barred_on
        ? null
        : no(`the case is ${c.state.replaceAll("_", " ")}`);
    case "20":
      return c.state === "certified_file_action" ? null : no("the case has not been certified to file action");
    case "20-a":
      if (c.state !== "certified_file_action") return no("the case has not been certified to file action");
      return c.conciliation_started_on || c.repudiated_on ? null : no("the Pangkat never heard the case and nothing was repudiated");
    case "20-b":
      if (c.state !== "certified_file_action") return no("the case has not been certified to file action");
      return c.pangkat_constituted_on || c.referred_on ? null : no("the case never went to the Pangkat");
    case "21":
      return c.state === "certified_bar_action" ? null : no("the case has not been certified to bar action");
    case "22":
      return c.counterclaim_barred_on ? null : no("the respondent has not been barred from a counterclaim");
    case "23":
      if (c.repudiated_on) return no("the settlement or award was repudiated");
      return finalOf ? null : no("there is no settlement or award to execute");
    case "24":
      return c.execution_moved_on ? null : no("no motion for execution has been recorded");
    case "25":
      return c.executed_on ? null : no("the settlement or award has not been executed");
    default:
      return no("this is a Lupon form");
  }
}

export const KP_CASE_FORMS = KP_FORMS.filter((f) => f.scope === "case");
export const KP_LUPON_FORMS = KP_FORMS.filter((f) => f.scope === "lupon");

/** The print address of a case form. */
export function kpCaseFormHref(
  caseId: number,
  key: KpFormKey,
  query: Partial<{ language: string; paper: string; member: number }> = {},
): string {
  return `/manage/kp/cases/${caseId}/forms/${key}/print${queryOf(query)}`;
}
/** The print address of a Lupon form. */
export function kpLuponFormHref(key: KpFormKey, query: Partial<{ language: string; paper: string; member: number }> = {}): string {
  return `/manage/kp/lupon/forms/${key}/print${queryOf(query)}`;
}
function queryOf(query: Partial<{ language: string; paper: string; member: number }>): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v != null && v !== "") params.set(k, String(v));
  const s = params.toString();
  return s ? `?${s}` : "";
}

// ---- the printed document ----------------------------------------------------------------------

/** The caption's words in a form's language. */
export interface KpCaptionLabels {
  complainants: string;
  against: string;
  respondents: string;
  caseNo: string;
  for: string;
}

/** A form ready to print: the heading, the caption, the text's blocks, the verification QR. */
export interface KpFormDocument {
  form: { key: KpFormKey; number: string; numberLabel: string; later: number; laterLabel: string; title: string };
  language: KpFormLanguage;
  paper: KpFormPaper;
  heading: { republic: string; province: string; municipality: string; barangay: string; office: string };
  caption: {
    complainants: string[];
    respondents: string[];
    docket: string;
    nature: string;
    labels: KpCaptionLabels;
  } | null;
  blocks: KpFormBlock[];
  verify: { url: string; qrSvg: string; label: string } | null;
  images: BarangayImages;
  case: { id: number; docket_number: string } | null;
  member: { id: number; name: string } | null;
}

/** A value filled into a form's text: null prints a blank line of `width` em to fill in by hand. */
export interface KpFill {
  fill: string | null;
  width?: number;
}
export type KpInline = string | KpFill;

/** A piece of a printed form, drawn by the print view in order. */
export type KpFormBlock =
  /** The parties, the docket number and the nature of the case. */
  | { kind: "caption" }
  | { kind: "heading"; text: string }
  | { kind: "p"; parts: KpInline[]; indent?: boolean; align?: "left" | "right" | "center" }
  /** Text entered on the record (terms, the complaint), printed as entered, line breaks kept. */
  | { kind: "entered"; text: string; label?: string }
  /** Lines to write on by hand. */
  | { kind: "lines"; count: number }
  | { kind: "list"; items: KpInline[][]; ordered?: boolean; columns?: 1 | 2 }
  /** Choices with a box to tick or a line to write a name on (the officer's return). */
  | { kind: "choices"; items: KpInline[][] }
  | { kind: "signatures"; items: KpSignature[]; layout?: "right" | "pairs" | "left" }
  /** Small print: a note, a heading's subtitle (centred), or the label under a name (indented). */
  | { kind: "small"; text: string; align?: "center"; indent?: boolean }
  /** A new page (the officer's return on the summons' back). */
  | { kind: "page-break" };

export interface KpSignature {
  /** "Attested by:", "Received by:" above the line. */
  above?: string;
  /** The printed name, or "" for a line to sign with no name. */
  name: string;
  role: string;
}

/** A form's text as plain words (a test's view, the page's description): fills in place, blanks as "____". */
export function kpBlocksText(blocks: readonly KpFormBlock[]): string {
  const inline = (parts: readonly KpInline[]) => parts.map((p) => (typeof p === "string" ? p : (p.fill ?? "____"))).join("");
  return blocks
    .map((b) => {
      switch (b.kind) {
        case "heading":
        case "small":
          return b.text;
        case "p":
          return inline(b.parts);
        case "entered":
          return `${b.label ?? ""}\n${b.text}`;
        case "list":
        case "choices":
          return b.items.map(inline).join("\n");
        case "signatures":
          return b.items.map((s) => [s.above, s.name, s.role].filter(Boolean).join("\n")).join("\n");
        default:
          return "";
      }
    })
    .filter(Boolean)
    .join("\n");
}
