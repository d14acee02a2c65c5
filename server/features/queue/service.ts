import { createHash } from "node:crypto";
import { sql } from "kysely";
import type { ServiceContext } from "../../context.ts";
import { AppError, forbidden, ValidationError } from "../../errors.ts";
import { can } from "../../../domain/permissions.ts";
import { todayInManila } from "../../../domain/dates.ts";
import { ResourceEngine, type AnySelect } from "../../engine/engine.ts";
import { recordRun, type CommandHandler } from "../../engine/commands.ts";
import { inTransaction } from "../../engine/transaction.ts";
import {
  callNextSchema,
  kioskTicketSchema,
  QUEUE_COMMANDS,
  QUEUE_LANES,
  QUEUE_STATES,
  ticketCode,
  type QueueCommandName,
} from "../../../domain/registry/queue.ts";
import { activeWindow, aheadOf, announce, assertWindowFree, callableBy, callOrder, type QueueTicketRow } from "./steps.ts";
import { call } from "./commands/call.ts";
import { recall } from "./commands/recall.ts";
import { skip } from "./commands/skip.ts";
import { done } from "./commands/done.ts";
import { transfer } from "./commands/transfer.ts";
import { QUEUE_LANE_LABEL, QUEUE_STATE_LABEL } from "../../../domain/registry/labels-queue.ts";

export type { QueueTicketRow };

// The hall's queue (decision 206): the kiosk issues a ticket numbered per service per day in
// Manila; a window calls the next one (its own service first, the priority lanes before the
// regular one, a transferred visitor before later tickets), and recalls, skips, finishes or
// transfers it, each a recorded command that every display hears at commit.

/** Tickets the kiosk issues from one address in a minute before it answers 429 (decision 206). */
export const KIOSK_TICKETS_PER_MINUTE = 20;

/** A ticket as the kiosk shows and prints it: its code, service, lane and the time, no person. */
export interface IssuedTicket {
  id: number;
  code: string;
  service: string;
  lane: string;
  issued_at: Date;
  ticket_date: string;
  /** The service's waiting tickets to be called before it (aheadOf). */
  ahead: number;
}

/** The address's hash: the throttle's key, so the ticket keeps no address (RA 10173 minimisation). */
function deviceKey(ip: string | null | undefined): string {
  return createHash("sha256")
    .update(`queue-kiosk:${ip ?? "unknown"}`)
    .digest("base64url")
    .slice(0, 22);
}

export class QueueTicketService extends ResourceEngine<QueueTicketRow> {
  /** The state and the lane in the reader's words, for the list, its sort and its export. */
  protected override extendSelect(q: AnySelect): AnySelect {
    return q.select([
      sql<string>`case t.state ${sql.join(
        QUEUE_STATES.map((s) => sql`when ${sql.lit(s)} then ${sql.lit(QUEUE_STATE_LABEL[s]())}`),
        sql` `,
      )} else t.state end`.as("state_label"),
      sql<string>`case t.lane ${sql.join(
        QUEUE_LANES.map((l) => sql`when ${sql.lit(l)} then ${sql.lit(QUEUE_LANE_LABEL[l]())}`),
        sql` `,
      )} else t.lane end`.as("lane_label"),
    ]);
  }

  /** A ticket is never deleted: it ends done, skipped or transferred, and the day's report counts it. */
  protected override async beforeDelete(): Promise<void> {
    throw new AppError(422, "A ticket is not deleted: finish, skip or transfer it at a window.");
  }

  /** Tickets are issued by the kiosk, never typed in. */
  override async create(): Promise<QueueTicketRow> {
    throw new AppError(405, "Tickets are issued at the kiosk.");
  }

  override async update(): Promise<QueueTicketRow> {
    throw new AppError(405, "A ticket is changed only by the window's commands.");
  }

