import type { Route } from "./+types/reports.export";
import { reportDownload, requireReportPermission } from "../../server/features/reports/pages.server.ts";

// /manage/reports/{report}/export?format=xlsx|csv&section=&filter[...] (DESIGN §12): every matching
// row, streamed; the same file as REST's /backend/api/reports/{report}/export.{format}.

export const middleware: Route.MiddlewareFunction[] = [requireReportPermission];

export function loader(args: Route.LoaderArgs) {
  return reportDownload(args, args.params.report);
}
