import { parseDateOnly, todayInManila } from "../dates";

// The deadlines of the Katarungang Pambarangay procedure (RA 7160 §§410–419, the 1992 KP Rules),
// as pure functions: a rule, the date it runs from and the barangay's holidays give the due date;
// a case's dated events and today give what is due and what is overdue. No database and no clock
// of its own (`caseClockNow` reads today in Manila), so the server, the screens and the tests
// compute the same dates. How days are counted is docs/decisions/201-kp-deadlines.md; the sources
// ([Kn]) are those of the research note (../shared/research/katarungang-pambarangay.md).

/** A calendar date "YYYY-MM-DD" (Asia/Manila, never shifted). */
export type CalendarDate = string;

/** How a period counts: every day, or only the days the barangay hall is open. */
export type DayBasis = "calendar" | "working";

/**
 * What a rule is to the office:
 * - `deadline`: the barangay must act by the due date (issue the summons, convene, transmit);
 *   overdue when the date passes with nothing done;
 * - `window`: a party's right runs until the due date (repudiate, petition, the Lupon's own
 *   execution); its end is no one's fault, so it lapses, never falls overdue;
 * - `limit`: a period that simply ends (the interruption of prescription); never moved off a
 *   non-working day, since nobody has to act on it.
 */
export type RuleKind = "deadline" | "window" | "limit";

/** The dated events of a case the rules read (the procedure's commands record them). */
export const KP_EVENTS = [
  "filed", // the complaint is received by the Punong Barangay and the fee paid
  "summoned", // the summons (Form 9) and the notice to the complainant (Form 8) issued
  "mediation_hearing", // a meeting of the parties before the Punong Barangay
  "referred_to_pangkat", // mediation failed: the Pangkat is to be constituted
  "pangkat_constituted", // the three members chosen or drawn
  "conciliation_hearing", // a hearing before the Pangkat (the first one is its convening)
  "conciliation_extended", // the Pangkat extends its 15 days (clearly meritorious cases)
  "arbitration_agreed", // the written agreement to arbitrate (Form 14)
  "arbitration_repudiated", // a party repudiates the agreement to arbitrate
  "awarded", // the arbitration award (Form 15)
  "settled", // the amicable settlement (Form 16)
  "repudiated", // the settlement repudiated (Form 17) or the award's nullity petitioned
  "transmitted", // the settlement or award sent to the city or municipal court
  "execution_moved", // the motion for execution (Form 23)
  "execution_heard", // the hearing on the motion (Form 24)
  "execution_ruled", // the Punong Barangay's ruling on compliance
  "executed", // the notice of execution (Form 25) carried out
  "certified_to_file_action", // Form 20 / 20-A / 20-B
  "barred", // certification to bar action
  "dismissed",
  "withdrawn",
] as const;
export type KpEventKind = (typeof KP_EVENTS)[number];

/** Events after which a deadline not yet met is moot: the case has left the barangay. */
const CASE_ENDS: readonly KpEventKind[] = ["certified_to_file_action", "barred", "dismissed", "withdrawn"];

export const KP_RULE_IDS = [
  "summons",
  "mediation",
  "pangkat_convene",
  "conciliation",
  "arbitration_repudiation",
  "arbitration_award",
  "settlement_repudiation",
  "award_nullification",
  "transmittal_of_award",
  "transmittal_of_settlement",
  "execution",
  "execution_hearing",
  "execution_ruling",
  "prescription_interruption",
] as const;
export type KpRuleId = (typeof KP_RULE_IDS)[number];

/** What a period runs from: the first of these events, or the end of another rule's period. */
export type RuleStart = { event: readonly KpEventKind[] } | { after: KpRuleId };

