import { sql, type Kysely } from "kysely";

// Issue 17 item 7: the collections list opens sorted by form number, newest first, and the engine
// sorts text case-blind (lower(t.or_number), then t.id). With only collections_or_number_idx on
// the raw text, page 1 of 1,000,000 receipts sorted every row. This index gives the list's order
// as stored; the included or_number lets a deep page walk its offset in an index-only scan.

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time (DESIGN §1) */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index collections_or_number_order_idx on collections (lower(or_number), id) include (or_number)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists collections_or_number_order_idx`.execute(db);
}
