import { sql, type Expression, type Insertable, type Kysely, type RawBuilder, type SelectQueryBuilder, type SqlBool } from "kysely";
import {
  userCommands,
  type ChildDef,
  type CommandDef,
  type FilterDef,
  type ListQuery,
  type Paginated,
  type ResourceDef,
  type TableName,
} from "../../domain/registry/types.ts";
import { getResource } from "../../domain/registry/index.ts";
import { can } from "../../domain/permissions.ts";
import type { ServiceContext } from "../context.ts";
import { AppError, forbidden, isAppError, notFound, ValidationError } from "../errors.ts";
import { audit } from "./audit.ts";
import { hashPassword } from "../auth/passwords.ts";
import { inTransaction } from "./transaction.ts";
import { recordRun, reverseRun, type CommandHandler, type CommandRecorder, type CommandRun } from "./commands.ts";
import { fullNameOf, personJson } from "./people-sql.ts";
import { naturalKey } from "./natural-order.ts";
import { counterTotal, peopleByNameIds } from "./list-shortcuts.ts";
import { MSG_SELECT_RECORDS, nothingToActOnMessage } from "../../domain/registry/messages.ts";
import type { Database } from "../../db/schema.ts";
import { DEPLOYMENT_WIDE_TABLES, inOwnBarangay } from "../../db/tenant.ts";
import type { Selectable } from "kysely";

// The generic engine (DESIGN §4): from a registry entry it derives list, read, create, update,
// delete (soft delete or void), restore, multi-delete, multi-restore and count. Every function
// checks its permission itself, runs in one transaction and writes its audit row.

/* eslint-disable @typescript-eslint/no-explicit-any -- query builders over tables named at run time */

/**
 * The registry names its tables at run time, so the engine reads them through Kysely's
 * `withTables` (its API for tables the static schema does not list): every typed table of
 * `Database` plus any table name with columns of unknown type. No cast of the handle.
 */
type RegistryTables = Record<string, Record<string, any>>;
export type EngineDB = Kysely<Database & RegistryTables>;
export function engineDb(ctx: Pick<ServiceContext, "db">): EngineDB {
  const db: Kysely<Database> = ctx.db;
  return db.withTables<RegistryTables>();
}
type AnyDB = EngineDB;
/** The engine's read of an entry: its tables are named at run time, so their columns are untyped here. */
export type AnySelect = SelectQueryBuilder<any, any, any>;
/** A row as the engine answers it: its columns by name, and its id. */
export type Row = Record<string, unknown> & { id: number };

/** A person column as the engine reads it (created_by, updated_by). */
export type PersonRef = { id: number; fullname: string } | null;
/** A reference column as the engine reads it (`references` of the entry): the row's id and label. */
export type ReferenceRef = { id: number; name: string } | null;

/**
 * The row of a table entry as the engine answers it, for a service to name as its `TRow`: the
 * table's columns (db/schema.ts), with created_by and updated_by read as the person, the status
 * word, and `Extra` — what the entry's references, children and the service's extendSelect add.
 */
export type EntryRow<T extends TableName, Extra extends object = object> = Omit<Selectable<Database[T]>, "created_by" | "updated_by"> & {
  status: string;
  created_by: PersonRef;
  updated_by: PersonRef;
} & Extra;

const JSON_FIELD_KINDS = new Set(["custom-forms", "custom-payment-form"]);

function personSql(idColumn: string, alias: string): RawBuilder<unknown> {
  return sql`case when ${sql.ref(idColumn)} is null then null else jsonb_build_object('id', ${sql.ref(idColumn)}, 'fullname', ${fullNameOf(alias)}) end`;
}

/** SQL for the label of a referenced row (its registry entry's displayField). */
function referenceLabel(def: ResourceDef, alias: string): RawBuilder<string> {
  if (def.storage.kind === "user") return fullNameOf(`${alias}_p`);
  return sql<string>`${sql.ref(`${alias}.${def.displayField}`)}`;
}

/** The reason a cancel asks (an issued document's, `def.cancel`): 3 to 500 characters. */
function cancelReason(input: unknown): string {
  const raw = input && typeof input === "object" ? (input as { reason?: unknown }).reason : undefined;
  const reason = typeof raw === "string" ? raw.trim() : "";
  if (!reason) throw ValidationError.field("reason", "The reason field is required.");
  if (reason.length < 3) throw ValidationError.field("reason", "The reason must be at least 3 characters.");
  if (reason.length > 500) throw ValidationError.field("reason", "The reason must not be greater than 500 characters.");
  return reason;
}

/**
 * The generic service of a registry entry. An entry with behaviour beyond the life cycle has a
 * service class of its own in its area (server/features/<area>/), extending this one: it overrides
 * the extension points below (each runs inside the engine's transaction) and adds calls of its own;
 * it never copies the engine (DESIGN §4, §10).
 *
 * `TRow` is the row every read answers (`EntryRow` of the entry's table and what its select adds)
 * and `TInput` what the entry's schemas parse a body into (`InputOf<typeof entry>`, plus the
 * columns its beforeWrite derives); an entry without a service of its own keeps the defaults. The
 * database answers rows of a table named at run time, so the engine asserts their type in one place
 * each: `toRow` for what a read returns, `parse` for what a schema returns.
 */
/**
 * The refusal to trash or restore a record in another state, one whole sentence per entry's
 * `restorableStates` (messages/en/server.json, server_engine_only_…_restorable), read as
 * "Form number #5 is issued; …" with the name and the state as terms in another language.
 */
const RESTORABLE_MESSAGES: Record<string, ((name: string, id: number, state: string) => string) | undefined> = {
  available: (name, id, state) => `${name} #${id} is ${state}; only available ones can be deleted or restored.`,
  "available or void": (name, id, state) => `${name} #${id} is ${state}; only available or void ones can be deleted or restored.`,
  filed: (name, id, state) => `${name} #${id} is ${state}; only filed ones can be deleted or restored.`,
};

export class ResourceEngine<TRow extends Row = Row, TInput extends Record<string, unknown> = Record<string, unknown>> {
  constructor(readonly def: ResourceDef) {}

  // ---- Extension points ------------------------------------------------------------------------

