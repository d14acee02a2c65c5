import { sql } from "kysely";
import type { ServiceContext } from "../../context.ts";
import { AppError, forbidden, notFound, ValidationError } from "../../errors.ts";
import { can } from "../../../domain/permissions.ts";
import { ResourceEngine, type AnySelect, type EntryRow } from "../../engine/engine.ts";
import { recordRun, type CommandHandler, type CommandRun } from "../../engine/commands.ts";
import { inTransaction } from "../../engine/transaction.ts";
import { serviceFor } from "../../engine/services.ts";
import {
  APPOINTMENT_STATES,
  bookOwnSchema,
  bookSchema,
  type AppointmentCommandName,
  type BookInput,
} from "../../../domain/registry/appointments.ts";
import { assertBookable, assertOnePerDay, daySlots, type DaySlots } from "./slots.ts";

export { assertOnePerDay };
import { move } from "./commands/move.ts";
import { checkIn } from "./commands/check-in.ts";
import { APPOINTMENT_STATE_LABEL } from "../../../domain/registry/labels-appointments.ts";

// Appointments (decision 207): a resident's appointment with a queue service at a slot of a day.
// Staff book one for a resident (create-appointment), move it to another free slot and cancel it
// with a reason, and check the holder in on arrival (a priority ticket in the queue); a resident
// with an account books and cancels their own through freeSlots / bookOwn / cancelOwn below. Every
// booking asks the same rule (slots.ts: hours, capacity, holidays, past) and the one-per-day rule.

export type AppointmentRow = EntryRow<
  "appointments",
  { service: { id: number; name: string } | null; resident: { id: number; name: string } | null }
>;
export type AppointmentRun = CommandRun<AppointmentRow>;

async function activeService(ctx: Pick<ServiceContext, "db">, id: number): Promise<{ id: number; name: string }> {
  const row = await ctx.db
    .selectFrom("queue_services")
    .select(["id", "name"])
    .where("id", "=", id)
    .where("deleted_at", "is", null)
    .executeTakeFirst();
  if (!row) throw ValidationError.field("service_id", "The selected service is invalid.");
  return { id: Number(row.id), name: row.name };
}

/** The booking both doors share, inside the caller's transaction: the rules, then the recorded insert. */
async function book(tx: ServiceContext, input: BookInput, byResident: boolean, now: Date): Promise<number> {
  await activeService(tx, input.service_id);
  const resident = await tx.db
    .selectFrom("users")
    .select("id")
    .where("id", "=", input.resident_id)
    .where("kind", "=", "resident")
    .where("deleted_at", "is", null)
    .executeTakeFirst();
  if (!resident) throw ValidationError.field("resident_id", "The selected resident is invalid.");
  await assertBookable(tx, input.service_id, input.appointment_date, input.slot_time, now);
  await assertOnePerDay(tx, input.resident_id, input.service_id, input.appointment_date);
  return recordRun(tx, { entity: "appointment", command: "book" }, null, null, async (recorder) => {
    const id = await recorder.insert("appointment", {
      service_id: input.service_id,
      resident_id: input.resident_id,
      appointment_date: input.appointment_date,
      slot_time: input.slot_time,
      purpose: input.purpose ?? null,
      state: "booked",
      booked_by_resident: byResident,
    });
    await recorder.subjectIs(id);
    return id;
  });
}

export class AppointmentService extends ResourceEngine<AppointmentRow> {
  protected override extendSelect(q: AnySelect): AnySelect {
    return q.select(
      sql<string>`case t.state ${sql.join(
        // In the reader's language: the list, its sort and its export read the same words.
        APPOINTMENT_STATES.map((s) => sql`when ${sql.lit(s)} then ${sql.lit(APPOINTMENT_STATE_LABEL[s]())}`),
        sql` `,
      )} else t.state end`.as("state_label"),
    );
  }

  /** Staff book for a resident (create-appointment): the slot's rules, recorded as the `book` run. */
  override async create(ctx: ServiceContext, input: unknown, now = new Date()): Promise<AppointmentRow> {
    if (!can(ctx.user, "create-appointment")) throw forbidden();
    const parsed = bookSchema.safeParse(input ?? {});
    if (!parsed.success) throw ValidationError.fromZod(parsed.error);
    return inTransaction(ctx, async (tx) => this.read(tx, await book(tx, parsed.data, false, now)));
  }