export interface DeadlineRule {
  id: KpRuleId;
  /** What falls due, as the case's clock names it. */
  label: string;
  /** The law and the research note's references. */
  source: string;
  kind: RuleKind;
  day_basis: DayBasis;
  /** The length: days counted on `day_basis`, or calendar months. */
  amount: number;
  unit: "days" | "months";
  start: RuleStart;
  /** The earliest day the act may be done: the day after another rule's period (the award). */
  notBefore?: KpRuleId;
  /** A clearly meritorious case may be extended once by this many days (conciliation). */
  extension?: number;
  /** Events that fulfil the rule: the act done, or the window used. */
  metBy: readonly KpEventKind[];
  /** Events that take the rule away (a repudiated settlement is neither transmitted nor executed). */
  cancelledBy?: readonly KpEventKind[];
  /** The form the act issues, in the 1992 numbering. */
  form?: string;
}

const rule = (r: DeadlineRule) => r;

export const KP_RULES: Readonly<Record<KpRuleId, DeadlineRule>> = {
  summons: rule({
    id: "summons",
    label: "Summons to the respondent and notice to the complainant",
    source: "RA 7160 §410(a); LTIA criterion I.A.1b [K10][K11]",
    kind: "deadline",
    day_basis: "working",
    amount: 1,
    unit: "days",
    start: { event: ["filed"] },
    metBy: ["summoned"],
    form: "KP Forms 8 and 9",
  }),
  mediation: rule({
    id: "mediation",
    label: "Mediation before the Punong Barangay",
    source: "RA 7160 §410(b); KP Rules VI [K10]",
    kind: "deadline",
    day_basis: "calendar",
    amount: 15,
    unit: "days",
    start: { event: ["mediation_hearing"] },
    metBy: ["settled", "referred_to_pangkat", "arbitration_agreed"],
    form: "KP Form 16 if settled",
  }),
  pangkat_convene: rule({
    id: "pangkat_convene",
    label: "The Pangkat convenes",
    source: "RA 7160 §410(e) [K10]",
    kind: "deadline",
    day_basis: "calendar",
    amount: 3,
    unit: "days",
    start: { event: ["pangkat_constituted"] },
    metBy: ["conciliation_hearing"],
    form: "KP Form 12",
  }),
  conciliation: rule({
    id: "conciliation",
    label: "Conciliation before the Pangkat",
    source: "RA 7160 §410(e); LTIA criterion I.A.2 [K10][K11]",
    kind: "deadline",
    day_basis: "calendar",
    amount: 15,
    unit: "days",
    start: { event: ["conciliation_hearing"] },
    extension: 15,
    metBy: ["settled", "arbitration_agreed"],
    form: "KP Form 16 if settled",
  }),
  arbitration_repudiation: rule({
    id: "arbitration_repudiation",
    label: "Repudiation of the agreement to arbitrate",
    source: "RA 7160 §413(a) [K11][K12]",
    kind: "window",
    day_basis: "calendar",
    amount: 5,
    unit: "days",
    start: { event: ["arbitration_agreed"] },
    metBy: ["arbitration_repudiated"],
  }),
  arbitration_award: rule({
    id: "arbitration_award",
    label: "Arbitration award",
    source: "RA 7160 §413(a) [K11][K12]",
    kind: "deadline",
    day_basis: "calendar",
    amount: 10,
    unit: "days",
    start: { after: "arbitration_repudiation" },
    notBefore: "arbitration_repudiation",
    metBy: ["awarded"],
    cancelledBy: ["arbitration_repudiated"],
    form: "KP Form 15",
  }),
  settlement_repudiation: rule({
    id: "settlement_repudiation",
    label: "Repudiation of the settlement",
    source: "RA 7160 §§416, 418 [K8][K14]",
    kind: "window",
    day_basis: "calendar",
    amount: 10,
    unit: "days",
    start: { event: ["settled"] },
    metBy: ["repudiated"],
    form: "KP Form 17",
  }),
  award_nullification: rule({
    id: "award_nullification",
    label: "Petition to nullify the award",
    source: "RA 7160 §416 [K8][K14]",
    kind: "window",
    day_basis: "calendar",
    amount: 10,
    unit: "days",
    start: { event: ["awarded"] },
    metBy: ["repudiated"],
  }),
  transmittal_of_award: rule({
    id: "transmittal_of_award",
    label: "Transmittal of the award to the court",
    source: "RA 7160 §419; LTIA criterion I.C.1 [K12][K11]",
    kind: "deadline",
    day_basis: "calendar",
    amount: 5,
    unit: "days",
    start: { event: ["awarded"] },
    metBy: ["transmitted"],
    cancelledBy: ["repudiated"],
  }),
  transmittal_of_settlement: rule({
    id: "transmittal_of_settlement",
    label: "Transmittal of the settlement to the court",
    source: "RA 7160 §419; LTIA criterion I.C.1 [K12][K11]",
    kind: "deadline",
    day_basis: "calendar",
    amount: 5,
    unit: "days",
    start: { after: "settlement_repudiation" },
    notBefore: "settlement_repudiation",
    metBy: ["transmitted"],
    cancelledBy: ["repudiated"],
  }),
  execution: rule({
    id: "execution",
    label: "Execution by the Lupon",
    source: "RA 7160 §417; KP Rules VII [K14][K15]",
    kind: "window",
    day_basis: "calendar",
    amount: 6,
    unit: "months",
    start: { event: ["settled", "awarded"] },
    metBy: ["executed"],
    cancelledBy: ["repudiated"],
    form: "KP Form 25",
  }),
  execution_hearing: rule({
    id: "execution_hearing",
    label: "Hearing on the motion for execution",
    source: "KP Rules VII [K14][K15]",
    kind: "deadline",
    day_basis: "calendar",
    amount: 5,
    unit: "days",
    start: { event: ["execution_moved"] },
    metBy: ["execution_heard"],
    form: "KP Form 24",
  }),
  execution_ruling: rule({
    id: "execution_ruling",
    label: "Ruling on voluntary compliance",
    source: "KP Rules VII [K14][K15]",
    kind: "deadline",
    day_basis: "calendar",
    amount: 5,
    unit: "days",
    start: { event: ["execution_heard"] },
    metBy: ["execution_ruled"],
  }),
  prescription_interruption: rule({
    id: "prescription_interruption",
    label: "Interruption of prescription ends",
    source: "RA 7160 §410(c) [K10]",
    kind: "limit",
    day_basis: "calendar",
    amount: 60,
    unit: "days",
    start: { event: ["filed"] },
    metBy: ["certified_to_file_action", "repudiated"],
  }),
};

