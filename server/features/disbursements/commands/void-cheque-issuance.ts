import type { CommandRun } from "../../../engine/commands.ts";
import { chequeVoided } from "../../notifications/events.ts";

// Void: the cheque, its number (spoiled), and the other live cheques of the same voucher with
// theirs, in one transaction; unvoid (`reverses: "void"`) puts back exactly these rows.
export async function voidChequeIssuance(run: CommandRun): Promise<void> {
  const actor = run.ctx.user?.id ?? null;
  const voucherId = Number(run.row.disbursement_id);
  const spoil = async (chequeNumberId: number, reason: string) =>
    run.change("cheque_number", chequeNumberId, { state: "void", void_reason: reason, deleted_at: new Date(), deleted_by: actor });
  await run.change("cheque_issuance", run.row.id, { void_reason: run.reason });
  await spoil(Number(run.row.cheque_number_id), `Cheque voided: ${run.reason ?? ""}`.trim());
  const tied = await run.ctx.db
    .selectFrom("cheque_issuances as ci")
    .innerJoin("cheque_numbers as n", "n.id", "ci.cheque_number_id")
    .select(["ci.id", "ci.cheque_number_id", "n.number"])
    .where("ci.disbursement_id", "=", voucherId)
    .where("ci.id", "<>", run.row.id)
    .where("ci.state", "=", "issued")
    .where("ci.deleted_at", "is", null)
    .orderBy("ci.id")
    .execute();
  const reason = `Voided with cheque ${String(run.row.number)} of the same voucher: ${run.reason ?? ""}`.trim();
  for (const cheque of tied) {
    await run.change("cheque_issuance", Number(cheque.id), { state: "void", void_reason: reason });
    await spoil(Number(cheque.cheque_number_id), reason);
  }
  // The staff who see cheques hear of it, in this transaction.
  const voided = { number: String(run.row.number), payee: String(run.row.payee), amount: String(run.row.amount) };
  await chequeVoided(run.ctx, { id: Number(run.row.id), ...voided, reason: run.reason ?? null });
}
