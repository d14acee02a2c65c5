import { sql } from "kysely";
import { z } from "zod";
import { ACTIONS, can, HUB_PERMISSIONS } from "../../../domain/permissions.ts";
import { withDefaults, type NotificationTopic } from "../../../domain/notification-topics.ts";
import type { ServiceContext } from "../../context.ts";
import { AppError, forbidden, notFound, unauthenticated, ValidationError } from "../../errors.ts";
import { generatePassword, hashPassword, passwordProblem } from "../../auth/passwords.ts";
import { invalidateUserSessions } from "../../auth/sessions.ts";
import { notify, type NewNotification } from "../notifications/service.ts";
import { inTransaction } from "../../engine/transaction.ts";
import { audit } from "../../engine/audit.ts";
import { fullNameOf } from "../../engine/people-sql.ts";
import type { AuditSubject } from "../../../domain/audit/audit-sentence.ts";
import { auditSubjects } from "../audit/subjects.ts";
import { splitPermission } from "../../../domain/permission-matrix.ts";
import { permissionEntityLabel } from "./permission-words.ts";
import { seededPermissionNames } from "../../seed.ts";

// The rules of access administration that are more than CRUD: who may never be locked
// out, password resets and generators, and what the user pages show. Every transport (REST, tRPC,
// page actions) and the engine's hooks call these, so each rule lives here once.

export const ADMIN_ROLE = "Administrator";
/** Taking these from yourself would lock you out of fixing it. */
export const LOCKOUT_PERMISSIONS = ["manage-user", "manage-role"] as const;

export const MSG_RESET = "Successfully reset.";
export const LAST_ADMIN = {
  delete: "The last Administrator cannot be deleted.",
  block: "The last Administrator cannot be blocked.",
  strip: "The last Administrator cannot lose the Administrator role.",
} as const;
export const SELF = {
  delete: "You cannot delete your own account.",
  block: "You cannot block your own account.",
  lockout: (permission: string) => `You cannot remove your own ${permission} permission: you would be locked out.`,
} as const;
export const ADMIN_ROLE_FIXED = {
  delete: "The Administrator role cannot be deleted.",
  rename: "The Administrator role cannot be renamed.",
  permissions: "The Administrator role always holds every permission.",
} as const;

type Db = ServiceContext["db"];

function requireActor(ctx: ServiceContext) {
  if (!ctx.user) throw unauthenticated();
  return ctx.user;
}

// --- the last Administrator --------------------------------------------------------------------

export async function adminRoleId(db: Db): Promise<number | null> {
  const row = await db.selectFrom("roles").select("id").where("name", "=", ADMIN_ROLE).executeTakeFirst();
  return row?.id ?? null;
}

/** Active users holding the Administrator role: not deleted, not blocked. */
export async function activeAdministratorIds(db: Db): Promise<number[]> {
  const rows = await db
    .selectFrom("user_roles")
    .innerJoin("roles", "roles.id", "user_roles.role_id")
    .innerJoin("users", "users.id", "user_roles.user_id")
    .select("users.id")
    .where("roles.name", "=", ADMIN_ROLE)
    .where("users.deleted_at", "is", null)
    .where("users.blocked_at", "is", null)
    .execute();
  return rows.map((r) => Number(r.id));
}

/**
 * Refuses a change after which no active user would hold the Administrator role. `remaining`
 * gets today's active administrators and answers those left after the change.
 */
export async function assertAdministratorRemains(
  db: Db,
  remaining: (current: number[]) => number[],
  message: string,
  field = "id",
): Promise<void> {
  const current = await activeAdministratorIds(db);
  if (current.length === 0) return; // nothing to protect (a database without any administrator)
  if (remaining(current).length === 0) throw new AppError(422, message, { [field]: [message] });
}

// --- locking yourself out ----------------------------------------------------------------------

/** Permission names held through the given roles, with one role's permissions replaced. */
async function permissionsOfRoles(db: Db, roleIds: number[], override?: { roleId: number; permissionIds: number[] }): Promise<Set<string>> {
  const names = new Set<string>();
  const plain = roleIds.filter((id) => id !== override?.roleId);
  if (plain.length) {
    const rows = await db
      .selectFrom("role_permissions")
      .innerJoin("permissions", "permissions.id", "role_permissions.permission_id")
      .select("permissions.name")
      .where("role_permissions.role_id", "in", plain)
      .execute();
    for (const r of rows) names.add(r.name);
  }
  if (override && roleIds.includes(override.roleId) && override.permissionIds.length) {
    const rows = await db.selectFrom("permissions").select("name").where("id", "in", override.permissionIds).execute();
    for (const r of rows) names.add(r.name);
  }
  return names;
}

