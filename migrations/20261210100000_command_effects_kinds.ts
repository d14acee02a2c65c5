import { sql, type Kysely } from "kysely";

// Every state change is a recorded command (DESIGN §10, §13): besides changed rows, a run now
// records the rows it inserted (a remittance, a booklet's generated numbers) and removed (a
// booklet's numbers generated again for a new range), each with its table, so the recorder can
// replay a run backwards for rows that are not registry entries (remittances) too. A run may start
// before its subject exists (a remittance is the run's first insert): entity_id is set then.
// Frozen in time: never import app code from a migration (DESIGN §1).

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time (DESIGN §1) */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("command_effects")
    .addColumn("kind", "text", (c) => c.notNull().defaultTo("update"))
    .addColumn("table_name", "text")
    .execute();
  await sql`alter table command_effects add constraint command_effects_kind check (kind in ('update', 'insert', 'delete'))`.execute(db);
  await db.schema
    .alterTable("command_runs")
    .alterColumn("entity_id", (c) => c.dropNotNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("command_effects").dropConstraint("command_effects_kind").execute();
  await db.schema.alterTable("command_effects").dropColumn("kind").dropColumn("table_name").execute();
  await db.schema
    .alterTable("command_runs")
    .alterColumn("entity_id", (c) => c.setNotNull())
    .execute();
}