  /** Adds columns to every read (a user's roles, a role's permissions and member count). */
  protected extendSelect(q: AnySelect): AnySelect {
    return q;
  }
  /**
   * The SQL a computed column sorts by (a household's members_count): the list's id query reads
   * only the table, so a column that extendSelect adds needs its expression here to be sortable.
   */
  protected computedSortExpression(_key: string): RawBuilder<unknown> | undefined {
    return undefined;
  }
  /**
   * Replaces the `user_profile` object of a user-based entry (a resident's whole profile). The
   * profile joins (alias `p`) are the engine's; joins it needs beyond them go in extendSelect.
   */
  protected userProfileSql(): RawBuilder<unknown> | undefined {
    return undefined;
  }
  /** Replaces the status column's SQL (users: Blocked). */
  protected statusSql(): RawBuilder<string> | undefined {
    return undefined;
  }
  /**
   * Takes, before the engine locks the rows `ids` themselves, the locks a write to them may need
   * beyond those rows (a parent record, the siblings a cascade reaches), in one fixed order. Every
   * update, delete, restore and command of the entry then waits in the same queue instead of two
   * of them holding one row each and waiting for the other's (a deadlock).
   */
  protected async lockFirst(_ctx: ServiceContext, _ids: readonly number[]): Promise<void> {}
  /** Checks before create (id null) or update, and derives stored values; throw an AppError to refuse. */
  protected async beforeWrite(_ctx: ServiceContext, _values: TInput, _id: number | null): Promise<void> {}
  /** Stores the entry's virtual fields after the row is written. */
  protected async afterWrite(_ctx: ServiceContext, _id: number, _values: TInput, _op: "create" | "update"): Promise<void> {}
  /** Safety rules before delete; throw to refuse the whole request. */
  protected async beforeDelete(_ctx: ServiceContext, _ids: number[]): Promise<void> {}
  /** Rules before trashed rows come back (one active entry per person or purok); throw to refuse. */
  protected async beforeRestore(_ctx: ServiceContext, _ids: number[]): Promise<void> {}
  /**
   * The work of the entry's commands beyond moving the record to the command's state (a cascade,
   * a reason kept on the row), by the command's name in the registry entry. A reverse command
   * (`reverses`) needs none: the recorder replays the run it reverses.
   */
  protected commandHandlers(): Readonly<Record<string, CommandHandler<TRow>>> {
    return {};
  }
  /** Checks before any command of the entry runs on `row` (a remitted receipt is neither cancelled nor restored); throw to refuse. */
  protected async beforeCommand(_ctx: ServiceContext, _command: CommandDef, _row: TRow): Promise<void> {}
  /**
   * The list search's condition for a typed text (an indexed search of the entry's own), or null
   * for the engine's substring match over the entry's searchable columns. The condition reads the
   * row's tables as the engine aliases them (`t` the row, `p` a user's profile).
   */
  protected searchSql(_text: string): Expression<SqlBool> | null {
    return null;
  }

  // ---- The life cycle --------------------------------------------------------------------------

  private get hard(): boolean {
    return this.def.deletion === "hard";
  }

  get name(): string {
    return this.def.name;
  }

  private authorize(ctx: ServiceContext, action: string): void {
    if (this.def.readOnly && action !== "manage" && action !== "view") {
      throw new AppError(405, `The ${this.def.labels.plural} cannot be changed.`);
    }
    if (!can(ctx.user, `${action}-${this.def.name}`)) throw forbidden();
  }

  /**
   * The row's table (`t`) with every join a read, a filter or a sort may use, and no columns.
   * Unused left joins on unique keys cost nothing: Postgres removes them from the plan.
   */
  private fromClause(db: AnyDB): SelectQueryBuilder<any, any, any> {
    const def = this.def;
    let q: SelectQueryBuilder<any, any, any> =
      def.storage.kind === "user"
        ? db
            .selectFrom("users as t")
            .innerJoin("user_profiles as p", "p.user_id", "t.id")
            .where("t.kind", "=", def.storage.userKind)
            .where(inOwnBarangay("p.barangay_id"))
        : db.selectFrom(`${def.storage.table} as t`);
    q = q.where(ownRows(def, "t"));
    q = q.leftJoin("user_profiles as cb", "cb.user_id", "t.created_by").leftJoin("user_profiles as ub", "ub.user_id", "t.updated_by");
    for (const ref of def.references ?? []) {
      const target = getResource(ref.resource);
      const alias = `r_${ref.key}`;
      if (target.storage.kind === "user") {
        q = q
          .leftJoin(`users as ${alias}`, `${alias}.id`, `t.${ref.foreignKey}`)
          .leftJoin(`user_profiles as ${alias}_p`, `${alias}_p.user_id`, `${alias}.id`);
      } else {
        q = q.leftJoin(`${target.storage.table} as ${alias}`, `${alias}.id`, `t.${ref.foreignKey}`);
      }
    }
    return q;
  }

  /** The base select with every column the API returns; `t` is the row's own table. */
  baseQuery(db: AnyDB): SelectQueryBuilder<any, any, any> {
    const def = this.def;
    const voidWord = def.voidWording ? "Void" : "Trashed";
    let q = this.fromClause(db);
    if (def.storage.kind === "user") {
      q = q.select([
        "t.id",
        "t.username",
        "t.email",
        "t.blocked_at",
        "t.last_sign_in_at",
        "t.created_at",
        "t.updated_at",
        "t.deleted_at",
        // One profile object per row: an entry's own (userProfileSql) replaces the short one
        // rather than being built beside it (the residents list built both).
        (
          this.userProfileSql() ??
          sql`jsonb_build_object('firstname', p.firstname, 'middlename', p.middlename, 'lastname', p.lastname, 'suffix', p.suffix,
            'fullname', ${fullNameOf("p")}, 'image', coalesce(p.image, '/default_avatar.png'), 'hex_color', p.hex_color)`
        ).as("user_profile"),
        fullNameOf("p").as("name"),
      ]);
    } else {
      q = q.selectAll("t");
    }
    const status = this.hard ? sql<string>`'Active'` : sql<string>`case when t.deleted_at is null then 'Active' else ${voidWord} end`;
    q = q.select([
      (this.statusSql() ?? status).as("status"),
      personSql("t.created_by", "cb").as("created_by"),
      personSql("t.updated_by", "ub").as("updated_by"),
    ]);
    for (const ref of def.references ?? []) {
      const target = getResource(ref.resource);
      const alias = `r_${ref.key}`;
      q = q.select(
        sql`case when ${sql.ref(`${alias}.id`)} is null then null else jsonb_build_object('id', ${sql.ref(`${alias}.id`)}, 'name', ${referenceLabel(target, alias)}) end`.as(
          ref.key,
        ),
      );
    }
    for (const child of def.children ?? []) q = q.select(childRowsSql(child).as(child.key));
    return this.extendSelect(q);
  }