async function roleIdsOf(db: Db, userId: number): Promise<number[]> {
  const rows = await db.selectFrom("user_roles").select("role_id").where("user_id", "=", userId).execute();
  return rows.map((r) => Number(r.role_id));
}

/**
 * Refuses a change that takes manage-user or manage-role from the acting user. `after` describes
 * the acting user's roles once the change is made (and a role whose permissions change).
 */
export async function assertNoLockout(
  ctx: ServiceContext,
  after: { roleIds: number[]; override?: { roleId: number; permissionIds: number[] } },
  field = "roles",
): Promise<void> {
  const actor = ctx.user;
  if (!actor) return;
  const before = actor.permissions;
  const next = await permissionsOfRoles(ctx.db, after.roleIds, after.override);
  for (const permission of LOCKOUT_PERMISSIONS) {
    if (before.includes(permission) && !next.has(permission))
      throw new AppError(422, SELF.lockout(permission), { [field]: [SELF.lockout(permission)] });
  }
}

// --- hooks' rules, by entity ---------------------------------------------------------------------

/** Checks role ids exist; answers them. */
export async function checkRoleIds(db: Db, ids: number[]): Promise<void> {
  if (!ids.length) return;
  const found = await db.selectFrom("roles").select("id").where("id", "in", ids).execute();
  if (found.length !== ids.length) throw ValidationError.field("roles", "The selected roles are invalid.");
}

/** A user's roles are about to become `roleIds` (user form, REST roles: [ids]). */
export async function checkUserRolesChange(ctx: ServiceContext, userId: number, roleIds: number[]): Promise<void> {
  const adminRole = await adminRoleId(ctx.db);
  if (adminRole != null && !roleIds.includes(adminRole)) {
    await assertAdministratorRemains(ctx.db, (current) => current.filter((id) => id !== userId), LAST_ADMIN.strip, "roles");
  }
  if (ctx.user && ctx.user.id === userId) await assertNoLockout(ctx, { roleIds });
}

/** Users about to be deleted (soft) or blocked. */
export async function checkUsersRemoval(ctx: ServiceContext, ids: number[], how: "delete" | "block"): Promise<void> {
  if (ctx.user && ids.includes(ctx.user.id)) throw new AppError(422, SELF[how], { id: [SELF[how]] });
  await assertAdministratorRemains(ctx.db, (current) => current.filter((id) => !ids.includes(id)), LAST_ADMIN[how]);
}

/** A role's permissions and/or members are about to change. */
export async function checkRoleChange(
  ctx: ServiceContext,
  roleId: number,
  change: { name?: string; permissionIds?: number[]; memberIds?: number[] },
): Promise<void> {
  const role = await ctx.db.selectFrom("roles").select(["id", "name"]).where("id", "=", roleId).executeTakeFirst();
  if (!role) throw notFound("role");
  const isAdminRole = role.name.toLowerCase() === ADMIN_ROLE.toLowerCase();
  if (isAdminRole) {
    if (change.name != null && change.name !== role.name) throw ValidationError.field("name", ADMIN_ROLE_FIXED.rename);
    if (change.permissionIds) {
      // Every permission but the hub's own, which no barangay role holds.
      const all = await ctx.db
        .selectFrom("permissions")
        .select("id")
        .where("name", "not in", [...HUB_PERMISSIONS])
        .execute();
      const given = new Set(change.permissionIds);
      if (all.some((p) => !given.has(Number(p.id)))) throw ValidationError.field("permissions", ADMIN_ROLE_FIXED.permissions);
    }
    if (change.memberIds) {
      const members = change.memberIds;
      await assertAdministratorRemains(ctx.db, (current) => current.filter((id) => members.includes(id)), LAST_ADMIN.strip, "members");
    }
  }
  const actor = ctx.user;
  if (!actor) return;
  const actorRoles = await roleIdsOf(ctx.db, actor.id);
  const holdsNow = actorRoles.includes(roleId);
  const holdsAfter = change.memberIds ? change.memberIds.includes(actor.id) : holdsNow;
  if (!holdsNow && !holdsAfter) return;
  const roleIds = holdsAfter ? [...new Set([...actorRoles, roleId])] : actorRoles.filter((id) => id !== roleId);
  await assertNoLockout(
    ctx,
    { roleIds, override: change.permissionIds ? { roleId, permissionIds: change.permissionIds } : undefined },
    holdsAfter ? "permissions" : "members",
  );
}

