import { describe, expect, it } from "vitest";
import { caseEvents, type CaseDates } from "./case-events";
import { caseClock } from "./deadlines";
import { philippineHolidaySet } from "./philippine-holidays";

// A stored case's step dates (decision 200) read as the deadline rules' events (decision 201).

const H = philippineHolidaySet();
const EMPTY: CaseDates = {
  state: "filed",
  filed_on: "2026-03-30",
  summoned_on: null,
  mediation_started_on: null,
  referred_on: null,
  conciliation_started_on: null,
  arbitration_agreed_on: null,
  settled_on: null,
  awarded_on: null,
  repudiated_on: null,
  executed_on: null,
  certified_on: null,
  closed_on: null,
};

describe("caseEvents", () => {
  it("reads each dated step as its event, with the hearings, in date order", () => {
    const events = caseEvents(
      { ...EMPTY, state: "settled", summoned_on: "2026-03-31", mediation_started_on: "2026-04-06", settled_on: "2026-04-13" },
      [
        { kind: "mediation", held_on: "2026-04-08" },
        { kind: "arbitration", held_on: "2026-04-10" },
      ],
    );
    expect(events).toEqual([
      { kind: "filed", date: "2026-03-30" },
      { kind: "summoned", date: "2026-03-31" },
      { kind: "mediation_hearing", date: "2026-04-06" },
      { kind: "mediation_hearing", date: "2026-04-08" },
      { kind: "settled", date: "2026-04-13" },
    ]);
  });

  it("tells a certification to bar action from one to file action, and dismissal from withdrawal", () => {
    expect(caseEvents({ ...EMPTY, state: "certified_bar_action", certified_on: "2026-04-20" }).at(-1)).toEqual({
      kind: "barred",
      date: "2026-04-20",
    });
    expect(caseEvents({ ...EMPTY, state: "certified_file_action", certified_on: "2026-04-20" }).at(-1)).toEqual({
      kind: "certified_to_file_action",
      date: "2026-04-20",
    });
    expect(caseEvents({ ...EMPTY, state: "dismissed", closed_on: "2026-04-21" }).at(-1)).toEqual({ kind: "dismissed", date: "2026-04-21" });
    expect(caseEvents({ ...EMPTY, state: "withdrawn", closed_on: "2026-04-21" }).at(-1)).toEqual({ kind: "withdrawn", date: "2026-04-21" });
  });

  it("gives a case filed on the Monday before Holy Week its clock", () => {
    const clock = caseClock(caseEvents(EMPTY), "2026-03-31", H);
    expect(clock.due.map((i) => [i.rule, i.due, i.status])).toEqual([["summons", "2026-03-31", "due_today"]]);
    const summoned = caseClock(caseEvents({ ...EMPTY, summoned_on: "2026-03-31", mediation_started_on: "2026-03-31" }), "2026-04-14", H);
    // 15 days from 31 March end on 15 April: pending, not yet overdue.
    expect(summoned.due.map((i) => [i.rule, i.due])).toEqual([["mediation", "2026-04-15"]]);
  });

  it("reads the later steps (decision 202) and starts the rules that wait for them", () => {
    const pangkat = {
      ...EMPTY,
      state: "pangkat" as const,
      summoned_on: "2026-03-31",
      mediation_started_on: "2026-03-31",
      referred_on: "2026-04-13",
      pangkat_constituted_on: "2026-04-14",
    };
    expect(caseEvents(pangkat).at(-1)).toEqual({ kind: "pangkat_constituted", date: "2026-04-14" });
    // Constituted Tuesday 14 April: the Pangkat convenes within three days, by Friday 17 April.
    const convene = caseClock(caseEvents(pangkat), "2026-04-15", H).items.find((i) => i.rule === "pangkat_convene");
    expect(convene).toMatchObject({ due: "2026-04-17", status: "pending" });
    // A settlement moved for execution on 20 April is heard within five days: Saturday 25 April moves
    // to Monday 27 April. Transmitted on 14 April, its transmittal is done.
    const settled = {
      ...EMPTY,
      state: "settled" as const,
      settled_on: "2026-04-01",
      execution_moved_on: "2026-04-20",
      transmitted_on: "2026-04-14",
    };
    const clock = caseClock(caseEvents(settled), "2026-04-21", H);
    expect(clock.items.find((i) => i.rule === "execution_hearing")).toMatchObject({ due: "2026-04-27", status: "pending" });
    expect(clock.items.find((i) => i.rule === "transmittal_of_settlement")).toMatchObject({ status: "done", done_on: "2026-04-14" });
    // The extension gives conciliation its second fifteen days.
    const extended = {
      ...EMPTY,
      state: "conciliation" as const,
      conciliation_started_on: "2026-05-04",
      conciliation_extended_on: "2026-05-15",
    };
    expect(caseEvents(extended)).toContainEqual({ kind: "conciliation_extended", date: "2026-05-15" });
    expect(caseClock(caseEvents(extended), "2026-05-20", H).items.find((i) => i.rule === "conciliation")?.due).toBe("2026-06-03");
    // Extended by ten days only, it ends on Friday 29 May.
    const tenDays = caseEvents({ ...extended, conciliation_extension_days: 10 });
    expect(tenDays).toContainEqual({ kind: "conciliation_extended", date: "2026-05-15", days: 10 });
    expect(caseClock(tenDays, "2026-05-20", H).items.find((i) => i.rule === "conciliation")?.due).toBe("2026-05-29");
  });
});
