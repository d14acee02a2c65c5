import { sql } from "kysely";
import { getResource } from "../../domain/registry/index.ts";
import type { CommandDef, ResourceDef } from "../../domain/registry/types.ts";
import type { ServiceContext } from "../context.ts";
import { AppError, notFound } from "../errors.ts";
import { audit } from "./audit.ts";

// Commands (DESIGN §10): every state change is a named command with its own permission, audit
// action and message. A run and every row it changed, inserted or removed are recorded
// (command_runs, command_effects) in the command's transaction; a reverse command replays those
// records backwards, so it undoes exactly what was done — and refuses when a touched row has
// changed since.

type Row = Record<string, unknown> & { id: number };

/**
 * A row the recorder writes: a registry entry by name ("collection"), or a table outside the
 * registry with the name its audit rows use ({ entity: "remittance", table: "remittances" }).
 */
export type RecordTarget = string | { entity: string; table: string };

interface ResolvedTarget {
  entity: string;
  table: string;
  label: string;
}

function resolve(target: RecordTarget): ResolvedTarget {
  if (typeof target !== "string") return { entity: target.entity, table: target.table, label: target.entity };
  const def = getResource(target);
  return { entity: def.name, table: tableOf(def), label: def.labels.singular };
}

/**
 * What a command's handler works with, inside the command's transaction. `TRow` is the row the
 * entry's service reads (its `ResourceEngine<TRow>`), so a handler reads `run.row` typed.
 */
export interface CommandRun<TRow extends Row = Row> {
  ctx: ServiceContext;
  def: ResourceDef;
  command: CommandDef;
  /** The record as it was before the command (locked for the transaction). */
  row: TRow;
  reason: string | null;
  /** The command's input beyond the reason (e.g. a deposit's details). */
  input: Record<string, unknown>;
  /**
   * Sets stored columns of a row, recording the values before and after (for exact reversal) and
   * writing its audit row (`auditAction` when the row's change has a word of its own, such as a
   * certificate "unpaid" by a cancelled receipt). Use plain values, not SQL expressions.
   */
  change(target: RecordTarget, id: number, set: Record<string, unknown>, auditAction?: string): Promise<void>;
  /** Inserts a row the command makes (a hearing it holds), recorded and audited; answers its id. */
  insert(target: RecordTarget, values: Record<string, unknown>): Promise<number>;
}

/**
 * The work of a command beyond moving its own row to `to` (a cascade, a reason kept on the row).
 * Written as a method's type, so its parameter is compared both ways as a method's is: a service
 * whose handlers read its own row (`ResourceEngine<KpCaseRow>`) still is a `ResourceEngine` the
 * registry hands out, since the engine only ever runs a handler on a row of the service's own read.
 */
export type CommandHandler<TRow extends Row = Row> = { handle(run: CommandRun<TRow>): Promise<void> }["handle"];

/** What a run is: the subject's entity, the command's name, and the audit action of its rows. */
export interface RunSubject {
  entity: string;
  command: string;
  audit?: string;
}

function tableOf(def: ResourceDef): string {
  return def.storage.kind === "user" ? "users" : def.storage.table;
}

/** A stored value as JSON keeps it (timestamps as ISO text), for comparing a row with its record. */
function comparable(value: unknown): string {
  if (value instanceof Date) return JSON.stringify(value.toISOString());
  return JSON.stringify(value ?? null);
}

function jsonValue(value: unknown): unknown {
  return value instanceof Date ? value.toISOString() : value;
}

async function lockStored(ctx: ServiceContext, target: ResolvedTarget, id: number): Promise<Record<string, unknown>> {
  const row = await sql<Record<string, unknown>>`select * from ${sql.table(target.table)} where id = ${id} for update`.execute(ctx.db);
  if (!row.rows[0]) throw notFound(target.label);
  return row.rows[0];
}

/** The recorder of one command run. */
export class CommandRecorder {
  private position = 0;
  private constructor(
    private readonly ctx: ServiceContext,
    readonly runId: number,
    private readonly auditAction: string,
    private readonly reason: string | null,
  ) {}

  /**
   * Starts a run of `subject.command` on the record `id` (null when the run creates its subject:
   * call `subjectIs` once it is inserted).
   */
  static async start(
    ctx: ServiceContext,
    subject: RunSubject,
    id: number | null,
    reason: string | null,
    reversesRunId: number | null = null,
  ): Promise<CommandRecorder> {
    const run = await sql<{ id: number }>`
      insert into command_runs (entity, entity_id, command, reason, user_id, reverses_run_id)
      values (${subject.entity}, ${id}, ${subject.command}, ${reason}, ${ctx.user?.id ?? null}, ${reversesRunId})
      returning id`.execute(ctx.db);
    return new CommandRecorder(ctx, Number(run.rows[0].id), subject.audit ?? subject.command, reason);
  }

  /** Names the record a run created as its subject. */
  async subjectIs(id: number): Promise<void> {
    await sql`update command_runs set entity_id = ${id} where id = ${this.runId}`.execute(this.ctx.db);
  }

