import { sql, type Insertable } from "kysely";
import { allowedPlaceholders, feeLabel, placeholdersIn } from "../../../domain/registry/certificates.ts";
import { isCalendarDate, type CustomField } from "../../../domain/registry/fields.ts";
import { can } from "../../../domain/permissions.ts";
import { formatMoney, sumCentavos, toCentavos, toMoneyString } from "../../../domain/money.ts";
import { todayInManila } from "../../../domain/dates.ts";
import type { ServiceContext } from "../../context.ts";
import type { Database, StoredPaymentLine } from "../../../db/schema.ts";
import type { PersonJson } from "../../../domain/people/household-record.ts";
import type { PaymentStatus } from "../../../domain/certificates/transaction-row.ts";
import type { InputOf } from "../../../domain/registry/types.ts";
import type { transaction } from "../../../domain/registry/certificates.ts";
import type { transactionType } from "../../../domain/registry/parameters.ts";
import { AppError, forbidden, ValidationError } from "../../errors.ts";
import { audit } from "../../engine/audit.ts";
import { serviceFor } from "../../engine/services.ts";
import { ResourceEngine, type AnySelect, type EntryRow, type ReferenceRef, type Row } from "../../engine/engine.ts";
import { inTransaction } from "../../engine/transaction.ts";
import { maskName, newVerificationCode, nextMonthlyNumber, normalizeVerificationCode } from "../../engine/documents.ts";
import { fullNameOf, personJson } from "../../engine/people-sql.ts";
import { sanitizeTemplate } from "./sanitize.ts";
import { validUntil } from "./render.ts";
import { certificateRequested, certificatesPaid } from "../notifications/events.ts";

// Transactions and their types (DESIGN §11): the rules of issuing a certificate, written
// once here and reached by every transport through serviceFor("transaction").

/**
 * The collection that paid a transaction (alias `t`): the one recorded by markTransactionsPaid, or
 * else an active (not cancelled) official receipt with a line for it (its collection_lines).
 */
export function payingCollectionSql(alias = "t") {
  const t = (c: string) => sql.ref(`${alias}.${c}`);
  return sql<
    number | null
  >`coalesce(${t("collection_id")}, (select c.id from collection_lines l join collections c on c.id = l.collection_id
    where l.transaction_id = ${t("id")} and c.deleted_at is null order by c.id limit 1))`;
}

/** The person kinds a transaction is issued to (spec §3): never staff. */
const PERSON_KINDS = ["resident", "non_resident", "organization"] as const;
/** First Time Jobseeker (RA 11261): months of residency the law asks. */
const FTJ_MONTHS = 6;

const money = (lines: readonly { amount: string }[]) => toMoneyString(sumCentavos(lines.map((l) => l.amount)));

export { feeLabel };

/** "₱50.00 (Barangay Clearance ₱50.00)": what an unpaid certificate still owes. */
function feeText(lines: readonly StoredPaymentLine[], typeName: string): string {
  const parts = lines.filter((l) => Number(l.amount) > 0).map((l) => `${feeLabel(l, typeName)} ${formatMoney(l.amount)}`);
  return `${formatMoney(money(lines))} (${parts.join(", ")})`;
}

interface TypeRow {
  id: number;
  name: string;
  custom_forms: CustomField[];
  custom_payment_form: StoredPaymentLine[];
  eligibility: string | null;
  validity_days: number | null;
  deleted_at: Date | null;
}

async function loadType(ctx: ServiceContext, id: number): Promise<TypeRow> {
  const row = await ctx.db
    .selectFrom("transaction_types")
    .select(["id", "name", "custom_forms", "custom_payment_form", "eligibility", "validity_days", "deleted_at"])
    .where("id", "=", id)
    .executeTakeFirst();
  if (!row) throw ValidationError.field("transaction_type_id", "The selected transaction type is invalid.");
  return row;
}