  /** Maps a sortable column key to SQL; keys come from the registry, never from the request. */
  private sortExpression(key: string): Expression<unknown> {
    const def = this.def;
    const computed = this.computedSortExpression(key);
    if (computed) return computed;
    const ref = def.references?.find((r) => r.key === key);
    // Text sorts the way people read it: "Bangko" before "BDO" (case-insensitive).
    if (ref) return sql`lower(${referenceLabel(getResource(ref.resource), `r_${ref.key}`)})`;
    if (key === "status") return this.hard ? sql`1` : sql.ref("t.deleted_at");
    if (key === "created_by") return fullNameOf("cb");
    if (key === "updated_by") return fullNameOf("ub");
    // Surname first, accents folded (migration 20261121050000): an index serves the sort.
    if (def.storage.kind === "user" && key === "name") return sql.ref("p.sort_name");
    if (def.storage.kind === "user" && ["firstname", "middlename", "lastname"].includes(key)) return sql`lower(${sql.ref(`p.${key}`)})`;
    const column = def.columns.find((c) => c.key === key);
    if (column?.order === "natural") return naturalKey(sql.ref(`t.${key}`));
    const kind = column?.kind;
    if (kind === "text" || kind === "enum") return sql`lower(${sql.ref(`t.${key}`)})`;
    return sql.ref(`t.${key}`);
  }

