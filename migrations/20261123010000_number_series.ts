import { sql, type Kysely } from "kysely";

// Gapless document numbers (DESIGN §11): disbursement vouchers and transactions are numbered
// YYYY-MM-NNNN, counting from 1 every month. One row per series and month holds the last number
// given; taking the next one updates that row inside the document's transaction, so two clerks
// never get the same number and a rolled-back save gives its number back (no gap).

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time (DESIGN §1) */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("number_series")
    .addColumn("series", "text", (c) => c.notNull())
    .addColumn("period", "text", (c) => c.notNull())
    .addColumn("last_number", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("number_series_pk", ["series", "period"])
    .execute();
  await sql`alter table number_series add constraint number_series_period_format check (period ~ '^[0-9]{4}-[0-9]{2}$')`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("number_series").execute();
}
