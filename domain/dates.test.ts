import { afterEach, describe, expect, it, vi } from "vitest";
import {
  ageOn,
  formatDate,
  formatDateTime,
  formatTime,
  InvalidDateError,
  parseDateOnly,
  todayInManila,
  toInstant,
  toManilaDateString,
} from "./dates.ts";

// 2024-01-04T16:30:00Z is 2024-01-05 00:30 in Manila (UTC+8): the day differs between the two zones.
const NEAR_MIDNIGHT = "2024-01-04T16:30:00Z";

describe("in Asia/Manila whatever the machine's zone", () => {
  const originalTz = process.env.TZ;
  afterEach(() => {
    process.env.TZ = originalTz;
  });

  // Node reads TZ when it changes; the results must not.
  it.each(["UTC", "America/Los_Angeles", "Asia/Tokyo", "Pacific/Kiritimati"])("TZ=%s", (tz) => {
    process.env.TZ = tz;
    expect(formatDate(NEAR_MIDNIGHT)).toBe("Jan 5, 2024");
    expect(formatDateTime(NEAR_MIDNIGHT)).toBe("Jan 5, 2024, 12:30 AM");
    expect(toManilaDateString(NEAR_MIDNIGHT)).toBe("2024-01-05");
    expect(formatDate("2024-01-05")).toBe("Jan 5, 2024"); // calendar date never shifts
    expect(toManilaDateString(new Date(2024, 0, 5, 12)).length).toBe(10);
  });
});

describe("formatDate", () => {
  it.each([
    [NEAR_MIDNIGHT, "medium", "Jan 5, 2024"],
    [NEAR_MIDNIGHT, "long", "January 5, 2024"],
    [NEAR_MIDNIGHT, "short", "1/5/24"],
    ["2024-01-04T15:59:59Z", "medium", "Jan 4, 2024"], // one second before Manila midnight
    ["2024-01-04T16:00:00Z", "medium", "Jan 5, 2024"], // Manila midnight
    ["2024-01-04 16:30:00+00", "medium", "Jan 5, 2024"], // Postgres text form
    ["2024-01-05T00:30:00+08:00", "medium", "Jan 5, 2024"],
    ["2024-02-29", "long", "February 29, 2024"],
    ["1990-12-31", "medium", "Dec 31, 1990"],
    [Date.UTC(2023, 11, 31, 16, 0, 0), "medium", "Jan 1, 2024"], // epoch ms: New Year in Manila
    [new Date("2023-12-31T15:00:00Z"), "medium", "Dec 31, 2023"],
  ] as const)("%j (%s) → %s", (input, style, expected) => {
    expect(formatDate(input, style)).toBe(expected);
  });

  it.each([null, undefined, ""])("%j → empty", (input) => {
    expect(formatDate(input)).toBe("");
    expect(formatDateTime(input)).toBe("");
    expect(formatTime(input)).toBe("");
  });

  it.each(["yesterday", "2024-13-01", "2023-02-29", "2024-00-10"])("rejects %j", (input) => {
    expect(() => formatDate(input)).toThrow(InvalidDateError);
  });
});

describe("formatDateTime and formatTime", () => {
  it.each([
    [NEAR_MIDNIGHT, "Jan 5, 2024, 12:30 AM", "12:30 AM"],
    ["2024-06-15T04:05:00Z", "Jun 15, 2024, 12:05 PM", "12:05 PM"],
    ["2024-06-15T15:59:00Z", "Jun 15, 2024, 11:59 PM", "11:59 PM"],
  ])("%s → %s / %s", (input, dateTime, time) => {
    expect(formatDateTime(input)).toBe(dateTime);
    expect(formatTime(input)).toBe(time);
  });
});

