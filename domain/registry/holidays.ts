import { z } from "zod";
import type { ResourceDef } from "./types";
import { calendarDate, requiredEnum, requiredText } from "./fields";

// The days the barangay hall is closed besides Saturdays and Sundays: the national regular
// holidays and special non-working days, and the local ones (the town fiesta, a charter day).
// The Katarungang Pambarangay deadlines count working days and move a last day off them
// (domain/kp/deadlines.ts, decision 201). One active holiday per date (a partial unique index:
// a deleted one does not hold its date).

export const HOLIDAY_KINDS = ["regular", "special_non_working", "local"] as const;
export type HolidayKind = (typeof HOLIDAY_KINDS)[number];

/** The kinds in words: the list, the form and the filter show these, never the stored value. */
export const HOLIDAY_KIND_LABELS: Readonly<Record<HolidayKind, string>> = {
  regular: "Regular holiday",
  special_non_working: "Special non-working day",
  local: "Local holiday",
};

const holidaySchema = z.object({
  holiday_date: calendarDate("holiday_date", { label: "date" }),
  name: requiredText("name", 150),
  kind: requiredEnum("kind", HOLIDAY_KINDS),
});

export const holiday: ResourceDef = {
  name: "holiday",
  restPath: "holiday",
  storage: { kind: "table", table: "holidays" },
  path: "/system/parameters/holidays",
  labels: { singular: "holiday", plural: "holidays", title: "Holidays" },
  displayField: "name",
  undo: true,
  multiBody: "records",
  columns: [
    { key: "holiday_date", label: "Date", kind: "date", sortable: true },
    { key: "name", label: "Name", kind: "text", sortable: true },
    { key: "kind", label: "Kind", kind: "enum", sortable: true, hideOnMobile: true, labels: HOLIDAY_KIND_LABELS },
    { key: "status", label: "Status", kind: "status", sortable: true },
  ],
  fields: [
    { name: "holiday_date", label: "Date", kind: "date", required: true },
    { name: "name", label: "Name", kind: "text", required: true, maxLength: 150, placeholder: "Araw ng Kagitingan" },
    {
      name: "kind",
      label: "Kind",
      kind: "enum",
      options: HOLIDAY_KINDS,
      optionLabels: HOLIDAY_KIND_LABELS,
      required: true,
      description:
        "A regular holiday or a special non-working day is proclaimed for the whole country; a local one is the town's or the province's own.",
    },
  ],
  searchable: ["name"],
  filters: [
    { key: "kind", label: "Kind", options: HOLIDAY_KINDS.map((k) => ({ value: k, label: HOLIDAY_KIND_LABELS[k] })) },
    { kind: "date-range", key: "holiday_date", label: "Date" },
  ],
  schema: { create: holidaySchema, update: holidaySchema },
  modals: ["create", "update", "delete", "restore"],
  defaultSort: { key: "holiday_date", order: "asc" },
  parameter: true,
};
