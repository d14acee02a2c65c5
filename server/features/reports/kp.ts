import type { Selectable } from "kysely";
import type { KpCasesTable } from "../../../db/schema.ts";
import { formatDate, formatTime, toManilaDateString } from "../../../domain/dates.ts";
import { caseEvents } from "../../../domain/kp/case-events.ts";
import { addDays, addMonths, caseClock, deadline, type ClockItem, type KpRuleId } from "../../../domain/kp/deadlines.ts";
import {
  bandPoints,
  KP_OUTCOME_LABELS,
  KP_OUTCOMES,
  kpOutcome,
  LTIA_CRITERIA,
  ltiaCriterion,
  monthLabel,
  recordingPoints,
  type KpOutcome,
  type LtiaCriterion,
} from "../../../domain/reports/kp.ts";
import type { ReportRow, ReportSignature } from "../../../domain/reports/types.ts";
import type { ServiceContext } from "../../context.ts";
import { fullNameOf } from "../../engine/people-sql.ts";
import { getBarangayInfo } from "../../system/settings.ts";
import { holidayDates } from "../holidays/queries.ts";
import { officialsOn } from "../officials/service.ts";
import { defineReport } from "./registry.ts";
import type { ReportFilters, ReportQueryArgs } from "./types.ts";

// The queries of the KP books and reports (domain/reports/kp.ts; decision 204). Each reads the
// cases of its period once, with their parties and hearings and the barangay's holidays, and
// judges every period by the deadline rules of domain/kp/deadlines.ts through the case's clock
// (decision 201): no day is counted here.

type CaseRow = Selectable<KpCasesTable>;

interface Party {
  role: "complainant" | "respondent" | "witness";
  name: string;
  /** Who the party is, across cases: the person's record, else the name as typed. */
  key: string;
}

/** A case as the reports read it: its row, its parties, its outcome and its clock on today. */
export interface KpCaseFacts {
  row: CaseRow;
  complainants: string[];
  respondents: string[];
  parties: Party[];
  outcome: KpOutcome;
  clock: Map<KpRuleId, ClockItem>;
  /** The time of day the complaint was received, when it was entered on the day it was filed. */
  timeReceived: string | null;
  /** The record book's entries that are missing (LTIA I.A.1a). */
  missing: string[];
}

const normalize = (text: string) => text.trim().replace(/\s+/g, " ").toLowerCase();

/** The cases filed in the period (both ends included), with their parties, hearings and clocks, in docket order. */
export async function kpCaseFacts(ctx: ServiceContext, filters: ReportFilters, today: string): Promise<KpCaseFacts[]> {
  let q = ctx.db.selectFrom("kp_cases").selectAll().where("deleted_at", "is", null);
  if (filters.filed_from) q = q.where("filed_on", ">=", filters.filed_from);
  if (filters.filed_to) q = q.where("filed_on", "<=", filters.filed_to);
  const rows = await q.orderBy("filed_on").orderBy("docket_number").execute();
  return factsOf(ctx, rows, today);
}

async function factsOf(ctx: ServiceContext, rows: CaseRow[], today: string): Promise<KpCaseFacts[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => Number(r.id));
  const [parties, hearings] = await Promise.all([partiesOf(ctx, ids), hearingsOf(ctx, ids)]);
  // The clock reads periods of up to six months after a case's last step (execution): from the
  // first filing to a year past today covers every rule of every case.
  const first = rows.reduce((min, r) => (r.filed_on < min ? r.filed_on : min), today);
  const holidays = await holidayDates(ctx, first, addMonths(today, 12));
  return rows.map((row) => {
    const own = parties.get(Number(row.id)) ?? [];
    const events = caseEvents(row, hearings.get(Number(row.id)) ?? []);
    const clock = new Map(caseClock(events, today, holidays).items.map((i) => [i.rule, i]));
    const received = row.received_at ? new Date(row.received_at as unknown as string | Date) : null;
    const timeReceived = received && toManilaDateString(received) === row.filed_on ? formatTime(received) : null;
    const complainants = own.filter((p) => p.role === "complainant").map((p) => p.name);
    const respondents = own.filter((p) => p.role === "respondent").map((p) => p.name);
    const missing: string[] = [];
    if (!row.docket_number) missing.push("docket number");
    if (complainants.length === 0) missing.push("complainant");
    if (respondents.length === 0) missing.push("respondent");
    if (!row.filed_on) missing.push("date filed");
    if (!timeReceived) missing.push("time filed");
    if (!row.nature?.trim()) missing.push("nature");
    const outcome = kpOutcome(row);
    if (outcome !== "pending" && !disposedOn(row, outcome)) missing.push("date of disposition");
    return { row, complainants, respondents, parties: own, outcome, clock, timeReceived, missing };
  });
}

