import { sql, type Kysely } from "kysely";

// Issue 17 item 7 (docs/decisions/178-finance-reads-by-period.md): the collections report's form
// accountability (the RCD's and RAAF's) and the days awaiting remittance read what their period
// needs instead of every receipt and every form number.
//
// - collections_pad_day_idx: a pad's receipts by date — whether a pad has a receipt from the
//   period's start on, or by its end, is one probe (and the next receipt's "not before the pad's
//   previous receipt" check no longer scans every receipt); with the form number included, the
//   receipts of the pads in use are matched to their numbers from the index alone.
// - form_numbers_void_idx: a pad's voided forms (few), for the same questions about voids.
// - collections_unremitted_day_idx: the receipts not yet remitted, by day and collector — the
//   pending days of the remittance list without grouping every receipt ever issued.

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time (DESIGN §1) */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index collections_pad_day_idx on collections (form_pad_id, date_issued) include (form_number_id)`.execute(db);
  await sql`create index form_numbers_void_idx on form_numbers (form_pad_id) where state = 'void'`.execute(db);
  await sql`create index collections_unremitted_day_idx on collections (date_issued, collector_id) where remittance_id is null`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const index of ["collections_unremitted_day_idx", "form_numbers_void_idx", "collections_pad_day_idx"]) {
    await sql`drop index if exists ${sql.raw(index)}`.execute(db);
  }
}
