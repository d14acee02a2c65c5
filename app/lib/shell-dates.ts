// Dates the shell shows (spec §1: Asia/Manila). The general date helpers live in domain/dates.ts.

export const MANILA_TIME_ZONE = "Asia/Manila";

/** "Saturday, November 21, 2026" in Asia/Manila. */
export function longDateInManila(date: Date = new Date()): string {
  return new Intl.DateTimeFormat("en-US", {
    timeZone: MANILA_TIME_ZONE,
    weekday: "long",
    year: "numeric",
    month: "long",
    day: "numeric",
  }).format(date);
}

/** The hour of the day (0–23) in Asia/Manila. */
export function hourInManila(date: Date = new Date()): number {
  const hour = new Intl.DateTimeFormat("en-US", { timeZone: MANILA_TIME_ZONE, hour: "numeric", hourCycle: "h23" }).format(date);
  return Number(hour) % 24;
}

/** "Good morning" before noon, "Good afternoon" until 6 pm, "Good evening" after (Manila time). */
export function greetingFor(date: Date = new Date()): string {
  const hour = hourInManila(date);
  if (hour < 12) return "Good morning";
  if (hour < 18) return "Good afternoon";
  return "Good evening";
}
