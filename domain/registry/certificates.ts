import { z } from "zod";
import type { ColumnDef, ResourceDef } from "./types";
import { optionalCalendarDate, requiredId } from "./fields";

// Transactions: the certificates and other services issued to a person (DESIGN §11).
// The transaction type (domain/registry/parameters.ts) carries the template; this entry is the
// issued document. The service (server/features/certificates/) numbers it, checks its custom
// values and eligibility, snapshots its fee lines and renders it.

/** Certificate placeholders of spec §3, in the order the editor's menu lists them. */
export const PLACEHOLDERS = [
  { key: "user_complete_name", label: "Complete name (first middle last suffix)" },
  { key: "user_fullname", label: "Full name" },
  { key: "user_firstname", label: "First name" },
  { key: "user_middlename", label: "Middle name" },
  { key: "user_lastname", label: "Last name" },
  { key: "user_suffix", label: "Suffix" },
  { key: "user_sex", label: "Sex" },
  { key: "user_religion", label: "Religion" },
  { key: "user_email", label: "E-mail" },
  { key: "user_contact_number", label: "Contact number" },
  { key: "user_place_of_birth", label: "Place of birth" },
  { key: "user_date_of_birth", label: "Date of birth" },
  { key: "user_age", label: "Age on the issue date" },
  { key: "user_mother_fullname", label: "Mother's full name" },
  { key: "user_father_fullname", label: "Father's full name" },
  { key: "user_address", label: "Address" },
  { key: "user_civil_status", label: "Civil status" },
  { key: "user_sss_number", label: "SSS number" },
  { key: "user_sss_membership_date", label: "SSS membership date" },
  { key: "user_sss_retirement_date", label: "SSS retirement date" },
  { key: "user_sss_job", label: "SSS job" },
  { key: "user_highest_educational_attended", label: "Highest education attended" },
  { key: "her/his", label: "her / his" },
  { key: "son/daughter", label: "son / daughter" },
  { key: "He/She", label: "He / She" },
  { key: "he/she", label: "he / she" },
  { key: "purpose", label: "Purpose" },
  { key: "year_now", label: "Year of issue" },
  { key: "date_now", label: "Issue date in words (22nd day of November, 2026)" },
  // The document's own facts and the barangay's (decision 111): a template needs them in its
  // header and closing lines, and the spec's list has no place for them.
  { key: "user_citizenship", label: "Citizenship" },
  { key: "reference_number", label: "Reference (control) number" },
  { key: "date_issued", label: "Issue date (November 22, 2026)" },
  { key: "valid_until", label: "Valid until (date)" },
  { key: "barangay_name", label: "Barangay name" },
  { key: "barangay_municipality", label: "City / municipality" },
  { key: "barangay_province", label: "Province" },
  { key: "barangay_address", label: "Barangay hall address" },
  // The officials in office on the issue date (decision 194): the names a signature line prints.
  { key: "punong_barangay", label: "Punong Barangay (name on the issue date)" },
  { key: "barangay_secretary", label: "Barangay Secretary (name on the issue date)" },
  { key: "barangay_treasurer", label: "Barangay Treasurer (name on the issue date)" },
] as const;

export const PLACEHOLDER_KEYS: readonly string[] = PLACEHOLDERS.map((p) => p.key);

/** `{{user_fullname}}`, `{{her/his}}`: how a placeholder is written in a stored template. */
export const PLACEHOLDER_PATTERN = /\{\{\s*([A-Za-z][A-Za-z0-9_/]{0,62})\s*\}\}/g;

/** Every placeholder a template names, in order of first use. */
export function placeholdersIn(template: string): string[] {
  const found = new Set<string>();
  for (const match of template.matchAll(PLACEHOLDER_PATTERN)) found.add(match[1]);
  return [...found];
}

/** The placeholders a type allows: spec §3's and its custom fields' ids. */
export function allowedPlaceholders(customFields: readonly { fieldId: string }[]): Set<string> {
  return new Set([...PLACEHOLDER_KEYS, ...customFields.map((f) => f.fieldId).filter(Boolean)]);
}

/** A fee line as a receipt lists it (spec §3): "Default Amount" means the type's name. */
export function feeLabel(line: { label: string }, typeName: string): string {
  return line.label === "Default Amount" ? typeName : line.label;
}

export const PAPER_SIZES = ["A4", "Letter", "Long"] as const;
export type PaperSize = (typeof PAPER_SIZES)[number];

