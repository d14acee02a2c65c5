import { type Kysely, sql } from "kysely";

// Access administration (issue 5): why a user is on the blocklist, each user's notification
// preferences, and the blocklist as a view the registry engine lists like a table.
// Frozen in time: never import app code from a migration (DESIGN §1).

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("users").addColumn("blocked_reason", "text").execute();
  await db.schema.createIndex("users_blocked_at_idx").on("users").column("blocked_at").where(sql.ref("blocked_at"), "is not", null).execute();

  await db.schema
    .createTable("user_preferences")
    .addColumn("user_id", "bigint", (c) => c.primaryKey().references("users.id").onDelete("cascade"))
    // {topic: boolean}; a topic that is absent is on.
    .addColumn("notifications", "jsonb", (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  // One row per blocked account, of any kind. Read-only: blocking and unblocking write users.
  await sql`
    create view blocklist_entries as
    select
      u.id,
      u.kind,
      u.username,
      u.email,
      u.blocked_at,
      u.blocked_by,
      u.blocked_reason,
      u.last_sign_in_at,
      u.created_at,
      u.created_by,
      u.updated_at,
      u.updated_by,
      u.deleted_at,
      nullif(concat_ws(' ', p.firstname, p.middlename, p.lastname, p.suffix), '') as name,
      p.firstname,
      p.middlename,
      p.lastname
    from users u
    join user_profiles p on p.user_id = u.id
    where u.blocked_at is not null
  `.execute(db);

  await db.schema.createIndex("user_roles_role_id_idx").on("user_roles").column("role_id").execute();
  await db.schema.createIndex("role_permissions_permission_id_idx").on("role_permissions").column("permission_id").execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("role_permissions_permission_id_idx").ifExists().execute();
  await db.schema.dropIndex("user_roles_role_id_idx").ifExists().execute();
  await sql`drop view if exists blocklist_entries`.execute(db);
  await db.schema.dropTable("user_preferences").ifExists().execute();
  await db.schema.dropIndex("users_blocked_at_idx").ifExists().execute();
  await db.schema.alterTable("users").dropColumn("blocked_reason").execute();
}
