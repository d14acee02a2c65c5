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
});