/** Roles about to be deleted for good. */
export async function checkRolesRemoval(ctx: ServiceContext, ids: number[]): Promise<void> {
  const roles = await ctx.db.selectFrom("roles").select(["id", "name"]).where("id", "in", ids).execute();
  if (roles.some((r) => r.name.toLowerCase() === ADMIN_ROLE.toLowerCase()))
    throw new AppError(422, ADMIN_ROLE_FIXED.delete, { id: [ADMIN_ROLE_FIXED.delete] });
  const actor = ctx.user;
  if (!actor) return;
  const actorRoles = await roleIdsOf(ctx.db, actor.id);
  if (!actorRoles.some((id) => ids.includes(id))) return;
  await assertNoLockout(ctx, { roleIds: actorRoles.filter((id) => !ids.includes(id)) }, "id");
}

export const BUILT_IN_PERMISSIONS: ReadonlySet<string> = new Set([...seededPermissionNames(), ...HUB_PERMISSIONS]);
export const BUILT_IN_PERMISSION = {
  rename: "A built-in permission cannot be renamed; the portal checks it by name.",
  delete: "A built-in permission cannot be deleted; the portal checks it by name. Take it out of roles instead.",
};

export async function checkPermissionChange(ctx: ServiceContext, id: number, name: string): Promise<void> {
  const row = await ctx.db.selectFrom("permissions").select("name").where("id", "=", id).executeTakeFirst();
  if (row && BUILT_IN_PERMISSIONS.has(row.name) && row.name !== name) throw ValidationError.field("name", BUILT_IN_PERMISSION.rename);
}

export async function checkPermissionsRemoval(ctx: ServiceContext, ids: number[]): Promise<void> {
  const rows = await ctx.db.selectFrom("permissions").select("name").where("id", "in", ids).execute();
  const builtIn = rows.find((r) => BUILT_IN_PERMISSIONS.has(r.name));
  if (builtIn) throw new AppError(422, BUILT_IN_PERMISSION.delete, { id: [BUILT_IN_PERMISSION.delete] });
}

// --- generators and password resets --------------------------------------------------------------

/** Who may ask for generated credentials: anyone who creates or edits accounts or blocks them. */
function mayWriteAccounts(user: ServiceContext["user"]): boolean {
  const entities = ["user", "resident", "non_resident", "organization"];
  return (
    entities.some((e) => can(user, `create-${e}`) || can(user, `update-${e}`) || can(user, `delete-${e}`)) || can(user, "create-blocklist")
  );
}

function slug(text: string | null | undefined): string {
  return (text ?? "")
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "");
}

export const generateUsernameInput = z.object({
  firstname: z.string().trim().max(150).optional().default(""),
  lastname: z.string().trim().max(150).optional().default(""),
});

/** A free username from the name: "juan.delacruz", then "juan.delacruz2", ... (spec §7.3). */
export async function generateUsername(ctx: ServiceContext, raw: unknown): Promise<string> {
  requireActor(ctx);
  if (!mayWriteAccounts(ctx.user)) throw forbidden();
  const parsed = generateUsernameInput.safeParse(raw ?? {});
  if (!parsed.success) throw ValidationError.fromZod(parsed.error);
  const first = slug(parsed.data.firstname);
  const last = slug(parsed.data.lastname);
  if (!first && !last) throw ValidationError.field("firstname", "Type a first name or a last name to generate a username from.");
  let base = [first, last].filter(Boolean).join(".").slice(0, 44);
  if (base.length < 3) base = `${base}.user`.replace(/^\./, "");
  const taken = new Set(
    (
      await ctx.db
        .selectFrom("users")
        .select("username")
        .where(sql<boolean>`lower(username::text) like ${`${base}%`}`)
        .execute()
    ).map((r) => String(r.username).toLowerCase()),
  );
  if (!taken.has(base)) return base;
  for (let n = 2; n < 100_000; n++) {
    const candidate = `${base}${n}`;
    if (!taken.has(candidate)) return candidate;
  }
  throw new AppError(422, "No free username could be made from this name.");
}

export function generatePasswordFor(ctx: ServiceContext): string {
  requireActor(ctx);
  if (!mayWriteAccounts(ctx.user)) throw forbidden();
  return generatePassword();
}

const RESOURCE_FOR_KIND: Record<string, string> = {
  staff: "user",
  resident: "resident",
  non_resident: "non_resident",
  organization: "organization",
};

