import type { FilterDef } from "../registry/types";
import { DISASTER_TYPES } from "../registry/people";
import type { ReportDef } from "./types";
import { listingSection, PAPER, REPORT_PERMISSION, reportDef } from "./define";
import { collectionsReport } from "./collections";
import { chequeDisbursementsReport, chequeIssuancesReport, chequeRegistrationsReport } from "./disbursements";
import { queueReport } from "./queue";
import { KP_REPORTS } from "./kp";

// The report registry (DESIGN §12): the seven reports of spec §2.1 under /manage/reports. A report
// is this entry plus its query in server/features/reports/ (docs/architecture.md "Adding a report"). Entries
// with `arrivesWith` are listed on the hub and answer a page saying when they arrive — never a 404.

export { REPORT_PERMISSION };

/** PSA five-year age groups (census tables), the last one open-ended. */
export const AGE_GROUPS: readonly { value: string; label: string; from: number; to: number | null }[] = [
  ...Array.from({ length: 16 }, (_, i) => ({ value: `${i * 5}-${i * 5 + 4}`, label: `${i * 5}–${i * 5 + 4}`, from: i * 5, to: i * 5 + 4 })),
  { value: "80+", label: "80 and over", from: 80, to: null },
];

/** The sectors of the RBI record, as counted for the DILG and the municipality. */
export const SECTORS: readonly { value: string; label: string }[] = [
  { value: "senior", label: "Senior citizens (60+)" },
  { value: "pwd", label: "Persons with disability" },
  { value: "solo_parent", label: "Solo parents" },
  { value: "4ps", label: "4Ps beneficiaries" },
  { value: "ofw", label: "Overseas Filipino workers" },
  { value: "indigenous", label: "Indigenous people" },
  { value: "voter", label: "Registered voters" },
];

export const CIVIL_STATUSES = ["Single", "Married", "Widowed", "Separated", "Annulled"] as const;

const registered: FilterDef = { kind: "date-range", key: "registered", label: "Registered" };
const purok: FilterDef = { kind: "reference", key: "purok_id", label: "Purok", resource: "purok" };

/** The §10 filter object of the people reports: date range, purok, sex, age group, sector. */
export const PEOPLE_FILTERS: readonly FilterDef[] = [
  registered,
  purok,
  {
    key: "sex",
    label: "Sex",
    options: [
      { value: "Male", label: "Male" },
      { value: "Female", label: "Female" },
    ],
  },
  { key: "age_group", label: "Age group", options: AGE_GROUPS.map(({ value, label }) => ({ value, label })) },
  { key: "sector", label: "Sector", options: SECTORS },
];

const bySex = (first: { key: string; label: string }) =>
  [
    { ...first, kind: "text" },
    { key: "male", label: "Male", kind: "number", total: true },
    { key: "female", label: "Female", kind: "number", total: true },
    { key: "not_stated", label: "Not stated", kind: "number", total: true, hideOnMobile: true },
    { key: "total", label: "Total", kind: "number", total: true },
  ] as const;

const BY_SEX = [
  { key: "male", label: "Male" },
  { key: "female", label: "Female" },
] as const;

export const residentsReport = reportDef({
  name: "residents",
  title: "Residents",
  answers: "How many live in the barangay, by purok, sex, PSA age group, civil status and sector; the RBI listing per purok.",
  filters: PEOPLE_FILTERS,
  paper: PAPER.a4Portrait,
  sections: [
    { key: "by_purok", title: "Population by purok", columns: bySex({ key: "purok", label: "Purok" }), totals: true },
    {
      key: "age_sex",
      title: "Population by age group and sex",
      description: "PSA five-year age groups; age as of today.",
      columns: bySex({ key: "age_group", label: "Age group" }),
      totals: true,
    },
    { key: "civil_status", title: "Civil status", columns: bySex({ key: "civil_status", label: "Civil status" }), totals: true },
    {
      key: "sectors",
      title: "Sectors",
      description: "A resident may belong to several sectors, so the rows do not add up.",
      columns: bySex({ key: "sector", label: "Sector" }),
    },
    listingSection({
      title: "Records of Barangay Inhabitants, by purok",
      description: "The RBI listing for the DILG submission.",
      columns: [
        { key: "purok", label: "Purok", kind: "text" },
        { key: "lastname", label: "Last name", kind: "text" },
        { key: "firstname", label: "First name", kind: "text" },
        { key: "middlename", label: "Middle name", kind: "text", hideOnMobile: true },
        { key: "suffix", label: "Ext.", kind: "text", hideOnMobile: true },
        { key: "address", label: "Address", kind: "text", hideOnMobile: true },
        { key: "date_of_birth", label: "Date of birth", kind: "date", hideOnMobile: true },
        { key: "age", label: "Age", kind: "number" },
        { key: "sex", label: "Sex", kind: "text" },
        { key: "civil_status", label: "Civil status", kind: "text", hideOnMobile: true },
        { key: "citizenship", label: "Citizenship", kind: "text", hideOnMobile: true },
        { key: "occupation", label: "Occupation", kind: "text", hideOnMobile: true },
        { key: "sectors", label: "Sectors", kind: "text", hideOnMobile: true },
      ],
    }),
  ],
  charts: [
    {
      kind: "pyramid",
      title: "Population pyramid",
      section: "age_sex",
      x: "age_group",
      series: BY_SEX,
    },
    {
      kind: "bar",
      title: "Population by purok",
      section: "by_purok",
      x: "purok",
      stacked: true,
      series: BY_SEX,
    },
  ],
});

