import { sql, type Kysely } from "kysely";

// Transactions and certificates (issue 11, DESIGN §11). A transaction type gains its certificate
// template (sanitised HTML with placeholders), paper size and margins, validity and eligibility
// rule; a transaction is one certificate or service issued to a person: gapless reference number
// per month, the type's custom field values, a snapshot of its fee lines, the collection that paid
// it (none while unpaid or when free), a verification code for its QR code, and its print count.

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time (DESIGN §1) */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table transaction_types
    add column template text not null default '',
    add column paper_size text not null default 'A4' check (paper_size in ('A4', 'Letter', 'Long')),
    add column margin_top integer not null default 20 check (margin_top between 0 and 60),
    add column margin_right integer not null default 20 check (margin_right between 0 and 60),
    add column margin_bottom integer not null default 20 check (margin_bottom between 0 and 60),
    add column margin_left integer not null default 20 check (margin_left between 0 and 60),
    add column validity_days integer check (validity_days between 1 and 3660),
    add column eligibility text check (eligibility in ('first_time_jobseeker'))`.execute(db);

  await db.schema
    .createTable("transactions")
    .addColumn("id", "bigint", (c) => c.generatedAlwaysAsIdentity().primaryKey())
    .addColumn("reference_number", "text", (c) => c.notNull().unique())
    .addColumn("transaction_type_id", "bigint", (c) => c.notNull().references("transaction_types.id"))
    .addColumn("issued_to_user_id", "bigint", (c) => c.notNull().references("users.id"))
    .addColumn("custom_values", "jsonb", (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn("fee_lines", "jsonb", (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn("amount", sql`numeric(14,2)`, (c) => c.notNull().defaultTo(0))
    .addColumn("date_issued", "date", (c) => c.notNull())
    .addColumn("collection_id", "bigint")
    .addColumn("verification_code", "text", (c) => c.notNull().unique())
    .addColumn("print_count", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("last_printed_at", "timestamptz")
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("created_by", "bigint", (c) => c.references("users.id"))
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("updated_by", "bigint", (c) => c.references("users.id"))
    .addColumn("deleted_at", "timestamptz")
    .addColumn("deleted_by", "bigint", (c) => c.references("users.id"))
    .execute();
  await sql`alter table transactions add constraint transactions_reference_format check (reference_number ~ '^[0-9]{4}-[0-9]{2}-[0-9]{4,}$')`.execute(
    db,
  );
  await db.schema.createIndex("transactions_issued_to_idx").on("transactions").columns(["issued_to_user_id", "date_issued"]).execute();
  await db.schema.createIndex("transactions_type_idx").on("transactions").column("transaction_type_id").execute();
  await db.schema.createIndex("transactions_date_idx").on("transactions").column("date_issued").execute();
  await db.schema.createIndex("transactions_collection_idx").on("transactions").column("collection_id").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("transactions").execute();
  await sql`alter table transaction_types drop column template, drop column paper_size, drop column margin_top,
    drop column margin_right, drop column margin_bottom, drop column margin_left, drop column validity_days,
    drop column eligibility`.execute(db);
}
