import type { Route } from "./+types/setup";
import { SetupScreen } from "~/features/setup/checklist";
import { ShellErrorBoundary } from "~/components/shell/error-page";
import { SETUP_PERMISSION } from "@domain/setup";
import { requirePermission } from "../../server/http/pages/guards.server.ts";
import { setupAction, setupLoader } from "../../server/features/setup/pages.server.ts";
import { m } from "@domain/i18n";

// /manage/setup (issue 33 item 3, decision 218): the administrator's first-run checklist — each
// step done or not as the records say, with the screen that does it. Reachable once every step is
// done, though the dashboard no longer shows its card.

export const middleware: Route.MiddlewareFunction[] = [requirePermission(SETUP_PERMISSION)];

export function loader(args: Route.LoaderArgs) {
  return setupLoader(args);
}

export function action(args: Route.ActionArgs) {
  return setupAction(args);
}

export function meta() {
  return [{ title: m.admin_setup_meta() }];
}

export default function SetupPage({ loaderData }: Route.ComponentProps) {
  return <SetupScreen checklist={loaderData.checklist} flash={loaderData.flash} />;
}

export const ErrorBoundary = ShellErrorBoundary;
