import { AppError } from "../../../errors.ts";
import { assertExecutable, recordHearing, minutesOf, stepDate, type KpRun } from "../steps.ts";

// Execution by the Lupon (KP Forms 24–25): on a party's motion (KP Form 23, move_for_execution), of
// a settlement or award that is final (its ten days to repudiate have passed, §416) and only within
// six months of it (§417); later, through the court. The hearing on the motion is recorded when its
// minutes are given.
export async function execute(run: KpRun): Promise<void> {
  if (!run.row.execution_moved_on)
    throw new AppError(
      422,
      `Case ${run.row.docket_number} has no motion for execution: the Lupon executes on a party's motion (KP Form 23); record the motion first.`,
    );
  const date = await stepDate(run);
  await assertExecutable(run, date, "executed");
  await run.change("kp_case", run.row.id, { executed_on: date });
  if (minutesOf(run)) await recordHearing(run, "execution", date);
}
