import { sql } from "kysely";
import { z } from "zod";
import { blocklist as blocklistDef } from "../../../domain/registry/access.ts";
import { MSG_SELECT_RECORDS } from "../../../domain/registry/messages.ts";
import { can } from "../../../domain/permissions.ts";
import type { ListQuery, Paginated } from "../../../domain/registry/types.ts";
import type { UserKind } from "../../../db/schema.ts";
import type { ServiceContext } from "../../context.ts";
import { AppError, forbidden, notFound, unauthenticated, ValidationError } from "../../errors.ts";
import { invalidateUserSessions } from "../../auth/sessions.ts";
import { serviceForEntry } from "../../engine/services.ts";
import { inTransaction } from "../../engine/transaction.ts";
import { audit } from "../../engine/audit.ts";
import { fullNameOf } from "../../engine/people-sql.ts";
import { checkUsersRemoval } from "./access.ts";
import { usersBlocked } from "../notifications/events.ts";

// The blocklist (spec §7.3): adding a user blocks the account and ends every session of
// it at once; sign-in is then refused (server/auth/sign-in.ts). Removing unblocks. The list and
// one entry are read from the blocklist_entries view by the entry's service, built and kept by
// server/engine/services.ts like every entity's (DESIGN §10).

const engine = () => serviceForEntry(blocklistDef);

export const MSG_REMOVED = (username: string) => `Successfully removed ${username}.`;
export const MSG_REMOVED_MANY = (n: number) => `Successfully removed ${n} users.`;
export const MSG_BLOCKED = (username: string) => `Successfully blocked ${username}.`;
export const MSG_RESTORED = (username: string) => `Successfully restored ${username}.`;
export const MSG_RESTORED_MANY = (n: number) => `Successfully restored ${n} users.`;

function actorOf(ctx: ServiceContext) {
  if (!ctx.user) throw unauthenticated();
  return ctx.user;
}

function authorize(ctx: ServiceContext, permission: string) {
  if (!can(actorOf(ctx), permission)) throw forbidden();
}

/**
 * A row of the blocklist as the engine reads it: the blocklist_entries view, the status the hook
 * gives it and the user's roles (server/features/access/hooks.ts).
 */
export type BlocklistRow = Record<string, unknown> & {
  id: number;
  username: string | null;
  name: string | null;
  kind: UserKind;
  status: "Blocked" | "Trashed";
  roles: { id: number; name: string }[];
  blocked_by: { id: number; fullname: string | null } | null;
  user_profile: { firstname: string; middlename: string | null; lastname: string | null; fullname: string | null };
};

export async function listBlocklist(ctx: ServiceContext, query: ListQuery, path?: string): Promise<Paginated<BlocklistRow>> {
  return engine().list(ctx, query, path);
}

export function countBlocklist(ctx: ServiceContext, query: Pick<ListQuery, "search" | "status" | "filter">) {
  return engine().count(ctx, query);
}

export async function getBlocklistEntry(ctx: ServiceContext, id: number): Promise<BlocklistRow> {
  try {
    return await engine().get(ctx, id);
  } catch (error) {
    if (error instanceof AppError && error.status === 404) throw notFound("blocklist entry");
    throw error;
  }
}

const reasonSchema = z
  .string({ error: "The reason must be a string." })
  .trim()
  .max(500, "The reason must not be greater than 500 characters.")
  .nullish()
  .transform((v) => (v ? v : null));

export const blockInput = z
  .object({
    id: z.coerce.number().int().positive().optional(),
    user_id: z.coerce.number().int().positive().optional(),
    reason: reasonSchema,
  })
  .transform((v, issueCtx) => {
    const id = v.user_id ?? v.id;
    if (id == null) {
      issueCtx.addIssue({ code: "custom", path: ["user_id"], message: "The user field is required." });
      return z.NEVER;
    }
    return { id, reason: v.reason };
  });

/** Ids from the body of a multi-op: records, {ids}, {data} or bare ids. */
function usernameOf(row: { username: string | null; id: number }): string {
  return row.username ?? `user #${row.id}`;
}

