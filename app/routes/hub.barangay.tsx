import type { Route } from "./+types/hub.barangay";
import { BarangayScreen } from "~/features/hub/barangay-page";
import { ShellErrorBoundary } from "~/components/shell/error-page";
import { barangayAction, barangayLoader, requireHubAdministrator } from "../../server/features/hub/pages.server.ts";
import { hubTitleOf } from "~/lib/titles";

// /hub/barangays/:barangay_id (issue 29): one barangay — its place, suspend or reactivate, its first administrator.

export const middleware: Route.MiddlewareFunction[] = [requireHubAdministrator()];

export function loader(args: Route.LoaderArgs) {
  return barangayLoader(args);
}

export function action(args: Route.ActionArgs) {
  return barangayAction(args);
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: hubTitleOf(loaderData?.barangay.name ?? "Barangay") }];
}

export default function HubBarangayPage(props: Route.ComponentProps) {
  return <BarangayScreen loaderData={props.loaderData} />;
}

export const ErrorBoundary = ShellErrorBoundary;
