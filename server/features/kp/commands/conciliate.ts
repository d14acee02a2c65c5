import { assertPangkatSits } from "../pangkat.ts";
import { recordHearing, stepDate, type KpRun } from "../steps.ts";

// A hearing before the Pangkat, with its minutes, once the Pangkat sits complete (constituted, its
// chair and secretary elected, no vacancy); the first one is its convening, which starts the
// fifteen days of conciliation (§410(e)).
export async function conciliate(run: KpRun): Promise<void> {
  await assertPangkatSits(run);
  const date = await stepDate(run);
  if (!run.row.conciliation_started_on) await run.change("kp_case", run.row.id, { conciliation_started_on: date });
  await recordHearing(run, "conciliation", date);
}
