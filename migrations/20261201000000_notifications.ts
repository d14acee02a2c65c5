import { sql, type Kysely } from "kysely";

// Issue 15: stored notifications, one row per recipient, written in the transaction of the event
// that causes them. A row trigger sends `pg_notify('portal_notifications', row)`; a NOTIFY is
// delivered when the transaction commits, so a rolled-back event pushes nothing, and every server
// process listening on the same PostgreSQL (or the one PGlite process) pushes it to its sockets.
// A payload over 7000 bytes carries only the id and the user; the hub reads the row then.
// Frozen in time: never import app code from a migration (DESIGN §1).

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time (DESIGN §1) */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("notifications")
    .addColumn("id", "bigint", (c) => c.generatedAlwaysAsIdentity().primaryKey())
    .addColumn("user_id", "bigint", (c) => c.notNull().references("users.id").onDelete("cascade"))
    // decision 053's topic the user may turn off (security, records, certificates, finance, system)
    .addColumn("topic", "text", (c) => c.notNull())
    // spec §3 Notification: title, message, type, icon, timeout, undo flag, data, active
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("message", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("type", "text", (c) => c.notNull().defaultTo("info"))
    .addColumn("icon", "text", (c) => c.notNull().defaultTo("info"))
    .addColumn("timeout", "integer")
    .addColumn("undo", "boolean", (c) => c.notNull().defaultTo(false))
    .addColumn("data", "jsonb", (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn("active", "boolean", (c) => c.notNull().defaultTo(true))
    // the record it is about: the page that shows it, and its entity and id
    .addColumn("link", "text")
    .addColumn("entity", "text")
    .addColumn("entity_id", "text")
    .addColumn("created_by", "bigint")
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("read_at", "timestamptz")
    .execute();
  // The bell: a user's newest first, and the unread count.
  await sql`create index notifications_user_idx on notifications (user_id, id desc)`.execute(db);
  await sql`create index notifications_unread_idx on notifications (user_id) where read_at is null and active`.execute(db);

  await sql`
    create function portal_notification_created() returns trigger language plpgsql as $$
    declare
      payload text;
    begin
      payload := to_jsonb(new)::text;
      if length(payload) > 7000 then
        payload := json_build_object('id', new.id, 'user_id', new.user_id)::text;
      end if;
      perform pg_notify('portal_notifications', payload);
      return null;
    end
    $$`.execute(db);
  await sql`
    create trigger notifications_created after insert on notifications
    for each row execute function portal_notification_created()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger if exists notifications_created on notifications`.execute(db);
  await sql`drop function if exists portal_notification_created()`.execute(db);
  await db.schema.dropTable("notifications").ifExists().execute();
}
