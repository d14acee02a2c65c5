import { sql } from "kysely";
import type { DB } from "../../../db/index.ts";
import { RESOURCES } from "../../../domain/registry/index.ts";

// What a barangay's records are, read from the database itself (docs/decisions/211): every table
// with a `barangay_id` column, its columns, identity column and foreign keys from pg_catalog, in an
// order where every table comes after the tables it references. Only the references that the schema
// does not declare (ids kept in plain columns, and the polymorphic entity + id pairs) are listed here.

/** Tables of a barangay that do not move: a session is a sign-in on one deployment. */
export const NOT_MOVED = new Set(["sessions"]);

/** Permissions are one catalogue for the deployment: references to them move by the permission's name. */
export const BY_NAME = { table: "permissions", column: "name" } as const;

/** Id columns the schema declares no foreign key for: where they point. */
export const IMPLICIT_REFERENCES: readonly { table: string; column: string; to: string }[] = [
  { table: "access_log", column: "subject_id", to: "users" },
  { table: "access_log", column: "updated_by", to: "users" },
  { table: "audit_log", column: "user_id", to: "users" },
  { table: "collection_lines", column: "transaction_id", to: "transactions" },
  { table: "notifications", column: "created_by", to: "users" },
  { table: "resident_words", column: "user_id", to: "users" },
  { table: "roles", column: "created_by", to: "users" },
  { table: "roles", column: "updated_by", to: "users" },
  { table: "settings", column: "updated_by", to: "users" },
  { table: "transactions", column: "collection_id", to: "collections" },
  { table: "users", column: "blocked_by", to: "users" },
  { table: "users", column: "created_by", to: "users" },
  { table: "users", column: "deleted_by", to: "users" },
  { table: "users", column: "updated_by", to: "users" },
];

/** An id whose table depends on another column of the row: a disbursement's payee. */
export const CHOSEN_REFERENCES: readonly { table: string; column: string; by: string; to: Record<string, string> }[] = [
  {
    table: "disbursements",
    column: "payee_id",
    by: "payee_kind",
    to: { Resident: "users", "Non-resident": "users", Organization: "users", Business: "businesses" },
  },
];

/**
 * Rows that name a record of any kind by entity name and id (the logs, the commands' runs and
 * effects, notifications). `tableColumn` names the table itself where the row keeps it; `json`
 * columns hold row images whose id and reference keys are mapped as the table's columns are;
 * `link` is a path ending in the id; `data` keys `<entity>_id` are mapped by entity.
 */
export interface Polymorphic {
  table: string;
  entity: string;
  id: string;
  tableColumn?: string;
  json?: string[];
  link?: string;
  data?: string;
}
export const POLYMORPHIC: readonly Polymorphic[] = [
  { table: "access_log", entity: "entity", id: "entity_id" },
  { table: "audit_log", entity: "entity", id: "entity_id", json: ["before", "after"] },
  { table: "command_runs", entity: "entity", id: "entity_id" },
  { table: "command_effects", entity: "entity", id: "row_id", tableColumn: "table_name", json: ["before", "after"] },
  { table: "notifications", entity: "entity", id: "entity_id", link: "link", data: "data" },
  { table: "privacy_anonymisations", entity: "entity", id: "entity_id" },
];

/** The tenants: a log row naming the barangay itself ("barangay", id) maps to its new id. */
export const TENANTS_TABLE = "barangays";

/** Entity names the logs use that the registry does not name with their table. */
const ENTITY_TABLES: Record<string, string> = { blocklist: "users", barangay: TENANTS_TABLE };

/** The table of an entity name in the logs: the registry's entry, else the name or its plural when a table of ours. */
export function entityTable(entity: string, tables: ReadonlyMap<string, TableInfo>): string | null {
  const fromRegistry = RESOURCES.find((r) => r.name === entity);
  const named =
    ENTITY_TABLES[entity] ?? (fromRegistry ? (fromRegistry.storage.kind === "user" ? "users" : fromRegistry.storage.table) : undefined);
  for (const candidate of [named, entity, `${entity}s`, `${entity}es`]) {
    if (candidate && (tables.get(candidate)?.identity || candidate === TENANTS_TABLE)) return candidate;
  }
  return null;
}

export interface Column {
  name: string;
  /** format_type: the cast a value's text is read back with. */
  type: string;
  nullable: boolean;
  generated: boolean;
}

export interface Reference {
  column: string;
  to: string;
  nullable: boolean;
  /** A foreign key the schema declares (checked by PostgreSQL, so it orders the tables). */
  declared: boolean;
}

export interface TableInfo {
  name: string;
  /** Stored columns in order, generated ones marked (they are not written). */
  columns: Column[];
  /** The identity column (a new value on import), or null. */
  identity: string | null;
  primaryKey: string[];
  references: Reference[];
  /** Declared references to the permission catalogue, mapped by name. */
  byName: string[];
  hasUserTriggers: boolean;
}

export interface Graph {
  tables: Map<string, TableInfo>;
  /** Every table after those it references (a cycle broken at a nullable column). */
  order: string[];
  /** Every table that holds rows of a barangay, sessions included (what a removal deletes). */
  allTenantTables: string[];
}

