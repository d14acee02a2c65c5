import { sql } from "kysely";
import type { AuditSubject } from "../../../domain/audit/audit-sentence.ts";
import { blocklist } from "../../../domain/registry/access.ts";
import { findResource } from "../../../domain/registry/index.ts";
import type { ResourceDef } from "../../../domain/registry/types.ts";
import { can } from "../../../domain/permissions.ts";
import type { ServiceContext } from "../../context.ts";
import { displayNames, nameColumn } from "../../engine/display-names.ts";
import { fullNameOf } from "../../engine/people-sql.ts";
import { term } from "../../../domain/i18n/terms.ts";

// The records audit rows are about, named the way people know them (the activity feeds: the
// dashboard's and a user's page): the entry's label and the record's displayField — OR number,
// reference number, pad code, a person's name — read in one query per entity kind, not one per
// row. A record the reader may not open (no manage- or view- right on its entry) keeps only its
// label, so a feed never shows the name of a record its reader could not look up.

export interface AuditRowRef {
  entity: string;
  entity_id: string | null;
  /** The one who acted. */
  user_id?: number | string | null;
  /** What was done: a command's code names the command, whose label words it for a reader of another language. */
  action?: string;
}

/** The blocklist's rows are accounts of any kind: named by the person's profile, not the view (gone once unblocked). */
const ACCOUNT_ENTITIES = new Set<string>([blocklist.name]);

function entryOf(entity: string): ResourceDef | null {
  return findResource(entity) ?? null;
}

// The entry's label as its reader says it (its registry term: "resibo"); the sentence around it is
// worded where it is shown (domain/audit/audit-sentence.ts).
const labelOf = (entity: string, def: ResourceDef | null) =>
  ACCOUNT_ENTITIES.has(entity) ? "account" : def ? term(def.labels.singular) : entity.replace(/_/g, " ");

const idOf = (entityId: string | null) => (entityId && /^\d{1,15}$/.test(entityId) ? Number(entityId) : null);

const mayOpen = (ctx: ServiceContext, entity: string) =>
  ACCOUNT_ENTITIES.has(entity)
    ? can(ctx.user, "manage-user") || can(ctx.user, "view-user")
    : can(ctx.user, `manage-${entity}`) || can(ctx.user, `view-${entity}`);

async function accountNames(db: ServiceContext["db"], ids: number[]): Promise<Map<number, string>> {
  const rows = await db
    .selectFrom("user_profiles as p")
    .select(["p.user_id", fullNameOf("p").as("name")])
    .where("p.user_id", "in", ids)
    .execute();
  return new Map(rows.filter((r) => r.name).map((r) => [Number(r.user_id), r.name as string]));
}

/**
 * The name a record had when it was removed for good (a role, a permission): the audit row of its
 * delete keeps the whole record, for the ids the entry no longer has.
 */
async function removedNames(db: ServiceContext["db"], def: ResourceDef, ids: number[]): Promise<Map<number, string>> {
  const column = nameColumn(def);
  const rows = await sql<{ entity_id: string; name: string | null }>`
    select distinct on (entity_id) entity_id, before ->> ${column} as name from audit_log
    where entity = ${def.name} and entity_id = any(${ids.map(String)}::text[]) and action = 'delete' and before is not null
    order by entity_id, id desc`.execute(db);
  return new Map(rows.rows.filter((r) => r.name).map((r) => [Number(r.entity_id), r.name as string]));
}

/** The subject of each row, in order: its entry's label and, where the reader may open it, its name. */
export async function auditSubjects(ctx: ServiceContext, rows: readonly AuditRowRef[]): Promise<(AuditSubject | null)[]> {
  const idsByEntity = new Map<string, Set<number>>();
  for (const row of rows) {
    const id = idOf(row.entity_id);
    if (id == null || !mayOpen(ctx, row.entity)) continue;
    if (!ACCOUNT_ENTITIES.has(row.entity) && !entryOf(row.entity)) continue;
    const ids = idsByEntity.get(row.entity) ?? new Set<number>();
    ids.add(id);
    idsByEntity.set(row.entity, ids);
  }
  const names = new Map<string, Map<number, string>>();
  await Promise.all(
    [...idsByEntity].map(async ([entity, set]) => {
      const ids = [...set];
      if (ACCOUNT_ENTITIES.has(entity)) return names.set(entity, await accountNames(ctx.db, ids));
      const def = entryOf(entity)!;
      const found = await displayNames(ctx, def, ids);
      const missing = ids.filter((id) => !found.has(id));
      if (missing.length) for (const [id, name] of await removedNames(ctx.db, def, missing)) found.set(id, name);
      names.set(entity, found);
    }),
  );
  return rows.map((row) => {
    const id = idOf(row.entity_id);
    const def = entryOf(row.entity);
    const isAccount = ACCOUNT_ENTITIES.has(row.entity) || (def?.storage.kind === "user" && def.storage.userKind === "staff");
    const self = isAccount && id != null && row.user_id != null && Number(row.user_id) === id;
    const command = row.action ? def?.commands?.find((c) => (c.audit ?? c.name) === row.action) : undefined;
    return {
      label: labelOf(row.entity, def),
      name: id == null ? null : (names.get(row.entity)?.get(id) ?? null),
      ...(self ? { self: true } : {}),
      ...(command ? { command: term(command.label) } : {}),
    };
  });
}
