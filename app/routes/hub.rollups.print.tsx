import type { Route } from "./+types/hub.rollups.print";
import { RollupSheet } from "~/features/rollups/rollup-print";
import { ShellErrorBoundary } from "~/components/shell/error-page";
import { findRollup } from "@domain/rollups";
import { requireRollups, rollupPrint } from "../../server/features/rollups/pages.server.ts";
import { hubTitleOf } from "~/lib/titles";
import { m } from "@domain/i18n";

// /hub/rollups/{rollup}/print?size=a4|letter|long&orientation=portrait|landscape&<period> (issue 29
// item 4): the roll-up on paper, as the reports print; ?print=now opens the print dialog at once.

export const middleware: Route.MiddlewareFunction[] = [requireRollups];

export function loader(args: Route.LoaderArgs) {
  return rollupPrint(args, args.params.rollup);
}

export function meta({ loaderData }: Route.MetaArgs) {
  const def = findRollup(loaderData?.result.name);
  return [{ title: hubTitleOf(def ? def.title : m.people_hub_rollups()) }];
}

export default function RollupPrint(props: Route.ComponentProps) {
  return <RollupSheet loaderData={props.loaderData} />;
}

export const ErrorBoundary = ShellErrorBoundary;
