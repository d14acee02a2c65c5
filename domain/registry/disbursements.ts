import { z } from "zod";
import type { ColumnDef, ResourceDef } from "./types";
import { booklet, ISSUE_LEAF, LEAF_COLUMNS, voidLeaf } from "./booklet";
import { calendarDate, FUND_TYPES, money, optionalId, optionalText, requiredEnum, requiredId, requiredText } from "./fields";

// Disbursements and cheques (DESIGN §11): cheque books generating their cheque numbers,
// disbursement vouchers with payment nature lines, and cheque issuances paying a voucher from the
// next available cheque number of the chosen bank account. Columns follow spec §2.4; the rules
// live in server/features/disbursements/.

const STATUS: ColumnDef = { key: "status", label: "Status", kind: "status", sortable: true };
const CREATED_AT: ColumnDef = { key: "created_at", label: "Created at", kind: "datetime", sortable: true, hideOnMobile: true };

/** Serial digits as printed on the leaf ("0001001"): leading zeros kept. */
const serial = (name: string) =>
  requiredText(name, 12).regex(/^[0-9]{1,12}$/, `The ${name.replace(/_/g, " ")} must be the digits printed on the cheque.`);

const positiveMoney = (name: string) => money(name).refine((v) => Number(v) > 0, `The ${name.replace(/_/g, " ")} must be more than zero.`);

// ---- Cheque books ----

const chequeBookSchema = z.object({
  bank_account_id: requiredId("bank_account_id"),
  cheque_book_code: requiredText("cheque_book_code", 40),
  series: serial("series"),
  quanty_generated: z.coerce
    .number({ error: "The quantity field is required." })
    .int("The quantity must be a whole number.")
    .min(1, "The quantity must be at least 1.")
    .max(1000, "The quantity must not be greater than 1000."),
});

const book = booklet({
  code: { key: "cheque_book_code", label: "Cheque book code", placeholder: "LBP-2026-01" },
  scope: { key: "bank_account_id", label: "Bank account", resource: "bank_account" },
  quantityLabel: "Quantity",
});

export const chequeBook: ResourceDef = {
  name: "cheque_book",
  restPath: "cheque_book",
  storage: { kind: "table", table: "cheque_books" },
  path: "/manage/cheque_books",
  labels: { singular: "cheque book", plural: "cheque books", title: "Cheque Books" },
  ...book.entry,
  columns: [
    book.columns.code,
    { key: "bank", label: "Bank", kind: "text", hideOnMobile: true },
    { key: "account_number", label: "Account number", kind: "text", hideOnMobile: true },
    book.columns.series,
    book.columns.quantity,
    book.columns.available,
    CREATED_AT,
    STATUS,
  ],
  fields: [
    book.fields.scope,
    book.fields.code,
    {
      name: "series",
      label: "First serial",
      kind: "text",
      required: true,
      maxLength: 12,
      pattern: "^[0-9]{1,12}$",
      placeholder: "0001001",
      description: "The serial printed on the first leaf, leading zeros included.",
    },
    { name: "quanty_generated", label: "Number of leaves", kind: "number", required: true, description: "Usually 50 or 100." },
  ],
  schema: { create: chequeBookSchema, update: chequeBookSchema },
  defaultSort: { key: "created_at", order: "desc" },
  rowLinks: [{ key: "numbers", label: "View cheque numbers", href: "/system/parameters/cheque_numbers?filter[cheque_book_id]={id}" }],
};

// ---- Cheque numbers ----

const chequeNumberSchema = z.object({
  cheque_book_id: requiredId("cheque_book_id"),
  number: serial("number"),
});

export const CHEQUE_NUMBER_STATES = [
  { value: "available", label: "Available" },
  { value: "issued", label: "Issued" },
  { value: "void", label: "Void (spoiled)" },
] as const;

