import { sql } from "kysely";
import { z } from "zod";
import { can } from "../../../domain/permissions.ts";
import { householdMemberSchema } from "../../../domain/registry/people.ts";
import { requiredId } from "../../../domain/registry/fields.ts";
import type { ServiceContext } from "../../context.ts";
import { forbidden, ValidationError } from "../../errors.ts";
import { fullNameOf } from "../../engine/people-sql.ts";

// Household rules beyond the engine: a person belongs to at most one active
// household, as its head or as a member; check_household (spec §7.3) tells before saving, the
// engine's hooks refuse on save, and a restore is refused when it would break the rule.

export interface HouseholdPeople {
  household_head_user_id: number;
  members: { user_id: number; relation_to_head?: string }[];
}

export interface HouseholdConflict {
  user_id: number;
  fullname: string;
  household_id: number;
  head_name: string;
  purok: string | null;
  as_head: boolean;
}

/** "Juan Dela Cruz already belongs to the household of Pedro Santos (Purok 2)." A household is named by its head, never its number. */
export function conflictMessage(c: HouseholdConflict): string {
  const where = c.purok ? ` (${c.purok})` : "";
  return c.as_head
    ? `${c.fullname} already heads another household${where}.`
    : `${c.fullname} already belongs to the household of ${c.head_name}${where}.`;
}

/** People of the given ids who are in an active household other than `exceptId`. */
export async function householdConflicts(
  ctx: Pick<ServiceContext, "db">,
  userIds: number[],
  exceptId: number | null,
): Promise<HouseholdConflict[]> {
  if (userIds.length === 0) return [];
  const db = ctx.db;
  const rows = (
    await sql<HouseholdConflict>`
    select x.user_id, ${fullNameOf("p")} as fullname, h.id as household_id, coalesce(h.head_name, '') as head_name, pk.name as purok, x.as_head
    from (
      select h.id as household_id, h.household_head_user_id as user_id, true as as_head from households h
        where h.deleted_at is null and h.household_head_user_id in (${sql.join(userIds)})
      union all
      select m.household_id, m.user_id, false from household_members m join households h on h.id = m.household_id
        where h.deleted_at is null and m.user_id in (${sql.join(userIds)})
    ) x
    join households h on h.id = x.household_id
    join user_profiles p on p.user_id = x.user_id
    left join puroks pk on pk.id = h.purok_id
    where ${exceptId == null ? sql`true` : sql`h.id <> ${exceptId}`}
    order by x.user_id, h.id
  `.execute(db)
  ).rows;
  return rows.map((r) => ({ ...r, user_id: Number(r.user_id), household_id: Number(r.household_id) }));
}

/**
 * The head and members must be active residents; locks their user rows so two households saved at
 * once cannot both take the same person. Errors are keyed by the field they came from.
 */
export async function assertActiveResidents(ctx: Pick<ServiceContext, "db">, people: HouseholdPeople): Promise<Map<number, string>> {
  const ids = [people.household_head_user_id, ...people.members.map((m) => m.user_id)];
  const db = ctx.db;
  const rows = await db
    .selectFrom("users as u")
    .innerJoin("user_profiles as p", "p.user_id", "u.id")
    .select(["u.id", "u.kind", "u.deleted_at", fullNameOf("p").as("fullname")])
    .where("u.id", "in", ids)
    .orderBy("u.id")
    .forUpdate()
    .execute();
  const found = new Map(rows.map((r) => [Number(r.id), r]));
  const errors: Record<string, string[]> = {};
  const check = (id: number, key: string, what: string) => {
    const row = found.get(id);
    if (!row || row.kind !== "resident") errors[key] = [`The selected ${what} is not a registered resident.`];
    else if (row.deleted_at) errors[key] = [`${row.fullname} is in the trash; restore the resident first.`];
  };
  check(people.household_head_user_id, "household_head_user_id", "household head");
  people.members.forEach((m, i) => check(m.user_id, `members.${i}.user_id`, "member"));
  if (Object.keys(errors).length) throw new ValidationError(errors);
  return new Map(rows.map((r) => [Number(r.id), r.fullname]));
}