// ---- Days --------------------------------------------------------------------------------------

const DAY_MS = 86_400_000;

function dayNumber(date: CalendarDate): number {
  const { year, month, day } = parseDateOnly(date);
  return Date.UTC(year, month - 1, day) / DAY_MS;
}

function fromDayNumber(n: number): CalendarDate {
  return new Date(n * DAY_MS).toISOString().slice(0, 10);
}

/** The date `days` after (or before, if negative) `date`. */
export function addDays(date: CalendarDate, days: number): CalendarDate {
  return fromDayNumber(dayNumber(date) + days);
}

/** Whole days from `a` to `b` (negative when b is earlier). */
export function daysBetween(a: CalendarDate, b: CalendarDate): number {
  return dayNumber(b) - dayNumber(a);
}

/**
 * The same day `months` calendar months later; where that month is shorter, its last day
 * (31 August + 6 months → the last of February). A month is a calendar month, not 30 days
 * (Administrative Code of 1987, Book I §31; decision 201).
 */
export function addMonths(date: CalendarDate, months: number): CalendarDate {
  const { year, month, day } = parseDateOnly(date);
  const index = year * 12 + (month - 1) + months;
  const [y, m] = [Math.floor(index / 12), index % 12];
  const last = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  return fromDayNumber(Date.UTC(y, m, Math.min(day, last)) / DAY_MS);
}

/** Saturday or Sunday. */
export function isWeekend(date: CalendarDate): boolean {
  const weekday = new Date(dayNumber(date) * DAY_MS).getUTCDay();
  return weekday === 0 || weekday === 6;
}

/** A day the barangay hall is open: not a Saturday, a Sunday or one of the holidays. */
export function isWorkingDay(date: CalendarDate, holidays: ReadonlySet<string>): boolean {
  return !isWeekend(date) && !holidays.has(date);
}

