import { sql, type Insertable, type Selectable } from "kysely";
import type { Database } from "../../../db/schema.ts";
import type { PersonJson } from "../../../domain/people/household-record.ts";
import { type collection, type formPad, formatSerial, parseSerial, PAYOR_KIND_LABELS } from "../../../domain/registry/collections.ts";
import { sumCentavos, toMoneyString } from "../../../domain/money.ts";
import { todayInManila } from "../../../domain/dates.ts";
import type { ServiceContext } from "../../context.ts";
import { AppError, forbidden, ValidationError } from "../../errors.ts";
import { can } from "../../../domain/permissions.ts";
import { ResourceEngine, type AnySelect, type EntryRow, type ReferenceRef, type Row } from "../../engine/engine.ts";
import type { CommandDef, InputOf } from "../../../domain/registry/types.ts";
import { issueLeaf, newVerificationCode } from "../../engine/documents.ts";
import { bookletHooks, type SerialRange } from "../../engine/booklet.ts";
import { fullNameOf, personJson } from "../../engine/people-sql.ts";
import { markTransactionsPaid } from "../certificates/service.ts";
import { voidFormNumber } from "./commands/void-form-number.ts";
import { cancelReceipt } from "./commands/cancel-receipt.ts";

// The services of the accountable forms and official receipts (DESIGN §11): a form pad generates
// its form numbers; a form number is voided with a reason and restored (commands); a collection
// takes the lowest available number of the collector's pad inside its transaction, under a lock on
// the pad; cancel (delete) and restore follow the remittance lock.

// ---- Form pads ---------------------------------------------------------------------------------

async function assertCollectorsAreStaff(ctx: ServiceContext, collectors: { user_id: number }[]): Promise<void> {
  if (collectors.length === 0) return;
  const ids = collectors.map((c) => c.user_id);
  const rows = await ctx.db
    .selectFrom("users")
    .select("id")
    .where("id", "in", ids)
    .where("kind", "=", "staff")
    .where("deleted_at", "is", null)
    .execute();
  const found = new Set(rows.map((r) => Number(r.id)));
  const errors: Record<string, string[]> = {};
  collectors.forEach((c, i) => {
    if (!found.has(c.user_id)) errors[`collectors.${i}.user_id`] = ["The selected collector is invalid."];
  });
  if (Object.keys(errors).length) throw new ValidationError(errors);
}

/** A pad is a booklet (server/engine/booklet.ts) of form numbers, one form type's series per suffix. */
const pad = bookletHooks({
  bookEntity: "form_pad",
  leafEntity: "form_number",
  books: "form_pads",
  leaves: "form_numbers",
  bookKey: "form_pad_id",
  code: "pad_code",
  scope: "form_type_id",
  rangeField: "series_start",
  serialFrom: sql<number>`serial_from`,
  serialTo: sql<number>`serial_to`,
  suffixed: true,
  readRange(values) {
    // The entry's schema has checked both are serials as printed.
    const start = parseSerial(String(values.series_start))!;
    const range: SerialRange = {
      from: start.value,
      to: parseSerial(String(values.series_end))!.value,
      width: start.width,
      suffix: start.suffix,
    };
    Object.assign(values, { serial_from: range.from, serial_to: range.to, serial_width: range.width, suffix: range.suffix });
    values.series_start = formatSerial(range.from, range.width, range.suffix);
    values.series_end = formatSerial(range.to, range.width, range.suffix);
    return range;
  },
  storedRange: (row) => ({
    from: Number(row.serial_from),
    to: Number(row.serial_to),
    width: Number(row.serial_width),
    suffix: String(row.suffix),
  }),
  leafColumn: (_id, _values, range) => ({ name: "position", value: sql`g - ${range.from}` }),
  leavesCarryScope: false,
  messages: {
    overlap: (other) => `The series overlaps form pad ${other.code} (${other.series_start}–${other.series_end}) of the same form type.`,
    rangeInUse: (number) => `The series cannot change: form number ${number} of this pad is already used or void.`,
    issued: (code, number) => `Form pad ${code} has issued receipts (${number}); it stays in the registers.`,
  },
});

