import { describe, expect, it } from "vitest";
import { bandPoints, kpOutcome, LTIA_CRITERIA, ltiaCriterion, recordingPoints } from "./kp";

// The LTIA's bands read on the exact share (79.9% is not 80%), and the one outcome a case counts under.

describe("the LTIA's bands", () => {
  it("add up to the 100 points of MC 2023-022, 37 of them measured from the records", () => {
    expect(LTIA_CRITERIA.reduce((s, c) => s + c.points, 0)).toBe(100);
    expect(LTIA_CRITERIA.filter((c) => c.measured).reduce((s, c) => s + c.points, 0)).toBe(37);
  });

  it("score each share on its band, never rounding a share up into the next", () => {
    const summons = ltiaCriterion("I.A.1b");
    expect(bandPoints(summons, 80, 100)).toBe(5);
    expect(bandPoints(summons, 799, 1000)).toBe(3);
    expect(bandPoints(summons, 50, 100)).toBe(3);
    expect(bandPoints(summons, 49, 100)).toBe(2);
    expect(bandPoints(summons, 1, 1000)).toBe(2);
    expect(bandPoints(summons, 0, 10)).toBe(0);
    expect(bandPoints(summons, 0, 0)).toBe(0);
    const settled = ltiaCriterion("II.A");
    expect(bandPoints(settled, 10, 10)).toBe(10);
    expect(bandPoints(settled, 99, 100)).toBe(8);
    expect(bandPoints(settled, 39, 100)).toBe(2);
    const transmittal = ltiaCriterion("I.C.1");
    expect([80, 79, 60, 59, 40, 39, 20, 19, 1].map((n) => bandPoints(transmittal, n, 100))).toEqual([5, 4, 4, 3, 3, 2, 2, 1, 1]);
  });

  it("score recording: all 5, some 2.5, none 0", () => {
    expect(recordingPoints(3, 3)).toBe(5);
    expect(recordingPoints(2, 3)).toBe(2.5);
    expect(recordingPoints(0, 3)).toBe(0);
    expect(recordingPoints(0, 0)).toBe(0);
  });
});

describe("a case's outcome", () => {
  const none = { settled_on: null, awarded_on: null, repudiated_on: null, conciliation_started_on: null };
  it("counts a repudiated settlement as repudiated even once certified, and a settlement where it was reached", () => {
    expect(kpOutcome({ ...none, state: "certified_file_action", settled_on: "2026-05-01", repudiated_on: "2026-05-05" })).toBe(
      "repudiated",
    );
    expect(kpOutcome({ ...none, state: "certified_file_action" })).toBe("certified_file_action");
    expect(kpOutcome({ ...none, state: "executed", settled_on: "2026-05-01", conciliation_started_on: "2026-04-20" })).toBe(
      "settled_conciliation",
    );
    expect(kpOutcome({ ...none, state: "settled", settled_on: "2026-05-01" })).toBe("settled_mediation");
    expect(kpOutcome({ ...none, state: "awarded", awarded_on: "2026-05-01" })).toBe("awarded");
    expect(kpOutcome({ ...none, state: "certified_bar_action" })).toBe("barred");
    expect(kpOutcome({ ...none, state: "conciliation" })).toBe("pending");
  });
});
