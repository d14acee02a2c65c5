import { stepDate, type KpRun } from "../steps.ts";

// The complainant withdraws the complaint; a reason, when given, is kept on the case.
export async function withdraw(run: KpRun): Promise<void> {
  await run.change("kp_case", run.row.id, { closed_on: await stepDate(run), outcome_reason: run.reason });
}
