import type { Route } from "./+types/reports.export";
import { REPORT_PERMISSION } from "@domain/reports/registry";
import { requirePermission } from "../../server/http/pages/guards.server.ts";
import { reportDownload } from "../../server/features/reports/pages.server.ts";

// /manage/reports/{report}/export?format=xlsx|csv&section=&filter[...] (DESIGN §12): every matching
// row, streamed; the same file as REST's /backend/api/reports/{report}/export.{format}.

export const middleware: Route.MiddlewareFunction[] = [requirePermission(REPORT_PERMISSION)];

export function loader(args: Route.LoaderArgs) {
  return reportDownload(args, args.params.report);
}
