import { afterEach, describe, expect, it, vi } from "vitest";
import {
  addMonths,
  addWorkingDays,
  caseClock,
  caseClockNow,
  deadline,
  dueDate,
  isWorkingDay,
  KP_RULE_IDS,
  KP_RULES,
  type CaseEvent,
  type KpRuleId,
} from "./deadlines";
import { PHILIPPINE_HOLIDAYS, philippineHolidaySet } from "./philippine-holidays";

// The KP deadline rules (decision 201) across weekends, holidays, a holiday beside a weekend
// (Holy Week 2026: Maundy Thursday 2 April, Good Friday 3 April, Black Saturday 4 April), the
// year's end (24 December to 1 January), month ends and leap years; and a case's clock on a faked
// "today" where the clock reads the date itself.

const H = philippineHolidaySet();
const NONE: ReadonlySet<string> = new Set();

afterEach(() => {
  vi.useRealTimers();
});

describe("the rules", () => {
  it("each has its id, its legal source and its day basis; only the summons counts working days", () => {
    for (const id of KP_RULE_IDS) {
      const r = KP_RULES[id];
      expect(r.id).toBe(id);
      expect(r.source).toMatch(/RA 7160|KP Rules/);
      expect(r.source).toMatch(/\[K\d+\]/);
      expect(r.day_basis).toBe(id === "summons" ? "working" : "calendar");
    }
  });

  it("the seeded holidays fall where the proclamation puts them", () => {
    expect(PHILIPPINE_HOLIDAYS[2026]).toHaveLength(20);
    expect(PHILIPPINE_HOLIDAYS[2027]).toHaveLength(20);
    for (const date of ["2026-04-02", "2026-04-03", "2026-04-04", "2026-12-24", "2026-12-25", "2026-12-30", "2026-12-31", "2027-01-01"])
      expect(isWorkingDay(date, H), date).toBe(false);
    expect(isWorkingDay("2026-02-25", H)).toBe(true); // EDSA anniversary: a special working day in 2026
    expect(isWorkingDay("2026-04-06", H)).toBe(true);
  });
});

/** [rule, from, due] rows. */
type Row = [KpRuleId, string, string, string];