  private applyFilters(q: SelectQueryBuilder<any, any, any>, query: Pick<ListQuery, "search" | "status" | "filter">) {
    const def = this.def;
    if (this.hard) {
      if (query.status === "trashed") q = q.where(sql<boolean>`false`);
    } else {
      if (query.status === "active") q = q.where("t.deleted_at", "is", null);
      if (query.status === "trashed") q = q.where("t.deleted_at", "is not", null);
    }
    for (const filter of def.filters ?? []) q = q.where((eb) => filterCondition(def, filter, query.filter, eb));
    const strategic = query.search ? this.searchSql(query.search) : null;
    if (strategic) q = q.where(strategic);
    else if (query.search) {
      const pattern = `%${query.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      const columns: Expression<unknown>[] = def.searchable.map((c) => sql.ref(c.includes(".") ? c : `t.${c}`));
      if (def.storage.kind === "user") columns.push(fullNameOf("p"));
      q = q.where((eb) => eb.or(columns.map((c) => eb(sql`${c}::text`, "ilike", pattern) as Expression<SqlBool>)));
    }
    return q;
  }

  async list(ctx: ServiceContext, query: ListQuery, path = this.def.path): Promise<Paginated<TRow>> {
    this.authorize(ctx, "manage");
    const db = engineDb(ctx);
    const { count, ids } = this.listQueries(db, query);
    const [{ total }, idRows] = (await Promise.all([count.executeTakeFirstOrThrow(), ids.execute()])) as [
      { total: number },
      { id: number }[],
    ];
    const pageIds = idRows.map((r) => r.id);
    const rows = pageIds.length ? (await this.baseQuery(db).where("t.id", "in", pageIds).execute()).map((r) => this.toRow(r)) : [];
    const byId = new Map(rows.map((r) => [r.id, r]));
    const data = pageIds.map((id) => byId.get(id)).filter((r): r is TRow => !!r);
    const lastPage = Math.max(1, Math.ceil(total / query.per_page));
    return paginate(data, total, query.page, query.per_page, lastPage, path);
  }

  /**
   * The queries of a list page: the total, and the ids of the page's rows in order. The rows
   * themselves are then read by id ("deferred join"): a deep page skips its offset over the narrow
   * id query instead of building every full row it passes. Exposed so the benchmark's floor
   * (tests/bench/floor.ts) runs exactly this SQL.
   */
  listQueries(db: AnyDB, query: ListQuery) {
    const count = this.countQuery(db, query);
    const byName = peopleByNameIds(db, this.def, query);
    if (byName) return { count, ids: byName };
    let ids = this.applyFilters(this.fromClause(db), query).select("t.id");
    // Postgres' default null order (last ascending, first descending) matches a plain btree index.
    if (query.sort) ids = ids.orderBy(this.sortExpression(query.sort), (ob) => (query.order === "desc" ? ob.desc() : ob.asc()));
    ids = ids
      .orderBy("t.id", query.order === "desc" && query.sort ? "desc" : "asc")
      .limit(query.per_page)
      .offset((query.page - 1) * query.per_page);
    return { count, ids };
  }

  async count(ctx: ServiceContext, query: Pick<ListQuery, "search" | "status" | "filter">): Promise<number> {
    this.authorize(ctx, "manage");
    return this.countRows(engineDb(ctx), query);
  }

  private async countRows(db: AnyDB, query: Pick<ListQuery, "search" | "status" | "filter">): Promise<number> {
    const row = (await this.countQuery(db, query).executeTakeFirstOrThrow()) as { total: number };
    return row.total;
  }

  /** The total of a list: the maintained counter when nothing filters it, else a count of the matches. */
  private countQuery(db: AnyDB, query: Pick<ListQuery, "search" | "status" | "filter">) {
    return (
      counterTotal(db, this.def, query, this.hard) ??
      this.applyFilters(countBase(db, this.def, !!query.search || Object.keys(query.filter).length > 0), query).select(
        sql<number>`count(*)::int`.as("total"),
      )
    );
  }

  /** One record, active or trashed; needs manage-X or view-X (DESIGN §7). */
  async get(ctx: ServiceContext, id: number): Promise<TRow> {
    if (!can(ctx.user, `manage-${this.def.name}`) && !can(ctx.user, `view-${this.def.name}`)) throw forbidden();
    return this.read(ctx, id);
  }

  async read(ctx: ServiceContext, id: number): Promise<TRow> {
    const row = await this.baseQuery(engineDb(ctx)).where("t.id", "=", id).executeTakeFirst();
    if (!row) throw notFound(this.def.labels.singular);
    return this.toRow(row);
  }

  /**
   * The rows a service picks by its own condition and order (`refine` adds them to the entry's
   * read, whose row table is `t`), each as `read` answers it. No permission is checked: the caller
   * has checked its own (a remittance day's receipts).
   */
  async readRows(ctx: Pick<ServiceContext, "db">, refine: (q: AnySelect) => AnySelect): Promise<TRow[]> {
    const rows = await refine(this.baseQuery(engineDb(ctx))).execute();
    return rows.map((r) => this.toRow(r));
  }

  /** Choices for a select of this resource: active rows as {value, label}, sorted by label. */
  async options(ctx: ServiceContext, among?: readonly { table: string; column: string }[]): Promise<{ value: string; label: string }[]> {
    if (!can(ctx.user, `manage-${this.def.name}`) && !can(ctx.user, `view-${this.def.name}`)) {
      // Picking a bank for a bank account needs no right to manage banks, only to be signed in.
      if (!ctx.user) throw forbidden();
    }
    const label = this.def.storage.kind === "user" ? fullNameOf("p") : sql.ref(`t.${this.def.displayField}`);
    let optionsQuery = countBase(engineDb(ctx), this.def).select(["t.id", sql<string>`${label}`.as("label")]);
    if (!this.hard) optionsQuery = optionsQuery.where("t.deleted_at", "is", null);
    if (among?.length)
      optionsQuery = optionsQuery.where(
        sql<boolean>`(${sql.join(
          among.map((a) => sql`exists (select 1 from ${sql.table(a.table)} a where a.${sql.ref(a.column)} = t.id)`),
          sql` or `,
        )})`,
      );
    const natural = this.def.columns.some((c) => c.key === this.def.displayField && c.order === "natural");
    const rows = (await optionsQuery
      .orderBy(natural ? naturalKey(sql<string>`${label}`) : sql`2`)
      .limit(1000)
      .execute()) as { id: number; label: string }[];
    return rows.map((r) => ({ value: String(r.id), label: r.label }));
  }

  /**
   * The engine's boundary for rows: a row of `baseQuery` (the entry's table named at run time, so
   * untyped here) becomes the service's `TRow`, without what never leaves the server. The one place
   * a row is asserted to its type: `TRow` is the entry's table row (db/schema.ts) with the columns
   * baseQuery and the service's extendSelect add, which is what this query selects.
   */
  private toRow(raw: Record<string, unknown>): TRow {
    const { password_hash: _hidden, ...rest } = raw;
    return rest as TRow;
  }

  /**
   * The engine's boundary for input: what the entry's schema answers is the service's `TInput`
   * (`InputOf<typeof entry>`, the schema's own output type), asserted here once.
   */
  private parse(schema: ResourceDef["schema"]["create"], input: unknown): TInput {
    const parsed = schema.safeParse(input ?? {});
    if (!parsed.success) throw ValidationError.fromZod(parsed.error);
    return parsed.data as TInput;
  }

  private async checkUnique(ctx: ServiceContext, values: Record<string, unknown>, exceptId?: number): Promise<void> {
    const def = this.def;
    if (def.storage.kind !== "table") return;
    const errors: Record<string, string[]> = {};
    for (const column of def.unique ?? []) {
      const value = values[column];
      if (value == null || value === "") continue;
      let q = engineDb(ctx)
        .selectFrom(`${def.storage.table} as t`)
        .select("t.id")
        .where(ownRows(def, "t"))
        .where(sql`lower(${sql.ref(`t.${column}`)}::text)`, "=", String(value).toLowerCase());
      if (exceptId != null) q = q.where("t.id", "<>", exceptId);
      if (await q.executeTakeFirst()) errors[column] = [`The ${column.replace(/_/g, " ")} has already been taken.`];
    }
    if (Object.keys(errors).length) throw new ValidationError(errors);
  }

  private async checkReferences(ctx: ServiceContext, values: Record<string, unknown>): Promise<void> {
    const errors: Record<string, string[]> = {};
    for (const ref of this.def.references ?? []) {
      const id = values[ref.foreignKey];
      if (id == null) continue;
      const target = getResource(ref.resource);
      // Any entry's table: the engine reads its id and trash mark only.
      const table: string = target.storage.kind === "user" ? "users" : target.storage.table;
      const found = await engineDb(ctx)
        .selectFrom(table)
        .select("id")
        .where("id", "=", id)
        .where(ownRows(target, table))
        .where("deleted_at", "is", null)
        .executeTakeFirst();
      if (!found) errors[ref.foreignKey] = [`The selected ${target.labels.singular} is invalid.`];
    }
    if (Object.keys(errors).length) throw new ValidationError(errors);
  }

  /** The stored columns of parsed input (JSON columns serialised). */
  private storedValues(values: Record<string, unknown>): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    const jsonFields = new Set(this.def.fields.filter((f) => JSON_FIELD_KINDS.has(f.kind)).map((f) => f.name));
    const virtual = new Set([...(this.def.virtualFields ?? []), ...(this.def.children ?? []).map((c) => c.key)]);
    for (const [key, value] of Object.entries(values)) {
      if (value === undefined || virtual.has(key)) continue;
      out[key] = jsonFields.has(key) ? JSON.stringify(value) : value;
    }
    return out;
  }

  async create(ctx: ServiceContext, input: unknown): Promise<TRow> {
    this.authorize(ctx, "create");
    const values = this.parse(this.def.schema.create, input);
    return inTransaction(ctx, async (tx) => {
      await this.checkUnique(tx, values);
      await this.checkReferences(tx, values);
      await this.beforeWrite(tx, values, null);
      const id = this.def.storage.kind === "user" ? await this.insertUser(tx, values) : await this.insertRow(tx, values);
      await this.writeChildren(tx, id, values);
      await this.afterWrite(tx, id, values, "create");
      const row = await this.read(tx, id);
      await audit(tx, { entity: this.def.name, entityId: id, action: "create", after: row });
      return row;
    });
  }

  private async insertRow(ctx: ServiceContext, values: Record<string, unknown>): Promise<number> {
    if (this.def.storage.kind !== "table") throw new Error("not a table resource");
    const actor = ctx.user?.id ?? null;
    const { id } = (await engineDb(ctx)
      .insertInto(this.def.storage.table)
      .values({ ...this.storedValues(values), created_by: actor, updated_by: actor })
      .returning("id")
      .executeTakeFirstOrThrow()) as { id: number };
    return id;
  }

  private async insertUser(ctx: ServiceContext, values: Record<string, unknown>): Promise<number> {
    if (this.def.storage.kind !== "user") throw new Error("not a user resource");
    const { user_profile, password, username, email } = values as {
      user_profile: Record<string, unknown>;
      password?: string;
      username?: string;
      email?: string;
    };
    await this.checkUserUnique(ctx, { username, email });
    const actor = ctx.user?.id ?? null;
    const { id } = (await engineDb(ctx)
      .insertInto("users")
      .values({
        kind: this.def.storage.userKind,
        username: username || null,
        email: email || null,
        password_hash: password ? await hashPassword(password) : null,
        created_by: actor,
        updated_by: actor,
      })
      .returning("id")
      .executeTakeFirstOrThrow()) as { id: number };
    await engineDb(ctx)
      .insertInto("user_profiles")
      // The profile's columns are the user entry's zod schema output (checked on parse).
      .values({ user_id: id, ...user_profile } as Insertable<Database["user_profiles"]>)
      .execute();
    return id;
  }

  private async checkUserUnique(
    ctx: ServiceContext,
    values: { username?: string | null; email?: string | null },
    exceptId?: number,
  ): Promise<void> {
    const errors: Record<string, string[]> = {};
    for (const column of ["username", "email"] as const) {
      const value = values[column];
      if (!value) continue;
      let q = engineDb(ctx).selectFrom("users").select("id").where(column, "=", value);
      if (exceptId != null) q = q.where("id", "<>", exceptId);
      if (await q.executeTakeFirst()) errors[column] = [`The ${column} has already been taken.`];
    }
    if (Object.keys(errors).length) throw new ValidationError(errors);
  }

  async update(ctx: ServiceContext, id: number, input: unknown): Promise<TRow> {
    this.authorize(ctx, "update");
    const values = this.parse(this.def.schema.update, input);
    return inTransaction(ctx, async (tx) => {
      await this.lockFirst(tx, [id]);
      await this.lock(tx, id);
      const before = await this.read(tx, id);
      await this.checkUnique(tx, values, id);
      await this.checkReferences(tx, values);
      await this.beforeWrite(tx, values, id);
      const actor = tx.user?.id ?? null;
      if (this.def.storage.kind === "user") {
        const { user_profile, password, username, email } = values as {
          user_profile?: Record<string, unknown>;
          password?: string;
          username?: string | null;
          email?: string | null;
        };
        await this.checkUserUnique(tx, { username, email }, id);
        const userSet: Record<string, unknown> = { updated_at: sql`now()`, updated_by: actor };
        if (username !== undefined) userSet.username = username || null;
        if (email !== undefined) userSet.email = email || null;
        if (password) userSet.password_hash = await hashPassword(password);
        await engineDb(tx).updateTable("users").set(userSet).where("id", "=", id).execute();
        if (user_profile)
          await engineDb(tx)
            .updateTable("user_profiles")
            .set({ ...user_profile, updated_at: sql`now()` })
            .where("user_id", "=", id)
            .execute();
      } else {
        await engineDb(tx)
          .updateTable(this.def.storage.table)
          .set({ ...this.storedValues(values), updated_at: sql`now()`, updated_by: actor })
          .where("id", "=", id)
          .execute();
      }
      await this.writeChildren(tx, id, values);
      await this.afterWrite(tx, id, values, "update");
      const after = await this.read(tx, id);
      await audit(tx, { entity: this.def.name, entityId: id, action: "update", ...changedFields(before, after) });
      return after;
    });
  }

  /**
   * Sets some stored columns of one record outside its edit form (a setting kept on the record, such
   * as a bank account's cheque offsets), the same way update writes: `${permission}-{entry}`
   * checked, one transaction with the row locked, updated_at and updated_by moved, audited as an
   * update with what changed. `values` are already validated by the caller's service.
   */
  protected async updateColumns(ctx: ServiceContext, id: number, permission: string, values: Record<string, unknown>): Promise<TRow> {
    this.authorize(ctx, permission);
    if (this.def.storage.kind !== "table") throw new Error("updateColumns writes a table entry's own columns");
    const table = this.def.storage.table;
    return inTransaction(ctx, async (tx) => {
      await this.lockFirst(tx, [id]);
      await this.lock(tx, id);
      const before = await this.read(tx, id);
      await engineDb(tx)
        .updateTable(table)
        .set({ ...values, updated_at: sql`now()`, updated_by: tx.user?.id ?? null })
        .where("id", "=", id)
        .execute();
      const after = await this.read(tx, id);
      await audit(tx, { entity: this.def.name, entityId: id, action: "update", ...changedFields(before, after) });
      return after;
    });
  }

  private tableName(): string {
    return this.def.storage.kind === "user" ? "users" : this.def.storage.table;
  }

  /** Locks the row for the transaction and answers its trash mark and, for entries with commands, its state. */
  private async lock(ctx: ServiceContext, id: number): Promise<{ deleted_at: Date | null; state: unknown }> {
    const column = this.def.stateColumn;
    let q = engineDb(ctx)
      .selectFrom(this.tableName())
      .select([
        "id",
        this.hard ? sql`null`.as("deleted_at") : sql.ref("deleted_at").as("deleted_at"),
        (column ? sql.ref(column) : sql`null`).as("state"),
      ])
      .where("id", "=", id)
      .where(ownRows(this.def, this.tableName()));
    if (this.def.storage.kind === "user") q = q.where("kind", "=", this.def.storage.userKind);
    const row = (await q.forUpdate().executeTakeFirst()) as { deleted_at: Date | null; state: unknown } | undefined;
    if (!row) throw notFound(this.def.labels.singular);
    return row;
  }

  /**
   * Soft delete, or void for the entities spec §4 words so, or cancel for an issued document
   * (`def.cancel`: `input.reason` required, kept in `cancel_reason`). An entry whose delete is a
   * command (`invokedBy: "delete"`) runs it, recorded, so its restore reverses exactly that.
   * Already trashed: unchanged.
   */
  async remove(ctx: ServiceContext, id: number, input?: unknown): Promise<TRow> {
    this.authorize(ctx, "delete");
    const reason = this.deleteReason(input);
    const byCommand = this.deleteCommand();
    return inTransaction(ctx, async (tx) => {
      await this.lockFirst(tx, [id]);
      if (this.hard) {
        await this.lock(tx, id);
        const before = await this.read(tx, id);
        await this.hardDelete(tx, [id]);
        return before;
      }
      const row = await this.lock(tx, id);
      if (!row.deleted_at) await this.assertRestorable(tx, [id]);
      if (!row.deleted_at && byCommand) await this.runCommand(tx, byCommand, id, { reason }, row);
      else if (!row.deleted_at) {
        await this.beforeDelete(tx, [id]);
        await this.setDeleted(tx, [id], true);
        await audit(tx, { entity: this.def.name, entityId: id, action: this.def.voidWording ? "void" : "delete" });
      }
      return this.read(tx, id);
    });
  }

  async restore(ctx: ServiceContext, id: number): Promise<TRow> {
    this.authorize(ctx, "restore");
    if (this.hard) throw new AppError(422, `A deleted ${this.def.labels.singular} cannot be restored.`);
    const byCommand = this.restoreCommand();
    return inTransaction(ctx, async (tx) => {
      await this.lockFirst(tx, [id]);
      const row = await this.lock(tx, id);
      if (row.deleted_at) {
        await this.assertRestorable(tx, [id]);
        if (byCommand) await this.runCommand(tx, byCommand, id, {}, row);
        else {
          await this.beforeRestore(tx, [id]);
          await this.setDeleted(tx, [id], false);
          await audit(tx, { entity: this.def.name, entityId: id, action: "restore" });
        }
      }
      return this.read(tx, id);
    });
  }

  /**
   * The command this entry's delete runs, recorded, if any: the one it declares `invokedBy:
   * "delete"` (a receipt's cancel), or one a service names (a cheque number's void).
   */
  protected deleteCommand(): CommandDef | undefined {
    return this.def.commands?.find((c) => c.invokedBy === "delete");
  }
  /** The command this entry's restore runs (the reverse of its delete command), if any. */
  protected restoreCommand(): CommandDef | undefined {
    return this.def.commands?.find((c) => c.invokedBy === "restore");
  }
  /** The reason a delete records: an issued document's cancel asks one (`def.cancel`). */
  protected deleteReason(input: unknown): string | null {
    return this.def.cancel ? cancelReason(input) : null;
  }

  /** Multi-delete (spec §7.2): answers how many records changed. */
  async removeMany(ctx: ServiceContext, ids: number[]): Promise<number> {
    this.authorize(ctx, "delete");
    if (this.def.cancel) throw ValidationError.field("ids", `Cancel ${this.def.labels.plural} one at a time, each with its reason.`);
    return this.setManyDeleted(ctx, ids, true);
  }

  async restoreMany(ctx: ServiceContext, ids: number[]): Promise<number> {
    this.authorize(ctx, "restore");
    if (this.hard) throw new AppError(422, `Deleted ${this.def.labels.plural} cannot be restored.`);
    return this.setManyDeleted(ctx, ids, false);
  }

  /**
   * Acts only on the rows the call can change: active ones to delete, trashed ones to restore.
   * When there are none (ids unknown, already deleted, or never deleted) the call is a 422 naming
   * the ids, so no rule and no statement ever runs over an empty list (`in ()` is a syntax error).
   */
  private async setManyDeleted(ctx: ServiceContext, ids: number[], deleted: boolean): Promise<number> {
    const unique = [...new Set(ids)].filter((id) => Number.isSafeInteger(id) && id > 0);
    if (unique.length === 0) throw ValidationError.field("ids", MSG_SELECT_RECORDS);
    return inTransaction(ctx, async (tx) => {
      await this.lockFirst(tx, unique);
      const actionable = await this.idsAmong(tx, unique, this.hard ? "any" : deleted ? "active" : "trashed");
      if (actionable.length === 0) throw ValidationError.field("ids", nothingToActOnMessage(this.def, unique, deleted));
      if (this.hard) return (await this.hardDelete(tx, actionable)).length;
      if (deleted) await this.checkDeletable(tx, actionable);
      await this.assertRestorable(tx, actionable);
      const byCommand = deleted ? this.deleteCommand() : this.restoreCommand();
      if (byCommand) {
        const input = deleted ? { reason: this.deleteReason(undefined) } : {};
        for (const id of actionable) await this.runCommand(tx, byCommand, id, input, await this.lock(tx, id));
        return actionable.length;
      }
      if (!deleted) await this.beforeRestore(tx, actionable);
      const changed = await this.setDeleted(tx, actionable, deleted);
      for (const id of changed)
        await audit(tx, { entity: this.def.name, entityId: id, action: deleted ? (this.def.voidWording ? "void" : "delete") : "restore" });
      return changed.length;
    });
  }

  /**
   * The entry's delete checks on a selection. When they refuse, each row is checked on its own, so
   * the refusal names every row that blocks the delete and why, not only the first. A refusal of
   * the selection as a whole (the last Administrator) stays as it was.
   */
  private async checkDeletable(ctx: ServiceContext, ids: number[]): Promise<void> {
    const check = (on: number[]) => this.beforeDelete(ctx, on);
    try {
      await check(ids);
    } catch (error) {
      if (ids.length < 2 || !(isAppError(error) && error.status === 422)) throw error;
      const reasons: string[] = [];
      for (const id of ids) {
        try {
          await check([id]);
        } catch (one) {
          if (!(isAppError(one) && one.status === 422)) throw one;
          reasons.push(...(one.errors ? Object.values(one.errors).flat() : [one.message]));
        }
      }
      if (reasons.length < 2) throw error;
      const { plural } = this.def.labels;
      throw new ValidationError(
        { ids: reasons },
        `Nothing was deleted: ${reasons.length} of the ${ids.length} ${plural} selected cannot be. ${reasons.join(" ")}`,
      );
    }
  }

  /** Removes rows for good (deletion "hard"), each audited with what it was. */
  private async hardDelete(ctx: ServiceContext, ids: number[]): Promise<number[]> {
    await this.checkDeletable(ctx, ids);
    const removed: number[] = [];
    for (const id of ids) {
      const found = await this.baseQuery(engineDb(ctx)).where("t.id", "=", id).executeTakeFirst();
      if (!found) continue;
      const before = this.toRow(found);
      await engineDb(ctx).deleteFrom(this.tableName()).where("id", "=", id).execute();
      await audit(ctx, { entity: this.def.name, entityId: id, action: "delete", before });
      removed.push(id);
    }
    return removed;
  }

  private async setDeleted(ctx: ServiceContext, ids: number[], deleted: boolean): Promise<number[]> {
    let q = engineDb(ctx)
      .updateTable(this.tableName())
      .set(deleted ? { deleted_at: sql`now()`, deleted_by: ctx.user?.id ?? null } : { deleted_at: null, deleted_by: null })
      .where("id", "in", ids)
      .where("deleted_at", deleted ? "is" : "is not", null);
    if (this.def.storage.kind === "user") q = q.where("kind", "=", this.def.storage.userKind);
    const rows = (await q.returning("id").execute()) as { id: number }[];
    if (deleted && this.def.storage.kind === "user" && rows.length) {
      // A deleted account can no longer be signed in with.
      await engineDb(ctx)
        .deleteFrom("sessions")
        .where(
          "user_id",
          "in",
          rows.map((r) => r.id),
        )
        .execute();
    }
    return rows.map((r) => r.id);
  }

  /** Of the given ids, in their order, those of this entry's rows: any, the active ones, or those in the trash. */
  private async idsAmong(ctx: ServiceContext, ids: number[], which: "any" | "active" | "trashed"): Promise<number[]> {
    if (ids.length === 0) return [];
    let q = engineDb(ctx).selectFrom(this.tableName()).select("id").where("id", "in", ids).where(ownRows(this.def, this.tableName()));
    if (which !== "any") q = q.where("deleted_at", which === "active" ? "is" : "is not", null);
    if (this.def.storage.kind === "user") q = q.where("kind", "=", this.def.storage.userKind);
    const found = new Set((await q.execute()).map((r) => Number(r.id)));
    return ids.filter((id) => found.has(id));
  }

  /**
   * Delete and restore only rows whose state allows it (an entry's `restorableStates`): a spoiled
   * cheque number or an issued form number is not trashed or brought back, it is voided or not.
   */
  private async assertRestorable(ctx: ServiceContext, ids: number[]): Promise<void> {
    const states = this.def.restorableStates;
    const column = this.def.stateColumn;
    if (!states || !column || ids.length === 0) return;
    const rows = await engineDb(ctx)
      .selectFrom(this.tableName())
      .select(["id", sql.ref<string>(column).as("state")])
      .where("id", "in", ids)
      .where(ownRows(this.def, this.tableName()))
      .execute();
    const blocked = rows.find((r) => !states.includes(String(r.state)));
    if (!blocked) return;
    const name = `${this.def.labels.singular[0].toUpperCase()}${this.def.labels.singular.slice(1)}`;
    const message = RESTORABLE_MESSAGES[states.join(" or ")];
    const id = Number(blocked.id);
    const state = String(blocked.state);
    // A set of states without a sentence of its own still refuses with the same English; in another
    // language its states read through the registry's terms where they have one.
    throw new AppError(
      422,
      message ? message(name, id, state) : `${name} #${id} is ${state}; only ${states.join(" or ")} ones can be deleted or restored.`,
    );
  }

