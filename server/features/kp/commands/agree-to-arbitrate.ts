import { stepDate, type KpRun } from "../steps.ts";

// The parties' written agreement to abide by the arbitration award (KP Form 14, §413). Either may
// repudiate it within five days; the award comes after those.
export async function agreeToArbitrate(run: KpRun): Promise<void> {
  await run.change("kp_case", run.row.id, { arbitration_agreed_on: await stepDate(run) });
}