/** Blocks accounts: sessions end at once, sign-in is refused. Already blocked ones are skipped. */
async function block(ctx: ServiceContext, userIds: number[], reason: string | null): Promise<{ id: number; username: string | null }[]> {
  const actor = actorOf(ctx);
  return inTransaction(ctx, async (tx) => {
    const rows = await tx.db.selectFrom("users").select(["id", "username", "blocked_at"]).where("id", "in", userIds).forUpdate().execute();
    if (rows.length !== userIds.length) throw notFound("user");
    const fresh = rows.filter((r) => !r.blocked_at).map((r) => Number(r.id));
    if (!fresh.length) return [];
    await checkUsersRemoval(tx, fresh, "block");
    await tx.db
      .updateTable("users")
      .set({ blocked_at: sql`now()`, blocked_by: actor.id, blocked_reason: reason, updated_at: sql`now()`, updated_by: actor.id })
      .where("id", "in", fresh)
      .execute();
    for (const id of fresh) {
      await invalidateUserSessions(tx.db, id);
      await audit(tx, { entity: "blocklist", entityId: id, action: "block", after: { reason } });
    }
    const blocked = rows.filter((r) => fresh.includes(Number(r.id))).map((r) => ({ id: Number(r.id), username: r.username }));
    await usersBlocked(tx, blocked, reason);
    return blocked;
  });
}

async function unblock(ctx: ServiceContext, userIds: number[]): Promise<{ id: number; username: string | null }[]> {
  const actor = actorOf(ctx);
  return inTransaction(ctx, async (tx) => {
    const rows = await tx.db
      .updateTable("users")
      .set({ blocked_at: null, blocked_by: null, blocked_reason: null, updated_at: sql`now()`, updated_by: actor.id })
      .where("id", "in", userIds)
      .where("blocked_at", "is not", null)
      .returning(["id", "username"])
      .execute();
    for (const row of rows) await audit(tx, { entity: "blocklist", entityId: row.id, action: "unblock" });
    return rows.map((r) => ({ id: Number(r.id), username: r.username }));
  });
}

/** A bulk call that changed no entry: 422 naming the ids, as every multi-call of the engine answers. */
function nothingToActOn(ids: number[], removing: boolean): ValidationError {
  if (ids.length === 0) return ValidationError.field("ids", MSG_SELECT_RECORDS);
  const shown = ids
    .slice(0, 10)
    .map((id) => `#${id}`)
    .join(", ")
    .concat(ids.length > 10 ? ` and ${ids.length - 10} more` : "");
  // One whole sentence per form, as messages/*/server.json holds them (server_blocklist_none_…).
  const one = ids.length === 1;
  const message = removing
    ? one
      ? `Nothing was removed: user ${shown} is not on the blocklist.`
      : `Nothing was removed: users ${shown} are not on the blocklist.`
    : one
      ? `Nothing was restored: user ${shown} is unknown or already on the blocklist.`
      : `Nothing was restored: users ${shown} are unknown or already on the blocklist.`;
  return ValidationError.field("ids", message);
}

/** POST blocklist: puts a user on the blocklist ({id} or {user_id}, optional reason). */
export async function addToBlocklist(ctx: ServiceContext, raw: unknown) {
  authorize(ctx, "create-blocklist");
  const parsed = blockInput.safeParse(raw ?? {});
  if (!parsed.success) throw ValidationError.fromZod(parsed.error);
  const { id, reason } = parsed.data;
  const target = await ctx.db
    .selectFrom("users")
    .select(["id", "username", "blocked_at", "deleted_at"])
    .where("id", "=", id)
    .executeTakeFirst();
  if (!target) throw ValidationError.field("user_id", "The selected user is invalid.");
  if (target.blocked_at)
    throw ValidationError.field("user_id", `${usernameOf({ id, username: target.username })} is already on the blocklist.`);
  await block(ctx, [id], reason);
  return { data: await engine().read(ctx, id), message: MSG_BLOCKED(usernameOf({ id, username: target.username })) };
}

/** POST blocklist/restore: puts a removed entry back (the undo of a removal). */
export async function restoreToBlocklist(ctx: ServiceContext, id: number) {
  authorize(ctx, "create-blocklist");
  const target = await ctx.db.selectFrom("users").select(["id", "username"]).where("id", "=", id).executeTakeFirst();
  if (!target) throw notFound("user");
  await block(ctx, [id], null);
  return { data: await engine().read(ctx, id), message: MSG_RESTORED(usernameOf({ id, username: target.username })) };
}