async function partiesOf(ctx: ServiceContext, ids: number[]): Promise<Map<number, Party[]>> {
  const rows = await ctx.db
    .selectFrom("kp_case_parties as p")
    .leftJoin("user_profiles as up", "up.user_id", "p.user_id")
    .select(["p.case_id", "p.role", "p.user_id", "p.name", fullNameOf("up").as("fullname")])
    .where("p.case_id", "in", ids)
    .orderBy("p.case_id")
    .orderBy("p.position")
    .execute();
  const out = new Map<number, Party[]>();
  for (const r of rows) {
    const name = (r.user_id != null ? r.fullname : r.name) ?? r.name ?? "";
    const list = out.get(Number(r.case_id)) ?? [];
    list.push({ role: r.role, name, key: r.user_id != null ? `u:${r.user_id}` : `n:${normalize(name)}` });
    out.set(Number(r.case_id), list);
  }
  return out;
}

async function hearingsOf(ctx: ServiceContext, ids: number[]) {
  const rows = await ctx.db
    .selectFrom("kp_hearings")
    .select(["case_id", "kind", "held_on"])
    .where("case_id", "in", ids)
    .where("deleted_at", "is", null)
    .execute();
  const out = new Map<number, { kind: (typeof rows)[number]["kind"]; held_on: string }[]>();
  for (const r of rows) out.set(Number(r.case_id), [...(out.get(Number(r.case_id)) ?? []), { kind: r.kind, held_on: r.held_on }]);
  return out;
}

/** The date of the disposition the outcome names. */
function disposedOn(row: CaseRow, outcome: KpOutcome): string | null {
  switch (outcome) {
    case "settled_mediation":
    case "settled_conciliation":
      return row.settled_on;
    case "awarded":
      return row.awarded_on;
    case "repudiated":
      return row.repudiated_on;
    case "certified_file_action":
    case "barred":
      return row.certified_on;
    case "dismissed":
    case "withdrawn":
      return row.closed_on;
    case "pending":
      return null;
  }
}

const short = (d: string | null) => (d ? formatDate(d) : "");

/** The record book's disposition in words: the outcome, what followed it, and the finding or reason. */
function dispositionOf(f: KpCaseFacts): string {
  const { row, outcome } = f;
  if (outcome === "pending") return `Pending (${KP_STATE_WORDS[row.state] ?? row.state})`;
  const parts = [KP_OUTCOME_LABELS[outcome]];
  if (outcome === "repudiated" && row.state === "certified_file_action")
    parts.push(`then certified to file action ${short(row.certified_on)}`);
  if (row.executed_on) parts.push(`executed ${short(row.executed_on)}`);
  if (row.outcome_reason && (outcome === "barred" || outcome === "dismissed" || outcome === "withdrawn" || outcome === "repudiated"))
    parts.push(row.outcome_reason);
  return parts.join("; ");
}

const KP_STATE_WORDS: Record<string, string> = {
  filed: "filed",
  summoned: "summoned",
  mediation: "in mediation",
  pangkat: "for the Pangkat",
  conciliation: "in conciliation",
  arbitration: "in arbitration",
};

/** The steps between the summons and the disposition, with their dates. */
function stepsOf(row: CaseRow): string {
  const steps: [string, string | null][] = [
    ["Mediation", row.mediation_started_on],
    ["Referred to the Pangkat", row.referred_on],
    ["Pangkat constituted", row.pangkat_constituted_on],
    ["Conciliation", row.conciliation_started_on],
    ["Conciliation extended", row.conciliation_extended_on],
    ["Agreed to arbitrate", row.arbitration_agreed_on],
    ["Settled", row.settled_on],
    ["Awarded", row.awarded_on],
    ["Repudiated", row.repudiated_on],
    ["Counterclaim barred", row.counterclaim_barred_on],
    ["Execution moved", row.execution_moved_on],
    ["Executed", row.executed_on],
  ];
  return steps
    .filter(([, d]) => d)
    .map(([label, d]) => `${label} ${short(d)}`)
    .join("; ");
}