  /** Replaces the child rows of a record with the posted ones (a child key left out keeps them). */
  private async writeChildren(ctx: ServiceContext, parentId: number, values: Record<string, unknown>): Promise<void> {
    for (const child of this.def.children ?? []) {
      const rows = values[child.key];
      if (rows === undefined) continue;
      if (!Array.isArray(rows)) throw ValidationError.field(child.key, `The ${child.labels.plural} must be a list.`);
      const db = engineDb(ctx);
      // The child table's columns are the entry's `columns`, named at run time.
      const table: string = child.table;
      await db.deleteFrom(table).where(child.parentKey, "=", parentId).execute();
      if (rows.length === 0) continue;
      await db
        .insertInto(table)
        .values(
          rows.map((row: Record<string, unknown>, position) => {
            const stored: Record<string, unknown> = { [child.parentKey]: parentId };
            for (const column of child.columns) stored[column] = row[column] ?? null;
            if (child.orderColumn) stored[child.orderColumn] = position;
            return stored;
          }),
        )
        .execute();
    }
  }

  /** A command of this entry that a user runs by name (REST, tRPC, a page's modal). */
  commandDef(name: string): CommandDef {
    const command = userCommands(this.def).find((c) => c.name === name);
    if (!command) throw notFound("command");
    return command;
  }