describe("dueDate", () => {
  const rows: Row[] = [
    // Summons: the next working day after the complaint (§410(a)).
    ["summons", "2026-03-05", "2026-03-06", "a Thursday's complaint: Friday"],
    ["summons", "2026-03-06", "2026-03-09", "a Friday's complaint: Monday, over the weekend"],
    ["summons", "2026-03-07", "2026-03-09", "received on a Saturday: Monday"],
    ["summons", "2026-04-01", "2026-04-06", "Holy Wednesday: past Maundy Thursday, Good Friday, Black Saturday and Easter"],
    ["summons", "2026-04-08", "2026-04-10", "the eve of Araw ng Kagitingan: the day after it"],
    ["summons", "2026-12-23", "2026-12-28", "Christmas Eve, Christmas and the weekend"],
    ["summons", "2026-12-29", "2027-01-04", "Rizal Day, the last day of the year, New Year's Day and the weekend"],
    ["summons", "2026-02-27", "2026-03-02", "the month's end on a Friday"],
    // Mediation: 15 days from the first meeting (§410(b)).
    ["mediation", "2026-03-02", "2026-03-17", "an ordinary fortnight"],
    ["mediation", "2026-03-06", "2026-03-23", "the 15th day a Saturday: Monday"],
    ["mediation", "2026-03-18", "2026-04-06", "the 15th day Maundy Thursday: after Easter"],
    ["mediation", "2026-12-09", "2026-12-28", "the 15th day Christmas Eve"],
    ["mediation", "2026-02-14", "2026-03-02", "across February's end (2026, 28 days): 1 March is a Sunday"],
    ["mediation", "2027-02-14", "2027-03-01", "across February's end (2027)"],
    ["mediation", "2028-02-14", "2028-02-29", "a leap year: the 29th of February is the 15th day"],
    // The Pangkat convenes within 3 days of its constitution (§410(e)).
    ["pangkat_convene", "2026-04-01", "2026-04-06", "constituted in Holy Week"],
    ["pangkat_convene", "2026-04-06", "2026-04-10", "the 3rd day Araw ng Kagitingan"],
    ["pangkat_convene", "2026-03-03", "2026-03-06", "a weekday"],
    // Conciliation: 15 days from convening (§410(e)).
    ["conciliation", "2026-12-16", "2027-01-04", "the 15th day the last of the year, then New Year's Day and a weekend"],
    ["conciliation", "2026-01-30", "2026-02-16", "from January's end: 14 February is a Saturday"],
    // Arbitration: repudiable within 5 days; the award within 10 days after (§413).
    ["arbitration_repudiation", "2026-03-30", "2026-04-06", "the 5th day Black Saturday"],
    ["arbitration_award", "2026-03-30", "2026-04-16", "10 days after the moved end of the repudiation window"],
    ["arbitration_repudiation", "2026-12-21", "2026-12-28", "the 5th day a Saturday after Christmas"],
    ["arbitration_award", "2026-12-21", "2027-01-07", "across the new year"],
    // Settlements and awards: 10 days to repudiate or to petition (§§416, 418).
    ["settlement_repudiation", "2026-12-21", "2027-01-04", "the 10th day the last of the year"],
    ["award_nullification", "2026-08-11", "2026-08-24", "the 10th day Ninoy Aquino Day, a Friday"],
    // Transmittal to the court: 5 days (§419).
    ["transmittal_of_award", "2026-08-26", "2026-09-01", "the 5th day National Heroes Day"],
    ["transmittal_of_settlement", "2026-12-21", "2027-01-11", "5 days after the repudiation window, itself moved"],
    ["transmittal_of_settlement", "2026-03-02", "2026-03-17", "10 + 5 days on weekdays"],
    // Execution by the Lupon within 6 months (§417): calendar months.
    ["execution", "2026-01-31", "2026-07-31", "the same day six months later"],
    ["execution", "2026-08-31", "2027-03-01", "31 August: the last of February 2027 is a Sunday"],
    ["execution", "2027-08-31", "2028-02-29", "31 August 2027: a leap February"],
    ["execution", "2026-06-30", "2027-01-04", "30 December is Rizal Day, then the year's end"],
    // The execution hearing within 5 days of the motion; the ruling within 5 days of the hearing.
    ["execution_hearing", "2026-05-22", "2026-05-28", "the 5th day Eid'l Adha"],
    ["execution_ruling", "2026-06-07", "2026-06-15", "the 5th day Independence Day, a Friday"],
    // The interruption of prescription ends after 60 days (§410(c)); a limit, never moved.
    ["prescription_interruption", "2026-02-02", "2026-04-03", "ends on Good Friday as counted"],
    ["prescription_interruption", "2027-12-31", "2028-02-29", "into a leap February"],
  ];

  it.each(rows)("%s from %s is due %s (%s)", (rule, from, due) => {
    expect(dueDate(rule, from, H)).toBe(due);
  });

  it("counts from the day after the event and includes the last day", () => {
    expect(dueDate("pangkat_convene", "2026-03-02", NONE)).toBe("2026-03-05");
    expect(dueDate("summons", "2026-03-02", NONE)).toBe("2026-03-03");
  });

  it("keeps the last day as counted beside the day it moved to", () => {
    expect(deadline("mediation", "2026-03-18", H)).toEqual({
      rule: "mediation",
      from: "2026-03-18",
      last_day: "2026-04-02",
      due: "2026-04-06",
      basis: "calendar",
    });
    expect(deadline("execution", "2026-08-31", H)).toMatchObject({ last_day: "2027-02-28", due: "2027-03-01" });
  });

  it("gives the award its first day: the day after the repudiation window", () => {
    expect(deadline("arbitration_award", "2026-03-30", H)).toMatchObject({ from: "2026-04-06", earliest: "2026-04-07", due: "2026-04-16" });
    expect(deadline("transmittal_of_settlement", "2026-12-21", H)).toMatchObject({ from: "2027-01-04", earliest: "2027-01-05" });
  });

  it("extends conciliation by 15 days counted from the original last day, not the moved one", () => {
    // 15 days from 18 March is Maundy Thursday, moved to 6 April; the extension runs from 2 April.
    expect(dueDate("conciliation", "2026-03-18", H)).toBe("2026-04-06");
    expect(dueDate("conciliation", "2026-03-18", H, { extended: true })).toBe("2026-04-17");
    expect(dueDate("conciliation", "2026-12-16", H, { extended: true })).toBe("2027-01-15");
    // Other rules have no extension.
    expect(dueDate("mediation", "2026-03-02", H, { extended: true })).toBe("2026-03-17");
  });

  it("offers the working-day view: every day counted is a working day", () => {
    expect(dueDate("mediation", "2026-03-18", H, { basis: "working" })).toBe("2026-04-14");
    expect(dueDate("transmittal_of_award", "2026-12-21", H, { basis: "working" })).toBe("2027-01-04");
    expect(dueDate("transmittal_of_award", "2026-12-21", NONE, { basis: "working" })).toBe("2026-12-28");
  });

  it("reads the barangay's own holidays: a local holiday moves a due date, a deleted one no longer does", () => {
    const fiesta = new Set([...H, "2026-05-15"]);
    expect(dueDate("execution_hearing", "2026-05-10", H)).toBe("2026-05-15");
    expect(dueDate("execution_hearing", "2026-05-10", fiesta)).toBe("2026-05-18");
    expect(dueDate("summons", "2026-04-01", NONE)).toBe("2026-04-02");
  });

  it("refuses a date that does not exist", () => {
    expect(() => dueDate("summons", "2026-02-29", H)).toThrow(/Not a date/);
    expect(() => dueDate("summons", "2026-4-1", H)).toThrow(/Not a date/);
  });

  it("adds months to the same day or the month's last", () => {
    expect(addMonths("2026-01-31", 1)).toBe("2026-02-28");
    expect(addMonths("2028-01-31", 1)).toBe("2028-02-29");
    expect(addMonths("2026-11-15", 3)).toBe("2027-02-15");
    expect(addWorkingDays("2026-12-23", 3, H)).toBe("2027-01-04");
  });
});

