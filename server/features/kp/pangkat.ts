import { randomInt } from "node:crypto";
import { z } from "zod";
import { idOfObject, requiredEnum } from "../../../domain/registry/fields.ts";
import { PANGKAT_CHOICES, PANGKAT_SIZE, type PangkatChoice } from "../../../domain/registry/kp.ts";
import { AppError, ValidationError } from "../../errors.ts";
import { parseInput, type KpRun } from "./steps.ts";

// The Pangkat ng Tagapagkasundo of a case (RA 7160 §§404–405, decision 202): three Lupon members
// chosen by the parties from the Lupon's list or, when they do not agree, drawn by lot; the three
// elect their chair and secretary; a vacancy is filled the same way. Who may sit is read from the
// records on the day: a member (not the chair, who mediated, nor the Lupon secretary, who keeps the
// records, §403) serving that day, who is neither a party nor a witness of the case.

/** The Pangkat's rows as the recorder writes them (a table outside the registry). */
export const PANGKAT_TARGET = { entity: "kp_pangkat_member", table: "kp_pangkat_members" } as const;

interface Candidate {
  id: number;
  name: string;
}

/** A sitting seat of the case's Pangkat, read for a step. */
export interface Seat {
  id: number;
  lupon_member_id: number;
  name: string;
  role: "chair" | "secretary" | "member";
}

const lower = (s: string) => s.trim().replace(/\s+/g, " ").toLowerCase();

/** The case's sitting Pangkat, by seat. */
export async function sittingPangkat(run: KpRun): Promise<Seat[]> {
  const rows = await run.ctx.db
    .selectFrom("kp_pangkat_members as pm")
    .innerJoin("lupon_members as lm", "lm.id", "pm.lupon_member_id")
    .select(["pm.id", "pm.lupon_member_id", "lm.name", "pm.role"])
    .where("pm.case_id", "=", run.row.id)
    .where("pm.vacated_on", "is", null)
    .orderBy("pm.id")
    .execute();
  return rows.map((r) => ({ ...r, id: Number(r.id), lupon_member_id: Number(r.lupon_member_id) }));
}

/** Who may sit on this case's Pangkat on `date` (the pool), and why each other Lupon member may not. */
async function eligibility(run: KpRun, date: string): Promise<{ pool: Candidate[]; refusals: Map<number, string> }> {
  const members = await run.ctx.db
    .selectFrom("lupon_members")
    .select(["id", "name", "user_id", "position", "term_start", "term_end", "deleted_at"])
    .orderBy("id")
    .execute();
  const partyUsers = new Set(run.row.parties.map((p) => p.user_id).filter((id): id is number => id != null));
  const partyNames = new Set(
    run.row.parties
      .map((p) => p.name)
      .filter((n): n is string => !!n)
      .map(lower),
  );
  const refusals = new Map<number, string>();
  const pool: Candidate[] = [];
  for (const m of members) {
    const id = Number(m.id);
    let refusal: string | null = null;
    if (m.deleted_at) refusal = `${m.name} is no longer on the Lupon's list.`;
    else if (m.position === "chair")
      refusal = `${m.name} is the Lupon's chair, who mediated the dispute: the Pangkat is chosen from the Lupon's members (§§399, 404).`;
    else if (m.position === "secretary")
      refusal = `${m.name} is the Lupon secretary, who keeps the Pangkat's records (§403): the Pangkat is chosen from the Lupon's members.`;
    else if (m.term_start > date || (m.term_end != null && m.term_end < date))
      refusal = `${m.name} is not serving on the Lupon on ${date} (term ${m.term_start} to ${m.term_end ?? "now"}).`;
    else if ((m.user_id != null && partyUsers.has(Number(m.user_id))) || partyNames.has(lower(m.name)))
      refusal = `${m.name} is a party or witness of case ${run.row.docket_number} and may not sit on its Pangkat.`;
    if (refusal) refusals.set(id, refusal);
    else pool.push({ id, name: m.name });
  }
  return { pool, refusals };
}

/**
 * Draws `count` of the pool by lot with the operating system's cryptographic random numbers
 * (node:crypto randomInt): a partial Fisher–Yates shuffle over the pool in id order. Answers the
 * picks and the draw as the audit keeps it: the pool, each random number drawn and the picks, so
 * anyone can replay the draw from its record.
 */
export function drawByLot(pool: readonly Candidate[], count: number): { picks: Candidate[]; draw: Record<string, unknown> } {
  const order = [...pool];
  const numbers: number[] = [];
  for (let i = 0; i < count; i++) {
    const j = i + randomInt(order.length - i);
    numbers.push(j - i);
    [order[i], order[j]] = [order[j], order[i]];
  }
  const picks = order.slice(0, count);
  return {
    picks,
    draw: {
      method: "node:crypto randomInt, partial Fisher-Yates over the pool in id order",
      pool: pool.map((c) => c.id),
      numbers,
      picks: picks.map((c) => c.id),
    },
  };
}

