import { sql, type Kysely } from "kysely";

// The roll-up policy of 20261216100000_barangays_as_tenants read its list of barangays from the
// setting on every row it checked: a count of a municipality's 216,000 residents as portal_rollup took
// 825 ms against 39 ms as the owner. Read once per statement (a scalar subquery, evaluated once as an
// InitPlan), the same count took 59–70 ms. Issue 29 item 4, docs/decisions/209.
// Frozen in time: never import app code from a migration (DESIGN §1).

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time (DESIGN §1) */
export async function up(db: Kysely<any>): Promise<void> {
  const tables = (
    await sql<{ tablename: string }>`
      select tablename from pg_policies where schemaname = current_schema() and policyname = 'rollup' order by tablename`.execute(db)
  ).rows.map((r) => r.tablename);
  for (const table of tables) {
    await sql`drop policy rollup on ${sql.id(table)}`.execute(db);
    await sql`
      create policy rollup on ${sql.id(table)} for select to portal_rollup
      using (barangay_id = any (cast((select string_to_array(nullif(current_setting('app.barangay_ids', true), ''), ',')::bigint[]) as bigint[])))`.execute(
      db,
    );
  }
}
