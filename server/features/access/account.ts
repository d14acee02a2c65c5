import { sql } from "kysely";
import { z } from "zod";
import { emailSchema, nameParts, PASSWORD_MAX, usernameSchema } from "../../../domain/registry/access.ts";
import { NOTIFICATION_TOPIC_KEYS, withDefaults, type NotificationPreferences } from "../../../domain/notification-topics.ts";
import type { ServiceContext } from "../../context.ts";
import { m } from "../../../domain/i18n/index.ts";
import { tooManyAttempts, unauthenticated, ValidationError } from "../../errors.ts";
import { hashPassword, passwordProblem, verifyPassword } from "../../auth/passwords.ts";
import { invalidateUserSessions, loadAuthUser } from "../../auth/sessions.ts";
import { ACCOUNT_MAX_ATTEMPTS, clearFailures, recordFailure, throttledFor } from "../../auth/throttle.ts";
import { inTransaction } from "../../engine/transaction.ts";
import { audit } from "../../engine/audit.ts";
import { endSession, notificationPreferences, sessionsOf } from "./access.ts";
import { preparePhoto } from "../people/residents.ts";

// System settings of the signed-in user (spec §2.1 /system/settings, §7.3 settings):
// account, identity, password, notifications and sessions. Everyone may use them for themselves.

export const MSG_ACCOUNT = "Successfully updated.";
export const MSG_IDENTITY = "Successfully updated identity information.";
export const MSG_PASSWORD = "Successfully updated password.";
export const MSG_NOTIFICATIONS = "Successfully updated.";
/** Said in the language just chosen (the page that follows is read in it), on every transport. */
export const MSG_LANGUAGE = (language: "en" | "fil") => m.shell_language_saved({}, { locale: language });
export const MSG_SIGNED_OUT_OTHERS = (n: number) => (n === 1 ? "Signed out 1 other session." : `Signed out ${n} other sessions.`);

function me(ctx: ServiceContext) {
  if (!ctx.user) throw unauthenticated();
  return ctx.user;
}

/** Your name, colour and photo as the identity form shows them (null without a profile). */
export async function myIdentity(ctx: ServiceContext) {
  const user = me(ctx);
  const row = await ctx.db
    .selectFrom("user_profiles")
    .select(["firstname", "middlename", "lastname", "suffix", "hex_color", "image"])
    .where("user_id", "=", user.id)
    .executeTakeFirst();
  return row ?? null;
}

export const accountInput = z.object({ username: usernameSchema, email: emailSchema });

/** POST /settings/account: the username and e-mail you sign in with. */
export async function updateAccount(ctx: ServiceContext, raw: unknown) {
  const user = me(ctx);
  const parsed = accountInput.safeParse(raw ?? {});
  if (!parsed.success) throw ValidationError.fromZod(parsed.error);
  const { username, email } = parsed.data;
  return inTransaction(ctx, async (tx) => {
    const errors: Record<string, string[]> = {};
    for (const [column, value] of [
      ["username", username],
      ["email", email],
    ] as const) {
      if (!value) continue;
      const taken = await tx.db.selectFrom("users").select("id").where(column, "=", value).where("id", "<>", user.id).executeTakeFirst();
      if (taken) errors[column] = [`The ${column} has already been taken.`];
    }
    if (Object.keys(errors).length) throw new ValidationError(errors);
    const before = await tx.db.selectFrom("users").select(["username", "email"]).where("id", "=", user.id).executeTakeFirstOrThrow();
    await tx.db
      .updateTable("users")
      .set({ username, email, updated_at: sql`now()`, updated_by: user.id })
      .where("id", "=", user.id)
      .execute();
    await audit(tx, { entity: "user", entityId: user.id, action: "update_account", before, after: { username, email } });
    return (await loadAuthUser(tx.db, user.id))!;
  });
}

