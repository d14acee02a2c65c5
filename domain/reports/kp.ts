import { ENGLISH_MONTHS } from "../dates";
import type { FilterDef } from "../registry/types";
import type { ReportColumn, ReportDef } from "./types";

// The Katarungang Pambarangay's books and reports (issue 31 item 5, docs/decisions/
// 204-kp-books-and-reports.md): the record book (docket), the monthly transmittal of final reports
// to the court (RA 7160 §419), the cases by nature and outcome, and the LTIA self-assessment
// (DILG MC 2023-022) computed from the data. They list case records, which are confidential: each
// is opened with the KP permission `view-kp_case`, never with the reports' general one.
// The server half is server/features/reports/kp.ts. What is here is pure: the outcome a case
// counts under, and the LTIA's criteria with their scoring bands.

/** The permission that opens the KP reports: the one that shows a case record. */
export const KP_REPORT_PERMISSION = "view-kp_case";

const kpReport = (def: Omit<ReportDef, "permission">): ReportDef => ({ permission: KP_REPORT_PERMISSION, ...def });

const filed: FilterDef = { kind: "date-range", key: "filed", label: "Date filed" };

// ---- Outcomes ----------------------------------------------------------------------------------

export const KP_OUTCOMES = [
  { key: "settled_mediation", label: "Settled in mediation" },
  { key: "settled_conciliation", label: "Settled in conciliation" },
  { key: "awarded", label: "Arbitration award" },
  { key: "repudiated", label: "Repudiated" },
  { key: "certified_file_action", label: "Certified to file action" },
  { key: "barred", label: "Barred" },
  { key: "dismissed", label: "Dismissed" },
  { key: "withdrawn", label: "Withdrawn" },
  { key: "pending", label: "Pending" },
] as const;
export type KpOutcome = (typeof KP_OUTCOMES)[number]["key"];

export const KP_OUTCOME_LABELS = Object.fromEntries(KP_OUTCOMES.map((o) => [o.key, o.label])) as Record<KpOutcome, string>;

/** What a case's outcome is read from: its state and the dates of its steps. */
export interface OutcomeDates {
  state: string;
  settled_on: string | null;
  awarded_on: string | null;
  repudiated_on: string | null;
  conciliation_started_on: string | null;
}

/**
 * The one outcome a case counts under. A repudiated settlement or award counts as repudiated even
 * once the certification to file action that follows it is issued (the quality the LTIA's II.B
 * reads); a certification to file action otherwise means no settlement. A settlement counts where
 * it was reached: in conciliation once the Pangkat heard the case, else in mediation. An executed
 * case counts as the settlement or award it executed.
 */
export function kpOutcome(c: OutcomeDates): KpOutcome {
  if (c.repudiated_on) return "repudiated";
  switch (c.state) {
    case "certified_file_action":
      return "certified_file_action";
    case "certified_bar_action":
      return "barred";
    case "dismissed":
      return "dismissed";
    case "withdrawn":
      return "withdrawn";
  }
  if (c.awarded_on) return "awarded";
  if (c.settled_on) return c.conciliation_started_on ? "settled_conciliation" : "settled_mediation";
  return "pending";
}

// ---- The LTIA's criteria ---------------------------------------------------------------------

/** A band of a criterion: at least `min` per cent of the cases (more than 0 when `min` is 0) earns `points`. */
export interface LtiaBand {
  min: number;
  points: number;
}

export interface LtiaCriterion {
  code: string;
  title: string;
  points: number;
  /** Computed from the records; otherwise the Lupon enters it by hand. */
  measured: boolean;
  /** The scoring rule in words, as the technical notes give it. */
  rule: string;
  /** Share bands, highest first (measured share criteria). */
  bands?: readonly LtiaBand[];
  /** The criterion is scored only with at least this many cases settled in the period. */
  minSettled?: number;
}

