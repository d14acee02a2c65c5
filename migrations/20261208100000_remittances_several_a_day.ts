import { sql, type Kysely } from "kysely";

// A collector's day may have several remittances (docs/decisions/191-several-remittances-a-day.md):
// each covers the receipts issued and not yet remitted when it is made, and has its own RCD number
// "YYYY-MM-NNN" (the LGU RCD's "Report No.": year, month, a serial that runs through the year per
// accountable officer). The latest remittance of a collector can be undone with a reason; an
// undone one stays, deleted, with its reason, and its number is given to the next remittance
// (the serial is the largest of the collector's year among the remittances not undone, plus one).
// Frozen in time: never import app code from a migration (DESIGN §1).

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time (DESIGN §1) */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists remittances_collector_day_unique`.execute(db);
  await sql`alter table remittances add column rcd_number text, add column undo_reason text`.execute(db);
  await sql`update remittances r set rcd_number = to_char(r.remit_date, 'YYYY-MM') || '-' || lpad(n.serial::text, 3, '0')
    from (select id, row_number() over (partition by collector_id, extract(year from remit_date) order by remit_date, id) as serial
          from remittances) n
    where n.id = r.id`.execute(db);
  await sql`alter table remittances alter column rcd_number set not null`.execute(db);
  await sql`create unique index remittances_collector_rcd_unique on remittances (collector_id, rcd_number) where deleted_at is null`.execute(
    db,
  );
  await sql`create index remittances_collector_day_idx on remittances (collector_id, remit_date)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists remittances_collector_day_idx`.execute(db);
  await sql`drop index if exists remittances_collector_rcd_unique`.execute(db);
  await sql`alter table remittances drop column rcd_number, drop column undo_reason`.execute(db);
  await sql`create unique index remittances_collector_day_unique on remittances (collector_id, remit_date)`.execute(db);
}
