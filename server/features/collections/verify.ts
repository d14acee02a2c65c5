import { sql } from "kysely";
import { parseCentavos, toMoneyString } from "../../../domain/money.ts";
import { isCalendarDate } from "../../../domain/registry/fields.ts";
import type { ServiceContext } from "../../context.ts";
import { maskName, normalizeVerificationCode } from "../../engine/documents.ts";

// Public verification of an official receipt (DESIGN §11): by the verification
// code of its QR link, or — for someone without a QR reader — by its number, date and amount
// together. Answers the document kind, number, date, amount, status and the payor's name masked;
// never takes the numeric id. Lookups are rate-limited per address.

export interface VerifiedReceipt {
  kind: string;
  number: string;
  date: string;
  amount: string;
  status: "Valid" | "Cancelled";
  payor: string;
  fund: string;
}

const WINDOW_MS = 60_000;
/** Lookups one address may make a minute: a person checks a few receipts, a scraper many. */
export const VERIFY_LOOKUPS_PER_MINUTE = 20;
const hits = new Map<string, number[]>();

/** Seconds until the address may look up again (0: now). Counts this lookup when allowed. */
export function verifyWait(ip: string | null | undefined, now = Date.now()): number {
  const key = ip ?? "unknown";
  const recent = (hits.get(key) ?? []).filter((t) => now - t < WINDOW_MS);
  if (recent.length >= VERIFY_LOOKUPS_PER_MINUTE) {
    hits.set(key, recent);
    return Math.max(1, Math.ceil((recent[0] + WINDOW_MS - now) / 1000));
  }
  recent.push(now);
  hits.set(key, recent);
  if (hits.size > 10_000) for (const [k, v] of hits) if (v.every((t) => now - t >= WINDOW_MS)) hits.delete(k);
  return 0;
}

function select(ctx: Pick<ServiceContext, "db">) {
  return ctx.db
    .selectFrom("collections as c")
    .leftJoin("form_pads as p", "p.id", "c.form_pad_id")
    .leftJoin("form_types as ft", "ft.id", "p.form_type_id")
    .select([
      "c.or_number",
      sql<string>`c.date_issued::text`.as("date_issued"),
      sql<string>`c.amount_paid::text`.as("amount_paid"),
      "c.deleted_at",
      "c.issued_to",
      "c.fund_type",
      "ft.name as form_type",
    ]);
}

type Found = {
  or_number: string;
  date_issued: string;
  amount_paid: string;
  deleted_at: Date | null;
  issued_to: string;
  fund_type: string;
  form_type: string | null;
};

function present(row: Found): VerifiedReceipt {
  return {
    kind: `Official Receipt${row.form_type ? ` (${row.form_type})` : ""}`,
    number: row.or_number,
    date: row.date_issued,
    amount: toMoneyString(row.amount_paid),
    status: row.deleted_at ? "Cancelled" : "Valid",
    payor: maskName(row.issued_to),
    fund: row.fund_type,
  };
}

/** By the code of the QR link; null when no receipt has it (or it is not a code at all). */
export async function verifyByCode(ctx: Pick<ServiceContext, "db">, code: string): Promise<VerifiedReceipt | null> {
  // As typed off the paper: with or without the dashes, O for 0, I or L for 1.
  const normalized = normalizeVerificationCode(code);
  if (!normalized) return null;
  const row = await select(ctx).where("c.verification_code", "=", normalized).executeTakeFirst();
  return row ? present(row) : null;
}

/** By the printed number, the date and the amount together (all three must match). */
export async function verifyByNumber(
  ctx: Pick<ServiceContext, "db">,
  input: { number: string; date: string; amount: string },
): Promise<VerifiedReceipt | null> {
  const number = input.number.trim().replace(/\s+/g, " ");
  // A day that does not exist matches no receipt: the page says so, as for any other miss.
  if (!number || !isCalendarDate(input.date)) return null;
  let amount: string;
  try {
    amount = toMoneyString(parseCentavos(input.amount.replace(/[₱,\s]/g, "")));
  } catch {
    return null;
  }
  const row = await select(ctx)
    .where(sql<boolean>`upper(replace(c.or_number, ' ', '')) = ${number.toUpperCase().replace(/ /g, "")}`)
    .where("c.date_issued", "=", input.date)
    .where("c.amount_paid", "=", amount)
    .executeTakeFirst();
  return row ? present(row) : null;
}
