import { stepDate, termsOf, type KpRun } from "../steps.ts";

// The amicable settlement (KP Form 16), in writing, in a language the parties know (§411); its
// terms are kept on the case. It becomes final when the ten days to repudiate it pass (§416).
export async function settle(run: KpRun): Promise<void> {
  const date = await stepDate(run);
  await run.change("kp_case", run.row.id, { settled_on: date, terms: termsOf(run) });
}
