import { sql, type Insertable, type Selectable } from "kysely";
import type { Database } from "../../../db/schema.ts";
import { formatMoney, sumCentavos, toCentavos, toMoneyString } from "../../../domain/money.ts";
import type { ServiceContext } from "../../context.ts";
import { can } from "../../../domain/permissions.ts";
import { AppError, forbidden, ValidationError } from "../../errors.ts";
import { issueLeaf, newVerificationCode, nextMonthlyNumber } from "../../engine/documents.ts";
import { inTransaction } from "../../engine/transaction.ts";
import { ResourceEngine, type AnySelect, type EntryRow, type ReferenceRef, type Row } from "../../engine/engine.ts";
import type { CommandDef, InputOf } from "../../../domain/registry/types.ts";
import type { chequeIssuance, disbursement } from "../../../domain/registry/disbursements.ts";
import { bookletHooks } from "../../engine/booklet.ts";
import { fullNameOf } from "../../engine/people-sql.ts";
import { voidChequeIssuance } from "./commands/void-cheque-issuance.ts";
import { voidChequeNumber } from "./commands/void-cheque-number.ts";

/** The reason a DELETE gave (in its body or query), if any. */
function givenReason(input: unknown): string | undefined {
  const reason = input && typeof input === "object" ? (input as { reason?: unknown }).reason : undefined;
  return typeof reason === "string" && reason.trim() ? reason : undefined;
}

// Disbursements and cheques (DESIGN §11): one service class per entry — its rules over the
// engine's life cycle, its commands and its own calls — reached through serviceFor (DESIGN §10).

type Ctx = ServiceContext;

// ---------------------------------------------------------------------------------------------
// Cheque books: a serial range of one bank account, generating one cheque number per leaf.

/** The last serial of a range, as wide as the first ("0001001" + 50 → "0001050"). */
export function seriesEnd(start: string, quantity: number): string {
  const end = (BigInt(start) + BigInt(quantity) - 1n).toString();
  return end.padStart(start.length, "0");
}

/** A cheque book is a booklet (server/engine/booklet.ts) of cheque numbers, one account's series. */
const book = bookletHooks({
  bookEntity: "cheque_book",
  leafEntity: "cheque_number",
  books: "cheque_books",
  leaves: "cheque_numbers",
  bookKey: "cheque_book_id",
  code: "cheque_book_code",
  scope: "bank_account_id",
  rangeField: "series",
  serialFrom: sql<number>`series_start::numeric`,
  serialTo: sql<number>`series_end::numeric`,
  suffixed: false,
  readRange(values) {
    const start = String(values.series);
    const quantity = Number(values.quanty_generated);
    const end = seriesEnd(start, quantity);
    if (end.length > 12) throw ValidationError.field("quanty_generated", "The last serial would have more than 12 digits.");
    delete values.series;
    values.series_start = start;
    values.series_end = end;
    return { from: Number(start), to: Number(end), width: start.length, suffix: "" };
  },
  storedRange: (row) => ({
    from: Number(row.series_start),
    to: Number(row.series_end),
    width: String(row.series_start).length,
    suffix: "",
  }),
  leafColumn: (_id, values) => ({ name: "bank_account_id", value: sql`${Number(values.bank_account_id)}` }),
  leavesCarryScope: true,
  // One book at a time per account: the overlap check and the insert cannot interleave.
  async lock(ctx, accountId) {
    await sql`select id from bank_accounts where id = ${accountId} for update`.execute(ctx.db);
  },
  messages: {
    overlap: (other, values) =>
      `The serials ${String(values.series_start)}–${String(values.series_end)} overlap cheque book ${other.code} (${other.series_start}–${other.series_end}) of this account.`,
    rangeInUse: (number) => `Cheque number ${number} of this book is already used; its range cannot change.`,
    issued: (code, number) => `Cheque book ${code} has issued cheques (${number}); it cannot be deleted.`,
  },
});

export class ChequeBookService extends ResourceEngine {
  protected override extendSelect(q: AnySelect): AnySelect {
    return q
      .leftJoin("banks as cb_bank", "cb_bank.id", "r_bank_account.bank_id")
      .select([
        sql<string>`cb_bank.name`.as("bank"),
        sql<string>`r_bank_account.account_number`.as("account_number"),
        sql<string>`t.series_start`.as("series"),
        sql<string>`t.series_start || '–' || t.series_end`.as("series_joint"),
        ...book.leafCounts(),
      ]);
  }
  protected override beforeWrite(ctx: ServiceContext, values: Record<string, unknown>, id: number | null) {
    return book.beforeWrite(ctx, values, id);
  }
  protected override afterWrite(ctx: ServiceContext, id: number, values: Record<string, unknown>, op: "create" | "update") {
    return book.afterWrite(ctx, id, values, op);
  }
  protected override beforeDelete(ctx: ServiceContext, ids: number[]) {
    return book.beforeDelete(ctx, ids);
  }
}

