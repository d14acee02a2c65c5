import type { CommandRun } from "../../../engine/commands.ts";
import { caseOf, recordHearing, stepDate } from "../steps.ts";

// A meeting of the parties before the Punong Barangay, with its minutes. The first one starts the
// fifteen days of mediation (§410(b)).
export async function mediate(run: CommandRun): Promise<void> {
  const date = await stepDate(run);
  if (!caseOf(run).mediation_started_on) await run.change("kp_case", run.row.id, { mediation_started_on: date });
  await recordHearing(run, "mediation", date);
}
