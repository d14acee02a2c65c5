import { sql, type Kysely } from "kysely";

// Issue 18 items 1, 2, 6 (data protection): the access log — one row each time a person's record
// is opened in full, printed or exported — and the permission `view-audit` (a record's History
// tab), given to the Administrator and the Punong Barangay of an existing database (a fresh one
// gets them from the seed, which runs after the migrations).
//
// The access log is a read-only registry entry (`access_log`), so it keeps the columns the engine
// reads of every entry: created_at is when, created_by is who; updated_by stays null (a row is
// never changed). docs/decisions/180-access-log.md.

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time (DESIGN §1) */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("access_log")
    .addColumn("id", "bigint", (c) => c.generatedAlwaysAsIdentity().primaryKey())
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("created_by", "bigint", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("updated_by", "bigint")
    // What was opened: a registry entry's name and row ("resident", 42), and its name at the time.
    .addColumn("entity", "text", (c) => c.notNull())
    .addColumn("entity_id", "bigint")
    .addColumn("record", "text", (c) => c.notNull())
    // The person whose data it is (a resident named on a certificate), when there is one.
    .addColumn("subject_id", "bigint")
    .addColumn("action", "text", (c) => c.notNull().check(sql`action in ('view', 'print', 'export')`))
    .addColumn("reason", "text")
    .addColumn("ip", "text")
    // What else identifies the access: an export's file and filters, a print's copy.
    .addColumn("detail", "text")
    .execute();
  await db.schema.createIndex("access_log_created_at_idx").on("access_log").columns(["created_at", "id"]).execute();
  await db.schema.createIndex("access_log_record_idx").on("access_log").columns(["entity", "entity_id"]).execute();
  await db.schema.createIndex("access_log_subject_idx").on("access_log").column("subject_id").execute();
  await db.schema.createIndex("access_log_user_idx").on("access_log").columns(["created_by", "created_at"]).execute();
  // Breach readiness reads sign-ins (audit_log action login) by date.
  await db.schema.createIndex("audit_log_at_idx").on("audit_log").columns(["at", "id"]).execute();

  const granted = [
    ["view-audit", "See a record's history: who changed what, when and from where"],
    ["manage-access_log", "Open the list of access log records"],
    ["view-access_log", "View one access log"],
  ];
  for (const [name, description] of granted) {
    await sql`insert into permissions (name, description) values (${name}, ${description}) on conflict (name) do nothing`.execute(db);
    await sql`
      insert into role_permissions (role_id, permission_id)
      select r.id, p.id from roles r, permissions p
      where r.name in ('Administrator', 'Punong Barangay') and p.name = ${name}
      on conflict do nothing`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`delete from permissions where name in ('view-audit', 'manage-access_log', 'view-access_log')`.execute(db);
  await db.schema.dropIndex("audit_log_at_idx").ifExists().execute();
  await db.schema.dropTable("access_log").ifExists().execute();
}
