import { sql, type Kysely } from "kysely";

// The KP clock's second read (decision 205): the cases settled, awarded, repudiated or executed in
// the last seven months, by the latest of those dates. The cases still before the Lupon are read
// through kp_cases_state_idx; a barangay's settled cases add up over the years, and this keeps the
// dashboard's read to the few whose execution or transmittal may still fall due.
// Frozen in time: never import app code from a migration (DESIGN §1).

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time (DESIGN §1) */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create index kp_cases_clock_idx on kp_cases (greatest(settled_on, awarded_on, repudiated_on, executed_on))
    where deleted_at is null and state in ('settled', 'awarded', 'repudiated', 'executed')`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists kp_cases_clock_idx`.execute(db);
}
