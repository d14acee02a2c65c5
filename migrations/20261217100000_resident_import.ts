import { sql, type Kysely } from "kysely";

// The resident import (issue 33 items 1–2, docs/decisions/217-resident-import.md): a batch is an
// uploaded spreadsheet (resident_imports) and its rows as read (resident_import_rows: the original
// cells, what the dry run made of them, the choice per duplicate, and what the commit did). Both
// are a barangay's own, with barangay_id, row-level security and indexes led by barangay_id
// (decision 209).
// Frozen in time: never import app code from a migration (DESIGN §1).

const TENANT = sql.raw(`nullif(current_setting('app.barangay_id', true), '')::bigint`);
const ROLLUP_SET = sql.raw(
  `cast((select string_to_array(nullif(current_setting('app.barangay_ids', true), ''), ',')::bigint[]) as bigint[])`,
);

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time (DESIGN §1) */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table resident_imports (
      id bigint generated always as identity primary key,
      barangay_id bigint not null default ${TENANT} references barangays (id),
      file_name text not null,
      format text not null check (format in ('xlsx', 'csv')),
      headers jsonb not null default '[]'::jsonb,
      mapping jsonb,
      date_order text not null default 'mdy' check (date_order in ('mdy', 'dmy')),
      status text not null default 'mapping'
        check (status in ('mapping', 'review', 'committing', 'committed', 'undoing', 'undone')),
      total_rows integer not null default 0,
      counts jsonb not null default '{}'::jsonb,
      committed_rows integer not null default 0,
      undone_rows integer not null default 0,
      worker_at timestamptz,
      failure text,
      committed_at timestamptz,
      undone_at timestamptz,
      created_at timestamptz not null default now(),
      created_by bigint references users (id),
      updated_at timestamptz not null default now(),
      updated_by bigint references users (id)
    )`.execute(db);
  await sql`
    create table resident_import_rows (
      id bigint generated always as identity primary key,
      barangay_id bigint not null default ${TENANT} references barangays (id),
      import_id bigint not null references resident_imports (id) on delete cascade,
      line integer not null,
      cells jsonb not null,
      outcome text not null default 'pending' check (outcome in ('pending', 'create', 'update', 'refuse', 'duplicate')),
      reasons jsonb not null default '[]'::jsonb,
      notes jsonb not null default '[]'::jsonb,
      profile jsonb,
      household_no text,
      purok_name text,
      match_user_id bigint references users (id),
      match_line integer,
      match_reason text,
      decision text check (decision in ('skip', 'update', 'create')),
      committed boolean not null default false,
      user_id bigint references users (id),
      before jsonb,
      run_id bigint references command_runs (id),
      unique (barangay_id, import_id, line)
    )`.execute(db);
  await sql`create index resident_imports_list_idx on resident_imports (barangay_id, created_at desc)`.execute(db);
  await sql`create index resident_import_rows_outcome_idx on resident_import_rows (barangay_id, import_id, outcome, line)`.execute(db);
  for (const table of ["resident_imports", "resident_import_rows"]) {
    const t = sql.id(table);
    await sql`alter table ${t} enable row level security`.execute(db);
    await sql`alter table ${t} force row level security`.execute(db);
    await sql`create policy barangay on ${t} to portal_app using (barangay_id = ${TENANT}) with check (barangay_id = ${TENANT})`.execute(
      db,
    );
    await sql`create policy rollup on ${t} for select to portal_rollup using (barangay_id = any (${ROLLUP_SET}))`.execute(db);
    await sql`create policy owner on ${t} to current_user using (true) with check (true)`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table resident_import_rows`.execute(db);
  await sql`drop table resident_imports`.execute(db);
}