export const chequeNumber: ResourceDef = {
  name: "cheque_number",
  restPath: "cheque_number",
  storage: { kind: "table", table: "cheque_numbers" },
  path: "/system/parameters/cheque_numbers",
  labels: { singular: "cheque number", plural: "cheque numbers", title: "Cheque Numbers" },
  displayField: "number",
  voidWording: true,
  undo: true,
  multiBody: "records",
  countable: true,
  columns: [
    { key: "cheque_book_code", label: "Cheque book code", kind: "text", hideOnMobile: true },
    { key: "bank_account", label: "Bank account", kind: "reference", sortable: true, hideOnMobile: true },
    LEAF_COLUMNS.number,
    LEAF_COLUMNS.state,
    { key: "void_reason", label: "Reason", kind: "text", hideOnMobile: true },
    STATUS,
  ],
  fields: [
    { name: "cheque_book_id", label: "Cheque book", kind: "reference", reference: "cheque_book", required: true },
    { name: "number", label: "Number", kind: "text", required: true, maxLength: 12, pattern: "^[0-9]{1,12}$" },
  ],
  references: [
    { key: "bank_account", foreignKey: "bank_account_id", resource: "bank_account" },
    { key: "cheque_book", foreignKey: "cheque_book_id", resource: "cheque_book" },
  ],
  searchable: ["number"],
  filters: [
    { key: "state", label: "State", options: CHEQUE_NUMBER_STATES },
    { kind: "reference", key: "bank_account_id", label: "Bank account", resource: "bank_account" },
    { kind: "reference", key: "cheque_book_id", label: "Cheque book", resource: "cheque_book" },
  ],
  schema: { create: chequeNumberSchema, update: chequeNumberSchema },
  // Spec §6: cheque numbers have only void and restore (numbers come from their book).
  modals: ["restore"],
  defaultSort: { key: "number", order: "asc" },
  parameter: true,
  stateColumn: "state",
  // An issued leaf is neither voided nor restored here: its cheque is (cheque issuance void/unvoid).
  restorableStates: ["available", "void"],
  commands: [
    ISSUE_LEAF,
    voidLeaf("Void cheque number {name}? The leaf is spoiled and kept in the register."),
    {
      name: "unvoid",
      label: "Restore",
      permission: "restore",
      audit: "restore",
      from: ["void"],
      reverses: "void",
      message: "Successfully restored {name}.",
    },
  ],
};

// ---- Disbursement vouchers ----

export const PAYEE_KINDS = ["Other", "Resident", "Non-resident", "Organization", "Business"] as const;

const lineSchema = z.object({
  payment_nature_id: requiredId("payment_nature_id"),
  description: optionalText("description", 300),
  amount: positiveMoney("amount"),
});

const disbursementSchema = z.object({
  voucher_date: calendarDate("voucher_date"),
  payee_kind: requiredEnum("payee_kind", PAYEE_KINDS).default("Other"),
  payee_id: optionalId("payee_id"),
  payee: optionalText("payee", 200),
  payee_address: optionalText("payee_address", 300),
  payee_tin: optionalText("payee_tin", 20).refine(
    (v) => v == null || /^[0-9][0-9 -]*$/.test(v),
    "The TIN may contain only digits, spaces and dashes.",
  ),
  disbursement_type_id: requiredId("disbursement_type_id"),
  fund_type: requiredEnum("fund_type", FUND_TYPES),
  particulars: requiredText("particulars", 2000),
  lines: z
    .array(lineSchema, { error: "The payment natures must be a list." })
    .min(1, "Add at least one payment nature.")
    .max(20, "A voucher has at most 20 payment natures."),
});

