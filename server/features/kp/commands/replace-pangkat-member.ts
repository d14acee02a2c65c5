import { replace } from "../pangkat.ts";
import { stepDate, type KpRun } from "../steps.ts";

// A vacancy in the Pangkat (a member resigns, is disqualified, dies) is filled the way the three were
// chosen (§404): the cause is the command's reason, kept on the closed seat.
export async function replacePangkatMember(run: KpRun): Promise<void> {
  await replace(run, await stepDate(run));
}
