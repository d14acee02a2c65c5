import { sql, type AliasedRawBuilder, type RawBuilder } from "kysely";
import type { ServiceContext } from "../context.ts";
import { AppError, ValidationError } from "../errors.ts";
import { GENERATE_LEAVES } from "../../domain/registry/booklet.ts";
import { recordRun } from "./commands.ts";

// A numbered booklet (DESIGN §11): a range of pre-printed serials that generates one leaf row per
// serial — a form pad's accountable forms, a cheque book's cheques. The rules
// are the same for both and live here once: the leaves are generated in the write's transaction;
// a range may not overlap another booklet of the same scope (form type, bank account; trashed
// booklets included, their numbers exist); once a leaf is used the range is fixed; a booklet with
// an issued leaf is not deleted. Each entry keeps its own wording and its own extra rules.

/** The serials a booklet covers: `from`..`to`, printed `width` digits wide, then the suffix. */
export interface SerialRange {
  from: number;
  to: number;
  width: number;
  suffix: string;
}

export interface Booklet {
  /** The registry entries of the booklet and of its leaves (the generate run's subject and rows). */
  bookEntity: "form_pad" | "cheque_book";
  leafEntity: "form_number" | "cheque_number";
  books: "form_pads" | "cheque_books";
  leaves: "form_numbers" | "cheque_numbers";
  /** The leaf's column naming its booklet. */
  bookKey: "form_pad_id" | "cheque_book_id";
  /** The booklet's code, as messages name it. */
  code: "pad_code" | "cheque_book_code";
  /** Overlaps count only among booklets with the same value here. */
  scope: "form_type_id" | "bank_account_id";
  /** The field range errors are reported on. */
  rangeField: string;
  /** A booklet's first and last serial as SQL over its row, for the overlap query. */
  serialFrom: RawBuilder<number>;
  serialTo: RawBuilder<number>;
  /** Serials with different suffixes never overlap (form pads print one after the number). */
  suffixed: boolean;
  /** Reads the submitted range and writes the stored range columns into the values; throws field errors. */
  readRange(values: Record<string, unknown>): SerialRange;
  /** The range of a stored booklet row. */
  storedRange(row: Record<string, unknown>): SerialRange;
  /** A column every leaf carries besides its number, with its SQL (`g` is the serial). */
  leafColumn(id: number, values: Record<string, unknown>, range: SerialRange): { name: string; value: RawBuilder<unknown> };
  /** Leaves copy the scope (a cheque number its account): a scope change generates them again. */
  leavesCarryScope: boolean;
  /** Serialises concurrent writes in one scope, so the overlap check and the insert cannot interleave. */
  lock?(ctx: ServiceContext, scopeId: number): Promise<void>;
  messages: {
    overlap(other: { code: string; series_start: string; series_end: string }, values: Record<string, unknown>): string;
    rangeInUse(number: string): string;
    issued(code: string, number: string): string;
  };
}

/** The rules a booklet entry's service runs at its extension points of the same names. */
interface BookletHooks {
  beforeWrite(ctx: ServiceContext, values: Record<string, unknown>, id: number | null): Promise<void>;
  afterWrite(ctx: ServiceContext, id: number, values: Record<string, unknown>, op: "create" | "update"): Promise<void>;
  beforeDelete(ctx: ServiceContext, ids: number[]): Promise<void>;
  /** `<leaves>_count` and `available_count` for the booklet's reads. */
  leafCounts(): AliasedRawBuilder<number, string>[];
}

function sameRange(a: SerialRange, b: SerialRange): boolean {
  return a.from === b.from && a.to === b.to && a.width === b.width && a.suffix === b.suffix;
}