export const resetPasswordInput = z.object({
  id: z.coerce.number({ error: "The id field is required." }).int().positive("The id field is required."),
  password: z
    .string({ error: "The password must be a string." })
    .max(128, "The password must not be greater than 128 characters.")
    .nullish()
    .transform((v) => (v ? v : null)),
});

/**
 * Sets a new password (the one given, or a generated one answered once), and signs the account
 * out everywhere (spec §7.3 user/reset_password, §6: needs delete- of the account's entity).
 */
export async function resetPassword(ctx: ServiceContext, raw: unknown): Promise<{ id: number; password?: string }> {
  const actor = requireActor(ctx);
  const parsed = resetPasswordInput.safeParse(raw ?? {});
  if (!parsed.success) throw ValidationError.fromZod(parsed.error);
  const { id } = parsed.data;
  const target = await ctx.db.selectFrom("users").select(["id", "kind", "username"]).where("id", "=", id).executeTakeFirst();
  if (!target) throw notFound("user");
  const entity = RESOURCE_FOR_KIND[target.kind];
  if (!can(actor, `delete-${entity}`)) throw forbidden();
  const generated = parsed.data.password == null;
  const password = parsed.data.password ?? generatePassword();
  const problem = passwordProblem(password);
  if (problem) throw ValidationError.field("password", problem);
  const hash = await hashPassword(password);
  await inTransaction(ctx, async (tx) => {
    await tx.db
      .updateTable("users")
      .set({ password_hash: hash, updated_at: sql`now()`, updated_by: actor.id })
      .where("id", "=", id)
      .execute();
    // Everywhere: a reset means the old password may be known to someone else. Resetting your own
    // keeps the session you are using.
    await invalidateUserSessions(tx.db, id, id === actor.id ? (ctx.sessionId ?? undefined) : undefined);
    await audit(tx, { entity: "user", entityId: id, action: "reset_password", after: { generated } });
  });
  return generated ? { id, password } : { id };
}

// --- notifications -------------------------------------------------------------------------------

export async function notificationPreferences(db: Db, userId: number) {
  const row = await db.selectFrom("user_preferences").select("notifications").where("user_id", "=", userId).executeTakeFirst();
  return withDefaults(row?.notifications);
}

/**
 * Notifies a user who has not turned the topic off: a stored notification written with the caller's
 * db (its transaction), pushed by the hub when it commits.
 */
export async function notifyIfWanted(
  db: Db,
  userId: number,
  topic: NotificationTopic,
  event: Omit<NewNotification, "topic">,
): Promise<void> {
  await notify({ db, user: null }, { users: [userId] }, { topic, ...event });
}

// --- the user page ---------------------------------------------------------------------------------

export interface SessionView {
  /** A prefix of the stored session id: enough to name it, never enough to use it. */
  key: string;
  user_agent: string | null;
  device: string;
  ip: string | null;
  created_at: Date;
  last_seen_at: Date;
  current: boolean;
}

const SESSION_KEY_LENGTH = 16;

/** "Chrome on Android" from a user agent, for people who do not read user agents. */
export function describeDevice(userAgent: string | null): string {
  if (!userAgent) return "Unknown device";
  const ua = userAgent;
  const browser = /Edg\//.test(ua)
    ? "Edge"
    : /OPR\/|Opera/.test(ua)
      ? "Opera"
      : /Firefox\//.test(ua)
        ? "Firefox"
        : /Chrome\/|Chromium\//.test(ua)
          ? "Chrome"
          : /Safari\//.test(ua)
            ? "Safari"
            : /node|undici|curl|axios|okhttp|python/i.test(ua)
              ? "A program"
              : "A browser";
  const os = /Android/.test(ua)
    ? "Android"
    : /iPhone|iPad|iPod/.test(ua)
      ? "iOS"
      : /Windows/.test(ua)
        ? "Windows"
        : /Mac OS X|Macintosh/.test(ua)
          ? "macOS"
          : /CrOS/.test(ua)
            ? "ChromeOS"
            : /Linux/.test(ua)
              ? "Linux"
              : null;
  return os ? `${browser} on ${os}` : browser;
}

