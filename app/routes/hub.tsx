import type { Route } from "./+types/hub";
import { BarangaysScreen } from "~/features/hub/barangays-page";
import { ShellErrorBoundary } from "~/components/shell/error-page";
import { barangaysAction, barangaysLoader, requireHubAdministrator } from "../../server/features/hub/pages.server.ts";
import { m } from "@domain/i18n";
import { hubTitleOf } from "~/lib/titles";

// /hub (issue 29): the hub's barangays and a new one from the PSGC list. The hub administrator's
// page; a municipal officer's home is the roll-ups.

export const middleware: Route.MiddlewareFunction[] = [requireHubAdministrator({ officersToRollups: true })];

export function loader(args: Route.LoaderArgs) {
  return barangaysLoader(args);
}

export function action(args: Route.ActionArgs) {
  return barangaysAction(args);
}

export function meta() {
  return [{ title: hubTitleOf(m.people_hub_barangays()) }];
}

export default function HubPage(props: Route.ComponentProps) {
  return <BarangaysScreen loaderData={props.loaderData} />;
}

export const ErrorBoundary = ShellErrorBoundary;