export class FormPadService extends ResourceEngine<Row, InputOf<typeof formPad>> {
  protected override extendSelect(q: AnySelect): AnySelect {
    return q.select([
      sql<string>`t.series_start || '–' || t.series_end`.as("series_joint"),
      sql<string>`t.series_start || '–' || t.series_end`.as("series"),
      ...pad.leafCounts(),
      sql<string[]>`(select coalesce(array_agg(${fullNameOf("cp")} order by c.position), '{}') from form_pad_collectors c
        join user_profiles cp on cp.user_id = c.user_id where c.form_pad_id = t.id)`.as("collector_names"),
    ]);
  }
  protected override async beforeWrite(ctx: ServiceContext, values: InputOf<typeof formPad>, id: number | null) {
    await pad.beforeWrite(ctx, values, id);
    await assertCollectorsAreStaff(ctx, values.collectors);
  }
  protected override afterWrite(ctx: ServiceContext, id: number, values: InputOf<typeof formPad>, op: "create" | "update") {
    return pad.afterWrite(ctx, id, values, op);
  }
  protected override beforeDelete(ctx: ServiceContext, ids: number[]) {
    return pad.beforeDelete(ctx, ids);
  }
}

// ---- Form numbers ----------------------------------------------------------------------------

/**
 * Form numbers are generated by their pad, never created or edited; "delete" is void (with a
 * reason) and "restore" un-voids (spec §4, §6), so the §7.2 calls reach the commands.
 */
export class FormNumberService extends ResourceEngine {
  protected override extendSelect(q: AnySelect): AnySelect {
    return q
      .leftJoin("form_types as ft", "ft.id", "r_form_pad.form_type_id")
      .select([
        sql<string>`r_form_pad.pad_code`.as("pad_code"),
        sql`jsonb_build_object('id', ft.id, 'name', ft.name)`.as("form_type"),
        sql`ft.title`.as("title"),
        sql`ft.custom_forms`.as("custom_forms"),
      ]);
  }
  protected override statusSql() {
    return sql<string>`case when t.state = 'void' then 'Void' when t.deleted_at is not null then 'Trashed' else 'Active' end`;
  }
  protected override commandHandlers() {
    return { void: voidFormNumber };
  }
  override async create(ctx: ServiceContext): Promise<Row> {
    if (!can(ctx.user, "create-form_number")) throw forbidden();
    throw new AppError(422, "Form numbers are generated by creating a form pad.");
  }
  override async update(ctx: ServiceContext): Promise<Row> {
    if (!can(ctx.user, "update-form_number")) throw forbidden();
    throw new AppError(422, "A form number is kept as printed; it cannot be edited.");
  }
  /** DELETE form_number/{id}: void, which asks a reason (sent as `reason` in the body or query). */
  override async remove(ctx: ServiceContext, id: number, input?: unknown): Promise<Row> {
    return this.command(ctx, "void", id, input ?? {});
  }
  override async restore(ctx: ServiceContext, id: number): Promise<Row> {
    return this.command(ctx, "unvoid", id);
  }
  /** Voiding asks a reason for each form, so several are not voided at once. */
  override async removeMany(ctx: ServiceContext): Promise<number> {
    if (!can(ctx.user, "delete-form_number")) throw forbidden();
    throw ValidationError.field("reason", "Void form numbers one at a time, each with its reason.");
  }
  override async restoreMany(ctx: ServiceContext, ids: number[]): Promise<number> {
    if (!can(ctx.user, "delete-form_number")) throw forbidden();
    let n = 0;
    for (const id of [...new Set(ids)]) {
      await this.command(ctx, "unvoid", id);
      n++;
    }
    return n;
  }
}

// ---- Collections -----------------------------------------------------------------------------

/** A receipt as the engine reads it: its columns, references and lines, and what extendSelect adds. */
export type CollectionRow = EntryRow<
  "collections",
  {
    form_pad: ReferenceRef;
    collection_type: ReferenceRef;
    collector: ReferenceRef;
    lines: Pick<Selectable<Database["collection_lines"]>, "nature" | "account_code" | "amount" | "transaction_id">[];
    form_number: { id: number; number: string };
    user: PersonJson | null;
    processed: boolean;
    processed_label: "Processed" | "Pending";
    transactions: { id: number; name: string; custom_payment_form: { id: number; fieldId: string; label: string; amount: string }[] }[];
  }
>;

/** A receipt's parsed input, and the columns beforeWrite derives from it. */
type CollectionValues = InputOf<typeof collection> &
  Partial<
    Pick<
      Insertable<Database["collections"]>,
      "fund_type" | "amount_paid" | "form_number_id" | "or_number" | "collector_id" | "verification_code"
    >
  >;