export async function sessionsOf(db: Db, userId: number, currentSessionId?: string | null): Promise<SessionView[]> {
  const rows = await db
    .selectFrom("sessions")
    .select(["id", "user_agent", "ip", "created_at", "last_seen_at"])
    .where("user_id", "=", userId)
    .where("expires_at", ">", new Date())
    .orderBy("last_seen_at", "desc")
    .execute();
  return rows.map((r) => ({
    key: r.id.slice(0, SESSION_KEY_LENGTH),
    user_agent: r.user_agent,
    device: describeDevice(r.user_agent),
    ip: r.ip,
    created_at: r.created_at,
    last_seen_at: r.last_seen_at,
    current: r.id === currentSessionId,
  }));
}

/** Ends one session of a user, named by its key; yours, or anyone's with update-user. */
export async function endSession(ctx: ServiceContext, userId: number, key: string): Promise<void> {
  const actor = requireActor(ctx);
  if (actor.id !== userId && !can(actor, "update-user")) throw forbidden();
  if (!/^[0-9a-f]{16}$/.test(key)) throw notFound("session");
  await inTransaction(ctx, async (tx) => {
    const rows = await tx.db
      .deleteFrom("sessions")
      .where("user_id", "=", userId)
      .where(sql<boolean>`left(id, ${SESSION_KEY_LENGTH}) = ${key}`)
      .returning("id")
      .execute();
    if (!rows.length) throw notFound("session");
    await audit(tx, { entity: "user", entityId: userId, action: "sign_out_session" });
  });
}

export interface AuditView {
  id: number;
  at: Date;
  entity: string;
  entity_id: string | null;
  action: string;
  by: { id: number; fullname: string } | null;
  ip: string | null;
  changed: string[];
  /** The record the row is about, as people know it (its OR number, a person's name). */
  subject: AuditSubject | null;
}

/** What a user did and what was done to their account, newest first. */
export async function auditTrailOf(ctx: ServiceContext, userId: number, limit = 25): Promise<AuditView[]> {
  const rows = await ctx.db
    .selectFrom("audit_log as a")
    .leftJoin("user_profiles as p", "p.user_id", "a.user_id")
    .select(["a.id", "a.at", "a.entity", "a.entity_id", "a.action", "a.ip", "a.after", "a.user_id", fullNameOf("p").as("fullname")])
    .where((eb) =>
      eb.or([eb("a.user_id", "=", userId), eb.and([eb("a.entity", "in", ["user", "blocklist"]), eb("a.entity_id", "=", String(userId))])]),
    )
    .orderBy("a.at", "desc")
    .orderBy("a.id", "desc")
    .limit(limit)
    .execute();
  const subjects = await auditSubjects(ctx, rows);
  return rows.map((r, i) => ({
    id: Number(r.id),
    at: r.at,
    entity: r.entity,
    entity_id: r.entity_id,
    action: r.action,
    ip: r.ip,
    by: r.user_id == null ? null : { id: Number(r.user_id), fullname: r.fullname ?? "Unknown" },
    changed: r.after && typeof r.after === "object" && !Array.isArray(r.after) ? Object.keys(r.after as object).slice(0, 8) : [],
    subject: subjects[i],
  }));
}

export interface UserDetail {
  user: {
    id: number;
    kind: string;
    username: string | null;
    email: string | null;
    status: "Active" | "Blocked" | "Trashed";
    new_user: boolean;
    last_sign_in_at: Date | null;
    blocked_at: Date | null;
    blocked_reason: string | null;
    blocked_by: { id: number; fullname: string } | null;
    created_at: Date;
    updated_at: Date;
    deleted_at: Date | null;
    user_profile: {
      firstname: string;
      middlename: string | null;
      lastname: string | null;
      suffix: string | null;
      fullname: string;
      image: string;
      hex_color: string | null;
    };
  };
  roles: { id: number; name: string; description: string | null }[];
  /** Effective permissions grouped by entity, each with the roles that grant it. */
  /** Each with its entity in the reader's language (the user page groups them by it). */
  permissions: { name: string; via: string[]; entity_label: string }[];
  sessions: SessionView[];
  audit: AuditView[];
}

