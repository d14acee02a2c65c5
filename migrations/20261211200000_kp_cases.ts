import { sql, type Kysely } from "kysely";

// Katarungang Pambarangay (issue 31, docs/decisions/200-katarungang-pambarangay.md): the Lupon's
// members with their terms and oaths, the cases with their docket numbers, parties and hearings.
//
// `kp_cases.state` follows the procedure of RA 7160 §§408–422 (research notes §3); the commands of
// the kp_case entry move it. The answers to the law's exclusions (§408) that the staff give at filing
// are kept on the case, so the record shows why it was admitted. The docket number is a per-year
// series "YYYY-NNN" kept in number_series, whose period may now be a year ("2026") as well as a month.
// Frozen in time: never import app code from a migration (DESIGN §1).

const STATES = [
  "filed",
  "summoned",
  "mediation",
  "pangkat",
  "conciliation",
  "arbitration",
  "settled",
  "awarded",
  "repudiated",
  "executed",
  "certified_file_action",
  "certified_bar_action",
  "dismissed",
  "withdrawn",
];
const list = (values: string[]) => sql.join(values.map((v) => sql.lit(v)));

const AUDIT_COLUMNS = sql`
  created_at timestamptz not null default now(),
  created_by bigint references users(id),
  updated_at timestamptz not null default now(),
  updated_by bigint references users(id),
  deleted_at timestamptz,
  deleted_by bigint references users(id)`;

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time (DESIGN §1) */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table number_series drop constraint number_series_period_format`.execute(db);
  await sql`alter table number_series add constraint number_series_period_format check (period ~ '^[0-9]{4}(-[0-9]{2})?$')`.execute(db);

  await sql`
    create table lupon_members (
      id bigint generated always as identity primary key,
      name text not null,
      user_id bigint references users(id),
      position text not null check (position in ('chair', 'secretary', 'member')),
      term_start date not null,
      term_end date,
      oath_date date,
      ${AUDIT_COLUMNS},
      constraint lupon_members_term_order check (term_end is null or term_end >= term_start)
    )`.execute(db);

  await sql`
    create table kp_cases (
      id bigint generated always as identity primary key,
      docket_number text not null unique,
      title text not null,
      nature text not null,
      category text not null check (category in ('civil', 'criminal')),
      complaint text not null,
      filed_on date not null,
      received_at timestamptz,
      state text not null default 'filed' check (state in (${list(STATES)})),
      government_party boolean not null default false,
      official_functions boolean not null default false,
      penalty_imprisonment_days integer check (penalty_imprisonment_days >= 0),
      penalty_fine numeric(14,2) check (penalty_fine >= 0),
      no_private_offended_party boolean not null default false,
      property_elsewhere boolean not null default false,
      barangays_adjoin boolean not null default false,
      parties_agree_venue boolean not null default false,
      summoned_on date,
      mediation_started_on date,
      referred_on date,
      conciliation_started_on date,
      arbitration_agreed_on date,
      settled_on date,
      awarded_on date,
      terms text,
      repudiated_on date,
      executed_on date,
      certified_on date,
      counterclaim_barred_on date,
      closed_on date,
      outcome_reason text,
      ${AUDIT_COLUMNS}
    )`.execute(db);
  await sql`create index kp_cases_state_idx on kp_cases (state) where deleted_at is null`.execute(db);
  await sql`create index kp_cases_filed_on_idx on kp_cases (filed_on)`.execute(db);

  await sql`
    create table kp_case_parties (
      id bigint generated always as identity primary key,
      case_id bigint not null references kp_cases(id) on delete cascade,
      role text not null check (role in ('complainant', 'respondent', 'witness')),
      user_id bigint references users(id),
      name text,
      address text,
      outside_city boolean not null default false,
      position integer not null,
      constraint kp_case_parties_who check (user_id is not null or name is not null)
    )`.execute(db);
  await sql`create index kp_case_parties_case_idx on kp_case_parties (case_id, position)`.execute(db);
  await sql`create index kp_case_parties_user_idx on kp_case_parties (user_id) where user_id is not null`.execute(db);

  await sql`
    create table kp_hearings (
      id bigint generated always as identity primary key,
      case_id bigint not null references kp_cases(id),
      kind text not null check (kind in ('mediation', 'conciliation', 'arbitration', 'execution')),
      held_on date not null,
      minutes text,
      ${AUDIT_COLUMNS}
    )`.execute(db);
  await sql`create index kp_hearings_case_idx on kp_hearings (case_id, held_on)`.execute(db);

  // The KP permissions on an existing database (a fresh one gets them from the seed, which runs
  // after the migrations). Case records are confidential: only the Administrator, the Punong
  // Barangay (the Lupon's chair) and the Secretary (the Lupon secretary, §403) hold them.
  const verbs: Record<string, string> = {
    manage: "Open the list of",
    view: "View one",
    create: "Create",
    update: "Edit",
    delete: "Delete or void",
    restore: "Restore",
  };
  for (const entity of ["lupon_member", "kp_case", "kp_hearing"]) {
    for (const [action, verb] of Object.entries(verbs)) {
      const name = `${action}-${entity}`;
      const description = `${verb} ${entity.replace(/_/g, " ")}${action === "manage" ? " records" : ""}`;
      await sql`insert into permissions (name, description) values (${name}, ${description}) on conflict (name) do nothing`.execute(db);
      await sql`
        insert into role_permissions (role_id, permission_id)
        select r.id, p.id from roles r, permissions p
        where r.name in ('Administrator', 'Punong Barangay', 'Secretary') and p.name = ${name}
        on conflict do nothing`.execute(db);
    }
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`delete from permissions where name ~ '-(lupon_member|kp_case|kp_hearing)$'`.execute(db);
  await sql`drop table kp_hearings`.execute(db);
  await sql`drop table kp_case_parties`.execute(db);
  await sql`drop table kp_cases`.execute(db);
  await sql`drop table lupon_members`.execute(db);
  await sql`delete from number_series where period !~ '^[0-9]{4}-[0-9]{2}$'`.execute(db);
  await sql`alter table number_series drop constraint number_series_period_format`.execute(db);
  await sql`alter table number_series add constraint number_series_period_format check (period ~ '^[0-9]{4}-[0-9]{2}$')`.execute(db);
}
