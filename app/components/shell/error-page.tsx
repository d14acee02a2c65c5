import { isRouteErrorResponse, Link, useRouteError } from "react-router";
import { useRootData } from "~/lib/root-data";
import { pageTitleOf } from "~/lib/titles";
import { cn } from "~/lib/utils";
import { m } from "@domain/i18n";

// Not-found and error pages (spec §2.2, §8): "Oh no! We couldn’t find the page you were looking
// for." for a 404, "An error occurred" otherwise; Go Back leads to /dashboard when signed in, else /.
// The words come from the shell catalogs in the reader's language; the constants below are the
// spec's English, as the e2e tests quote it.

export const NOT_FOUND_HEADING = m.shell_error_not_found_heading({}, { locale: "en" });
export const ERROR_HEADING = m.shell_error_heading({}, { locale: "en" });
export const NOT_FOUND_DETAIL = m.shell_error_not_found_detail({}, { locale: "en" });

export interface ErrorInfo {
  status: number;
  heading: string;
  detail: string;
}

/** An error the page knows by its status alone (the not-found route renders a 404 this way). */
export interface StatusError {
  status: number;
}

function isStatusError(error: unknown): error is StatusError {
  return typeof error === "object" && error !== null && !(error instanceof Error) && typeof (error as StatusError).status === "number";
}

/** The status, heading and detail line for whatever a route threw. */
export function describeError(error: unknown): ErrorInfo {
  let status = 500;
  let detail: string | null = null;
  if (isRouteErrorResponse(error)) {
    status = error.status;
    detail = typeof error.data === "string" ? error.data : ((error.data as { message?: string } | null)?.message ?? null);
  } else if (isStatusError(error)) {
    status = error.status;
  }
  if (status === 404) return { status, heading: m.shell_error_not_found_heading(), detail: m.shell_error_not_found_detail() };
  // Spec §8's one 403 text, the same for a page and an action, whatever the service said.
  if (status === 403) return { status, heading: m.shell_error_heading(), detail: m.shell_error_forbidden() };
  const fallback = status === 419 ? m.shell_error_session_expired() : m.shell_error_generic();
  // 403 answers carry the service's message; a 500's text stays on the server.
  const shown = status >= 500 && status !== 503 ? null : detail;
  return { status, heading: m.shell_error_heading(), detail: shown && shown !== "Not Found" ? shown : fallback };
}

export function ErrorPage({ error, loggedIn, inShell = false }: { error: unknown; loggedIn: boolean; inShell?: boolean }) {
  const { status, heading, detail } = describeError(error);
  const Root = inShell ? "div" : "main";
  return (
    <Root
      id={inShell ? undefined : "main-content"}
      data-testid="error-page"
      data-status={status}
      className={cn("flex flex-col items-center justify-center gap-4 p-6 text-center", inShell ? "min-h-[60vh]" : "min-h-svh")}
    >
      <title>{pageTitleOf(status === 404 ? m.shell_title_not_found() : status === 403 ? m.shell_title_forbidden() : m.shell_title_error())}</title>
      <p className="text-7xl font-bold tracking-tight text-primary-ink" aria-hidden="true">
        {status}
      </p>
      <h1 className="max-w-xl text-2xl font-semibold text-balance">{heading}</h1>
      <p className="max-w-md text-muted-foreground" data-testid="error-detail">
        {detail}
      </p>
      <Link
        to={loggedIn ? "/dashboard" : "/"}
        className="rounded-md bg-primary px-4 py-2 font-medium text-primary-foreground shadow-sm hover:bg-primary/90 focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:outline-none"
      >
        {m.shell_error_go_back()}
      </Link>
    </Root>
  );
}

/** The ErrorBoundary of every page inside the staff shell: the error page in place of the content. */
export function ShellErrorBoundary() {
  const error = useRouteError();
  const root = useRootData();
  return <ErrorPage error={error} loggedIn={!!root?.user} inShell />;
}
