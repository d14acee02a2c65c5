import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomUUID } from "node:crypto";
import type { Request, Router } from "express";
import type { DB } from "../../../db/index.ts";
import { handle, requireUser, serviceContext } from "../../http/rest/index.ts";
import { parseId } from "../../http/rest/params.ts";
import { AppError } from "../../errors.ts";
import { IMPORT_MAX_BYTES, refuse } from "./read-file.ts";
import {
  assertMayImport,
  commitImport,
  createPurok,
  decide,
  dryRun,
  importProgress,
  importRows,
  listImports,
  ROW_FILTERS,
  saveMapping,
  undoImport,
  uploadImport,
  type RowFilter,
} from "./service.ts";
import { errorReport } from "./error-report.ts";

// The resident import's calls under /backend/api/resident-imports (issue 33, decision 217). The
// upload is the file itself as the body (any content type; its name in ?name=), streamed to a
// temporary file and cut off past IMPORT_MAX_BYTES — never held whole in memory, never past the
// page actions' upload limit. The pages call the same services.

/** Streams the request body into a temporary file, refusing (422) a body over the limit. */
export async function bodyToTempFile(req: Request): Promise<string> {
  const declared = Number(req.headers["content-length"] ?? 0);
  if (declared > IMPORT_MAX_BYTES) {
    req.resume();
    throw refuse(`The file may not be greater than ${IMPORT_MAX_BYTES / 1024 / 1024} MB.`);
  }
  const file = path.join(os.tmpdir(), `resident-import-${randomUUID()}`);
  const out = fs.createWriteStream(file, { mode: 0o600 });
  let size = 0;
  try {
    await new Promise<void>((resolve, reject) => {
      req.on("data", (chunk: Buffer) => {
        size += chunk.length;
        if (size > IMPORT_MAX_BYTES) {
          req.unpipe(out);
          req.resume();
          reject(refuse(`The file may not be greater than ${IMPORT_MAX_BYTES / 1024 / 1024} MB.`));
        }
      });
      req.on("error", () => reject(new AppError(400, "The request body could not be read.")));
      out.on("error", reject);
      out.on("finish", () => resolve());
      req.pipe(out);
    });
  } catch (error) {
    out.destroy();
    await fs.promises.rm(file, { force: true });
    throw error;
  }
  if (size === 0) {
    await fs.promises.rm(file, { force: true });
    throw refuse("The file field is required.");
  }
  return file;
}

/** Reads an upload into a batch; the temporary file is removed whatever happens. */
export async function uploadFromRequest(req: Request, db?: DB): Promise<number> {
  requireUser(req);
  const ctx = serviceContext(req, db);
  // Permission first: nothing is read from someone who may not import.
  const file = await bodyToTempFile(req);
  try {
    return await uploadImport(ctx, { path: file, name: String(req.query.name ?? req.headers["x-file-name"] ?? "residents") });
  } finally {
    await fs.promises.rm(file, { force: true });
  }
}

export function registerResidentImportRoutes(router: Router, db: DB): void {
  const base = "/api/resident-imports";
  router.get(
    base,
    handle(async (req, res) => {
      res.json({ data: await listImports(serviceContext(req, db)) });
    }),
  );
  router.post(
    base,
    handle(async (req, res) => {
      const ctx = serviceContext(req, db);
      // Refused before the body is read when the user may not import.
      assertMayImport(ctx);
      const id = await uploadFromRequest(req, db);
      res.status(201).json({ data: await importProgress(ctx, id) });
    }),
  );
  router.get(
    `${base}/:id`,
    handle(async (req, res) => {
      res.json({ data: await importProgress(serviceContext(req, db), parseId(req.params.id)) });
    }),
  );
  router.get(
    `${base}/:id/rows`,
    handle(async (req, res) => {
      const filter = ROW_FILTERS.includes(req.query.filter as RowFilter) ? (req.query.filter as RowFilter) : "all";
      res.json(await importRows(serviceContext(req, db), parseId(req.params.id), { filter, page: Number(req.query.page ?? 1) || 1 }));
    }),
  );
  router.put(
    `${base}/:id/mapping`,
    handle(async (req, res) => {
      const id = parseId(req.params.id);
      await saveMapping(serviceContext(req, db), id, req.body);
      res.json({ data: await importProgress(serviceContext(req, db), id) });
    }),
  );
  router.post(
    `${base}/:id/dry-run`,
    handle(async (req, res) => {
      const id = parseId(req.params.id);
      await dryRun(serviceContext(req, db), id);
      res.json({ data: await importProgress(serviceContext(req, db), id) });
    }),
  );
  router.post(
    `${base}/:id/decisions`,
    handle(async (req, res) => {
      res.json({ updated: await decide(serviceContext(req, db), parseId(req.params.id), req.body) });
    }),
  );
  router.post(
    `${base}/:id/puroks`,
    handle(async (req, res) => {
      const id = parseId(req.params.id);
      await createPurok(serviceContext(req, db), id, (req.body as { name?: unknown } | undefined)?.name);
      res.json({ data: await importProgress(serviceContext(req, db), id) });
    }),
  );
  router.post(
    `${base}/:id/commit`,
    handle(async (req, res) => {
      const id = parseId(req.params.id);
      await commitImport(serviceContext(req, db), id);
      res.status(202).json({ data: await importProgress(serviceContext(req, db), id) });
    }),
  );
  router.post(
    `${base}/:id/undo`,
    handle(async (req, res) => {
      const id = parseId(req.params.id);
      await undoImport(serviceContext(req, db), id);
      res.status(202).json({ data: await importProgress(serviceContext(req, db), id) });
    }),
  );
  router.get(
    `${base}/:id/errors.xlsx`,
    handle(async (req, res) => {
      const report = await errorReport(serviceContext(req, db), parseId(req.params.id));
      res.setHeader("Content-Type", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
      res.setHeader("Content-Disposition", `attachment; filename="${report.fileName}"`);
      res.end(report.content);
    }),
  );
}
