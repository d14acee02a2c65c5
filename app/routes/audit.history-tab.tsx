import { data } from "react-router";
import type { Route } from "./+types/audit.history-tab";
import { ShellErrorBoundary } from "~/components/shell/error-page";
import { serviceContextOf } from "../../server/http/pages/page-kit.server.ts";
import { entityOfParams, historyPage } from "../../server/features/audit/pages.server.ts";
import { RecordHistoryView } from "~/features/audit/record-history";
import { m } from "@domain/i18n";

// The History tab of a record page: a child route `history` under any parent
// whose record parameter is `:<entry>_id` (/manage/residents/:resident_id/history).

export async function loader({ params, context, url }: Route.LoaderArgs) {
  const { entity, id } = entityOfParams(params);
  const { history } = await historyPage(serviceContextOf(context), entity, id, url);
  return data({ history });
}

export function meta() {
  return [{ title: m.admin_history_meta() }];
}

export default function HistoryTab({ loaderData }: Route.ComponentProps) {
  return <RecordHistoryView history={loaderData.history} />;
}

export const ErrorBoundary = ShellErrorBoundary;
