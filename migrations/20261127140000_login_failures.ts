import { type Kysely, sql } from "kysely";

// Issue 14 item 5: failed sign-ins (and current-password checks) are counted in the database, so a
// restart or a second process does not reset the counts. One row per failure and key: an account
// (`user:{id}`, or `login:{name}` for a name no account has), an address (`ip:{address}`), or a
// password check (`password:{id}`). Rows older than an hour are removed as new ones arrive.
// Frozen in time: never import app code from a migration (DESIGN §1).

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("login_failures")
    .addColumn("id", "bigint", (c) => c.generatedAlwaysAsIdentity().primaryKey())
    .addColumn("key", "text", (c) => c.notNull())
    .addColumn("at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex("login_failures_key_at_idx").on("login_failures").columns(["key", "at"]).execute();
  await db.schema.createIndex("login_failures_at_idx").on("login_failures").column("at").execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("login_failures").execute();
}
