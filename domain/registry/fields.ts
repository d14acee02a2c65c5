import { z } from "zod";
import { isCalendarDate, todayInManila } from "../dates";

export { isCalendarDate };

// Field schemas shared by registry entries. Messages follow Laravel's wording, which existing
// clients and staff already know ("The name field is required.").

/**
 * The words a message uses for a field whose name is not its label with spaces (Laravel's custom
 * attribute names): "The last name field is required.", not "The lastname field…".
 */
const ATTRIBUTE_NAMES: Record<string, string> = {
  firstname: "first name",
  middlename: "middle name",
  lastname: "last name",
  father_fullname: "father's full name",
  mother_fullname: "mother's full name",
  highest_educational_attended: "highest educational attainment",
  hex_color: "colour",
  sss_job: "SSS job",
  sss_number: "SSS number",
  sss_retirement_date: "SSS retirement date",
  payee_tin: "payee TIN",
  description_with_nature_of_payment: "particulars",
};

const attr = (name: string) => ATTRIBUTE_NAMES[name] ?? name.replace(/_/g, " ");

/** A required single-line text: trimmed, non-empty, at most `max` characters. */
export function requiredText(name: string, max = 255) {
  return z
    .string({ error: (issue) => (issue.input == null ? `The ${attr(name)} field is required.` : `The ${attr(name)} must be a string.`) })
    .trim()
    .min(1, `The ${attr(name)} field is required.`)
    .max(max, `The ${attr(name)} must not be greater than ${max} characters.`);
}

/** Optional text: empty becomes null. */
export function optionalText(name: string, max = 255) {
  return z
    .string({ error: `The ${attr(name)} must be a string.` })
    .trim()
    .max(max, `The ${attr(name)} must not be greater than ${max} characters.`)
    .nullish()
    .transform((v) => (v ? v : null));
}

export function requiredEnum<T extends readonly [string, ...string[]]>(name: string, values: T) {
  return z.enum(values, {
    error: (issue) =>
      issue.input == null || issue.input === "" ? `The ${attr(name)} field is required.` : `The selected ${attr(name)} is invalid.`,
  });
}

/**
 * A related record given as itself, `{id: 3, name: "BDO"}` (a row as listed, PUT back by an
 * existing client), counts as its id; any other value is left as it is.
 */
export function idOfObject(value: unknown): unknown {
  return typeof value === "object" && value !== null && !Array.isArray(value) && "id" in value ? (value as { id: unknown }).id : value;
}

/** A reference to another record by id (a select's value arrives as a string from HTML forms; JSON may send the record). */
export function requiredId(name: string) {
  return z.preprocess(
    idOfObject,
    z.coerce
      .number({ error: `The ${attr(name.replace(/_id$/, ""))} field is required.` })
      .int(`The selected ${attr(name.replace(/_id$/, ""))} is invalid.`)
      .positive(`The ${attr(name.replace(/_id$/, ""))} field is required.`),
  );
}

/** An optional reference by id; JSON may send the record ({id, name}) as listed. */
export function optionalId(name: string) {
  return z.preprocess(
    idOfObject,
    z
      .union([z.string(), z.number()], { error: `The selected ${attr(name.replace(/_id$/, ""))} is invalid.` })
      .nullish()
      .transform((v, ctx) => {
        if (v == null || v === "") return null;
        const n = Number(v);
        if (!Number.isSafeInteger(n) || n < 1) {
          ctx.addIssue({ code: "custom", message: `The selected ${attr(name.replace(/_id$/, ""))} is invalid.` });
          return z.NEVER;
        }
        return n;
      }),
  );
}

export interface CalendarDateOptions {
  /** The words of the messages when they are not the field's ("date of birth"). */
  label?: string;
  /** Refuse a day after today in Manila ("The date of birth must not be in the future."). */
  notInFuture?: boolean;
  /** Refuse a day before this one ("YYYY-MM-DD"), e.g. birth dates before 1890. */
  min?: { date: string; message: string };
}

/**
 * A calendar date "YYYY-MM-DD" that exists: the one date rule of every date field and date query
 * (DESIGN §5). The day is the office's (Asia/Manila) and is never shifted by a time zone; a text
 * that names no day (30 February, month 13, "tomorrow") is a 422 on its field and never reaches
 * the database, which refuses it with an error of its own. Required: empty is "field is required".
 */
export function calendarDate(name: string, options: CalendarDateOptions = {}) {
  const label = options.label ?? attr(name);
  const required = `The ${label} field is required.`;
  return z
    .string({ error: (issue) => (issue.input == null ? required : `The ${label} is not a valid date.`) })
    .trim()
    .min(1, required)
    .superRefine((value, ctx) => {
      const problem = calendarDateProblem(value, label, options);
      if (problem) ctx.addIssue({ code: "custom", message: problem });
    });
}

/** The same rule for a date that may be left out: empty, null or missing is null. */
export function optionalCalendarDate(name: string, options: CalendarDateOptions = {}) {
  const label = options.label ?? attr(name);
  return z
    .string({ error: `The ${label} is not a valid date.` })
    .trim()
    .nullish()
    .transform((v) => v || null)
    .superRefine((value, ctx) => {
      const problem = value == null ? null : calendarDateProblem(value, label, options);
      if (problem) ctx.addIssue({ code: "custom", message: problem });
    });
}

