import { todayInManila } from "../../../../domain/dates.ts";
import { AppError } from "../../../errors.ts";
import { serviceFor } from "../../../engine/services.ts";
import type { AppointmentRun } from "../service.ts";

// Check in: the holder has come on the day. The queue's own `issue` gives them a ticket of the
// appointment's service in the appointment lane, a priority lane (decision 207), so a window calls
// them before the regular line; the appointment keeps the ticket and the arrival time.
export async function checkIn(run: AppointmentRun): Promise<void> {
  const { row, ctx } = run;
  const now = new Date();
  const today = todayInManila(now);
  if (row.appointment_date !== today)
    throw new AppError(422, `The appointment is on ${row.appointment_date}; it is checked in on its day (today is ${today}).`);
  const ticket = await serviceFor("queue").issue(ctx, { service_id: row.service_id }, now, { appointment: true });
  await run.change("appointment", row.id, { arrived_at: now, ticket_id: ticket.id });
}
