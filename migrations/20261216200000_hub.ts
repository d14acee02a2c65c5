import { sql, type Kysely } from "kysely";

// Issue 29 item 3 (the hub's administration): suspending a barangay ends its users' sessions at
// once. Sign-in and session validation already refuse the users of a suspended barangay
// (server/auth/sessions.ts), but each process keeps validated sessions a while (decision 173) and
// drops them on a `portal_auth` notification; a barangay's status change now sends one, like every
// other change to what a session read returns (migration 20261205020000).
// Frozen in time: never import app code from a migration (DESIGN §1).

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time (DESIGN §1) */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create trigger barangays_auth_changed after update of status on barangays
    for each statement execute function portal_auth_changed()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger if exists barangays_auth_changed on barangays`.execute(db);
}
