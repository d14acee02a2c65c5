import { sql } from "kysely";
import { getResource } from "../../domain/registry/index.ts";
import type { CommandDef, ResourceDef } from "../../domain/registry/types.ts";
import type { ServiceContext } from "../context.ts";
import { AppError, notFound } from "../errors.ts";
import { audit } from "../services/audit.ts";

// Commands (DESIGN §10, issue 9 item 2): named state changes with their own permission, audit
// action and message. A run and every row it changed are recorded (command_runs,
// command_effects) in the command's transaction; the reverse command replays those records
// backwards, so it undoes exactly what was done — and refuses when a touched row has changed since.

type Row = Record<string, unknown> & { id: number };

/** What a command's handler works with, inside the command's transaction. */
export interface CommandRun {
  ctx: ServiceContext;
  def: ResourceDef;
  command: CommandDef;
  /** The record as it was before the command (locked for the transaction). */
  row: Row;
  reason: string | null;
  /** The command's input beyond the reason (e.g. a deposit's details). */
  input: Record<string, unknown>;
  /**
   * Sets stored columns of a row of any registry entry, recording the values before and after
   * (for exact reversal) and writing its audit row. Use plain values, not SQL expressions.
   */
  change(entity: string, id: number, set: Record<string, unknown>): Promise<void>;
}

/** The work of a command beyond moving its own row to `to` (a cascade, numbering, a deposit). */
export type CommandHandler = (run: CommandRun) => Promise<void>;

function tableOf(def: ResourceDef): string {
  return def.storage.kind === "user" ? "users" : def.storage.table;
}

/** A stored value as JSON keeps it (timestamps as ISO text), for comparing a row with its record. */
function comparable(value: unknown): string {
  if (value instanceof Date) return JSON.stringify(value.toISOString());
  return JSON.stringify(value ?? null);
}

async function lockStored(ctx: ServiceContext, def: ResourceDef, id: number): Promise<Record<string, unknown>> {
  const row = await sql<Record<string, unknown>>`select * from ${sql.table(tableOf(def))} where id = ${id} for update`.execute(ctx.db);
  if (!row.rows[0]) throw notFound(def.labels.singular);
  return row.rows[0];
}

/** The recorder of one command run. */
export class CommandRecorder {
  private position = 0;
  constructor(
    private readonly ctx: ServiceContext,
    readonly runId: number,
    private readonly auditAction: string,
    private readonly reason: string | null,
  ) {}

  static async start(
    ctx: ServiceContext,
    def: ResourceDef,
    command: CommandDef,
    id: number,
    reason: string | null,
    reversesRunId: number | null,
  ): Promise<CommandRecorder> {
    const run = await sql<{ id: number }>`
      insert into command_runs (entity, entity_id, command, reason, user_id, reverses_run_id)
      values (${def.name}, ${id}, ${command.name}, ${reason}, ${ctx.user?.id ?? null}, ${reversesRunId})
      returning id`.execute(ctx.db);
    return new CommandRecorder(ctx, Number(run.rows[0].id), command.audit ?? command.name, reason);
  }

  async change(entity: string, id: number, set: Record<string, unknown>): Promise<void> {
    const def = getResource(entity);
    await this.apply(def, id, await lockStored(this.ctx, def, id), set);
  }

  /** Writes `set` over a row already locked and read (`stored`), recording and auditing what changed. */
  private async apply(def: ResourceDef, id: number, stored: Record<string, unknown>, set: Record<string, unknown>): Promise<void> {
    const entity = def.name;
    const before: Record<string, unknown> = {};
    const after: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(set)) {
      if (!(key in stored)) throw new Error(`${entity} has no column ${key}`);
      if (comparable(stored[key]) === comparable(value)) continue;
      before[key] = stored[key] instanceof Date ? (stored[key] as Date).toISOString() : stored[key];
      after[key] = value instanceof Date ? value.toISOString() : value;
    }
    if (Object.keys(after).length === 0) return;
    const assignments = Object.entries(after).map(([key, value]) => sql`${sql.ref(key)} = ${value}`);
    if ("updated_at" in stored) assignments.push(sql`updated_at = now()`, sql`updated_by = ${this.ctx.user?.id ?? null}`);
    await sql`update ${sql.table(tableOf(def))} set ${sql.join(assignments)} where id = ${id}`.execute(this.ctx.db);
    await sql`
      insert into command_effects (run_id, position, entity, row_id, before, after)
      values (${this.runId}, ${this.position++}, ${entity}, ${id}, ${JSON.stringify(before)}, ${JSON.stringify(after)})`.execute(
      this.ctx.db,
    );
    await audit(this.ctx, {
      entity,
      entityId: id,
      action: this.auditAction,
      before,
      after: this.reason ? { ...after, reason: this.reason } : after,
    });
  }

  /**
   * Undoes the recorded run `runId` row by row, last change first. A row whose changed columns no
   * longer hold what the run left there was changed since: the reversal is refused (422) whole.
   */
  async reverse(runId: number, describe: (entity: string, id: number) => string): Promise<void> {
    const effects = (
      await sql<{ entity: string; row_id: number; before: unknown; after: unknown }>`
      select entity, row_id, before, after from command_effects where run_id = ${runId} order by position desc`.execute(this.ctx.db)
    ).rows;
    for (const effect of effects) {
      const def = getResource(effect.entity);
      const id = Number(effect.row_id);
      const before = parseJson(effect.before);
      const after = parseJson(effect.after);
      const stored = await lockStored(this.ctx, def, id);
      const changed = Object.keys(after).filter((key) => comparable(stored[key]) !== comparable(after[key]));
      if (changed.length) {
        throw new AppError(
          422,
          `${describe(effect.entity, id)} has changed since (${changed.join(", ").replace(/_/g, " ")}); it cannot be reversed.`,
        );
      }
      await this.apply(def, id, stored, before);
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
