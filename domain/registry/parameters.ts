import { z } from "zod";
import type { ColumnDef, FieldDef, ResourceDef, TableName } from "./types";
import {
  customFormsSchema,
  customPaymentFormSchema,
  DEFAULT_PAYMENT_LINE,
  FUND_TYPES,
  money,
  optionalCalendarDate,
  optionalMoney,
  optionalText,
  requiredEnum,
  requiredId,
  requiredText,
} from "./fields";
import { ELIGIBILITY, PAPER_SIZES } from "./certificates";
import { MAX_RECEIPT_LINES } from "./collections";
import { templateBoundsError } from "./template-bounds";

// The system parameters, each one registry entry (DESIGN §4). Columns follow spec §2.4.

const STATUS: ColumnDef = { key: "status", label: "Status", kind: "status", sortable: true };
const CREATED_AT: ColumnDef = { key: "created_at", label: "Created at", kind: "datetime", sortable: true, hideOnMobile: true };
const CREATED_BY: ColumnDef = { key: "created_by", label: "Created by", kind: "person", sortable: true, hideOnMobile: true };
const NAME: ColumnDef = { key: "name", label: "Name", kind: "text", sortable: true, order: "natural" };
const DESCRIPTION: ColumnDef = { key: "description", label: "Description", kind: "text", hideOnMobile: true };
const CRUD = ["create", "update", "delete", "restore"] as const;
const fundTypeFilter = { key: "fund_type", label: "Fund type", options: FUND_TYPES.map((v) => ({ value: v, label: v })) };

const P = "/system/parameters";

const NAME_FIELD: FieldDef = { name: "name", label: "Name", kind: "text", required: true, maxLength: 150 };
const TITLE_FIELD: FieldDef = {
  name: "title",
  label: "Printed title",
  kind: "text",
  maxLength: 200,
  description: "The heading printed on this type's documents.",
};
const CUSTOM_FORMS_FIELD: FieldDef = { name: "custom_forms", label: "Custom fields", kind: "custom-forms" };
/** What a type's schema starts with: its unique name and printed title. */
const typeShape = () => ({ name: requiredText("name", 150), title: optionalText("title", 200) });

/** An entity whose table is its name plus "s" (form_type → form_types), checked against db/schema. */
type ParameterEntity = TableName extends infer T ? (T extends `${infer Name}s` ? Name : never) : never;

/**
 * What every parameter table's entry shares: its names, derived from the entity's (form_type →
 * table form_types, "form type", "form types", "Form Types", /system/parameters/form_types), a
 * record named by its name, undo, the four modals, sorted by name.
 */
function parameterEntry(name: ParameterEntity) {
  const table: TableName = `${name}s`;
  const singular = name.replace(/_/g, " ");
  const plural = `${singular}s`;
  return {
    name,
    restPath: name,
    storage: { kind: "table", table },
    path: `${P}/${table}`,
    labels: { singular, plural, title: plural.replace(/\b[a-z]/g, (c) => c.toUpperCase()) },
    displayField: "name",
    undo: true,
    multiBody: "records",
    modals: CRUD,
    defaultSort: { key: "name", order: "asc" },
    parameter: true,
  } satisfies Partial<ResourceDef>;
}

/** An entity that is only a unique name (occupations, puroks, religions, business lines). */
function namedEntity(name: ParameterEntity, modals: ResourceDef["modals"] = CRUD): ResourceDef {
  const schema = z.object({ name: requiredText("name", 150) });
  return {
    ...parameterEntry(name),
    columns: [NAME, STATUS],
    fields: [NAME_FIELD],
    searchable: ["name"],
    unique: ["name"],
    schema: { create: schema, update: schema },
    modals,
  };
}

export const bank: ResourceDef = (() => {
  const schema = z.object({ code: requiredText("code", 20), name: requiredText("name", 150) });
  return {
    ...parameterEntry("bank"),
    columns: [{ key: "code", label: "Bank code", kind: "text", sortable: true }, NAME, STATUS],
    fields: [
      { name: "code", label: "Bank code", kind: "text", required: true, maxLength: 20, placeholder: "LBP" },
      { ...NAME_FIELD, placeholder: "Land Bank of the Philippines" },
    ],
    searchable: ["code", "name"],
    unique: ["code", "name"],
    schema: { create: schema, update: schema },
  };
})();

