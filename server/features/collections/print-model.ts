import { amountInWords } from "../../../domain/amount-in-words.ts";
import { formatAmount } from "../../../domain/money.ts";
import type { ServiceContext } from "../../context.ts";
import { formatVerificationCode, qrSvg } from "../../engine/documents.ts";
import { serviceFor } from "../../engine/services.ts";
import { getBarangayInfo } from "../../system/settings.ts";

// The AF 51-C official receipt as printed (research notes §1, 17 elements in
// order): the data of one collection, the barangay as the agency, amount in words, the payment
// mode's boxes, and the QR code of its public verify page, drawn on the server.

export const COPY_LABELS = ["ORIGINAL", "DUPLICATE", "TRIPLICATE"] as const;
export type CopyLabel = (typeof COPY_LABELS)[number];

export interface ReceiptDocument {
  id: number;
  orNumber: string;
  dateIssued: string;
  agency: string;
  fund: string;
  payor: string;
  lines: { nature: string; accountCode: string | null; amount: string }[];
  /** Ruled lines of the table: the receipt's lines, then blanks up to eight. */
  blankLines: number;
  total: string;
  amountInWords: string;
  paymentMode: "Cash" | "Cheque" | "Money Order";
  drawee: { bank: string | null; number: string | null; date: string | null };
  collector: string;
  cancelled: boolean;
  verifyUrl: string;
  /** The code printed under the QR code for typing: "7KQ2M-9XD4T". */
  verificationCode: string;
  qrSvg: string;
  offsets: { x: number; y: number };
}

/** One receipt for printing; needs view-collection or manage-collection (spec §6: preview needs view-collection). */
export async function receiptDocument(ctx: ServiceContext, id: number, origin: string): Promise<ReceiptDocument> {
  const row = await serviceFor("collection").get(ctx, id);
  const barangay = await getBarangayInfo(ctx);
  const pad = await ctx.db
    .selectFrom("form_pads")
    .select(["print_offset_x", "print_offset_y"])
    .where("id", "=", row.form_pad_id)
    .executeTakeFirst();
  const verifyUrl = `${origin}/verify/collection/${row.verification_code}`;
  return {
    id: row.id,
    orNumber: row.or_number,
    dateIssued: row.date_issued,
    agency: `${barangay.name}, ${barangay.municipality.replace(/^Municipality of /, "")}, ${barangay.province}`,
    fund: row.fund_type,
    payor: row.issued_to,
    lines: row.lines.map((l) => ({ nature: l.nature, accountCode: l.account_code, amount: formatAmount(l.amount) })),
    blankLines: Math.max(0, 8 - row.lines.length),
    total: formatAmount(row.amount_paid),
    amountInWords: amountInWords(row.amount_paid),
    paymentMode: row.payment_mode,
    drawee: { bank: row.drawee_bank, number: row.cheque_number, date: row.cheque_date },
    collector: row.user?.fullname ?? "",
    cancelled: row.status !== "Active",
    verifyUrl,
    verificationCode: formatVerificationCode(row.verification_code),
    qrSvg: await qrSvg(verifyUrl),
    offsets: { x: Number(pad?.print_offset_x ?? 0), y: Number(pad?.print_offset_y ?? 0) },
  };
}
