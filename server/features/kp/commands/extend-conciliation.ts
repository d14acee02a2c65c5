import { z } from "zod";
import { AppError, ValidationError } from "../../../errors.ts";
import { KP_MAX_EXTENSION_DAYS } from "../../../../domain/registry/kp.ts";
import { lawDeadlines, parseInput, stepDate, type KpRun } from "../steps.ts";

const daysSchema = z.object({
  days: z.preprocess(
    (v) => (v === "" || v == null ? KP_MAX_EXTENSION_DAYS : v),
    z.coerce
      .number({ error: "The days must be a number." })
      .int("The days must be a whole number.")
      .min(1, "The days must be at least 1.")
      .max(KP_MAX_EXTENSION_DAYS, `The Pangkat extends its period by at most ${KP_MAX_EXTENSION_DAYS} days (§410(e)).`),
  ),
});

// The Pangkat extends its fifteen days, at its discretion, once and by at most fifteen more
// (§410(e)), while they still run: a period that has lapsed is not revived.
export async function extendConciliation(run: KpRun): Promise<void> {
  const row = run.row;
  if (row.conciliation_extended_on)
    throw new AppError(
      422,
      `The conciliation of case ${row.docket_number} was extended on ${row.conciliation_extended_on}: the law allows one extension (§410(e)).`,
    );
  const date = await stepDate(run);
  const { days } = parseInput(daysSchema, run.input);
  const convened = row.conciliation_started_on!;
  const [period] = await lawDeadlines(run, convened, "conciliation");
  if (date > period.due)
    throw ValidationError.field(
      "date",
      `The Pangkat's fifteen days from ${convened} ended on ${period.due} (§410(e)): a period that has run out is not extended.`,
    );
  await run.change("kp_case", row.id, { conciliation_extended_on: date, conciliation_extension_days: days });
}
