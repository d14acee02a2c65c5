import { sql, type Kysely } from "kysely";

// Issue 33 item 4 (docs/decisions/219-filipino-and-english.md): the language each user reads the
// portal in. `users.language` is the user's own choice ('en' or 'fil'; null: their barangay's),
// `barangays.default_language` the barangay's (English until an administrator sets it). The signed-in
// user's read (server/auth/sessions.ts) resolves the two, and the session cache is dropped when either
// changes: users already notify `portal_auth`; a barangay's default now does too.
// Frozen in time: never import app code from a migration (DESIGN §1).

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time (DESIGN §1) */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table users add column language text check (language in ('en', 'fil'))`.execute(db);
  await sql`alter table barangays add column default_language text not null default 'en' check (default_language in ('en', 'fil'))`.execute(
    db,
  );
  await sql`create trigger barangays_language_auth_changed after update of default_language on barangays
    for each statement execute function portal_auth_changed()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger if exists barangays_language_auth_changed on barangays`.execute(db);
  await sql`alter table barangays drop column default_language`.execute(db);
  await sql`alter table users drop column language`.execute(db);
}