/** The payor's name as the receipt prints it, the fund, the total, and cheque details only for cheques. */
async function settleDerived(ctx: ServiceContext, values: CollectionValues): Promise<void> {
  if (values.payor_kind === "name") {
    values.issued_to_user_id = null;
  } else {
    const person = await ctx.db
      .selectFrom("users as u")
      .innerJoin("user_profiles as p", "p.user_id", "u.id")
      .select(["u.kind", fullNameOf("p").as("name")])
      .where("u.id", "=", values.issued_to_user_id!)
      .where("u.deleted_at", "is", null)
      .executeTakeFirst();
    if (!person || person.kind !== values.payor_kind)
      throw ValidationError.field("issued_to_user_id", `The selected ${PAYOR_KIND_LABELS[values.payor_kind].toLowerCase()} is invalid.`);
    values.issued_to = person.name;
  }
  const type = await ctx.db
    .selectFrom("collection_types")
    .select("fund_type")
    .where("id", "=", values.collection_type_id)
    .where("deleted_at", "is", null)
    .executeTakeFirst();
  if (!type) throw ValidationError.field("collection_type_id", "The selected collection type is invalid.");
  values.fund_type = type.fund_type;
  values.amount_paid = toMoneyString(sumCentavos(values.lines.map((l) => l.amount)));
  if (values.payment_mode === "Cash") {
    values.drawee_bank = null;
    values.cheque_number = null;
    values.cheque_date = null;
  }
}

export const RECEIPT_UNCHANGEABLE = "An issued receipt cannot be changed; cancel it and issue a new one.";

/** Refuses a change to a receipt whose day is remitted (DESIGN §11: remitting locks it). */
async function assertNotRemitted(ctx: ServiceContext, ids: number[], doing: "cancelled" | "restored"): Promise<void> {
  if (ids.length === 0) return;
  const locked = await ctx.db
    .selectFrom("collections")
    .select(["or_number", "date_issued"])
    .where("id", "in", ids)
    .where("remittance_id", "is not", null)
    .executeTakeFirst();
  if (locked)
    throw new AppError(
      422,
      doing === "cancelled"
        ? `Receipt ${locked.or_number} is remitted (${locked.date_issued}); it cannot be cancelled.`
        : `Receipt ${locked.or_number} is remitted (${locked.date_issued}); it cannot be restored.`,
    );
}

/**
 * Takes the number for a new receipt: locks the pad (one issuance per pad at a time), checks that
 * the acting user collects from it, and returns its lowest available number. Strict sequence
 * (COA): no choosing a later number; a skipped form is voided first.
 */
export async function takeLowestNumber(ctx: ServiceContext, padId: number, dateIssued: string): Promise<{ id: number; number: string }> {
  const pad = await ctx.db
    .selectFrom("form_pads")
    .select(["id", "pad_code", "deleted_at"])
    .where("id", "=", padId)
    .forUpdate()
    .executeTakeFirst();
  if (!pad || pad.deleted_at) throw ValidationError.field("form_pad_id", "The selected form pad is invalid.");
  const collector = await ctx.db
    .selectFrom("form_pad_collectors")
    .select("user_id")
    .where("form_pad_id", "=", padId)
    .where("user_id", "=", ctx.user?.id ?? 0)
    .executeTakeFirst();
  if (!collector) throw ValidationError.field("form_pad_id", `You are not a collector of form pad ${pad.pad_code}.`);
  const previous = await ctx.db
    .selectFrom("collections")
    .select(sql<string | null>`max(date_issued)::text`.as("last"))
    .where("form_pad_id", "=", padId)
    .executeTakeFirst();
  if (previous?.last && dateIssued < previous.last)
    throw ValidationError.field("date_issued", `The date issued must not be before the pad's previous receipt (${previous.last}).`);
  const next = await ctx.db
    .selectFrom("form_numbers")
    .select(["id", "number"])
    .where("form_pad_id", "=", padId)
    .where("state", "=", "available")
    .orderBy("position")
    .limit(1)
    .executeTakeFirst();
  if (!next) throw ValidationError.field("form_pad_id", `Form pad ${pad.pad_code} has no available form left.`);
  await issueLeaf(ctx, "form_number", Number(next.id));
  return { id: Number(next.id), number: next.number };
}

