import { elect } from "../pangkat.ts";
import { stepDate, type KpRun } from "../steps.ts";

// The three members of the Pangkat elect its chair, who presides and attests, and its secretary,
// who keeps the minutes (§404); again after a vacancy took an officer.
export async function electPangkatOfficers(run: KpRun): Promise<void> {
  await stepDate(run);
  await elect(run);
}
