import { z } from "zod";
import type { ResourceDef } from "./types";
import { calendarDate, optionalCalendarDate, requiredEnum, requiredText } from "./fields";

// The barangay's signing officials with the dates each served (decision 194). Every print names
// the official whose term holds the document's date, so a voucher of last year prints last year's
// treasurer; the overlap rule and "the officials in office on a date" live in
// server/features/officials/.

/** The positions that sign the portal's documents (research notes §2, §3, §4, §7), as stored and printed. */
export const OFFICIAL_POSITIONS = [
  { key: "punong_barangay", label: "Punong Barangay" },
  { key: "secretary", label: "Barangay Secretary" },
  { key: "treasurer", label: "Barangay Treasurer" },
  { key: "appropriations_chairman", label: "Chairman, Committee on Appropriation" },
  { key: "bookkeeper", label: "Barangay Bookkeeper" },
  { key: "accountant", label: "City/Municipal Accountant" },
] as const;

export type OfficialKey = (typeof OFFICIAL_POSITIONS)[number]["key"];
export type OfficialPositionLabel = (typeof OFFICIAL_POSITIONS)[number]["label"];

const POSITION_LABELS = OFFICIAL_POSITIONS.map((p) => p.label) as unknown as readonly [OfficialPositionLabel, ...OfficialPositionLabel[]];

/** The signing officials of one day, by position key; "" where nobody held the position that day. */
export type Officials = Record<OfficialKey, string>;

export const NO_OFFICIALS: Officials = {
  punong_barangay: "",
  secretary: "",
  treasurer: "",
  appropriations_chairman: "",
  bookkeeper: "",
  accountant: "",
};

export const TERM_ORDER_MESSAGE = "The term end must be a date after or equal to the term start.";

const officialSchema = z
  .object({
    position: requiredEnum("position", POSITION_LABELS),
    name: requiredText("name", 150),
    term_start: calendarDate("term_start"),
    term_end: optionalCalendarDate("term_end"),
  })
  .superRefine((v, ctx) => {
    if (v.term_end && v.term_start && v.term_end < v.term_start)
      ctx.addIssue({ code: "custom", path: ["term_end"], message: TERM_ORDER_MESSAGE });
  });

export const official: ResourceDef<z.output<typeof officialSchema>> = {
  name: "official",
  restPath: "official",
  storage: { kind: "table", table: "officials" },
  path: "/system/parameters/officials",
  labels: { singular: "official", plural: "officials", title: "Officials" },
  displayField: "name",
  undo: true,
  multiBody: "records",
  columns: [
    { key: "position", label: "Position", kind: "enum", sortable: true },
    { key: "name", label: "Name", kind: "text", sortable: true },
    { key: "term_start", label: "Term start", kind: "date", sortable: true },
    { key: "term_end", label: "Term end", kind: "date", sortable: true },
    { key: "status", label: "Status", kind: "status", sortable: true },
  ],
  fields: [
    { name: "position", label: "Position", kind: "enum", options: POSITION_LABELS, required: true },
    { name: "name", label: "Name", kind: "text", required: true, maxLength: 150, placeholder: "Hon. Juan P. Dela Cruz" },
    { name: "term_start", label: "Term start", kind: "date", required: true },
    { name: "term_end", label: "Term end", kind: "date", description: "Leave empty while the official is in office." },
  ],
  searchable: ["name", "position"],
  filters: [{ key: "position", label: "Position", options: OFFICIAL_POSITIONS.map((p) => ({ value: p.label, label: p.label })) }],
  schema: { create: officialSchema, update: officialSchema },
  modals: ["create", "update", "delete", "restore"],
  defaultSort: { key: "term_start", order: "desc" },
  listModule: "routes/parameters.officials.tsx",
  parameter: true,
};
