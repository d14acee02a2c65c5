import { AppError } from "../../../errors.ts";
import { stepDate, type KpRun } from "../steps.ts";

// The certification to bar counterclaim (KP Form 22): the respondent wilfully failed to appear
// (the command's reason). The case goes on; the respondent may not bring a counterclaim in court.
export async function certifyBarCounterclaim(run: KpRun): Promise<void> {
  const row = run.row;
  if (row.counterclaim_barred_on)
    throw new AppError(
      422,
      `The respondent of case ${row.docket_number} was already barred from a counterclaim on ${row.counterclaim_barred_on}.`,
    );
  await run.change("kp_case", run.row.id, { counterclaim_barred_on: await stepDate(run) });
}
