import { data } from "react-router";
import { amountInWords } from "../../../domain/amount-in-words.ts";
import { formatAmount } from "../../../domain/money.ts";
import { can } from "../../../domain/permissions.ts";
import type { ServiceContext } from "../../context.ts";
import { isAppError } from "../../errors.ts";
import { serviceFor } from "../../engine/services.ts";
import { getBarangayInfo, type BarangayInfo } from "../../system/settings.ts";
import type { Officials } from "../../../domain/registry/officials.ts";
import { printedOfficials, type BarangayImages } from "../officials/service.ts";

// Print models of disbursements (DESIGN §12, research notes §4 and §6): the COA barangay disbursement
// voucher (boxes A–E, one Letter page) and the cheque printed onto the bank's pre-printed stock
// under the PCHC rules, with the account's calibrated offsets. Both need view- (spec §6).

function pageError(error: unknown): never {
  if (isAppError(error)) throw data(error.message, { status: error.status });
  throw error;
}

export interface VoucherLine {
  payment_nature: { id: number; name: string } | null;
  description: string | null;
  amount: string;
}

export interface VoucherCheque {
  id: number;
  number: string;
  cheque_date: string;
  amount: string;
  state: string;
  status: string;
  bank: string;
  account_number: string;
}

export interface VoucherPrint {
  voucher: {
    id: number;
    disbursement_number: string;
    voucher_date: string;
    payee: string;
    payee_address: string | null;
    payee_tin: string | null;
    fund_type: string;
    particulars: string;
    amount: string;
    status: string;
    verification_code: string;
    disbursement_type: { id: number; name: string } | null;
    lines: VoucherLine[];
  };
  amountInWords: string;
  cheques: VoucherCheque[];
  barangay: BarangayInfo;
  /** Who signs boxes A–C and the footer: the officials in office on the voucher's date (decision 194). */
  officials: Officials;
  /** The seal and the logo of the header. */
  images: BarangayImages;
}

/** The disbursement voucher as printed (needs view-disbursement or manage-disbursement). */
export async function voucherForPrint(ctx: ServiceContext, id: number): Promise<VoucherPrint> {
  if (!can(ctx.user, "view-disbursement") && !can(ctx.user, "manage-disbursement"))
    throw data("This action is unauthorized.", { status: 403 });
  const row = await serviceFor("disbursement").read(ctx, id).catch(pageError);
  const cheques = await ctx.db
    .selectFrom("cheque_issuances as ci")
    .innerJoin("cheque_numbers as n", "n.id", "ci.cheque_number_id")
    .innerJoin("bank_accounts as a", "a.id", "ci.bank_account_id")
    .innerJoin("banks as b", "b.id", "a.bank_id")
    .select(["ci.id", "n.number", "ci.cheque_date", "ci.amount", "ci.state", "ci.deleted_at", "b.name as bank", "a.account_number"])
    .where("ci.disbursement_id", "=", id)
    .orderBy("n.number")
    .execute();
  const voucher: VoucherPrint["voucher"] = row;
  const { officials, images } = await printedOfficials(ctx, voucher.voucher_date);
  return {
    voucher,
    amountInWords: amountInWords(voucher.amount),
    cheques: cheques.map((c) => ({
      id: Number(c.id),
      number: c.number,
      cheque_date: c.cheque_date,
      amount: c.amount,
      state: c.state,
      status: c.deleted_at ? "Trashed" : c.state === "void" ? "Void" : "Active",
      bank: c.bank,
      account_number: c.account_number,
    })),
    barangay: await getBarangayInfo(ctx),
    officials,
    images,
  };
}

// ---- Cheques (PCHC, research notes §6) ----

/** "2026-11-06" → "11-06-2026": Month-Day-Year, digits only, dashes the only separator (PCHC MC 3814). */
export function pchcDate(date: string): { month: string; day: string; year: string; text: string } {
  const [year, month, day] = date.split("-");
  return { month, day, year, text: `${month}-${day}-${year}` };
}

/** The amount in figures as PCHC requires: "100,000.00", no ₱, no symbols before or after. */
export function pchcFigures(amount: string): string {
  return formatAmount(amount);
}

/** The amount in words between asterisks (allowed around the words line): "***One Thousand Pesos Only***". */
export function pchcWords(amount: string): string {
  return `***${amountInWords(amount)}***`;
}

export interface ChequeFace {
  payee: string;
  date: ReturnType<typeof pchcDate>;
  figures: string;
  words: string;
}

export function chequeFace(c: { payee: string; cheque_date: string; amount: string }): ChequeFace {
  return { payee: c.payee, date: pchcDate(c.cheque_date), figures: pchcFigures(c.amount), words: pchcWords(c.amount) };
}

export interface ChequeAccount {
  id: number;
  account_name: string;
  account_number: string;
  bank: string;
  offset_x: number;
  offset_y: number;
}

async function accountOf(ctx: ServiceContext, id: number): Promise<ChequeAccount> {
  const a = await ctx.db
    .selectFrom("bank_accounts as a")
    .innerJoin("banks as b", "b.id", "a.bank_id")
    .select(["a.id", "a.account_name", "a.account_number", "b.name as bank", "a.cheque_offset_x", "a.cheque_offset_y"])
    .where("a.id", "=", id)
    .executeTakeFirst();
  if (!a) throw data("The bank account could not be found.", { status: 404 });
  return {
    id: Number(a.id),
    account_name: a.account_name,
    account_number: a.account_number,
    bank: a.bank,
    offset_x: Number(a.cheque_offset_x),
    offset_y: Number(a.cheque_offset_y),
  };
}

export interface ChequePrint {
  cheque: {
    id: number;
    number: string;
    status: string;
    disbursement_id: number;
    disbursement_number: string;
    payee: string;
    amount: string;
    cheque_date: string;
    void_reason: string | null;
  };
  /** The values printed on the stock; null for a void or deleted cheque, which prints nothing. */
  face: ChequeFace | null;
  account: ChequeAccount;
  canCalibrate: boolean;
}

/**
 * A cheque issuance as printed on its account's stock (needs view-cheque_issuance or
 * manage-cheque_issuance). A void or deleted cheque is still shown — its page says so — but has
 * no face: nothing of it may reach a bank's form.
 */
export async function chequeForPrint(ctx: ServiceContext, id: number): Promise<ChequePrint> {
  if (!can(ctx.user, "view-cheque_issuance") && !can(ctx.user, "manage-cheque_issuance"))
    throw data("This action is unauthorized.", { status: 403 });
  const row = await serviceFor("cheque_issuance").read(ctx, id).catch(pageError);
  return {
    cheque: row,
    face: row.status === "Active" ? chequeFace(row) : null,
    account: await accountOf(ctx, Number(row.bank_account_id)),
    canCalibrate: can(ctx.user, "update-bank_account"),
  };
}

/** The test print of an account's stock: sample values at the calibrated positions. */
export async function chequeTestPrint(ctx: ServiceContext, accountId: number) {
  if (!can(ctx.user, "manage-bank_account") && !can(ctx.user, "view-bank_account") && !can(ctx.user, "manage-cheque_issuance"))
    throw data("This action is unauthorized.", { status: 403 });
  return {
    face: chequeFace({ payee: "JUAN DELA CRUZ", cheque_date: new Date().toISOString().slice(0, 10), amount: "88888.88" }),
    account: await accountOf(ctx, accountId),
    canCalibrate: can(ctx.user, "update-bank_account"),
  };
}
