import type { Route } from "./+types/reports.print";
import { ReportSheet } from "~/features/reports/report-print";
import { ShellErrorBoundary } from "~/components/shell/error-page";
import { findReport } from "@domain/reports/registry";
import { toManilaDateString } from "@domain/dates";
import { reportHeading } from "@domain/reports/types";
import { reportPrint, requireReportPermission } from "../../server/features/reports/pages.server.ts";
import { printedOfficials } from "../../server/features/officials/pages.server.ts";
import { serviceContextOf } from "../../server/http/pages/page-kit.server.ts";

// /manage/reports/{report}/print?size=a4|letter|long&orientation=portrait|landscape&section=listing
// (DESIGN §12): the report on paper — A4, Letter or 8.5×13 in long bond, portrait or landscape, by
// @page rules; charts drawn on the server at a fixed size, so printing needs no JavaScript.
// ?print=now opens the print dialog at once.

export const middleware: Route.MiddlewareFunction[] = [requireReportPermission];

export function meta({ loaderData }: Route.MetaArgs) {
  const def = findReport(loaderData?.name);
  return [{ title: `${def ? reportHeading(def) : "Report"} | Portal` }];
}

export async function loader(args: Route.LoaderArgs) {
  const report = await reportPrint(args, args.params.report);
  // "Noted by" names the Punong Barangay in office on the day the report is printed (its "as of").
  return { ...report, ...(await printedOfficials(serviceContextOf(args.context), toManilaDateString(report.printedAt))) };
}

export default function ReportPrint(props: Route.ComponentProps) {
  return <ReportSheet loaderData={props.loaderData} report={props.params.report} />;
}

export const ErrorBoundary = ShellErrorBoundary;
