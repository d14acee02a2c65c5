import { stepDate, type KpRun } from "../steps.ts";

// Summons to the respondent and notice to the complainant (KP Forms 9 and 8), due the next working
// day after filing (§410(a)). Its recorded reversal (`recall_summons`) clears the date again.
export async function summon(run: KpRun): Promise<void> {
  await run.change("kp_case", run.row.id, { summoned_on: await stepDate(run) });
}
