import { sql, type Kysely } from "kysely";

// A KP case's attachments (decision 202): the scanned complaint, the minutes, the evidence. Kept in
// the database as the residents' photos are, so a backup of it is a backup of everything; the
// checksum lets a download be checked against what was filed. An attachment is removed by a
// recorded command (soft delete), so the record shows what the case held and who removed it.
// Frozen in time: never import app code from a migration (DESIGN §1).

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time (DESIGN §1) */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table kp_case_attachments (
      id bigint generated always as identity primary key,
      case_id bigint not null references kp_cases(id),
      file_name text not null,
      mime text not null,
      size integer not null check (size > 0),
      sha256 text not null,
      description text,
      content bytea not null,
      created_at timestamptz not null default now(),
      created_by bigint references users(id),
      updated_at timestamptz not null default now(),
      updated_by bigint references users(id),
      deleted_at timestamptz,
      deleted_by bigint references users(id)
    )`.execute(db);
  await sql`create index kp_case_attachments_case_idx on kp_case_attachments (case_id) where deleted_at is null`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table kp_case_attachments`.execute(db);
}
