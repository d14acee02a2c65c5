import { recordHearing, stepDate, type KpRun } from "../steps.ts";

// A meeting of the parties before the Punong Barangay, with its minutes. The first one starts the
// fifteen days of mediation (§410(b)).
export async function mediate(run: KpRun): Promise<void> {
  const date = await stepDate(run);
  if (!run.row.mediation_started_on) await run.change("kp_case", run.row.id, { mediation_started_on: date });
  await recordHearing(run, "mediation", date);
}
