import { sql, type Kysely } from "kysely";

// A collection type carries its fee schedule: the lines a receipt of the type starts with — nature
// of collection, account code, and the usual amount (none where it varies). Until now a type named
// its lines by the labels of its custom fields; those become its first fees, without amounts.
// Frozen in time: never import app code from a migration (DESIGN §1).

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time (DESIGN §1) */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("collection_type_fees")
    .addColumn("collection_type_id", "bigint", (c) => c.notNull().references("collection_types.id").onDelete("cascade"))
    .addColumn("position", "integer", (c) => c.notNull())
    .addColumn("nature", "text", (c) => c.notNull())
    .addColumn("account_code", "text")
    .addColumn("amount", sql`numeric(14,2)`, (c) => c.check(sql`amount > 0`))
    .addPrimaryKeyConstraint("collection_type_fees_pk", ["collection_type_id", "position"])
    .execute();
  await sql`insert into collection_type_fees (collection_type_id, position, nature)
    select t.id, f.ordinality - 1, left(f.value ->> 'label', 150)
    from collection_types t cross join lateral jsonb_array_elements(coalesce(t.custom_forms, '[]'::jsonb)) with ordinality as f(value, ordinality)
    where jsonb_typeof(t.custom_forms) = 'array' and coalesce(f.value ->> 'label', '') <> ''`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("collection_type_fees").execute();
}