export const languageInput = z.object({
  // "" is "my barangay's language" (null: the barangay's default_language follows its changes).
  language: z.enum(["", "en", "fil"], { error: "The selected language is invalid." }).transform((v) => (v === "" ? null : v)),
});

/**
 * POST /settings/language: the language you read the portal in (issue 33 item 4, docs/decisions/219),
 * or your barangay's by leaving it unset. Your sessions read it on their next request (the session
 * cache is dropped by the users table's notification).
 */
export async function updateLanguage(ctx: ServiceContext, raw: unknown) {
  const user = me(ctx);
  const parsed = languageInput.safeParse(raw ?? {});
  if (!parsed.success) throw ValidationError.fromZod(parsed.error);
  return inTransaction(ctx, async (tx) => {
    const before = await tx.db.selectFrom("users").select("language").where("id", "=", user.id).executeTakeFirstOrThrow();
    await tx.db
      .updateTable("users")
      .set({ language: parsed.data.language, updated_at: sql`now()`, updated_by: user.id })
      .where("id", "=", user.id)
      .execute();
    await audit(tx, { entity: "user", entityId: user.id, action: "update_language", before, after: parsed.data });
    return (await loadAuthUser(tx.db, user.id))!;
  });
}

/** Your own language setting as the form shows it: "" when you follow your barangay's. */
export async function myLanguage(ctx: ServiceContext): Promise<{ language: "" | "en" | "fil"; barangayDefault: "en" | "fil" }> {
  const user = me(ctx);
  const row = await ctx.db
    .selectFrom("users")
    .innerJoin("barangays", "barangays.id", "users.barangay_id")
    .select(["users.language", "barangays.default_language"])
    .where("users.id", "=", user.id)
    .executeTakeFirstOrThrow();
  return { language: row.language ?? "", barangayDefault: row.default_language };
}

const HEX_COLOR = /^#[0-9a-fA-F]{6}$/;

export const identityInput = nameParts.extend({
  hex_color: z
    .string()
    .trim()
    .nullish()
    .transform((v) => (v === undefined ? undefined : v || null))
    .refine((v) => v == null || HEX_COLOR.test(v), "The colour must be a hex colour such as #eab308."),
});

/** Accepts the fields flat ({firstname, ...}) or nested under user_profile, as user forms send them. */
function flatten(raw: unknown): unknown {
  if (raw && typeof raw === "object" && "user_profile" in raw && typeof (raw as { user_profile: unknown }).user_profile === "object") {
    return { ...(raw as { user_profile: object }).user_profile, ...raw };
  }
  return raw;
}

/** POST /settings/identity: your name as printed and shown ("Successfully updated identity information."). */
export async function updateIdentity(ctx: ServiceContext, raw: unknown) {
  const user = me(ctx);
  const parsed = identityInput.safeParse(flatten(raw) ?? {});
  if (!parsed.success) throw ValidationError.fromZod(parsed.error);
  const { hex_color, ...names } = parsed.data;
  return inTransaction(ctx, async (tx) => {
    const before = await tx.db
      .selectFrom("user_profiles")
      .select(["firstname", "middlename", "lastname", "suffix", "hex_color"])
      .where("user_id", "=", user.id)
      .executeTakeFirst();
    const set = { ...names, ...(hex_color !== undefined ? { hex_color } : {}), updated_at: sql<Date>`now()` };
    if (before) await tx.db.updateTable("user_profiles").set(set).where("user_id", "=", user.id).execute();
    else
      await tx.db
        .insertInto("user_profiles")
        .values({ user_id: user.id, ...names, hex_color: hex_color ?? null })
        .execute();
    await audit(tx, { entity: "user", entityId: user.id, action: "update_identity", before, after: parsed.data });
    return (await loadAuthUser(tx.db, user.id))!;
  });
}

