import type { CommandRun } from "../../../engine/commands.ts";
import { AppError } from "../../../errors.ts";
import { caseOf, stepDate } from "../steps.ts";

// The certification to bar counterclaim (KP Form 22): the respondent wilfully failed to appear
// (the command's reason). The case goes on; the respondent may not bring a counterclaim in court.
export async function certifyBarCounterclaim(run: CommandRun): Promise<void> {
  const row = caseOf(run);
  if (row.counterclaim_barred_on)
    throw new AppError(
      422,
      `The respondent of case ${row.docket_number} was already barred from a counterclaim on ${row.counterclaim_barred_on}.`,
    );
  await run.change("kp_case", run.row.id, { counterclaim_barred_on: await stepDate(run) });
}
