import { sql, type Kysely } from "kysely";

// Residents ask from home (docs/decisions/208-residents-ask-from-home.md): a resident with an
// account asks for a certificate or for a correction of their record; staff work the requests by
// recorded commands. A certificate request keeps what the resident typed (type, purpose, the type's
// custom fields) and, once approved, the transaction the approval created.
// Frozen in time: never import app code from a migration (DESIGN §1).

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time (DESIGN §1) */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table resident_requests (
      id bigint generated always as identity primary key,
      resident_id bigint not null references users(id),
      kind text not null check (kind in ('certificate', 'correction')),
      state text not null default 'requested'
        check (state in ('requested', 'approved', 'refused', 'ready', 'released', 'resolved')),
      transaction_type_id bigint references transaction_types(id),
      purpose text,
      custom_values jsonb not null default '{}'::jsonb,
      details text,
      reason text,
      transaction_id bigint references transactions(id),
      requested_at timestamptz not null default now(),
      decided_at timestamptz,
      created_at timestamptz not null default now(),
      created_by bigint references users(id),
      updated_at timestamptz not null default now(),
      updated_by bigint references users(id),
      deleted_at timestamptz,
      deleted_by bigint references users(id),
      check (kind <> 'certificate' or transaction_type_id is not null),
      check (kind <> 'correction' or details is not null)
    )`.execute(db);
  await sql`create index resident_requests_resident_idx on resident_requests (resident_id, requested_at desc)`.execute(db);
  await sql`create index resident_requests_state_idx on resident_requests (state, requested_at)`.execute(db);

  // The permissions on an existing database (a fresh one gets them from the seed). The Secretary
  // issues certificates and works the requests; the Treasurer and the Punong Barangay read them.
  const verbs: Record<string, string> = {
    manage: "Open the list of",
    view: "View one",
    create: "Create",
    update: "Edit",
    delete: "Delete or void",
    restore: "Restore",
  };
  const grants: Record<string, string[]> = {
    manage: ["Administrator", "Secretary", "Treasurer", "Punong Barangay"],
    view: ["Administrator", "Secretary", "Treasurer", "Punong Barangay"],
    create: ["Administrator", "Secretary"],
    update: ["Administrator", "Secretary"],
    delete: ["Administrator", "Secretary"],
    restore: ["Administrator", "Secretary"],
  };
  for (const [action, verb] of Object.entries(verbs)) {
    const name = `${action}-resident_request`;
    await sql`insert into permissions (name, description) values (${name}, ${`${verb} residents' requests`}) on conflict (name) do nothing`.execute(
      db,
    );
    await sql`
      insert into role_permissions (role_id, permission_id)
      select r.id, p.id from roles r, permissions p
      where r.name in (${sql.join(grants[action])}) and p.name = ${name}
      on conflict do nothing`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`delete from permissions where name ~ '-resident_request$'`.execute(db);
  await sql`drop table resident_requests`.execute(db);
}