/** The rules of a booklet entry; the entry's service adds its own columns and rules around them. */
export function bookletHooks(spec: Booklet): BookletHooks {
  const books = sql.table(spec.books);
  const leaves = sql.table(spec.leaves);
  const bookKey = sql.ref(spec.bookKey);
  /** Writes whose leaves are generated after the row is stored (creates, and updates that moved the range). */
  const generate = new WeakMap<Record<string, unknown>, SerialRange>();

  async function assertRangeFree(ctx: ServiceContext, id: number): Promise<void> {
    const { rows } = await sql<{ number: string }>`
      select number from ${leaves} where ${bookKey} = ${id} and state <> 'available' limit 1`.execute(ctx.db);
    if (rows[0]) throw ValidationError.field(spec.rangeField, spec.messages.rangeInUse(rows[0].number));
  }

  async function assertNoOverlap(ctx: ServiceContext, values: Record<string, unknown>, range: SerialRange, id: number | null) {
    const { rows } = await sql<{ code: string; series_start: string; series_end: string }>`
      select ${sql.ref(spec.code)} as code, series_start, series_end from ${books}
      where ${sql.ref(spec.scope)} = ${Number(values[spec.scope])}
        and ${spec.serialFrom} <= ${range.to} and ${spec.serialTo} >= ${range.from}
        ${spec.suffixed ? sql`and upper(trim(suffix)) = ${range.suffix.trim().toUpperCase()}` : sql``}
        ${id != null ? sql`and id <> ${id}` : sql``}
      limit 1`.execute(ctx.db);
    if (rows[0]) throw ValidationError.field(spec.rangeField, spec.messages.overlap(rows[0], values));
  }

  return {
    leafCounts() {
      return [
        sql<number>`(select count(*)::int from ${leaves} n where n.${bookKey} = t.id)`.as(`${spec.leaves}_count`),
        sql<number>`(select count(*)::int from ${leaves} n where n.${bookKey} = t.id and n.state = 'available')`.as("available_count"),
      ];
    },
    async beforeWrite(ctx, values, id) {
      const range = spec.readRange(values);
      const scopeId = Number(values[spec.scope]);
      await spec.lock?.(ctx, scopeId);
      if (id == null) generate.set(values, range);
      else {
        const { rows } = await sql<Record<string, unknown>>`select * from ${books} where id = ${id}`.execute(ctx.db);
        const stored = rows[0];
        if (!stored) throw new AppError(404, "Not found.");
        const rangeChanged = !sameRange(spec.storedRange(stored), range);
        const scopeChanged = Number(stored[spec.scope]) !== scopeId;
        if (rangeChanged || scopeChanged) {
          await assertRangeFree(ctx, id);
          if (rangeChanged || spec.leavesCarryScope) generate.set(values, range);
        }
      }
      await assertNoOverlap(ctx, values, range, id);
    },
    async afterWrite(ctx, id, values, op) {
      const range = generate.get(values);
      if (!range) return;
      // The booklet's generate command, recorded: the leaves of a changed range removed, the new
      // ones inserted, the quantity set (the one audit row of the run).
      await recordRun(ctx, { entity: spec.bookEntity, command: GENERATE_LEAVES.name }, id, null, async (recorder) => {
        if (op === "update") {
          const { rows: old } = await sql<{ id: number }>`select id from ${leaves} where ${bookKey} = ${id} order by id`.execute(ctx.db);
          await recorder.removeRows(
            spec.leafEntity,
            old.map((r) => Number(r.id)),
          );
        }
        const actor = ctx.user?.id ?? null;
        const extra = spec.leafColumn(id, values, range);
        // The leaves' unique serial keys (migration 20261208200000) hold the overlap rule when two
        // writes checked it at the same moment: the later insert waits for the earlier write's
        // transaction and skips every serial it took. Fewer leaves than serials means the range was
        // taken meanwhile; the booklet that took it is committed by then, so the check names it.
        const { rows: added } = await sql<{ id: number; number: string }>`
          insert into ${leaves} (${bookKey}, ${sql.ref(extra.name)}, number, created_by, updated_by)
          select ${id}, ${extra.value}, lpad(g::text, ${range.width}, '0') || ${range.suffix}, ${actor}, ${actor}
          from generate_series(${range.from}::bigint, ${range.to}::bigint) g
          on conflict do nothing
          returning id, number`.execute(ctx.db);
        if (added.length !== range.to - range.from + 1) {
          await assertNoOverlap(ctx, values, range, id);
          // A whole sentence per kind of book, as the catalog holds them (read in the reader's language).
          throw ValidationError.field(
            spec.rangeField,
            spec.books === "form_pads"
              ? "Some serials of this range are already in another form pad of the same form type."
              : "Some serials of this range are already in another cheque book of this account.",
          );
        }
        await recorder.inserted(
          spec.leafEntity,
          added.map((leaf) => ({ id: Number(leaf.id), after: { number: leaf.number } })),
        );
        await recorder.change(spec.bookEntity, id, { quanty_generated: added.length });
      });
    },
    async beforeDelete(ctx, ids) {
      const { rows } = await sql<{ code: string; number: string }>`
        select b.${sql.ref(spec.code)} as code, n.number from ${leaves} n join ${books} b on b.id = n.${bookKey}
        where n.${bookKey} in (${sql.join(ids)}) and n.state = 'issued' limit 1`.execute(ctx.db);
      if (rows[0]) throw new AppError(422, spec.messages.issued(rows[0].code, rows[0].number));
    },
  };
}
