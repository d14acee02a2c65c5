import { type CreateTableBuilder, type Kysely, sql } from "kysely";

// System parameters (issue 3). Every table: identity id, audit columns, soft delete (DESIGN §5).
// Names are unique case-insensitively across active and trashed rows: restoring beats duplicating.

/* eslint-disable @typescript-eslint/no-explicit-any */
function withAudit(t: CreateTableBuilder<any, any>): CreateTableBuilder<any, any> {
  return t
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("created_by", "bigint", (c) => c.references("users.id"))
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("updated_by", "bigint", (c) => c.references("users.id"))
    .addColumn("deleted_at", "timestamptz")
    .addColumn("deleted_by", "bigint", (c) => c.references("users.id"));
}

async function uniqueLower(db: Kysely<any>, table: string, column: string) {
  await sql`create unique index ${sql.id(`${table}_${column}_unique`)} on ${sql.table(table)} (lower(${sql.ref(column)}))`.execute(db);
}

const FUND = sql`check (fund_type in ('General Fund', 'SK Fund', 'Trust Fund'))`;

export async function up(db: Kysely<any>): Promise<void> {
  const id = (t: CreateTableBuilder<any, any>) => t.addColumn("id", "bigint", (c) => c.generatedAlwaysAsIdentity().primaryKey());

  for (const table of ["business_lines", "occupations", "puroks", "religions"]) {
    await withAudit(id(db.schema.createTable(table)).addColumn("name", "text", (c) => c.notNull())).execute();
    await uniqueLower(db, table, "name");
  }

  await withAudit(id(db.schema.createTable("banks")).addColumn("code", "text", (c) => c.notNull()).addColumn("name", "text", (c) => c.notNull())).execute();
  await uniqueLower(db, "banks", "code");
  await uniqueLower(db, "banks", "name");

  await withAudit(
    id(db.schema.createTable("bank_accounts"))
      .addColumn("bank_id", "bigint", (c) => c.notNull().references("banks.id"))
      .addColumn("account_name", "text", (c) => c.notNull())
      .addColumn("account_number", "text", (c) => c.notNull())
      .addColumn("fund_type", "text", (c) => c.notNull().modifyEnd(FUND)),
  ).execute();
  await uniqueLower(db, "bank_accounts", "account_number");
  await db.schema.createIndex("bank_accounts_bank_id_idx").on("bank_accounts").column("bank_id").execute();

  const typed = (table: string, extra: (t: CreateTableBuilder<any, any>) => CreateTableBuilder<any, any> = (t) => t) =>
    withAudit(
      extra(
        id(db.schema.createTable(table))
          .addColumn("name", "text", (c) => c.notNull())
          .addColumn("title", "text"),
      ).addColumn("custom_forms", "jsonb", (c) => c.notNull().defaultTo(sql`'[]'::jsonb`)),
    );

  await typed("form_types", (t) => t.addColumn("description", "text")).execute();
  await typed("collection_types", (t) => t.addColumn("fund_type", "text", (c) => c.notNull().modifyEnd(FUND))).execute();
  await typed("disbursement_types", (t) => t.addColumn("description", "text")).execute();
  await typed("payment_natures", (t) => t.addColumn("disbursement_type_id", "bigint", (c) => c.notNull().references("disbursement_types.id"))).execute();
  await typed("transaction_types", (t) =>
    t.addColumn("custom_payment_form", "jsonb", (c) =>
      c.notNull().defaultTo(sql`'[{"id": 1, "fieldId": "custom_field_default_amount", "label": "Default Amount", "isPending": false, "amount": "0.00"}]'::jsonb`),
    ),
  ).execute();
  for (const table of ["form_types", "collection_types", "disbursement_types", "payment_natures", "transaction_types"]) await uniqueLower(db, table, "name");

  // User-based lists (non-residents, organizations, later residents) filter by kind and sort by name.
  await sql`create index users_kind_idx on users (kind, deleted_at)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists users_kind_idx`.execute(db);
  for (const table of [
    "transaction_types",
    "payment_natures",
    "disbursement_types",
    "collection_types",
    "form_types",
    "bank_accounts",
    "banks",
    "religions",
    "puroks",
    "occupations",
    "business_lines",
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