export const householdsReport = reportDef({
  name: "households",
  title: "Households",
  answers: "How many households each purok has, how large they are, and who lives in disaster-prone areas, by hazard.",
  filters: [registered, purok, { key: "hazard", label: "Hazard", options: DISASTER_TYPES.map((t) => ({ value: t, label: t })) }],
  paper: PAPER.a4Portrait,
  sections: [
    {
      key: "by_purok",
      title: "Households by purok",
      totals: true,
      columns: [
        { key: "purok", label: "Purok", kind: "text" },
        { key: "households", label: "Households", kind: "number", total: true },
        { key: "members", label: "People", kind: "number", total: true },
        { key: "average", label: "Average size", kind: "number" },
      ],
    },
    {
      key: "sizes",
      title: "Members per household",
      totals: true,
      columns: [
        { key: "size", label: "Household size", kind: "text" },
        { key: "households", label: "Households", kind: "number", total: true },
        { key: "members", label: "People", kind: "number", total: true },
      ],
    },
    {
      key: "hazards",
      title: "People at risk, by hazard and purok",
      description: "Households of puroks listed as disaster-prone for the hazard (for the disaster council).",
      columns: [
        { key: "hazard", label: "Hazard", kind: "text" },
        { key: "purok", label: "Purok", kind: "text" },
        { key: "affected_area", label: "Affected area", kind: "text", hideOnMobile: true, wrap: true },
        { key: "households", label: "Households", kind: "number" },
        { key: "members", label: "People", kind: "number" },
      ],
    },
    listingSection({
      title: "Households",
      columns: [
        { key: "id", label: "No.", kind: "number" },
        { key: "purok", label: "Purok", kind: "text" },
        { key: "head", label: "Household head", kind: "text" },
        { key: "address", label: "Address", kind: "text", hideOnMobile: true },
        { key: "members", label: "People", kind: "number", total: true },
        { key: "hazards", label: "Hazards", kind: "text", hideOnMobile: true },
      ],
      totals: true,
    }),
  ],
  charts: [
    {
      kind: "bar",
      title: "Households by purok",
      section: "by_purok",
      x: "purok",
      series: [
        { key: "households", label: "Households" },
        { key: "members", label: "People" },
      ],
    },
  ],
});

export const religionsReport = reportDef({
  name: "religions",
  title: "Religions",
  answers: "How many residents belong to each religion, in each purok.",
  filters: PEOPLE_FILTERS,
  paper: PAPER.a4Landscape,
  sections: [
    { key: "by_religion", title: "Residents by religion", columns: bySex({ key: "religion", label: "Religion" }), totals: true },
    {
      key: "by_purok",
      title: "Religion by purok",
      description: "One column per purok.",
      columns: [{ key: "religion", label: "Religion", kind: "text" }],
      totals: true,
    },
  ],
  charts: [
    {
      kind: "bar",
      title: "Residents by religion",
      section: "by_religion",
      x: "religion",
      horizontal: true,
      series: [{ key: "total", label: "Residents" }],
    },
  ],
});

/** A report listed before its records exist: the hub and its page say which issue brings it (never a 404). */
export const pendingReport = (name: string, title: string, answers: string, issue: number, what: string): ReportDef =>
  reportDef({ name, title, answers, filters: [], sections: [], paper: PAPER.a4Landscape, arrivesWith: { issue, what } });

/** Every report, in the hub's order. */
export const REPORTS: readonly ReportDef[] = [
  residentsReport,
  householdsReport,
  religionsReport,
  collectionsReport,
  chequeDisbursementsReport,
  chequeIssuancesReport,
  chequeRegistrationsReport,
  // The hall's queue: waiting and serving times (decision 206).
  queueReport,
  // The KP books and reports: opened with the KP permission, listed only to its holders.
  ...KP_REPORTS,
];

export function findReport(name: string | undefined): ReportDef | undefined {
  return REPORTS.find((r) => r.name === name);
}
