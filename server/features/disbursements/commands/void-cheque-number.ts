import type { CommandRun } from "../../../engine/commands.ts";

// Void a spoiled leaf: it keeps its reason and leaves the available numbers; unvoid (the recorded
// reversal) puts back exactly what this changed.
export async function voidChequeNumber(run: CommandRun): Promise<void> {
  await run.change("cheque_number", run.row.id, { void_reason: run.reason, deleted_at: new Date(), deleted_by: run.ctx.user?.id ?? null });
}
