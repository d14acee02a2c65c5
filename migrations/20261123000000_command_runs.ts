import { sql, type Kysely } from "kysely";

// The engine's commands (DESIGN §10, issue 9): every run of a named state change (void, unvoid,
// cancel, issue, generate, remit) and each row it touched with its stored values before and after,
// so the reverse command undoes exactly what was done — recorded, never recomputed.

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time (DESIGN §1) */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("command_runs")
    .addColumn("id", "bigint", (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn("entity", "text", (c) => c.notNull())
    .addColumn("entity_id", "bigint", (c) => c.notNull())
    .addColumn("command", "text", (c) => c.notNull())
    .addColumn("reason", "text")
    .addColumn("at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("user_id", "bigint", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("reverses_run_id", "bigint", (c) => c.references("command_runs.id"))
    .addColumn("reversed_by_run_id", "bigint", (c) => c.references("command_runs.id"))
    .execute();
  await db.schema.createIndex("command_runs_entity_idx").on("command_runs").columns(["entity", "entity_id", "command"]).execute();

  await db.schema
    .createTable("command_effects")
    .addColumn("id", "bigint", (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn("run_id", "bigint", (c) => c.notNull().references("command_runs.id").onDelete("cascade"))
    .addColumn("position", "integer", (c) => c.notNull())
    .addColumn("entity", "text", (c) => c.notNull())
    .addColumn("row_id", "bigint", (c) => c.notNull())
    .addColumn("before", "jsonb", (c) => c.notNull())
    .addColumn("after", "jsonb", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("command_effects_run_idx").on("command_effects").columns(["run_id", "position"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("command_effects").execute();
  await db.schema.dropTable("command_runs").execute();
}
