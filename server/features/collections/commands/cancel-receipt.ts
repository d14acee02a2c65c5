import type { CommandRun } from "../../../engine/commands.ts";
import { receiptsCancelled } from "../../notifications/events.ts";

// Cancel an official receipt (the engine has moved it to the trash with its reason): a cancelled
// receipt paid nothing, so the certificates it paid are unpaid again, each change recorded so the
// restore gives them back to it exactly. The staff who follow receipts hear of it.
export async function cancelReceipt(run: CommandRun): Promise<void> {
  const paid = await run.ctx.db.selectFrom("transactions").select("id").where("collection_id", "=", run.row.id).orderBy("id").execute();
  for (const transaction of paid) await run.change("transaction", Number(transaction.id), { collection_id: null }, "unpaid");
  await receiptsCancelled(run.ctx, [run.row.id]);
}