/** Why a text is not an acceptable date of a field, or null when it is one. */
export function calendarDateProblem(value: string, label: string, options: CalendarDateOptions = {}): string | null {
  if (!isCalendarDate(value)) return `The ${label} is not a valid date.`;
  if (options.notInFuture && value > todayInManila()) return `The ${label} must not be in the future.`;
  if (options.min && value < options.min.date) return options.min.message;
  return null;
}

const MONEY_PATTERN = /^\d{1,9}(\.\d{1,2})?$/;

/** Money as the JSON string "1500.00" (DESIGN §5): 0 to 999,999,999.99, at most 2 decimals. */
export function money(name: string) {
  return z
    .union([z.string(), z.number()], { error: `The ${attr(name)} field is required.` })
    .transform((v) => String(v).trim().replace(/,/g, ""))
    .refine((v) => !v.startsWith("-"), `The ${attr(name)} must not be negative.`)
    .refine(
      (v) => v.startsWith("-") || MONEY_PATTERN.test(v),
      `The ${attr(name)} must be an amount with at most 2 decimals, up to 999,999,999.99.`,
    )
    .transform((v) => {
      const [whole, fraction = ""] = v.split(".");
      return `${String(Number(whole))}.${fraction.padEnd(2, "0")}`;
    });
}

/** An amount that may be left empty (null), else as `money` and above zero. */
export function optionalMoney(name: string) {
  return z.preprocess(
    (v) => (v == null || (typeof v === "string" && v.trim() === "") ? null : v),
    money(name)
      .refine((v) => Number(v) > 0, `The ${attr(name)} must be greater than 0.`)
      .nullable(),
  );
}

export const FUND_TYPES = ["General Fund", "SK Fund", "Trust Fund"] as const;

/** Custom form fields: extra fields a type adds to its forms. */
export const CUSTOM_FIELD_TYPES = ["text", "number", "date", "select", "textarea"] as const;
const FIELD_ID = /^[a-z][a-z0-9_]{0,62}$/;

export const customFieldSchema = z.object({
  label: requiredText("label", 100),
  fieldId: z
    .string()
    .trim()
    .regex(FIELD_ID, "The field id must start with a letter and use only lower-case letters, digits and underscores."),
  type: z.enum(CUSTOM_FIELD_TYPES, { error: "The selected field type is invalid." }).default("text"),
  required: z.coerce.boolean().default(false),
  options: z
    .union([z.array(z.string().trim().min(1).max(100)), z.string()])
    .optional()
    .transform((v) =>
      typeof v === "string"
        ? v
            .split(/\r?\n|,/)
            .map((s) => s.trim())
            .filter(Boolean)
        : (v ?? []),
    ),
});
export type CustomField = z.output<typeof customFieldSchema>;

function uniqueFieldIds<T extends { fieldId: string }>(items: T[], ctx: z.RefinementCtx) {
  const seen = new Set<string>();
  items.forEach((item, index) => {
    if (seen.has(item.fieldId)) ctx.addIssue({ code: "custom", path: [index, "fieldId"], message: "The field id must be unique." });
    seen.add(item.fieldId);
  });
}

export const customFormsSchema = z
  .array(customFieldSchema)
  .max(50, "A form can have at most 50 custom fields.")
  .default([])
  .superRefine((items, ctx) => {
    uniqueFieldIds(items, ctx);
    items.forEach((item, index) => {
      if (item.type === "select" && item.options.length === 0)
        ctx.addIssue({ code: "custom", path: [index, "options"], message: "A select field needs at least one option." });
    });
  });

/** Fee lines of a transaction type (spec §3): "Default Amount" means the type's name is used. */
export const paymentLineSchema = z.object({
  id: z.coerce.number().int().nonnegative().optional(),
  fieldId: z
    .string()
    .trim()
    .regex(FIELD_ID, "The field id must start with a letter and use only lower-case letters, digits and underscores."),
  label: requiredText("label", 100),
  isPending: z.coerce.boolean().optional().default(false),
  amount: money("amount"),
});

export const customPaymentFormSchema = z
  .array(paymentLineSchema)
  .max(30, "A transaction type can have at most 30 fee lines.")
  .superRefine(uniqueFieldIds);

/** A new transaction type starts with one "Default Amount" line of 0 (spec §3). */
export const DEFAULT_PAYMENT_LINE = {
  id: 1,
  fieldId: "custom_field_default_amount",
  label: "Default Amount",
  isPending: false,
  amount: "0.00",
};

/** The field id derived from a label: "Purpose of request" → "purpose_of_request". */
export function fieldIdFromLabel(label: string, taken: Iterable<string> = []): string {
  const base =
    label
      .normalize("NFD")
      .replace(/[\u0300-\u036f]/g, "")
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "_")
      .replace(/^_+|_+$/g, "")
      .replace(/^(\d)/, "f_$1")
      .slice(0, 56) || "field";
  const used = new Set(taken);
  let id = base;
  for (let n = 2; used.has(id); n++) id = `${base}_${n}`;
  return id;
}