/** The summons against its deadline: the next working day after the complaint (LTIA I.A.1b). */
function summonsWords(f: KpCaseFacts): string {
  const item = f.clock.get("summons");
  if (!item) return "";
  switch (item.status) {
    case "done":
      return item.on_time ? "Yes" : `No (due ${short(item.due)})`;
    case "overdue":
      return `No (due ${short(item.due)})`;
    case "moot":
      return "Not issued";
    default:
      return `Due ${short(item.due)}`;
  }
}

// ---- The record book -------------------------------------------------------------------------

defineReport("kp-record-book", {
  async summary({ ctx, filters, today }: ReportQueryArgs) {
    let facts = await kpCaseFacts(ctx, filters, today);
    if (filters.category) facts = facts.filter((f) => f.row.category === filters.category);
    if (filters.outcome) facts = facts.filter((f) => f.outcome === filters.outcome);
    const rows: ReportRow[] = facts.map((f) => ({
      docket_number: f.row.docket_number,
      complainants: f.complainants.join("; "),
      respondents: f.respondents.join("; "),
      filed_on: f.row.filed_on,
      time_received: f.timeReceived ?? "",
      nature: `${f.row.nature} (${f.row.category})`,
      summoned_on: f.row.summoned_on,
      summons_on_time: summonsWords(f),
      steps: stepsOf(f.row),
      disposition: dispositionOf(f),
      disposed_on: disposedOn(f.row, f.outcome),
      transmitted_on: f.row.transmitted_on,
      missing: f.missing.join(", "),
    }));
    const pending = facts.filter((f) => f.outcome === "pending").length;
    const complete = facts.filter((f) => f.missing.length === 0).length;
    return {
      cards: [
        { key: "cases", label: "Cases", value: facts.length, kind: "number" as const },
        { key: "pending", label: "Pending", value: pending, kind: "number" as const },
        { key: "closed", label: "Disposed of", value: facts.length - pending, kind: "number" as const },
        {
          key: "complete",
          label: "Recorded in full",
          value: `${complete} of ${facts.length}`,
          kind: "text" as const,
          hint: "Docket no., parties, date and time filed, nature, disposition",
        },
      ],
      sections: { docket: { rows } },
      signatures: await signers(ctx, today, "Prepared by:"),
    };
  },
});

/** The Lupon secretary (the barangay secretary, §403) and the Lupon's chair on a day. */
async function luponOfficers(ctx: ServiceContext, day: string): Promise<{ secretary: string; chair: string }> {
  const [members, officials] = await Promise.all([
    ctx.db
      .selectFrom("lupon_members")
      .select(["name", "position"])
      .where("deleted_at", "is", null)
      .where("position", "in", ["chair", "secretary"])
      .where("term_start", "<=", day)
      .where((eb) => eb.or([eb("term_end", "is", null), eb("term_end", ">=", day)]))
      .orderBy("term_start", "desc")
      .execute(),
    officialsOn(ctx, day),
  ]);
  return {
    secretary: members.find((m) => m.position === "secretary")?.name ?? officials.secretary,
    chair: members.find((m) => m.position === "chair")?.name ?? officials.punong_barangay,
  };
}

async function signers(ctx: ServiceContext, day: string, label: string): Promise<ReportSignature[]> {
  const { secretary, chair } = await luponOfficers(ctx, day);
  return [
    { label, name: secretary, title: "Lupon Secretary" },
    { label: "Attested by:", name: chair, title: "Punong Barangay, Lupon Chairman" },
  ];
}

// ---- The monthly transmittal ------------------------------------------------------------------

/** The month before today's ("YYYY-MM"): the transmittal a secretary prepares at the start of a month. */
export function previousMonth(today: string): string {
  return addMonths(`${today.slice(0, 7)}-01`, -1).slice(0, 7);
}

/** A settlement's or award's dates under §§416, 418 and 419, by the deadline rules. */
export interface FinalReport {
  kind: "settlement" | "award";
  made_on: string;
  /** The first day it is final: the day after its ten days to repudiate or petition. */
  final_on: string;
  /** §419: five days from the award, or from the end of a settlement's ten days. */
  due_on: string;
}

