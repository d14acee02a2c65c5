import { stepDate, type KpRun } from "../steps.ts";

// The certification to file action (KP Form 20, 20-A or 20-B): no settlement before the Pangkat, a
// repudiation, or the respondent absent before it (§412(a)). The parties may go to court.
export async function certifyFileAction(run: KpRun): Promise<void> {
  await run.change("kp_case", run.row.id, { certified_on: await stepDate(run) });
}
