import { createHash } from "node:crypto";
import { can } from "../../../domain/permissions.ts";
import type { ServiceContext } from "../../context.ts";
import { audit } from "../../engine/audit.ts";
import { recordRun } from "../../engine/commands.ts";
import { inTransaction } from "../../engine/transaction.ts";
import { AppError, forbidden, notFound, ValidationError } from "../../errors.ts";
import { sniffImage } from "../people/residents.ts";
import { caseReader, docketOf, logCaseRead } from "./readers.ts";

// A KP case's attachments (decision 202): the scanned complaint, the minutes, the evidence. Kept in
// the database as the residents' photos are (one backup holds everything), bounded in size and
// type by their content, never by the name a browser gives. Adding one and removing one are
// recorded commands of the case (`attach`, `remove_attachment`), audited; the bytes stay out of the
// command's record, which keeps the name, type, size and checksum. Whoever may read the case (the
// KP permissions, or a seat on its Pangkat) lists and downloads them; each download is in the
// access log. Only the update-kp_case holders add or remove them.

export const ATTACHMENT_MAX_BYTES = 5 * 1024 * 1024;
export const ATTACHMENT_TOO_LARGE = "The file may not be greater than 5 MB.";
export const ATTACHMENT_WRONG_TYPE = "The file must be a PDF, or a JPEG, PNG or WebP image (a scan or a photo).";

const TARGET = { entity: "kp_case_attachment", table: "kp_case_attachments" } as const;

/** The kind of an uploaded file by its first bytes: a PDF or an image. */
export function sniffAttachment(bytes: Uint8Array): string | null {
  if (bytes.length >= 5 && String.fromCharCode(...bytes.subarray(0, 5)) === "%PDF-") return "application/pdf";
  return sniffImage(bytes);
}

const EXTENSIONS: Record<string, string> = { "application/pdf": ".pdf", "image/jpeg": ".jpg", "image/png": ".png", "image/webp": ".webp" };

