import { z } from "zod";
import type { ColumnDef, CommandDef, ResourceDef } from "./types";
import { booklet, ISSUE_LEAF, LEAF_COLUMNS, voidLeaf } from "./booklet";
import { calendarDate, money, optionalCalendarDate, optionalId, optionalText, requiredEnum, requiredId, requiredText } from "./fields";

// Accountable forms and official receipts (DESIGN §11): form pads generating their form
// numbers, form numbers (void with a reason, restore), and collections (AF 51 receipts) with their
// lines. Columns follow spec §2.4.

const STATUS: ColumnDef = { key: "status", label: "Status", kind: "status", sortable: true };
const CREATED_BY: ColumnDef = { key: "created_by", label: "Created by", kind: "person", sortable: true, hideOnMobile: true };
const P = "/system/parameters";

/** A serial as printed: digits, then an optional suffix ("4364301 T", "0012345", "12345A"). */
export const SERIAL_PATTERN = /^(\d{1,12})(\s?[A-Za-z]{1,3})?$/;

export interface ParsedSerial {
  value: number;
  width: number;
  suffix: string;
}

/** "4364301 T" → {value: 4364301, width: 7, suffix: " T"}; null when it is not a serial. */
export function parseSerial(text: string): ParsedSerial | null {
  const m = SERIAL_PATTERN.exec(text.trim());
  if (!m) return null;
  return { value: Number(m[1]), width: m[1].length, suffix: (m[2] ?? "").toUpperCase() };
}

/** The serial printed at a value of a pad: zero-padded to the pad's width, its suffix kept. */
export function formatSerial(value: number, width: number, suffix: string): string {
  return `${String(value).padStart(width, "0")}${suffix}`;
}

/** Largest booklet a pad may hold (continuous forms come in boxes of 500). */
export const MAX_PAD_SIZE = 1000;

const serial = (name: string) =>
  requiredText(name, 20).refine(
    (v) => parseSerial(v) != null,
    `The ${name.replace(/_/g, " ")} must be a serial as printed, e.g. 4364301 T.`,
  );

const offset = (name: string) =>
  z
    .union([z.string(), z.number()])
    .optional()
    .transform((v) => (v === undefined || v === "" ? "0" : String(v).trim()))
    .refine((v) => /^-?\d{1,2}(\.\d)?$/.test(v), `The ${name} must be millimetres between -99.9 and 99.9.`);

const collectorSchema = z.object({ user_id: requiredId("collector") });

const formPadSchema = z
  .object({
    form_type_id: requiredId("form_type_id"),
    pad_code: requiredText("pad_code", 40),
    series_start: serial("series_start"),
    series_end: serial("series_end"),
    print_offset_x: offset("print offset x"),
    print_offset_y: offset("print offset y"),
    collectors: z.array(collectorSchema).max(20, "A form pad has at most 20 collectors.").default([]),
  })
  .superRefine((v, ctx) => {
    const start = parseSerial(v.series_start);
    const end = parseSerial(v.series_end);
    if (!start || !end) return;
    if (start.suffix.trim() !== end.suffix.trim())
      ctx.addIssue({
        code: "custom",
        path: ["series_end"],
        message: "The series end must carry the same suffix letter as the series start.",
      });
    else if (end.value < start.value)
      ctx.addIssue({ code: "custom", path: ["series_end"], message: "The series end must not come before the series start." });
    else if (end.value - start.value + 1 > MAX_PAD_SIZE)
      ctx.addIssue({ code: "custom", path: ["series_end"], message: `A form pad holds at most ${MAX_PAD_SIZE} forms.` });
    const seen = new Set<number>();
    v.collectors.forEach((c, i) => {
      if (seen.has(c.user_id))
        ctx.addIssue({ code: "custom", path: ["collectors", i, "user_id"], message: "The collector is already listed." });
      seen.add(c.user_id);
    });
  });

const pad = booklet({
  code: { key: "pad_code", label: "Pad code", placeholder: "OR-2026-001" },
  scope: { key: "form_type_id", label: "Form type", resource: "form_type" },
  quantityLabel: "Quantity generated",
});