export const bankAccount: ResourceDef = (() => {
  const schema = z.object({
    bank_id: requiredId("bank_id"),
    account_name: requiredText("account_name", 150),
    account_number: requiredText("account_number", 40).regex(
      /^[0-9][0-9 -]*$/,
      "The account number may contain only digits, spaces and dashes.",
    ),
    fund_type: requiredEnum("fund_type", FUND_TYPES),
    // What the account held before the portal's first deposit or cheque. Older clients send
    // neither: the bank account's service then keeps the stored ones.
    opening_balance: money("opening_balance").optional(),
    opening_date: optionalCalendarDate("opening_date").optional(),
  });
  return {
    ...parameterEntry("bank_account"),
    displayField: "account_name",
    columns: [
      { key: "bank", label: "Bank", kind: "reference", sortable: true },
      { key: "account_name", label: "Account name", kind: "text", sortable: true },
      { key: "account_number", label: "Account number", kind: "text", sortable: true },
      { key: "fund_type", label: "Fund type", kind: "enum", sortable: true, hideOnMobile: true },
      { key: "opening_balance", label: "Opening balance", kind: "money", hideOnMobile: true },
      STATUS,
    ],
    fields: [
      { name: "bank_id", label: "Bank", kind: "reference", reference: "bank", required: true },
      { name: "account_name", label: "Account name", kind: "text", required: true, maxLength: 150 },
      { name: "account_number", label: "Account number", kind: "text", required: true, maxLength: 40 },
      { name: "fund_type", label: "Fund type", kind: "enum", options: FUND_TYPES, required: true },
      {
        name: "opening_balance",
        label: "Opening balance",
        kind: "money",
        description: "The cash in bank before the first deposit or cheque recorded here; the cheque register runs from it.",
      },
      { name: "opening_date", label: "Opening balance as of", kind: "date", description: "Required with an opening balance." },
    ],
    references: [{ key: "bank", foreignKey: "bank_id", resource: "bank" }],
    searchable: ["account_name", "account_number"],
    filters: [fundTypeFilter],
    unique: ["account_number"],
    schema: { create: schema, update: schema },
    modals: [...CRUD, "reset_password"],
    defaultSort: { key: "account_name", order: "asc" },
    // The test print that calibrates the account's cheque stock (its offsets).
    rowLinks: [
      {
        key: "cheque-test",
        label: "Cheque test print",
        href: "/system/parameters/bank_accounts/{id}/cheque-test",
        permission: "view-bank_account",
        newTab: true,
      },
    ],
  };
})();

export const businessLine = namedEntity("business_line", [...CRUD, "reset_password"]);
export const occupation = namedEntity("occupation");
export const purok = namedEntity("purok");
export const religion = namedEntity("religion");

/**
 * A type that carries a printed title and custom form fields: name, its own fields, printed
 * title, an optional description, custom fields; listed by name, its own columns, description and
 * status. A type differs from another only by its own fields, columns, references and children.
 */
function typeEntity(
  name: ParameterEntity,
  o: {
    withDescription?: boolean;
    extraShape?: z.ZodRawShape;
    extraFields?: FieldDef[];
    extraColumns?: ColumnDef[];
    references?: ResourceDef["references"];
    filters?: ResourceDef["filters"];
    children?: ResourceDef["children"];
  } = {},
): ResourceDef {
  const schema = z.object({
    ...typeShape(),
    ...(o.withDescription ? { description: optionalText("description", 1000) } : {}),
    ...o.extraShape,
    custom_forms: customFormsSchema,
  });
  return {
    ...parameterEntry(name),
    columns: [NAME, ...(o.extraColumns ?? []), ...(o.withDescription ? [DESCRIPTION] : []), STATUS],
    fields: [
      NAME_FIELD,
      ...(o.extraFields ?? []),
      TITLE_FIELD,
      ...(o.withDescription ? [{ name: "description", label: "Description", kind: "textarea" as const, maxLength: 1000 }] : []),
      CUSTOM_FORMS_FIELD,
    ],
    references: o.references,
    filters: o.filters,
    children: o.children,
    searchable: o.withDescription ? ["name", "description"] : ["name"],
    unique: ["name"],
    schema: { create: schema, update: schema },
  };
}

