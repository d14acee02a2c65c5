import { sql } from "kysely";
import { TIME_ZONE, todayInManila } from "../../../domain/dates.ts";
import type { ServiceContext } from "../../context.ts";
import { WEEKDAYS, type Weekday } from "../../../domain/registry/appointments.ts";
import { ValidationError } from "../../errors.ts";

// The slots of a service on a day (decision 207): the service's hours for the day's weekday cut
// into slots of their length, each with its capacity, less the appointments open in it. A holiday
// (the holidays table, as the KP clock reads it) closes the whole day; a slot whose start has
// passed in Manila is closed. The one rule the staff's booking, the move and the resident's own
// booking all ask.

type Db = Pick<ServiceContext, "db">;

export interface Slot {
  /** The slot's start, "HH:MM" in Manila. */
  time: string;
  capacity: number;
  /** Open appointments (booked or arrived) in it. */
  taken: number;
  free: number;
  /** Bookable: not past, not full. */
  open: boolean;
}

export interface DaySlots {
  date: string;
  service_id: number;
  /** Why the whole day takes no booking: a holiday's name, "past", or "no hours" (the service does not take appointments that weekday). */
  closed: string | null;
  slots: Slot[];
}

const toMinutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
const toTime = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;

/** The weekday of a calendar date as the hours name it ("Monday"). */
export function weekdayOf(date: string): Weekday {
  const day = new Date(`${date}T00:00:00Z`).getUTCDay();
  return WEEKDAYS[(day + 6) % 7];
}

/** The calendar date `days` after `date`. */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** The clock in Manila, "HH:MM". */
export function manilaTime(now: Date): string {
  return new Intl.DateTimeFormat("en-GB", { timeZone: TIME_ZONE, hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(now);
}

/**
 * The service's slots on `date`. `lock` takes the service's hours rows for update, so a booking's
 * count of a slot and its insert are not raced by another desk's (the capacity has no index);
 * `except` leaves an appointment out of the counts (the one being moved).
 */
export async function daySlots(
  ctx: Db,
  serviceId: number,
  date: string,
  now: Date,
  options: { lock?: boolean; except?: number } = {},
): Promise<DaySlots> {
  const weekday = weekdayOf(date);
  const hours = (
    await sql<{ opens_at: string; closes_at: string; slot_minutes: number; capacity: number }>`
      select opens_at, closes_at, slot_minutes, capacity from appointment_hours
      where service_id = ${serviceId} and weekday = ${weekday} and deleted_at is null
      order by opens_at ${options.lock ? sql`for update` : sql``}`.execute(ctx.db)
  ).rows;
  const holiday = await ctx.db
    .selectFrom("holidays")
    .select("name")
    .where("holiday_date", "=", date)
    .where("deleted_at", "is", null)
    .executeTakeFirst();
  const today = todayInManila(now);
  const clock = manilaTime(now);
  const taken = new Map<string, number>();
  const rows = await ctx.db
    .selectFrom("appointments")
    .select(["slot_time", (eb) => eb.fn.countAll<number>().as("n")])
    .where("service_id", "=", serviceId)
    .where("appointment_date", "=", date)
    .where("state", "in", ["booked", "arrived"])
    .where("deleted_at", "is", null)
    .$if(options.except != null, (q) => q.where("id", "<>", options.except!))
    .groupBy("slot_time")
    .execute();
  for (const r of rows) taken.set(r.slot_time, Number(r.n));

  const slots: Slot[] = [];
  for (const h of hours) {
    const step = Number(h.slot_minutes);
    for (let m = toMinutes(h.opens_at); m + step <= toMinutes(h.closes_at); m += step) {
      const time = toTime(m);
      if (slots.some((s) => s.time === time)) continue;
      const n = taken.get(time) ?? 0;
      const past = date < today || (date === today && time <= clock);
      const capacity = Number(h.capacity);
      slots.push({ time, capacity, taken: n, free: Math.max(0, capacity - n), open: !past && !holiday && n < capacity });
    }
  }
  slots.sort((a, b) => (a.time < b.time ? -1 : 1));
  const closed = holiday ? String(holiday.name) : date < today ? "past" : hours.length === 0 ? "no hours" : null;
  return { date, service_id: serviceId, closed, slots };
}

/** How far ahead "the next free slot" is looked for. */
const NEXT_FREE_HORIZON_DAYS = 60;

/** The first open slot of the service after `date` at `time` (the same day's later ones first), or null. */
export async function nextFreeSlot(
  ctx: Db,
  serviceId: number,
  date: string,
  time: string,
  now: Date,
): Promise<{ date: string; time: string } | null> {
  const today = todayInManila(now);
  let day = date < today ? today : date;
  for (let i = 0; i <= NEXT_FREE_HORIZON_DAYS; i++, day = addDays(day, 1)) {
    const { slots } = await daySlots(ctx, serviceId, day, now);
    const free = slots.find((s) => s.open && (day !== date || s.time > time));
    if (free) return { date: day, time: free.time };
  }
  return null;
}

const longDate = (date: string) =>
  new Date(`${date}T00:00:00Z`).toLocaleDateString("en-PH", {
    timeZone: "UTC",
    weekday: "long",
    year: "numeric",
    month: "long",
    day: "numeric",
  });
export { longDate };

/**
 * Refuses a slot that cannot be booked, with the field's 422: a holiday, a day or time past, a time
 * the service takes no appointment at, a full slot (naming the next free one). Call it with the
 * hours locked (daySlots' `lock`).
 */
export async function assertBookable(ctx: Db, serviceId: number, date: string, time: string, now: Date, except?: number): Promise<void> {
  const day = await daySlots(ctx, serviceId, date, now, { lock: true, except });
  if (day.closed && day.closed !== "past" && day.closed !== "no hours")
    throw ValidationError.field("appointment_date", `The hall is closed on ${longDate(date)} (${day.closed}).`);
  if (day.closed === "past") throw ValidationError.field("appointment_date", "The date has passed: choose today or a later day.");
  const slot = day.slots.find((s) => s.time === time);
  if (!slot) throw ValidationError.field("slot_time", `The service takes no appointment at ${time} on ${longDate(date)}.`);
  if (!slot.open && slot.free > 0) throw ValidationError.field("slot_time", `The ${time} slot has passed: choose a later one.`);
  if (slot.free === 0) {
    const next = await nextFreeSlot(ctx, serviceId, date, time, now);
    throw ValidationError.field(
      "slot_time",
      next
        ? `The ${time} slot on ${longDate(date)} is full; the next free one is ${longDate(next.date)} at ${next.time}.`
        : `The ${time} slot on ${longDate(date)} is full, and no slot is free in the next ${NEXT_FREE_HORIZON_DAYS} days.`,
    );
  }
}

/**
 * A resident holds one open appointment per service per day: refused with the date's 422 naming
 * the one they hold (the unique index appointments_one_open_per_day backs it against a race).
 */
export async function assertOnePerDay(ctx: Db, residentId: number, serviceId: number, date: string, except?: number): Promise<void> {
  const held = await ctx.db
    .selectFrom("appointments")
    .select(["id", "slot_time"])
    .where("resident_id", "=", residentId)
    .where("service_id", "=", serviceId)
    .where("appointment_date", "=", date)
    .where("state", "in", ["booked", "arrived"])
    .where("deleted_at", "is", null)
    .$if(except != null, (q) => q.where("id", "<>", except!))
    .executeTakeFirst();
  if (held)
    throw ValidationError.field(
      "appointment_date",
      `The resident already has an appointment for this service on ${date} at ${held.slot_time}.`,
    );
}