export const passwordInput = z
  .object({
    current_password: z
      .string({ error: "The current password field is required." })
      .min(1, "The current password field is required.")
      .max(1024),
    password: z
      .string({ error: "The password field is required." })
      .min(1, "The password field is required.")
      .max(PASSWORD_MAX, `The password must not be greater than ${PASSWORD_MAX} characters.`),
    password_confirmation: z.string().max(1024).optional(),
  })
  .superRefine((v, issue) => {
    const problem = passwordProblem(v.password);
    if (problem) issue.addIssue({ code: "custom", path: ["password"], message: problem });
    if (v.password_confirmation !== undefined && v.password_confirmation !== v.password)
      issue.addIssue({ code: "custom", path: ["password_confirmation"], message: "The password confirmation does not match." });
  });

/**
 * POST /settings/password: needs the current password; every other session of yours ends
 * (DESIGN §6: revoked on password change).
 */
export async function updatePassword(ctx: ServiceContext, raw: unknown): Promise<{ signedOut: number }> {
  const user = me(ctx);
  const parsed = passwordInput.safeParse(raw ?? {});
  if (!parsed.success) throw ValidationError.fromZod(parsed.error);
  const row = await ctx.db.selectFrom("users").select("password_hash").where("id", "=", user.id).executeTakeFirstOrThrow();
  // The current-password check is throttled like sign-in, so it cannot be used to guess the password.
  const keys = [{ key: `password:${user.id}`, max: ACCOUNT_MAX_ATTEMPTS }];
  const wait = await throttledFor(ctx.db, keys);
  if (wait > 0) throw tooManyAttempts(wait);
  if (!(await verifyPassword(row.password_hash, parsed.data.current_password))) {
    await recordFailure(ctx.db, keys);
    throw ValidationError.field("current_password", "The current password is incorrect.");
  }
  await clearFailures(ctx.db, keys[0].key);
  if (parsed.data.current_password === parsed.data.password)
    throw ValidationError.field("password", "The new password must be different from the current password.");
  const hash = await hashPassword(parsed.data.password);
  return inTransaction(ctx, async (tx) => {
    await tx.db
      .updateTable("users")
      .set({ password_hash: hash, new_user: false, updated_at: sql`now()`, updated_by: user.id })
      .where("id", "=", user.id)
      .execute();
    const others = await tx.db
      .selectFrom("sessions")
      .select(sql<number>`count(*)::int`.as("n"))
      .where("user_id", "=", user.id)
      .where("id", "<>", ctx.sessionId ?? "")
      .executeTakeFirstOrThrow();
    await invalidateUserSessions(tx.db, user.id, ctx.sessionId ?? undefined);
    await audit(tx, { entity: "user", entityId: user.id, action: "update_password" });
    return { signedOut: others.n };
  });
}

export function myNotificationPreferences(ctx: ServiceContext): Promise<NotificationPreferences> {
  return notificationPreferences(ctx.db, me(ctx).id);
}

const topicValue = z.preprocess(
  (v) => (Array.isArray(v) ? v[v.length - 1] : v),
  z
    .union([z.boolean(), z.enum(["on", "off", "true", "false", "1", "0"])])
    .transform((v) => v === true || v === "on" || v === "true" || v === "1"),
);

/** Which realtime notifications you want; topics left out of the body are off (a form's unticked boxes). */
export const notificationsInput = z
  .object(
    Object.fromEntries(NOTIFICATION_TOPIC_KEYS.map((k) => [k, topicValue.optional()])) as Record<string, z.ZodOptional<typeof topicValue>>,
  )
  .transform((v) => Object.fromEntries(NOTIFICATION_TOPIC_KEYS.map((k) => [k, v[k] === true])) as NotificationPreferences);

