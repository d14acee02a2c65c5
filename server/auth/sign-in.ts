import { sql } from "kysely";
import { z } from "zod";
import type { DB } from "../../db/index.ts";
import { inBarangay, inScope } from "../../db/tenant.ts";
import type { AuthUser, ServiceContext } from "../context.ts";
import { AppError, ValidationError, tooManyAttempts } from "../errors.ts";
import { verifyPassword } from "./passwords.ts";
import { createSession, invalidateSession, loadAuthUser } from "./sessions.ts";
import { clearFailures, loginKeys, recordFailure, throttledFor } from "./throttle.ts";
import { audit } from "../engine/audit.ts";

export const CREDENTIALS_MISMATCH = "These credentials do not match our records.";
export const ACCOUNT_BLOCKED = "Your account has been blocked. Please contact the barangay administrator.";
export const BARANGAY_SUSPENDED = "This barangay's portal has been suspended. Please contact the hub administrator.";

export const loginSchema = z.object({
  username: z
    .string({ error: "The username field is required." })
    .trim()
    .min(1, "The username field is required.")
    .max(255, "The username must not be greater than 255 characters."),
  password: z
    .string({ error: "The password field is required." })
    .min(1, "The password field is required.")
    .max(1024, "The password must not be greater than 1024 characters."),
});
export type LoginInput = z.infer<typeof loginSchema>;

export interface LoginResult {
  token: string;
  expiresAt: Date;
  user: AuthUser;
}

/** Signs in by username or e-mail (spec §7.1). */
export async function login(
  // previousSessionId: the session the browser held when it signed in; it ends (decision 074).
  ctx: { db: DB; ip?: string | null; userAgent?: string | null; previousSessionId?: string | null },
  raw: unknown,
): Promise<LoginResult> {
  const parsed = loginSchema.safeParse(raw);
  if (!parsed.success) throw ValidationError.fromZod(parsed.error);
  const { username, password } = parsed.data;

  // Read as portal_auth: the account may be any barangay's; its barangay is the one it then works in (decision 209).
  const user = await inScope({ kind: "auth" }, () =>
    ctx.db
      .selectFrom("users")
      .innerJoin("barangays", "barangays.id", "users.barangay_id")
      .select(["users.id", "users.password_hash", "users.blocked_at", "users.barangay_id", "barangays.status as barangay_status"])
      .where((eb) => eb.or([eb("users.username", "=", username), eb("users.email", "=", username)]))
      .where("users.deleted_at", "is", null)
      .executeTakeFirst(),
  );

  // Counted per account (its username and e-mail alike) and per address, in the database.
  const keys = loginKeys(user?.id ?? null, username, ctx.ip);
  const wait = await throttledFor(ctx.db, keys);
  if (wait > 0) throw tooManyAttempts(wait);

  const ok = await verifyPassword(user?.password_hash ?? null, password);
  if (!user || !ok) {
    await recordFailure(ctx.db, keys);
    throw ValidationError.field("username", CREDENTIALS_MISMATCH);
  }
  if (user.blocked_at) throw new AppError(403, ACCOUNT_BLOCKED, { username: [ACCOUNT_BLOCKED] });
  if (user.barangay_status === "suspended") throw new AppError(403, BARANGAY_SUSPENDED, { username: [BARANGAY_SUSPENDED] });
  await clearFailures(ctx.db, keys[0].key);

  return inBarangay(user.barangay_id, () => signIn(ctx, user.id));
}

/** The session of a user whose password matched, in the user's barangay. */
function signIn(ctx: { db: DB; ip?: string | null; userAgent?: string | null; previousSessionId?: string | null }, userId: number) {
  return ctx.db.transaction().execute(async (trx) => {
    if (ctx.previousSessionId) await invalidateSession(trx, ctx.previousSessionId);
    const { token, session } = await createSession(trx, userId, { ip: ctx.ip, userAgent: ctx.userAgent });
    await trx
      .updateTable("users")
      .set({ last_sign_in_at: sql`now()` })
      .where("id", "=", userId)
      .execute();
    const authUser = (await loadAuthUser(trx, userId))!;
    await audit({ db: trx, user: authUser, ip: ctx.ip }, { entity: "user", entityId: userId, action: "login" });
    return { token, expiresAt: session.expiresAt, user: authUser };
  });
}

export async function logout(ctx: ServiceContext): Promise<void> {
  if (!ctx.sessionId) return;
  await ctx.db.transaction().execute(async (trx) => {
    await invalidateSession(trx, ctx.sessionId!);
    if (ctx.user) await audit({ ...ctx, db: trx }, { entity: "user", entityId: ctx.user.id, action: "logout" });
  });
}

/** Clears the first-sign-in flag once the user has seen the welcome message (spec §2.2). */
export async function acknowledgeWelcome(ctx: ServiceContext): Promise<void> {
  if (!ctx.user) return;
  await ctx.db.updateTable("users").set({ new_user: false }).where("id", "=", ctx.user.id).execute();
}
