import { ValidationError } from "../../../errors.ts";
import { finalDateOf, lawDeadlines, repudiationRule, stepDate, type KpRun } from "../steps.ts";

// A party repudiates the settlement or award (KP Form 17) by a sworn statement, on the ground of
// consent vitiated by fraud, violence or intimidation (the command's reason), within ten days of it
// (§418), counted as decision 201 counts (a last day on a closed day moves to the next working day);
// after them it is final. The case then goes to a certification to file action. The ground is kept on
// the case, as a bar's finding or a dismissal's reason is, so the record book shows it.
export async function repudiate(run: KpRun): Promise<void> {
  const date = await stepDate(run);
  const final = finalDateOf(run.row);
  const [repudiation] = await lawDeadlines(run, final.date, repudiationRule(final.what));
  const lastDay = repudiation.due;
  if (date > lastDay)
    throw ValidationError.field(
      "date",
      `The ten days to repudiate the ${final.what} of ${final.date} ended on ${lastDay} (§418): it is final and may only be executed.`,
    );
  await run.change("kp_case", run.row.id, { repudiated_on: date, outcome_reason: run.reason });
}
