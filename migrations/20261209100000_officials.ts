import { sql, type Kysely } from "kysely";

// The barangay's signing officials with their terms, and the seal and municipal logo that print in
// the documents' headers (docs/decisions/194-officials-with-terms.md).
//
// `officials`: one row per person and term in a position (Punong Barangay, Secretary, Treasurer,
// chair of the Committee on Appropriation, bookkeeper, city/municipal accountant); term_end null is
// a term still open. A print names the official whose term holds the document's date, so the rows
// are kept, never overwritten, when the office changes hands. The rule that two active terms of one
// position never overlap lives in the service (it names the other term in its refusal).
//
// The names of the setting "officials" (decision 124) become open terms that start on the day of
// the oldest document that could print them, so every document prints as it did; the setting goes.
//
// `barangay_images`: the seal and the logo as the resident photos are kept (bytes in the database,
// resized by the service).
// Frozen in time: never import app code from a migration (DESIGN §1).

// The setting's keys and the positions as stored and printed.
const POSITIONS: [string, string][] = [
  ["punong_barangay", "Punong Barangay"],
  ["secretary", "Barangay Secretary"],
  ["treasurer", "Barangay Treasurer"],
  ["appropriations_chairman", "Chairman, Committee on Appropriation"],
  ["bookkeeper", "Barangay Bookkeeper"],
  ["accountant", "City/Municipal Accountant"],
];

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time (DESIGN §1) */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table officials (
      id bigint generated always as identity primary key,
      position text not null check (position in (${sql.join(POSITIONS.map(([, label]) => sql.lit(label)))})),
      name text not null,
      term_start date not null,
      term_end date,
      created_at timestamptz not null default now(),
      created_by bigint references users(id),
      updated_at timestamptz not null default now(),
      updated_by bigint references users(id),
      deleted_at timestamptz,
      deleted_by bigint references users(id),
      constraint officials_term_order check (term_end is null or term_end >= term_start)
    )`.execute(db);
  await sql`create index officials_position_term_idx on officials (position, term_start) where deleted_at is null`.execute(db);

  await sql`
    create table barangay_images (
      kind text primary key check (kind in ('seal', 'logo')),
      content bytea not null,
      mime text not null,
      width integer not null,
      height integer not null,
      updated_at timestamptz not null default now(),
      updated_by bigint references users(id)
    )`.execute(db);

  // The setting's names, each an open term from the oldest document's day.
  await sql`
    with setting as (
      select value, updated_at from settings where key = 'officials' and jsonb_typeof(value) = 'object'
    ), first_day as (
      select least(
        (select min(voucher_date) from disbursements),
        (select min(date_issued) from collections),
        (select min(date_issued) from transactions),
        (select (updated_at at time zone 'Asia/Manila')::date from setting)
      ) as day
    )
    insert into officials (position, name, term_start)
    select p.label, left(btrim(e.value #>> '{}'), 150), (select day from first_day)
    from setting, jsonb_each(setting.value) as e(key, value)
    join (values ${sql.join(POSITIONS.map(([key, label]) => sql`(${sql.lit(key)}, ${sql.lit(label)})`))}) as p(key, label) on p.key = e.key
    where jsonb_typeof(e.value) = 'string' and btrim(e.value #>> '{}') <> ''
    order by p.key`.execute(db);
  await sql`delete from settings where key = 'officials'`.execute(db);

  // The officials' permissions on an existing database (a fresh one gets them from the seed, which
  // runs after the migrations): the Administrator holds all; the Secretary keeps the list; the
  // Punong Barangay and the Treasurer read it.
  const actions = ["manage", "view", "create", "update", "delete", "restore"];
  const verbs: Record<string, string> = {
    manage: "Open the list of official records",
    view: "View one official",
    create: "Create official",
    update: "Edit official",
    delete: "Delete or void official",
    restore: "Restore official",
  };
  for (const action of actions) {
    const name = `${action}-official`;
    const roles =
      action === "manage" || action === "view"
        ? ["Administrator", "Secretary", "Punong Barangay", "Treasurer"]
        : ["Administrator", "Secretary"];
    await sql`insert into permissions (name, description) values (${name}, ${verbs[action]}) on conflict (name) do nothing`.execute(db);
    await sql`
      insert into role_permissions (role_id, permission_id)
      select r.id, p.id from roles r, permissions p
      where r.name in (${sql.join(roles)}) and p.name = ${name}
      on conflict do nothing`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  // The open terms become the setting again (the last term of each position).
  await sql`
    insert into settings (key, value)
    select 'officials', coalesce(jsonb_object_agg(p.key, o.name), '{}'::jsonb)
    from (select distinct on (position) position, name from officials where deleted_at is null order by position, term_start desc) o
    join (values ${sql.join(POSITIONS.map(([key, label]) => sql`(${sql.lit(key)}, ${sql.lit(label)})`))}) as p(key, label) on p.label = o.position
    on conflict (key) do nothing`.execute(db);
  await sql`delete from permissions where name like '%-official'`.execute(db);
  await sql`drop table barangay_images`.execute(db);
  await sql`drop table officials`.execute(db);
}
