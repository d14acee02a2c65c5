import { z } from "zod";
import type { ResourceDef } from "./types";

// The access log as a read-only registry entry (decision 180). The portal writes
// its rows (server/features/audit/access-log.ts); people only list, filter and export them, through
// the generic list page, its filters and its CSV export. `readOnly` leaves it only the manage and
// view permissions, and the engine refuses every change on every transport.

export const ACCESS_ACTIONS = [
  { value: "view", label: "Viewed" },
  { value: "print", label: "Printed" },
  { value: "export", label: "Exported" },
] as const;

/** The records whose opening, printing or export is logged, by registry name, with their label. */
export const ACCESS_LOGGED_RECORDS = [
  { value: "resident", label: "Resident" },
  { value: "household", label: "Household" },
  { value: "business", label: "Business" },
  { value: "non_resident", label: "Non-resident" },
  { value: "organization", label: "Organization" },
  { value: "user", label: "User" },
  { value: "transaction", label: "Certificate or transaction" },
  { value: "collection", label: "Official receipt" },
  { value: "disbursement", label: "Disbursement voucher" },
  { value: "cheque_issuance", label: "Cheque" },
  { value: "report", label: "Report" },
  { value: "access_log", label: "Access log" },
] as const;

/**
 * The entries whose rows are a person's data (or name one: a receipt's payor, a voucher's payee):
 * exporting them writes an access row, and their changes count in the breach query.
 */
export const PERSONAL_DATA_ENTRIES: readonly string[] = [
  "resident",
  "household",
  "business",
  "non_resident",
  "organization",
  "user",
  "transaction",
  "collection",
  "disbursement",
  "cheque_issuance",
];

const NOTHING = z.object({}).strict();

export const accessLog: ResourceDef = {
  name: "access_log",
  restPath: "access_log",
  storage: { kind: "table", table: "access_log" },
  path: "/system/access-log",
  labels: { singular: "access log entry", plural: "access log entries", title: "Access Log" },
  displayField: "record",
  readOnly: true,
  deletion: "hard",
  undo: false,
  multiBody: "ids",
  columns: [
    { key: "created_at", label: "When", kind: "datetime", sortable: true },
    { key: "created_by", label: "User", kind: "person", sortable: true },
    { key: "record", label: "Record", kind: "text", sortable: true },
    { key: "action_label", label: "Action", kind: "text", sortable: true },
    { key: "record_type", label: "Record type", kind: "text", hideOnMobile: true },
    { key: "reason", label: "Reason", kind: "text", hideOnMobile: true },
    { key: "ip", label: "Address", kind: "text", hideOnMobile: true },
    { key: "detail", label: "Detail", kind: "text", hideOnMobile: true },
  ],
  fields: [],
  searchable: ["record", "reason", "ip", "detail"],
  filters: [
    { kind: "reference", key: "user", label: "User", column: "created_by", resource: "user" },
    { key: "action", label: "Action", options: ACCESS_ACTIONS },
    { key: "entity", label: "Record type", options: ACCESS_LOGGED_RECORDS },
    { kind: "date-range", key: "created_at", label: "Date" },
  ],
  schema: { create: NOTHING, update: NOTHING },
  modals: [],
  defaultSort: { key: "created_at", order: "desc" },
};
