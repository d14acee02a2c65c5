import { sql, type Kysely } from "kysely";

// The blocklist's view carries its users' barangay_id, like every table a barangay owns: the engine
// names the barangay in every query of an entry's table (DESIGN §14's second line,
// docs/decisions/209), and the blocklist is read through this view. The view still reads with its
// reader's rights, so the users' policies apply as before. Issue 29 item 2.
// Frozen in time: never import app code from a migration (DESIGN §1).

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time (DESIGN §1) */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create or replace view blocklist_entries with (security_invoker = true) as
    select
      u.id,
      u.kind,
      u.username,
      u.email,
      u.blocked_at,
      u.blocked_by,
      u.blocked_reason,
      u.last_sign_in_at,
      u.created_at,
      u.created_by,
      u.updated_at,
      u.updated_by,
      u.deleted_at,
      nullif(concat_ws(' ', p.firstname, p.middlename, p.lastname, p.suffix), '') as name,
      p.firstname,
      p.middlename,
      p.lastname,
      u.barangay_id
    from users u
    join user_profiles p on p.user_id = u.id
    where u.blocked_at is not null
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  // A view cannot drop a column in place: made again as it was.
  await sql`drop view blocklist_entries`.execute(db);
  await sql`
    create view blocklist_entries with (security_invoker = true) as
    select u.id, u.kind, u.username, u.email, u.blocked_at, u.blocked_by, u.blocked_reason, u.last_sign_in_at,
      u.created_at, u.created_by, u.updated_at, u.updated_by, u.deleted_at,
      nullif(concat_ws(' ', p.firstname, p.middlename, p.lastname, p.suffix), '') as name,
      p.firstname, p.middlename, p.lastname
    from users u
    join user_profiles p on p.user_id = u.id
    where u.blocked_at is not null
  `.execute(db);
}