/** Custom values checked against the type's custom fields; unknown keys are dropped. */
export function checkCustomValues(fields: readonly CustomField[], input: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  const errors: Record<string, string[]> = {};
  for (const field of fields) {
    const value = (input[field.fieldId] ?? "").trim();
    const key = `custom_values.${field.fieldId}`;
    if (!value) {
      if (field.required) errors[key] = [`The ${field.label.toLowerCase()} field is required.`];
      continue;
    }
    if (value.length > 1000) errors[key] = [`The ${field.label.toLowerCase()} must not be greater than 1000 characters.`];
    else if (value.includes("\u0000")) errors[key] = [`The ${field.label.toLowerCase()} must not contain a NUL character.`];
    else if (field.type === "number" && !/^-?\d+(\.\d+)?$/.test(value))
      errors[key] = [`The ${field.label.toLowerCase()} must be a number.`];
    else if (field.type === "date" && !isCalendarDate(value)) errors[key] = [`The ${field.label.toLowerCase()} is not a valid date.`];
    else if (field.type === "select" && !field.options.includes(value))
      errors[key] = [`The selected ${field.label.toLowerCase()} is invalid.`];
    out[field.fieldId] = value;
  }
  // The purpose prints through its placeholder of spec §3 even where the type asks no such field.
  const purpose = (input.purpose ?? "").trim();
  if (!("purpose" in out) && purpose) {
    if (purpose.length > 1000) errors["custom_values.purpose"] = ["The purpose must not be greater than 1000 characters."];
    else out.purpose = purpose;
  }
  if (Object.keys(errors).length) throw new ValidationError(errors);
  return out;
}

/** "2026-05-22" is at least `months` calendar months before "2026-11-22". */
function monthsBetween(from: string, to: string): number {
  const [fy, fm, fd] = from.split("-").map(Number);
  const [ty, tm, td] = to.split("-").map(Number);
  return (ty - fy) * 12 + (tm - fm) - (td < fd ? 1 : 0);
}

/**
 * First Time Jobseeker rules (RA 11261 and its IRR, research notes §7): a resident of the
 * barangay for at least six months, issued free, only once per person. The person's row is locked
 * first, so two clerks issuing at once cannot both pass the "only once" check.
 */
async function assertFirstTimeJobseeker(
  ctx: ServiceContext,
  type: TypeRow,
  personId: number,
  dateIssued: string,
  values: Record<string, string>,
  exceptId: number | null,
): Promise<void> {
  if (type.eligibility !== "first_time_jobseeker") return;
  const person = await ctx.db
    .selectFrom("users")
    .select(["id", "kind", sql<string>`(created_at at time zone 'Asia/Manila')::date::text`.as("registered_on")])
    .where("id", "=", personId)
    .forUpdate()
    .executeTakeFirstOrThrow();
  if (person.kind !== "resident")
    throw ValidationError.field("issued_to_user_id", "A First Time Jobseeker certification is issued only to a resident of the barangay.");
  if (Number(money(type.custom_payment_form)) !== 0)
    throw ValidationError.field(
      "transaction_type_id",
      "A First Time Jobseeker certification is issued free (RA 11261); the type's fees must be 0.",
    );
  const since = values.resident_since || person.registered_on;
  const months = monthsBetween(since, dateIssued);
  if (months < FTJ_MONTHS)
    throw ValidationError.field(
      values.resident_since ? "custom_values.resident_since" : "issued_to_user_id",
      months === 1
        ? `A First Time Jobseeker must have lived in the barangay for at least 6 months; this resident has since ${since} (1 month).`
        : `A First Time Jobseeker must have lived in the barangay for at least 6 months; this resident has since ${since} (${Math.max(0, months)} months).`,
    );
  let earlier = ctx.db
    .selectFrom("transactions as t")
    .innerJoin("transaction_types as tt", "tt.id", "t.transaction_type_id")
    .select(["t.reference_number"])
    .where("t.issued_to_user_id", "=", personId)
    .where("tt.eligibility", "=", "first_time_jobseeker")
    .where("t.deleted_at", "is", null);
  if (exceptId != null) earlier = earlier.where("t.id", "<>", exceptId);
  const found = await earlier.executeTakeFirst();
  if (found)
    throw ValidationError.field(
      "issued_to_user_id",
      `A First Time Jobseeker certification can be availed only once; this resident already has ${found.reference_number}.`,
    );
}

/** A transaction as the engine reads it: its columns and references, its type's name, person and payment. */
export type TransactionServiceRow = EntryRow<
  "transactions",
  {
    transaction_type: ReferenceRef;
    issued_to: ReferenceRef;
    payment_status: PaymentStatus;
    paid_by_collection_id: number | null;
    user: PersonJson | null;
    name: string;
  }
>;

