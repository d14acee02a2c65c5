import { type Kysely, sql } from "kysely";

// Platform tables (issue 2): people, access control, sessions, audit trail, settings.
// Frozen in time: never import app code from a migration (DESIGN §1).

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create extension if not exists citext`.execute(db);

  await db.schema
    .createTable("users")
    .addColumn("id", "bigint", (c) => c.generatedAlwaysAsIdentity().primaryKey())
    .addColumn("kind", "text", (c) => c.notNull().defaultTo("staff"))
    .addColumn("username", sql`citext`, (c) => c.unique())
    .addColumn("email", sql`citext`, (c) => c.unique())
    .addColumn("password_hash", "text")
    .addColumn("new_user", "boolean", (c) => c.notNull().defaultTo(true))
    .addColumn("blocked_at", "timestamptz")
    .addColumn("blocked_by", "bigint")
    .addColumn("last_sign_in_at", "timestamptz")
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("created_by", "bigint")
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("updated_by", "bigint")
    .addColumn("deleted_at", "timestamptz")
    .addColumn("deleted_by", "bigint")
    .addCheckConstraint("users_kind_check", sql`kind in ('staff', 'resident', 'non_resident', 'organization')`)
    .execute();

  await db.schema
    .createTable("user_profiles")
    .addColumn("user_id", "bigint", (c) => c.primaryKey().references("users.id").onDelete("cascade"))
    .addColumn("firstname", "text", (c) => c.notNull())
    .addColumn("middlename", "text")
    .addColumn("lastname", "text")
    .addColumn("suffix", "text")
    .addColumn("image", "text")
    .addColumn("hex_color", "text")
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable("roles")
    .addColumn("id", "bigint", (c) => c.generatedAlwaysAsIdentity().primaryKey())
    .addColumn("name", sql`citext`, (c) => c.notNull().unique())
    .addColumn("description", "text")
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("created_by", "bigint")
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("updated_by", "bigint")
    .execute();

  await db.schema
    .createTable("permissions")
    .addColumn("id", "bigint", (c) => c.generatedAlwaysAsIdentity().primaryKey())
    .addColumn("name", "text", (c) => c.notNull().unique())
    .addColumn("description", "text")
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("created_by", "bigint")
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("updated_by", "bigint")
    .execute();

  await db.schema
    .createTable("role_permissions")
    .addColumn("role_id", "bigint", (c) => c.notNull().references("roles.id").onDelete("cascade"))
    .addColumn("permission_id", "bigint", (c) => c.notNull().references("permissions.id").onDelete("cascade"))
    .addPrimaryKeyConstraint("role_permissions_pk", ["role_id", "permission_id"])
    .execute();

  await db.schema
    .createTable("user_roles")
    .addColumn("user_id", "bigint", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("role_id", "bigint", (c) => c.notNull().references("roles.id").onDelete("cascade"))
    .addPrimaryKeyConstraint("user_roles_pk", ["user_id", "role_id"])
    .execute();

  await db.schema
    .createTable("sessions")
    .addColumn("id", "text", (c) => c.primaryKey()) // SHA-256 of the cookie token, hex
    .addColumn("user_id", "bigint", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("expires_at", "timestamptz", (c) => c.notNull())
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("last_seen_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("ip", "text")
    .addColumn("user_agent", "text")
    .execute();
  await db.schema.createIndex("sessions_user_id_idx").on("sessions").column("user_id").execute();

  await db.schema
    .createTable("audit_log")
    .addColumn("id", "bigint", (c) => c.generatedAlwaysAsIdentity().primaryKey())
    .addColumn("at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("user_id", "bigint")
    .addColumn("entity", "text", (c) => c.notNull())
    .addColumn("entity_id", "text")
    .addColumn("action", "text", (c) => c.notNull())
    .addColumn("before", "jsonb")
    .addColumn("after", "jsonb")
    .addColumn("ip", "text")
    .execute();
  await db.schema.createIndex("audit_log_entity_idx").on("audit_log").columns(["entity", "entity_id"]).execute();
  await db.schema.createIndex("audit_log_user_idx").on("audit_log").columns(["user_id", "at"]).execute();

  await db.schema
    .createTable("settings")
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("value", "jsonb", (c) => c.notNull())
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("updated_by", "bigint")
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ["settings", "audit_log", "sessions", "user_roles", "role_permissions", "permissions", "roles", "user_profiles", "users"]) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}
