import { constitute } from "../pangkat.ts";
import { stepDate, type KpRun } from "../steps.ts";

// The Pangkat ng Tagapagkasundo constituted for the case (KP Forms 10 and 11, §404): three Lupon
// members chosen by the parties, or drawn by lot by the server when they do not agree. The case
// stays with the Pangkat; its first hearing (conciliate) is its convening, due within three days
// (§410(e)).
export async function constitutePangkat(run: KpRun): Promise<void> {
  await constitute(run, await stepDate(run));
}