const choiceSchema = z.object({ chosen_by: requiredEnum("chosen_by", PANGKAT_CHOICES) });

/** A Lupon member's id as an input gives it (a number, a numeric text, or `{id}`); null when empty. */
function memberId(value: unknown): number | null {
  const raw = idOfObject(value);
  if (raw == null || raw === "") return null;
  const n = Number(raw);
  return Number.isInteger(n) && n > 0 ? n : NaN;
}

function chosenBy(run: KpRun): PangkatChoice {
  return parseInput(choiceSchema, run.input).chosen_by;
}

/** The chair and secretary the input names, each one of `memberIds` (the Pangkat as it will sit); both or neither. */
function officers(run: KpRun, memberIds: readonly number[], required: boolean): { chair: number; secretary: number } | null {
  const chair = memberId(run.input.chair_id);
  const secretary = memberId(run.input.secretary_id);
  const errors: Record<string, string[]> = {};
  const check = (key: "chair_id" | "secretary_id", id: number | null, label: string) => {
    if (id == null) {
      if (required) errors[key] = [`The ${label} field is required.`];
    } else if (!memberIds.includes(id)) errors[key] = [`The ${label} is elected from the Pangkat's three members (§404).`];
  };
  check("chair_id", chair, "Pangkat chair");
  check("secretary_id", secretary, "Pangkat secretary");
  if (chair != null && chair === secretary) errors.secretary_id = ["The Pangkat's chair and secretary are two of its members."];
  if ((chair == null) !== (secretary == null) && !errors.chair_id && !errors.secretary_id)
    errors[chair == null ? "chair_id" : "secretary_id"] = ["The three elect a chair and a secretary together: name both, or neither yet."];
  if (Object.keys(errors).length) throw new ValidationError(errors);
  return chair != null && secretary != null ? { chair, secretary } : null;
}

const roleOf = (id: number, elected: { chair: number; secretary: number } | null) =>
  elected?.chair === id ? "chair" : elected?.secretary === id ? "secretary" : "member";

/**
 * Constitutes the case's Pangkat on `date`: the parties' three, each checked against the records,
 * or three drawn by lot from every member who may sit. Answers nothing; the seats are recorded rows.
 */
export async function constitute(run: KpRun, date: string): Promise<void> {
  const row = run.row;
  if (row.pangkat_constituted_on)
    throw new AppError(
      422,
      `The Pangkat of case ${row.docket_number} was constituted on ${row.pangkat_constituted_on}; a vacancy is filled by "Fill a Pangkat vacancy" (§404).`,
    );
  const how = chosenBy(run);
  const { pool, refusals } = await eligibility(run, date);
  let seats: Candidate[];
  let draw: Record<string, unknown> | null = null;
  const given = Array.isArray(run.input.members) ? run.input.members.map(memberId) : [];
  if (how === "parties") {
    if (!Array.isArray(run.input.members) || given.length !== PANGKAT_SIZE || given.some((id) => id == null || Number.isNaN(id)))
      throw ValidationError.field("members", "The parties choose three Lupon members (§404).");
    const ids = given as number[];
    if (new Set(ids).size !== PANGKAT_SIZE) throw ValidationError.field("members", "The three members are three different persons.");
    const known = new Map(pool.map((c) => [c.id, c]));
    const problems = ids.map((id) => refusals.get(id) ?? (known.has(id) ? null : "The selected Lupon member is invalid."));
    const first = problems.find((p) => p != null);
    if (first) throw ValidationError.field("members", first);
    seats = ids.map((id) => known.get(id)!);
  } else {
    if (given.length > 0) throw ValidationError.field("members", "Drawn by lot, the three are drawn by the server: choose none (§404).");
    if (pool.length < PANGKAT_SIZE)
      throw new AppError(
        422,
        pool.length === 1
          ? `Only 1 Lupon member may sit on the Pangkat of case ${row.docket_number} on ${date}: three are drawn (§404).`
          : `Only ${pool.length} Lupon members may sit on the Pangkat of case ${row.docket_number} on ${date}: three are drawn (§404).`,
      );
    ({ picks: seats, draw } = drawByLot(pool, PANGKAT_SIZE));
  }
  const elected = officers(
    run,
    seats.map((s) => s.id),
    false,
  );
  for (const seat of seats)
    await run.insert(PANGKAT_TARGET, {
      case_id: row.id,
      lupon_member_id: seat.id,
      role: roleOf(seat.id, elected),
      chosen_by: how,
      chosen_on: date,
      draw: draw && JSON.stringify(draw),
    });
  await run.change("kp_case", row.id, { pangkat_constituted_on: date });
}