/** A transaction's parsed input, and the columns beforeWrite derives from it. */
type TransactionValues = Omit<InputOf<typeof transaction>, "custom_values"> & {
  /** The posted values; beforeWrite stores them checked, as their JSON text. */
  custom_values?: Record<string, string> | string;
} & Partial<Pick<Insertable<Database["transactions"]>, "fee_lines" | "amount" | "reference_number" | "verification_code">>;

export class TransactionService extends ResourceEngine<TransactionServiceRow, TransactionValues> {
  protected override extendSelect(q: AnySelect): AnySelect {
    return q
      .leftJoin("user_profiles as itp", "itp.user_id", "t.issued_to_user_id")
      .select([
        sql<string>`t.amount::text`.as("amount"),
        sql<string>`case when t.amount = 0 then 'Free' when ${payingCollectionSql()} is not null then 'Paid' else 'Unpaid' end`.as(
          "payment_status",
        ),
        payingCollectionSql().as("paid_by_collection_id"),
        personJson("t.issued_to_user_id", "itp").as("user"),
        sql<string>`r_transaction_type.name`.as("name"),
      ]);
  }
  protected override async beforeWrite(ctx: ServiceContext, values: TransactionValues, id: number | null) {
    const typeId = values.transaction_type_id;
    const personId = values.issued_to_user_id;
    const person = await ctx.db.selectFrom("users").select("kind").where("id", "=", personId).executeTakeFirst();
    if (!person || !(PERSON_KINDS as readonly string[]).includes(person.kind))
      throw ValidationError.field("issued_to_user_id", "A transaction is issued to a resident, a non-resident or an organization.");
    const stored =
      id == null
        ? null
        : await ctx.db
            .selectFrom("transactions")
            .select(["transaction_type_id", "issued_to_user_id", "date_issued", "custom_values", "collection_id", "reference_number"])
            .where("id", "=", id)
            .executeTakeFirstOrThrow();
    const type = await loadType(ctx, typeId);
    const typeChanged = stored == null || Number(stored.transaction_type_id) !== typeId;
    if (stored && stored.collection_id != null && (typeChanged || Number(stored.issued_to_user_id) !== personId))
      throw ValidationError.field("transaction_type_id", `${stored.reference_number} is paid; its type and person can no longer change.`);

    // The date: today when not given; never in the future; an issued number keeps its month.
    const today = todayInManila();
    const date = values.date_issued ?? stored?.date_issued ?? today;
    if (date > today) throw ValidationError.field("date_issued", "The date issued must not be in the future.");
    if (stored && date.slice(0, 7) !== stored.date_issued.slice(0, 7))
      throw ValidationError.field(
        "date_issued",
        `The date issued must stay in ${stored.date_issued.slice(0, 7)}: the reference number is numbered by month.`,
      );
    values.date_issued = date;

    const given = typeof values.custom_values === "object" ? values.custom_values : undefined;
    // An update keeps the stored values it does not send (the generic edit form posts only the purpose).
    const base = typeChanged ? {} : (stored?.custom_values ?? {});
    const custom = checkCustomValues(type.custom_forms, { ...base, ...given });
    values.custom_values = JSON.stringify(custom);

    await assertFirstTimeJobseeker(ctx, type, personId, date, custom, id);

    if (typeChanged) {
      values.fee_lines = JSON.stringify(type.custom_payment_form);
      values.amount = money(type.custom_payment_form);
    }
    if (id == null) {
      values.reference_number = await nextMonthlyNumber(ctx, "transaction", date);
      values.verification_code = newVerificationCode();
    }
  }
  protected override async afterWrite(ctx: ServiceContext, id: number, _values: TransactionValues, op: "create" | "update") {
    if (op === "create") await certificateRequested(ctx, id);
  }
}

