import type { SelectQueryBuilder } from "kysely";
import type { RawBuilder } from "kysely";
import type { ServiceContext } from "../context.ts";

// Behaviour a registry entry adds beyond the engine's life cycle (DESIGN §4: "an entity with more
// behaviour keeps its entry and adds a service of its own; it never copies the engine").
// Each hook runs inside the engine's transaction.

/* eslint-disable @typescript-eslint/no-explicit-any */
export interface ResourceHooks {
  /** Adds columns to every read (a user's roles, a role's permissions and member count). */
  extendSelect?(q: SelectQueryBuilder<any, any, any>): SelectQueryBuilder<any, any, any>;
  /**
   * The SQL a computed column sorts by (a household's members_count): the list's id query reads
   * only the table, so a column that extendSelect adds needs its expression here to be sortable.
   */
  sortExpression?(key: string): RawBuilder<unknown> | undefined;
  /**
   * Replaces the `user_profile` object of a user-based entry (a resident's whole profile). The
   * profile joins (alias `p`) are the engine's; joins it needs beyond them go in extendSelect.
   */
  userProfile?(): RawBuilder<unknown>;
  /** Replaces the status column's SQL (users: Blocked). */
  status?(): RawBuilder<string>;
  /**
   * Takes, before the engine locks the rows `ids` themselves, the locks a write to them may need
   * beyond those rows (a parent record, the siblings a cascade reaches), in one fixed order. Every
   * update, delete, restore and command of the entry then waits in the same queue instead of two
   * of them holding one row each and waiting for the other's (a deadlock).
   */
  lockFirst?(ctx: ServiceContext, ids: readonly number[]): Promise<void>;
  /** Checks before create (id null) or update; throw an AppError to refuse. */
  beforeWrite?(ctx: ServiceContext, values: Record<string, unknown>, id: number | null): Promise<void>;
  /** Stores the entry's virtual fields after the row is written. */
  afterWrite?(ctx: ServiceContext, id: number, values: Record<string, unknown>, op: "create" | "update"): Promise<void>;
  /** Safety rules before delete; throw to refuse the whole request. */
  beforeDelete?(ctx: ServiceContext, ids: number[]): Promise<void>;
  /** Rules before trashed rows come back (one active entry per person or purok); throw to refuse. */
  beforeRestore?(ctx: ServiceContext, ids: number[]): Promise<void>;
}

const registry = new Map<string, ResourceHooks>();

export function registerHooks(name: string, hooks: ResourceHooks): void {
  registry.set(name, hooks);
}

export function hooksFor(name: string): ResourceHooks {
  return registry.get(name) ?? {};
}
