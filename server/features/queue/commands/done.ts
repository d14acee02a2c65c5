import { announce, type QueueRun } from "../steps.ts";

// Served: the service time ends here (the report's serving time runs from the last call).
export async function done(run: QueueRun): Promise<void> {
  await run.change("queue", run.row.id, { finished_at: new Date() });
  await announce(run.ctx, { event: "done", code: run.row.code, window: run.row.window?.name ?? null, lane: run.row.lane });
}
