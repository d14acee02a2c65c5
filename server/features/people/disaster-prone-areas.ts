import { z } from "zod";
import { can } from "../../../domain/permissions.ts";
import { requiredId } from "../../../domain/registry/fields.ts";
import type { ServiceContext } from "../../context.ts";
import { forbidden, ValidationError } from "../../errors.ts";

// A purok is listed as disaster-prone at most once while active. check_disaster_prone_area
// (spec §7.3) tells before saving and answers with the existing entry; the engine's hook refuses on
// save; a restore that would make a second active entry is refused.

export interface ExistingArea {
  id: number;
  purok_id: number;
  purok: { id: number; name: string };
  disaster_types: string[];
  affected_area: string;
}

export function alreadyListedMessage(existing: ExistingArea): string {
  return `${existing.purok.name} is already listed as disaster-prone (${existing.disaster_types.join(", ")}). Edit that entry instead.`;
}

/** The active entry of a purok, other than `exceptId`. */
export async function activeAreaOfPurok(
  ctx: Pick<ServiceContext, "db">,
  purokId: number,
  exceptId: number | null,
): Promise<ExistingArea | null> {
  let q = ctx.db
    .selectFrom("disaster_prone_areas as d")
    .innerJoin("puroks as p", "p.id", "d.purok_id")
    .select(["d.id", "d.purok_id", "d.disaster_types", "d.affected_area", "p.name as purok_name"])
    .where("d.purok_id", "=", purokId)
    .where("d.deleted_at", "is", null);
  if (exceptId != null) q = q.where("d.id", "<>", exceptId);
  const row = await q.executeTakeFirst();
  if (!row) return null;
  return {
    id: Number(row.id),
    purok_id: Number(row.purok_id),
    purok: { id: Number(row.purok_id), name: row.purok_name },
    disaster_types: parseTextArray(row.disaster_types),
    affected_area: row.affected_area,
  };
}

/** text[] arrives as a JS array from pg and PGlite; a literal "{a,b}" is read too, to be safe. */
export function parseTextArray(value: string[] | string | null | undefined): string[] {
  if (Array.isArray(value)) return value;
  if (!value) return [];
  return value
    .replace(/^\{|\}$/g, "")
    .split(",")
    .map((s) => s.replace(/^"|"$/g, ""))
    .filter(Boolean);
}

export class AreaAlreadyListed extends ValidationError {
  constructor(readonly existing: ExistingArea) {
    super({ purok_id: [alreadyListedMessage(existing)] });
  }
}

export async function assertPurokFree(ctx: Pick<ServiceContext, "db">, purokId: number, exceptId: number | null): Promise<void> {
  const existing = await activeAreaOfPurok(ctx, purokId, exceptId);
  if (existing) throw new AreaAlreadyListed(existing);
}

const checkInput = z.object({ id: z.coerce.number().int().positive().nullish(), purok_id: requiredId("purok_id") });

/**
 * POST disaster_prone_area/check_disaster_prone_area: refuses (422, AreaAlreadyListed carrying the
 * existing entry) when the purok already has an active entry; otherwise answers {available: true}.
 */
export async function checkDisasterProneArea(ctx: ServiceContext, input: unknown): Promise<{ available: true }> {
  if (!ctx.user) throw forbidden();
  if (!can(ctx.user, "create-disaster_prone_area") && !can(ctx.user, "update-disaster_prone_area")) throw forbidden();
  const parsed = checkInput.safeParse(input ?? {});
  if (!parsed.success) throw ValidationError.fromZod(parsed.error);
  await assertPurokFree(ctx, parsed.data.purok_id, parsed.data.id ?? null);
  return { available: true };
}

/** Before restoring trashed entries: their puroks must not have an active entry meanwhile. */
export async function assertAreasRestorable(ctx: Pick<ServiceContext, "db">, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  const rows = await ctx.db
    .selectFrom("disaster_prone_areas")
    .select(["id", "purok_id"])
    .where("id", "in", ids)
    .where("deleted_at", "is not", null)
    .execute();
  const seen = new Set<number>();
  for (const row of rows) {
    const existing = await activeAreaOfPurok(ctx, Number(row.purok_id), Number(row.id));
    if (existing) throw new ValidationError({ ids: [`Entry #${row.id} cannot be restored: ${alreadyListedMessage(existing)}`] });
    if (seen.has(Number(row.purok_id)))
      throw new ValidationError({ ids: ["Two of the selected entries are for the same purok; restore one of them."] });
    seen.add(Number(row.purok_id));
  }
}