/** Refuses (422) when a person of the household is already in another active household. */
export async function assertNoConflicts(ctx: Pick<ServiceContext, "db">, people: HouseholdPeople, exceptId: number | null): Promise<void> {
  const conflicts = await householdConflicts(ctx, [people.household_head_user_id, ...people.members.map((m) => m.user_id)], exceptId);
  if (conflicts.length === 0) return;
  const errors: Record<string, string[]> = {};
  for (const c of conflicts) {
    const key =
      c.user_id === people.household_head_user_id
        ? "household_head_user_id"
        : `members.${people.members.findIndex((m) => m.user_id === c.user_id)}.user_id`;
    (errors[key] ??= []).push(conflictMessage(c));
  }
  throw new ValidationError(errors);
}

const checkInput = z.object({
  id: z.coerce.number().int().positive().nullish(),
  household_head_user_id: requiredId("household_head_user_id"),
  members: z
    .array(householdMemberSchema.partial({ relation_to_head: true }))
    .max(60)
    .nullish()
    .transform((v) => v ?? []),
});

/**
 * POST household/check_household (spec §7.3): run before create (and update). Answers 200 when
 * every person is free, 422 naming the other household otherwise. Changes nothing.
 */
export async function checkHousehold(ctx: ServiceContext, input: unknown): Promise<{ available: true }> {
  if (!ctx.user) throw forbidden();
  if (!can(ctx.user, "create-household") && !can(ctx.user, "update-household")) throw forbidden();
  const parsed = checkInput.safeParse(input ?? {});
  if (!parsed.success) throw ValidationError.fromZod(parsed.error);
  const people = { household_head_user_id: parsed.data.household_head_user_id, members: parsed.data.members };
  await assertActiveResidents(ctx, people);
  await assertNoConflicts(ctx, people, parsed.data.id ?? null);
  return { available: true };
}

/** Before restoring trashed households: each one's people must not have joined another since. */
export async function assertHouseholdsRestorable(ctx: Pick<ServiceContext, "db">, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  const db = ctx.db;
  const households = await db
    .selectFrom("households")
    .select(["id", "household_head_user_id"])
    .where("id", "in", ids)
    .where("deleted_at", "is not", null)
    .execute();
  const claimed = new Map<number, number>();
  for (const h of households) {
    const members = await db.selectFrom("household_members").select("user_id").where("household_id", "=", h.id).execute();
    const people = [Number(h.household_head_user_id), ...members.map((m) => Number(m.user_id))];
    const conflicts = await householdConflicts(ctx, people, h.id);
    if (conflicts.length) throw new ValidationError({ ids: [`Household #${h.id} cannot be restored: ${conflictMessage(conflicts[0])}`] });
    // Two trashed households of the same person restored together would clash too.
    for (const person of people) {
      const other = claimed.get(person);
      if (other != null) throw new ValidationError({ ids: [`Households #${other} and #${h.id} share a person; restore one of them.`] });
      claimed.set(person, h.id);
    }
  }
}

/** Heads of active households cannot be deleted: the household would be left without one. */
export async function assertNotHeads(ctx: Pick<ServiceContext, "db">, userIds: number[]): Promise<void> {
  if (userIds.length === 0) return;
  const db = ctx.db;
  const head = await db
    .selectFrom("households as h")
    .innerJoin("user_profiles as p", "p.user_id", "h.household_head_user_id")
    .leftJoin("puroks as pk", "pk.id", "h.purok_id")
    .select(["h.id", fullNameOf("p").as("fullname"), "pk.name as purok"])
    .where("h.household_head_user_id", "in", userIds)
    .where("h.deleted_at", "is", null)
    .executeTakeFirst();
  if (head) {
    throw new ValidationError({
      ids: [
        head.purok
          ? `${head.fullname} heads a household (${head.purok}). Choose another head or delete that household first.`
          : `${head.fullname} heads a household. Choose another head or delete that household first.`,
      ],
    });
  }
}