export function finalReportOf(row: CaseRow, holidays: ReadonlySet<string>): FinalReport | null {
  if (row.repudiated_on) return null;
  const award = row.awarded_on != null;
  const made = award ? row.awarded_on : row.settled_on;
  if (!made) return null;
  const window = deadline(award ? "award_nullification" : "settlement_repudiation", made, holidays);
  const due = deadline(award ? "transmittal_of_award" : "transmittal_of_settlement", made, holidays);
  return { kind: award ? "award" : "settlement", made_on: made, final_on: addDays(window.due, 1), due_on: due.due };
}

/** The court the barangay's final reports go to (§419): the town's trial court, named from the barangay's settings. */
function courtOf(municipality: string, province: string): string[] {
  const town = municipality.replace(/^(Municipality|City) of\s+/i, "").trim();
  const city = /^city of/i.test(municipality.trim()) || /\bcity\b/i.test(town);
  return [city ? "Municipal Trial Court in Cities" : "Municipal Trial Court", [town, province].filter((s) => s && s.trim()).join(", ")];
}

defineReport("kp-transmittal", {
  async summary({ ctx, filters, today }: ReportQueryArgs) {
    const month = filters.month ?? previousMonth(today);
    const start = `${month}-01`;
    const end = addDays(addMonths(start, 1), -1);
    // A settlement is final some ten to twenty days after it is made (its window moved past
    // closed days): the cases settled or awarded from two months before the month hold them all.
    const rows = await ctx.db
      .selectFrom("kp_cases")
      .selectAll()
      .where("deleted_at", "is", null)
      .where("repudiated_on", "is", null)
      .where((eb) =>
        eb.or([
          eb.and([eb("settled_on", ">=", addMonths(start, -2)), eb("settled_on", "<=", end)]),
          eb.and([eb("awarded_on", ">=", addMonths(start, -2)), eb("awarded_on", "<=", end)]),
        ]),
      )
      .orderBy("docket_number")
      .execute();
    const holidays = await holidayDates(ctx, addMonths(start, -2), addMonths(end, 2));
    const facts = await factsOf(ctx, rows, today);
    const listed = facts
      .map((f) => ({ f, report: finalReportOf(f.row, holidays) }))
      .filter((x): x is { f: KpCaseFacts; report: FinalReport } => {
        const r = x.report;
        return r != null && r.final_on >= start && r.final_on <= end && r.final_on <= today;
      })
      .sort((a, b) => (a.report.final_on < b.report.final_on ? -1 : a.report.final_on > b.report.final_on ? 1 : 0));
    const statusOf = (row: CaseRow, due: string) =>
      row.transmitted_on ? (row.transmitted_on <= due ? "On time" : "Late") : today > due ? "Overdue" : "Not yet sent";
    const tableRows: ReportRow[] = listed.map(({ f, report }, i) => ({
      no: i + 1,
      docket_number: f.row.docket_number,
      parties: `${f.complainants.join(", ")} vs. ${f.respondents.join(", ")}`,
      nature: f.row.nature,
      kind: report.kind === "award" ? "Arbitration award" : "Amicable settlement",
      made_on: report.made_on,
      final_on: report.final_on,
      due_on: report.due_on,
      transmitted_on: f.row.transmitted_on,
      status: statusOf(f.row, report.due_on),
    }));
    const sent = tableRows.filter((r) => r.transmitted_on).length;
    const overdue = tableRows.filter((r) => r.status === "Overdue").length;
    const late = tableRows.filter((r) => r.status === "Late").length;
    const barangay = await getBarangayInfo(ctx);
    const { secretary, chair } = await luponOfficers(ctx, today);
    const settlements = listed.filter((l) => l.report.kind === "settlement").length;
    return {
      cards: [
        { key: "month", label: "Month", value: monthLabel(month), kind: "text" as const },
        {
          key: "reports",
          label: "Final reports",
          value: tableRows.length,
          kind: "number" as const,
          hint: `${settlements} settlement${settlements === 1 ? "" : "s"}, ${tableRows.length - settlements} award${tableRows.length - settlements === 1 ? "" : "s"}`,
        },
        { key: "transmitted", label: "Transmitted", value: sent, kind: "number" as const, hint: late ? `${late} late` : undefined },
        { key: "overdue", label: "Overdue", value: overdue, kind: "number" as const, hint: "Past the five days of §419, not yet sent" },
      ],
      sections: { reports: { rows: tableRows } },
      defaults: { month },
      letter: {
        to: ["The Presiding Judge", ...courtOf(barangay.municipality, barangay.province)],
        salutation: "Sir/Madam:",
        body: [
          `Pursuant to Section 419 of Republic Act No. 7160, the Lupong Tagapamayapa of ${barangay.name} respectfully transmits the amicable settlements and arbitration awards that became final in the month of ${monthLabel(month)}, listed below${tableRows.length ? ", with a copy of each" : ""}.`,
          ...(tableRows.length ? [] : ["No settlement or award of the Lupon became final in the month."]),
        ],
      },
      signatures: [
        { label: "Very truly yours,", name: secretary, title: "Lupon Secretary" },
        { label: "Noted by:", name: chair, title: "Punong Barangay, Lupon Chairman" },
      ],
    };
  },
});

