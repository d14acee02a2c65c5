import { randomBytes } from "node:crypto";
import { sql } from "kysely";
import QRCode from "qrcode";
import type { ServiceContext } from "../context.ts";

// What every printed document shares (DESIGN §5, §11): a gapless YYYY-MM-NNNN number, a random
// verification code for its QR code and public verify page, the QR code itself drawn on the
// server (a print needs no JavaScript), and the payor's name masked on public pages.

/**
 * The next number of a monthly series ("disbursement", "transaction") for the document's date:
 * "2026-11-0007". Takes a row lock on the series' month for the rest of the caller's transaction;
 * call it inside the transaction that saves the document, so a failed save gives the number back.
 */
export async function nextMonthlyNumber(ctx: Pick<ServiceContext, "db">, series: string, date: string): Promise<string> {
  if (!ctx.db.isTransaction) throw new Error("nextMonthlyNumber must run inside the document's transaction");
  const period = /^(\d{4}-\d{2})-\d{2}$/.exec(date)?.[1];
  if (!period) throw new Error(`Not a calendar date: ${date}`);
  const row = await sql<{ last_number: number }>`
    insert into number_series (series, period, last_number) values (${series}, ${period}, 1)
    on conflict (series, period) do update set last_number = number_series.last_number + 1
    returning last_number`.execute(ctx.db);
  return `${period}-${String(row.rows[0].last_number).padStart(4, "0")}`;
}

const BASE32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

/** A new verification code: 128 random bits in RFC 4648 base32 without padding (26 characters). */
export function newVerificationCode(): string {
  const bytes = randomBytes(16);
  let bits = 0;
  let value = 0;
  let out = "";
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32[(value << (5 - bits)) & 31];
  return out;
}

/** Whether a text can be a verification code (checked before any lookup). */
export function isVerificationCode(text: string): boolean {
  return /^[A-Z2-7]{26}$/.test(text);
}

/** The QR code of a text (a verify address) as an SVG string, for print views. */
export function qrSvg(text: string): Promise<string> {
  return QRCode.toString(text, { type: "svg", errorCorrectionLevel: "M", margin: 0 });
}

/** "Juan Dela Cruz" → "J*** D*** C***": a public page names the payor without revealing them. */
export function maskName(name: string | null | undefined): string {
  return String(name ?? "")
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => `${[...word][0].toUpperCase()}***`)
    .join(" ");
}
