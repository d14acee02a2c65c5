import { stepDate, type KpRun } from "../steps.ts";

// The certification to bar action (KP Form 21): the complainant wilfully failed to appear, found
// after a hearing (the command's reason, KP Rules VI §8). The complaint may not go to court.
export async function certifyBarAction(run: KpRun): Promise<void> {
  await run.change("kp_case", run.row.id, { certified_on: await stepDate(run), outcome_reason: run.reason });
}