export const formType = typeEntity("form_type", { withDescription: true });

/** One line of a collection type's fee schedule. */
const collectionFeeSchema = z.object({
  nature: requiredText("nature of collection", 150),
  account_code: optionalText("account code", 30),
  amount: optionalMoney("usual amount"),
});

export const collectionType = typeEntity("collection_type", {
  extraShape: {
    fund_type: requiredEnum("fund_type", FUND_TYPES),
    fees: z.array(collectionFeeSchema).max(MAX_RECEIPT_LINES, `A collection type has at most ${MAX_RECEIPT_LINES} fees.`).default([]),
  },
  extraFields: [{ name: "fund_type", label: "Fund type", kind: "enum", options: FUND_TYPES, required: true }],
  extraColumns: [{ key: "fund_type", label: "Fund type", kind: "enum", sortable: true }],
  filters: [fundTypeFilter],
  // The fee schedule: the lines a receipt of this type starts with (nature, account code, usual amount).
  children: [
    {
      key: "fees",
      table: "collection_type_fees",
      parentKey: "collection_type_id",
      columns: ["nature", "account_code", "amount"],
      orderColumn: "position",
      fields: [
        { name: "nature", label: "Nature of collection", kind: "text", required: true, maxLength: 150 },
        { name: "account_code", label: "Account code", kind: "text", maxLength: 30 },
        { name: "amount", label: "Usual amount", kind: "money" },
      ],
      labels: { singular: "fee", plural: "fees" },
      max: MAX_RECEIPT_LINES,
    },
  ],
});

export const disbursementType = typeEntity("disbursement_type", { withDescription: true });

export const paymentNature = typeEntity("payment_nature", {
  extraShape: { disbursement_type_id: requiredId("disbursement_type_id") },
  extraFields: [
    { name: "disbursement_type_id", label: "Disbursement type", kind: "reference", reference: "disbursement_type", required: true },
  ],
  extraColumns: [{ key: "disbursement_type", label: "Disbursement type", kind: "reference", sortable: true }],
  references: [{ key: "disbursement_type", foreignKey: "disbursement_type_id", resource: "disbursement_type" }],
});

const margin = (name: string) =>
  z.coerce
    .number({ error: `The ${name} margin must be a number of millimetres.` })
    .int(`The ${name} margin must be a whole number of millimetres.`)
    .min(0, `The ${name} margin must be at least 0 mm.`)
    .max(60, `The ${name} margin must not be greater than 60 mm.`)
    .optional();

/** The certificate fields of a transaction type; the server sanitises the template. */
const certificateShape = {
  // Bounded before the server's sanitiser runs (domain/registry/template-bounds.ts).
  template: z
    .string({ error: "The template must be text." })
    .superRefine((html, ctx) => {
      const error = templateBoundsError(html);
      if (error) ctx.addIssue({ code: "custom", message: error });
    })
    .optional(),
  paper_size: z.enum(PAPER_SIZES, { error: "The selected paper size is invalid." }).optional(),
  margin_top: margin("top"),
  margin_right: margin("right"),
  margin_bottom: margin("bottom"),
  margin_left: margin("left"),
  validity_days: z
    .union([
      z.literal(""),
      z.null(),
      z.coerce
        .number()
        .int("The validity must be a whole number of days.")
        .min(1, "The validity must be at least 1 day.")
        .max(3660, "The validity must not be greater than 3660 days."),
    ])
    .optional()
    .transform((v) => (v === "" ? null : v)),
  eligibility: z
    .enum(ELIGIBILITY, { error: "The selected eligibility rule is invalid." })
    .nullish()
    .transform((v) => (v === undefined ? undefined : v === "none" || v === null ? null : v)),
};

const transactionTypeSchema = z.object({
  ...typeShape(),
  custom_forms: customFormsSchema,
  custom_payment_form: customPaymentFormSchema.default([DEFAULT_PAYMENT_LINE]),
  // The certificate and how it prints. Left out, a field keeps its stored value.
  ...certificateShape,
});