/** The user page (/system/users/{id}, /system/blocklist/{id}): needs manage- or view-user. */
export async function userDetail(ctx: ServiceContext, id: number, opts: { gate?: "user" | "blocklist" } = {}): Promise<UserDetail> {
  const actor = requireActor(ctx);
  const gate = opts.gate ?? "user";
  if (!can(actor, `manage-${gate}`) && !can(actor, `view-${gate}`)) throw forbidden();
  const row = await ctx.db
    .selectFrom("users as u")
    .innerJoin("user_profiles as p", "p.user_id", "u.id")
    .leftJoin("user_profiles as bp", "bp.user_id", "u.blocked_by")
    .select([
      "u.id",
      "u.kind",
      "u.username",
      "u.email",
      "u.new_user",
      "u.last_sign_in_at",
      "u.blocked_at",
      "u.blocked_by",
      "u.blocked_reason",
      "u.created_at",
      "u.updated_at",
      "u.deleted_at",
      "p.firstname",
      "p.middlename",
      "p.lastname",
      "p.suffix",
      "p.image",
      "p.hex_color",
      fullNameOf("bp").as("blocked_by_name"),
    ])
    .where("u.id", "=", id)
    .executeTakeFirst();
  if (!row || (gate === "user" && row.kind !== "staff") || (gate === "blocklist" && !row.blocked_at))
    throw notFound(gate === "blocklist" ? "blocklist entry" : "user");
  const roles = await ctx.db
    .selectFrom("user_roles")
    .innerJoin("roles", "roles.id", "user_roles.role_id")
    .select(["roles.id", "roles.name", "roles.description"])
    .where("user_roles.user_id", "=", id)
    .orderBy("roles.name")
    .execute();
  const grants = await ctx.db
    .selectFrom("user_roles")
    .innerJoin("role_permissions", "role_permissions.role_id", "user_roles.role_id")
    .innerJoin("permissions", "permissions.id", "role_permissions.permission_id")
    .innerJoin("roles", "roles.id", "user_roles.role_id")
    .select(["permissions.name as permission", "roles.name as role"])
    .where("user_roles.user_id", "=", id)
    .execute();
  const via = new Map<string, string[]>();
  for (const g of grants) via.set(g.permission, [...(via.get(g.permission) ?? []), g.role].sort());
  const fullname = [row.firstname, row.middlename, row.lastname, row.suffix].filter((s) => s && String(s).trim()).join(" ");
  return {
    user: {
      id: Number(row.id),
      kind: row.kind,
      username: row.username,
      email: row.email,
      status: row.deleted_at ? "Trashed" : row.blocked_at ? "Blocked" : "Active",
      new_user: row.new_user,
      last_sign_in_at: row.last_sign_in_at,
      blocked_at: row.blocked_at,
      blocked_reason: row.blocked_reason,
      blocked_by: row.blocked_by == null ? null : { id: Number(row.blocked_by), fullname: row.blocked_by_name ?? "Unknown" },
      created_at: row.created_at,
      updated_at: row.updated_at,
      deleted_at: row.deleted_at,
      user_profile: {
        firstname: row.firstname,
        middlename: row.middlename,
        lastname: row.lastname,
        suffix: row.suffix,
        fullname,
        image: row.image ?? "/default_avatar.png",
        hex_color: row.hex_color,
      },
    },
    roles: roles.map((r) => ({ id: Number(r.id), name: r.name, description: r.description })),
    permissions: [...via.entries()]
      .map(([name, roleNames]) => ({ name, via: roleNames, entity_label: permissionEntityLabel(splitPermission(name).entity) }))
      .sort((a, b) => permissionOrder(a.name, b.name)),
    sessions: await sessionsOf(ctx.db, id, ctx.sessionId),
    audit: await auditTrailOf(ctx, id),
  };
}

/** Entity first, then the order of ACTIONS (manage, view, create, update, delete, restore). */
export function permissionOrder(a: string, b: string): number {
  const [aa, ...ae] = a.split("-");
  const [ba, ...be] = b.split("-");
  const entity = ae.join("-").localeCompare(be.join("-"));
  if (entity !== 0) return entity;
  const rank = (action: string) => {
    const i = (ACTIONS as readonly string[]).indexOf(action);
    return i < 0 ? ACTIONS.length : i;
  };
  return rank(aa) - rank(ba) || aa.localeCompare(ba);
}

/** Ends every session of an account (the user page's "Sign out everywhere"); needs update-user. */
export async function endAllSessions(ctx: ServiceContext, userId: number): Promise<number> {
  const actor = requireActor(ctx);
  if (!can(actor, "update-user")) throw forbidden();
  return inTransaction(ctx, async (tx) => {
    let q = tx.db.deleteFrom("sessions").where("user_id", "=", userId);
    // Your own current session stays: use "Sign out" in the menu for that.
    if (userId === actor.id && ctx.sessionId) q = q.where("id", "<>", ctx.sessionId);
    const rows = await q.returning("id").execute();
    await audit(tx, { entity: "user", entityId: userId, action: "sign_out_session", after: { sessions: rows.length } });
    return rows.length;
  });
}
