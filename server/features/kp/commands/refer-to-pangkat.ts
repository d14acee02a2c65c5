import type { CommandRun } from "../../../engine/commands.ts";
import { stepDate } from "../steps.ts";

// Mediation failed, or the respondent did not appear: the Pangkat ng Tagapagkasundo is to be
// constituted forthwith (§410(b), KP Forms 10 and 11).
export async function referToPangkat(run: CommandRun): Promise<void> {
  await run.change("kp_case", run.row.id, { referred_on: await stepDate(run) });
}