export const disbursement: ResourceDef<z.output<typeof disbursementSchema>> = {
  name: "disbursement",
  restPath: "disbursement",
  storage: { kind: "table", table: "disbursements" },
  path: "/manage/disbursements",
  labels: { singular: "disbursement", plural: "disbursements", title: "Disbursements" },
  displayField: "disbursement_number",
  voidWording: true,
  undo: true,
  multiBody: "records",
  countable: true,
  columns: [
    { key: "disbursement_number", label: "DV No.", kind: "text", sortable: true },
    { key: "payee", label: "Payee", kind: "text", sortable: true },
    { key: "amount", label: "Amount", kind: "money", sortable: true },
    { key: "balance", label: "Unpaid", kind: "money", hideOnMobile: true },
    { key: "particulars", label: "Particulars", kind: "text", hideOnMobile: true },
    STATUS,
    { key: "voucher_date", label: "Voucher date", kind: "date", sortable: true },
  ],
  fields: [
    { name: "voucher_date", label: "Voucher date", kind: "date", required: true },
    { name: "payee_kind", label: "Payee is a", kind: "enum", options: PAYEE_KINDS, required: true },
    {
      name: "payee_id",
      label: "Payee",
      kind: "number",
      description: "The payee's record: its name is printed on the voucher and the cheque.",
      recordPicker: {
        kindField: "payee_kind",
        entries: { Resident: "resident", "Non-resident": "non_resident", Organization: "organization", Business: "business" },
        label: "Payee",
        nameField: "payee",
      },
    },
    {
      name: "payee",
      label: "Payee name",
      kind: "text",
      maxLength: 200,
      description: "Printed on the voucher and the cheque: typed for another payee; a record's own name otherwise.",
    },
    { name: "payee_address", label: "Payee address", kind: "text", maxLength: 300 },
    { name: "payee_tin", label: "Payee TIN", kind: "text", maxLength: 20 },
    { name: "disbursement_type_id", label: "Disbursement type", kind: "reference", reference: "disbursement_type", required: true },
    { name: "fund_type", label: "Fund", kind: "enum", options: FUND_TYPES, required: true },
    { name: "particulars", label: "Particulars", kind: "textarea", required: true, maxLength: 2000 },
  ],
  references: [{ key: "disbursement_type", foreignKey: "disbursement_type_id", resource: "disbursement_type" }],
  searchable: ["disbursement_number", "payee", "particulars"],
  filters: [
    { kind: "reference", key: "disbursement_type_id", label: "Disbursement type", resource: "disbursement_type" },
    { key: "fund_type", label: "Fund", options: FUND_TYPES.map((v) => ({ value: v, label: v })) },
    { kind: "date-range", key: "voucher_date", label: "Voucher date" },
    { kind: "amount-range", key: "amount", label: "Amount" },
  ],
  schema: { create: disbursementSchema, update: disbursementSchema },
  modals: ["create", "update", "delete", "restore"],
  defaultSort: { key: "disbursement_number", order: "desc" },
  children: [
    {
      key: "lines",
      table: "disbursement_lines",
      parentKey: "disbursement_id",
      columns: ["payment_nature_id", "description", "amount"],
      orderColumn: "position",
      references: [{ key: "payment_nature", foreignKey: "payment_nature_id", resource: "payment_nature" }],
      fields: [
        { name: "payment_nature_id", label: "Nature of payment", kind: "reference", reference: "payment_nature", required: true },
        { name: "description", label: "Description", kind: "text", maxLength: 300 },
        { name: "amount", label: "Amount", kind: "money", required: true },
      ],
      labels: { singular: "payment nature", plural: "payment natures" },
      max: 20,
    },
  ],
  rowLinks: [
    // The voucher's own page: its lines, signatories, cheques and what it still owes.
    { key: "view", label: "View", href: "/manage/disbursements/{id}", main: true, onTrashed: true },
    {
      key: "print",
      label: "Print voucher",
      href: "/manage/disbursements/{id}/print",
      permission: "view-disbursement",
      newTab: true,
      onTrashed: true,
    },
    { key: "cheques", label: "View cheques", href: "/manage/cheque_issuances?filter[disbursement_id]={id}", onTrashed: true },
  ],
};

// ---- Cheque issuances ----

const issuanceSchema = z.object({
  disbursement_id: requiredId("disbursement_id"),
  bank_account_id: requiredId("bank_account_id"),
  cheque_date: calendarDate("cheque_date"),
  payee: requiredText("payee", 200),
  amount: positiveMoney("amount"),
  description_with_nature_of_payment: optionalText("description_with_nature_of_payment", 1000),
});