// ---------------------------------------------------------------------------------------------
// Cheque numbers: available → issued (by one cheque issuance) | void (a spoiled leaf, with a reason).

/** A cheque number as the engine reads it: its columns, its book's code, its account and book. */
export type ChequeNumberRow = EntryRow<
  "cheque_numbers",
  { cheque_book_code: string; bank_account: ReferenceRef; cheque_book: ReferenceRef }
>;

export class ChequeNumberService extends ResourceEngine<ChequeNumberRow> {
  protected override extendSelect(q: AnySelect): AnySelect {
    return q.select([sql<string>`r_cheque_book.cheque_book_code`.as("cheque_book_code")]);
  }
  // Delete is void (spec §4 wording): an available leaf is spoiled, by the void command (a DELETE
  // without a reason records "Spoiled"); restore is its unvoid, unless the leaf was spoiled by its
  // cheque's void (then the cheque's unvoid brings it back, decision 122).
  protected override deleteCommand() {
    return this.commandDef("void");
  }
  protected override restoreCommand() {
    return this.commandDef("unvoid");
  }
  protected override deleteReason(input: unknown): string {
    return givenReason(input) ?? "Spoiled";
  }
  protected override async beforeCommand(ctx: ServiceContext, command: CommandDef, row: ChequeNumberRow) {
    if (command.name !== "unvoid") return;
    const tied = await ctx.db
      .selectFrom("cheque_issuances as ci")
      .innerJoin("cheque_numbers as n", "n.id", "ci.cheque_number_id")
      .select("n.number")
      .where("ci.cheque_number_id", "=", row.id)
      .executeTakeFirst();
    if (tied) throw new AppError(422, `Cheque number ${tied.number} belongs to a written cheque; unvoid the cheque instead.`);
  }
  protected override async beforeWrite(ctx: ServiceContext, values: Record<string, unknown>, id: number | null) {
    const book = await ctx.db
      .selectFrom("cheque_books")
      .select(["id", "bank_account_id", "deleted_at"])
      .where("id", "=", Number(values.cheque_book_id))
      .executeTakeFirst();
    if (!book || book.deleted_at) throw ValidationError.field("cheque_book_id", "The selected cheque book is invalid.");
    values.bank_account_id = book.bank_account_id;
    if (id != null) {
      const stored = await ctx.db.selectFrom("cheque_numbers").select(["state"]).where("id", "=", id).executeTakeFirstOrThrow();
      // One whole sentence per state (a leaf is available, issued or void), as messages/*/server.json holds them.
      if (stored.state === "issued") throw new AppError(422, "This cheque number is issued; it cannot be changed.");
      if (stored.state !== "available") throw new AppError(422, "This cheque number is void; it cannot be changed.");
    }
    const taken = await ctx.db
      .selectFrom("cheque_numbers")
      .select("id")
      .where("bank_account_id", "=", book.bank_account_id)
      .where("number", "=", String(values.number))
      .$if(id != null, (qb) => qb.where("id", "<>", id!))
      .executeTakeFirst();
    if (taken) throw ValidationError.field("number", "The number has already been taken.");
  }
  protected override commandHandlers() {
    return { void: voidChequeNumber };
  }
}

// ---------------------------------------------------------------------------------------------
// Disbursement vouchers.

/** What the voucher's live cheques (issued, not deleted) pay, leaving out one cheque. */
async function paidOn(ctx: Ctx, disbursementId: number, exceptIssuanceId: number | null = null): Promise<number> {
  const row = await ctx.db
    .selectFrom("cheque_issuances")
    .select(sql<string>`coalesce(sum(amount), 0)::numeric(14,2)::text`.as("paid"))
    .where("disbursement_id", "=", disbursementId)
    .where("state", "=", "issued")
    .where("deleted_at", "is", null)
    .$if(exceptIssuanceId != null, (qb) => qb.where("id", "<>", exceptIssuanceId!))
    .executeTakeFirstOrThrow();
  return toCentavos(row.paid);
}

