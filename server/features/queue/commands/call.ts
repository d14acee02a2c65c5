import type { CommandRecorder } from "../../../engine/commands.ts";
import type { ServiceContext } from "../../../context.ts";
import { announce } from "../steps.ts";

// "Call next": the ticket the service picked is called to the window. The first call's time ends
// the visitor's wait (the report's waiting time); the last call's starts the service.
export async function call(
  ctx: ServiceContext,
  recorder: CommandRecorder,
  ticket: { id: number; code: string; lane: string },
  window: { id: number; name: string },
  now: Date,
): Promise<void> {
  await recorder.change("queue", ticket.id, { state: "called", window_id: window.id, called_at: now, last_called_at: now });
  await announce(ctx, { event: "called", code: ticket.code, window: window.name, lane: ticket.lane });
}