/** The criteria of MC 2023-022 (research notes §7), in the order of the technical notes: 100 points. */
export const LTIA_CRITERIA: readonly LtiaCriterion[] = [
  {
    code: "I.A.1a",
    title: "Proper recording of every complaint",
    points: 5,
    measured: true,
    rule: "5 = every case has all the required entries; 2.5 = some do; 0 = none",
  },
  {
    code: "I.A.1b",
    title: "Notices and summons issued within the next working day",
    points: 5,
    measured: true,
    rule: "80–100% → 5; 50–79% → 3; 1–49% → 2",
    bands: [
      { min: 80, points: 5 },
      { min: 50, points: 3 },
      { min: 0, points: 2 },
    ],
  },
  {
    code: "I.A.2",
    title: "Settlement and award within the period of the law",
    points: 10,
    measured: true,
    rule: "At least 10 settled cases; share within the period: 80–100% → 10; 60–79% → 8; 40–59% → 6; 20–39% → 4; 1–19% → 2",
    minSettled: 10,
    bands: [
      { min: 80, points: 10 },
      { min: 60, points: 8 },
      { min: 40, points: 6 },
      { min: 20, points: 4 },
      { min: 0, points: 2 },
    ],
  },
  {
    code: "I.B",
    title: "Systematic maintenance of records",
    points: 5,
    measured: false,
    rule: "Database (city) 2, or manual 1 + digital 1 (municipality); minutes 1; copies of reports 1; filing cabinet 1",
  },
  {
    code: "I.C.1",
    title: "Settlements and awards transmitted to the court on time",
    points: 5,
    measured: true,
    rule: "80–100% → 5; 60–79% → 4; 40–59% → 3; 20–39% → 2; 1–19% → 1",
    bands: [
      { min: 80, points: 5 },
      { min: 60, points: 4 },
      { min: 40, points: 3 },
      { min: 20, points: 2 },
      { min: 0, points: 1 },
    ],
  },
  { code: "I.C.2", title: "Reports submitted to the DILG", points: 2, measured: false, rule: "Complete and on time 2; partial 1" },
  {
    code: "I.D",
    title: "Monthly meetings of the Lupon",
    points: 10,
    measured: false,
    rule: "Notices 2; months with minutes: 12 → 8, 9–11 → 6, 6–8 → 4, 3–5 → 2, 1–2 → 1",
  },
  {
    code: "II.A",
    title: "Cases settled against cases filed",
    points: 10,
    measured: true,
    rule: "At least 10 settled cases; 100% → 10; 80–99% → 8; 60–79% → 6; 40–59% → 4; 1–39% → 2",
    minSettled: 10,
    bands: [
      { min: 100, points: 10 },
      { min: 80, points: 8 },
      { min: 60, points: 6 },
      { min: 40, points: 4 },
      { min: 0, points: 2 },
    ],
  },
  {
    code: "II.B",
    title: "Quality of settlements",
    points: 2,
    measured: true,
    rule: "No repudiation 1; no recurrence between the same parties 1",
  },
  {
    code: "II.C",
    title: "Compliance with the terms of settlements and awards",
    points: 8,
    measured: false,
    rule: "80–100% → 8; 70–79% → 6; 60–69% → 4; 50–59% → 2; below 50% → 1",
  },
  { code: "III.A", title: "Settlement techniques", points: 10, measured: false, rule: "5 or more → 10 … 1 → 2" },
  { code: "III.B", title: "Coordination with agencies", points: 5, measured: false, rule: "With proof → 5" },
  {
    code: "III.C",
    title: "Information and education drive",
    points: 5,
    measured: false,
    rule: "City: materials 2, activities 1, innovation 2; municipality: 2, 2, 1",
  },
  { code: "III.D", title: "KP trainings attended", points: 10, measured: false, rule: "6 or more → 10; 5 → 8; 4 → 6; 3 → 4; 2 → 2" },
  {
    code: "IV",
    title: "Area or facility for KP activities",
    points: 5,
    measured: false,
    rule: "City: exclusive room 5, shared 2; municipality: a shared room may score",
  },
  {
    code: "V",
    title: "Financial or non-financial support",
    points: 3,
    measured: false,
    rule: "LGU or NGA 2 (or 1.5); PO, NGO or private 1",
  },
];

export function ltiaCriterion(code: string): LtiaCriterion {
  const found = LTIA_CRITERIA.find((c) => c.code === code);
  if (!found) throw new Error(`No LTIA criterion ${code}`);
  return found;
}

/**
 * The points of a share `count` of `total` on a criterion's bands. The share is compared exactly
 * (79.9% is below 80%, never rounded up); a band of 0 means "more than none". Nothing to measure
 * (total 0) or none at all earns nothing.
 */
