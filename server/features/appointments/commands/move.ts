import { moveSchema } from "../../../../domain/registry/appointments.ts";
import { ValidationError } from "../../../errors.ts";
import { assertBookable, assertOnePerDay } from "../slots.ts";
import type { AppointmentRun } from "../service.ts";

// Move: the same service at another free slot (another time, or another day). The slot's rules
// are the booking's, the appointment itself left out of the counts, so moving within a full slot's
// own day is not refused by its own place.
export async function move(run: AppointmentRun): Promise<void> {
  const { row, ctx } = run;
  const parsed = moveSchema.safeParse(run.input);
  if (!parsed.success) throw ValidationError.fromZod(parsed.error);
  const { appointment_date, slot_time } = parsed.data;
  if (appointment_date === row.appointment_date && slot_time === row.slot_time)
    throw ValidationError.field("slot_time", "The appointment is at that time already: choose another slot.");
  await assertBookable(ctx, row.service_id, appointment_date, slot_time, new Date(), row.id);
  await assertOnePerDay(ctx, row.resident_id, row.service_id, appointment_date, row.id);
  await run.change("appointment", row.id, { appointment_date, slot_time });
}