/** The payee's name from their record (resident, non-resident, organization or business). */
async function payeeName(ctx: Ctx, kind: string, id: number): Promise<string | null> {
  if (kind === "Business") {
    const row = await ctx.db
      .selectFrom("businesses")
      .select("name")
      .where("id", "=", id)
      .where("deleted_at", "is", null)
      .executeTakeFirst();
    return row?.name ?? null;
  }
  const userKind = kind === "Resident" ? "resident" : kind === "Non-resident" ? "non_resident" : "organization";
  const row = await ctx.db
    .selectFrom("users as u")
    .innerJoin("user_profiles as p", "p.user_id", "u.id")
    .select(fullNameOf("p").as("name"))
    .where("u.id", "=", id)
    .where("u.kind", "=", userKind)
    .where("u.deleted_at", "is", null)
    .executeTakeFirst();
  return row?.name ?? null;
}

/** What a voucher (alias `d`) still owes: its amount less its live cheques. The one definition of "unpaid". */
const unpaidOf = (alias: string) =>
  sql<string>`(${sql.ref(`${alias}.amount`)} - coalesce((select sum(ci.amount) from cheque_issuances ci
    where ci.disbursement_id = ${sql.ref(`${alias}.id`)} and ci.state = 'issued' and ci.deleted_at is null), 0))::numeric(14,2)`;

/** A voucher as the engine reads it: its columns, type and lines, and what it still owes. */
export type DisbursementRow = EntryRow<
  "disbursements",
  {
    disbursement_type: ReferenceRef;
    lines: (Pick<Selectable<Database["disbursement_lines"]>, "payment_nature_id" | "description" | "amount"> & {
      payment_nature: ReferenceRef;
    })[];
    balance: string;
    cheques_count: number;
  }
>;

/** A voucher's parsed input, and the columns beforeWrite derives from it. */
type DisbursementValues = InputOf<typeof disbursement> &
  Partial<Pick<Insertable<Database["disbursements"]>, "amount" | "disbursement_number" | "verification_code">>;

