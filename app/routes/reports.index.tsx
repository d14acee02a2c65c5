import { ArrowRight, ChartColumn, Clock } from "lucide-react";
import { Link } from "react-router";
import type { Route } from "./+types/reports.index";
import { ShellErrorBoundary } from "~/components/shell/error-page";
import { Badge } from "~/components/ui/badge";
import { titleMeta } from "~/lib/titles";
import { reportAnswers, reportTitle } from "~/features/reports/report-words";
import { reportsHub, requireSomeReport } from "../../server/features/reports/pages.server.ts";
import { m } from "@domain/i18n";

// /manage/reports (spec §2.1, §2.3: manage-report): the reports the user may open, with the
// question each answers — the seven of the spec, and the KP books to the holders of the KP
// permission (decision 204); a report whose register has not landed yet says which issue brings it.

export const middleware: Route.MiddlewareFunction[] = [requireSomeReport];
export const meta = () => titleMeta("reports");

export function loader(args: Route.LoaderArgs) {
  return reportsHub(args);
}

export default function ReportsHub({ loaderData }: Route.ComponentProps) {
  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-col gap-1">
        <h1 className="text-2xl font-semibold tracking-tight">{m.people_reports_title()}</h1>
        <p className="text-sm text-muted-foreground">
          {m.people_reports_description()}
        </p>
      </div>
      <ul className="grid gap-3 md:grid-cols-2 xl:grid-cols-3" data-testid="reports-hub">
        {loaderData.reports.map((report) => (
          <li key={report.name}>
            <Link
              to={`/manage/reports/${report.name}`}
              className="group flex h-full items-start gap-4 rounded-xl border bg-card p-4 shadow-sm transition-colors hover:border-primary hover:bg-accent/40 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
              data-report-link={report.name}
            >
              <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-primary/15 text-primary-ink dark:bg-primary/10">
                {report.built ? <ChartColumn className="size-5" aria-hidden="true" /> : <Clock className="size-5" aria-hidden="true" />}
              </span>
              <span className="flex min-w-0 flex-1 flex-col gap-1">
                <span className="flex flex-wrap items-center gap-2 font-medium">
                  {reportTitle(report)}
                  {report.arrivesWith ? (
                    <Badge variant="secondary" className="text-[0.7rem]">
                      {m.people_reports_arrives({ issue: report.arrivesWith.issue })}
                    </Badge>
                  ) : null}
                </span>
                <span className="text-sm text-muted-foreground">{reportAnswers(report)}</span>
              </span>
              <ArrowRight
                className="mt-1 size-4 shrink-0 text-muted-foreground transition-transform group-hover:translate-x-0.5"
                aria-hidden="true"
              />
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

export const ErrorBoundary = ShellErrorBoundary;
