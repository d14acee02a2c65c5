import { data, Link } from "react-router";
import type { Route } from "./+types/audit.history";
import { ShellErrorBoundary } from "~/components/shell/error-page";
import { serviceContextOf } from "../../server/http/pages/page-kit.server.ts";
import { historyPage, recordIdOf } from "../../server/features/audit/pages.server.ts";
import { RecordHistoryView } from "~/features/audit/record-history";
import { m } from "@domain/i18n";

// /history/{entry}/{id}: the History of any registry record, for the records
// without a page of their own (households, businesses, vouchers, cheques…); the list's row menu
// links here. Record pages with tabs show the same view as their History tab.

export async function loader({ params, context, url }: Route.LoaderArgs) {
  return data(await historyPage(serviceContextOf(context), String(params.resource), recordIdOf(params.id), url));
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData ? m.admin_history_of_meta({ name: loaderData.name }) : m.admin_history_meta() }];
}

export default function HistoryRoute({ loaderData }: Route.ComponentProps) {
  const { history, name, title, listPath } = loaderData;
  const number = ` / #${history.id}`;
  return (
    <div className="flex flex-col gap-4" data-testid="history-page">
      <div className="flex min-w-0 flex-col gap-1">
        <p className="text-sm text-muted-foreground">
          <Link to={listPath} className="underline-offset-2 hover:underline">
            {title}
          </Link>
          {number}
        </p>
        <h1 className="text-2xl font-semibold tracking-tight break-words">{m.admin_history_of({ name })}</h1>
        <p className="text-sm text-muted-foreground">{m.admin_history_intro()}</p>
      </div>
      <RecordHistoryView history={history} />
    </div>
  );
}

export const ErrorBoundary = ShellErrorBoundary;
