import { ValidationError } from "../../../errors.ts";
import { finalDateOf, lawDeadlines, recordHearing, minutesOf, repudiationRule, stepDate, type KpRun } from "../steps.ts";

// Execution by the Lupon (KP Forms 23–25): of a settlement or award that is final (its ten days to
// repudiate have passed, §416) and only within six months of it (§417); later, through the court.
// The hearing on the motion is recorded when its minutes are given.
export async function execute(run: KpRun): Promise<void> {
  const date = await stepDate(run);
  const final = finalDateOf(run.row);
  const [repudiation, execution] = await lawDeadlines(run, final.date, repudiationRule(final.what), "execution");
  const windowEnd = repudiation.due;
  if (date <= windowEnd)
    throw ValidationError.field(
      "date",
      `The ${final.what} of ${final.date} may be executed only once it is final, after the ten days to repudiate it (until ${windowEnd}).`,
    );
  const lastDay = execution.due;
  if (date > lastDay)
    throw ValidationError.field(
      "date",
      `The Lupon executes a ${final.what} only within six months of it (§417): after ${lastDay} it is enforced through the court.`,
    );
  await run.change("kp_case", run.row.id, { executed_on: date });
  if (minutesOf(run)) await recordHearing(run, "execution", date);
}