export const formPad: ResourceDef<z.output<typeof formPadSchema>> = {
  name: "form_pad",
  restPath: "form_pad",
  storage: { kind: "table", table: "form_pads" },
  path: `${P}/form_pads`,
  labels: { singular: "form pad", plural: "form pads", title: "Form Pads" },
  ...pad.entry,
  columns: [
    pad.columns.code,
    pad.columns.series,
    pad.columns.quantity,
    { key: "form_type", label: "Form type", kind: "reference", sortable: true },
    { key: "collector_names", label: "Collectors", kind: "list", hideOnMobile: true },
    pad.columns.available,
    STATUS,
  ],
  fields: [
    pad.fields.scope,
    pad.fields.code,
    {
      name: "series_start",
      label: "Series start",
      kind: "text",
      required: true,
      maxLength: 20,
      placeholder: "4364301 T",
      description: "The first serial exactly as printed, suffix letter included.",
    },
    { name: "series_end", label: "Series end", kind: "text", required: true, maxLength: 20, placeholder: "4364350 T" },
    {
      name: "print_offset_x",
      label: "Overlay shift right (mm)",
      kind: "number",
      description: "Moves the overlay print right (negative: left).",
    },
    {
      name: "print_offset_y",
      label: "Overlay shift down (mm)",
      kind: "number",
      description: "Moves the overlay print down (negative: up).",
    },
  ],
  children: [
    {
      key: "collectors",
      table: "form_pad_collectors",
      parentKey: "form_pad_id",
      columns: ["user_id"],
      orderColumn: "position",
      references: [{ key: "user", foreignKey: "user_id", resource: "user" }],
      fields: [{ name: "user_id", label: "Collector", kind: "reference", reference: "user", required: true }],
      labels: { singular: "collector", plural: "collectors" },
      max: 20,
    },
  ],
  schema: { create: formPadSchema, update: formPadSchema },
  defaultSort: { key: "pad_code", order: "asc" },
  parameter: true,
};

export const FORM_NUMBER_STATES = ["available", "issued", "void"] as const;

export const formNumber: ResourceDef = {
  name: "form_number",
  restPath: "form_number",
  storage: { kind: "table", table: "form_numbers" },
  path: `${P}/form_numbers`,
  labels: { singular: "form number", plural: "form numbers", title: "Form Numbers" },
  displayField: "number",
  voidWording: true,
  undo: true,
  multiBody: "records",
  columns: [
    pad.columns.code,
    LEAF_COLUMNS.number,
    { key: "form_type", label: "Form type", kind: "reference", hideOnMobile: true },
    LEAF_COLUMNS.state,
    STATUS,
  ],
  // Form numbers are made by their pad, never typed (DESIGN §11).
  fields: [],
  references: [{ key: "form_pad", foreignKey: "form_pad_id", resource: "form_pad" }],
  searchable: ["number"],
  filters: [
    { kind: "reference", key: "form_pad_id", label: "Form pad", resource: "form_pad" },
    { key: "state", label: "State", options: FORM_NUMBER_STATES.map((s) => ({ value: s, label: s[0].toUpperCase() + s.slice(1) })) },
  ],
  schema: { create: z.object({}), update: z.object({}) },
  modals: [],
  stateColumn: "state",
  restorableStates: ["available"],
  // Spec §6: form numbers have only restore and void, both gated by delete-form_number.
  commands: [
    ISSUE_LEAF,
    voidLeaf("Void form number {name}? A voided form is spoiled: it is accounted for and never issued."),
    {
      name: "unvoid",
      label: "Restore",
      permission: "delete",
      from: ["void"],
      reverses: "void",
      message: "Successfully unvoided {name}.",
      confirm: "Restore form number {name} to available?",
    },
  ],
  defaultSort: { key: "number", order: "asc" },
  parameter: true,
};

export const PAYOR_KINDS = ["name", "resident", "non_resident", "organization"] as const;
export const PAYOR_KIND_LABELS: Record<(typeof PAYOR_KINDS)[number], string> = {
  name: "Typed name",
  resident: "Resident",
  non_resident: "Non-resident",
  organization: "Organization",
};
export const PAYMENT_MODES = ["Cash", "Cheque", "Money Order"] as const;
export const MAX_RECEIPT_LINES = 8;

