import { m } from "@domain/i18n";

// The stored values of receipts and remittances (English, as the spec and the printed forms write
// them) as a user reads them on a screen, in their language (issue 33 item 4).

/** A payment mode: Cash, Cheque, Money Order. */
export function paymentModeLabel(mode: string): string {
  if (mode === "Cash") return m.finance_payment_mode_cash();
  if (mode === "Cheque") return m.finance_payment_mode_cheque();
  if (mode === "Money Order") return m.finance_payment_mode_money_order();
  return mode;
}

/** A receipt's status: Active (read "Issued") or Cancelled. */
export function receiptStatusLabel(status: string): string {
  if (status === "Active") return m.finance_status_issued();
  if (status === "Cancelled") return m.finance_status_cancelled();
  return status;
}

/** A collector's day: Pending or Remitted. */
export function dayStatusLabel(status: string): string {
  if (status === "Pending") return m.finance_status_pending();
  if (status === "Remitted") return m.finance_status_remitted();
  return status;
}