export function bandPoints(criterion: LtiaCriterion, count: number, total: number): number {
  if (!criterion.bands || total <= 0 || count <= 0) return 0;
  for (const band of criterion.bands) if (band.min === 0 || count * 100 >= band.min * total) return band.points;
  return 0;
}

/** I.A.1a: every case fully recorded → 5; some → 2.5; none (or no case) → 0. */
export function recordingPoints(complete: number, total: number): number {
  if (total <= 0 || complete <= 0) return 0;
  return complete === total ? 5 : 2.5;
}

// ---- Months ------------------------------------------------------------------------------------

/** "2026-10" → "October 2026". */
export function monthLabel(month: string): string {
  const [y, m] = month.split("-").map(Number);
  return `${ENGLISH_MONTHS[m - 1]} ${y}`;
}

/** The months a transmittal may be asked for, newest first: from January 2020 to December of next year. */
function transmittalMonths(): { value: string; label: string }[] {
  const last = new Date().getUTCFullYear() + 1;
  const out: { value: string; label: string }[] = [];
  for (let y = last; y >= 2020; y--)
    for (let m = 12; m >= 1; m--) {
      const value = `${y}-${String(m).padStart(2, "0")}`;
      out.push({ value, label: monthLabel(value) });
    }
  return out;
}

// ---- The reports -------------------------------------------------------------------------------

const text = (key: string, label: string, extra: Partial<ReportColumn> = {}): ReportColumn => ({ key, label, kind: "text", ...extra });
const date = (key: string, label: string, extra: Partial<ReportColumn> = {}): ReportColumn => ({ key, label, kind: "date", ...extra });
const count = (key: string, label: string, extra: Partial<ReportColumn> = {}): ReportColumn => ({
  key,
  label,
  kind: "number",
  total: true,
  ...extra,
});

export const kpRecordBookReport = kpReport({
  name: "kp-record-book",
  title: "KP record book",
  heading: "Record book of the Lupong Tagapamayapa",
  answers:
    "Every complaint before the Lupon in a period, as the LTIA assessors read the docket: parties, date and time filed, nature, summons, each step and the disposition.",
  filters: [
    filed,
    { key: "outcome", label: "Outcome", options: KP_OUTCOMES.map((o) => ({ value: o.key, label: o.label })) },
    {
      key: "category",
      label: "Category",
      options: [
        { value: "civil", label: "Civil" },
        { value: "criminal", label: "Criminal" },
      ],
    },
  ],
  paper: { size: "long", orientation: "landscape" },
  sections: [
    {
      key: "docket",
      title: "Record book",
      runsOn: true,
      description:
        "In docket order. The summons is due on the next working day after the complaint is received (§410(a)); a time received is shown when the complaint was entered on the day it was filed.",
      columns: [
        text("docket_number", "Docket no.", { nowrap: true }),
        text("complainants", "Complainant(s)", { wrap: true }),
        text("respondents", "Respondent(s)", { wrap: true }),
        date("filed_on", "Date filed"),
        text("time_received", "Time"),
        text("nature", "Nature of the dispute", { wrap: true, hideOnMobile: true }),
        date("summoned_on", "Summoned", { hideOnMobile: true }),
        text("summons_on_time", "Next working day", { hideOnMobile: true }),
        text("steps", "Steps", { wrap: true, hideOnMobile: true }),
        text("disposition", "Disposition", { wrap: true }),
        date("disposed_on", "Date", { hideOnMobile: true }),
        date("transmitted_on", "Transmitted", { hideOnMobile: true }),
        text("missing", "Entries missing", { wrap: true, hideOnMobile: true }),
      ],
    },
  ],
});

