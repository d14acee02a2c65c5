import { sql, type Kysely } from "kysely";

// Katarungang Pambarangay, the later steps (decision 202): the Pangkat ng Tagapagkasundo of a case
// (RA 7160 §§404–405), the dates of the steps decision 200 left undated (the Pangkat constituted,
// the conciliation extended, the motion for execution, the transmittal to the court) and the venue
// ground recorded at filing (§409).
//
// A Pangkat member's row is never deleted: a vacancy closes it (`vacated_on`, the reason) and the
// replacement is a new row that names the one it replaces, so the record shows who sat when. A draw
// by lot keeps its pool and its picks in `draw`, which the recorder writes into the command's audit.
// Frozen in time: never import app code from a migration (DESIGN §1).

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time (DESIGN §1) */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table kp_pangkat_members (
      id bigint generated always as identity primary key,
      case_id bigint not null references kp_cases(id),
      lupon_member_id bigint not null references lupon_members(id),
      role text not null check (role in ('chair', 'secretary', 'member')),
      chosen_by text not null check (chosen_by in ('parties', 'lot')),
      chosen_on date not null,
      draw jsonb,
      replaces_id bigint references kp_pangkat_members(id),
      vacated_on date,
      vacated_reason text,
      created_at timestamptz not null default now(),
      created_by bigint references users(id),
      updated_at timestamptz not null default now(),
      updated_by bigint references users(id),
      constraint kp_pangkat_members_vacancy check ((vacated_on is null) = (vacated_reason is null)),
      constraint kp_pangkat_members_drawn check ((chosen_by = 'lot') = (draw is not null))
    )`.execute(db);
  // A Lupon member sits once on a case's Pangkat at a time; one chair and one secretary at a time.
  await sql`create unique index kp_pangkat_members_sitting on kp_pangkat_members (case_id, lupon_member_id) where vacated_on is null`.execute(
    db,
  );
  await sql`create unique index kp_pangkat_members_officer on kp_pangkat_members (case_id, role) where vacated_on is null and role <> 'member'`.execute(
    db,
  );
  await sql`create index kp_pangkat_members_member_idx on kp_pangkat_members (lupon_member_id)`.execute(db);

  await sql`
    alter table kp_cases
      add column pangkat_constituted_on date,
      add column conciliation_extended_on date,
      add column conciliation_extension_days integer check (conciliation_extension_days between 1 and 15),
      add column execution_moved_on date,
      add column execution_movant_party_id bigint references kp_case_parties(id) on delete set null,
      add column transmitted_on date,
      add column venue_ground text check (venue_ground in ('same_barangay', 'respondent_barangay', 'property', 'workplace')),
      add column venue_detail text,
      add constraint kp_cases_extension_days check ((conciliation_extended_on is null) = (conciliation_extension_days is null))`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    alter table kp_cases
      drop constraint kp_cases_extension_days,
      drop column pangkat_constituted_on,
      drop column conciliation_extended_on,
      drop column conciliation_extension_days,
      drop column execution_moved_on,
      drop column execution_movant_party_id,
      drop column transmitted_on,
      drop column venue_ground,
      drop column venue_detail`.execute(db);
  await sql`drop table kp_pangkat_members`.execute(db);
}
