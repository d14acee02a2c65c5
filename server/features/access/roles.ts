import { sql } from "kysely";
import { ACTIONS, can, HUB_PERMISSIONS, PERMISSION_NAME_PATTERN } from "../../../domain/permissions.ts";
import { PERMISSION_ENTITIES } from "../../../domain/registry/index.ts";
import { buildMatrix, type PermissionMatrix } from "../../../domain/permission-matrix.ts";
import { permissionEntityLabel } from "./permission-words.ts";
import type { ServiceContext } from "../../context.ts";
import { forbidden, unauthenticated } from "../../errors.ts";
import { fullNameOf } from "../../engine/people-sql.ts";
import { ADMIN_ROLE } from "./access.ts";

// The data the role and permission forms need (spec §7.3 role/role_model_view and
// permission/permission_model_view): every permission laid out as a matrix of entities down and
// actions across, and the staff who can be made members.

function actor(ctx: ServiceContext) {
  if (!ctx.user) throw unauthenticated();
  return ctx.user;
}

export interface RoleModelView extends PermissionMatrix {
  users: { id: number; fullname: string; username: string | null }[];
  administrator_role: string;
}

export async function roleModelView(ctx: ServiceContext): Promise<RoleModelView> {
  const user = actor(ctx);
  if (!["manage-role", "create-role", "update-role"].some((p) => can(user, p))) throw forbidden();
  // The hub's own permissions are never a barangay role's: the editor does not offer them.
  const permissions = await ctx.db
    .selectFrom("permissions")
    .select(["id", "name", "description"])
    .where("name", "not in", [...HUB_PERMISSIONS])
    .orderBy("name")
    .execute();
  const users = await ctx.db
    .selectFrom("users as u")
    .innerJoin("user_profiles as p", "p.user_id", "u.id")
    .select(["u.id", "u.username", fullNameOf("p").as("fullname")])
    .where("u.kind", "=", "staff")
    .where("u.deleted_at", "is", null)
    .orderBy(sql`lower(p.lastname)`)
    .orderBy(sql`lower(p.firstname)`)
    .limit(2000)
    .execute();
  return {
    ...buildMatrix(
      permissions.map((p) => ({ id: Number(p.id), name: p.name, description: p.description })),
      permissionEntityLabel,
    ),
    users: users.map((u) => ({ id: Number(u.id), username: u.username, fullname: u.fullname ?? u.username ?? `#${u.id}` })),
    administrator_role: ADMIN_ROLE,
  };
}

export interface PermissionModelView {
  actions: string[];
  entities: string[];
  pattern: string;
}

export async function permissionModelView(ctx: ServiceContext): Promise<PermissionModelView> {
  const user = actor(ctx);
  if (!["manage-permission", "create-permission", "update-permission"].some((p) => can(user, p))) throw forbidden();
  const names = (await ctx.db.selectFrom("permissions").select("name").execute()).map((p) => p.name);
  const actions = new Set<string>(ACTIONS);
  const entities = new Set<string>(PERMISSION_ENTITIES);
  for (const name of names) {
    const i = name.indexOf("-");
    if (i < 0) continue;
    actions.add(name.slice(0, i));
    entities.add(name.slice(i + 1));
  }
  return { actions: [...actions], entities: [...entities].sort(), pattern: PERMISSION_NAME_PATTERN.source };
}
