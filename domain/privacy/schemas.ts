import { z } from "zod";

// What the privacy screens post, shared by the forms (Conform) and the
// services (docs/decisions/185, 186). Isomorphic: plain zod, nothing server-side.

/**
 * Exporting a person's data for a data subject request (decision 185): the Administrator holds it;
 * give it to the Data Protection Officer's role.
 */
export const EXPORT_PERSONAL_DATA_PERMISSION = "export-personal_data";

/** How long trashed personal records and access-log rows are kept, in days (the `retention` setting). */
export interface RetentionSettings {
  trashed_personal_days: number;
  access_log_days: number;
}

/** Decision 186: no law fixes these; 3 years for a trashed person, 2 for the access log. */
export const DEFAULT_RETENTION: RetentionSettings = { trashed_personal_days: 1095, access_log_days: 730 };

/** COA: issued receipts, vouchers and certificates are kept 10 years (decision 186). */
export const COA_RETENTION_YEARS = 10;

const days = (field: string, label: string, min: number) =>
  z.coerce
    .number({ error: `The ${label} must be a whole number of days.` })
    .int(`The ${label} must be a whole number of days.`)
    .min(min, `The ${label} must be at least ${min} days.`)
    .max(36500, `The ${label} may not be more than 36500 days.`)
    .describe(field);

export const retentionSchema = z.object({
  trashed_personal_days: days("trashed_personal_days", "period for trashed personal records", 30),
  access_log_days: days("access_log_days", "period for the access log", 90),
});

export const CORRECTION_CHANNELS = ["In person", "Letter", "E-mail", "Phone", "Online"] as const;
export type CorrectionChannelName = (typeof CORRECTION_CHANNELS)[number];

/** The request a correction was made on: when and how the person asked, and its reference. */
export const correctionRequestSchema = z.object({
  requested_on: z.iso.date({ error: "The request date must be a date." }),
  channel: z.enum(CORRECTION_CHANNELS, { error: "Choose how the request was made." }),
  reference: z
    .string({ error: "The reference field is required." })
    .trim()
    .min(1, "The reference field is required.")
    .max(200, "The reference may not be greater than 200 characters."),
});
export type CorrectionRequestInput = z.infer<typeof correctionRequestSchema>;