  async change(target: RecordTarget, id: number, set: Record<string, unknown>, auditAction?: string): Promise<void> {
    const resolved = resolve(target);
    await this.apply(resolved, id, await lockStored(this.ctx, resolved, id), set, auditAction);
  }

  /**
   * Inserts a row and records it (its reversal removes it again: a soft delete where the table keeps
   * deleted rows, so a number once given is never given again). Answers its id.
   */
  async insert(target: RecordTarget, values: Record<string, unknown>): Promise<number> {
    const resolved = resolve(target);
    const actor = this.ctx.user?.id ?? null;
    const columns = Object.keys(values);
    const inserted = await sql<{ id: number }>`
      insert into ${sql.table(resolved.table)} (${sql.join(columns.map((c) => sql.ref(c)))}, created_by, updated_by)
      values (${sql.join(columns.map((c) => sql`${values[c]}`))}, ${actor}, ${actor}) returning id`.execute(this.ctx.db);
    const id = Number(inserted.rows[0].id);
    const after = Object.fromEntries(columns.map((c) => [c, jsonValue(values[c])]));
    await this.effect("insert", resolved, id, {}, after);
    await audit(this.ctx, { entity: resolved.entity, entityId: id, action: this.auditAction, after: this.withReason(after) });
    return id;
  }

  /**
   * Records rows the caller inserted in bulk (a booklet's generated numbers: one statement for a
   * pad of fifty), with the values that identify each. One effect a row, no audit row a row: the
   * caller audits the run once on its subject.
   */
  async inserted(target: RecordTarget, rows: readonly { id: number; after: Record<string, unknown> }[]): Promise<void> {
    if (rows.length === 0) return;
    const resolved = resolve(target);
    const first = this.position;
    this.position += rows.length;
    const values = rows.map(
      (row, i) =>
        sql`(${this.runId}, ${first + i}, ${resolved.entity}, ${resolved.table}, ${row.id}, 'insert', '{}'::jsonb, ${JSON.stringify(row.after)}::jsonb)`,
    );
    await sql`insert into command_effects (run_id, position, entity, table_name, row_id, kind, before, after)
      values ${sql.join(values)}`.execute(this.ctx.db);
  }

  /** Removes rows for good and records each as it was (a booklet's unused numbers, before a new range). */
  async removeRows(target: RecordTarget, ids: readonly number[]): Promise<void> {
    if (ids.length === 0) return;
    const resolved = resolve(target);
    const removed = await sql<Record<string, unknown> & { id: number }>`
      delete from ${sql.table(resolved.table)} where id in (${sql.join([...ids])}) returning *`.execute(this.ctx.db);
    for (const row of removed.rows) {
      const before = Object.fromEntries(Object.entries(row).map(([key, value]) => [key, jsonValue(value)]));
      await this.effect("delete", resolved, Number(row.id), before, {});
    }
  }

  private withReason(after: Record<string, unknown>): Record<string, unknown> {
    return this.reason ? { ...after, reason: this.reason } : after;
  }

  private async effect(
    kind: "update" | "insert" | "delete",
    target: ResolvedTarget,
    id: number,
    before: Record<string, unknown>,
    after: Record<string, unknown>,
  ): Promise<void> {
    await sql`
      insert into command_effects (run_id, position, entity, table_name, row_id, kind, before, after)
      values (${this.runId}, ${this.position++}, ${target.entity}, ${target.table}, ${id}, ${kind},
        ${JSON.stringify(before)}, ${JSON.stringify(after)})`.execute(this.ctx.db);
  }

