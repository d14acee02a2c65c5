import type { Route } from "./+types/hub.rollups";
import { RollupsIndexScreen } from "~/features/rollups/rollup-screens";
import { ShellErrorBoundary } from "~/components/shell/error-page";
import { requireRollups, rollupsIndex } from "../../server/features/rollups/pages.server.ts";
import { hubTitleOf } from "~/lib/titles";
import { m } from "@domain/i18n";

// /hub/rollups (issue 29 item 4): a municipal officer's roll-ups of the barangays of their city or
// municipality, each with its period. 403 for anyone without view-rollups.

export const middleware: Route.MiddlewareFunction[] = [requireRollups];

export function loader(args: Route.LoaderArgs) {
  return rollupsIndex(args);
}

export function meta() {
  return [{ title: hubTitleOf(m.people_hub_rollups()) }];
}

export default function RollupsIndex(props: Route.ComponentProps) {
  return <RollupsIndexScreen loaderData={props.loaderData} />;
}

export const ErrorBoundary = ShellErrorBoundary;
