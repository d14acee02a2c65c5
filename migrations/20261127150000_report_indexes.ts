import { sql, type Kysely } from "kysely";

// Reports (issue 13): the RBI listing is read a purok at a time in name order (a page of the
// residents report, the streamed export), so one index serves both: purok, then the sort name,
// then the id that makes the order total.

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time (DESIGN §1) */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index if not exists user_profiles_purok_sort_idx on user_profiles (purok_id, (coalesce(sort_name, '')), user_id)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists user_profiles_purok_sort_idx`.execute(db);
}
