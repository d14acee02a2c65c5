import type { Route } from "./+types/privacy.retention";
import { RetentionScreen } from "~/features/privacy/retention-page";
import { ShellErrorBoundary } from "~/components/shell/error-page";
import { SYSTEM_ADMIN_PERMISSION } from "@domain/permissions";
import { requirePermission } from "../../server/http/pages/guards.server.ts";
import { retentionAction, retentionPage } from "../../server/features/privacy/retention-page.server.ts";
import { m } from "@domain/i18n";

/** What a refused save of the retention settings answers, for the page's screen. */
export type { RetentionActionData } from "../../server/features/privacy/retention-page.server.ts";

// /system/retention (decision 186): how long trashed personal records and the
// access log are kept, and the dry run — what tonight's run would anonymise, keep for the COA
// period, and delete — with the last runs. System administrators only.

export const middleware: Route.MiddlewareFunction[] = [requirePermission(SYSTEM_ADMIN_PERMISSION)];

export function loader(args: Route.LoaderArgs) {
  return retentionPage(args);
}

export function action(args: Route.ActionArgs) {
  return retentionAction(args);
}

export function meta() {
  return [{ title: m.admin_retention_meta() }];
}

export default function RetentionPage(props: Route.ComponentProps) {
  return <RetentionScreen loaderData={props.loaderData} actionData={props.actionData} />;
}

export const ErrorBoundary = ShellErrorBoundary;