/** The date itself when it is a working day, else the next working day. */
export function onOrNextWorkingDay(date: CalendarDate, holidays: ReadonlySet<string>): CalendarDate {
  let d = date;
  // A year holds far fewer than 60 days off in a row; the bound guards a wrong holiday list.
  for (let i = 0; i < 60 && !isWorkingDay(d, holidays); i++) d = addDays(d, 1);
  return d;
}

/** The `n`th working day after `date` (the day itself never counts). */
export function addWorkingDays(date: CalendarDate, n: number, holidays: ReadonlySet<string>): CalendarDate {
  let d = date;
  for (let i = 0; i < n; i++) d = onOrNextWorkingDay(addDays(d, 1), holidays);
  return d;
}

// ---- Due dates ---------------------------------------------------------------------------------

export interface DueOptions {
  /** Count on this basis instead of the rule's: the working-day view of decision 201. */
  basis?: DayBasis;
  /**
   * The Pangkat extended its period (conciliation only; ignored by other rules): by the rule's
   * full extension, or by a number of days up to it (decision 202 records the days it chose).
   */
  extended?: boolean | number;
}

export interface Deadline {
  rule: KpRuleId;
  /** The day the period runs from (the event's, or the end of the period it follows). */
  from: CalendarDate;
  /** The last day of the period as counted, before a weekend or holiday moves it. */
  last_day: CalendarDate;
  /** The day it falls due: the last day, or the next working day when the office is closed on it. */
  due: CalendarDate;
  /** The first day the act may be done, where the law sets one (the award: after the repudiation window). */
  earliest?: CalendarDate;
  /** How the period was counted. */
  basis: DayBasis;
}

/**
 * The deadline of `rule` for a case whose starting event (the rule's, or the first rule's of a
 * chain) is dated `from`. The day of the event is not counted and the last day is (Rules of Court
 * Rule 22 §1); a last day on a Saturday, Sunday or holiday moves to the next working day, except
 * for a limit, which nobody acts on.
 */
export function deadline(
  ruleOrId: DeadlineRule | KpRuleId,
  from: CalendarDate,
  holidays: ReadonlySet<string>,
  options: DueOptions = {},
): Deadline {
  const r = typeof ruleOrId === "string" ? KP_RULES[ruleOrId] : ruleOrId;
  parseDateOnly(from);
  const start = "after" in r.start ? deadline(r.start.after, from, holidays, options).due : from;
  const basis = options.basis ?? r.day_basis;
  const extra = !r.extension || !options.extended ? 0 : options.extended === true ? r.extension : Math.min(options.extended, r.extension);
  const amount = r.amount + extra;
  let last: CalendarDate;
  if (r.unit === "months") last = addMonths(start, amount);
  else if (basis === "working") last = addWorkingDays(start, amount, holidays);
  else last = addDays(start, amount);
  const due = r.kind === "limit" ? last : onOrNextWorkingDay(last, holidays);
  const result: Deadline = { rule: r.id, from: start, last_day: last, due, basis };
  if (r.notBefore) result.earliest = addDays(deadline(r.notBefore, from, holidays, options).due, 1);
  return result;
}

/** The day `rule` falls due for a case whose starting event is dated `from`. */
export function dueDate(
  ruleOrId: DeadlineRule | KpRuleId,
  from: CalendarDate,
  holidays: ReadonlySet<string>,
  options: DueOptions = {},
): CalendarDate {
  return deadline(ruleOrId, from, holidays, options).due;
}

// ---- A case's clock ----------------------------------------------------------------------------

export interface CaseEvent {
  kind: KpEventKind;
  date: CalendarDate;
  /** A `conciliation_extended` event's length in days, when the Pangkat chose fewer than the law's fifteen. */
  days?: number;
}

/**
 * - `pending`: running, due later; `due_today`: the last day is today;
 * - `overdue`: a deadline past its day with nothing done;
 * - `done`: met (see `on_time`), or a window used;
 * - `lapsed`: a window or limit whose end has passed unused;
 * - `moot`: cancelled by a later event (a repudiation) or by the case leaving the barangay.
 */
