import { transferSchema } from "../../../../domain/registry/queue.ts";
import { ValidationError } from "../../../errors.ts";
import { activeWindow, announce, type QueueRun } from "../steps.ts";

// The visitor needs another service (a certificate's fee at the payment window): this ticket is
// finished here and a new one with the same code waits for the other service, or for one window
// of it. It takes no number of that service; it is called before that service's later tickets of
// its lane, since the visitor has queued once already (decision 206).
export async function transfer(run: QueueRun): Promise<void> {
  const { row, ctx } = run;
  const parsed = transferSchema.safeParse(run.input);
  if (!parsed.success) throw ValidationError.fromZod(parsed.error);
  const service = await ctx.db
    .selectFrom("queue_services")
    .select(["id", "name"])
    .where("id", "=", parsed.data.service_id)
    .where("deleted_at", "is", null)
    .executeTakeFirst();
  if (!service) throw ValidationError.field("service_id", "The selected service is invalid.");
  const window = parsed.data.window_id == null ? null : await activeWindow(ctx, parsed.data.window_id);
  if (window && window.id === row.window_id && Number(service.id) === row.service_id)
    throw ValidationError.field("window_id", "The ticket is at this window already: pick another service or window.");
  const now = new Date();
  await run.change("queue", row.id, { finished_at: now });
  await run.insert("queue", {
    service_id: Number(service.id),
    ticket_date: row.ticket_date,
    number: row.number,
    code: row.code,
    lane: row.lane,
    state: "waiting",
    for_window_id: window?.id ?? null,
    issued_at: now,
    transferred_from_id: row.id,
  });
  await announce(ctx, { event: "transferred", code: row.code, window: window?.name ?? null, lane: row.lane });
}
