import { sql } from "kysely";
import { can } from "../../../domain/permissions.ts";
import { formatDate } from "../../../domain/dates.ts";
import {
  NO_OFFICIALS,
  OFFICIAL_POSITIONS,
  type official,
  type OfficialPositionLabel,
  type Officials,
} from "../../../domain/registry/officials.ts";
import type { ServiceContext } from "../../context.ts";
import { forbidden, unauthenticated, ValidationError } from "../../errors.ts";
import { ResourceEngine, type Row } from "../../engine/engine.ts";
import type { InputOf } from "../../../domain/registry/types.ts";
import { inTransaction } from "../../engine/transaction.ts";
import { audit } from "../../engine/audit.ts";
import { sniffImage } from "../people/residents.ts";

// The signing officials with their terms, and the barangay's seal and logo (decision 194). Every
// print asks officialsOn(the document's date); nothing else decides who signs.

// ---- terms --------------------------------------------------------------------------------------

/** The advisory lock space of the officials' terms (any fixed number no other lock uses). */
const TERMS_LOCK_SPACE = 1940;

const positionKey = new Map<string, keyof Officials>(OFFICIAL_POSITIONS.map((p) => [p.label, p.key]));

interface Term {
  position: OfficialPositionLabel;
  name: string;
  term_start: string;
  term_end: string | null;
}

/** "January 1, 2025 – open" */
export function describeTerm(term: Pick<Term, "term_start" | "term_end">): string {
  return `${formatDate(term.term_start, "long")} – ${term.term_end ? formatDate(term.term_end, "long") : "open"}`;
}

/**
 * Two terms of one position may not share a day: a print would not know whose name to put. Two
 * writers of the same position wait for each other (a transaction-scoped lock per position), so
 * the check and the write are one step.
 */
async function lockPositions(ctx: ServiceContext, positions: readonly string[]): Promise<void> {
  for (const position of [...new Set(positions)].sort())
    await sql`select pg_advisory_xact_lock(${TERMS_LOCK_SPACE}, hashtext(${position}))`.execute(ctx.db);
}

/** The first active term of the same position that shares a day with `term` (none: null). */
async function overlapping(ctx: ServiceContext, term: Term, exceptIds: readonly number[]): Promise<(Term & { id: number }) | null> {
  let q = ctx.db
    .selectFrom("officials")
    .select(["id", "position", "name", "term_start", "term_end"])
    .where("deleted_at", "is", null)
    .where("position", "=", term.position)
    // [a, b] and [c, d] (open ends are infinite) share a day when a <= d and c <= b.
    .where((eb) => eb.or([eb("term_end", "is", null), eb("term_end", ">=", term.term_start)]));
  if (term.term_end) q = q.where("term_start", "<=", term.term_end);
  if (exceptIds.length) q = q.where("id", "not in", [...exceptIds]);
  const row = await q.orderBy("term_start").executeTakeFirst();
  return row ? { ...row, id: Number(row.id) } : null;
}

function overlapError(other: Term): ValidationError {
  return ValidationError.field(
    "term_start",
    `The term overlaps the term of ${other.name} as ${other.position} (${describeTerm(other)}). End that term first, or change these dates.`,
  );
}

export async function assertNoOverlap(ctx: ServiceContext, term: Term, exceptId: number | null): Promise<void> {
  await lockPositions(ctx, [term.position]);
  const other = await overlapping(ctx, term, exceptId == null ? [] : [exceptId]);
  if (other) throw overlapError(other);
}

/** Trashed terms come back only where they overlap no active term (nor each other). */
export async function assertRestorable(ctx: ServiceContext, ids: readonly number[]): Promise<void> {
  const rows = await ctx.db
    .selectFrom("officials")
    .select(["id", "position", "name", "term_start", "term_end"])
    .where("id", "in", [...ids])
    .execute();
  await lockPositions(
    ctx,
    rows.map((r) => r.position),
  );
  const coming: (Term & { id: number })[] = [];
  for (const row of rows) {
    const other = await overlapping(ctx, row, [Number(row.id)]);
    const among = coming.find(
      (c) =>
        c.position === row.position &&
        (c.term_end == null || c.term_end >= row.term_start) &&
        (row.term_end == null || c.term_start <= row.term_end),
    );
    if (other || among) throw overlapError((other ?? among)!);
    coming.push({ ...row, id: Number(row.id) });
  }
}

export class OfficialService extends ResourceEngine<Row, InputOf<typeof official>> {
  protected override async beforeWrite(ctx: ServiceContext, values: InputOf<typeof official>, id: number | null) {
    await assertNoOverlap(ctx, values, id);
  }
  protected override async beforeRestore(ctx: ServiceContext, ids: number[]) {
    await assertRestorable(ctx, ids);
  }
}

/**
 * The officials in office on `date` ("YYYY-MM-DD"), by position: the one service every print asks
 * (the voucher's date, the RCD's, a report's, a certificate's issue date). A position nobody held
 * that day is "" and prints an empty signature line. No permission of its own: the caller's
 * document is what the user may see.
 */
export async function officialsOn(ctx: Pick<ServiceContext, "db">, date: string): Promise<Officials> {
  const rows = await ctx.db
    .selectFrom("officials")
    .select(["position", "name"])
    .where("deleted_at", "is", null)
    .where("term_start", "<=", date)
    .where((eb) => eb.or([eb("term_end", "is", null), eb("term_end", ">=", date)]))
    .orderBy("term_start")
    .execute();
  const out: Officials = { ...NO_OFFICIALS };
  for (const row of rows) {
    const key = positionKey.get(row.position);
    if (key) out[key] = row.name;
  }
  return out;
}

// ---- the seal and the logo ----------------------------------------------------------------------