export class DisbursementService extends ResourceEngine<DisbursementRow, DisbursementValues> {
  protected override extendSelect(q: AnySelect): AnySelect {
    return q.select([
      unpaidOf("t").as("balance"),
      sql<number>`(select count(*)::int from cheque_issuances ci where ci.disbursement_id = t.id and ci.deleted_at is null)`.as(
        "cheques_count",
      ),
    ]);
  }
  protected override async beforeWrite(ctx: ServiceContext, values: DisbursementValues, id: number | null) {
    if (id != null) {
      const stored = await ctx.db.selectFrom("disbursements").select(["deleted_at"]).where("id", "=", id).executeTakeFirstOrThrow();
      if (stored.deleted_at) throw new AppError(422, "A void disbursement voucher cannot be changed; restore it first.");
    }
    // Payee: a record of its kind, or a typed name.
    const kind = String(values.payee_kind ?? "Other");
    if (kind === "Other") {
      values.payee_id = null;
      if (!values.payee) throw ValidationError.field("payee", "The payee field is required.");
    } else {
      if (values.payee_id == null) throw ValidationError.field("payee_id", `Choose the ${kind.toLowerCase()} who is paid.`);
      const name = await payeeName(ctx, kind, Number(values.payee_id));
      if (!name) throw ValidationError.field("payee_id", `The selected ${kind.toLowerCase()} is invalid.`);
      values.payee = name;
    }
    // Lines: each nature of payment active; the amount is their sum.
    const lines = values.lines;
    const natureIds = [...new Set(lines.map((l) => Number(l.payment_nature_id)))];
    const natures = await ctx.db
      .selectFrom("payment_natures")
      .select("id")
      .where("id", "in", natureIds)
      .where("deleted_at", "is", null)
      .execute();
    const known = new Set(natures.map((n) => Number(n.id)));
    const errors: Record<string, string[]> = {};
    lines.forEach((line, i) => {
      if (!known.has(Number(line.payment_nature_id)))
        errors[`lines.${i}.payment_nature_id`] = ["The selected nature of payment is invalid."];
    });
    if (Object.keys(errors).length) throw new ValidationError(errors);
    const total = sumCentavos(lines.map((l) => l.amount));
    if (total > 99_999_999_999) throw ValidationError.field("lines", "The voucher's amount must not be more than ₱999,999,999.99.");
    values.amount = toMoneyString(total);
    if (id != null) {
      await sql`select id from disbursements where id = ${id} for update`.execute(ctx.db);
      const paid = await paidOn(ctx, id);
      if (total < paid)
        throw ValidationError.field("lines", `The voucher's cheques already pay ${formatMoney(paid)}; the amount cannot be less.`);
      // The number is the voucher's for good, whatever its date becomes (decision 121).
      delete values.disbursement_number;
    } else {
      values.disbursement_number = await nextMonthlyNumber(ctx, "disbursement", String(values.voucher_date));
      values.verification_code = newVerificationCode();
    }
  }
  protected override async beforeDelete(ctx: ServiceContext, ids: number[]) {
    const live = await ctx.db
      .selectFrom("cheque_issuances as ci")
      .innerJoin("disbursements as d", "d.id", "ci.disbursement_id")
      .select(["d.disbursement_number"])
      .where("ci.disbursement_id", "in", ids)
      .where("ci.state", "=", "issued")
      .where("ci.deleted_at", "is", null)
      .executeTakeFirst();
    if (live) throw new AppError(422, `Disbursement ${live.disbursement_number} has issued cheques; void them first.`);
  }
  /**
   * The vouchers a cheque can pay: not void and not fully paid, newest first, each with its payee
   * and what it still owes. `include` keeps one voucher listed whatever its state (the voucher of
   * the cheque being edited, or the one the form was opened from, so the form can say why).
   */
  async payable(ctx: Ctx, options: { include?: number | null } = {}): Promise<PayableVoucher[]> {
    const user = ctx.user;
    const allowed = ["manage-disbursement", "view-disbursement", "create-cheque_issuance", "update-cheque_issuance"].some((p) =>
      can(user, p),
    );
    if (!allowed) throw forbidden();
    const include = options.include ?? null;
    const rows = await ctx.db
      .selectFrom("disbursements as d")
      .select(["d.id", "d.disbursement_number", "d.payee", "d.particulars", "d.deleted_at", sql<string>`d.amount::text`.as("amount")])
      .select(unpaidOf("d").as("balance"))
      .where((eb) =>
        eb.or([
          eb.and([eb("d.deleted_at", "is", null), eb(unpaidOf("d"), ">", sql<string>`0`)]),
          ...(include != null ? [eb("d.id", "=", include)] : []),
        ]),
      )
      .orderBy("d.voucher_date", "desc")
      .orderBy("d.id", "desc")
      .limit(1000)
      .execute();
    return rows.map((r) => {
      const v = {
        disbursement_number: r.disbursement_number,
        payee: r.payee,
        particulars: r.particulars,
        amount: toMoneyString(r.amount),
        balance: toMoneyString(String(r.balance)),
        void: r.deleted_at != null,
      };
      return { value: String(r.id), label: payableLabel(v), ...v };
    });
  }
}

/** A voucher a cheque can pay, as the cheque form lists it. */
export interface PayableVoucher {
  value: string;
  /** "2026-11-0003 · Reyes Hardware · ₱13,250.00 (unpaid ₱5,000.00)" */
  label: string;
  disbursement_number: string;
  payee: string;
  particulars: string;
  amount: string;
  balance: string;
  void: boolean;
}

function payableLabel(v: { disbursement_number: string; payee: string; amount: string; balance: string; void: boolean }): string {
  const unpaid = toCentavos(v.balance);
  const owed = v.void
    ? " (void)"
    : unpaid === toCentavos(v.amount)
      ? ""
      : unpaid > 0
        ? ` (unpaid ${formatMoney(unpaid)})`
        : " (fully paid)";
  return `${v.disbursement_number} · ${v.payee} · ${formatMoney(v.amount)}${owed}`;
}

// ---------------------------------------------------------------------------------------------
// Cheque issuances: a cheque paying a voucher from the next available number of the account.

/** Locks the voucher and answers it, refusing a void one. */
async function lockVoucher(ctx: Ctx, id: number) {
  const voucher = (
    await sql<{
      id: number;
      amount: string;
      payee: string;
      particulars: string;
      deleted_at: Date | null;
      disbursement_number: string;
    }>`select id, amount, payee, particulars, deleted_at, disbursement_number from disbursements where id = ${id} for update`.execute(
      ctx.db,
    )
  ).rows[0];
  if (!voucher) throw ValidationError.field("disbursement_id", "The selected disbursement is invalid.");
  if (voucher.deleted_at) throw ValidationError.field("disbursement_id", `Disbursement ${voucher.disbursement_number} is void.`);
  return voucher;
}