// ---- Cases by nature and outcome ---------------------------------------------------------------

defineReport("kp-cases-by-nature", {
  async summary({ ctx, filters, today }: ReportQueryArgs) {
    const facts = await kpCaseFacts(ctx, filters, today);
    const byOutcome = new Map(KP_OUTCOMES.map((o) => [o.key, { civil: 0, criminal: 0 }]));
    const byNature = new Map<string, { nature: string; counts: Record<string, number> }>();
    for (const f of facts) {
      byOutcome.get(f.outcome)![f.row.category] += 1;
      const key = normalize(f.row.nature);
      let n = byNature.get(key);
      if (!n) byNature.set(key, (n = { nature: f.row.nature.trim(), counts: Object.fromEntries(KP_OUTCOMES.map((o) => [o.key, 0])) }));
      n.counts[f.outcome] += 1;
    }
    const outcomeRows: ReportRow[] = KP_OUTCOMES.map((o) => {
      const c = byOutcome.get(o.key)!;
      return { outcome: o.label, civil: c.civil, criminal: c.criminal, total: c.civil + c.criminal };
    });
    const natureRows: ReportRow[] = [...byNature.values()]
      .map((n) => ({ nature: n.nature, ...n.counts, total: Object.values(n.counts).reduce((s, x) => s + x, 0) }))
      .sort((a, b) => b.total - a.total || a.nature.localeCompare(b.nature));
    const count = (...keys: KpOutcome[]) => facts.filter((f) => keys.includes(f.outcome)).length;
    const settled = count("settled_mediation", "settled_conciliation", "awarded");
    return {
      cards: [
        { key: "cases", label: "Cases filed", value: facts.length, kind: "number" as const },
        {
          key: "settled",
          label: "Settled or awarded",
          value: settled,
          kind: "number" as const,
          hint: `${count("settled_mediation")} in mediation, ${count("settled_conciliation")} in conciliation, ${count("awarded")} by award`,
        },
        {
          key: "to_court",
          label: "Certified to file action",
          value: count("certified_file_action", "repudiated"),
          kind: "number" as const,
          hint: "Including the repudiated",
        },
        { key: "pending", label: "Pending", value: count("pending"), kind: "number" as const },
      ],
      sections: { by_outcome: { rows: outcomeRows }, by_nature: { rows: natureRows } },
    };
  },
});

// ---- The LTIA self-assessment ------------------------------------------------------------------

const pct = (n: number, d: number) => (d ? `${Math.floor((n * 100) / d)}%` : "—");
const share = (n: number, d: number, what: string) => `${n} of ${d} ${what} (${pct(n, d)})`;

/** Whether a settlement or award was reached within the law's period for where it was reached (I.A.2). */
function resolvedInTime(f: KpCaseFacts): ClockItem | undefined {
  if (f.outcome === "awarded") return f.clock.get("arbitration_award");
  if (f.outcome === "settled_conciliation") return f.clock.get("conciliation");
  if (f.outcome === "settled_mediation") return f.clock.get("mediation");
  return undefined;
}

/** The transmittal of a settlement or award that must go to the court (I.C.1), once it is due or done. */
function transmittalItem(f: KpCaseFacts): ClockItem | undefined {
  const item = f.row.awarded_on ? f.clock.get("transmittal_of_award") : f.clock.get("transmittal_of_settlement");
  return item && (item.status === "done" || item.status === "overdue") ? item : undefined;
}

const yes = (b: boolean) => (b ? "Yes" : "No");

