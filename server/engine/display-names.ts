import { sql } from "kysely";
import type { ResourceDef } from "../../domain/registry/types.ts";
import type { ServiceContext } from "../context.ts";
import { engineDb } from "./engine.ts";
import { serviceForEntry } from "./services.ts";

// The names people know records by — an OR number, a reference number, a pad code, a person's
// name — for several records of one entry in one query: the entry's displayField (a person entry's
// full name) read through the engine's own select, so a name the engine works out (a household's
// head) reads the same here as in its list. The activity feeds and the list filters name records
// with it instead of their internal ids.

/** The column of the engine's select that names a record: a person's full name, else the displayField. */
export function nameColumn(def: ResourceDef): string {
  return def.storage.kind === "user" ? "name" : def.displayField;
}

/** The names of the records `ids` of the entry, by id; a record that does not exist is left out. */
export async function displayNames(
  ctx: Pick<ServiceContext, "db">,
  def: ResourceDef,
  ids: readonly number[],
): Promise<Map<number, string>> {
  const wanted = [...new Set(ids.filter((id) => Number.isSafeInteger(id) && id > 0))];
  if (wanted.length === 0) return new Map();
  const engine = serviceForEntry(def);
  const db = engineDb(ctx);
  // Only the id and the name leave the subquery: Postgres drops the engine's other columns (its
  // child rows, its references) from the plan.
  const rows = (await db
    .selectFrom(engine.baseQuery(db).where("t.id", "in", wanted).as("x"))
    .select(["x.id", sql<string | null>`${sql.ref(`x.${nameColumn(def)}`)}::text`.as("name")])
    .execute()) as { id: number | string; name: string | null }[];
  const names = new Map<number, string>();
  for (const row of rows) if (row.name != null && row.name !== "") names.set(Number(row.id), row.name);
  return names;
}
