import type { HolidayKind } from "../registry/holidays";

// The national holidays the portal starts with (decision 201). The barangay edits them in
// System → Parameters → Holidays: a movable feast gets its proclaimed date, a local holiday is
// added; the seed (server/features/holidays/seed.ts) fills a year only while the table holds no
// holiday of that year, so an edit or a deletion is never undone.
//
// 2026: Proclamation No. 1006, s. 2025 (regular holidays and special non-working days), with
// Eid'l Fitr on 20 March and Eid'l Adha on 27 May as later proclaimed (Proclamation No. 1264 for
// the Adha). 2027: the dates the statutes fix (Administrative Code Book I §26 as amended by RA 9492,
// RA 9256, RA 10966) and those the yearly proclamations have kept (Chinese New Year, Black
// Saturday, All Souls' Day, Christmas Eve); the feasts of Islam are estimates until proclaimed.

export interface SeedHoliday {
  holiday_date: string;
  name: string;
  kind: HolidayKind;
}

const r = (holiday_date: string, name: string): SeedHoliday => ({ holiday_date, name, kind: "regular" });
const s = (holiday_date: string, name: string): SeedHoliday => ({ holiday_date, name, kind: "special_non_working" });

export const PHILIPPINE_HOLIDAYS: Readonly<Record<number, readonly SeedHoliday[]>> = {
  2026: [
    r("2026-01-01", "New Year's Day"),
    s("2026-02-17", "Chinese New Year"),
    r("2026-03-20", "Eid'l Fitr (movable feast)"),
    r("2026-04-02", "Maundy Thursday"),
    r("2026-04-03", "Good Friday"),
    s("2026-04-04", "Black Saturday"),
    r("2026-04-09", "Araw ng Kagitingan"),
    r("2026-05-01", "Labor Day"),
    r("2026-05-27", "Eid'l Adha (movable feast)"),
    r("2026-06-12", "Independence Day"),
    s("2026-08-21", "Ninoy Aquino Day"),
    r("2026-08-31", "National Heroes Day"),
    s("2026-11-01", "All Saints' Day"),
    s("2026-11-02", "All Souls' Day"),
    r("2026-11-30", "Bonifacio Day"),
    s("2026-12-08", "Feast of the Immaculate Conception of Mary"),
    s("2026-12-24", "Christmas Eve"),
    r("2026-12-25", "Christmas Day"),
    r("2026-12-30", "Rizal Day"),
    s("2026-12-31", "Last Day of the Year"),
  ],
  2027: [
    r("2027-01-01", "New Year's Day"),
    s("2027-02-06", "Chinese New Year"),
    r("2027-03-10", "Eid'l Fitr (movable feast, estimated)"),
    r("2027-03-25", "Maundy Thursday"),
    r("2027-03-26", "Good Friday"),
    s("2027-03-27", "Black Saturday"),
    r("2027-04-09", "Araw ng Kagitingan"),
    r("2027-05-01", "Labor Day"),
    r("2027-05-17", "Eid'l Adha (movable feast, estimated)"),
    r("2027-06-12", "Independence Day"),
    s("2027-08-21", "Ninoy Aquino Day"),
    r("2027-08-30", "National Heroes Day"),
    s("2027-11-01", "All Saints' Day"),
    s("2027-11-02", "All Souls' Day"),
    r("2027-11-30", "Bonifacio Day"),
    s("2027-12-08", "Feast of the Immaculate Conception of Mary"),
    s("2027-12-24", "Christmas Eve"),
    r("2027-12-25", "Christmas Day"),
    r("2027-12-30", "Rizal Day"),
    s("2027-12-31", "Last Day of the Year"),
  ],
};

/** Every seeded date of the given years as a set, the shape the deadline rules read. */
export function philippineHolidaySet(years: readonly number[] = [2026, 2027]): ReadonlySet<string> {
  return new Set(years.flatMap((y) => (PHILIPPINE_HOLIDAYS[y] ?? []).map((h) => h.holiday_date)));
}
