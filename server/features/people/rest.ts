import express, { type NextFunction, type Request, type Response, type Router } from "express";
import type { DB } from "../../../db/index.ts";
import * as messages from "../../../domain/registry/messages.ts";
import { PHOTO_MAX_BYTES } from "../../../domain/registry/people.ts";
import { ValidationError } from "../../errors.ts";
import { checkHousehold } from "./households.ts";
import { AreaAlreadyListed, checkDisasterProneArea } from "./disaster-prone-areas.ts";
import { isPlainSearch } from "./people-lists.ts";
import { searchResidents } from "./resident-search.ts";
import { PHOTO_NOT_IMAGE, PHOTO_TOO_LARGE, removeResidentPhoto, setResidentPhoto } from "./residents.ts";
import { handle, requireUser, serviceContext } from "../../http/rest/index.ts";
import { parseId } from "../../http/rest/params.ts";

// The REST extras of the people entries (spec §7.1, §7.3), registered before the generated routes
// of the registry so that they see their paths first:
// - GET resident?search=… answers the search results {data: [...]} (the top-bar box's call of
//   §7.1); with any list parameter (page, per_page, sort, order, status, filter[…]) the same path
//   is the paginated resident list of §7.2 (docs/decisions/042-resident-search.md);
// - POST household/check_household and disaster_prone_area/check_disaster_prone_area;
// - POST/DELETE resident/{id}/photo.

type Next = NextFunction;
const route = (fn: (req: Request, res: Response, next: Next) => Promise<unknown>) => (req: Request, res: Response, next: Next) => {
  fn(req, res, next).catch(next);
};

/** The body of a photo upload: the image bytes, or the "photo" file of a multipart form. */
const rawBody = express.raw({ type: () => true, limit: PHOTO_MAX_BYTES + 256 * 1024 });
function readPhotoBody(req: Request, res: Response, next: Next) {
  rawBody(req, res, (error?: unknown) => {
    if (error && (error as { type?: string }).type === "entity.too.large") return next(ValidationError.field("photo", PHOTO_TOO_LARGE));
    next(error);
  });
}

async function photoBytes(req: Request): Promise<Uint8Array> {
  const body = req.body;
  if (!Buffer.isBuffer(body) || body.length === 0) throw ValidationError.field("photo", "The photo field is required.");
  const type = String(req.headers["content-type"] ?? "");
  if (type.startsWith("multipart/form-data")) {
    const form = await new globalThis.Request("http://upload.local/", {
      method: "POST",
      headers: { "content-type": type },
      body: new Uint8Array(body),
    })
      .formData()
      .catch(() => null);
    const file = form?.get("photo") ?? [...(form?.values() ?? [])].find((v) => typeof v !== "string");
    if (!file || typeof file === "string") throw ValidationError.field("photo", "The photo field is required.");
    if (file.size > PHOTO_MAX_BYTES) throw ValidationError.field("photo", PHOTO_TOO_LARGE);
    return new Uint8Array(await file.arrayBuffer());
  }
  if (type.startsWith("application/json")) throw ValidationError.field("photo", PHOTO_NOT_IMAGE);
  return new Uint8Array(body);
}

export function registerPeopleRoutes(router: Router, db: DB): void {
  const ctxOf = (req: Request) => {
    requireUser(req);
    return serviceContext(req, db);
  };

  router.get(
    "/api/resident",
    route(async (req, res, next) => {
      const query = req.query as Record<string, unknown>;
      if (!isPlainSearch(query)) return next();
      const outcome = await searchResidents(ctxOf(req), String(query.search ?? ""));
      res.json({ data: outcome.data });
    }),
  );

  router.post(
    "/api/household/check_household",
    handle(async (req, res) => {
      res.json({ data: await checkHousehold(ctxOf(req), req.body), message: "Every person is free to join this household." });
    }),
  );

  router.post(
    "/api/disaster_prone_area/check_disaster_prone_area",
    handle(async (req, res) => {
      try {
        res.json({ data: await checkDisasterProneArea(ctxOf(req), req.body), message: "This purok is not listed yet." });
      } catch (error) {
        if (error instanceof AreaAlreadyListed) {
          // Answers with the existing one: the refusal carries the active entry.
          res.status(422).json({ message: error.message, errors: error.errors, data: error.existing });
          return;
        }
        throw error;
      }
    }),
  );

  router.post(
    "/api/resident/:id/photo",
    readPhotoBody,
    handle(async (req, res) => {
      const id = parseId(req.params.id);
      const data = await setResidentPhoto(ctxOf(req), id, await photoBytes(req));
      res.json({ data, message: messages.MSG_UPDATED });
    }),
  );
  router.delete(
    "/api/resident/:id/photo",
    handle(async (req, res) => {
      await removeResidentPhoto(ctxOf(req), parseId(req.params.id));
      res.json({ data: { image: "/default_avatar.png" }, message: messages.MSG_UPDATED });
    }),
  );
}