export const collectionLineSchema = z.object({
  nature: requiredText("nature of collection", 150),
  account_code: optionalText("account code", 30),
  amount: money("amount").refine((v) => Number(v) > 0, "The amount must be greater than 0."),
  transaction_id: optionalId("transaction_id"),
});

const collectionSchema = z
  .object({
    form_pad_id: requiredId("form_pad_id"),
    date_issued: calendarDate("date_issued"),
    payor_kind: requiredEnum("payor_kind", PAYOR_KINDS).default("name"),
    issued_to_user_id: optionalId("payor"),
    issued_to: optionalText("payor", 200),
    collection_type_id: requiredId("collection_type_id"),
    payment_mode: requiredEnum("payment_mode", PAYMENT_MODES).default("Cash"),
    drawee_bank: optionalText("drawee bank", 100),
    cheque_number: optionalText("cheque number", 40),
    cheque_date: optionalCalendarDate("cheque_date"),
    lines: z
      .array(collectionLineSchema, { error: "The lines must be a list." })
      .min(1, "A receipt needs at least one line.")
      .max(MAX_RECEIPT_LINES, `A receipt has at most ${MAX_RECEIPT_LINES} lines.`),
  })
  .superRefine((v, ctx) => {
    if (v.payor_kind === "name" && !v.issued_to)
      ctx.addIssue({ code: "custom", path: ["issued_to"], message: "The payor field is required." });
    if (v.payor_kind !== "name" && v.issued_to_user_id == null)
      ctx.addIssue({
        code: "custom",
        path: ["issued_to_user_id"],
        message: `Pick the ${PAYOR_KIND_LABELS[v.payor_kind].toLowerCase()} who pays.`,
      });
    if (v.payment_mode !== "Cash") {
      if (!v.drawee_bank) ctx.addIssue({ code: "custom", path: ["drawee_bank"], message: "The drawee bank field is required." });
      if (!v.cheque_number) ctx.addIssue({ code: "custom", path: ["cheque_number"], message: "The number field is required." });
      if (!v.cheque_date) ctx.addIssue({ code: "custom", path: ["cheque_date"], message: "The date field is required." });
    }
  });