export const transactionType: ResourceDef<z.output<typeof transactionTypeSchema>> = (() => {
  return {
    ...typeEntity("transaction_type"),
    // Its fees and its certificate's fields follow the custom fields.
    fields: [
      { ...NAME_FIELD, placeholder: "Barangay Clearance" },
      { ...TITLE_FIELD, description: "The heading printed on the certificate." },
      CUSTOM_FORMS_FIELD,
      { name: "custom_payment_form", label: "Fees", kind: "custom-payment-form" },
      { name: "paper_size", label: "Paper size", kind: "enum", options: PAPER_SIZES },
      { name: "validity_days", label: "Valid for (days)", kind: "number", description: "Empty: no expiry printed." },
      {
        name: "eligibility",
        label: "Eligibility rule",
        kind: "enum",
        options: ELIGIBILITY,
        description: "first_time_jobseeker: free, once per person, 6 months' residency (RA 11261).",
      },
    ],
    schema: { create: transactionTypeSchema, update: transactionTypeSchema },
    // The certificate template has its own editor, reached from the list's row links.
    listModule: "routes/certificates.transaction-types.tsx",
    rowLinks: [
      {
        key: "template",
        label: "Edit template",
        href: "/system/parameters/transaction_types/{id}/template",
        permission: "update-transaction_type",
      },
    ],
  };
})();

/** Non-residents and organizations are users (spec §3); deleted and restored through the user calls (§7.3). */
function userEntity(o: {
  name: "non_resident" | "organization";
  singular: string;
  plural: string;
  title: string;
  path: string;
}): ResourceDef {
  const isOrganization = o.name === "organization";
  const account = {
    username: optionalText("username", 50).refine(
      (v) => v == null || /^[a-zA-Z0-9._-]{3,50}$/.test(v),
      "The username may contain only letters, digits, dots, dashes and underscores (3 to 50).",
    ),
    email: optionalText("email", 255).refine(
      (v) => v == null || z.email().safeParse(v).success,
      "The email must be a valid email address.",
    ),
  };
  const profile = z.object({
    firstname: requiredText(isOrganization ? "name" : "firstname", 150),
    middlename: optionalText("middlename", 100),
    lastname: isOrganization ? optionalText("lastname", 100) : requiredText("lastname", 100),
  });
  const password = optionalText("password", 128).refine((v) => v == null || v.length >= 8, "The password must be at least 8 characters.");
  const create = z.object({ ...account, password, user_profile: profile });
  const update = z.object({ ...account, password, user_profile: profile });
  const nameFields: ResourceDef["fields"] = isOrganization
    ? [{ name: "user_profile.firstname", label: "Organization name", kind: "text", required: true, maxLength: 150 }]
    : [
        { name: "user_profile.firstname", label: "First name", kind: "text", required: true, maxLength: 150 },
        { name: "user_profile.middlename", label: "Middle name", kind: "text", maxLength: 100 },
        { name: "user_profile.lastname", label: "Last name", kind: "text", required: true, maxLength: 100 },
      ];
  return {
    name: o.name,
    restPath: o.name,
    storage: { kind: "user", userKind: o.name },
    path: o.path,
    labels: { singular: o.singular, plural: o.plural, title: o.title },
    displayField: "name",
    undo: true,
    multiBody: "records",
    countable: true,
    columns: [{ key: "name", label: "Name", kind: "text", sortable: true }, STATUS, CREATED_AT, CREATED_BY],
    fields: [
      ...nameFields,
      { name: "username", label: "Username", kind: "text", maxLength: 50, description: "Optional: only if they will sign in." },
      { name: "email", label: "E-mail", kind: "email", maxLength: 255 },
      { name: "password", label: "Password", kind: "password", maxLength: 128, description: "Leave empty to keep the current password." },
    ],
    searchable: ["username", "email"],
    schema: { create, update },
    modals: CRUD,
    defaultSort: { key: "name", order: "asc" },
    parameter: true,
  };
}

export const nonResident = userEntity({
  name: "non_resident",
  singular: "non-resident",
  plural: "non-residents",
  title: "Non-Residents",
  path: `${P}/non_residents`,
});
export const organization = userEntity({
  name: "organization",
  singular: "organization",
  plural: "organizations",
  title: "Organizations",
  path: `${P}/organizations`,
});
