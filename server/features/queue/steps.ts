import { sql, type RawBuilder } from "kysely";
import { PRIORITY_LANES } from "../../../domain/registry/queue.ts";
import type { ServiceContext } from "../../context.ts";
import type { CommandRun } from "../../engine/commands.ts";
import type { EntryRow } from "../../engine/engine.ts";
import { AppError, ValidationError } from "../../errors.ts";

// What the queue's commands share (decision 206): the ticket as the engine reads it, the window a
// command names, and the message every display hears when a ticket moves.

/** A ticket as the engine reads it, with its service and window as references. */
export type QueueTicketRow = EntryRow<
  "queue_tickets",
  { service: { id: number; name: string } | null; window: { id: number; name: string } | null }
>;
export type QueueRun = CommandRun<QueueTicketRow>;

/** The channel the hub listens on; the payload carries codes and window names only, never a person. */
export const QUEUE_CHANNEL = "portal_queue";

export interface QueueEvent {
  event: "issued" | "called" | "recalled" | "skipped" | "done" | "transferred";
  code: string;
  window: string | null;
  lane: string;
}

/**
 * Tells every display that a ticket moved. pg_notify inside the command's transaction is delivered
 * at commit, so a rolled-back command announces nothing.
 */
export async function announce(ctx: ServiceContext, event: QueueEvent): Promise<void> {
  await sql`select pg_notify(${QUEUE_CHANNEL}, ${JSON.stringify(event)})`.execute(ctx.db);
}

/** An active window by id, or the field's 422. */
export async function activeWindow(
  ctx: ServiceContext,
  id: unknown,
  field = "window_id",
): Promise<{ id: number; name: string; service_id: number | null }> {
  const windowId = Number(id);
  if (!Number.isSafeInteger(windowId) || windowId <= 0) throw ValidationError.field(field, "The window field is required.");
  const row = await ctx.db
    .selectFrom("queue_windows")
    .select(["id", "name", "service_id"])
    .where("id", "=", windowId)
    .where("deleted_at", "is", null)
    .executeTakeFirst();
  if (!row) throw ValidationError.field(field, "The selected window is invalid.");
  return { id: Number(row.id), name: row.name, service_id: row.service_id == null ? null : Number(row.service_id) };
}

/** The ticket a window is serving now, if any (one at a time). */
export async function servingAt(ctx: ServiceContext, windowId: number): Promise<{ id: number; code: string } | undefined> {
  const row = await ctx.db
    .selectFrom("queue_tickets")
    .select(["id", "code"])
    .where("window_id", "=", windowId)
    .where("state", "=", "called")
    .where("deleted_at", "is", null)
    .executeTakeFirst();
  return row && { id: Number(row.id), code: row.code };
}

/** Refuses a window that is still serving another ticket: finish, skip or transfer it first. */
export async function assertWindowFree(ctx: ServiceContext, window: { id: number; name: string }, except?: number): Promise<void> {
  const serving = await servingAt(ctx, window.id);
  if (serving && serving.id !== except)
    throw new AppError(422, `${window.name} is serving ${serving.code}: mark it done, skip it or transfer it first.`);
}

/**
 * The order "call next" takes a window's line in (decision 206), the one rule the window's screen
 * shows too: tickets transferred to this window, then its own service's (when it has one), the
 * priority lanes before the regular one (RA 9994, RA 10754: priority, not a count of their own), a
 * transferred visitor before later tickets, then by the time issued. Over `queue_tickets t`.
 */
export function callOrder(window: { id: number; service_id: number | null }): RawBuilder<unknown> {
  // A window for any service has no "own" term (a constant is no ORDER BY key in Postgres).
  const own = window.service_id == null ? sql`` : sql`(t.service_id = ${window.service_id}) desc,`;
  const priority = sql.join(PRIORITY_LANES.map((lane) => sql.lit(lane)));
  return sql`(t.for_window_id = ${window.id}) is true desc, ${own} (t.lane in (${priority})) desc,
    (t.transferred_from_id is not null) desc, t.issued_at, t.id`;
}

/** The tickets a window may call: today's waiting ones of an active service, not meant for another window. */
export function callableBy(window: { id: number }, day: string): RawBuilder<unknown> {
  return sql`t.ticket_date = ${day} and t.state = 'waiting' and t.deleted_at is null
    and (t.for_window_id is null or t.for_window_id = ${window.id})
    and exists (select 1 from queue_services s2 where s2.id = t.service_id and s2.deleted_at is null)`;
}

/**
 * How many of the service's waiting tickets will be called before this one: the priority lanes go
 * first, so a priority ticket counts only the priority ones before it, a regular one every
 * priority ticket and the regular ones before it. (A window may still take another service's
 * ticket when its own line is empty; this is the line as the kiosk can tell it.)
 */
export async function aheadOf(
  ctx: ServiceContext,
  ticket: { id: number; service_id: number; ticket_date: string; lane: string; issued_at: Date },
): Promise<number> {
  const priority = sql.join(PRIORITY_LANES.map((lane) => sql.lit(lane)));
  const mineIsPriority = (PRIORITY_LANES as readonly string[]).includes(ticket.lane);
  const before = mineIsPriority
    ? sql`t.lane in (${priority}) and (t.issued_at, t.id) < (${ticket.issued_at}, ${ticket.id})`
    : sql`(t.lane in (${priority}) or (t.issued_at, t.id) < (${ticket.issued_at}, ${ticket.id}))`;
  const row = await sql<{ n: number }>`
    select count(*)::int as n from queue_tickets t
    where t.service_id = ${ticket.service_id} and t.ticket_date = ${ticket.ticket_date} and t.state = 'waiting'
      and t.deleted_at is null and t.id <> ${ticket.id} and ${before}`.execute(ctx.db);
  return Number(row.rows[0]?.n ?? 0);
}
