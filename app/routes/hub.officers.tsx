import type { Route } from "./+types/hub.officers";
import { OfficersScreen } from "~/features/hub/officers-page";
import { ShellErrorBoundary } from "~/components/shell/error-page";
import { officersAction, officersLoader, requireHubAdministrator } from "../../server/features/hub/pages.server.ts";
import { hubTitleOf } from "~/lib/titles";
import { m } from "@domain/i18n";

// /hub/officers (issue 29): the municipal officers, and a new one.

export const middleware: Route.MiddlewareFunction[] = [requireHubAdministrator()];

export function loader(args: Route.LoaderArgs) {
  return officersLoader(args);
}

export function action(args: Route.ActionArgs) {
  return officersAction(args);
}

export function meta() {
  return [{ title: hubTitleOf(m.people_hub_officers()) }];
}

export default function HubOfficersPage(props: Route.ComponentProps) {
  return <OfficersScreen loaderData={props.loaderData} />;
}

export const ErrorBoundary = ShellErrorBoundary;