  /** Writes `set` over a row already locked and read (`stored`), recording and auditing what changed. */
  private async apply(
    target: ResolvedTarget,
    id: number,
    stored: Record<string, unknown>,
    set: Record<string, unknown>,
    auditAction = this.auditAction,
  ): Promise<void> {
    const before: Record<string, unknown> = {};
    const after: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(set)) {
      if (!(key in stored)) throw new Error(`${target.entity} has no column ${key}`);
      if (comparable(stored[key]) === comparable(value)) continue;
      before[key] = jsonValue(stored[key]);
      after[key] = jsonValue(value);
    }
    if (Object.keys(after).length === 0) return;
    const assignments = Object.entries(after).map(([key, value]) => sql`${sql.ref(key)} = ${value}`);
    if ("updated_at" in stored) assignments.push(sql`updated_at = now()`, sql`updated_by = ${this.ctx.user?.id ?? null}`);
    await sql`update ${sql.table(target.table)} set ${sql.join(assignments)} where id = ${id}`.execute(this.ctx.db);
    await this.effect("update", target, id, before, after);
    await audit(this.ctx, { entity: target.entity, entityId: id, action: auditAction, before, after: this.withReason(after) });
  }

  /**
   * Undoes the recorded run `runId` row by row, last effect first: a changed row gets its recorded
   * values back, an inserted row is removed (soft-deleted where its table keeps deleted rows). A
   * changed row whose recorded columns no longer hold what the run left there, or an inserted row
   * already removed, was changed since: the reversal is refused (422) whole. A run that removed
   * rows is not reversed (none of the domain's reversible commands removes a row).
   */
  async reverse(
    runId: number,
    describe: (entity: string, id: number) => string,
    /** Columns a soft-deleted inserted row keeps with its removal (an undone remittance's reason). */
    removedWith: Record<string, unknown> = {},
  ): Promise<void> {
    const effects = (
      await sql<{ entity: string; table_name: string | null; row_id: number; kind: string; before: unknown; after: unknown }>`
      select entity, table_name, row_id, kind, before, after from command_effects where run_id = ${runId}
      order by position desc`.execute(this.ctx.db)
    ).rows;
    for (const effect of effects) {
      const target: ResolvedTarget = effect.table_name
        ? { entity: effect.entity, table: effect.table_name, label: effect.entity }
        : resolve(effect.entity);
      const id = Number(effect.row_id);
      if (effect.kind === "delete") throw new AppError(422, `${describe(effect.entity, id)} was removed by it; it cannot be reversed.`);
      const before = parseJson(effect.before);
      const after = parseJson(effect.after);
      const stored = await lockStored(this.ctx, target, id);
      // An inserted row is checked only for still being there: its values are its own record's.
      const changed =
        effect.kind === "insert"
          ? stored.deleted_at != null
            ? ["deleted at"]
            : []
          : Object.keys(after).filter((key) => comparable(stored[key]) !== comparable(after[key]));
      if (changed.length) {
        throw new AppError(
          422,
          `${describe(effect.entity, id)} has changed since (${changed.join(", ").replace(/_/g, " ")}); it cannot be reversed.`,
        );
      }
      if (effect.kind === "update") await this.apply(target, id, stored, before);
      else if ("deleted_at" in stored)
        await this.apply(target, id, stored, { deleted_at: new Date(), deleted_by: this.ctx.user?.id ?? null, ...removedWith });
      else {
        await sql`delete from ${sql.table(target.table)} where id = ${id}`.execute(this.ctx.db);
        await this.effect("delete", target, id, after, {});
        await audit(this.ctx, { entity: target.entity, entityId: id, action: this.auditAction, before: after });
      }
    }
    await sql`update command_runs set reversed_by_run_id = ${this.runId} where id = ${runId}`.execute(this.ctx.db);
  }
}

function parseJson(value: unknown): Record<string, unknown> {
  return (typeof value === "string" ? JSON.parse(value) : value) as Record<string, unknown>;
}

/** The last run of `command` on the record that has not been reversed yet. */
export async function lastUnreversedRun(ctx: ServiceContext, entity: string, id: number, command: string): Promise<number | null> {
  const row = (
    await sql<{ id: number }>`
    select id from command_runs
    where entity = ${entity} and entity_id = ${id} and command = ${command} and reversed_by_run_id is null
    order by id desc limit 1`.execute(ctx.db)
  ).rows[0];
  return row ? Number(row.id) : null;
}

/**
 * Runs a command that a service starts itself, inside the caller's transaction (a remittance, a
 * booklet's numbers, the number a new receipt takes): the caller's own call has checked its
 * permission. `work` makes the run's changes through the recorder.
 */
export async function recordRun<T>(
  ctx: ServiceContext,
  subject: RunSubject,
  id: number | null,
  reason: string | null,
  work: (recorder: CommandRecorder) => Promise<T>,
): Promise<T> {
  if (!ctx.db.isTransaction) throw new Error(`The ${subject.command} command runs inside its caller's transaction`);
  return work(await CommandRecorder.start(ctx, subject, id, reason));
}

/**
 * The refusal when there is no run to reverse, one whole sentence per reversed command (the
 * registry's `reverses`), as the server catalogs hold them (server_engine_no_…_to_reverse).
 */
const NO_RUN_MESSAGES: Record<string, ((record: string) => string) | undefined> = {
  cancel: (record) => `${record} has no cancel to reverse.`,
  void: (record) => `${record} has no void to reverse.`,
  remit: (record) => `${record} has no remit to reverse.`,
  summon: (record) => `${record} has no summon to reverse.`,
};

/**
 * Reverses the last unreversed run of `reverses` on the record, as the command `subject` (undo a
 * remittance): 422 when there is none. `options.after` runs in the same run once the replay is done;
 * `options.removedWith` are columns an inserted row keeps as it is soft-deleted (a reason).
 */
export async function reverseRun(
  ctx: ServiceContext,
  subject: RunSubject & { reverses: string },
  id: number,
  reason: string | null,
  describe: (entity: string, id: number) => string,
  options: { after?: (recorder: CommandRecorder) => Promise<void>; removedWith?: Record<string, unknown> } = {},
): Promise<void> {
  if (!ctx.db.isTransaction) throw new Error(`The ${subject.command} command runs inside its caller's transaction`);
  const reversed = await lastUnreversedRun(ctx, subject.entity, id, subject.reverses);
  if (reversed == null) {
    const message = NO_RUN_MESSAGES[subject.reverses];
    if (!message) throw new Error(`No message for a missing ${subject.reverses} run`);
    throw new AppError(422, message(describe(subject.entity, id)));
  }
  const recorder = await CommandRecorder.start(ctx, subject, id, reason, reversed);
  await recorder.reverse(reversed, describe, options.removedWith);
  await options.after?.(recorder);
}