export async function readGraph(db: DB): Promise<Graph> {
  const columns = await sql<{ table: string; name: string; type: string; notnull: boolean; generated: string }>`
    select c.relname as table, a.attname as name, format_type(a.atttypid, a.atttypmod) as type,
      a.attnotnull as notnull, a.attgenerated::text as generated
    from pg_class c join pg_attribute a on a.attrelid = c.oid
    where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p') and a.attnum > 0 and not a.attisdropped
      and exists (select 1 from pg_attribute b where b.attrelid = c.oid and b.attname = 'barangay_id' and not b.attisdropped)
    order by c.relname, a.attnum`.execute(db);
  const identities = await sql<{ table: string; name: string }>`
    select c.relname as table, a.attname as name from pg_class c join pg_attribute a on a.attrelid = c.oid
    where c.relnamespace = 'public'::regnamespace and a.attidentity <> '' and a.attnum > 0`.execute(db);
  const keys = await sql<{ table: string; name: string }>`
    select c.relname as table, a.attname as name
    from pg_index i join pg_class c on c.oid = i.indrelid
    cross join lateral unnest(i.indkey) with ordinality k(attnum, n)
    join pg_attribute a on a.attrelid = c.oid and a.attnum = k.attnum
    where i.indisprimary and c.relnamespace = 'public'::regnamespace order by c.relname, k.n`.execute(db);
  const foreign = await sql<{ table: string; column: string; to: string; columns: number }>`
    select c.conrelid::regclass::text as table, a.attname as column, c.confrelid::regclass::text as to,
      cardinality(c.conkey) as columns
    from pg_constraint c join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
    where c.contype = 'f' and c.connamespace = 'public'::regnamespace`.execute(db);
  const triggers = await sql<{ table: string }>`
    select distinct tgrelid::regclass::text as table from pg_trigger where not tgisinternal`.execute(db);

  const tables = new Map<string, TableInfo>();
  for (const c of columns.rows) {
    let table = tables.get(c.table);
    if (!table) {
      table = { name: c.table, columns: [], identity: null, primaryKey: [], references: [], byName: [], hasUserTriggers: false };
      tables.set(c.table, table);
    }
    table.columns.push({ name: c.name, type: c.type, nullable: !c.notnull, generated: c.generated !== "" });
  }
  for (const i of identities.rows) if (tables.has(i.table)) tables.get(i.table)!.identity = i.name;
  for (const k of keys.rows) tables.get(k.table)?.primaryKey.push(k.name);
  for (const t of triggers.rows) if (tables.has(t.table)) tables.get(t.table)!.hasUserTriggers = true;
  for (const f of foreign.rows) {
    const table = tables.get(f.table);
    if (!table || f.column === "barangay_id") continue;
    if (f.columns !== 1)
      throw new Error(`${f.table}.${f.column}: a foreign key of ${f.columns} columns is not supported by the barangay transfer`);
    if (f.to === BY_NAME.table) {
      table.byName.push(f.column);
      continue;
    }
    const column = table.columns.find((c) => c.name === f.column)!;
    table.references.push({ column: f.column, to: f.to, nullable: column.nullable, declared: true });
  }
  for (const r of IMPLICIT_REFERENCES) {
    const table = tables.get(r.table);
    const column = table?.columns.find((c) => c.name === r.column);
    if (table && column) table.references.push({ column: r.column, to: r.to, nullable: column.nullable, declared: false });
  }

  const allTenantTables = [...tables.keys()].sort();
  for (const name of NOT_MOVED) tables.delete(name);
  for (const table of tables.values()) {
    for (const r of table.references) {
      if (r.declared && !tables.has(r.to)) {
        throw new Error(
          `${table.name}.${r.column} references ${r.to}, which holds no barangay's rows: the barangay transfer cannot move it`,
        );
      }
    }
  }
  return { tables, order: dependencyOrder(tables), allTenantTables };
}

/**
 * Kahn's order over the declared foreign keys (a table's references to itself left out). When only
 * cycles remain, the first table whose remaining references are all nullable goes next: those
 * columns are written after the rows they reference (see `deferredColumns`).
 */
export function dependencyOrder(tables: ReadonlyMap<string, TableInfo>): string[] {
  const remaining = new Set([...tables.keys()].sort());
  const order: string[] = [];
  const waitsFor = (t: TableInfo) => t.references.filter((r) => r.declared && r.to !== t.name && remaining.has(r.to) && r.to !== t.name);
  while (remaining.size) {
    let next = [...remaining].find((name) => waitsFor(tables.get(name)!).length === 0);
    next ??= [...remaining].find((name) => waitsFor(tables.get(name)!).every((r) => r.nullable));
    if (!next) throw new Error(`The foreign keys of ${[...remaining].join(", ")} form a cycle through required columns`);
    order.push(next);
    remaining.delete(next);
  }
  return order;
}

/** The declared references of `table` to itself or to a table not yet written in `order`: written null first, then set. */
export function deferredColumns(table: TableInfo, written: ReadonlySet<string>): Reference[] {
  return table.references.filter((r) => r.declared && (r.to === table.name || !written.has(r.to)));
}

/**
 * Id-like columns (bigint, named *_id or *_by) that are neither a declared reference, a listed one,
 * the barangay, the identity, nor a polymorphic id: each would keep an id of the old deployment. The
 * transfer's test asserts there are none, so a new column of that kind is listed here or declared.
 */
export function unaccountedIdColumns(graph: Graph): string[] {
  const found: string[] = [];
  for (const table of graph.tables.values()) {
    for (const c of table.columns) {
      if (c.type !== "bigint" || !/(_id|_by)$/.test(c.name) || c.name === "barangay_id" || c.name === table.identity) continue;
      if (table.references.some((r) => r.column === c.name) || table.byName.includes(c.name)) continue;
      if (CHOSEN_REFERENCES.some((r) => r.table === table.name && r.column === c.name)) continue;
      if (POLYMORPHIC.some((p) => p.table === table.name && p.id === c.name)) continue;
      found.push(`${table.name}.${c.name}`);
    }
  }
  return found.sort();
}
