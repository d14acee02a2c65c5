import { AsyncLocalStorage } from "node:async_hooks";
import {
  CompiledQuery,
  sql,
  type Expression,
  type SqlBool,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryCompiler,
  type QueryResult,
  type TransactionSettings,
} from "kysely";

// Many barangays on one database (DESIGN §14, docs/decisions/209-barangays-as-tenants.md).
//
// Every row a barangay owns carries its `barangay_id`, and PostgreSQL's row-level security lets the
// application's role see and write only the rows of the barangay set for the transaction. The set
// is made here, beneath Kysely: every transaction the portal opens starts with one statement that
// switches to the role of its scope and names its barangay, both with `is_local = true` (SET LOCAL),
// so nothing of it outlives the transaction and a pooled connection carries nothing to the next
// request. A statement run outside a transaction is wrapped in one of its own for the same reason.
//
// The scope comes from the request (server/http/tenancy.ts sets it from the signed-in user, a
// verification code or the hub) through AsyncLocalStorage; code that runs outside a request (the
// seed, the hourly jobs, the tests, the scripts) runs in the process's default scope or names one.

/** Who the statements of a transaction run as. */
export type DbScope =
  /** A barangay's own work: role portal_app, rows of `barangayId` only (none when null). */
  | { kind: "barangay"; barangayId: number | null }
  /** Signing in and resolving a session: role portal_auth, which may read the account tables of every barangay and write nothing. */
  | { kind: "auth" }
  /** The municipality's roll-ups: role portal_rollup, which may read the rows of `barangayIds` and write nothing. */
  | { kind: "rollup"; barangayIds: number[] }
  /** The database owner, unrestricted: migrations, backup and restore, the barangay export. */
  | { kind: "owner" };

/** The barangay of a single-barangay install: created by the tenants migration, the one every install starts with. */
export const FIRST_BARANGAY_ID = 1;
/** The hub's own rows (its administrators, municipal officers, their sessions and audit): a tenant of their own. */
export const HUB_TENANT_ID = 0;

const scopes = new AsyncLocalStorage<DbScope>();
let defaultScope: DbScope = { kind: "barangay", barangayId: FIRST_BARANGAY_ID };

/** The scope of code that runs outside any `inScope` (a single barangay's install: that barangay; a hub: none). */
export function setDefaultScope(scope: DbScope): void {
  defaultScope = scope;
}

/** Whether this process serves a hub (PORTAL_HUB): code outside any scope works in no barangay. */
export function servesHub(): boolean {
  return defaultScope.kind === "barangay" && defaultScope.barangayId === null;
}

export function currentScope(): DbScope {
  return scopes.getStore() ?? defaultScope;
}

/**
 * A text naming the current scope, for a per-process cache or a shared run of a query: what one
 * barangay's request computed must never answer another's (decision 209).
 */
export function scopeKey(): string {
  const scope = currentScope();
  switch (scope.kind) {
    case "barangay":
      return `barangay:${scope.barangayId ?? "none"}`;
    case "rollup":
      return `rollup:${scope.barangayIds.join(",")}`;
    default:
      return scope.kind;
  }
}

/**
 * The tables no barangay owns: every other table has `barangay_id` under row-level security
 * (migration 20261216100000_barangays_as_tenants; tests/api/tenancy.test.ts reads the catalog).
 */
export const DEPLOYMENT_WIDE_TABLES: ReadonlySet<string> = new Set(["permissions", "login_failures", "barangays", "kysely_migration", "kysely_migration_lock"]);

/**
 * The barangay the current scope works in, for the application's own `where barangay_id = …`:
 * a number in a barangay's scope, null in a barangay scope that names none (a hub's visitor
 * without a code), undefined in the other scopes (the owner, sign-in, roll-ups), whose statements
 * choose their barangays themselves.
 */
export function scopedBarangayId(): number | null | undefined {
  const scope = currentScope();
  return scope.kind === "barangay" ? scope.barangayId : undefined;
}

/**
 * `<column> = <the scope's barangay>`: the application's second line behind row-level security
 * (DESIGN §14). It also names the barangay to the planner as a plain parameter, so the
 * barangay-led indexes serve a query the same with the policy switched off. True outside a
 * barangay's scope (row-level security or the owner decide there); false for a scope with no
 * barangay, which sees nothing.
 */
export function inOwnBarangay(column: string): Expression<SqlBool> {
  const id = scopedBarangayId();
  if (id === undefined) return sql<SqlBool>`true`;
  if (id === null) return sql<SqlBool>`false`;
  return sql<SqlBool>`${sql.ref(column)} = ${id}`;
}

/** Runs fn, and every statement it makes, in `scope`. */
export function inScope<T>(scope: DbScope, fn: () => T): T {
  return scopes.run(scope, fn);
}

export function inBarangay<T>(barangayId: number | null, fn: () => T): T {
  return inScope({ kind: "barangay", barangayId }, fn);
}

export function asOwner<T>(fn: () => T): T {
  return inScope({ kind: "owner" }, fn);
}

/** The one statement that starts a transaction's scope; null for the owner, who stays as connected. */
export function scopeStatement(scope: DbScope): string | null {
  switch (scope.kind) {
    case "owner":
      return null;
    case "barangay":
      return `select set_config('role', 'portal_app', true), set_config('app.barangay_id', '${idText(scope.barangayId)}', true)`;
    case "auth":
      return `select set_config('role', 'portal_auth', true), set_config('app.barangay_id', '', true)`;
    case "rollup":
      return (
        `select set_config('role', 'portal_rollup', true), set_config('app.barangay_id', '', true), ` +
        `set_config('app.barangay_ids', '${scope.barangayIds.map(idText).join(",")}', true)`
      );
  }
}

