import { Clock } from "lucide-react";
import { Link } from "react-router";
import type { Route } from "./+types/reports.report";
import { ShellErrorBoundary } from "~/components/shell/error-page";
import { buttonVariants } from "~/components/ui/button";
import { findReport } from "@domain/reports/registry";
import { ReportHeading, ReportPage } from "~/features/reports/report-page";
import { reportTitle } from "~/features/reports/report-words";
import { reportPage, requireReportPermission } from "../../server/features/reports/pages.server.ts";
import { m } from "@domain/i18n";

// /manage/reports/{report} (spec §2.1's seven children): one page for every report of
// domain/reports/registry.ts; the filters live in the address.

// Reports are wide tables: the page takes the whole window (app-shell.tsx).
export const handle = { fullWidth: true };

export const middleware: Route.MiddlewareFunction[] = [requireReportPermission];

export function meta({ loaderData }: Route.MetaArgs) {
  const def = findReport(loaderData?.name);
  return [{ title: `${def ? reportTitle(def) : m.people_reports_title()} | Portal` }];
}

export function loader(args: Route.LoaderArgs) {
  return reportPage(args, args.params.report);
}

export default function ReportRoute({ loaderData }: Route.ComponentProps) {
  const def = findReport(loaderData.name)!;
  if (loaderData.pending || !loaderData.result) {
    const pending = loaderData.pending;
    return (
      <div className="flex flex-col gap-5">
        <ReportHeading def={def} />
        <div className="flex flex-col items-start gap-3 rounded-xl border border-dashed bg-card p-6" data-testid="report-pending">
          <Clock className="size-6 text-primary-ink" aria-hidden="true" />
          <p className="font-medium">
            {m.people_reports_pending({ issue: String(pending?.issue ?? ""), what: String(pending?.what ?? "") })}
          </p>
          <p className="text-sm text-muted-foreground">
            {m.people_reports_pending_hint()}
          </p>
          <Link to="/manage/reports" className={buttonVariants({ variant: "outline", size: "sm" })}>
            {m.people_reports_all()}
          </Link>
        </div>
      </div>
    );
  }
  return <ReportPage def={def} result={loaderData.result} options={loaderData.options} />;
}

export const ErrorBoundary = ShellErrorBoundary;
