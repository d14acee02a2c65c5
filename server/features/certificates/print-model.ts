import { sql } from "kysely";
import { PAPER_CSS } from "../../../domain/registry/certificates.ts";
import { formatMoney } from "../../../domain/money.ts";
import type { StoredPaymentLine } from "../../../db/schema.ts";
import type { ServiceContext } from "../../context.ts";
import { forbidden, notFound } from "../../errors.ts";
import { can } from "../../../domain/permissions.ts";
import { getBarangayInfo } from "../../system/settings.ts";
import { formatVerificationCode, qrSvg } from "../../engine/documents.ts";
import { certificateValues, longDate, renderTemplate, validUntil, type CertificatePerson } from "./render.ts";
import { feeLabel, payingCollectionSql, transactionForPrint } from "./service.ts";
import { officialsOn, printedOfficials } from "../officials/service.ts";
import type { CertificateDocument } from "../../../domain/certificates/document.ts";

// What a printed certificate needs: the rendered body, the paper, and the
// footer of research notes §7 item 8 (fee, O.R. number, date paid, control number, CTC, validity,
// dry-seal note) with the QR code of its public verify page, all drawn on the server.

/** The person's data as the placeholders read it. */
export async function certificatePerson(ctx: Pick<ServiceContext, "db">, userId: number): Promise<CertificatePerson> {
  const row = await ctx.db
    .selectFrom("users as u")
    .innerJoin("user_profiles as p", "p.user_id", "u.id")
    .leftJoin("religions as r", "r.id", "p.religion_id")
    .leftJoin("puroks as z", "z.id", "p.purok_id")
    .select([
      "u.kind",
      "u.email",
      "p.firstname",
      "p.middlename",
      "p.lastname",
      "p.suffix",
      "p.sex",
      "r.name as religion",
      "p.contact_number",
      "p.place_of_birth",
      "p.date_of_birth",
      "p.mother_fullname",
      "p.father_fullname",
      "p.house_number",
      "p.street",
      "z.name as purok",
      "p.civil_status",
      "p.citizenship",
      "p.sss_number",
      "p.sss_membership_date",
      "p.sss_retirement_date",
      "p.sss_job",
      "p.highest_educational_attended",
    ])
    .where("u.id", "=", userId)
    .executeTakeFirst();
  if (!row) throw notFound("person");
  return row;
}

/**
 * The receipt that paid a transaction, read from the collections when that table is
 * there (its O.R. number and date); null while unpaid.
 */
async function paymentOf(
  ctx: Pick<ServiceContext, "db">,
  collectionId: number | null,
): Promise<{ or_number: string; date_paid: string } | null> {
  if (collectionId == null) return null;
  const exists = await sql<{ present: boolean }>`select to_regclass('collections') is not null as present`.execute(ctx.db);
  if (!exists.rows[0]?.present) return { or_number: `#${collectionId}`, date_paid: "" };
  const row = await sql<{ or_number: string; date_paid: string }>`
    select or_number, date_issued::text as date_paid from collections where id = ${collectionId}`.execute(ctx.db);
  return row.rows[0] ?? null;
}

/**
 * A transaction as its certificate prints: refused (422, naming the fee) while a fee is unpaid;
 * with `count`, the print is counted and audited. `origin` makes the QR code's absolute address.
 */
export async function certificateDocument(
  ctx: ServiceContext,
  id: number,
  options: { count: boolean; origin: string },
): Promise<CertificateDocument> {
  const row = await transactionForPrint(ctx, id, { count: options.count });
  const t = await ctx.db
    .selectFrom("transactions as t")
    .innerJoin("transaction_types as tt", "tt.id", "t.transaction_type_id")
    .select([
      "t.id",
      "t.reference_number",
      "t.date_issued",
      "t.issued_to_user_id",
      "t.custom_values",
      "t.fee_lines",
      payingCollectionSql().as("collection_id"),
      "t.verification_code",
      sql<string>`t.amount::text`.as("amount"),
      "tt.name",
      "tt.title",
      "tt.template",
      "tt.paper_size",
      "tt.margin_top",
      "tt.margin_right",
      "tt.margin_bottom",
      "tt.margin_left",
      "tt.validity_days",
      "tt.eligibility",
    ])
    .where("t.id", "=", id)
    .executeTakeFirstOrThrow();
  const [person, barangay, payment, signing] = await Promise.all([
    certificatePerson(ctx, t.issued_to_user_id),
    getBarangayInfo(ctx),
    paymentOf(ctx, t.collection_id),
    // The names of its signature lines: the officials in office on the day it was issued.
    printedOfficials(ctx, t.date_issued),
  ]);
  const until = validUntil(t.date_issued, t.validity_days);
  const values = certificateValues(
    person,
    { reference_number: t.reference_number, date_issued: t.date_issued, valid_until: until, custom_values: t.custom_values },
    barangay,
    signing.officials,
  );
  const verifyUrl = `${options.origin}/verify/transaction/${t.verification_code}`;
  const lines: StoredPaymentLine[] = t.fee_lines;
  return {
    id: t.id,
    reference_number: t.reference_number,
    type: t.name,
    title: t.title,
    paper: {
      size: t.paper_size,
      css: PAPER_CSS[t.paper_size],
      margins: { top: t.margin_top, right: t.margin_right, bottom: t.margin_bottom, left: t.margin_left },
    },
    bodyHtml: await renderTemplate(t.template, values),
    footer: {
      fee: formatMoney(t.amount),
      fee_lines: lines.filter((l) => Number(l.amount) > 0).map((l) => ({ label: feeLabel(l, t.name), amount: formatMoney(l.amount) })),
      or_number: payment?.or_number ?? null,
      date_paid: payment?.date_paid ? longDate(payment.date_paid) : null,
      control_number: t.reference_number,
      date_issued: longDate(t.date_issued),
      valid_until: until ? longDate(until) : null,
      ctc_number: t.custom_values.ctc_number || null,
      ctc_date: t.custom_values.ctc_date ? longDate(t.custom_values.ctc_date) : null,
      ctc_place: t.custom_values.ctc_place || null,
      exempt: t.eligibility === "first_time_jobseeker",
    },
    qrSvg: await qrSvg(verifyUrl),
    verifyUrl,
    verificationCode: formatVerificationCode(t.verification_code),
    print_count: Number(row.print_count ?? 0),
    images: signing.images,
  };
}

/**
 * A preview of a template (the editor's live preview): rendered with a chosen person's data and
 * sample facts, nothing stored. Needs the right to edit transaction types.
 */
export async function previewTemplate(
  ctx: ServiceContext,
  input: { template: string; userId: number; custom_values: Record<string, string>; validity_days: number | null },
  today: string,
): Promise<string> {
  if (!can(ctx.user, "update-transaction_type") && !can(ctx.user, "create-transaction_type")) throw forbidden();
  const [person, barangay, officials] = await Promise.all([
    certificatePerson(ctx, input.userId),
    getBarangayInfo(ctx),
    officialsOn(ctx, today),
  ]);
  const values = certificateValues(
    person,
    {
      reference_number: `${today.slice(0, 7)}-0000`,
      date_issued: today,
      valid_until: validUntil(today, input.validity_days),
      custom_values: input.custom_values,
    },
    barangay,
    officials,
  );
  return renderTemplate(input.template, values);
}
