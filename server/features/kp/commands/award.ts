import { ValidationError } from "../../../errors.ts";
import { lawDeadlines, stepDate, termsOf, type KpRun } from "../steps.ts";

// The arbitration award (KP Form 15), made only after the five days in which the agreement to
// arbitrate may be repudiated (§413); its terms are kept on the case.
export async function award(run: KpRun): Promise<void> {
  const date = await stepDate(run);
  const terms = termsOf(run);
  const agreed = run.row.arbitration_agreed_on;
  const earliest = agreed ? (await lawDeadlines(run, agreed, "arbitration_award"))[0].earliest : undefined;
  if (agreed && earliest && date < earliest)
    throw ValidationError.field(
      "date",
      `The award may be made only after the five days in which a party may repudiate the agreement to arbitrate of ${agreed} (§413): from ${earliest}.`,
    );
  await run.change("kp_case", run.row.id, { awarded_on: date, terms });
}
