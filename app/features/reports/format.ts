import { formatDate } from "@domain/dates";
import { formatMoney } from "@domain/money";
import type { ReportColumn } from "@domain/reports/types";

/** A cell as the page and the print view show it (the export keeps typed values). */
export function formatCell(column: ReportColumn, value: unknown): string {
  if (value == null || value === "") return "";
  switch (column.kind) {
    case "number":
      return typeof value === "number" ? value.toLocaleString("en-US", { maximumFractionDigits: 2 }) : String(value);
    case "money":
      return formatMoney(String(value));
    case "date":
      return formatDate(String(value));
    case "percent":
      return `${Number(value).toLocaleString("en-US", { maximumFractionDigits: 1 })}%`;
    default:
      return String(value);
  }
}

export const isNumeric = (column: ReportColumn) => column.kind === "number" || column.kind === "money" || column.kind === "percent";

/** The address of a report's page, print view or export with the filters kept. */
export function reportHref(name: string, filters: Record<string, string>, extra: Record<string, string> = {}, suffix = ""): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value) params.set(`filter[${key}]`, value);
  for (const [key, value] of Object.entries(extra)) if (value) params.set(key, value);
  const query = params.toString();
  return `/manage/reports/${name}${suffix}${query ? `?${query}` : ""}`;
}

/**
 * A section too wide for half the page: its table takes the whole row of the
 * report's grid. A text column counts three, a number or date one; more than seven is wide (the
 * collections' accountability for forms, deposits with their bank names, every listing).
 */
export function isWideSection(columns: readonly ReportColumn[], listing = false): boolean {
  if (listing) return true;
  const weight = columns.reduce((sum, c) => sum + (c.kind === "text" ? 3 : 1), 0);
  return weight > 7;
}
