import { sql, type Kysely } from "kysely";

// The barangay's holidays (decision 201): the national regular holidays and special non-working
// days, and local ones, as data the barangay edits. The Katarungang Pambarangay deadlines count
// working days and move a last day that falls on one of them. One active holiday per date: the
// unique index leaves deleted rows out, so a deleted holiday does not hold its date.
// The seed fills the proclaimed years at start (server/features/holidays/seed.ts).
// Frozen in time: never import app code from a migration (DESIGN §1).

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time (DESIGN §1) */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table holidays (
      id bigint generated always as identity primary key,
      holiday_date date not null,
      name text not null,
      kind text not null check (kind in ('regular', 'special_non_working', 'local')),
      created_at timestamptz not null default now(),
      created_by bigint references users(id),
      updated_at timestamptz not null default now(),
      updated_by bigint references users(id),
      deleted_at timestamptz,
      deleted_by bigint references users(id)
    )`.execute(db);
  await sql`create unique index holidays_holiday_date_unique on holidays (holiday_date) where deleted_at is null`.execute(db);

  // The holidays' permissions on an existing database (a fresh one gets them from the seed, which
  // runs after the migrations): the Administrator holds all; the Secretary, who is the Lupon
  // secretary, keeps the list; the Punong Barangay reads it.
  const verbs: Record<string, string> = {
    manage: "Open the list of holiday records",
    view: "View one holiday",
    create: "Create holiday",
    update: "Edit holiday",
    delete: "Delete or void holiday",
    restore: "Restore holiday",
  };
  for (const [action, description] of Object.entries(verbs)) {
    const name = `${action}-holiday`;
    const roles =
      action === "manage" || action === "view" ? ["Administrator", "Secretary", "Punong Barangay"] : ["Administrator", "Secretary"];
    await sql`insert into permissions (name, description) values (${name}, ${description}) on conflict (name) do nothing`.execute(db);
    await sql`
      insert into role_permissions (role_id, permission_id)
      select r.id, p.id from roles r, permissions p
      where r.name in (${sql.join(roles)}) and p.name = ${name}
      on conflict do nothing`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`delete from permissions where name like '%-holiday'`.execute(db);
  await sql`drop table holidays`.execute(db);
}
