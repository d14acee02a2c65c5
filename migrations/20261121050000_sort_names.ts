import { type Kysely, sql } from "kysely";

// Lists of people sort by surname, then first and middle name, ignoring case and accents
// ("de Guzman" beside "De Leon", "Ñ" with "N"). A stored column keeps the sort key so an index
// serves page 1 and page 2,000 of 200,000 residents alike (issue 6).

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    alter table user_profiles add column sort_name text generated always as (
      lower(portal_unaccent(coalesce(lastname, '') || ' ' || coalesce(firstname, '') || ' ' || coalesce(middlename, '')))
    ) stored
  `.execute(db);
  await sql`create index user_profiles_sort_name_idx on user_profiles (sort_name, user_id)`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists user_profiles_sort_name_idx`.execute(db);
  await sql`alter table user_profiles drop column if exists sort_name`.execute(db);
}