export class TransactionTypeService extends ResourceEngine<Row, InputOf<typeof transactionType>> {
  protected override async beforeWrite(ctx: ServiceContext, values: InputOf<typeof transactionType>, id: number | null) {
    const stored =
      id == null
        ? null
        : await ctx.db.selectFrom("transaction_types").select(["template", "eligibility"]).where("id", "=", id).executeTakeFirstOrThrow();
    if (typeof values.template === "string") values.template = await sanitizeTemplate(values.template);
    const template = values.template ?? stored?.template ?? "";
    const allowed = allowedPlaceholders(values.custom_forms ?? []);
    const unknown = placeholdersIn(template).filter((key) => !allowed.has(key));
    if (unknown.length) {
      const placeholders = unknown.map((k) => `{{${k}}}`).join(", ");
      // One whole sentence for one and for several, as messages/*/server.json holds them.
      throw ValidationError.field(
        "template",
        unknown.length === 1
          ? `The template uses an unknown placeholder: ${placeholders}.`
          : `The template uses unknown placeholders: ${placeholders}.`,
      );
    }
    const eligibility = values.eligibility !== undefined ? values.eligibility : (stored?.eligibility ?? null);
    const lines = values.custom_payment_form ?? [];
    if (eligibility === "first_time_jobseeker" && Number(money(lines)) !== 0)
      throw ValidationError.field(
        "custom_payment_form",
        "A First Time Jobseeker certification is issued free (RA 11261): every fee must be 0.",
      );
  }
}

/** An unpaid transaction as a collection lists it (spec §3 Collection.transactions). */
export interface UnpaidTransaction {
  id: number;
  reference_number: string;
  name: string;
  date_issued: string;
  amount: string;
  custom_payment_form: { id: number; fieldId: string; label: string; amount: string }[];
}

/** What the public verification page shows (DESIGN §11): nothing that reveals the person. */
export interface TransactionVerification {
  kind: "Certificate";
  type: string;
  reference_number: string;
  date_issued: string;
  valid_until: string | null;
  expired: boolean;
  name: string;
  status: "Valid" | "Expired" | "Cancelled" | "Unpaid";
}

// The calls beyond the engine's life cycle. Plain functions over the entry's service rather than a
// ResourceEngine subclass: this module is loaded by the engine's hook index (server/engine/
// hooks/index.ts), before the engine class itself exists.
/**
 * The payor's transactions still waiting for payment (fee above zero, no collection), oldest
 * first, with their fee lines as a receipt lists them: for the collections issue.
 */
export async function unpaidTransactionsOf(ctx: ServiceContext, userId: number): Promise<UnpaidTransaction[]> {
  const rows = await ctx.db
    .selectFrom("transactions as t")
    .innerJoin("transaction_types as tt", "tt.id", "t.transaction_type_id")
    .select(["t.id", "t.reference_number", "tt.name", "t.date_issued", sql<string>`t.amount::text`.as("amount"), "t.fee_lines"])
    .where("t.issued_to_user_id", "=", userId)
    .where("t.deleted_at", "is", null)
    .where(sql<boolean>`${payingCollectionSql()} is null`)
    .where("t.amount", ">", "0")
    .orderBy("t.date_issued")
    .orderBy("t.id")
    .execute();
  return rows.map((r) => ({
    id: Number(r.id),
    reference_number: r.reference_number,
    name: r.name,
    date_issued: r.date_issued,
    amount: r.amount,
    custom_payment_form: r.fee_lines.map((l, i) => ({
      id: l.id ?? i + 1,
      fieldId: l.fieldId,
      label: feeLabel(l, r.name),
      amount: l.amount,
    })),
  }));
}

/**
 * Marks transactions paid by a collection, inside the caller's transaction (the collection's
 * save). Refuses, with the reference number, a transaction that is unknown, deleted, free,
 * already paid, or issued to someone else than `payorId` (when given). Answers the amount paid.
 */
