import { activeWindow, announce, assertWindowFree, type QueueRun } from "../steps.ts";

// Called again: the visitor did not hear it (the display chimes and reads it once more), or a
// skipped visitor came back. A skipped ticket goes to the window that recalls it, if that window
// is free; the service starts again from this call.
export async function recall(run: QueueRun): Promise<void> {
  const { row } = run;
  const window =
    row.state === "called" && row.window_id != null
      ? await activeWindow(run.ctx, row.window_id)
      : await activeWindow(run.ctx, run.input.window_id ?? row.window_id);
  if (row.state === "skipped") await assertWindowFree(run.ctx, window, row.id);
  await run.change("queue", row.id, {
    window_id: window.id,
    last_called_at: new Date(),
    recalls: row.recalls + 1,
    finished_at: null,
  });
  await announce(run.ctx, { event: "recalled", code: row.code, window: window.name, lane: row.lane });
}