async function assertWithinOwed(ctx: Ctx, disbursementId: number, amount: string, issuanceId: number | null): Promise<void> {
  const voucher = await lockVoucher(ctx, disbursementId);
  const owed = toCentavos(voucher.amount) - (await paidOn(ctx, disbursementId, issuanceId));
  if (toCentavos(amount) > owed) {
    throw ValidationError.field(
      "amount",
      owed <= 0
        ? `Disbursement ${voucher.disbursement_number} is fully paid.`
        : `The amount must not be more than what the voucher still owes (${formatMoney(owed)}).`,
    );
  }
}

/** The lowest available cheque number of the account's active books, locked for the caller's transaction. */
export async function takeNextChequeNumber(ctx: Ctx, bankAccountId: number): Promise<{ id: number; number: string }> {
  // SKIP LOCKED: two clerks issuing at once each get the next number nobody else holds.
  const next = (
    await sql<{ id: number; number: string }>`
    select n.id, n.number from cheque_numbers n join cheque_books b on b.id = n.cheque_book_id
    where n.bank_account_id = ${bankAccountId} and n.state = 'available' and n.deleted_at is null and b.deleted_at is null
    order by length(n.number), n.number limit 1 for update of n skip locked`.execute(ctx.db)
  ).rows[0];
  if (!next)
    throw ValidationError.field("bank_account_id", "The bank account has no available cheque number; register a cheque book first.");
  await issueLeaf(ctx, "cheque_number", Number(next.id));
  return { id: Number(next.id), number: next.number };
}

/** A cheque as the engine reads it: its columns, account and voucher, and its number. */
export type ChequeIssuanceRow = EntryRow<
  "cheque_issuances",
  {
    bank_account: ReferenceRef;
    disbursement: ReferenceRef;
    number: string;
    cheque_number: { id: number; number: string; state: string; cheque_book_code: string };
    disbursement_number: string;
    date: string;
  }
>;

/** A cheque's parsed input, and the columns beforeWrite derives from it. */
type ChequeIssuanceValues = InputOf<typeof chequeIssuance> &
  Partial<Pick<Insertable<Database["cheque_issuances"]>, "cheque_number_id" | "verification_code">>;