  /**
   * The kiosk's ticket: public (a visitor does not sign in), so its guard is the throttle: at most
   * KIOSK_TICKETS_PER_MINUTE from one address. The number is the service's next of the Manila day,
   * under a lock on the service's row, so two kiosks never take the same one.
   */
  async issue(ctx: ServiceContext, input: unknown, now = new Date(), options: { appointment?: boolean } = {}): Promise<IssuedTicket> {
    const parsed = kioskTicketSchema.safeParse(input ?? {});
    if (!parsed.success) throw ValidationError.fromZod(parsed.error);
    const { service_id } = parsed.data;
    // An appointment's check-in (decision 207) asks for the appointment lane, which the kiosk's
    // form does not offer: the caller (the check_in command) has checked its permission.
    const lane = options.appointment ? "appointment" : parsed.data.lane;
    const from = deviceKey(ctx.ip);
    const recent = await ctx.db
      .selectFrom("queue_tickets")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("issued_from", "=", from)
      .where("issued_at", ">", new Date(now.getTime() - 60_000))
      .executeTakeFirstOrThrow();
    if (Number(recent.n) >= KIOSK_TICKETS_PER_MINUTE)
      throw new AppError(429, "Too many tickets from this kiosk. Please wait a minute and try again.", undefined, { "Retry-After": "60" });

    return inTransaction(ctx, async (tx) => {
      const service = (
        await sql<{ id: number; name: string; prefix: string }>`
          select id, name, prefix from queue_services where id = ${service_id} and deleted_at is null for update`.execute(tx.db)
      ).rows[0];
      if (!service) throw ValidationError.field("service_id", "The selected service is invalid.");
      const day = todayInManila(now);
      const last = await tx.db
        .selectFrom("queue_tickets")
        .select((eb) => eb.fn.max("number").as("n"))
        .where("service_id", "=", service_id)
        .where("ticket_date", "=", day)
        .where("transferred_from_id", "is", null)
        .executeTakeFirst();
      const number = Number(last?.n ?? 0) + 1;
      const code = ticketCode(service.prefix, number);
      const id = await recordRun(tx, { entity: "queue", command: "issue" }, null, null, async (recorder) => {
        const inserted = await recorder.insert("queue", {
          service_id,
          ticket_date: day,
          number,
          code,
          lane,
          state: "waiting",
          issued_at: now,
          issued_from: from,
        });
        await recorder.subjectIs(inserted);
        return inserted;
      });
      const ahead = await aheadOf(tx, { id, service_id, ticket_date: day, lane, issued_at: now });
      await announce(tx, { event: "issued", code, window: null, lane });
      return { id, code, service: service.name, lane, issued_at: now, ticket_date: day, ahead };
    });
  }

  /**
   * Calls the next ticket to a window: its own service's tickets first (when it has one), then the
   * priority lanes before the regular one, a transferred visitor before later tickets, then by the
   * time issued. A window still serving a ticket is refused; two windows calling at once take
   * different tickets (skip locked). Answers the ticket, or null when no one waits.
   */
  async callNext(ctx: ServiceContext, input: unknown, now = new Date()): Promise<QueueTicketRow | null> {
    if (!can(ctx.user, "update-queue")) throw forbidden();
    const parsed = callNextSchema.safeParse(input ?? {});
    if (!parsed.success) throw ValidationError.fromZod(parsed.error);
    return inTransaction(ctx, async (tx) => {
      const window = await activeWindow(tx, parsed.data.window_id);
      // One call at a time per window: the window's row is the lock.
      await sql`select id from queue_windows where id = ${window.id} for update`.execute(tx.db);
      await assertWindowFree(tx, window);
      const next = (
        await sql<{ id: number; code: string; lane: string }>`
          select t.id, t.code, t.lane from queue_tickets t
          where ${callableBy(window, todayInManila(now))}
          order by ${callOrder(window)}
          limit 1
          for update of t skip locked`.execute(tx.db)
      ).rows[0];
      if (!next) return null;
      const ticket = { id: Number(next.id), code: next.code, lane: next.lane };
      await recordRun(tx, { entity: "queue", command: "call" }, ticket.id, null, (recorder) => call(tx, recorder, ticket, window, now));
      return this.get(tx, ticket.id);
    });
  }

  protected override commandHandlers(): Readonly<Record<string, CommandHandler<QueueTicketRow>>> {
    return { recall, skip, done, transfer } satisfies Partial<Record<QueueCommandName, CommandHandler<QueueTicketRow>>>;
  }

  protected override async beforeCommand(_ctx: ServiceContext, command: { name: string }, row: QueueTicketRow): Promise<void> {
    if (row.deleted_at) throw new AppError(422, `Ticket ${row.code} is in the trash.`);
    // A ticket is worked on the day it was issued: yesterday's line is closed.
    if (row.ticket_date !== todayInManila() && command.name !== "done")
      throw new AppError(422, `Ticket ${row.code} is of ${row.ticket_date}; the queue starts again each day.`);
  }
}

/** The window's commands a page or REST offers, in the order the window shows them. */
export const WINDOW_COMMANDS = QUEUE_COMMANDS.filter((c) => !("invokedBy" in c)).map((c) => c.name);
