import express, { type NextFunction, type Request, type Response, type Router } from "express";
import type { DB } from "../../../db/index.ts";
import { MSG_UPDATED } from "../../../domain/registry/messages.ts";
import { AppError, ValidationError } from "../../errors.ts";
import { handle, requireUser, serviceContext } from "../../http/rest/index.ts";
import {
  assertMayChangeImages,
  barangayImages,
  IMAGE_LABELS,
  IMAGE_MAX_BYTES,
  imageNotImage,
  imageTooLarge,
  isBarangayImageKind,
  removeBarangayImage,
  setBarangayImage,
  type BarangayImageKind,
} from "./service.ts";

// The seal and the logo over REST, beside the officials' registry routes:
// - GET barangay_image: {data: {seal, logo}}, their addresses (null where none);
// - POST barangay_image/{seal|logo}: the image bytes, or a multipart form's file;
// - DELETE barangay_image/{seal|logo}.

type Next = NextFunction;

function kindOf(req: Request): BarangayImageKind {
  const kind = req.params.kind;
  if (!isBarangayImageKind(kind)) throw new AppError(404, "The image could not be found.");
  return kind;
}

const rawBody = express.raw({ type: () => true, limit: IMAGE_MAX_BYTES + 256 * 1024 });
function readImageBody(req: Request, res: Response, next: Next) {
  rawBody(req, res, (error?: unknown) => {
    const kind = req.params.kind;
    if (error && (error as { type?: string }).type === "entity.too.large" && isBarangayImageKind(kind))
      return next(ValidationError.field(kind, imageTooLarge(kind)));
    next(error);
  });
}

async function imageBytes(req: Request, kind: BarangayImageKind): Promise<Uint8Array> {
  const body = req.body;
  const required = () => ValidationError.field(kind, `The ${IMAGE_LABELS[kind]} field is required.`);
  if (!Buffer.isBuffer(body) || body.length === 0) throw required();
  const type = String(req.headers["content-type"] ?? "");
  if (type.startsWith("multipart/form-data")) {
    const form = await new globalThis.Request("http://upload.local/", {
      method: "POST",
      headers: { "content-type": type },
      body: new Uint8Array(body),
    })
      .formData()
      .catch(() => null);
    const file = form?.get(kind) ?? form?.get("image") ?? [...(form?.values() ?? [])].find((v) => typeof v !== "string");
    if (!file || typeof file === "string") throw required();
    if (file.size > IMAGE_MAX_BYTES) throw ValidationError.field(kind, imageTooLarge(kind));
    return new Uint8Array(await file.arrayBuffer());
  }
  if (type.startsWith("application/json")) throw ValidationError.field(kind, imageNotImage(kind));
  return new Uint8Array(body);
}

export function registerOfficialRoutes(router: Router, db: DB): void {
  const ctxOf = (req: Request) => {
    requireUser(req);
    return serviceContext(req, db);
  };
  router.get(
    "/api/barangay_image",
    handle(async (req, res) => {
      res.json({ data: await barangayImages(ctxOf(req)) });
    }),
  );
  router.post(
    "/api/barangay_image/:kind",
    readImageBody,
    handle(async (req, res) => {
      const kind = kindOf(req);
      const ctx = ctxOf(req);
      assertMayChangeImages(ctx);
      res.json({ data: await setBarangayImage(ctx, kind, await imageBytes(req, kind)), message: MSG_UPDATED });
    }),
  );
  router.delete(
    "/api/barangay_image/:kind",
    handle(async (req, res) => {
      await removeBarangayImage(ctxOf(req), kindOf(req));
      res.json({ data: { image: null }, message: MSG_UPDATED });
    }),
  );
}
