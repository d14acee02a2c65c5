import { stepDate, type KpRun } from "../steps.ts";

// Mediation failed, or the respondent did not appear: the Pangkat ng Tagapagkasundo is to be
// constituted forthwith (§410(b), KP Forms 10 and 11).
export async function referToPangkat(run: KpRun): Promise<void> {
  await run.change("kp_case", run.row.id, { referred_on: await stepDate(run) });
}
