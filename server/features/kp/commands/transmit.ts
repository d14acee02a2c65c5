import { z } from "zod";
import { todayInManila } from "../../../../domain/dates.ts";
import { optionalCalendarDate } from "../../../../domain/registry/fields.ts";
import { AppError, ValidationError } from "../../../errors.ts";
import { finalDateOf, lawDeadlines, parseInput, repudiationRule, type KpRun } from "../steps.ts";

// The Lupon secretary sends the settlement or award to the city or municipal court (§419): an award
// within five days of it, a settlement within five days after its ten days to repudiate have
// lapsed, so not before. It is sent once, whether or not the case was executed since. Its date has
// its own floor (the settlement's lapse, the award's day), not the case's last step: the execution
// runs beside it.
export async function transmit(run: KpRun): Promise<void> {
  const row = run.row;
  if (row.transmitted_on)
    throw new AppError(
      422,
      `The ${finalDateOf(row).what} of case ${row.docket_number} was transmitted to the court on ${row.transmitted_on}.`,
    );
  const { date: given } = parseInput(z.object({ date: optionalCalendarDate("date", { notInFuture: true }) }), run.input);
  const date = given ?? todayInManila();
  const final = finalDateOf(row);
  if (final.what === "settlement") {
    const [repudiation] = await lawDeadlines(run, final.date, repudiationRule("settlement"));
    if (date <= repudiation.due)
      throw ValidationError.field(
        "date",
        `The settlement of ${final.date} is transmitted once its ten days to repudiate have lapsed (§419): after ${repudiation.due}.`,
      );
  } else if (date < final.date) throw ValidationError.field("date", `The date must not be before ${final.date}, the day of the award.`);
  await run.change("kp_case", row.id, { transmitted_on: date });
}