/** The three elect their chair and secretary (§404); a re-election after a vacancy moves the roles again. */
export async function elect(run: KpRun): Promise<void> {
  const seats = await sittingPangkat(run);
  if (!run.row.pangkat_constituted_on || seats.length === 0)
    throw new AppError(422, `The Pangkat of case ${run.row.docket_number} is not constituted yet (§404).`);
  const elected = officers(
    run,
    seats.map((s) => s.lupon_member_id),
    true,
  )!;
  const changes = seats.map((s) => ({ seat: s, role: roleOf(s.lupon_member_id, elected) })).filter((c) => c.seat.role !== c.role);
  // One chair and one secretary at a time (a unique index): a seat that gives up its office does so
  // before another takes it, so a swap of the two never holds two of one office.
  for (const c of changes) if (c.seat.role !== "member") await run.change(PANGKAT_TARGET, c.seat.id, { role: "member" });
  for (const c of changes) if (c.role !== "member") await run.change(PANGKAT_TARGET, c.seat.id, { role: c.role });
}

/**
 * A vacancy (§404): the leaving member's seat is closed with the day and the cause (the command's
 * reason) and a replacement is chosen the way the three were, never one who sat on this case
 * before. The replacement sits as a member: when an officer left, the three elect again.
 */
export async function replace(run: KpRun, date: string): Promise<void> {
  const row = run.row;
  const seats = await sittingPangkat(run);
  if (!row.pangkat_constituted_on || seats.length === 0)
    throw new AppError(422, `The Pangkat of case ${row.docket_number} is not constituted yet (§404).`);
  const leaving = memberId(run.input.lupon_member_id);
  const seat = seats.find((s) => s.lupon_member_id === leaving);
  if (!seat) throw ValidationError.field("lupon_member_id", "Choose a member who sits on the case's Pangkat.");
  const how = chosenBy(run);
  const sat = await run.ctx.db.selectFrom("kp_pangkat_members").select("lupon_member_id").where("case_id", "=", row.id).execute();
  const satBefore = new Set(sat.map((s) => Number(s.lupon_member_id)));
  const { pool, refusals } = await eligibility(run, date);
  const open = pool.filter((c) => !satBefore.has(c.id));
  let replacement: Candidate;
  let draw: Record<string, unknown> | null = null;
  const chosen = memberId(run.input.replacement_id);
  if (how === "parties") {
    if (chosen == null || Number.isNaN(chosen)) throw ValidationError.field("replacement_id", "The parties choose the replacement (§404).");
    const refusal = refusals.get(chosen);
    if (refusal) throw ValidationError.field("replacement_id", refusal);
    if (satBefore.has(chosen))
      throw ValidationError.field("replacement_id", "The replacement has sat on this case's Pangkat already; choose another member.");
    const found = open.find((c) => c.id === chosen);
    if (!found) throw ValidationError.field("replacement_id", "The selected Lupon member is invalid.");
    replacement = found;
  } else {
    if (chosen != null) throw ValidationError.field("replacement_id", "Drawn by lot, the replacement is drawn by the server: choose none.");
    if (open.length === 0)
      throw new AppError(422, `No other Lupon member may sit on the Pangkat of case ${row.docket_number} on ${date}: none is drawn.`);
    const drawn = drawByLot(open, 1);
    [replacement] = drawn.picks;
    draw = drawn.draw;
  }
  await run.change(PANGKAT_TARGET, seat.id, { vacated_on: date, vacated_reason: run.reason ?? "no reason given" });
  await run.insert(PANGKAT_TARGET, {
    case_id: row.id,
    lupon_member_id: replacement.id,
    role: "member",
    chosen_by: how,
    chosen_on: date,
    draw: draw && JSON.stringify(draw),
    replaces_id: seat.id,
  });
}

/**
 * The Pangkat is ready to hear the case: constituted, three sitting, a chair to preside and a
 * secretary to keep the minutes (§404). Throws the law's reason otherwise.
 */
export async function assertPangkatSits(run: KpRun): Promise<void> {
  const row = run.row;
  if (!row.pangkat_constituted_on)
    throw new AppError(
      422,
      `The Pangkat of case ${row.docket_number} is not constituted yet: the Pangkat conciliates once its three members are chosen or drawn (§§404, 410(d)).`,
    );
  const seats = await sittingPangkat(run);
  if (seats.length < PANGKAT_SIZE)
    throw new AppError(422, `The Pangkat of case ${row.docket_number} has a vacancy: fill it before it hears the case (§404).`);
  if (!seats.some((s) => s.role === "chair") || !seats.some((s) => s.role === "secretary"))
    throw new AppError(
      422,
      `The Pangkat of case ${row.docket_number} has not elected its chair and secretary: the chair presides and the secretary keeps the minutes (§404).`,
    );
}
