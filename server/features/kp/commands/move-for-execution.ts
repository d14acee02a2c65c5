import { z } from "zod";
import { AppError, ValidationError } from "../../../errors.ts";
import { assertExecutable, parseInput, stepDate, type KpRun } from "../steps.ts";

const movantSchema = z.object({
  movant: z.coerce
    .number({ error: "The movant field is required." })
    .int("The selected movant is invalid.")
    .min(0, "The selected movant is invalid."),
});

// The motion for execution (KP Form 23): a party to a final settlement or award that was not
// complied with moves the Lupon to execute it, within the six months the Lupon may (§417). It
// starts the five days in which the Punong Barangay hears it (KP Rules VII, KP Form 24). The movant
// is named by its place in the case's parties, as a case read lists them.
export async function moveForExecution(run: KpRun): Promise<void> {
  const row = run.row;
  if (row.execution_moved_on)
    throw new AppError(422, `Execution of case ${row.docket_number} was moved on ${row.execution_moved_on}; it is heard on that motion.`);
  const date = await stepDate(run);
  if (run.input.movant == null || run.input.movant === "") throw ValidationError.field("movant", "The movant field is required.");
  const { movant } = parseInput(movantSchema, run.input);
  const party = row.parties[movant];
  if (!party) throw ValidationError.field("movant", "The selected movant is invalid.");
  if (party.role === "witness")
    throw ValidationError.field("movant", "A witness is no party: a complainant or a respondent moves for execution.");
  await assertExecutable(run, date, "moved for execution");
  const stored = await run.ctx.db
    .selectFrom("kp_case_parties")
    .select("id")
    .where("case_id", "=", row.id)
    .where("position", "=", movant)
    .executeTakeFirstOrThrow();
  await run.change("kp_case", row.id, { execution_moved_on: date, execution_movant_party_id: Number(stored.id) });
}
