import { stepDate, type KpRun } from "../steps.ts";

// The case is dismissed (found outside the Lupon's authority after filing, or otherwise ended by
// the chair), with the reason kept on the case.
export async function dismiss(run: KpRun): Promise<void> {
  await run.change("kp_case", run.row.id, { closed_on: await stepDate(run), outcome_reason: run.reason });
}
