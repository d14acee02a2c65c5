import type { Route } from "./+types/remittances";
import { RemittancesScreen } from "~/features/collections/remittances-page";
import { ShellErrorBoundary } from "~/components/shell/error-page";
import { pageTitle } from "~/lib/titles";
import { rethrowForPage, serviceContextOf } from "../../server/http/pages/page-kit.server.ts";
import { collectorOptions, parseDayQuery, remittanceDays } from "../../server/features/collections/pages.server.ts";

// /manage/remittances (spec §2.1, §2.4, §7.3): one row per collector and day —
// date, receipts issued (cancelled included), amount collected, Pending or Remitted — read-only,
// each opening its `search` child with the day's receipts and the remit form.

export async function loader(args: Route.LoaderArgs) {
  const url = new URL(args.request.url);
  const ctx = serviceContextOf(args.context);
  const query = parseDayQuery(Object.fromEntries(url.searchParams));
  const page = await remittanceDays(ctx, query, url.pathname).catch((e) => rethrowForPage(e, null));
  return { page, query, collectors: await collectorOptions(ctx) };
}

export function meta() {
  return [{ title: pageTitle("manage-remittances") }];
}

export default function Remittances(props: Route.ComponentProps) {
  return <RemittancesScreen loaderData={props.loaderData} />;
}

export const ErrorBoundary = ShellErrorBoundary;