export interface LtiaScore {
  code: string;
  points: number | null;
  figure: string;
}

/** The LTIA's measured criteria from the cases of a period and every earlier case's parties (recurrence). */
export function scoreLtia(facts: KpCaseFacts[], earlier: Map<string, Settled[]>): { scores: LtiaScore[]; rows: ReportRow[] } {
  const settledSet = facts.filter((f) => ["settled_mediation", "settled_conciliation", "awarded"].includes(f.outcome));
  const complete = facts.filter((f) => f.missing.length === 0).length;
  const summonsItems = facts.map((f) => f.clock.get("summons")).filter((i) => i && (i.status === "done" || i.status === "overdue"));
  const summonsOnTime = summonsItems.filter((i) => i!.status === "done" && i!.on_time).length;
  const periodItems = settledSet.map(resolvedInTime).filter((i): i is ClockItem => i != null);
  const periodOnTime = periodItems.filter((i) => i.status === "done" && i.on_time).length;
  const transmittals = settledSet.map(transmittalItem).filter((i): i is ClockItem => i != null);
  const transmittedOnTime = transmittals.filter((i) => i.status === "done" && i.on_time).length;
  const withSettlement = facts.filter((f) => f.row.settled_on || f.row.awarded_on);
  const repudiated = withSettlement.filter((f) => f.row.repudiated_on).length;
  const recurring = new Map<KpCaseFacts, string[]>();
  for (const f of facts) {
    const found = recurrenceOf(f, earlier);
    if (found.length) recurring.set(f, found);
  }

  const minSettled = (c: LtiaCriterion, points: number) => (c.minSettled && settledSet.length < c.minSettled ? 0 : points);
  const minNote = (c: LtiaCriterion) =>
    c.minSettled && settledSet.length < c.minSettled
      ? ` — fewer than ${c.minSettled} settled cases (${settledSet.length}): not scored`
      : "";

  const c = ltiaCriterion;
  const scores: LtiaScore[] = [
    {
      code: "I.A.1a",
      points: recordingPoints(complete, facts.length),
      figure: share(complete, facts.length, "cases recorded in full"),
    },
    {
      code: "I.A.1b",
      points: bandPoints(c("I.A.1b"), summonsOnTime, summonsItems.length),
      figure: share(summonsOnTime, summonsItems.length, "summons issued within the next working day"),
    },
    {
      code: "I.A.2",
      points: minSettled(c("I.A.2"), bandPoints(c("I.A.2"), periodOnTime, periodItems.length)),
      figure: share(periodOnTime, periodItems.length, "settlements and awards within the period") + minNote(c("I.A.2")),
    },
    {
      code: "I.C.1",
      points: bandPoints(c("I.C.1"), transmittedOnTime, transmittals.length),
      figure: share(transmittedOnTime, transmittals.length, "transmitted to the court on time"),
    },
    {
      code: "II.A",
      points: minSettled(c("II.A"), bandPoints(c("II.A"), settledSet.length, facts.length)),
      figure: share(settledSet.length, facts.length, "cases settled") + minNote(c("II.A")),
    },
    {
      code: "II.B",
      points: withSettlement.length === 0 ? 0 : (repudiated === 0 ? 1 : 0) + (settledSet.length > 0 && recurring.size === 0 ? 1 : 0),
      figure:
        withSettlement.length === 0
          ? "No settlement or award in the period"
          : `${repudiated} of ${withSettlement.length} settlements and awards repudiated; ${recurring.size} case${recurring.size === 1 ? "" : "s"} between parties of an earlier settled case`,
    },
  ];

  const rows: ReportRow[] = facts.map((f) => {
    const summons = f.clock.get("summons");
    const period = resolvedInTime(f);
    const transmittal = settledSet.includes(f) ? transmittalItem(f) : undefined;
    return {
      docket_number: f.row.docket_number,
      outcome: KP_OUTCOME_LABELS[f.outcome],
      recorded: f.missing.length ? `No: ${f.missing.join(", ")}` : "Yes",
      summons:
        summons && (summons.status === "done" || summons.status === "overdue") ? yes(summons.status === "done" && !!summons.on_time) : "—",
      period: settledSet.includes(f) && period ? yes(period.status === "done" && !!period.on_time) : "—",
      transmittal: transmittal ? yes(transmittal.status === "done" && !!transmittal.on_time) : "—",
      repudiated: f.row.settled_on || f.row.awarded_on ? yes(!!f.row.repudiated_on) : "—",
      recurrence: recurring.get(f)?.join(", ") ?? "—",
    };
  });
  return { scores, rows };
}