export const kpTransmittalReport = kpReport({
  name: "kp-transmittal",
  title: "Monthly transmittal of final reports",
  heading: "Monthly transmittal of final reports",
  answers:
    "The amicable settlements and arbitration awards that became final in a month, for the city or municipal court (§419), with when each is due and when it was sent.",
  filters: [{ key: "month", label: "Month", options: transmittalMonths() }],
  paper: { size: "a4", orientation: "portrait" },
  sections: [
    {
      key: "reports",
      title: "Final reports transmitted",
      description:
        "Final: the ten days to repudiate the settlement or to petition against the award have passed (§§416, 418). Due: §419 counts five days from the award, or from the end of a settlement's ten days.",
      columns: [
        { key: "no", label: "No.", kind: "number" },
        text("docket_number", "Docket no.", { nowrap: true }),
        text("parties", "Parties", { wrap: true }),
        text("nature", "Nature", { wrap: true, hideOnMobile: true }),
        text("kind", "Settlement or award"),
        date("made_on", "Dated"),
        date("final_on", "Final on", { hideOnMobile: true }),
        date("due_on", "Transmittal due"),
        date("transmitted_on", "Transmitted"),
        text("status", "Status"),
      ],
    },
  ],
});

export const kpByNatureReport = kpReport({
  name: "kp-cases-by-nature",
  title: "KP cases by nature and outcome",
  heading: "Katarungang Pambarangay cases by nature and outcome",
  answers:
    "How many complaints of each nature the Lupon received in a period, and how each ended: settled, awarded, repudiated, certified, barred, dismissed, withdrawn or still pending.",
  filters: [filed],
  paper: { size: "a4", orientation: "landscape" },
  sections: [
    {
      key: "by_outcome",
      title: "Cases by outcome",
      totals: true,
      columns: [text("outcome", "Outcome"), count("civil", "Civil"), count("criminal", "Criminal"), count("total", "Total")],
    },
    {
      key: "by_nature",
      title: "Cases by nature and outcome",
      description: "One row per nature of the dispute as entered (the same words in any capitals count together); one column per outcome.",
      totals: true,
      columns: [
        text("nature", "Nature of the dispute", { wrap: true }),
        ...KP_OUTCOMES.map((o) => count(o.key, o.label, { hideOnMobile: o.key !== "pending" })),
        count("total", "Total"),
      ],
    },
  ],
  charts: [
    {
      kind: "bar",
      title: "Cases by outcome",
      section: "by_outcome",
      x: "outcome",
      horizontal: true,
      stacked: true,
      series: [
        { key: "civil", label: "Civil" },
        { key: "criminal", label: "Criminal" },
      ],
    },
  ],
});

export const kpLtiaReport = kpReport({
  name: "kp-ltia",
  title: "LTIA self-assessment",
  heading: "Lupong Tagapamayapa Incentives Awards: self-assessment",
  answers:
    "The Lupong Tagapamayapa Incentives Awards criteria (DILG MC 2023-022) the records can measure, scored on the criteria's bands from the cases of a period, with the cases behind each figure; the rest to enter by hand.",
  filters: [filed],
  paper: { size: "a4", orientation: "portrait" },
  sections: [
    {
      key: "criteria",
      title: "Criteria",
      description:
        "Computed from the cases filed in the period. Periods are counted by the deadline rules of decision 201 (calendar days; a last day on a weekend or holiday moves to the next working day).",
      totals: true,
      columns: [
        text("code", "Criterion"),
        text("title", "What it scores", { wrap: true }),
        text("figure", "From the records", { wrap: true }),
        { key: "points", label: "Points", kind: "number", total: true },
        { key: "max", label: "Of", kind: "number", total: true },
        text("rule", "Scoring bands", { wrap: true, hideOnMobile: true }),
      ],
    },
    {
      key: "cases",
      title: "The cases behind the figures",
      runsOn: true,
      description:
        "Per case: recorded in full (I.A.1a), summons within the next working day (I.A.1b), settled or awarded within the period (I.A.2), transmitted on time (I.C.1), repudiated and recurring between the same parties (II.B). A dash: not counted.",
      columns: [
        text("docket_number", "Docket no.", { nowrap: true }),
        text("outcome", "Outcome"),
        text("recorded", "I.A.1a"),
        text("summons", "I.A.1b"),
        text("period", "I.A.2"),
        text("transmittal", "I.C.1"),
        text("repudiated", "II.B repudiated"),
        text("recurrence", "II.B recurrence", { wrap: true }),
      ],
    },
  ],
});

export const KP_REPORTS: readonly ReportDef[] = [kpRecordBookReport, kpTransmittalReport, kpByNatureReport, kpLtiaReport];