export async function restoreManyToBlocklist(ctx: ServiceContext, ids: number[]) {
  authorize(ctx, "create-blocklist");
  const unique = [...new Set(ids)];
  const existing = unique.length ? await ctx.db.selectFrom("users").select("id").where("id", "in", unique).execute() : [];
  const blocked = existing.length
    ? await block(
        ctx,
        existing.map((r) => Number(r.id)),
        null,
      )
    : [];
  if (blocked.length === 0) throw nothingToActOn(unique, false);
  return { data: blocked.length, message: MSG_RESTORED_MANY(blocked.length) };
}

/** PUT blocklist/{id}: changes the reason of an entry. */
export async function updateBlocklistEntry(ctx: ServiceContext, id: number, raw: unknown) {
  authorize(ctx, "create-blocklist");
  const parsed = z.object({ reason: reasonSchema }).safeParse(raw ?? {});
  if (!parsed.success) throw ValidationError.fromZod(parsed.error);
  await inTransaction(ctx, async (tx) => {
    const row = await tx.db
      .selectFrom("users")
      .select(["blocked_reason"])
      .where("id", "=", id)
      .where("blocked_at", "is not", null)
      .forUpdate()
      .executeTakeFirst();
    if (!row) throw notFound("blocklist entry");
    await tx.db
      .updateTable("users")
      .set({ blocked_reason: parsed.data.reason, updated_at: sql`now()`, updated_by: tx.user?.id ?? null })
      .where("id", "=", id)
      .execute();
    await audit(tx, {
      entity: "blocklist",
      entityId: id,
      action: "update",
      before: { reason: row.blocked_reason },
      after: { reason: parsed.data.reason },
    });
  });
  return { data: await engine().read(ctx, id), message: "Successfully updated." };
}

/** DELETE blocklist/{id}: takes the user off the blocklist (spec §8 "Successfully removed {username}."). */
export async function removeFromBlocklist(ctx: ServiceContext, id: number) {
  authorize(ctx, "delete-blocklist");
  const before = await engine()
    .read(ctx, id)
    .catch(() => null);
  if (!before) throw notFound("blocklist entry");
  await unblock(ctx, [id]);
  const data = await ctx.db.selectFrom("users").select(["id", "username"]).where("id", "=", id).executeTakeFirstOrThrow();
  return { data: { ...before, status: "Active", blocked_at: null }, message: MSG_REMOVED(usernameOf({ id, username: data.username })) };
}

/** POST blocklist/multiple-destroy: "Successfully removed {n} users." */
export async function removeManyFromBlocklist(ctx: ServiceContext, ids: number[]) {
  authorize(ctx, "delete-blocklist");
  const unique = [...new Set(ids)];
  const removed = unique.length ? await unblock(ctx, unique) : [];
  if (removed.length === 0) throw nothingToActOn(unique, true);
  return { data: removed.length, message: MSG_REMOVED_MANY(removed.length) };
}

/** Accounts that can be blocked: signing-in accounts not blocked yet, searched by name or username. */
export async function blockCandidates(ctx: ServiceContext, search: string, limit = 20) {
  authorize(ctx, "create-blocklist");
  const text = search.trim().slice(0, 100);
  let q = ctx.db
    .selectFrom("users as u")
    .innerJoin("user_profiles as p", "p.user_id", "u.id")
    .select(["u.id", "u.username", "u.kind", fullNameOf("p").as("fullname")])
    .where("u.blocked_at", "is", null)
    .where("u.deleted_at", "is", null)
    .where("u.username", "is not", null);
  if (ctx.user) q = q.where("u.id", "<>", ctx.user.id);
  if (text) {
    const pattern = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    q = q.where((eb) =>
      eb.or([
        eb(sql`u.username::text`, "ilike", pattern),
        eb(sql`concat_ws(' ', p.firstname, p.middlename, p.lastname, p.suffix)`, "ilike", pattern),
        eb(sql`coalesce(u.email::text, '')`, "ilike", pattern),
      ]),
    );
  }
  const rows = await q
    .orderBy(sql`lower(p.lastname)`)
    .orderBy(sql`lower(p.firstname)`)
    .limit(limit)
    .execute();
  return rows.map((r) => ({ id: Number(r.id), username: r.username, kind: r.kind, fullname: r.fullname ?? r.username ?? `#${r.id}` }));
}
