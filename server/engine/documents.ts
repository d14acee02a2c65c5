import { randomBytes } from "node:crypto";
import { sql } from "kysely";
import QRCode from "qrcode";
import type { ServiceContext } from "../context.ts";
import { ISSUE_LEAF } from "../../domain/registry/booklet.ts";
import { recordRun } from "./commands.ts";

// What every printed document shares (DESIGN §5, §11): a gapless YYYY-MM-NNNN number, a random
// verification code a person can type (printed under the QR code) for its public verify page, the QR code itself drawn on the
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
    on conflict (barangay_id, series, period) do update set last_number = number_series.last_number + 1
    returning last_number`.execute(ctx.db);
  return `${period}-${String(row.rows[0].last_number).padStart(4, "0")}`;
}

/**
 * The next number of a yearly series ("kp_case", a KP docket) for the document's date: "2026-007".
 * The same row lock and rollback as a monthly series; the series' period is the year.
 */
export async function nextYearlyNumber(ctx: Pick<ServiceContext, "db">, series: string, date: string, width = 3): Promise<string> {
  if (!ctx.db.isTransaction) throw new Error("nextYearlyNumber must run inside the document's transaction");
  const year = /^(\d{4})-\d{2}-\d{2}$/.exec(date)?.[1];
  if (!year) throw new Error(`Not a calendar date: ${date}`);
  const row = await sql<{ last_number: number }>`
    insert into number_series (series, period, last_number) values (${series}, ${year}, 1)
    on conflict (barangay_id, series, period) do update set last_number = number_series.last_number + 1
    returning last_number`.execute(ctx.db);
  return `${year}-${String(row.rows[0].last_number).padStart(width, "0")}`;
}

/**
 * Crockford's base32: digits and capitals without I, L, O and U, so a code read off paper is typed
 * without guessing (0 or O? 1 or I?) — and a mistyped O, I or L is read as the digit it looks like.
 */
const CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
/** A new code's length: 50 random bits, printed in two groups of five ("7KQ2M-9XD4T"). */
const CODE_LENGTH = 10;
/** Codes issued before the short ones: 128 bits in RFC 4648 base32, still verified. */
const LEGACY_CODE = /^[A-Z2-7]{26}$/;
const SHORT_CODE = new RegExp(`^[${CROCKFORD}]{${CODE_LENGTH}}$`);

/**
 * A new verification code: 10 characters of Crockford base32 (50 random bits). The verify pages
 * are rate-limited per address, so guessing one of a barangay's codes takes longer than the
 * documents live; the unique index on each document's code turns a collision into a retry-free 422.
 */
export function newVerificationCode(): string {
  const bytes = randomBytes(CODE_LENGTH);
  let out = "";
  for (const byte of bytes) out += CROCKFORD[byte & 31];
  return out;
}

/**
 * The code a person typed, as stored: spaces and dashes dropped, capitals, and for a short code
 * O read as 0 and I or L as 1. Null when it cannot be a code (checked before any lookup).
 */
export function normalizeVerificationCode(text: string): string | null {
  const compact = text.replace(/[\s-]+/g, "").toUpperCase();
  if (LEGACY_CODE.test(compact)) return compact;
  const short = compact.replace(/O/g, "0").replace(/[IL]/g, "1");
  return SHORT_CODE.test(short) ? short : null;
}

/** Whether a text is a stored verification code, as issued (no normalising). */
export function isVerificationCode(text: string): boolean {
  return LEGACY_CODE.test(text) || SHORT_CODE.test(text);
}

/** A code as printed for typing: "7KQ2M-9XD4T"; an older 26-character code in groups of four. */
export function formatVerificationCode(code: string): string {
  const size = code.length === CODE_LENGTH ? 5 : 4;
  return code.match(new RegExp(`.{1,${size}}`, "g"))?.join("-") ?? code;
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

/**
 * Issues a booklet's leaf (a form number, a cheque number) to the document being written, as the
 * leaf's recorded issue command, inside the document's transaction: the leaf is the lowest
 * available one, already locked by the caller.
 */
export async function issueLeaf(ctx: ServiceContext, entity: "form_number" | "cheque_number", id: number): Promise<void> {
  await recordRun(ctx, { entity, command: ISSUE_LEAF.name }, id, null, (recorder) => recorder.change(entity, id, { state: ISSUE_LEAF.to }));
}