  /**
   * Runs a named command (DESIGN §10) on one record: checks its permission and the record's state,
   * then in one transaction moves the record to the command's state, runs the entity's handler
   * (its cascade), and records every row touched. A command that `reverses` another replays the
   * last unreversed run of it backwards instead. Answers the record as it is after.
   */
  async command(ctx: ServiceContext, name: string, id: number, input: unknown = {}): Promise<TRow> {
    const command = this.commandDef(name);
    this.authorize(ctx, command.permission);
    return inTransaction(ctx, async (tx) => {
      await this.lockFirst(tx, [id]);
      await this.runCommand(tx, command, id, input, await this.lock(tx, id));
      return this.read(tx, id);
    });
  }

  /**
   * A command's run inside the caller's transaction, the record locked (`locked`): the state check,
   * the entry's own check (beforeCommand), then the recorded work. A command that a delete invokes
   * moves the record to the trash (with its cancel reason) as its first recorded change.
   */
  private async runCommand(
    tx: ServiceContext,
    command: CommandDef,
    id: number,
    input: unknown,
    locked: { deleted_at: Date | null; state: unknown },
  ): Promise<void> {
    const body = (input && typeof input === "object" ? input : {}) as Record<string, unknown>;
    const reasonText = typeof body.reason === "string" ? body.reason.replace(/\s+/g, " ").trim().slice(0, 500) : "";
    if (command.reason === "required" && reasonText.length < 3) throw ValidationError.field("reason", "The reason field is required.");
    if (reasonText.includes("\u0000")) throw ValidationError.field("reason", "The reason must not contain a NUL character.");
    const reason = reasonText || null;
    const row = await this.read(tx, id);
    const state = this.def.stateColumn ? String(locked.state ?? "") : null;
    if (state != null && !command.from.includes(state)) {
      throw new AppError(422, `${this.displayName(row)} is ${state.replace(/_/g, " ")}; it cannot be ${pastTense(command.label)}.`);
    }
    await this.beforeCommand(tx, command, row);
    const describe = (entity: string, rowId: number) => `${getResource(entity).labels.singular} #${rowId}`;
    const subject = { entity: this.def.name, command: command.name, audit: command.audit };
    const handler = this.commandHandlers()[command.name];
    const runOf = (recorder: CommandRecorder): CommandRun<TRow> => ({
      ctx: tx,
      def: this.def,
      command,
      row,
      reason,
      input: body,
      change: (target, rowId, set, auditAction) => recorder.change(target, rowId, set, auditAction),
      insert: (target, values) => recorder.insert(target, values),
    });
    if (command.reverses) {
      await reverseRun(tx, { ...subject, reverses: command.reverses }, id, reason, describe, {
        after: handler && ((r) => handler(runOf(r))),
      });
      return;
    }
    await recordRun(tx, subject, id, reason, async (recorder) => {
      if (command.invokedBy === "delete") {
        await recorder.change(this.def.name, id, {
          deleted_at: new Date(),
          deleted_by: tx.user?.id ?? null,
          ...(this.def.cancel ? { cancel_reason: reason } : {}),
        });
      }
      if (command.to && this.def.stateColumn) await recorder.change(this.def.name, id, { [this.def.stateColumn]: command.to });
      await handler?.(runOf(recorder));
    });
  }