/** CSS page sizes: A4, US Letter, and 8.5 × 13 in "long" bond (research notes §8). */
export const PAPER_CSS: Record<PaperSize, string> = { A4: "210mm 297mm", Letter: "8.5in 11in", Long: "8.5in 13in" };
export const PAPER_LABELS: Record<PaperSize, string> = {
  A4: "A4 (210 × 297 mm)",
  Letter: "Letter (8.5 × 11 in)",
  Long: "Long bond (8.5 × 13 in)",
};

/** Eligibility rules a type may carry where the law sets them; "none" is stored as null. */
export const ELIGIBILITY = ["none", "first_time_jobseeker"] as const;

/** The type's custom field values by field id, as text (HTML forms post text; so must JSON). */
const customValues = z
  .record(
    z.string(),
    z
      .string({ error: (issue) => `The ${String(issue.path?.at(-1) ?? "value").replace(/_/g, " ")} must be a string.` })
      .nullable()
      .transform((v) => (v ?? "").trim()),
  )
  .optional();

const schema = z.object({
  transaction_type_id: requiredId("transaction_type_id"),
  issued_to_user_id: requiredId("issued_to_user_id"),
  // Today when left out (the service fills it in).
  date_issued: optionalCalendarDate("date_issued").transform((v) => v ?? undefined),
  custom_values: customValues,
});

const CREATED_BY: ColumnDef = { key: "created_by", label: "Created by", kind: "person", sortable: true, hideOnMobile: true };

export const transaction: ResourceDef<z.output<typeof schema>> = {
  name: "transaction",
  restPath: "transaction",
  storage: { kind: "table", table: "transactions" },
  path: "/manage/transactions",
  labels: { singular: "transaction", plural: "transactions", title: "Transactions" },
  displayField: "reference_number",
  undo: true,
  multiBody: "records",
  countable: true,
  columns: [
    { key: "reference_number", label: "Reference number", kind: "text", sortable: true },
    { key: "transaction_type", label: "Transaction type", kind: "reference", sortable: true },
    { key: "issued_to", label: "Issued to", kind: "reference", sortable: true },
    { key: "payment_status", label: "Payment", kind: "enum", hideOnMobile: true },
    { key: "date_issued", label: "Date issued", kind: "date", sortable: true },
    CREATED_BY,
  ],
  fields: [
    { name: "transaction_type_id", label: "Transaction type", kind: "reference", reference: "transaction_type", required: true },
    { name: "issued_to_user_id", label: "Issued to", kind: "reference", reference: "resident", required: true },
    { name: "date_issued", label: "Date issued", kind: "date", description: "Today when left empty." },
    // The purpose is a placeholder of spec §3 every certificate prints; the issue form asks the
    // type's own custom fields, and the server requires a value where the type's field does.
    { name: "custom_values.purpose", label: "Purpose", kind: "textarea", required: true, maxLength: 1000 },
  ],
  references: [
    { key: "transaction_type", foreignKey: "transaction_type_id", resource: "transaction_type" },
    { key: "issued_to", foreignKey: "issued_to_user_id", resource: "resident" },
  ],
  searchable: ["reference_number"],
  filters: [
    { kind: "reference", key: "transaction_type_id", label: "Transaction type", resource: "transaction_type" },
    { kind: "reference", key: "issued_to_user_id", label: "Issued to", resource: "resident", search: "resident" },
    { kind: "date-range", key: "date_issued", label: "Date issued" },
  ],
  schema: { create: schema, update: schema },
  modals: ["create", "update", "delete", "restore", "print", "print-now"],
  // An issued certificate keeps its reference number: delete cancels it, restore reverses that cancel.
  commands: [
    {
      name: "cancel",
      label: "Delete",
      permission: "delete",
      audit: "delete",
      from: [],
      invokedBy: "delete",
      message: "Successfully deleted {name}.",
    },
    {
      name: "restore",
      label: "Restore",
      permission: "restore",
      from: [],
      reverses: "cancel",
      invokedBy: "restore",
      message: "Successfully restored {name}.",
    },
  ],
  defaultSort: { key: "date_issued", order: "desc" },
  listModule: "routes/certificates.transactions.tsx",
  rowLinks: [
    { key: "open", label: "Open", href: "/manage/transactions/{id}", permission: "view-transaction", onTrashed: true, main: true },
    { key: "print", label: "Print", href: "/manage/transactions?modal=print&id={id}", permission: "view-transaction" },
    { key: "print-now", label: "Print now", href: "/manage/transactions?modal=print-now&id={id}", permission: "view-transaction" },
  ],
};
