import { sql, type Kysely } from "kysely";

// Issue 17 (docs/decisions/173-session-cache.md, "The maintenance switch"): each process keeps the
// maintenance switch, which every request of a user who cannot work through maintenance reads, as
// it keeps sessions. Any change to the settings table — by the portal or by SQL typed by hand —
// sends the same `portal_auth` notification at its commit (the function of migration
// 20261205020000), and every process drops what it keeps.
// Frozen in time: never import app code from a migration (DESIGN §1).

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time (DESIGN §1) */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create trigger settings_auth_changed after insert or update or delete on settings
    for each statement execute function portal_auth_changed()`.execute(db);
  await sql`create trigger settings_auth_truncated after truncate on settings
    for each statement execute function portal_auth_changed()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger if exists settings_auth_changed on settings`.execute(db);
  await sql`drop trigger if exists settings_auth_truncated on settings`.execute(db);
}
