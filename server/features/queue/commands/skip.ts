import { announce, type QueueRun } from "../steps.ts";

// The visitor did not come to the window: the window is free for the next, and the ticket may be
// recalled if the visitor turns up.
export async function skip(run: QueueRun): Promise<void> {
  await run.change("queue", run.row.id, { finished_at: new Date() });
  await announce(run.ctx, { event: "skipped", code: run.row.code, window: run.row.window?.name ?? null, lane: run.row.lane });
}