/** A file name as it is kept: its last path part, printable, at most 150 characters, with its type's extension. */
export function cleanFileName(raw: string | null | undefined, mime: string): string {
  const base = (raw ?? "")
    .split(/[\\/]/)
    .pop()!
    // eslint-disable-next-line no-control-regex -- control characters never belong in a file name
    .replace(/[\u0000-\u001f\u007f"]/g, "")
    .replace(/\s+/g, " ")
    .trim();
  const ext = EXTENSIONS[mime] ?? "";
  const stem = (base || "attachment").slice(0, 150 - ext.length);
  return stem.toLowerCase().endsWith(ext) ? stem : `${stem.replace(/\.[A-Za-z0-9]{1,5}$/, "")}${ext}`;
}

export interface AttachmentInfo {
  id: number;
  case_id: number;
  file_name: string;
  mime: string;
  size: number;
  sha256: string;
  description: string | null;
  created_at: Date;
  created_by: number | null;
}

const INFO = ["id", "case_id", "file_name", "mime", "size", "sha256", "description", "created_at", "created_by"] as const;

function info(
  row: Omit<AttachmentInfo, "id" | "case_id" | "created_by"> & { id: number; case_id: number; created_by: number | null },
): AttachmentInfo {
  return { ...row, id: Number(row.id), case_id: Number(row.case_id), created_by: row.created_by == null ? null : Number(row.created_by) };
}

/** The case's attachments, oldest first, for whoever may read the case; the listing is in the access log. */
export async function listAttachments(ctx: ServiceContext, caseId: number): Promise<AttachmentInfo[]> {
  const reader = await caseReader(ctx, caseId);
  const docket = await docketOf(ctx, caseId);
  const rows = await ctx.db
    .selectFrom("kp_case_attachments")
    .select(INFO)
    .where("case_id", "=", caseId)
    .where("deleted_at", "is", null)
    .orderBy("id")
    .execute();
  await logCaseRead(ctx, caseId, docket, reader, "its attachments");
  return rows.map(info);
}

/** One attachment's bytes, for whoever may read the case; the download is in the access log. */
export async function readAttachment(
  ctx: ServiceContext,
  caseId: number,
  attachmentId: number,
): Promise<AttachmentInfo & { content: Uint8Array }> {
  const reader = await caseReader(ctx, caseId);
  const docket = await docketOf(ctx, caseId);
  const row = await ctx.db
    .selectFrom("kp_case_attachments")
    .select([...INFO, "content"])
    .where("id", "=", attachmentId)
    .where("case_id", "=", caseId)
    .where("deleted_at", "is", null)
    .executeTakeFirst();
  if (!row) throw notFound("attachment");
  await logCaseRead(ctx, caseId, docket, reader, `attachment ${row.file_name}`);
  return { ...info(row), content: row.content };
}

function assertMayChange(ctx: ServiceContext): void {
  if (!can(ctx.user, "update-kp_case")) throw forbidden();
}

/** The case, locked for the change; a trashed one takes no attachment. */
async function lockCase(tx: ServiceContext, caseId: number): Promise<void> {
  const row = await tx.db
    .selectFrom("kp_cases")
    .select(["docket_number", "state", "deleted_at"])
    .where("id", "=", caseId)
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw notFound("KP case");
  if (row.deleted_at) throw new AppError(422, `Case ${row.docket_number} is in the trash; restore it first.`);
}

/**
 * Attaches a file to the case (update-kp_case), in any state: a closed case's papers are still
 * filed with it. Answers the attachment as listed.
 */
export async function attachFile(
  ctx: ServiceContext,
  caseId: number,
  upload: { bytes: Uint8Array; fileName?: string | null; description?: string | null },
): Promise<AttachmentInfo> {
  assertMayChange(ctx);
  const { bytes } = upload;
  if (bytes.byteLength === 0) throw ValidationError.field("file", "The file field is required.");
  if (bytes.byteLength > ATTACHMENT_MAX_BYTES) throw ValidationError.field("file", ATTACHMENT_TOO_LARGE);
  const mime = sniffAttachment(bytes);
  if (!mime) throw ValidationError.field("file", ATTACHMENT_WRONG_TYPE);
  const description = upload.description?.replace(/\s+/g, " ").trim() || null;
  if (description && description.length > 255)
    throw ValidationError.field("description", "The description must not be greater than 255 characters.");
  const values = {
    case_id: caseId,
    file_name: cleanFileName(upload.fileName, mime),
    mime,
    size: bytes.byteLength,
    sha256: createHash("sha256").update(bytes).digest("hex"),
    description,
  };
  return inTransaction(ctx, async (tx) => {
    await lockCase(tx, caseId);
    const actor = tx.user?.id ?? null;
    const inserted = await tx.db
      .insertInto("kp_case_attachments")
      .values({ ...values, content: bytes, created_by: actor, updated_by: actor })
      .returning(INFO)
      .executeTakeFirstOrThrow();
    // The record keeps what identifies the file, not its bytes.
    await recordRun(tx, { entity: "kp_case", command: "attach" }, caseId, null, async (recorder) => {
      await recorder.inserted(TARGET, [{ id: Number(inserted.id), after: values }]);
    });
    await audit(tx, { entity: "kp_case", entityId: caseId, action: "attach", after: { attachment_id: Number(inserted.id), ...values } });
    return info(inserted);
  });
}

/** Removes an attachment (update-kp_case): a recorded command with its reason; the row is kept, trashed. */
export async function removeAttachment(ctx: ServiceContext, caseId: number, attachmentId: number, reason: string | null): Promise<void> {
  assertMayChange(ctx);
  const why = reason?.replace(/\s+/g, " ").trim() ?? "";
  if (why.length < 3) throw ValidationError.field("reason", "The reason field is required.");
  await inTransaction(ctx, async (tx) => {
    await lockCase(tx, caseId);
    const row = await tx.db
      .selectFrom("kp_case_attachments")
      .select(["id", "file_name", "deleted_at"])
      .where("id", "=", attachmentId)
      .where("case_id", "=", caseId)
      .executeTakeFirst();
    if (!row || row.deleted_at) throw notFound("attachment");
    await recordRun(tx, { entity: "kp_case", command: "remove_attachment" }, caseId, why.slice(0, 500), (recorder) =>
      recorder.change(TARGET, attachmentId, { deleted_at: new Date(), deleted_by: tx.user?.id ?? null }),
    );
  });
}