export const BARANGAY_IMAGE_KINDS = ["seal", "logo"] as const;
export type BarangayImageKind = (typeof BARANGAY_IMAGE_KINDS)[number];

export const IMAGE_LABELS: Record<BarangayImageKind, string> = { seal: "barangay seal", logo: "municipal logo" };

/** At most 2 MB: a seal is a small drawing; a scan larger than that is a photograph of one. */
export const IMAGE_MAX_BYTES = 2 * 1024 * 1024;
/** Kept at most this many pixels on the longer side: sharp at 35 mm on paper, small in every print. */
export const IMAGE_SIZE = 600;

export const imageTooLarge = (kind: BarangayImageKind) => `The ${IMAGE_LABELS[kind]} may not be greater than 2 MB.`;
export const imageNotImage = (kind: BarangayImageKind) => `The ${IMAGE_LABELS[kind]} must be a JPEG, PNG or WebP image.`;

export function isBarangayImageKind(value: unknown): value is BarangayImageKind {
  return value === "seal" || value === "logo";
}

export interface PreparedImage {
  content: Buffer;
  mime: string;
  width: number;
  height: number;
}

/**
 * Checks and resizes an uploaded seal or logo: JPEG, PNG or WebP by content, at most 2 MB, turned
 * upright and fitted within 600 px without cropping (a seal is round, a logo may be wide), its
 * transparency kept, as WebP. Metadata is dropped.
 */
export async function prepareBarangayImage(kind: BarangayImageKind, bytes: Uint8Array): Promise<PreparedImage> {
  if (bytes.byteLength > IMAGE_MAX_BYTES) throw ValidationError.field(kind, imageTooLarge(kind));
  if (bytes.byteLength === 0) throw ValidationError.field(kind, `The ${IMAGE_LABELS[kind]} is empty.`);
  if (!sniffImage(bytes)) throw ValidationError.field(kind, imageNotImage(kind));
  const { default: sharp } = await import("sharp");
  try {
    const { data, info } = await sharp(bytes, { limitInputPixels: 50_000_000 })
      .rotate()
      .resize(IMAGE_SIZE, IMAGE_SIZE, { fit: "inside", withoutEnlargement: true })
      .webp({ quality: 90, alphaQuality: 100 })
      .toBuffer({ resolveWithObject: true });
    return { content: data, mime: "image/webp", width: info.width, height: info.height };
  } catch {
    throw ValidationError.field(kind, `${imageNotImage(kind)} This file could not be read as one.`);
  }
}

/** The address of a stored image; its version changes with every upload, so it may be cached long. */
export function imagePath(kind: BarangayImageKind, updatedAt: Date): string {
  return `/images/barangay/${kind}.webp?v=${updatedAt.getTime().toString(36)}`;
}

/** The seal and the logo are changed on the officials' settings screen, by whoever may edit officials. */
export function assertMayChangeImages(ctx: Pick<ServiceContext, "user">): void {
  if (!can(ctx.user, "update-official")) throw forbidden();
}

/** Stores the seal or the logo. */
export async function setBarangayImage(ctx: ServiceContext, kind: BarangayImageKind, upload: Uint8Array): Promise<{ image: string }> {
  assertMayChangeImages(ctx);
  const image = await prepareBarangayImage(kind, upload);
  return inTransaction(ctx, async (tx) => {
    const values = { content: image.content, mime: image.mime, width: image.width, height: image.height, updated_by: tx.user?.id ?? null };
    const row = await tx.db
      .insertInto("barangay_images")
      .values({ kind, ...values })
      .onConflict((oc) => oc.columns(["barangay_id", "kind"]).doUpdateSet({ ...values, updated_at: sql`now()` }))
      .returning("updated_at")
      .executeTakeFirstOrThrow();
    const path = imagePath(kind, row.updated_at);
    await audit(tx, {
      entity: "barangay_image",
      entityId: kind,
      action: "update",
      after: { image: path, bytes: image.content.byteLength },
    });
    return { image: path };
  });
}

/** Removes the seal or the logo; the prints leave its place empty. */
export async function removeBarangayImage(ctx: ServiceContext, kind: BarangayImageKind): Promise<void> {
  assertMayChangeImages(ctx);
  await inTransaction(ctx, async (tx) => {
    const gone = await tx.db.deleteFrom("barangay_images").where("kind", "=", kind).executeTakeFirst();
    if (Number(gone.numDeletedRows) > 0)
      await audit(tx, { entity: "barangay_image", entityId: kind, action: "update", after: { image: null } });
  });
}

/** The stored image, for anyone signed in (every print shows it). */
export async function readBarangayImage(
  ctx: ServiceContext,
  kind: BarangayImageKind,
): Promise<{ content: Uint8Array; mime: string } | null> {
  if (!ctx.user) throw unauthenticated();
  return (await ctx.db.selectFrom("barangay_images").select(["content", "mime"]).where("kind", "=", kind).executeTakeFirst()) ?? null;
}

export interface BarangayImages {
  seal: string | null;
  logo: string | null;
}

/** The addresses of the seal and the logo for a print's header (null where none is uploaded). */
export async function barangayImages(ctx: Pick<ServiceContext, "db">): Promise<BarangayImages> {
  const rows = await ctx.db.selectFrom("barangay_images").select(["kind", "updated_at"]).execute();
  const out: BarangayImages = { seal: null, logo: null };
  for (const row of rows) out[row.kind] = imagePath(row.kind, row.updated_at);
  return out;
}

/** What a print's header and signature lines need of the barangay on the document's date. */
export async function printedOfficials(
  ctx: Pick<ServiceContext, "db">,
  date: string,
): Promise<{ officials: Officials; images: BarangayImages }> {
  const [officials, images] = await Promise.all([officialsOn(ctx, date), barangayImages(ctx)]);
  return { officials, images };
}