export async function markTransactionsPaid(
  ctx: ServiceContext,
  ids: readonly number[],
  collectionId: number,
  payorId?: number,
  /** What the receipt's lines pay towards each transaction: a certificate is paid in full or not at all. */
  linesTotal?: ReadonlyMap<number, string>,
): Promise<string> {
  if (!ctx.db.isTransaction) throw new Error("markPaid must run inside the collection's transaction");
  const unique = [...new Set(ids)];
  if (unique.length === 0) return "0.00";
  const rows = await ctx.db
    .selectFrom("transactions")
    .select(["id", "reference_number", "issued_to_user_id", "collection_id", "deleted_at", sql<string>`amount::text`.as("amount")])
    .where("id", "in", unique)
    .orderBy("id")
    .forUpdate()
    .execute();
  const byId = new Map(rows.map((r) => [Number(r.id), r]));
  for (const id of unique) {
    const row = byId.get(id);
    if (!row) throw ValidationError.field("transactions", `Transaction #${id} cannot be paid: it does not exist.`);
    if (row.deleted_at) throw ValidationError.field("transactions", `${row.reference_number} is cancelled; it cannot be paid.`);
    if (row.collection_id != null && Number(row.collection_id) !== collectionId)
      throw ValidationError.field("transactions", `${row.reference_number} is already paid.`);
    if (Number(row.amount) === 0) throw ValidationError.field("transactions", `${row.reference_number} is free; it needs no payment.`);
    if (payorId != null && Number(row.issued_to_user_id) !== payorId)
      throw ValidationError.field("transactions", `${row.reference_number} is issued to another person.`);
    const paying = linesTotal?.get(id);
    if (paying != null && toCentavos(paying) !== toCentavos(row.amount))
      throw ValidationError.field(
        "transactions",
        `The lines paying ${row.reference_number} add up to ${formatMoney(paying)}; its fee is ${formatMoney(row.amount)}.`,
      );
  }
  await ctx.db
    .updateTable("transactions")
    .set({ collection_id: collectionId, updated_at: sql`now()`, updated_by: ctx.user?.id ?? null })
    .where("id", "in", unique)
    .execute();
  for (const id of unique)
    await audit(ctx, { entity: "transaction", entityId: id, action: "paid", after: { collection_id: collectionId } });
  // Only the ones this receipt newly pays: an edit of the receipt passes its transactions again.
  await certificatesPaid(
    ctx,
    unique.filter((id) => byId.get(id)?.collection_id == null),
    collectionId,
  );
  return money(rows);
}

/**
 * A transaction ready to print (spec §6: needs view-transaction). Refuses a deleted one, and an
 * unpaid one whose type has a fee, naming the fee. With `count`, the print is counted and
 * audited ("print" the first time, "reprint" after).
 */
export async function transactionForPrint(ctx: ServiceContext, id: number, options: { count: boolean }): Promise<TransactionServiceRow> {
  if (!can(ctx.user, "view-transaction") && !can(ctx.user, "manage-transaction")) throw forbidden();
  return inTransaction(ctx, async (tx) => {
    const row = await serviceFor("transaction").read(tx, id);
    if (row.deleted_at) throw new AppError(422, `${row.reference_number} is deleted; restore it before printing.`);
    if (Number(row.amount) > 0 && row.paid_by_collection_id == null)
      throw new AppError(
        422,
        `${row.reference_number} is not paid yet: its fee of ${feeText(row.fee_lines, row.name)} must be paid through an official receipt before it is printed.`,
      );
    if (!options.count) return row;
    const { print_count } = await tx.db
      .updateTable("transactions")
      .set({ print_count: sql`print_count + 1`, last_printed_at: sql`now()` })
      .where("id", "=", id)
      .returning("print_count")
      .executeTakeFirstOrThrow();
    await audit(tx, { entity: "transaction", entityId: id, action: print_count > 1 ? "reprint" : "print", after: { print_count } });
    return { ...row, print_count };
  });
}

/** The public answer for a verification code (no permission; the code is the secret). */
export async function verifyTransaction(ctx: Pick<ServiceContext, "db">, code: string): Promise<TransactionVerification | null> {
  // As typed off the paper: with or without the dashes, O for 0, I or L for 1.
  const normalized = normalizeVerificationCode(code);
  if (!normalized) return null;
  const row = await ctx.db
    .selectFrom("transactions as t")
    .innerJoin("transaction_types as tt", "tt.id", "t.transaction_type_id")
    .innerJoin("user_profiles as p", "p.user_id", "t.issued_to_user_id")
    .select([
      "tt.name",
      "tt.validity_days",
      "t.reference_number",
      "t.date_issued",
      "t.deleted_at",
      payingCollectionSql().as("collection_id"),
      sql<string>`t.amount::text`.as("amount"),
      fullNameOf("p").as("fullname"),
    ])
    .where("t.verification_code", "=", normalized)
    .executeTakeFirst();
  if (!row) return null;
  const until = validUntil(row.date_issued, row.validity_days);
  const expired = until != null && until < todayInManila();
  const status = row.deleted_at
    ? "Cancelled"
    : Number(row.amount) > 0 && row.collection_id == null
      ? "Unpaid"
      : expired
        ? "Expired"
        : "Valid";
  return {
    kind: "Certificate",
    type: row.name,
    reference_number: row.reference_number,
    date_issued: row.date_issued,
    valid_until: until,
    expired,
    name: maskName(row.fullname),
    status,
  };
}
