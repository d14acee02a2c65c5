import { type Kysely, sql } from "kysely";

// Issue 14 item 4: a revoked session closes its open /ws sockets at once, in every process.
// Deleting sessions (logout, password change, reset, blocklisting, a deleted user) and blocking or
// deleting a user send one NOTIFY on `portal_sessions`, delivered when the transaction commits.
// The payload names the users concerned, or nothing (check every socket) when it would be too long.
// Frozen in time: never import app code from a migration (DESIGN §1).

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create function portal_sessions_revoked() returns trigger language plpgsql as $$
    declare
      payload text;
    begin
      if tg_table_name = 'sessions' then
        if not exists (select 1 from old_rows) then
          return null;
        end if;
        select json_build_object('users', coalesce(json_agg(distinct user_id), '[]'::json))::text into payload from old_rows;
      else
        payload := json_build_object('users', json_build_array(new.id))::text;
      end if;
      if length(payload) > 7000 then
        payload := '{}';
      end if;
      perform pg_notify('portal_sessions', payload);
      return null;
    end
    $$`.execute(db);
  await sql`
    create trigger sessions_revoked after delete on sessions
    referencing old table as old_rows for each statement execute function portal_sessions_revoked()`.execute(db);
  await sql`
    create trigger users_blocked_or_deleted after update of blocked_at, deleted_at on users for each row
    when ((new.blocked_at is not null and old.blocked_at is null) or (new.deleted_at is not null and old.deleted_at is null))
    execute function portal_sessions_revoked()`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger if exists users_blocked_or_deleted on users`.execute(db);
  await sql`drop trigger if exists sessions_revoked on sessions`.execute(db);
  await sql`drop function if exists portal_sessions_revoked()`.execute(db);
}
