import express, { type NextFunction, type Request, type Response, type Router } from "express";
import type { DB } from "../../../db/index.ts";
import { serviceFor } from "../../engine/services.ts";
import { ValidationError } from "../../errors.ts";
import { handle, requireUser, serviceContext } from "../../http/rest/index.ts";
import { parseId } from "../../http/rest/params.ts";
import {
  ATTACHMENT_MAX_BYTES,
  ATTACHMENT_TOO_LARGE,
  attachFile,
  listAttachments,
  readAttachment,
  removeAttachment,
} from "./attachments.ts";
import { pangkatCasesOf } from "./readers.ts";

// The KP case's REST extras beside its registry routes (decision 202), registered before them so
// that they see their paths first:
// - GET kp_case/{id}/hearings: the case's hearings with their minutes;
// - GET kp_case/{id}/attachment: its attachments; GET kp_case/{id}/attachment/{aid}: one file;
// - POST kp_case/{id}/attachment: a file (a multipart form's "file" and "description", or the raw
//   bytes with ?file_name=&description=); DELETE kp_case/{id}/attachment/{aid} {reason};
// - GET kp_pangkat/cases: the cases on whose Pangkat the signed-in user sits.
// Reads are for the KP permissions' holders and the case's Pangkat members, each in the access log.

type Next = NextFunction;

const rawBody = express.raw({ type: () => true, limit: ATTACHMENT_MAX_BYTES + 256 * 1024 });
function readFileBody(req: Request, res: Response, next: Next) {
  rawBody(req, res, (error?: unknown) => {
    if (error && (error as { type?: string }).type === "entity.too.large") return next(ValidationError.field("file", ATTACHMENT_TOO_LARGE));
    next(error);
  });
}

/** The uploaded file: a multipart form's "file" (its name and the form's description), or the raw body. */
async function upload(req: Request): Promise<{ bytes: Uint8Array; fileName: string | null; description: string | null }> {
  const body = req.body;
  if (!Buffer.isBuffer(body) || body.length === 0) throw ValidationError.field("file", "The file field is required.");
  const type = String(req.headers["content-type"] ?? "");
  const query = req.query as Record<string, unknown>;
  const text = (v: unknown) => (typeof v === "string" ? v : null);
  if (type.startsWith("multipart/form-data")) {
    const form = await new globalThis.Request("http://upload.local/", {
      method: "POST",
      headers: { "content-type": type },
      body: new Uint8Array(body),
    })
      .formData()
      .catch(() => null);
    const file = form?.get("file") ?? [...(form?.values() ?? [])].find((v) => typeof v !== "string");
    if (!file || typeof file === "string") throw ValidationError.field("file", "The file field is required.");
    if (file.size > ATTACHMENT_MAX_BYTES) throw ValidationError.field("file", ATTACHMENT_TOO_LARGE);
    return { bytes: new Uint8Array(await file.arrayBuffer()), fileName: file.name || null, description: text(form?.get("description")) };
  }
  return { bytes: new Uint8Array(body), fileName: text(query.file_name), description: text(query.description) };
}

/** A Content-Disposition that keeps any name safe: an ASCII fallback and the UTF-8 name. */
function disposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

export function registerKpRoutes(router: Router, db: DB): void {
  const ctxOf = (req: Request) => {
    requireUser(req);
    return serviceContext(req, db);
  };
  router.get(
    "/api/kp_case/:id/hearings",
    handle(async (req, res) => {
      res.json({ data: await serviceFor("kp_case").hearings(ctxOf(req), parseId(req.params.id)) });
    }),
  );
  router.get(
    "/api/kp_case/:id/attachment",
    handle(async (req, res) => {
      res.json({ data: await listAttachments(ctxOf(req), parseId(req.params.id)) });
    }),
  );
  router.get(
    "/api/kp_case/:id/attachment/:attachment",
    handle(async (req, res) => {
      const file = await readAttachment(ctxOf(req), parseId(req.params.id), parseId(req.params.attachment));
      res.setHeader("Content-Type", file.mime);
      res.setHeader("Content-Length", String(file.content.byteLength));
      res.setHeader("Content-Disposition", disposition(file.file_name));
      res.setHeader("X-Content-Type-Options", "nosniff");
      res.setHeader("Cache-Control", "private, no-store");
      res.end(Buffer.from(file.content));
    }),
  );
  router.post(
    "/api/kp_case/:id/attachment",
    readFileBody,
    handle(async (req, res) => {
      const ctx = ctxOf(req);
      const data = await attachFile(ctx, parseId(req.params.id), await upload(req));
      res.status(201).json({ data, message: `Successfully attached ${data.file_name}.` });
    }),
  );
  router.delete(
    "/api/kp_case/:id/attachment/:attachment",
    handle(async (req, res) => {
      const body = (req.body ?? {}) as { reason?: unknown };
      const reason = typeof body.reason === "string" ? body.reason : typeof req.query.reason === "string" ? req.query.reason : null;
      await removeAttachment(ctxOf(req), parseId(req.params.id), parseId(req.params.attachment), reason);
      res.json({ message: "Successfully removed the attachment." });
    }),
  );
  router.get(
    "/api/kp_pangkat/cases",
    handle(async (req, res) => {
      res.json({ data: await pangkatCasesOf(ctxOf(req)) });
    }),
  );
}
