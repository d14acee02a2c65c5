import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { Request, Response, Router } from "express";
import type { DB } from "../../../db/index.ts";
import { AppError } from "../../errors.ts";
import { handle, requireUser, serviceContext } from "../../http/rest/index.ts";
import { exportHeaders, exportReport } from "./export.ts";
import { reportsFor, runReport } from "./index.ts";

// REST of the reports, the same filter keys as the pages' addresses:
// - GET /api/reports                         the reports the user may open {data: [...]};
// - GET /api/reports/{name}?filter[...]&page  {data: ReportResult} (cards, sections with totals,
//                                             one page of the listing; per_page up to 500);
// - GET /api/reports/{name}/export.csv|xlsx   every matching row (csv: `section=`), streamed.

function queryParams(req: Request): URLSearchParams {
  const url = new URL(req.originalUrl, "http://local");
  return url.searchParams;
}

export function registerReportRoutes(router: Router, db: DB): void {
  const ctxOf = (req: Request) => {
    requireUser(req);
    return serviceContext(req, db);
  };
  router.get(
    "/api/reports",
    handle(async (req: Request, res: Response) => {
      const ctx = ctxOf(req);
      res.json({
        data: reportsFor(ctx).map(({ def, built }) => ({
          name: def.name,
          title: def.title,
          answers: def.answers,
          built,
          arrives_with: def.arrivesWith?.issue ?? null,
          path: `/manage/reports/${def.name}`,
        })),
      });
    }),
  );
  router.get(
    "/api/reports/:name/export.:format",
    handle(async (req: Request, res: Response) => {
      const ctx = ctxOf(req);
      const format = String(req.params.format);
      if (format !== "csv" && format !== "xlsx") throw new AppError(404, "Not Found");
      const file = await exportReport(ctx, String(req.params.name), queryParams(req), format);
      res.set(exportHeaders(file));
      // A failure after the first bytes can only cut the download short.
      await pipeline(Readable.fromWeb(file.body as import("node:stream/web").ReadableStream), res).catch(() => res.destroy());
    }),
  );
  router.get(
    "/api/reports/:name",
    handle(async (req: Request, res: Response) => {
      const ctx = ctxOf(req);
      const params = queryParams(req);
      res.json({ data: await runReport(ctx, String(req.params.name), params, { perPage: params.get("per_page") }) });
    }),
  );
}