export class ChequeIssuanceService extends ResourceEngine<ChequeIssuanceRow, ChequeIssuanceValues> {
  protected override extendSelect(q: AnySelect): AnySelect {
    return q
      .leftJoin("cheque_numbers as ci_n", "ci_n.id", "t.cheque_number_id")
      .leftJoin("cheque_books as ci_b", "ci_b.id", "ci_n.cheque_book_id")
      .select([
        sql<string>`ci_n.number`.as("number"),
        sql`jsonb_build_object('id', ci_n.id, 'number', ci_n.number, 'state', ci_n.state, 'cheque_book_code', ci_b.cheque_book_code)`.as(
          "cheque_number",
        ),
        sql<string>`r_disbursement.disbursement_number`.as("disbursement_number"),
        // Spec §2.4 names the cheque's date column "date".
        sql<string>`t.cheque_date`.as("date"),
      ]);
  }
  protected override statusSql() {
    return sql<string>`case when t.deleted_at is not null then 'Trashed' when t.state = 'void' then 'Void' else 'Active' end`;
  }
  // A void cascades over every cheque of the voucher, and an unvoid replays it backwards: two such
  // commands on cheques A and B of one voucher, each starting from its own cheque, would hold one
  // and wait for the other. Every write to a cheque takes the voucher first, then the voucher's
  // cheques by id, so they queue on the voucher instead.
  protected override async lockFirst(ctx: ServiceContext, ids: readonly number[]) {
    if (ids.length === 0) return;
    const vouchers = (
      await sql<{ id: number }>`
      select id from disbursements
      where id in (select disbursement_id from cheque_issuances where id in (${sql.join([...ids])}))
      order by id for update`.execute(ctx.db)
    ).rows.map((r) => Number(r.id));
    if (vouchers.length === 0) return;
    await sql`select id from cheque_issuances where disbursement_id in (${sql.join(vouchers)}) order by id for update`.execute(ctx.db);
  }
  protected override async beforeWrite(ctx: ServiceContext, values: ChequeIssuanceValues, id: number | null) {
    const disbursementId = Number(values.disbursement_id);
    if (id != null) {
      const stored = await ctx.db
        .selectFrom("cheque_issuances")
        .select(["state", "bank_account_id", "disbursement_id"])
        .where("id", "=", id)
        .executeTakeFirstOrThrow();
      if (stored.state === "void") throw new AppError(422, "A void cheque cannot be changed; unvoid it first.");
      if (Number(stored.bank_account_id) !== Number(values.bank_account_id))
        throw ValidationError.field("bank_account_id", "The bank account of a written cheque cannot change; void it and write another.");
      if (Number(stored.disbursement_id) !== disbursementId)
        throw ValidationError.field("disbursement_id", "The voucher of a written cheque cannot change; void it and write another.");
    }
    await assertWithinOwed(ctx, disbursementId, String(values.amount), id);
    const voucher = await lockVoucher(ctx, disbursementId);
    values.payee ??= voucher.payee;
    values.description_with_nature_of_payment ??= voucher.particulars;
    if (id == null) {
      const number = await takeNextChequeNumber(ctx, Number(values.bank_account_id));
      values.cheque_number_id = number.id;
      values.verification_code = newVerificationCode();
    }
  }
  protected override async beforeRestore(ctx: ServiceContext, ids: number[]) {
    for (const id of ids) {
      const row = await ctx.db
        .selectFrom("cheque_issuances")
        .select(["disbursement_id", "amount", "state"])
        .where("id", "=", id)
        .executeTakeFirst();
      if (row && row.state === "issued") await assertWithinOwed(ctx, Number(row.disbursement_id), row.amount, id);
    }
  }
  protected override commandHandlers() {
    return { void: voidChequeIssuance };
  }
  /**
   * A cheque issuance comes back from two different places, each with its own command: from void by
   * Unvoid, from the trash by Restore. A restore of a cheque that is not in the trash would change
   * nothing, so it is refused (422) instead of answering a success for a change not made.
   */
  override async restore(ctx: Ctx, id: number): Promise<ChequeIssuanceRow> {
    if (!can(ctx.user, "restore-cheque_issuance")) throw forbidden();
    return inTransaction(ctx, async (tx) => {
      // The voucher's lock first, as every write to a cheque takes it (lockFirst above).
      await this.lockFirst(tx, [id]);
      const row = await tx.db
        .selectFrom("cheque_issuances as ci")
        .leftJoin("cheque_numbers as n", "n.id", "ci.cheque_number_id")
        .select(["ci.deleted_at", "ci.state", "n.number"])
        .where("ci.id", "=", id)
        .executeTakeFirst();
      if (row && !row.deleted_at) {
        throw new AppError(
          422,
          row.state === "void"
            ? `Cheque ${row.number ?? `#${id}`} is void, not deleted: nothing was restored. Unvoid it to bring it back.`
            : `Cheque ${row.number ?? `#${id}`} is not deleted: nothing was restored.`,
        );
      }
      return super.restore(tx, id);
    });
  }
}

// ---------------------------------------------------------------------------------------------
// Bank accounts: the opening balance the cheque register starts from.

export class BankAccountService extends ResourceEngine {
  // Both left out (an older client's update): the stored ones stay. Otherwise an opening balance
  // stands on a date, and an empty balance is none.
  protected override async beforeWrite(_ctx: ServiceContext, values: Record<string, unknown>) {
    if (values.opening_balance === undefined && values.opening_date === undefined) return;
    values.opening_balance ??= "0.00";
    values.opening_date ??= null;
    if (toCentavos(String(values.opening_balance)) > 0 && values.opening_date == null)
      throw ValidationError.field("opening_date", "The opening balance as of date is required with an opening balance.");
  }
  /** Stores where the account's cheque stock prints, as moved by the test print (offset_x, offset_y). */
  async setChequeOffsets(ctx: Ctx, id: number, input: { x: unknown; y: unknown }): Promise<Row> {
    const values = { cheque_offset_x: chequeOffset(input.x, "offset_x"), cheque_offset_y: chequeOffset(input.y, "offset_y") };
    return this.updateColumns(ctx, id, "update", values);
  }
}

// ---------------------------------------------------------------------------------------------
// Bank accounts: the cheque print's calibration (research notes §6) is a setting of the account,
// written like any other change of it: update-bank_account, one transaction, updated_at, audit.

/** An offset of the printed cheque in millimetres, to a tenth; the stock is never moved more than 5 cm. */
function chequeOffset(value: unknown, field: string): string {
  const n = Number(String(value ?? "").trim() || "0");
  if (!Number.isFinite(n) || Math.abs(n) > 50)
    throw ValidationError.field(field, "The offset must be a number of millimetres between -50 and 50.");
  return (Math.round(n * 10) / 10).toFixed(1);
}