export async function updateNotificationPreferences(ctx: ServiceContext, raw: unknown): Promise<NotificationPreferences> {
  const user = me(ctx);
  const body = raw && typeof raw === "object" && "notifications" in raw ? (raw as { notifications: unknown }).notifications : raw;
  const parsed = notificationsInput.safeParse(body ?? {});
  if (!parsed.success) throw ValidationError.fromZod(parsed.error);
  const value = JSON.stringify(parsed.data);
  await inTransaction(ctx, async (tx) => {
    await tx.db
      .insertInto("user_preferences")
      .values({ user_id: user.id, notifications: value })
      .onConflict((oc) => oc.column("user_id").doUpdateSet({ notifications: value, updated_at: new Date() }))
      .execute();
    await audit(tx, { entity: "user", entityId: user.id, action: "update_notifications", after: parsed.data });
  });
  return withDefaults(parsed.data);
}

export function mySessions(ctx: ServiceContext) {
  return sessionsOf(ctx.db, me(ctx).id, ctx.sessionId);
}

export function endMySession(ctx: ServiceContext, key: string) {
  return endSession(ctx, me(ctx).id, key);
}

/** "Sign out other sessions": every session of yours but this one. */
export async function signOutOtherSessions(ctx: ServiceContext): Promise<number> {
  const user = me(ctx);
  return inTransaction(ctx, async (tx) => {
    let q = tx.db.deleteFrom("sessions").where("user_id", "=", user.id);
    if (ctx.sessionId) q = q.where("id", "<>", ctx.sessionId);
    const rows = await q.returning("id").execute();
    await audit(tx, { entity: "user", entityId: user.id, action: "sign_out_others", after: { sessions: rows.length } });
    return rows.length;
  });
}

// --- photo ---------------------------------------------------------------------------------------
// Staff photos use the residents' photo store (one row per user, resized to a WebP square by
// preparePhoto), served at /photos/user/{id}.webp to anyone signed in: the shell shows them.

export const MSG_PHOTO = "Successfully updated photo.";
export const MSG_PHOTO_REMOVED = "Successfully removed photo.";

export function userPhotoPath(id: number, version: string): string {
  return `/photos/user/${id}.webp?v=${version}`;
}

export async function setMyPhoto(ctx: ServiceContext, bytes: Uint8Array): Promise<{ image: string }> {
  const user = me(ctx);
  const photo = await preparePhoto(bytes);
  return inTransaction(ctx, async (tx) => {
    await tx.db
      .insertInto("resident_photos")
      .values({ user_id: user.id, content: photo.content, mime: photo.mime, width: photo.width, height: photo.height, updated_by: user.id })
      .onConflict((oc) =>
        oc.column("user_id").doUpdateSet({
          content: photo.content,
          mime: photo.mime,
          width: photo.width,
          height: photo.height,
          updated_at: sql`now()`,
          updated_by: user.id,
        }),
      )
      .execute();
    const image = userPhotoPath(user.id, Date.now().toString(36));
    await tx.db
      .updateTable("user_profiles")
      .set({ image, updated_at: sql`now()` })
      .where("user_id", "=", user.id)
      .execute();
    await audit(tx, { entity: "user", entityId: user.id, action: "update_photo", after: { image, bytes: photo.content.byteLength } });
    return { image };
  });
}

export async function removeMyPhoto(ctx: ServiceContext): Promise<void> {
  const user = me(ctx);
  await inTransaction(ctx, async (tx) => {
    await tx.db.deleteFrom("resident_photos").where("user_id", "=", user.id).execute();
    await tx.db
      .updateTable("user_profiles")
      .set({ image: null, updated_at: sql`now()` })
      .where("user_id", "=", user.id)
      .execute();
    await audit(tx, { entity: "user", entityId: user.id, action: "update_photo", after: { image: null } });
  });
}

/** A staff member's photo, for anyone signed in. */
export async function readUserPhoto(ctx: ServiceContext, id: number): Promise<{ content: Uint8Array; mime: string } | null> {
  me(ctx);
  const row = await ctx.db
    .selectFrom("resident_photos as ph")
    .innerJoin("users as u", "u.id", "ph.user_id")
    .select(["ph.content", "ph.mime"])
    .where("ph.user_id", "=", id)
    .where("u.kind", "=", "staff")
    .executeTakeFirst();
  return row ?? null;
}
