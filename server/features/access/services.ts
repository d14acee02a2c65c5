import { sql } from "kysely";
import type { ServiceContext } from "../../context.ts";
import { forbidden, ValidationError } from "../../errors.ts";
import { servesHub } from "../../../db/tenant.ts";
import { HUB_PERMISSIONS } from "../../../domain/permissions.ts";
import { passwordProblem } from "../../auth/passwords.ts";
import { ResourceEngine, type AnySelect, type Row } from "../../engine/engine.ts";
import type { InputOf } from "../../../domain/registry/types.ts";
import type { permission, role, user } from "../../../domain/registry/access.ts";
import { fullNameOf } from "../../engine/people-sql.ts";
import type { BlocklistRow } from "./blocklist.ts";
import {
  adminRoleId,
  checkPermissionChange,
  checkPermissionsRemoval,
  checkRoleChange,
  checkRoleIds,
  checkRolesRemoval,
  checkUserRolesChange,
  checkUsersRemoval,
  notifyIfWanted,
} from "./access.ts";

// The access entries' services: a user's roles and Blocked status, a role's permissions and
// members, a permission's built-in flag; and the safety rules before each write.

/** A user's roles as [{id, name}] (spec §7 "roles"), for rows whose id is `t.id`. */
const rolesOfRow = sql`coalesce((select jsonb_agg(jsonb_build_object('id', r.id, 'name', r.name) order by r.name)
  from user_roles ur join roles r on r.id = ur.role_id where ur.user_id = t.id), '[]'::jsonb)`;

async function replaceUserRoles(ctx: ServiceContext, userId: number, roleIds: number[]): Promise<boolean> {
  const before = (await ctx.db.selectFrom("user_roles").select("role_id").where("user_id", "=", userId).execute()).map((r) =>
    Number(r.role_id),
  );
  const same = before.length === roleIds.length && before.every((id) => roleIds.includes(id));
  if (same) return false;
  await ctx.db.deleteFrom("user_roles").where("user_id", "=", userId).execute();
  if (roleIds.length)
    await ctx.db
      .insertInto("user_roles")
      .values(roleIds.map((role_id) => ({ user_id: userId, role_id })))
      .execute();
  return true;
}

const ROLES_CHANGED = {
  title: "Your access changed",
  message: "An administrator changed your roles. Pages and actions now follow your new permissions.",
  type: "info" as const,
};

type UserValues = InputOf<typeof user>;

export class UserService extends ResourceEngine<Row, UserValues> {
  protected override statusSql() {
    return sql<string>`case when t.deleted_at is not null then 'Trashed' when t.blocked_at is not null then 'Blocked' else 'Active' end`;
  }
  // `lastsignin`: spec §2.4's column key for the last sign-in, beside last_sign_in_at.
  protected override extendSelect(q: AnySelect): AnySelect {
    return q.select([rolesOfRow.as("roles"), "t.blocked_reason", "t.last_sign_in_at as lastsignin", "t.language"]);
  }
  protected override async beforeWrite(ctx: ServiceContext, values: UserValues, id: number | null) {
    if (typeof values.password === "string") {
      const problem = passwordProblem(values.password);
      if (problem) throw ValidationError.field("password", problem);
    }
    const roles = values.roles;
    if (roles) {
      await checkRoleIds(ctx.db, roles);
      if (id != null) await checkUserRolesChange(ctx, id, roles);
    }
  }
  protected override async afterWrite(ctx: ServiceContext, id: number, values: UserValues, op: "create" | "update") {
    // The user's language (null: the barangay's); audited with the rest of the update (the row's
    // `language` is read before and after). Their sessions read it on their next request.
    if (values.language !== undefined)
      await ctx.db.updateTable("users").set({ language: values.language }).where("id", "=", id).execute();
    const roles = values.roles;
    if (!roles) return;
    const changed = await replaceUserRoles(ctx, id, roles);
    if (changed && op === "update") await notifyIfWanted(ctx.db, id, "security", ROLES_CHANGED);
  }
  protected override async beforeDelete(ctx: ServiceContext, userIds: number[]) {
    await checkUsersRemoval(ctx, userIds, "delete");
  }
}

type RoleValues = InputOf<typeof role>;

