import type { CommandRun } from "../../../engine/commands.ts";

// A voided (spoiled) form keeps its reason; unvoid, the recorded reversal, clears it again.
export async function voidFormNumber(run: CommandRun): Promise<void> {
  await run.change("form_number", run.row.id, { void_reason: run.reason });
}