export const chequeIssuance: ResourceDef<z.output<typeof issuanceSchema>> = {
  name: "cheque_issuance",
  restPath: "cheque-issuance",
  storage: { kind: "table", table: "cheque_issuances" },
  path: "/manage/cheque_issuances",
  labels: { singular: "cheque issuance", plural: "cheque issuances", title: "Cheque Issuances" },
  displayField: "number",
  undo: false,
  multiBody: "records",
  countable: true,
  columns: [
    { key: "bank_account", label: "Bank account", kind: "reference", sortable: true, hideOnMobile: true },
    { key: "number", label: "Cheque number", kind: "text" },
    { key: "payee", label: "Payee", kind: "text", sortable: true },
    { key: "amount", label: "Amount", kind: "money", sortable: true },
    { key: "description_with_nature_of_payment", label: "Particulars", kind: "text", hideOnMobile: true },
    STATUS,
    { key: "cheque_date", label: "Date", kind: "date", sortable: true },
  ],
  fields: [
    { name: "disbursement_id", label: "Disbursement voucher", kind: "reference", reference: "disbursement", required: true },
    {
      name: "bank_account_id",
      label: "Bank account",
      kind: "reference",
      reference: "bank_account",
      required: true,
      description: "The cheque takes the next available number of this account's cheque books.",
    },
    { name: "cheque_date", label: "Cheque date", kind: "date", required: true },
    { name: "amount", label: "Amount", kind: "money", required: true, description: "At most what the voucher still owes." },
    {
      name: "payee",
      label: "Payee",
      kind: "text",
      required: true,
      maxLength: 200,
      description: "One payee only, as the cheque prints it (PCHC).",
    },
    {
      name: "description_with_nature_of_payment",
      label: "Particulars",
      kind: "textarea",
      maxLength: 1000,
      description: "Leave empty for the voucher's particulars.",
    },
  ],
  references: [
    { key: "bank_account", foreignKey: "bank_account_id", resource: "bank_account" },
    { key: "disbursement", foreignKey: "disbursement_id", resource: "disbursement" },
  ],
  searchable: ["payee", "description_with_nature_of_payment"],
  filters: [
    {
      key: "state",
      label: "State",
      options: [
        { value: "issued", label: "Issued" },
        { value: "void", label: "Void" },
      ],
    },
    { kind: "reference", key: "bank_account_id", label: "Bank account", resource: "bank_account" },
    { kind: "reference", key: "disbursement_id", label: "Voucher", resource: "disbursement" },
    { kind: "date-range", key: "cheque_date", label: "Cheque date" },
    { kind: "amount-range", key: "amount", label: "Amount" },
  ],
  schema: { create: issuanceSchema, update: issuanceSchema },
  // A written cheque is voided, and brought back by Unvoid: its screens offer only that pair (the
  // spec's delete and restore stay on REST, and a restore of a cheque not in the trash is refused).
  modals: ["create", "update"],
  // The cheque form lists the vouchers it can pay and opens filled from a voucher's page.
  listModule: "routes/cheque-issuances.list.tsx",
  defaultSort: { key: "cheque_date", order: "desc" },
  stateColumn: "state",
  commands: [
    {
      name: "void",
      label: "Void",
      permission: "update",
      from: ["issued"],
      to: "void",
      reason: "required",
      message: "Successfully voided {name}.",
      confirm: "Void cheque {name}? Its cheque number is spoiled, and the other cheques of the same voucher are voided with it.",
      destructive: true,
    },
    { name: "unvoid", label: "Unvoid", permission: "delete", from: ["void"], reverses: "void", message: "Successfully unvoided {name}." },
  ],
  rowLinks: [
    { key: "print", label: "Print cheque", href: "/manage/cheque_issuances/{id}/print", permission: "view-cheque_issuance", newTab: true },
    {
      key: "voucher-page",
      label: "View voucher",
      href: "/manage/disbursements/{disbursement_id}",
      permission: "view-disbursement",
      onTrashed: true,
    },
    {
      key: "voucher",
      label: "Print voucher",
      href: "/manage/disbursements/{disbursement_id}/print",
      permission: "view-disbursement",
      newTab: true,
      onTrashed: true,
    },
  ],
};