/** An earlier settlement or award between two parties: its docket and the day it was made. */
interface Settled {
  docket: string;
  made_on: string;
}

/**
 * The settled or awarded cases between a complainant and a respondent of this case (in either
 * role) whose settlement or award was made on or before this case was filed: the dispute came back
 * after it (II.B "no recurrence").
 */
function recurrenceOf(f: KpCaseFacts, earlier: Map<string, Settled[]>): string[] {
  const found = new Set<string>();
  const complainants = f.parties.filter((p) => p.role === "complainant").map((p) => p.key);
  const respondents = f.parties.filter((p) => p.role === "respondent").map((p) => p.key);
  for (const a of complainants)
    for (const b of respondents)
      for (const s of earlier.get(pairKey(a, b)) ?? [])
        if (s.docket !== f.row.docket_number && s.made_on <= f.row.filed_on) found.add(s.docket);
  return [...found].sort();
}

const pairKey = (a: string, b: string) => (a < b ? `${a}|${b}` : `${b}|${a}`);

/** Every settlement or award not repudiated, made by the period's last filing, by each complainant–respondent pair. */
async function settledPairs(ctx: ServiceContext, facts: KpCaseFacts[]): Promise<Map<string, Settled[]>> {
  const out = new Map<string, Settled[]>();
  if (facts.length === 0) return out;
  const last = facts.reduce((max, f) => (f.row.filed_on > max ? f.row.filed_on : max), facts[0].row.filed_on);
  const rows = await ctx.db
    .selectFrom("kp_cases")
    .select(["id", "docket_number", "settled_on", "awarded_on"])
    .where("deleted_at", "is", null)
    .where("repudiated_on", "is", null)
    .where((eb) => eb.or([eb("settled_on", "<=", last), eb("awarded_on", "<=", last)]))
    .execute();
  if (rows.length === 0) return out;
  const parties = await partiesOf(
    ctx,
    rows.map((r) => Number(r.id)),
  );
  for (const r of rows) {
    const own = parties.get(Number(r.id)) ?? [];
    const settled = { docket: r.docket_number, made_on: (r.awarded_on ?? r.settled_on)! };
    for (const a of own.filter((p) => p.role === "complainant"))
      for (const b of own.filter((p) => p.role === "respondent")) {
        const key = pairKey(a.key, b.key);
        out.set(key, [...(out.get(key) ?? []), settled]);
      }
  }
  return out;
}

defineReport("kp-ltia", {
  async summary({ ctx, filters, today }: ReportQueryArgs) {
    const facts = await kpCaseFacts(ctx, filters, today);
    const { scores, rows } = scoreLtia(facts, await settledPairs(ctx, facts));
    const byCode = new Map(scores.map((s) => [s.code, s]));
    const criteriaRows: ReportRow[] = LTIA_CRITERIA.map((criterion) => {
      const s = byCode.get(criterion.code);
      return {
        code: criterion.code,
        title: criterion.title,
        figure: s ? s.figure : "Not measured — enter by hand",
        points: s ? s.points : null,
        max: criterion.points,
        rule: criterion.rule,
      };
    });
    const measuredMax = LTIA_CRITERIA.filter((c) => c.measured).reduce((sum, c) => sum + c.points, 0);
    const measured = scores.reduce((sum, s) => sum + (s.points ?? 0), 0);
    return {
      cards: [
        { key: "cases", label: "Cases filed", value: facts.length, kind: "number" as const },
        {
          key: "measured",
          label: "Points from the records",
          value: `${measured} of ${measuredMax}`,
          kind: "text" as const,
          hint: LTIA_CRITERIA.filter((c) => c.measured)
            .map((c) => c.code)
            .join(", "),
        },
        {
          key: "by_hand",
          label: "To enter by hand",
          value: `${100 - measuredMax} points`,
          kind: "text" as const,
          hint: "Records, DILG reports, meetings, compliance, creativity, facility, support",
        },
      ],
      sections: { criteria: { rows: criteriaRows }, cases: { rows } },
      signatures: await signers(ctx, today, "Prepared by:"),
    };
  },
});
