import { sql, type Kysely } from "kysely";

// A cancelled official receipt keeps why it was cancelled (decision 192): the receipt's page, its
// history and the RCD show it. Receipts cancelled before this have none.
// Frozen in time: never import app code from a migration (DESIGN §1).

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time (DESIGN §1) */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table collections add column cancel_reason text`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table collections drop column cancel_reason`.execute(db);
}