  /** The success message of a command ("Successfully voided {name}."). */
  commandMessage(name: string, row: Row): string {
    return this.commandDef(name).message.replace("{name}", this.displayName(row));
  }

  /** The name of a record as messages use it ("Successfully deleted {name}."). */
  displayName(row: Row): string {
    const value = row[this.def.displayField];
    return value == null ? `#${row.id}` : String(value);
  }
}

/**
 * "Void" → "voided", "Cancel" → "cancelled", "Remit" → "remitted", "Issue" → "issued". Another
 * language reads the label back from it (domain/i18n/message-patterns.ts commandLabel): keep the two together.
 */
function pastTense(label: string): string {
  const word = label.toLowerCase();
  if (word.endsWith("e")) return `${word}d`;
  if (/(cancel|remit)$/.test(word)) return `${word}${word.at(-1)}ed`;
  return `${word}ed`;
}

/** A reference filter's column (`t.purok_id`); dotted columns name another alias (`p.purok_id`). */
function filterColumn(filter: FilterDef): RawBuilder<unknown> {
  const column = filter.column ?? filter.key;
  return sql.ref(column.includes(".") ? column : `t.${column}`);
}

/** The condition of one filter of its kind for the parsed filter object (true when it is unset). */
function filterCondition(def: ResourceDef, filter: FilterDef, values: Record<string, string>, eb: any): Expression<SqlBool> {
  const column = filterColumn(filter);
  const conditions: Expression<SqlBool>[] = [];
  switch (filter.kind ?? "option") {
    case "option":
    case "reference": {
      const value = values[filter.key];
      if (value) conditions.push(eb(column, "=", value));
      break;
    }
    case "boolean": {
      const value = values[filter.key];
      if (value) conditions.push(eb(column, "=", value === "1"));
      break;
    }
    case "date-range": {
      // A timestamp column is compared on the office's calendar (Asia/Manila, DESIGN §5).
      const kind = def.columns.find((c) => c.key === filter.key)?.kind;
      const day = kind === "datetime" ? sql`(${column} at time zone 'Asia/Manila')::date` : column;
      const from = values[`${filter.key}_from`];
      const to = values[`${filter.key}_to`];
      if (from) conditions.push(eb(day, ">=", sql`${from}::date`));
      if (to) conditions.push(eb(day, "<=", sql`${to}::date`));
      break;
    }
    case "amount-range": {
      const from = values[`${filter.key}_from`];
      const to = values[`${filter.key}_to`];
      if (from) conditions.push(eb(column, ">=", sql`${from}::numeric`));
      if (to) conditions.push(eb(column, "<=", sql`${to}::numeric`));
      break;
    }
  }
  return conditions.length ? eb.and(conditions) : sql<SqlBool>`true`;
}

