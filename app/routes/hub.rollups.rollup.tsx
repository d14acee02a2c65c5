import type { Route } from "./+types/hub.rollups.rollup";
import { RollupScreen } from "~/features/rollups/rollup-screens";
import { ShellErrorBoundary } from "~/components/shell/error-page";
import { findRollup } from "@domain/rollups";
import { requireRollups, rollupPage } from "../../server/features/rollups/pages.server.ts";
import { m } from "@domain/i18n";
import { hubTitleOf } from "~/lib/titles";

// /hub/rollups/{rollup}?year=&quarter= | ?from=&to= (issue 29 item 4): one roll-up of the
// municipality's barangays for the period in the address, with print and XLSX.

// Roll-ups are wide tables: the page takes the whole window (app-shell.tsx).
export const handle = { fullWidth: true };

export const middleware: Route.MiddlewareFunction[] = [requireRollups];

export function loader(args: Route.LoaderArgs) {
  return rollupPage(args, args.params.rollup);
}

export function meta({ loaderData }: Route.MetaArgs) {
  const def = findRollup(loaderData?.result.name);
  // The roll-up's own title as its heading shows it; without one, the roll-ups' page's.
  return [{ title: hubTitleOf(def ? def.title : m.people_hub_rollups()) }];
}

export default function Rollup(props: Route.ComponentProps) {
  return <RollupScreen loaderData={props.loaderData} />;
}

export const ErrorBoundary = ShellErrorBoundary;