const ev = (kind: CaseEvent["kind"], date: string): CaseEvent => ({ kind, date });
const byRule = (clock: ReturnType<typeof caseClock>) => Object.fromEntries(clock.items.map((i) => [i.rule, i]));

describe("caseClock", () => {
  const filed = [ev("filed", "2026-04-01")];

  it("a complaint of Holy Wednesday: the summons due after Easter, and the prescription limit running", () => {
    const clock = caseClock(filed, "2026-04-01", H);
    expect(clock.due.map((i) => [i.rule, i.due, i.status, i.days_left])).toEqual([["summons", "2026-04-06", "pending", 5]]);
    expect(clock.overdue).toEqual([]);
    expect(byRule(clock).prescription_interruption).toMatchObject({ kind: "limit", due: "2026-05-31", status: "pending" });
  });

  it("the summons is due today on Easter Monday and overdue the day after", () => {
    expect(caseClock(filed, "2026-04-06", H).due[0]).toMatchObject({ rule: "summons", status: "due_today", days_left: 0 });
    const late = caseClock(filed, "2026-04-07", H);
    expect(late.overdue.map((i) => [i.rule, i.days_left])).toEqual([["summons", -1]]);
    expect(late.due).toEqual([]);
  });

  it("a summons served is done, on time or late", () => {
    expect(byRule(caseClock([...filed, ev("summoned", "2026-04-06")], "2026-04-20", H)).summons).toMatchObject({
      status: "done",
      done_on: "2026-04-06",
      on_time: true,
    });
    const late = caseClock([...filed, ev("summoned", "2026-04-07")], "2026-04-20", H);
    expect(byRule(late).summons).toMatchObject({ status: "done", on_time: false });
    expect(late.overdue).toEqual([]);
  });

  it("events dated after today are not known yet", () => {
    const clock = caseClock([...filed, ev("summoned", "2026-04-06")], "2026-04-02", H);
    expect(byRule(clock).summons.status).toBe("pending");
  });

  const settledCase = [
    ev("filed", "2026-12-01"),
    ev("summoned", "2026-12-02"),
    ev("mediation_hearing", "2026-12-09"),
    ev("mediation_hearing", "2026-12-16"),
    ev("settled", "2026-12-21"),
  ];

  it("after a settlement at the year's end: the repudiation window, the transmittal and the execution", () => {
    const clock = caseClock(settledCase, "2026-12-28", H);
    const items = byRule(clock);
    expect(items.mediation).toMatchObject({ from: "2026-12-09", due: "2026-12-28", status: "done", on_time: true });
    expect(clock.due.map((i) => [i.rule, i.due, i.status])).toEqual([
      ["settlement_repudiation", "2027-01-04", "pending"],
      ["transmittal_of_settlement", "2027-01-11", "pending"],
      ["execution", "2027-06-21", "pending"],
    ]);
    expect(clock.overdue).toEqual([]);
  });

  it("the window lapses and the transmittal falls overdue when nothing is sent", () => {
    const clock = caseClock(settledCase, "2027-01-12", H);
    const items = byRule(clock);
    expect(items.settlement_repudiation.status).toBe("lapsed");
    expect(clock.overdue.map((i) => i.rule)).toEqual(["transmittal_of_settlement"]);
    const sent = caseClock([...settledCase, ev("transmitted", "2027-01-08")], "2027-01-12", H);
    expect(byRule(sent).transmittal_of_settlement).toMatchObject({ status: "done", on_time: true });
    expect(sent.overdue).toEqual([]);
  });

  it("a repudiated settlement is neither transmitted nor executed", () => {
    const clock = caseClock([...settledCase, ev("repudiated", "2026-12-30")], "2027-02-01", H);
    const items = byRule(clock);
    expect(items.settlement_repudiation).toMatchObject({ status: "done", done_on: "2026-12-30" });
    expect(items.transmittal_of_settlement.status).toBe("moot");
    expect(items.execution.status).toBe("moot");
    expect(clock.overdue).toEqual([]);
  });

  it("a certification to file action makes the deadlines left moot, never overdue", () => {
    const events = [
      ev("filed", "2026-03-02"),
      ev("summoned", "2026-03-03"),
      ev("mediation_hearing", "2026-03-04"),
      ev("certified_to_file_action", "2026-03-20"),
    ];
    const clock = caseClock(events, "2026-04-30", H);
    expect(byRule(clock).mediation.status).toBe("moot");
    expect(byRule(clock).prescription_interruption.status).toBe("done");
    expect(clock.overdue).toEqual([]);
  });

  it("the Pangkat: convening within 3 days, conciliation within 15, or 30 once extended", () => {
    const events = [
      ev("filed", "2026-03-02"),
      ev("summoned", "2026-03-03"),
      ev("mediation_hearing", "2026-03-04"),
      ev("referred_to_pangkat", "2026-03-16"),
      ev("pangkat_constituted", "2026-03-30"),
      ev("conciliation_hearing", "2026-04-06"),
    ];
    const clock = caseClock(events, "2026-04-20", H);
    const items = byRule(clock);
    expect(items.mediation).toMatchObject({ status: "done", on_time: true });
    // Constituted on Monday 30 March: the 3rd day is Maundy Thursday, so Easter Monday is in time.
    expect(items.pangkat_convene).toMatchObject({ due: "2026-04-06", status: "done", on_time: true });
    expect(items.conciliation).toMatchObject({ due: "2026-04-21", status: "pending", days_left: 1 });
    const extended = caseClock([...events, ev("conciliation_extended", "2026-04-20")], "2026-04-25", H);
    expect(byRule(extended).conciliation).toMatchObject({ due: "2026-05-06", status: "pending" });
    expect(caseClock(events, "2026-04-25", H).overdue.map((i) => i.rule)).toEqual(["conciliation"]);
  });

  it("arbitration: the repudiation window lapses, then the award is due within 10 days", () => {
    const agreed = [ev("filed", "2026-03-02"), ev("summoned", "2026-03-03"), ev("arbitration_agreed", "2026-03-30")];
    const clock = caseClock(agreed, "2026-04-08", H);
    const items = byRule(clock);
    expect(items.arbitration_repudiation).toMatchObject({ due: "2026-04-06", status: "lapsed" });
    expect(items.arbitration_award).toMatchObject({ earliest: "2026-04-07", due: "2026-04-16", status: "pending", days_left: 8 });
    const repudiated = caseClock([...agreed, ev("arbitration_repudiated", "2026-04-02")], "2026-04-20", H);
    expect(byRule(repudiated).arbitration_award.status).toBe("moot");
    expect(repudiated.overdue).toEqual([]);
  });

  it("execution: the hearing within 5 days of the motion, the ruling within 5 days of the hearing", () => {
    const events = [
      ...settledCase,
      ev("transmitted", "2027-01-05"),
      ev("execution_moved", "2027-03-22"),
      ev("execution_heard", "2027-03-24"),
    ];
    const clock = caseClock(events, "2027-03-29", H);
    const items = byRule(clock);
    expect(items.execution_hearing).toMatchObject({ due: "2027-03-29", status: "done", on_time: true });
    // Heard on Holy Wednesday 2027: the days run through Holy Week; the 5th, 29 March, is a Monday.
    expect(items.execution_ruling).toMatchObject({ due: "2027-03-29", status: "due_today" });
    expect(caseClock(events, "2027-03-30", H).overdue.map((i) => i.rule)).toEqual(["execution_ruling"]);
  });
});

