import { data } from "react-router";
import type { Route } from "./+types/audit.breach";
import { BreachQuery } from "~/features/audit/breach-query";
import { ShellErrorBoundary } from "~/components/shell/error-page";
import { requirePermission } from "../../server/http/pages/guards.server.ts";
import { serviceContextOf } from "../../server/http/pages/page-kit.server.ts";
import { breachCsv, breachPage } from "../../server/features/audit/pages.server.ts";
import { m } from "@domain/i18n";

// /system/breach-query: who accessed which personal records between
// two dates — sign-ins, records opened, printed, exported and changed — as a summary by user and a
// timeline, with the whole range as CSV (`?export=csv`) for the report the NPC asks within 72 hours.

export const middleware: Route.MiddlewareFunction[] = [requirePermission("manage-access_log")];

export async function loader({ context, url }: Route.LoaderArgs) {
  const ctx = serviceContextOf(context);
  if (url.searchParams.get("export") === "csv") return breachCsv(ctx, url);
  return data(await breachPage(ctx, url));
}

export function meta() {
  return [{ title: m.admin_breach_meta() }];
}

export default function BreachQueryPage({ loaderData }: Route.ComponentProps) {
  return <BreachQuery page={loaderData as Exclude<typeof loaderData, Response>} />;
}

export const ErrorBoundary = ShellErrorBoundary;
