import { formatDate } from "@domain/dates";
import type { ReportDef } from "@domain/reports/types";

/** The filters of a report in words, for the print header: "Purok: Mabini · Sex: Female". */
export function describeFilters(
  def: ReportDef,
  filters: Record<string, string>,
  options: Record<string, { value: string; label: string }[]>,
): string {
  const parts: string[] = [];
  for (const f of def.filters) {
    if (f.kind === "date-range" || f.kind === "amount-range") {
      const from = filters[`${f.key}_from`];
      const to = filters[`${f.key}_to`];
      if (!from && !to) continue;
      const show = (v: string) => (f.kind === "date-range" ? formatDate(v) : `₱${v}`);
      parts.push(`${f.label}: ${from && to ? `${show(from)} to ${show(to)}` : from ? `from ${show(from)}` : `until ${show(to!)}`}`);
      continue;
    }
    const value = filters[f.key];
    if (!value) continue;
    const label =
      f.kind === "boolean"
        ? value === "1"
          ? "Yes"
          : "No"
        : f.kind === "reference"
          ? (options[f.key]?.find((o) => o.value === value)?.label ?? `#${value}`)
          : (f.options.find((o) => o.value === value)?.label ?? value);
    parts.push(`${f.label}: ${label}`);
  }
  return parts.length ? parts.join(" · ") : "All records";
}
