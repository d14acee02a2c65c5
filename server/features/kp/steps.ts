import { z } from "zod";
import { todayInManila } from "../../../domain/dates.ts";
import { optionalCalendarDate, optionalText, requiredText } from "../../../domain/registry/fields.ts";
import type { CommandRun } from "../../engine/commands.ts";
import type { EntryRow } from "../../engine/engine.ts";
import { AppError, ValidationError } from "../../errors.ts";
import { addMonths, deadline, type Deadline, type KpRuleId } from "../../../domain/kp/deadlines.ts";
import { holidayDates } from "../holidays/queries.ts";

// What the steps of a KP case share (decision 200): the date a step is taken (the input's `date`,
// else today in Manila), never before the case's last recorded step; the hearings a step records;
// and the calendar arithmetic of the law's windows (calendar days, research notes §4).

/** A case as the engine reads it: its columns, its parties and its state in words. */
export type KpCaseRow = EntryRow<
  "kp_cases",
  {
    state_label: string;
    parties: { role: string; user_id: number | null; name: string | null; address: string | null; outside_city: boolean }[];
    /** The case's Pangkat, sitting members first (chair, secretary, member), then those who left. */
    pangkat: PangkatSeat[];
    /** The party who moved for execution (KP Form 23). */
    execution_movant: { position: number; role: string; name: string } | null;
  }
>;

/** A Lupon member's seat on a case's Pangkat, as a case read shows it. */
export interface PangkatSeat {
  id: number;
  lupon_member_id: number;
  name: string;
  user_id: number | null;
  role: "chair" | "secretary" | "member";
  chosen_by: "parties" | "lot";
  chosen_on: string;
  vacated_on: string | null;
  vacated_reason: string | null;
}

/** A step's run: the case as it was before the step, locked for its transaction. */
export type KpRun = CommandRun<KpCaseRow>;

/**
 * The step dates a later step may not precede. The transmittal to the court is not one: it runs
 * beside the execution, on a clock of its own (§419), and has its own floor (commands/transmit.ts).
 */
const STEP_DATES = [
  "filed_on",
  "summoned_on",
  "mediation_started_on",
  "referred_on",
  "pangkat_constituted_on",
  "conciliation_started_on",
  "conciliation_extended_on",
  "arbitration_agreed_on",
  "settled_on",
  "awarded_on",
  "repudiated_on",
  "execution_moved_on",
  "executed_on",
  "certified_on",
  "counterclaim_barred_on",
] as const;

export function parseInput<T extends z.ZodType>(schema: T, input: Record<string, unknown>): z.output<T> {
  const parsed = schema.safeParse(input);
  if (!parsed.success) throw ValidationError.fromZod(parsed.error);
  return parsed.data;
}

/** The day a step is taken: the input's `date` (not in the future, not before the last step), else today. */
export async function stepDate(run: KpRun): Promise<string> {
  const { date } = parseInput(z.object({ date: optionalCalendarDate("date", { notInFuture: true }) }), run.input);
  const day = date ?? todayInManila();
  const row = run.row;
  let last = row.filed_on;
  for (const key of STEP_DATES) {
    const value = row[key];
    if (value && value > last) last = value;
  }
  const heard = await run.ctx.db
    .selectFrom("kp_hearings")
    .select((eb) => eb.fn.max("held_on").as("last"))
    .where("case_id", "=", run.row.id)
    .where("deleted_at", "is", null)
    .executeTakeFirst();
  const lastHearing = heard?.last == null ? null : String(heard.last);
  if (lastHearing && lastHearing > last) last = lastHearing;
  if (day < last) throw ValidationError.field("date", `The date must not be before ${last}, the case's last recorded step.`);
  return day;
}

/** The minutes of a hearing a step records (optional). */
export function minutesOf(run: KpRun): string | null {
  return parseInput(z.object({ minutes: optionalText("minutes", 10000) }), run.input).minutes;
}

/** The terms of a settlement or award, in the language the parties know (§411): required. */
export function termsOf(run: KpRun): string {
  return parseInput(z.object({ terms: requiredText("terms", 10000) }), run.input).terms;
}

/** Records a hearing the step holds, as one of the step's recorded effects (audited under its name). */
export async function recordHearing(run: KpRun, kind: "mediation" | "conciliation" | "execution", heldOn: string): Promise<void> {
  await run.insert("kp_hearing", { case_id: run.row.id, kind, held_on: heldOn, minutes: minutesOf(run) });
}

/**
 * Deadlines of the law for this case (domain/kp/deadlines.ts, decision 201), each counted from
 * `from` on its rule's day basis, a last day on a closed day (weekend, the barangay's holidays)
 * moved to the next working day. The holidays are read once for all of them.
 */
export async function lawDeadlines(run: KpRun, from: string, ...rules: KpRuleId[]): Promise<Deadline[]> {
  const holidays = await holidayDates(run.ctx, from, addMonths(from, 7));
  return rules.map((rule) => deadline(rule, from, holidays));
}

/** The rule of the ten days in which a settlement is repudiated, or an award's nullity petitioned (§§416, 418). */
export function repudiationRule(what: "settlement" | "award"): KpRuleId {
  return what === "award" ? "award_nullification" : "settlement_repudiation";
}

/** The day a settlement or award was made: the start of its repudiation window and of execution's six months. */
export function finalDateOf(row: KpCaseRow): { date: string; what: "settlement" | "award" } {
  // A case reaches an award only through arbitration, a settlement only through mediation or
  // conciliation: it never holds both.
  if (row.awarded_on) return { date: row.awarded_on, what: "award" };
  if (row.settled_on) return { date: row.settled_on, what: "settlement" };
  throw new AppError(422, `Case ${row.docket_number} has no settlement or award.`);
}

/**
 * The Lupon's own execution of a settlement or award (§417): once it is final, after its ten days
 * to repudiate (§416), and within six months of it; later it is enforced through the court. The
 * motion for execution and the execution itself are both held to it.
 */
export async function assertExecutable(run: KpRun, date: string, act: "executed" | "moved for execution"): Promise<void> {
  const final = finalDateOf(run.row);
  const [repudiation, execution] = await lawDeadlines(run, final.date, repudiationRule(final.what), "execution");
  if (date <= repudiation.due)
    throw ValidationError.field(
      "date",
      act === "executed"
        ? `The ${final.what} of ${final.date} may be executed only once it is final, after the ten days to repudiate it (until ${repudiation.due}).`
        : `The ${final.what} of ${final.date} may be moved for execution only once it is final, after the ten days to repudiate it (until ${repudiation.due}).`,
    );
  if (date > execution.due)
    throw ValidationError.field(
      "date",
      `The Lupon executes a ${final.what} only within six months of it (§417): after ${execution.due} it is enforced through the court.`,
    );
}
