import { z } from "zod";
import type { CommandDef, ResourceDef } from "./types";
import { optionalText, requiredId, requiredText } from "./fields";

// Residents ask from home (decision 208): a resident with an account asks for a certificate (type,
// purpose, the type's custom fields) or for a correction of their record; staff work the requests
// from this list by recorded commands. A request is never typed in by staff (no create or update
// modal): the resident's own page (/my) files it.

export const RESIDENT_REQUEST_KINDS = ["certificate", "correction"] as const;
export type ResidentRequestKind = (typeof RESIDENT_REQUEST_KINDS)[number];
export const RESIDENT_REQUEST_KIND_LABELS: Record<ResidentRequestKind, string> = {
  certificate: "Certificate",
  correction: "Correction of record",
};

export const RESIDENT_REQUEST_STATES = ["requested", "approved", "refused", "ready", "released", "resolved"] as const;
export type ResidentRequestState = (typeof RESIDENT_REQUEST_STATES)[number];
export const RESIDENT_REQUEST_STATE_LABELS: Record<ResidentRequestState, string> = {
  requested: "Requested",
  approved: "Approved",
  refused: "Refused",
  ready: "Ready to claim",
  released: "Released",
  resolved: "Corrected",
};

/**
 * The commands. `request` is the resident's own filing, run by the service (a resident holds no
 * staff permission; their guard is that the request is theirs). The staff's: approve (creates the
 * transaction as the Secretary's create does), refuse with a reason, mark ready, release (only once
 * a fee's receipt exists), and resolve a correction once the record is corrected. None is reversed:
 * each is a step the resident is told of.
 */
export const RESIDENT_REQUEST_COMMANDS = [
  { name: "request", label: "Request", permission: "create", from: [], invokedBy: "service", message: "Requested {name}." },
  {
    name: "approve",
    label: "Approve",
    permission: "update",
    from: ["requested"],
    to: "approved",
    message: "Approved {name}; its transaction is created.",
    confirm: "Approve {name}? Its certificate's transaction is created now.",
  },
  {
    name: "refuse",
    label: "Refuse",
    permission: "update",
    from: ["requested"],
    to: "refused",
    reason: "required",
    destructive: true,
    message: "Refused {name}.",
    confirm: "Refuse {name}? The resident sees the reason.",
  },
  { name: "ready", label: "Mark ready", permission: "update", from: ["approved"], to: "ready", message: "{name} is ready to claim." },
  {
    name: "release",
    label: "Release",
    permission: "update",
    from: ["ready"],
    to: "released",
    message: "Released {name}.",
    confirm: "Release {name}? The resident may download the certificate.",
  },
  {
    name: "resolve",
    label: "Resolve",
    permission: "update",
    from: ["requested"],
    to: "resolved",
    reason: "optional",
    message: "Resolved {name}.",
    confirm: "Resolve {name}? Correct the resident's record first; the resident is told it is done.",
  },
] as const satisfies readonly CommandDef[];
export type ResidentRequestCommandName = (typeof RESIDENT_REQUEST_COMMANDS)[number]["name"];
export const RESIDENT_REQUEST_IRREVERSIBLE_COMMANDS: readonly ResidentRequestCommandName[] = RESIDENT_REQUEST_COMMANDS.map((c) => c.name);

/** What the resident posts to ask for a certificate; the type's custom fields are checked by the certificates service. */
export const certificateRequestSchema = z.object({
  transaction_type_id: requiredId("transaction type"),
  purpose: requiredText("purpose", 1000),
});

/** What the resident posts to ask for a correction of their record. */
export const correctionAskSchema = z.object({
  details: requiredText("details", 2000),
  note: optionalText("note", 200),
});

const noInput = z.object({}).passthrough() as unknown as z.ZodType<Record<string, unknown>>;

export const residentRequest: ResourceDef = {
  name: "resident_request",
  restPath: "resident_request",
  storage: { kind: "table", table: "resident_requests" },
  path: "/manage/resident_requests",
  labels: { singular: "resident request", plural: "resident requests", title: "Residents' Requests" },
  displayField: "title",
  undo: false,
  multiBody: "records",
  columns: [
    { key: "title", label: "Request", kind: "text" },
    { key: "resident", label: "Resident", kind: "reference" },
    { key: "kind_label", label: "Kind", kind: "text", hideOnMobile: true },
    { key: "purpose", label: "Purpose or details", kind: "text", hideOnMobile: true },
    { key: "state_label", label: "State", kind: "text" },
    { key: "transaction", label: "Transaction", kind: "reference", hideOnMobile: true },
    { key: "requested_at", label: "Requested", kind: "datetime", sortable: true },
  ],
  fields: [],
  references: [
    { key: "resident", foreignKey: "resident_id", resource: "resident" },
    { key: "transaction_type", foreignKey: "transaction_type_id", resource: "transaction_type" },
    { key: "transaction", foreignKey: "transaction_id", resource: "transaction" },
  ],
  searchable: ["purpose", "details"],
  filters: [
    {
      key: "state",
      label: "State",
      options: RESIDENT_REQUEST_STATES.map((s) => ({ value: s, label: RESIDENT_REQUEST_STATE_LABELS[s] })),
    },
    { key: "kind", label: "Kind", options: RESIDENT_REQUEST_KINDS.map((k) => ({ value: k, label: RESIDENT_REQUEST_KIND_LABELS[k] })) },
  ],
  schema: { create: noInput, update: noInput },
  modals: [],
  commands: RESIDENT_REQUEST_COMMANDS,
  stateColumn: "state",
  defaultSort: { key: "requested_at", order: "desc" },
};

/**
 * A resident signed in with no staff permission: their place is their own page (/my), never the
 * back office (decision 208). A resident who also holds a role (a kagawad) works as staff.
 */
export function isResidentOnly(user: { kind?: string; permissions: readonly string[] } | null | undefined): boolean {
  return !!user && user.kind === "resident" && user.permissions.length === 0;
}

/** Where a resident's own pages live. */
export const RESIDENT_HOME = "/my";
