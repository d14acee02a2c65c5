import { data } from "react-router";
import { todayInManila } from "../../../domain/dates.ts";
import { toCentavos, toMoneyString } from "../../../domain/money.ts";
import { can } from "../../../domain/permissions.ts";
import type { ServiceContext } from "../../context.ts";
import { isAppError } from "../../errors.ts";
import { serviceFor } from "../../engine/services.ts";
import { voucherForPrint, type VoucherPrint } from "./print.server.ts";
import type { PayableVoucher } from "./service.ts";

// The page models of a voucher's own page and of the cheque form opened from it (DESIGN §3: the
// rules are the services'; this shapes what they answer for a page).

export interface VoucherCheque {
  id: number;
  number: string;
  cheque_date: string;
  payee: string;
  amount: string;
  bank: string;
  account_number: string;
  /** "Issued", "Void" or "Deleted". */
  state: string;
  void_reason: string | null;
}

export interface VoucherPage {
  voucher: VoucherPrint["voucher"] & { balance: string; paid: string };
  cheques: VoucherCheque[];
  officials: VoucherPrint["officials"];
  /** What this user may do from the page. */
  can: { issue: boolean; edit: boolean; void: boolean; unvoid: boolean; printCheque: boolean };
}

function pageError(error: unknown): never {
  if (isAppError(error)) throw data(error.message, { status: error.status });
  throw error;
}

/** /manage/disbursements/{id}: the voucher, its lines, who signs it, its cheques and what it still owes. */
export async function voucherPage(ctx: ServiceContext, id: number): Promise<VoucherPage> {
  const printed = await voucherForPrint(ctx, id);
  const row = await serviceFor("disbursement").read(ctx, id).catch(pageError);
  const cheques = await ctx.db
    .selectFrom("cheque_issuances as ci")
    .innerJoin("cheque_numbers as n", "n.id", "ci.cheque_number_id")
    .innerJoin("bank_accounts as a", "a.id", "ci.bank_account_id")
    .innerJoin("banks as b", "b.id", "a.bank_id")
    .select([
      "ci.id",
      "n.number",
      "ci.cheque_date",
      "ci.payee",
      "ci.amount",
      "ci.state",
      "ci.deleted_at",
      "ci.void_reason",
      "b.name as bank",
      "a.account_number",
    ])
    .where("ci.disbursement_id", "=", id)
    .orderBy("ci.id")
    .execute();
  const balance = toMoneyString(String(row.balance ?? "0"));
  const amount = printed.voucher.amount;
  const user = ctx.user;
  const live = printed.voucher.status === "Active";
  return {
    voucher: { ...printed.voucher, balance, paid: toMoneyString(toCentavos(amount) - toCentavos(balance)) },
    cheques: cheques.map((c) => ({
      id: Number(c.id),
      number: c.number,
      cheque_date: c.cheque_date,
      payee: c.payee,
      amount: toMoneyString(c.amount),
      bank: c.bank,
      account_number: c.account_number,
      state: c.deleted_at ? "Deleted" : c.state === "void" ? "Void" : "Issued",
      void_reason: c.void_reason,
    })),
    officials: printed.officials,
    can: {
      issue: live && toCentavos(balance) > 0 && can(user, "create-cheque_issuance"),
      edit: live && can(user, "update-disbursement"),
      void: can(user, "update-cheque_issuance"),
      unvoid: can(user, "delete-cheque_issuance"),
      printCheque: can(user, "view-cheque_issuance") || can(user, "manage-cheque_issuance"),
    },
  };
}

export interface ChequeForm {
  vouchers: PayableVoucher[];
  /** The voucher the form was opened for (from its page), if any. */
  voucher: PayableVoucher | null;
  /** Why that voucher cannot be paid, when it cannot. */
  problem: string | null;
  defaults: Record<string, string>;
}

/**
 * The cheque form: the vouchers it can pay (payee, amount, what each still owes) and, opened for
 * one voucher, its payee and unpaid amount filled in, dated today, on the only bank account when
 * there is one.
 */
export async function chequeForm(ctx: ServiceContext, voucherId: number | null): Promise<ChequeForm> {
  const vouchers = await serviceFor("disbursement").payable(ctx, { include: voucherId });
  const voucher = voucherId != null ? (vouchers.find((v) => v.value === String(voucherId)) ?? null) : null;
  const accounts = await serviceFor("bank_account")
    .options(ctx)
    .catch(() => []);
  const defaults: Record<string, string> = { cheque_date: todayInManila() };
  if (accounts.length === 1) defaults.bank_account_id = accounts[0].value;
  let problem: string | null = null;
  if (voucher) {
    defaults.disbursement_id = voucher.value;
    defaults.payee = voucher.payee;
    if (voucher.void) problem = `Disbursement ${voucher.disbursement_number} is void; it takes no cheque.`;
    else if (toCentavos(voucher.balance) <= 0) problem = `Disbursement ${voucher.disbursement_number} is fully paid.`;
    else defaults.amount = voucher.balance;
  }
  return { vouchers, voucher, problem, defaults };
}