export class RoleService extends ResourceEngine<Row, RoleValues> {
  protected override extendSelect(q: AnySelect): AnySelect {
    return q.select([
      sql`coalesce((select jsonb_agg(jsonb_build_object('id', pm.id, 'name', pm.name) order by pm.name)
        from role_permissions rp join permissions pm on pm.id = rp.permission_id where rp.role_id = t.id), '[]'::jsonb)`.as("permissions"),
      sql`coalesce((select jsonb_agg(jsonb_build_object('id', mu.id, 'fullname', ${fullNameOf("mp")}, 'username', mu.username) order by lower(mp.lastname), lower(mp.firstname))
        from user_roles mr join users mu on mu.id = mr.user_id join user_profiles mp on mp.user_id = mu.id
        where mr.role_id = t.id and mu.deleted_at is null), '[]'::jsonb)`.as("members"),
      sql<number>`(select count(*)::int from role_permissions rp where rp.role_id = t.id)`.as("permissions_count"),
      sql<number>`(select count(*)::int from user_roles mr join users mu on mu.id = mr.user_id where mr.role_id = t.id and mu.deleted_at is null)`.as(
        "members_count",
      ),
    ]);
  }
  protected override async beforeWrite(ctx: ServiceContext, values: RoleValues, id: number | null) {
    const { permissions: permissionIds, members: memberIds } = values;
    if (permissionIds?.length) {
      // The hub's own permissions are no barangay role's to hold (domain/permissions.ts HUB_PERMISSIONS).
      const found = await ctx.db
        .selectFrom("permissions")
        .select("id")
        .where("id", "in", permissionIds)
        .where("name", "not in", [...HUB_PERMISSIONS])
        .execute();
      if (found.length !== permissionIds.length) throw ValidationError.field("permissions", "The selected permissions are invalid.");
    }
    if (memberIds?.length) {
      const found = await ctx.db
        .selectFrom("users")
        .select("id")
        .where("id", "in", memberIds)
        .where("kind", "=", "staff")
        .where("deleted_at", "is", null)
        .execute();
      if (found.length !== memberIds.length) throw ValidationError.field("members", "The selected members are invalid.");
    }
    if (id != null) await checkRoleChange(ctx, id, { name: values.name, permissionIds, memberIds });
  }
  protected override async afterWrite(ctx: ServiceContext, id: number, values: RoleValues) {
    const { permissions: permissionIds, members: memberIds } = values;
    if (permissionIds) {
      await ctx.db.deleteFrom("role_permissions").where("role_id", "=", id).execute();
      if (permissionIds.length)
        await ctx.db
          .insertInto("role_permissions")
          .values(permissionIds.map((permission_id) => ({ role_id: id, permission_id })))
          .execute();
    }
    if (memberIds) {
      // Members of the form are active staff; trashed accounts keep their roles for a restore.
      const current = (
        await ctx.db
          .selectFrom("user_roles")
          .innerJoin("users", "users.id", "user_roles.user_id")
          .select("users.id")
          .where("user_roles.role_id", "=", id)
          .where("users.deleted_at", "is", null)
          .execute()
      ).map((r) => Number(r.id));
      const removed = current.filter((u) => !memberIds.includes(u));
      const added = memberIds.filter((u) => !current.includes(u));
      if (removed.length) await ctx.db.deleteFrom("user_roles").where("role_id", "=", id).where("user_id", "in", removed).execute();
      if (added.length)
        await ctx.db
          .insertInto("user_roles")
          .values(added.map((user_id) => ({ user_id, role_id: id })))
          .execute();
      for (const userId of [...removed, ...added]) await notifyIfWanted(ctx.db, userId, "security", ROLES_CHANGED);
    }
  }
  protected override async beforeDelete(ctx: ServiceContext, roleIds: number[]) {
    await checkRolesRemoval(ctx, roleIds);
  }
}

type PermissionValues = InputOf<typeof permission>;

/**
 * On a hub the permission list is shared by every barangay (it names what the code checks): no
 * barangay adds, renames, deletes or restores one there, or it would change every other barangay's
 * roles (decision 209). A single barangay's administrator keeps the spec's permission screens.
 */
function refuseOnHub(): void {
  if (servesHub()) throw forbidden();
}

export class PermissionService extends ResourceEngine<Row, PermissionValues> {
  protected override async beforeRestore() {
    refuseOnHub();
  }
  protected override extendSelect(q: AnySelect): AnySelect {
    return q.select([sql<number>`(select count(*)::int from role_permissions rp where rp.permission_id = t.id)`.as("roles_count")]);
  }
  protected override async beforeWrite(ctx: ServiceContext, values: PermissionValues, id: number | null) {
    refuseOnHub();
    if (id != null) await checkPermissionChange(ctx, id, values.name);
  }
  protected override async afterWrite(ctx: ServiceContext, id: number, _values: PermissionValues, op: "create" | "update") {
    // The Administrator role holds every permission (DESIGN §6), new ones included.
    if (op !== "create") return;
    const admin = await adminRoleId(ctx.db);
    if (admin != null) {
      await ctx.db
        .insertInto("role_permissions")
        .values({ role_id: admin, permission_id: id })
        .onConflict((oc) => oc.columns(["role_id", "permission_id"]).doNothing())
        .execute();
    }
  }
  protected override async beforeDelete(ctx: ServiceContext, permissionIds: number[]) {
    refuseOnHub();
    await checkPermissionsRemoval(ctx, permissionIds);
  }
}

export class BlocklistService extends ResourceEngine<BlocklistRow> {
  protected override statusSql() {
    return sql<string>`case when t.deleted_at is not null then 'Trashed' else 'Blocked' end`;
  }
  protected override extendSelect(q: AnySelect): AnySelect {
    return q
      .leftJoin("user_profiles as bp", "bp.user_id", "t.blocked_by")
      .select([
        rolesOfRow.as("roles"),
        sql`case when t.blocked_by is null then null else jsonb_build_object('id', t.blocked_by, 'fullname', ${fullNameOf("bp")}) end`.as(
          "blocked_by",
        ),
        sql`jsonb_build_object('firstname', t.firstname, 'middlename', t.middlename, 'lastname', t.lastname, 'fullname', t.name)`.as(
          "user_profile",
        ),
      ]);
  }
}
