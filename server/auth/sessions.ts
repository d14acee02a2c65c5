import { encodeBase32LowerCaseNoPadding } from "@oslojs/encoding";
import { createHash } from "node:crypto";
import { sql } from "kysely";
import type { DB } from "../../db/index.ts";
import { inBarangay, inScope } from "../../db/tenant.ts";
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
  // Node's native hash: the JavaScript SHA-256 of @oslojs was 1 % of a request's CPU.
  return createHash("sha256").update(token, "utf8").digest("hex");
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

/**
 * The signed-in user's columns, roles and permission names, as one select over `users` (alias u)
 * and `user_profiles` (alias p): the roles and the permissions are correlated subqueries, so a
 * check costs one round trip (decision 172). The HTTP app keeps its result per process for a
 * short while (server/auth/session-cache.ts, decision 173), dropped by the database's notification.
 */
const authUserColumns = sql`u.id, u.barangay_id, u.username, u.email, u.kind, u.new_user, u.last_sign_in_at,
  coalesce(u.language, (select b.default_language from barangays b where b.id = u.barangay_id), 'en') as language,
  p.firstname, p.middlename, p.lastname, p.suffix, p.image, p.hex_color,
  coalesce((select jsonb_agg(jsonb_build_object('id', r.id, 'name', r.name) order by r.name, r.id)
    from user_roles ur join roles r on r.id = ur.role_id where ur.user_id = u.id), '[]'::jsonb) as roles,
  coalesce((select jsonb_agg(distinct pm.name)
    from user_roles ur join role_permissions rp on rp.role_id = ur.role_id join permissions pm on pm.id = rp.permission_id
    where ur.user_id = u.id), '[]'::jsonb) as permissions`;

interface AuthUserRow {
  id: number | string;
  barangay_id: number | string;
  username: string | null;
  email: string | null;
  kind: string;
  new_user: boolean;
  last_sign_in_at: Date | string | null;
  language: string;
  firstname: string | null;
  middlename: string | null;
  lastname: string | null;
  suffix: string | null;
  image: string | null;
  hex_color: string | null;
  roles: { id: number | string; name: string }[] | string;
  permissions: string[] | string;
}

const fromJson = <T>(value: T | string): T => (typeof value === "string" ? (JSON.parse(value) as T) : value);
const asDate = (value: Date | string | null): Date | null => (value == null ? null : value instanceof Date ? value : new Date(value));

function authUserFromRow(user: AuthUserRow): AuthUser {
  const profile = {
    firstname: user.firstname ?? user.username ?? "",
    middlename: user.middlename ?? null,
    lastname: user.lastname ?? null,
    suffix: user.suffix ?? null,
  };
  return {
    id: Number(user.id),
    barangayId: Number(user.barangay_id),
    username: user.username,
    email: user.email,
    kind: user.kind,
    new_user: user.new_user,
    last_sign_in_at: asDate(user.last_sign_in_at),
    language: user.language === "fil" ? "fil" : "en",
    user_profile: {
      ...profile,
      fullname: fullName(profile),
      image: user.image ?? "/default_avatar.png",
      hex_color: user.hex_color ?? null,
    },
    roles: fromJson(user.roles).map((r) => ({ id: Number(r.id), name: r.name })),
    permissions: [...fromJson(user.permissions)].sort(),
  };
}

/**
 * Checks a cookie token; expired, blocked or deleted users' sessions are refused and removed.
 * One query reads the session with its user, roles and permissions.
 */
export async function validateSessionToken(db: DB, token: string): Promise<ValidatedSession | null> {
  if (!/^[a-z2-7]{32}$/.test(token)) return null;
  const id = sessionIdFromToken(token);
  // Read as portal_auth, which reads the accounts of every barangay: the session names the
  // barangay the rest of the request works in (docs/decisions/209). A suspended barangay's sessions end.
  const row = await inScope({ kind: "auth" }, async () =>
    (
      await sql<AuthUserRow & { expires_at: Date | string; last_seen_at: Date | string; blocked_at: unknown; deleted_at: unknown; suspended: boolean }>`
        select s.expires_at, s.last_seen_at, u.blocked_at, u.deleted_at, b.status = 'suspended' as suspended, ${authUserColumns}
        from sessions s
        join users u on u.id = s.user_id
        join barangays b on b.id = u.barangay_id
        left join user_profiles p on p.user_id = u.id
        where s.id = ${id}
      `.execute(db)
    ).rows[0],
  );
  if (!row) return null;
  return inBarangay(Number(row.barangay_id), async () => {
    const now = Date.now();
    const expiresAt = asDate(row.expires_at)!;
    if (expiresAt.getTime() <= now || row.blocked_at || row.deleted_at || row.suspended) {
      await db.deleteFrom("sessions").where("id", "=", id).execute();
      return null;
    }
    const user = authUserFromRow(row);
    const session: SessionInfo = { id, userId: user.id, expiresAt };
    let renewed = false;
    if (expiresAt.getTime() - now < (SESSION_DAYS / 2) * DAY_MS) {
      session.expiresAt = new Date(now + SESSION_DAYS * DAY_MS);
      renewed = true;
      await db.updateTable("sessions").set({ expires_at: session.expiresAt, last_seen_at: new Date() }).where("id", "=", id).execute();
    } else if (now - asDate(row.last_seen_at)!.getTime() > TOUCH_EVERY_MS) {
      await db.updateTable("sessions").set({ last_seen_at: new Date() }).where("id", "=", id).execute();
    }
    return { session, user, renewed };
  });
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

/** The user with profile, roles and permission names, read fresh (one query). */
export async function loadAuthUser(db: ServiceContext["db"], userId: number): Promise<AuthUser | null> {
  const row = (
    await sql<AuthUserRow>`
      select ${authUserColumns}
      from users u
      left join user_profiles p on p.user_id = u.id
      where u.id = ${userId} and u.deleted_at is null
    `.execute(db)
  ).rows[0];
  return row ? authUserFromRow(row) : null;
}
