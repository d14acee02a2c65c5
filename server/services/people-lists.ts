import type { ListQuery, Paginated } from "../../app/resources/types.ts";
import { can } from "../../app/lib/permissions.ts";
import type { ServiceContext } from "../context.ts";
import { forbidden } from "../errors.ts";
import { engineFor, paginate } from "../resources/engine.ts";
import { inTransaction } from "../resources/transaction.ts";
import { assertAreasRestorable } from "./disaster-prone-areas.ts";
import { assertHouseholdsRestorable } from "./households.ts";

// List readings and restores of the people entries that go beyond the registry's generic ones
// (issue 4): the households list by purok (spec §2.1 "?purok_id="), the resident path's two
// readings (spec §7.1 search and §7.2 list), and restores that keep the one-active-entry rules.

/* eslint-disable @typescript-eslint/no-explicit-any */
type Row = Record<string, unknown> & { id: number };

const LIST_KEYS = new Set(["page", "per_page", "sort", "order", "status"]);

/**
 * GET resident?search=… is the top-bar search (spec §7.1) when `search` is the only list key; any
 * paging, sorting, status or filter key makes it the paginated list (spec §7.2).
 */
export function isPlainSearch(query: Record<string, unknown>): boolean {
  if (typeof query.search !== "string") return false;
  for (const key of Object.keys(query)) {
    if (LIST_KEYS.has(key) || key === "filter" || key.startsWith("filter[")) return false;
  }
  return true;
}

/** The purok of `?purok_id=` (or `filter[purok_id]`), when it is a valid id. */
export function purokFilterOf(query: Record<string, unknown> | URLSearchParams): number | null {
  const get = (k: string) => (query instanceof URLSearchParams ? query.get(k) : (query[k] as unknown));
  const nested = query instanceof URLSearchParams ? null : (query.filter as Record<string, unknown> | undefined)?.purok_id;
  const raw = get("purok_id") ?? get("filter[purok_id]") ?? nested;
  const text = String(raw ?? "");
  return /^\d{1,15}$/.test(text) && Number(text) > 0 ? Number(text) : null;
}

/** The households list of one purok: the engine's own list queries with the purok condition added. */
export async function listHouseholds(ctx: ServiceContext, query: ListQuery, purokId: number, path: string): Promise<Paginated<Row>> {
  if (!can(ctx.user, "manage-household")) throw forbidden();
  const engine = engineFor("household");
  const db = ctx.db as any;
  const { count, ids } = engine.listQueries(db, query);
  const total = ((await count.where("t.purok_id", "=", purokId).executeTakeFirstOrThrow()) as { total: number }).total;
  const pageIds = ((await ids.where("t.purok_id", "=", purokId).execute()) as { id: number }[]).map((r) => r.id);
  const rows = pageIds.length ? ((await engine.baseQuery(db).where("t.id", "in", pageIds).execute()) as Row[]) : [];
  const byId = new Map(rows.map((r) => [r.id, r]));
  const data = pageIds.map((id) => byId.get(id)).filter((r): r is Row => !!r);
  const lastPage = Math.max(1, Math.ceil(total / query.per_page));
  return paginate(
    data.map((r) => engine.present(r)),
    total,
    query.page,
    query.per_page,
    lastPage,
    path,
  );
}

export async function countHouseholds(ctx: ServiceContext, query: ListQuery, purokId: number): Promise<number> {
  if (!can(ctx.user, "manage-household")) throw forbidden();
  const { count } = engineFor("household").listQueries(ctx.db as any, query);
  return ((await count.where("t.purok_id", "=", purokId).executeTakeFirstOrThrow()) as { total: number }).total;
}

/** Restores households (one: the row; many: the count), refusing what would put a person in two. */
export async function restoreHouseholds(ctx: ServiceContext, ids: number[], mode: "one" | "many"): Promise<[Row] | [number]> {
  const engine = engineFor("household");
  return inTransaction(ctx, async (tx) => {
    if (!can(tx.user, "restore-household")) throw forbidden();
    await assertHouseholdsRestorable(tx, ids);
    return mode === "one" ? [await engine.restore(tx, ids[0])] : [await engine.restoreMany(tx, ids)];
  });
}

/** Restores disaster-prone areas, refusing a second active entry for a purok. */
export async function restoreAreas(ctx: ServiceContext, ids: number[], mode: "one" | "many"): Promise<[Row] | [number]> {
  const engine = engineFor("disaster_prone_area");
  return inTransaction(ctx, async (tx) => {
    if (!can(tx.user, "restore-disaster_prone_area")) throw forbidden();
    await assertAreasRestorable(tx, ids);
    return mode === "one" ? [await engine.restore(tx, ids[0])] : [await engine.restoreMany(tx, ids)];
  });
}