export const collection: ResourceDef<z.output<typeof collectionSchema>> = {
  name: "collection",
  restPath: "collection",
  storage: { kind: "table", table: "collections" },
  path: "/manage/collections",
  listModule: "routes/collections.list.tsx",
  labels: { singular: "collection", plural: "collections", title: "Collections" },
  displayField: "or_number",
  trashedLabel: "Cancelled",
  cancel: {
    label: "Cancel receipt",
    confirm:
      "Cancel official receipt No. {name}? Its number stays used: it will be listed as cancelled in the RCD, and cannot be issued again.",
  },
  undo: false,
  multiBody: "records",
  countable: true,
  columns: [
    { key: "or_number", label: "Form number", kind: "text", sortable: true },
    { key: "issued_to", label: "Issued to", kind: "text", sortable: true },
    { key: "processed_label", label: "Processed", kind: "enum", hideOnMobile: true },
    STATUS,
    { key: "amount_paid", label: "Amount paid", kind: "money", sortable: true },
    { key: "date_issued", label: "Date issued", kind: "date", sortable: true },
    CREATED_BY,
  ],
  fields: [
    { name: "form_pad_id", label: "Form pad", kind: "reference", reference: "form_pad", required: true },
    { name: "date_issued", label: "Date issued", kind: "date", required: true },
    { name: "payor_kind", label: "Payor is", kind: "enum", options: PAYOR_KINDS, required: true },
    { name: "issued_to", label: "Payor", kind: "text", required: true, maxLength: 200, description: "Required for a typed name." },
    { name: "collection_type_id", label: "Collection type", kind: "reference", reference: "collection_type", required: true },
    { name: "payment_mode", label: "Payment mode", kind: "enum", options: PAYMENT_MODES, required: true },
    { name: "drawee_bank", label: "Drawee bank", kind: "text", maxLength: 100 },
    { name: "cheque_number", label: "Cheque / money order number", kind: "text", maxLength: 40 },
    { name: "cheque_date", label: "Cheque date", kind: "date" },
  ],
  references: [
    { key: "form_pad", foreignKey: "form_pad_id", resource: "form_pad" },
    { key: "collection_type", foreignKey: "collection_type_id", resource: "collection_type" },
    { key: "collector", foreignKey: "collector_id", resource: "user" },
  ],
  children: [
    {
      key: "lines",
      table: "collection_lines",
      parentKey: "collection_id",
      columns: ["nature", "account_code", "amount", "transaction_id"],
      orderColumn: "position",
      fields: [
        { name: "nature", label: "Nature of collection", kind: "text", required: true, maxLength: 150 },
        { name: "account_code", label: "Account code", kind: "text", maxLength: 30 },
        { name: "amount", label: "Amount", kind: "money", required: true },
      ],
      labels: { singular: "line", plural: "lines" },
      max: MAX_RECEIPT_LINES,
    },
  ],
  searchable: ["or_number", "issued_to"],
  filters: [
    { kind: "reference", key: "collection_type_id", label: "Collection type", resource: "collection_type" },
    {
      kind: "reference",
      key: "collector_id",
      label: "Collector",
      resource: "user",
      // Only collectors: staff on a pad's collectors, or who issued a receipt (each an index probe).
      among: [
        { table: "form_pad_collectors", column: "user_id" },
        { table: "collections", column: "collector_id" },
      ],
    },
    { kind: "date-range", key: "date_issued", label: "Date issued" },
    { kind: "amount-range", key: "amount_paid", label: "Amount" },
    { key: "payment_mode", label: "Payment mode", options: PAYMENT_MODES.map((m) => ({ value: m, label: m })) },
  ],
  schema: { create: collectionSchema, update: collectionSchema },
  // No "update": every field of an issued receipt is printed; it is cancelled and issued anew.
  modals: ["create", "delete", "restore", "print"],
  // Delete cancels the receipt and restore reverses exactly that cancel (DESIGN §11), both recorded.
  commands: [
    {
      name: "cancel",
      label: "Cancel receipt",
      permission: "delete",
      from: [],
      reason: "required",
      invokedBy: "delete",
      message: "Successfully cancelled official receipt No. {name}.",
    },
    {
      name: "restore",
      label: "Restore",
      permission: "restore",
      from: [],
      reverses: "cancel",
      invokedBy: "restore",
      message: "Successfully restored official receipt No. {name}.",
    },
  ],
  defaultSort: { key: "or_number", order: "desc" },
  rowLinks: [
    // The receipt's own page (spec §2.1 /manage/collections/{collection_id}), from the row's main column.
    { key: "open", label: "Open", href: "/manage/collections/{id}", permission: "view-collection", onTrashed: true, main: true },
    { key: "print", label: "Print", href: "/manage/collections?modal=print&id={id}", permission: "view-collection", onTrashed: true },
    {
      key: "preview",
      label: "Preview",
      href: "/manage/collections/{id}/transactions/preview",
      permission: "view-collection",
      onTrashed: true,
    },
  ],
};

/**
 * The commands of a remittance (a recorded row outside the registry: its screens are the day list
 * and the RCD, DESIGN §11): remit a collector's day, and undo the latest remittance, which replays
 * the remit backwards with a reason.
 */
export const REMITTANCE_COMMANDS = {
  remit: {
    name: "remit",
    label: "Remit",
    permission: "manage",
    audit: "remit",
    from: [],
    invokedBy: "service",
    message: "Successfully remitted {name}.",
  },
  undo: {
    name: "undo",
    label: "Undo remittance",
    permission: "manage",
    audit: "undo-remit",
    from: [],
    reason: "required",
    reverses: "remit",
    invokedBy: "service",
    message: "Remittance {name} undone.",
  },
} as const satisfies Record<string, CommandDef>;
