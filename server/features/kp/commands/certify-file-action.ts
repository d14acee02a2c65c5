import { AppError } from "../../../errors.ts";
import { stepDate, type KpRun } from "../steps.ts";

// The certification to file action (KP Form 20, 20-A or 20-B): no settlement before the Pangkat, a
// repudiation, or the respondent absent before it (§412(a)). The parties may go to court. A case
// referred to the Pangkat is certified only once its Pangkat was constituted: the respondent's
// absence before the Punong Barangay does not spare it (KP Rules VI §8).
export async function certifyFileAction(run: KpRun): Promise<void> {
  const row = run.row;
  if (row.state === "pangkat" && !row.pangkat_constituted_on)
    throw new AppError(
      422,
      `The Pangkat of case ${row.docket_number} is not constituted yet: a certification to file action is issued only after the Pangkat has been constituted and failed to settle (§412(a)).`,
    );
  await run.change("kp_case", row.id, { certified_on: await stepDate(run) });
}
