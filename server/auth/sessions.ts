import { sha256 } from "@oslojs/crypto/sha2";
import { encodeBase32LowerCaseNoPadding, encodeHexLowerCase } from "@oslojs/encoding";
import { sql } from "kysely";
import type { DB } from "../../db/index.ts";
import type { AuthUser, ServiceContext } from "../context.ts";

// Sessions as in the Lucia guide (DESIGN §1, §6): a 20-byte random token in the cookie, its
// SHA-256 stored; 30-day expiry that slides forward when half of it is used.

export const SESSION_COOKIE = "portal_session";
export const SESSION_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;
const TOUCH_EVERY_MS = 60 * 1000;

export function generateSessionToken(): string {
  const bytes = new Uint8Array(20);
  crypto.getRandomValues(bytes);
  return encodeBase32LowerCaseNoPadding(bytes);
}

export function sessionIdFromToken(token: string): string {
  return encodeHexLowerCase(sha256(new TextEncoder().encode(token)));
}

export interface SessionInfo {
  id: string;
  userId: number;
  expiresAt: Date;
}

export async function createSession(
  db: ServiceContext["db"],
  userId: number,
  meta: { ip?: string | null; userAgent?: string | null } = {},
): Promise<{ token: string; session: SessionInfo }> {
  const token = generateSessionToken();
  const session = { id: sessionIdFromToken(token), userId, expiresAt: new Date(Date.now() + SESSION_DAYS * DAY_MS) };
  await db
    .insertInto("sessions")
    .values({
      id: session.id,
      user_id: userId,
      expires_at: session.expiresAt,
      ip: meta.ip ?? null,
      user_agent: meta.userAgent?.slice(0, 500) ?? null,
    })
    .execute();
  return { token, session };
}

export interface ValidatedSession {
  session: SessionInfo;
  user: AuthUser;
  /** True when the expiry moved forward and the cookie must be sent again. */
  renewed: boolean;
}

/** Checks a cookie token; expired, blocked or deleted users' sessions are refused and removed. */
export async function validateSessionToken(db: DB, token: string): Promise<ValidatedSession | null> {
  if (!/^[a-z2-7]{32}$/.test(token)) return null;
  const id = sessionIdFromToken(token);
  const row = await db
    .selectFrom("sessions")
    .innerJoin("users", "users.id", "sessions.user_id")
    .select(["sessions.id", "sessions.user_id", "sessions.expires_at", "sessions.last_seen_at", "users.blocked_at", "users.deleted_at"])
    .where("sessions.id", "=", id)
    .executeTakeFirst();
  if (!row) return null;
  const now = Date.now();
  if (row.expires_at.getTime() <= now || row.blocked_at || row.deleted_at) {
    await db.deleteFrom("sessions").where("id", "=", id).execute();
    return null;
  }
  const user = await loadAuthUser(db, row.user_id);
  if (!user) return null;
  const session: SessionInfo = { id, userId: row.user_id, expiresAt: row.expires_at };
  let renewed = false;
  if (row.expires_at.getTime() - now < (SESSION_DAYS / 2) * DAY_MS) {
    session.expiresAt = new Date(now + SESSION_DAYS * DAY_MS);
    renewed = true;
    await db.updateTable("sessions").set({ expires_at: session.expiresAt, last_seen_at: new Date() }).where("id", "=", id).execute();
  } else if (now - new Date(row.last_seen_at).getTime() > TOUCH_EVERY_MS) {
    await db.updateTable("sessions").set({ last_seen_at: new Date() }).where("id", "=", id).execute();
  }
  return { session, user, renewed };
}

export async function invalidateSession(db: ServiceContext["db"], sessionId: string): Promise<void> {
  await db.deleteFrom("sessions").where("id", "=", sessionId).execute();
}

export async function invalidateUserSessions(db: ServiceContext["db"], userId: number, exceptSessionId?: string): Promise<void> {
  let q = db.deleteFrom("sessions").where("user_id", "=", userId);
  if (exceptSessionId) q = q.where("id", "<>", exceptSessionId);
  await q.execute();
}

export function fullName(p: { firstname: string; middlename?: string | null; lastname?: string | null; suffix?: string | null }): string {
  return [p.firstname, p.middlename, p.lastname, p.suffix].filter((s) => s && s.trim()).join(" ");
}

/** The user with profile, roles and permission names, read fresh on every request. */
export async function loadAuthUser(db: ServiceContext["db"], userId: number): Promise<AuthUser | null> {
  const user = await db
    .selectFrom("users")
    .leftJoin("user_profiles", "user_profiles.user_id", "users.id")
    .select([
      "users.id",
      "users.username",
      "users.email",
      "users.kind",
      "users.new_user",
      "users.last_sign_in_at",
      "user_profiles.firstname",
      "user_profiles.middlename",
      "user_profiles.lastname",
      "user_profiles.suffix",
      "user_profiles.image",
      "user_profiles.hex_color",
    ])
    .where("users.id", "=", userId)
    .where("users.deleted_at", "is", null)
    .executeTakeFirst();
  if (!user) return null;
  const roles = await db
    .selectFrom("user_roles")
    .innerJoin("roles", "roles.id", "user_roles.role_id")
    .select(["roles.id", "roles.name"])
    .where("user_roles.user_id", "=", userId)
    .orderBy("roles.name")
    .execute();
  const permissions = await db
    .selectFrom("user_roles")
    .innerJoin("role_permissions", "role_permissions.role_id", "user_roles.role_id")
    .innerJoin("permissions", "permissions.id", "role_permissions.permission_id")
    .select(sql<string>`distinct permissions.name`.as("name"))
    .where("user_roles.user_id", "=", userId)
    .execute();
  const profile = {
    firstname: user.firstname ?? user.username ?? "",
    middlename: user.middlename ?? null,
    lastname: user.lastname ?? null,
    suffix: user.suffix ?? null,
  };
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    kind: user.kind,
    new_user: user.new_user,
    last_sign_in_at: user.last_sign_in_at,
    user_profile: {
      ...profile,
      fullname: fullName(profile),
      image: user.image ?? "/default_avatar.png",
      hex_color: user.hex_color ?? null,
    },
    roles,
    permissions: permissions.map((p) => p.name).sort(),
  };
}