export class CollectionService extends ResourceEngine<CollectionRow, CollectionValues> {
  protected override extendSelect(q: AnySelect): AnySelect {
    return q.leftJoin("user_profiles as colp", "colp.user_id", "t.collector_id").select([
      sql`jsonb_build_object('id', t.form_number_id, 'number', t.or_number)`.as("form_number"),
      personJson("t.collector_id", "colp").as("user"),
      sql<boolean>`t.remittance_id is not null`.as("processed"),
      sql<string>`case when t.remittance_id is not null then 'Processed' else 'Pending' end`.as("processed_label"),
      sql`(select coalesce(jsonb_agg(jsonb_build_object('id', l.transaction_id, 'name', l.nature,
          'custom_payment_form', jsonb_build_array(jsonb_build_object('id', l.position, 'fieldId', 'custom_field_default_amount',
          'label', l.nature, 'amount', l.amount::text))) order by l.position), '[]'::jsonb)
          from collection_lines l where l.collection_id = t.id and l.transaction_id is not null)`.as("transactions"),
    ]);
  }
  protected override statusSql() {
    return sql<string>`case when t.deleted_at is null then 'Active' else 'Cancelled' end`;
  }
  protected override async beforeWrite(ctx: ServiceContext, values: CollectionValues, id: number | null) {
    // Every field of an issued receipt is printed on it and in the registers: it is never edited,
    // only cancelled and issued again (decision 192).
    if (id != null) throw new AppError(422, RECEIPT_UNCHANGEABLE);
    if (values.date_issued > todayInManila()) throw ValidationError.field("date_issued", "The date issued must not be in the future.");
    await settleDerived(ctx, values);
    // A remitted day goes on: a receipt issued after a remittance waits for the next one.
    const taken = await takeLowestNumber(ctx, values.form_pad_id, values.date_issued);
    Object.assign(values, {
      form_number_id: taken.id,
      or_number: taken.number,
      collector_id: ctx.user!.id,
      verification_code: newVerificationCode(),
    });
  }
  protected override async afterWrite(ctx: ServiceContext, id: number, values: CollectionValues) {
    // Lines that pay a transaction (a certificate's fee) mark it paid by this receipt, in its
    // transaction: a certificate paid at the window can be printed at once.
    await payTransactionsOf(ctx, id, values.lines, values.issued_to_user_id);
  }
  /** A remitted receipt is locked (DESIGN §11): neither cancelled nor restored. */
  protected override async beforeCommand(ctx: ServiceContext, command: CommandDef, row: CollectionRow) {
    await assertNotRemitted(ctx, [row.id], command.name === "cancel" ? "cancelled" : "restored");
    if (command.name === "restore") await assertCertificatesStillUnpaid(ctx, row.id);
  }
  protected override commandHandlers() {
    return { cancel: cancelReceipt };
  }
}

/**
 * A restored receipt pays its certificates again: refused, naming it, when another receipt paid one
 * of them meanwhile (the recorded reversal would refuse too, in the words of the recorder).
 */
async function assertCertificatesStillUnpaid(ctx: ServiceContext, collectionId: number): Promise<void> {
  const paidElsewhere = await ctx.db
    .selectFrom("collection_lines as l")
    .innerJoin("transactions as t", "t.id", "l.transaction_id")
    .select("t.reference_number")
    .where("l.collection_id", "=", collectionId)
    .where("t.collection_id", "is not", null)
    .where("t.collection_id", "<>", collectionId)
    .executeTakeFirst();
  if (paidElsewhere) throw ValidationError.field("transactions", `${paidElsewhere.reference_number} is already paid.`);
}

/** Marks the transactions that a receipt's lines pay as paid by it; each must be paid in full. */
async function payTransactionsOf(
  ctx: ServiceContext,
  collectionId: number,
  lines: readonly { transaction_id: number | null; amount: string }[],
  payorId: number | null,
): Promise<void> {
  const paying = new Map<number, string[]>();
  for (const line of lines)
    if (line.transaction_id != null)
      paying.set(Number(line.transaction_id), [...(paying.get(Number(line.transaction_id)) ?? []), line.amount]);
  if (paying.size === 0) return;
  const totals = new Map([...paying].map(([id, amounts]) => [id, toMoneyString(sumCentavos(amounts))]));
  await markTransactionsPaid(ctx, [...paying.keys()], collectionId, payorId ?? undefined, totals);
}