describe("toManilaDateString and todayInManila", () => {
  it.each([
    [NEAR_MIDNIGHT, "2024-01-05"],
    ["2024-01-04T15:59:59.999Z", "2024-01-04"],
    ["2023-12-31T16:00:00Z", "2024-01-01"],
    ["2024-03-09", "2024-03-09"],
    [new Date("2024-07-01T00:00:00Z"), "2024-07-01"],
  ] as const)("%j → %s", (input, expected) => {
    expect(toManilaDateString(input)).toBe(expected);
  });

  it("gives Manila's date for an injected now", () => {
    expect(todayInManila(new Date(NEAR_MIDNIGHT))).toBe("2024-01-05");
    expect(todayInManila(Date.UTC(2024, 0, 4, 15, 59))).toBe("2024-01-04");
  });

  it("uses the clock by default", () => {
    vi.useFakeTimers({ now: new Date("2025-06-30T17:00:00Z"), toFake: ["Date"] });
    try {
      expect(todayInManila()).toBe("2025-07-01");
    } finally {
      vi.useRealTimers();
    }
  });
});

describe("ageOn", () => {
  it.each([
    ["2000-01-05", "2024-01-05", 24], // birthday today
    ["2000-01-05", "2024-01-04", 23], // the day before
    ["2000-01-05", "2024-01-06", 24],
    ["2000-12-31", "2024-01-01", 23],
    ["2024-01-05", "2024-01-05", 0], // born today
    ["2000-02-29", "2023-02-28", 22], // leap-day birthday, common year: not yet
    ["2000-02-29", "2023-03-01", 23], // … turns older on 1 March
    ["2000-02-29", "2024-02-29", 24],
    ["1950-06-15", "2024-06-14", 73],
    ["1950-06-15", "2024-06-15", 74],
  ])("born %s, on %s → %i", (birth, on, expected) => {
    expect(ageOn(birth, on)).toBe(expected);
  });

  it("reads an instant 'on' in Manila time", () => {
    // 16:30 UTC on the 4th is already the 5th, the birthday, in Manila.
    expect(ageOn("2000-01-05", NEAR_MIDNIGHT)).toBe(24);
    expect(ageOn("2000-01-05", "2024-01-04T15:00:00Z")).toBe(23);
  });

  it("defaults to today in Manila", () => {
    vi.useFakeTimers({ now: new Date(NEAR_MIDNIGHT), toFake: ["Date"] });
    try {
      expect(ageOn("2000-01-05")).toBe(24);
    } finally {
      vi.useRealTimers();
    }
  });

  it("rejects a birth date after the day, and bad dates", () => {
    expect(() => ageOn("2025-01-01", "2024-01-01")).toThrow(InvalidDateError);
    expect(() => ageOn("2000-02-30", "2024-01-01")).toThrow(InvalidDateError);
  });
});

describe("parsing", () => {
  it("parseDateOnly checks the day exists", () => {
    expect(parseDateOnly("2024-02-29")).toEqual({ year: 2024, month: 2, day: 29 });
    expect(() => parseDateOnly("2023-02-29")).toThrow(InvalidDateError);
    expect(() => parseDateOnly("2024-2-9")).toThrow(InvalidDateError);
  });

  it("toInstant reads a calendar date as Manila midnight", () => {
    expect(toInstant("2024-01-05").toISOString()).toBe("2024-01-04T16:00:00.000Z");
    expect(toInstant(0).toISOString()).toBe("1970-01-01T00:00:00.000Z");
    expect(() => toInstant("not a date")).toThrow(InvalidDateError);
    expect(() => toInstant(Number.NaN)).toThrow(InvalidDateError);
  });
});

describe("the reader's language (issue 33 item 4)", () => {
  it("writes English by default and Filipino when asked; the time of day reads the same", () => {
    expect(formatDate("2024-01-05")).toBe("Jan 5, 2024");
    expect(formatDate("2024-01-05", "medium", "fil")).toBe("Ene 5, 2024");
    expect(formatDate("2024-01-05", "long", "fil")).toBe("Enero 5, 2024");
    expect(formatDateTime("2024-01-04T16:30:00Z", "fil")).toBe("Ene 5, 2024, 12:30 AM");
    expect(formatDateTime("2024-01-04T16:30:00Z")).toBe("Jan 5, 2024, 12:30 AM");
    expect(formatTime("2024-01-04T16:30:00Z", "fil")).toBe("12:30 AM");
  });
});