/** Ids are written into the statement (it has no parameters, so that it can share a round trip with BEGIN): integers only. */
function idText(id: number | null): string {
  if (id === null) return "";
  if (!Number.isSafeInteger(id) || id < 0) throw new Error(`Not a barangay id: ${String(id)}`);
  return String(id);
}

/**
 * Wraps a dialect so that every transaction, and every statement outside one, runs in the current
 * scope. `multiStatement`: the driver sends a text without parameters as a simple query, so BEGIN and
 * the scope's statement share one round trip (node-postgres); PGlite opens its transactions itself.
 */
export class ScopedDialect implements Dialect {
  private readonly inner: Dialect;
  private readonly multiStatement: boolean;
  constructor(inner: Dialect, multiStatement: boolean) {
    this.inner = inner;
    this.multiStatement = multiStatement;
  }
  createDriver(): Driver {
    return new ScopedDriver(this.inner.createDriver(), this.multiStatement);
  }
  createQueryCompiler(): QueryCompiler {
    return this.inner.createQueryCompiler();
  }
  createAdapter() {
    return this.inner.createAdapter();
  }
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- Kysely's own signature
  createIntrospector(db: Kysely<any>) {
    return this.inner.createIntrospector(db);
  }
}

class ScopedConnection implements DatabaseConnection {
  inTransaction = false;
  readonly inner: DatabaseConnection;
  private readonly driver: ScopedDriver;
  constructor(inner: DatabaseConnection, driver: ScopedDriver) {
    this.inner = inner;
    this.driver = driver;
  }

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    if (this.inTransaction) return this.inner.executeQuery<R>(query);
    const scope = currentScope();
    if (scope.kind === "owner") return this.inner.executeQuery<R>(query);
    // A statement on its own: a transaction of its own, so that the scope is SET LOCAL as well.
    await this.driver.begin(this.inner, {}, scope);
    let result: QueryResult<R>;
    try {
      result = await this.inner.executeQuery<R>(query);
    } catch (error) {
      await this.driver.inner.rollbackTransaction(this.inner).catch(() => {});
      throw error;
    }
    await this.driver.inner.commitTransaction(this.inner);
    return result;
  }

  async *streamQuery<R>(query: CompiledQuery, chunkSize: number): AsyncIterableIterator<QueryResult<R>> {
    if (this.inTransaction || currentScope().kind === "owner") {
      yield* this.inner.streamQuery<R>(query, chunkSize);
      return;
    }
    await this.driver.begin(this.inner, {}, currentScope());
    try {
      yield* this.inner.streamQuery<R>(query, chunkSize);
    } catch (error) {
      await this.driver.inner.rollbackTransaction(this.inner).catch(() => {});
      throw error;
    }
    await this.driver.inner.commitTransaction(this.inner);
  }
}

const unwrap = (connection: DatabaseConnection) => (connection as ScopedConnection).inner;

class ScopedDriver implements Driver {
  readonly inner: Driver;
  private readonly multiStatement: boolean;
  constructor(inner: Driver, multiStatement: boolean) {
    this.inner = inner;
    this.multiStatement = multiStatement;
  }

  /** BEGIN, then the scope's statement: one round trip where the driver allows. */
  async begin(connection: DatabaseConnection, settings: TransactionSettings, scope: DbScope): Promise<void> {
    const statement = scopeStatement(scope);
    if (statement && this.multiStatement && !settings.isolationLevel && !settings.accessMode) {
      try {
        await connection.executeQuery(CompiledQuery.raw(`begin; ${statement}`));
      } catch (error) {
        // BEGIN may have run before the scope's statement failed: the connection goes back clean.
        await this.inner.rollbackTransaction(connection).catch(() => {});
        throw error;
      }
      return;
    }
    await this.inner.beginTransaction(connection, settings);
    if (!statement) return;
    try {
      await connection.executeQuery(CompiledQuery.raw(statement));
    } catch (error) {
      await this.inner.rollbackTransaction(connection).catch(() => {});
      throw error;
    }
  }

  init() {
    return this.inner.init();
  }
  async acquireConnection(): Promise<DatabaseConnection> {
    return new ScopedConnection(await this.inner.acquireConnection(), this);
  }
  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    await this.begin(unwrap(connection), settings, currentScope());
    (connection as ScopedConnection).inTransaction = true;
  }
  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    (connection as ScopedConnection).inTransaction = false;
    await this.inner.commitTransaction(unwrap(connection));
  }
  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    (connection as ScopedConnection).inTransaction = false;
    await this.inner.rollbackTransaction(unwrap(connection));
  }
  async savepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler["compileQuery"]): Promise<void> {
    await this.inner.savepoint!(unwrap(connection), name, compile);
  }
  async rollbackToSavepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler["compileQuery"]): Promise<void> {
    await this.inner.rollbackToSavepoint!(unwrap(connection), name, compile);
  }
  async releaseSavepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler["compileQuery"]): Promise<void> {
    await this.inner.releaseSavepoint!(unwrap(connection), name, compile);
  }
  releaseConnection(connection: DatabaseConnection): Promise<void> {
    return this.inner.releaseConnection(unwrap(connection));
  }
  destroy() {
    return this.inner.destroy();
  }
}
