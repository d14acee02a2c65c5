import { sql } from "kysely";
import type { DB } from "./index.ts";

// The application's database roles (docs/decisions/209-barangays-as-tenants.md): made and granted by
// the migration 20261216100000_barangays_as_tenants, and again here for a database that lost its
// grants — a PostgreSQL backup is restored without privileges (server/features/privacy/backup.ts),
// possibly on a server where the roles were never made.

export const APPLICATION_ROLES = ["portal_app", "portal_auth", "portal_rollup"] as const;

/** Makes the roles where missing (they belong to the server, shared by its databases). Run as the owner. */
export async function ensureApplicationRoles(db: DB): Promise<void> {
  for (const role of APPLICATION_ROLES) {
    await sql
      .raw(`do $$ begin create role ${role} nologin; exception when duplicate_object or unique_violation then null; end $$`)
      .execute(db);
    await sql.raw(`do $$ begin execute format('grant ${role} to %I', current_user); exception when others then null; end $$`).execute(db);
  }
}

/** What each role may do on the tables; the policies decide which rows. Run as the owner. */
export async function grantApplicationRoles(db: DB): Promise<void> {
  await sql`grant select, insert, update, delete, truncate on all tables in schema public to portal_app`.execute(db);
  await sql`grant usage, select on all sequences in schema public to portal_app`.execute(db);
  await sql`revoke all on kysely_migration, kysely_migration_lock from portal_app`.execute(db);
  await sql`grant select on all tables in schema public to portal_rollup`.execute(db);
  await sql`revoke all on kysely_migration, kysely_migration_lock from portal_rollup`.execute(db);
  await sql`grant select on users, user_profiles, user_roles, roles, role_permissions, sessions, permissions, barangays to portal_auth`.execute(
    db,
  );
}
