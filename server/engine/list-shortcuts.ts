import { sql, type Kysely, type SelectQueryBuilder } from "kysely";
import type { ListQuery, ResourceDef } from "../../domain/registry/types.ts";
import type { Database } from "../../db/schema.ts";
import { inOwnBarangay } from "../../db/tenant.ts";

// The two queries of an unfiltered list page answered without walking
// every row. Both apply only when the page shows a table's rows as they are — no search, no filter —
// which is what a list opens with and what every deep page of a long list is.
// docs/decisions/170-search-and-deep-pages-from-indexes.md, 171-maintained-row-counts.md.

/** The tables whose rows migration 20261204010000 counts in row_counts (users by kind). */
export const COUNTED_TABLES = ["users", "households", "businesses", "collections", "disbursements", "transactions"] as const;

/** No search and no filter value: the list shows the table's rows as they are. */
export function isUnfiltered(query: Pick<ListQuery, "search" | "filter">): boolean {
  return !query.search && Object.values(query.filter).every((v) => v == null || v === "");
}

/** The row_counts scope of a resource's rows, or null when its table is not counted. */
export function countScope(def: ResourceDef): string | null {
  if (def.storage.kind === "user") return `users:${def.storage.userKind}`;
  return (COUNTED_TABLES as readonly string[]).includes(def.storage.table) ? def.storage.table : null;
}

/**
 * The total of an unfiltered list from the maintained counter: one primary-key read instead of a
 * count over every row (bench/plans/count.txt: 17.7 ms over 200,000 residents). Null when the
 * resource's table is not counted or the list is filtered: then count(*) it is.
 */
export function counterTotal(
  db: Kysely<Database>,
  def: ResourceDef,
  query: Pick<ListQuery, "search" | "status" | "filter">,
  hard: boolean,
) {
  const scope = countScope(def);
  if (!scope || !isUnfiltered(query)) return null;
  const column = hard || query.status === "active" ? sql`c.live` : query.status === "trashed" ? sql`c.trashed` : sql`c.live + c.trashed`;
  // A hard-deleting resource has no trashed view (the engine answers it empty).
  const total = hard && query.status === "trashed" ? sql`0` : sql`coalesce(sum(${column}), 0)`;
  return db
    .selectFrom("row_counts as c")
    .where(inOwnBarangay("c.barangay_id"))
    .where("c.scope", "=", scope)
    .select(sql<number>`(${total})::int`.as("total"));
}

/**
 * The ids of a page of people in name order, read from user_profiles alone through
 * user_profiles_kind_sort_idx (user_kind, sort_name, user_id): the offset is walked in an
 * index-only scan instead of joining every passed row to users (bench/plans/list_page2000.txt:
 * 31,028 probes of users_pkey, 89 ms). Null when the page needs anything else.
 */
export function peopleByNameIds(
  db: Kysely<Database>,
  def: ResourceDef,
  query: ListQuery,
): SelectQueryBuilder<Database, "user_profiles", { id: number }> | null {
  if (def.storage.kind !== "user" || query.sort !== "name" || !isUnfiltered(query)) return null;
  const direction = query.order === "desc" ? "desc" : "asc";
  let ids = db
    .selectFrom("user_profiles")
    .where(inOwnBarangay("user_profiles.barangay_id"))
    .where("user_profiles.user_kind", "=", def.storage.userKind)
    .select("user_profiles.user_id as id");
  if (query.status === "active") ids = ids.where("user_profiles.user_deleted", "=", false);
  if (query.status === "trashed") ids = ids.where("user_profiles.user_deleted", "=", true);
  return ids
    .orderBy("user_profiles.sort_name", direction)
    .orderBy("user_profiles.user_id", direction)
    .limit(query.per_page)
    .offset((query.page - 1) * query.per_page);
}