  override async update(): Promise<AppointmentRow> {
    throw new AppError(405, "An appointment is moved, cancelled or checked in by its commands.");
  }

  protected override async beforeDelete(): Promise<void> {
    throw new AppError(422, "An appointment is not deleted: cancel it with a reason.");
  }

  protected override commandHandlers(): Readonly<Record<string, CommandHandler<AppointmentRow>>> {
    return { move, check_in: checkIn } satisfies Partial<Record<AppointmentCommandName, CommandHandler<AppointmentRow>>>;
  }
}

// ---- The resident's own (issue 32 item 3 builds the page on these) ---------------------------------

/** The signed-in resident, or 403: staff book through the registry's create. */
function ownResident(ctx: ServiceContext): number {
  if (!ctx.user || ctx.user.kind !== "resident") throw forbidden();
  return ctx.user.id;
}

/**
 * The slots of a service on a day as the resident's page shows them (anyone signed in may ask: they
 * name no person, only counts). `closed` says why the day takes none (a holiday's name, "past",
 * "no hours").
 */
export async function freeSlots(ctx: ServiceContext, serviceId: unknown, date: unknown, now = new Date()): Promise<DaySlots> {
  if (!ctx.user) throw forbidden();
  const parsed = bookOwnSchema
    .pick({ service_id: true, appointment_date: true })
    .safeParse({ service_id: serviceId, appointment_date: date });
  if (!parsed.success) throw ValidationError.fromZod(parsed.error);
  await activeService(ctx, parsed.data.service_id);
  return daySlots(ctx, parsed.data.service_id, parsed.data.appointment_date, now);
}

/** The signed-in resident books their own appointment: { service_id, appointment_date, slot_time, purpose? }. */
export async function bookOwn(ctx: ServiceContext, input: unknown, now = new Date()): Promise<AppointmentRow> {
  const residentId = ownResident(ctx);
  const parsed = bookOwnSchema.safeParse(input ?? {});
  if (!parsed.success) throw ValidationError.fromZod(parsed.error);
  const engine = serviceFor("appointment");
  return inTransaction(ctx, async (tx) => engine.read(tx, await book(tx, { ...parsed.data, resident_id: residentId }, true, now)));
}

/** The resident's own appointments, the latest day first. */
export async function ownAppointments(ctx: ServiceContext): Promise<AppointmentRow[]> {
  const residentId = ownResident(ctx);
  const engine = serviceFor("appointment");
  const ids = await ctx.db
    .selectFrom("appointments")
    .select("id")
    .where("resident_id", "=", residentId)
    .where("deleted_at", "is", null)
    .orderBy("appointment_date", "desc")
    .orderBy("slot_time", "desc")
    .limit(100)
    .execute();
  return Promise.all(ids.map((r) => engine.read(ctx, Number(r.id))));
}

/**
 * The signed-in resident cancels their own booked appointment, with a reason (recorded as the
 * `cancel` run, as staff's). Another's appointment is a 404, as if it did not exist.
 */
export async function cancelOwn(ctx: ServiceContext, id: unknown, reason: unknown): Promise<AppointmentRow> {
  const residentId = ownResident(ctx);
  const appointmentId = Number(id);
  const text = typeof reason === "string" ? reason.replace(/\s+/g, " ").trim().slice(0, 500) : "";
  if (text.length < 3) throw ValidationError.field("reason", "The reason field is required.");
  const engine = serviceFor("appointment");
  return inTransaction(ctx, async (tx) => {
    const row = Number.isSafeInteger(appointmentId)
      ? (
          await sql<{ id: number; resident_id: number; state: string }>`
          select id, resident_id, state from appointments where id = ${appointmentId} and deleted_at is null for update`.execute(tx.db)
        ).rows[0]
      : undefined;
    if (!row || Number(row.resident_id) !== residentId) throw notFound("appointment");
    if (row.state !== "booked") throw new AppError(422, `The appointment is ${row.state.replace(/_/g, " ")}; it cannot be cancelled.`);
    await recordRun(tx, { entity: "appointment", command: "cancel" }, appointmentId, text, (recorder) =>
      recorder.change("appointment", appointmentId, { state: "cancelled" }),
    );
    return engine.read(tx, appointmentId);
  });
}