describe("caseClockNow reads today in Manila", () => {
  it("turns the summons due at Manila midnight, not UTC's", () => {
    vi.useFakeTimers();
    // 23:59 on Easter Sunday in Manila (15:59 UTC): still pending.
    vi.setSystemTime(new Date("2026-04-05T15:59:00Z"));
    expect(caseClockNow([ev("filed", "2026-04-01")], H).due[0]).toMatchObject({ rule: "summons", status: "pending", days_left: 1 });
    // 00:30 on Easter Monday in Manila (16:30 UTC on Sunday): due today.
    vi.setSystemTime(new Date("2026-04-05T16:30:00Z"));
    expect(caseClockNow([ev("filed", "2026-04-01")], H).due[0]).toMatchObject({ rule: "summons", status: "due_today" });
    // New Year's Day 2027 in Manila: a complaint of 29 December is not overdue until after the 4th.
    vi.setSystemTime(new Date("2027-01-01T02:00:00Z"));
    expect(caseClockNow([ev("filed", "2026-12-29")], H).due[0]).toMatchObject({ due: "2027-01-04", days_left: 3 });
    vi.setSystemTime(new Date("2027-01-04T16:00:00Z"));
    expect(caseClockNow([ev("filed", "2026-12-29")], H).overdue[0]).toMatchObject({ rule: "summons", days_left: -1 });
  });
});