/**
 * A record's child rows as a JSON array, in their order: the stored columns, and each reference as
 * its row (a person as {id, fullname, image, hex_color, user_profile, status}).
 */
function childRowsSql(child: ChildDef): RawBuilder<unknown> {
  const fields: RawBuilder<unknown>[] = [];
  // Money stays exact text ("1500.00", DESIGN §5): jsonb would turn numeric into a JSON number.
  const money = new Set(child.fields.filter((f) => f.kind === "money").map((f) => f.name));
  for (const column of child.columns) {
    fields.push(sql`${sql.lit(column)}, ${money.has(column) ? sql`${sql.ref(`c.${column}`)}::text` : sql.ref(`c.${column}`)}`);
  }
  const joins: RawBuilder<unknown>[] = [];
  (child.references ?? []).forEach((ref, i) => {
    const target = getResource(ref.resource);
    const alias = `cr${i}`;
    if (target.storage.kind === "user") {
      joins.push(sql`left join users ${sql.raw(alias)} on ${sql.ref(`${alias}.id`)} = ${sql.ref(`c.${ref.foreignKey}`)}`);
      joins.push(sql`left join user_profiles ${sql.raw(`${alias}_p`)} on ${sql.ref(`${alias}_p.user_id`)} = ${sql.ref(`${alias}.id`)}`);
      fields.push(
        sql`${sql.lit(ref.key)}, ${personJson(`c.${ref.foreignKey}`, `${alias}_p`)} || jsonb_build_object('status', case when ${sql.ref(`${alias}.deleted_at`)} is null then 'Active' else 'Trashed' end)`,
      );
    } else {
      joins.push(
        sql`left join ${sql.table(target.storage.table)} ${sql.raw(alias)} on ${sql.ref(`${alias}.id`)} = ${sql.ref(`c.${ref.foreignKey}`)}`,
      );
      fields.push(
        sql`${sql.lit(ref.key)}, case when ${sql.ref(`${alias}.id`)} is null then null else jsonb_build_object('id', ${sql.ref(`${alias}.id`)}, 'name', ${sql.ref(`${alias}.${target.displayField}`)}) end`,
      );
    }
  });
  const order = sql.ref(`c.${child.orderColumn ?? child.columns[0]}`);
  return sql`(select coalesce(jsonb_agg(jsonb_build_object(${sql.join(fields)}) order by ${order}), '[]'::jsonb)
    from ${sql.table(child.table)} c ${sql.join(joins, sql` `)}
    where ${sql.ref(`c.${child.parentKey}`)} = t.id)`;
}

/**
 * The rows of the entry's table that belong to the scope's barangay (`alias.barangay_id = …`, the
 * second line behind row-level security, DESIGN §14); every row of a table no barangay owns.
 */
function ownRows(def: ResourceDef, alias: string): Expression<SqlBool> {
  const table = def.storage.kind === "user" ? "users" : def.storage.table;
  return DEPLOYMENT_WIDE_TABLES.has(table) ? sql<SqlBool>`true` : inOwnBarangay(`${alias}.barangay_id`);
}

/** The narrowest from-clause a count needs: a user's profile only when a search or filter reads it. */
function countBase(db: AnyDB, def: ResourceDef, withProfile = true): SelectQueryBuilder<any, any, any> {
  if (def.storage.kind === "user") {
    const users = db.selectFrom("users as t").where("t.kind", "=", def.storage.userKind).where(inOwnBarangay("t.barangay_id"));
    return withProfile ? users.innerJoin("user_profiles as p", "p.user_id", "t.id").where(inOwnBarangay("p.barangay_id")) : users;
  }
  return db.selectFrom(`${def.storage.table} as t`).where(ownRows(def, "t"));
}

function changedFields(before: Row, after: Row): { before: Record<string, unknown>; after: Record<string, unknown> } {
  const b: Record<string, unknown> = {};
  const a: Record<string, unknown> = {};
  for (const key of Object.keys(after)) {
    if (key === "updated_at" || key === "updated_by") continue;
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) {
      b[key] = before[key];
      a[key] = after[key];
    }
  }
  return { before: b, after: a };
}

export function paginate<T>(data: T[], total: number, page: number, perPage: number, lastPage: number, path: string): Paginated<T> {
  const url = (p: number) => `${path}?page=${p}`;
  const from = data.length ? (page - 1) * perPage + 1 : null;
  const to = data.length ? (from ?? 0) + data.length - 1 : null;
  const links: Paginated<T>["meta"]["links"] = [{ url: page > 1 ? url(page - 1) : null, label: "&laquo; Previous", active: false }];
  // Laravel lists every page; on long lists keep the first two, the last two and the pages around
  // the current one, with "..." for each gap. Only those pages are visited: a loop over every page
  // was 3.6 % of the CPU of the collections list (66,667 pages).
  const shown =
    lastPage > 12
      ? [...new Set([1, 2, page - 2, page - 1, page, page + 1, page + 2, lastPage - 1, lastPage])]
          .filter((p) => p >= 1 && p <= lastPage)
          .sort((a, b) => a - b)
      : Array.from({ length: lastPage }, (_, i) => i + 1);
  let previous = 0;
  for (const p of shown) {
    if (p > previous + 1) links.push({ url: null, label: "...", active: false });
    links.push({ url: url(p), label: String(p), active: p === page });
    previous = p;
  }
  links.push({ url: page < lastPage ? url(page + 1) : null, label: "Next &raquo;", active: false });
  return {
    data,
    links: { first: url(1), last: url(lastPage), prev: page > 1 ? url(page - 1) : null, next: page < lastPage ? url(page + 1) : null },
    meta: { current_page: page, from, last_page: lastPage, links, path, per_page: perPage, to, total },
  };
}