export type ClockStatus = "pending" | "due_today" | "overdue" | "done" | "lapsed" | "moot";

export interface ClockItem extends Deadline {
  kind: RuleKind;
  label: string;
  source: string;
  status: ClockStatus;
  /** Days from today to the due date: negative once past. */
  days_left: number;
  /** The date of the event that met the rule. */
  done_on?: CalendarDate;
  /** Whether the rule was met by its due date (done items only). */
  on_time?: boolean;
}

export interface CaseClock {
  today: CalendarDate;
  /** Every rule the case's events have started, in the order of their due dates. */
  items: ClockItem[];
  /** Running deadlines and windows: due later or today. */
  due: ClockItem[];
  /** Deadlines past their day with nothing done. */
  overdue: ClockItem[];
}

/** The first date of any of these kinds on or before `today`, or null. */
function firstOf(events: readonly CaseEvent[], kinds: readonly KpEventKind[], onOrAfter?: CalendarDate): CalendarDate | null {
  let first: CalendarDate | null = null;
  for (const e of events) {
    if (!kinds.includes(e.kind)) continue;
    if (onOrAfter && e.date < onOrAfter) continue;
    if (first === null || e.date < first) first = e.date;
  }
  return first;
}

/** The event a rule's chain starts from. */
function rootEvents(r: DeadlineRule): readonly KpEventKind[] {
  return "after" in r.start ? rootEvents(KP_RULES[r.start.after]) : r.start.event;
}

/**
 * What is due and what is overdue for a case on `today`, from its dated events (events dated
 * after today are not yet known). `extended`: the Pangkat extended its period (or the case has a
 * `conciliation_extended` event).
 */
export function caseClock(
  events: readonly CaseEvent[],
  today: CalendarDate,
  holidays: ReadonlySet<string>,
  options: DueOptions = {},
): CaseClock {
  parseDateOnly(today);
  const known = events.filter((e) => e.date <= today);
  const extension = known.find((e) => e.kind === "conciliation_extended");
  const extended = options.extended || (extension ? (extension.days ?? true) : false);
  const ended = firstOf(known, CASE_ENDS);
  const items: ClockItem[] = [];
  for (const id of KP_RULE_IDS) {
    const r = KP_RULES[id];
    const from = firstOf(known, rootEvents(r));
    if (from === null) continue;
    const d = deadline(r, from, holidays, { ...options, extended: id === "conciliation" && extended });
    const done = firstOf(known, r.metBy, from);
    const cancelled = r.cancelledBy ? firstOf(known, r.cancelledBy, from) : null;
    const days_left = daysBetween(today, d.due);
    let status: ClockStatus;
    if (done !== null && (cancelled === null || done <= cancelled)) status = "done";
    else if (cancelled !== null) status = "moot";
    else if (r.kind !== "deadline") status = days_left < 0 ? "lapsed" : days_left === 0 ? "due_today" : "pending";
    else if (ended !== null && ended >= from) status = "moot";
    else status = days_left < 0 ? "overdue" : days_left === 0 ? "due_today" : "pending";
    const item: ClockItem = { ...d, kind: r.kind, label: r.label, source: r.source, status, days_left };
    if (status === "done" && done !== null) {
      item.done_on = done;
      item.on_time = done <= d.due;
    }
    items.push(item);
  }
  items.sort((a, b) => (a.due < b.due ? -1 : a.due > b.due ? 1 : 0));
  return {
    today,
    items,
    due: items.filter((i) => (i.status === "pending" || i.status === "due_today") && i.kind !== "limit"),
    overdue: items.filter((i) => i.status === "overdue"),
  };
}

/** The case's clock on today's date in Manila (the process clock; tests fake it). */
export function caseClockNow(events: readonly CaseEvent[], holidays: ReadonlySet<string>, options: DueOptions = {}): CaseClock {
  return caseClock(events, todayInManila(), holidays, options);
}
