import { sql, type Kysely } from "kysely";

// Issue 18 items 3 and 4 (docs/decisions/185, 186):
// - correction_requests: a correction made on the data subject's request — when and how the person
//   asked (date, channel, reference) — linked to the audit row of the change it was made with;
// - privacy_anonymisations: which trashed personal records the retention job anonymised, and when
//   (the record keeps its id; its names, birth data and contacts are placeholders);
// - scheduled_job_runs: one row per job and calendar day, claimed with INSERT … ON CONFLICT DO
//   NOTHING, so a daily job runs at most once a day however many portal processes share the database.

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time (DESIGN §1) */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("correction_requests")
    .addColumn("id", "bigint", (c) => c.generatedAlwaysAsIdentity().primaryKey())
    .addColumn("subject_id", "bigint", (c) => c.notNull().references("users.id"))
    .addColumn("requested_on", "date", (c) => c.notNull())
    .addColumn("channel", "text", (c) => c.notNull().check(sql`channel in ('In person', 'Letter', 'E-mail', 'Phone', 'Online')`))
    .addColumn("reference", "text", (c) => c.notNull())
    .addColumn("audit_log_id", "bigint", (c) => c.notNull().references("audit_log.id"))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("created_by", "bigint", (c) => c.references("users.id"))
    .execute();
  await db.schema.createIndex("correction_requests_subject_idx").on("correction_requests").columns(["subject_id", "requested_on"]).execute();

  await db.schema
    .createTable("privacy_anonymisations")
    .addColumn("entity", "text", (c) => c.notNull().check(sql`entity in ('user', 'household')`))
    .addColumn("entity_id", "bigint", (c) => c.notNull())
    .addColumn("anonymised_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint("privacy_anonymisations_pk", ["entity", "entity_id"])
    .execute();

  await db.schema
    .createTable("scheduled_job_runs")
    .addColumn("job", "text", (c) => c.notNull())
    .addColumn("run_on", "date", (c) => c.notNull())
    .addColumn("started_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("finished_at", "timestamptz")
    .addColumn("result", "jsonb")
    .addColumn("error", "text")
    .addPrimaryKeyConstraint("scheduled_job_runs_pk", ["job", "run_on"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("scheduled_job_runs").ifExists().execute();
  await db.schema.dropTable("privacy_anonymisations").ifExists().execute();
  await db.schema.dropTable("correction_requests").ifExists().execute();
}
