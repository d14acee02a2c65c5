import { sql, type Kysely } from "kysely";

// Issue 17 item 4 (docs/decisions/173-session-cache.md): each process keeps the signed-in user of a
// session for a short while instead of reading it on every request. Whatever could change what
// that read returns — a session deleted or its expiry moved, a user's row or profile changed, a
// role given or taken, a role renamed, a permission added to or taken from a role — sends one
// NOTIFY on `portal_auth` from the statement that did it, delivered when its transaction commits,
// whoever wrote it (the services, the seed, SQL typed by hand). Every process listening drops its
// whole cache on it. Statement-level: a bulk change is one notification, and NOTIFY folds the
// repeats of one transaction into one.
// Frozen in time: never import app code from a migration (DESIGN §1).

const WATCHED: { table: string; events: string }[] = [
  { table: "sessions", events: "delete or update of expires_at, user_id" },
  { table: "users", events: "update or delete" },
  { table: "user_profiles", events: "insert or delete or update of firstname, middlename, lastname, suffix, image, hex_color, user_id" },
  { table: "user_roles", events: "insert or update or delete" },
  { table: "roles", events: "update or delete" },
  { table: "role_permissions", events: "insert or update or delete" },
  { table: "permissions", events: "update or delete" },
];

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time (DESIGN §1) */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create function portal_auth_changed() returns trigger language plpgsql as $$
    begin
      perform pg_notify('portal_auth', '');
      return null;
    end
    $$`.execute(db);
  for (const { table, events } of WATCHED) {
    await sql`create trigger ${sql.raw(`${table}_auth_changed`)} after ${sql.raw(events)} on ${sql.table(table)}
      for each statement execute function portal_auth_changed()`.execute(db);
    await sql`create trigger ${sql.raw(`${table}_auth_truncated`)} after truncate on ${sql.table(table)}
      for each statement execute function portal_auth_changed()`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const { table } of WATCHED) {
    await sql`drop trigger if exists ${sql.raw(`${table}_auth_changed`)} on ${sql.table(table)}`.execute(db);
    await sql`drop trigger if exists ${sql.raw(`${table}_auth_truncated`)} on ${sql.table(table)}`.execute(db);
  }
  await sql`drop function if exists portal_auth_changed()`.execute(db);
}
