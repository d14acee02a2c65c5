import type { Route } from "./+types/setup.identity";
import { IdentityScreen } from "~/features/setup/identity-page";
import { ShellErrorBoundary } from "~/components/shell/error-page";
import { m } from "@domain/i18n";
import { SETUP_PERMISSION } from "@domain/setup";
import { requirePermission } from "../../server/http/pages/guards.server.ts";
import { identityAction, identityLoader } from "../../server/features/setup/pages.server.ts";

// /manage/setup/identity (issue 33 item 3): the barangay picked from the PSGC list, and its
// address — the checklist's first two steps' writes, which no other screen does — and the
// barangay's language (issue 33 item 4).

export const middleware: Route.MiddlewareFunction[] = [requirePermission(SETUP_PERMISSION)];

export function loader(args: Route.LoaderArgs) {
  return identityLoader(args);
}

export function action(args: Route.ActionArgs) {
  return identityAction(args);
}

export function meta() {
  return [{ title: m.admin_identity_meta() }];
}

export default function SetupIdentityPage({ loaderData }: Route.ComponentProps) {
  return <IdentityScreen loaderData={loaderData} />;
}

export const ErrorBoundary = ShellErrorBoundary;
