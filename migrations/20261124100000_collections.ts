import { type CreateTableBuilder, type Kysely, sql } from "kysely";

// Collections and official receipts (issue 10, DESIGN §11): form pads of a form type with their
// collectors, one form number per printed serial, collections (AF 51 receipts) with their lines,
// and remittances (one per collector and day, with the deposit).

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time (DESIGN §1) */
function withAudit(t: CreateTableBuilder<any, any>): CreateTableBuilder<any, any> {
  return t
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("created_by", "bigint", (c) => c.references("users.id"))
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("updated_by", "bigint", (c) => c.references("users.id"))
    .addColumn("deleted_at", "timestamptz")
    .addColumn("deleted_by", "bigint", (c) => c.references("users.id"));
}

const id = (t: CreateTableBuilder<any, any>) => t.addColumn("id", "bigint", (c) => c.generatedAlwaysAsIdentity().primaryKey());

export async function up(db: Kysely<any>): Promise<void> {
  await withAudit(
    id(db.schema.createTable("form_pads"))
      .addColumn("form_type_id", "bigint", (c) => c.notNull().references("form_types.id"))
      .addColumn("pad_code", "text", (c) => c.notNull())
      // The serials exactly as printed ("4364301 T") and their numeric part and suffix.
      .addColumn("series_start", "text", (c) => c.notNull())
      .addColumn("series_end", "text", (c) => c.notNull())
      .addColumn("serial_from", "bigint", (c) => c.notNull())
      .addColumn("serial_to", "bigint", (c) => c.notNull())
      .addColumn("serial_width", "integer", (c) => c.notNull())
      .addColumn("suffix", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("quanty_generated", "integer", (c) => c.notNull().defaultTo(0))
      // Overlay printing on the pre-printed form: shifts in millimetres (right, down).
      .addColumn("print_offset_x", sql`numeric(5,1)`, (c) => c.notNull().defaultTo(0))
      .addColumn("print_offset_y", sql`numeric(5,1)`, (c) => c.notNull().defaultTo(0))
      .addCheckConstraint("form_pads_range_check", sql`serial_from <= serial_to and serial_to - serial_from < 1000`),
  ).execute();
  await sql`create unique index form_pads_pad_code_unique on form_pads (lower(pad_code))`.execute(db);
  await sql`create index form_pads_type_range_idx on form_pads (form_type_id, suffix, serial_from, serial_to)`.execute(db);

  await db.schema
    .createTable("form_pad_collectors")
    .addColumn("form_pad_id", "bigint", (c) => c.notNull().references("form_pads.id").onDelete("cascade"))
    .addColumn("position", "integer", (c) => c.notNull())
    .addColumn("user_id", "bigint", (c) => c.notNull().references("users.id"))
    .addPrimaryKeyConstraint("form_pad_collectors_pkey", ["form_pad_id", "position"])
    .execute();
  await sql`create index form_pad_collectors_user_idx on form_pad_collectors (user_id)`.execute(db);

  await withAudit(
    id(db.schema.createTable("form_numbers"))
      .addColumn("form_pad_id", "bigint", (c) => c.notNull().references("form_pads.id"))
      .addColumn("position", "integer", (c) => c.notNull())
      .addColumn("number", "text", (c) => c.notNull())
      .addColumn("state", "text", (c) =>
        c
          .notNull()
          .defaultTo("available")
          .check(sql`state in ('available', 'issued', 'void')`),
      )
      .addColumn("void_reason", "text"),
  ).execute();
  await sql`create unique index form_numbers_pad_position_unique on form_numbers (form_pad_id, position)`.execute(db);
  await sql`create index form_numbers_available_idx on form_numbers (form_pad_id, position) where state = 'available'`.execute(db);

  await withAudit(
    id(db.schema.createTable("remittances"))
      .addColumn("collector_id", "bigint", (c) => c.notNull().references("users.id"))
      .addColumn("remit_date", "date", (c) => c.notNull())
      .addColumn("receipt_count", "integer", (c) => c.notNull())
      .addColumn("amount", sql`numeric(14,2)`, (c) => c.notNull())
      .addColumn("deposit_date", "date", (c) => c.notNull())
      .addColumn("bank_account_id", "bigint", (c) => c.notNull().references("bank_accounts.id"))
      .addColumn("deposit_reference", "text", (c) => c.notNull()),
  ).execute();
  await sql`create unique index remittances_collector_day_unique on remittances (collector_id, remit_date)`.execute(db);

  await withAudit(
    id(db.schema.createTable("collections"))
      // A form number is used by at most one collection (DESIGN §5), cancelled ones included.
      .addColumn("form_number_id", "bigint", (c) => c.notNull().unique().references("form_numbers.id"))
      .addColumn("form_pad_id", "bigint", (c) => c.notNull().references("form_pads.id"))
      .addColumn("or_number", "text", (c) => c.notNull())
      .addColumn("date_issued", "date", (c) => c.notNull())
      .addColumn("payor_kind", "text", (c) => c.notNull().check(sql`payor_kind in ('name', 'resident', 'non_resident', 'organization')`))
      .addColumn("issued_to_user_id", "bigint", (c) => c.references("users.id"))
      .addColumn("issued_to", "text", (c) => c.notNull())
      .addColumn("collection_type_id", "bigint", (c) => c.notNull().references("collection_types.id"))
      .addColumn("fund_type", "text", (c) => c.notNull())
      .addColumn("amount_paid", sql`numeric(14,2)`, (c) => c.notNull())
      .addColumn("payment_mode", "text", (c) => c.notNull().check(sql`payment_mode in ('Cash', 'Cheque', 'Money Order')`))
      .addColumn("drawee_bank", "text")
      .addColumn("cheque_number", "text")
      .addColumn("cheque_date", "date")
      .addColumn("collector_id", "bigint", (c) => c.notNull().references("users.id"))
      .addColumn("remittance_id", "bigint", (c) => c.references("remittances.id"))
      .addColumn("verification_code", "text", (c) => c.notNull().unique()),
  ).execute();
  await sql`create index collections_collector_day_idx on collections (collector_id, date_issued)`.execute(db);
  await sql`create index collections_date_idx on collections (date_issued, id)`.execute(db);
  await sql`create index collections_or_number_idx on collections (or_number)`.execute(db);

  await db.schema
    .createTable("collection_lines")
    .addColumn("collection_id", "bigint", (c) => c.notNull().references("collections.id").onDelete("cascade"))
    .addColumn("position", "integer", (c) => c.notNull())
    .addColumn("nature", "text", (c) => c.notNull())
    .addColumn("account_code", "text")
    .addColumn("amount", sql`numeric(14,2)`, (c) => c.notNull())
    // The transaction (certificate) this line pays for, when it pays one (issue 11).
    .addColumn("transaction_id", "bigint")
    .addPrimaryKeyConstraint("collection_lines_pkey", ["collection_id", "position"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ["collection_lines", "collections", "remittances", "form_numbers", "form_pad_collectors", "form_pads"]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
