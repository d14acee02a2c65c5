import { getLocale, intlLocale } from "@domain/i18n";

// How the dashboard's charts read their axes and tooltips: short labels on the axes (a month "Mar",
// a day "Mar 3", an amount "₱12k"), the whole date and figure in the tooltip and the chart's
// description. Dates are calendar strings ("2026-03", "2026-03-03"), read as they are, not shifted
// by the browser's time zone.

const UTC = "UTC";
/** Month and day names in the reader's language (English as the spec writes them, en-US). */
const lang = () => (getLocale() === "fil" ? intlLocale("fil") : "en-US");
const at = (day: string) => new Date(`${day}T00:00:00Z`);

/** "Mar" of "2026-03"; January also names its year ("Jan 2026"), so a year's turn shows on the axis. */
export function monthTick(month: string): string {
  const d = at(`${month}-01`);
  return d.toLocaleDateString(lang(), { month: "short", ...(d.getUTCMonth() === 0 ? { year: "numeric" } : {}), timeZone: UTC });
}

/** "March 2026". */
export const fullMonth = (month: string) =>
  at(`${month}-01`).toLocaleDateString(lang(), { month: "long", year: "numeric", timeZone: UTC });

/** "Mar 3". */
export const dayTick = (day: string) => at(day).toLocaleDateString(lang(), { month: "short", day: "numeric", timeZone: UTC });

/** "Tuesday, March 3, 2026". */
export const fullDay = (day: string) =>
  at(day).toLocaleDateString(lang(), { weekday: "long", month: "long", day: "numeric", year: "numeric", timeZone: UTC });

/** "950", "1.2k", "12k", "1.5M": a count short enough for an axis. */
export function compactNumber(n: number): string {
  const abs = Math.abs(n);
  const sign = n < 0 ? "−" : "";
  const short = (value: number, unit: string) => `${sign}${Number(value.toFixed(value < 10 ? 1 : 0)).toLocaleString("en-US")}${unit}`;
  if (abs >= 1_000_000_000) return short(abs / 1_000_000_000, "B");
  if (abs >= 1_000_000) return short(abs / 1_000_000, "M");
  if (abs >= 1_000) return short(abs / 1_000, "k");
  return `${sign}${Math.round(abs).toLocaleString("en-US")}`;
}

/** "₱0", "₱950", "₱12k", "₱1.5M": pesos on an axis. */
export const compactPeso = (n: number) => (n < 0 ? `−₱${compactNumber(-n)}` : `₱${compactNumber(n)}`);
